//===- IRTestBuilder.h - Hand-built IR for analysis unit tests -*- C++ -*-===//
//
// Why: domain and transfer tests must not need Clang (IKOS's muzq idea). This
// builds ir::Functions the way the frontend lowers C++:
//
//   FunctionBuilder F("Counter::inc", "Counter");
//   F.lockGuard(/*Local=*/0, F.thisField("mu_"));
//   F.read(F.thisField("n_")); F.write(F.thisField("n_"));
//   F.guardDtor(0);
//===----------------------------------------------------------------------===//
#ifndef RACER_TEST_UNIT_IRTESTBUILDER_H
#define RACER_TEST_UNIT_IRTESTBUILDER_H

#include "summarize/ir/IR.h"

#include <string>
#include <vector>

namespace racer::test {

class FunctionBuilder {
public:
  explicit FunctionBuilder(std::string Name, std::string Class = "",
                           ir::FunctionKind Kind = ir::FunctionKind::Method,
                           ir::AccessSpec Access = ir::AccessSpec::Public) {
    F.Name = Name;
    F.Symbol = "c:@" + Name;
    F.Class = Class;
    F.Kind = Kind;
    F.Access = Class.empty() ? ir::AccessSpec::None : Access;
    if (Kind != ir::FunctionKind::Free && Kind != ir::FunctionKind::StaticMethod)
      F.Formals.push_back("this");
    F.Blocks.emplace_back();
  }

  FunctionBuilder &formal(std::string Name) {
    F.Formals.push_back(std::move(Name));
    return *this;
  }
  uint32_t local(std::string Name) {
    F.Locals.push_back(std::move(Name));
    return static_cast<uint32_t>(F.Locals.size() - 1);
  }

  /// `this->Name` (Formal(0) Deref Field(Class::Name)).
  ir::AccessPath thisField(const std::string &Name) const {
    return ir::AccessPath::formal(0, "this").deref().field(F.Class + "::" +
                                                           Name);
  }
  ir::AccessPath thisObject() const {
    return ir::AccessPath::formal(0, "this").deref();
  }
  static ir::AccessPath global(const std::string &Name) {
    return ir::AccessPath::global("c:@" + Name, Name);
  }
  ir::AccessPath localVar(uint32_t Id) const {
    return ir::AccessPath::local(Id, F.Locals[Id]);
  }

  FunctionBuilder &read(ir::AccessPath P, unsigned Line = 1) {
    return add(access(ir::InstrKind::Read, std::move(P), Line));
  }
  FunctionBuilder &write(ir::AccessPath P, unsigned Line = 1) {
    return add(access(ir::InstrKind::Write, std::move(P), Line));
  }
  FunctionBuilder &bind(uint32_t Local, ir::Operand V, unsigned Line = 1) {
    ir::Instr I;
    I.Kind = ir::InstrKind::Bind;
    I.Dest = Local;
    I.value() = std::move(V);
    I.Location = {0, Line, 1};
    return add(std::move(I));
  }
  FunctionBuilder &ret(ir::Operand V, unsigned Line = 1) {
    ir::Instr I;
    I.Kind = ir::InstrKind::Return;
    I.value() = std::move(V);
    I.Location = {0, Line, 1};
    return add(std::move(I));
  }
  FunctionBuilder &call(std::string CalleeName, std::vector<ir::Operand> Args,
                        unsigned Line = 1, std::vector<std::string> ArgTypes = {},
                        std::string Symbol = "") {
    ir::Instr I;
    I.Kind = ir::InstrKind::Call;
    I.Location = {0, Line, 1};
    I.call().CalleeName = CalleeName;
    I.call().Callee = Symbol.empty() ? "c:@" + CalleeName : Symbol;
    I.call().Args = std::move(Args);
    I.call().ArgTypes.assign(ArgTypes.begin(), ArgTypes.end());
    I.call().ArgTypes.resize(I.call().Args.size());
    I.call().IsConstructor = CalleeName.find("::~") == std::string::npos &&
                           isCtorName(CalleeName);
    I.call().IsDestructor = CalleeName.find("::~") != std::string::npos;
    return add(std::move(I));
  }
  /// `std::lock_guard<std::mutex> g(Lock);` with g = Local.
  FunctionBuilder &lockGuard(uint32_t Local, ir::AccessPath Lock,
                             unsigned Line = 1) {
    return call("std::lock_guard::lock_guard",
                {ir::Operand::object(localVar(Local)),
                 ir::Operand::object(std::move(Lock))},
                Line, {"std::lock_guard", "std::mutex"});
  }
  FunctionBuilder &guardDtor(uint32_t Local, const std::string &Guard =
                                                 "std::lock_guard",
                             unsigned Line = 1) {
    std::string Short = Guard.substr(Guard.rfind("::") + 2);
    return call(Guard + "::~" + Short, {ir::Operand::object(localVar(Local))},
                Line, {Guard});
  }
  FunctionBuilder &lock(ir::AccessPath Mutex, unsigned Line = 1) {
    return call("std::mutex::lock", {ir::Operand::object(std::move(Mutex))},
                Line, {"std::mutex"});
  }
  FunctionBuilder &unlock(ir::AccessPath Mutex, unsigned Line = 1) {
    return call("std::mutex::unlock", {ir::Operand::object(std::move(Mutex))},
                Line, {"std::mutex"});
  }

  /// Starts a new block; the previous one falls through to it unless
  /// successors were set explicitly.
  uint32_t newBlock() {
    F.Blocks.emplace_back();
    return static_cast<uint32_t>(F.Blocks.size() - 1);
  }
  ir::Block &block(uint32_t B) { return F.Blocks[B]; }
  uint32_t current() const { return static_cast<uint32_t>(F.Blocks.size() - 1); }
  FunctionBuilder &edges(uint32_t From, std::vector<uint32_t> To) {
    F.Blocks[From].Succs = std::move(To);
    return *this;
  }

  ir::Function build() const { return F; }
  ir::Function &fn() { return F; }

private:
  static bool isCtorName(const std::string &N) {
    size_t Last = N.rfind("::");
    if (Last == std::string::npos)
      return false;
    size_t Prev = N.rfind("::", Last - 1);
    std::string Class = N.substr(Prev == std::string::npos ? 0 : Prev + 2,
                                 Last - (Prev == std::string::npos ? 0 : Prev + 2));
    return N.substr(Last + 2) == Class;
  }
  static ir::Instr access(ir::InstrKind K, ir::AccessPath P, unsigned Line) {
    ir::Instr I;
    I.Kind = K;
    I.Path = std::move(P);
    I.Location = {0, Line, 1};
    return I;
  }
  FunctionBuilder &add(ir::Instr I) {
    F.Blocks.back().Instrs.push_back(std::move(I));
    return *this;
  }
  ir::Function F;
};

} // namespace racer::test

#endif
