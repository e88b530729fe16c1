//===- BodyWriter.h - The one walk that writes a body's fields --*- C++ -*-===//
//
// A function body is written field by field in two places: packed for the
// link (PackedBody.cpp) and hashed for the summary cache (FunctionDigest.cpp).
// They differ in how a byte, a symbol and a location are written, and in
// when an instruction's value and call are; the order of the fields, which
// must cover every one of them, is here once.
//
// Derived provides u8(uint8_t), sym(Symbol), loc(const Loc &) and
// instr(const Instr &) (which calls writeInstr with its own flags).
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_IR_BODYWRITER_H
#define RACER_SUMMARIZE_IR_BODYWRITER_H

#include "summarize/ir/IR.h"

#include <cstdint>
#include <vector>

namespace racer::ir {

template <class Derived> class BodyWriter {
public:
  void var(uint64_t V) {
    while (V >= 0x80) {
      self().u8(uint8_t(V) | 0x80);
      V >>= 7;
    }
    self().u8(uint8_t(V));
  }
  void svar(int64_t V) { var((uint64_t(V) << 1) ^ uint64_t(V >> 63)); }

  void path(const AccessPath &P) {
    self().u8(uint8_t(P.Root));
    var(P.Index);
    self().sym(P.Symbol);
    self().sym(P.Spelling);
    var(P.Steps.size());
    for (const PathStep &S : P.Steps) {
      self().u8(uint8_t(S.kind()));
      self().sym(S.name());
    }
  }
  void operand(const Operand &O) {
    self().u8(uint8_t(O.K));
    path(O.Path);
  }
  void operands(const std::vector<Operand> &V) {
    var(V.size());
    for (const Operand &O : V)
      operand(O);
  }
  void effects(const std::vector<DeclaredLockEffect> &V) {
    var(V.size());
    for (const DeclaredLockEffect &E : V) {
      self().u8(uint8_t(E.K));
      path(E.Lock);
    }
  }
  void call(const CallInfo &C) {
    self().sym(C.Callee);
    self().sym(C.CalleeName);
    operands(C.Args);
    var(C.ArgTypes.size());
    for (Symbol T : C.ArgTypes)
      self().sym(T);
    svar(C.ResultLocal);
    svar(C.ScalarResult);
    self().u8(uint8_t(C.IsConstructor) | uint8_t(C.IsDestructor) << 1 |
              uint8_t(C.MakesClosure) << 2 | uint8_t(C.UnderModeTest) << 3 |
              uint8_t(C.RunsTask) << 4);
    effects(C.DeclaredEffects);
    var(C.Callables.size());
    for (const CallableArg &A : C.Callables) {
      var(A.Arg);
      self().sym(A.Callee);
      self().sym(A.CalleeName);
      self().u8(A.HasReceiver);
      operand(A.Receiver);
      var(A.NumParams);
      operands(A.Captures);
      operands(A.DecayedArgs);
      operand(A.SerialFlag);
    }
    self().sym(C.ElementType);
    self().sym(C.LoopRange);
    var(C.DistinctArgs);
    var(C.WritableArgs);
    var(C.WalkedArgs);
    var(C.ScalarArgs.size());
    for (const ScalarArg &A : C.ScalarArgs) {
      var(A.Arg);
      self().u8(A.IsFormal);
      svar(A.Value);
    }
  }
  /// An instruction, with its value and call if \p Value and \p Call.
  void writeInstr(const Instr &I, bool Value, bool Call) {
    self().u8(uint8_t(I.Kind));
    self().u8(uint8_t(I.Atomic) | uint8_t(Value) << 1 | uint8_t(Call) << 2);
    var(I.Dest);
    self().loc(I.Location);
    path(I.Path);
    if (Value)
      operand(I.value());
    if (Call)
      call(I.call());
  }
  void block(const Block &B) {
    var(B.Instrs.size());
    for (const Instr &I : B.Instrs)
      self().instr(I);
    var(B.Succs.size());
    for (uint32_t S : B.Succs)
      var(S);
    svar(B.CondCall);
    self().u8(uint8_t(B.CondNegated) | uint8_t(B.NoReturn) << 1);
    svar(B.CondLocal);
    svar(B.CondFormal);
    var(B.EdgeTests.size());
    for (const FormalTest &T : B.EdgeTests) {
      self().u8(uint8_t(T.K));
      var(T.Values.size());
      for (int64_t V : T.Values)
        svar(V);
    }
  }

private:
  Derived &self() { return static_cast<Derived &>(*this); }
};

} // namespace racer::ir

#endif
