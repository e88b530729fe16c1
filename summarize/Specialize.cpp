//===- Specialize.cpp - Copies of functions for the constants passed ------===//
#include "summarize/Specialize.h"
#include "summarize/LibraryModels.h"
#include "summarize/ir/PackedBody.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <deque>
#include <string>

namespace racer {

using Fixed = std::vector<FormalBinding>;

void specializeBody(ir::Function &F, const Fixed &Values) {
  auto BindingOf = [&](uint32_t Formal) -> const FormalBinding * {
    for (const FormalBinding &B : Values)
      if (B.Formal == Formal)
        return &B;
    return nullptr;
  };
  for (ir::Block &B : F.Blocks) {
    for (ir::Instr &I : B.Instrs) {
      if (I.Kind != ir::InstrKind::Call || !I.hasCall())
        continue;
      ir::CallInfo &C = I.call();
      bool Dropped = false;
      for (ir::ScalarArg &A : C.ScalarArgs) {
        const FormalBinding *V =
            A.IsFormal && A.Value >= 0 ? BindingOf(uint32_t(A.Value)) : nullptr;
        if (!V)
          continue;
        if (A.Arg == ir::ScalarArg::CalleeArg) {
          // `fn(arg)`: a direct call of the function bound to fn.
          if (!V->Function.empty()) {
            C.Callee = V->Function;
            C.CalleeName = V->FunctionName;
            A.Arg = UINT32_MAX;
            Dropped = true;
          }
          continue;
        }
        if (V->Function.empty()) {
          A.IsFormal = false;
          A.Value = V->Value;
          continue;
        }
        // The function is now named at this call, as if written there.
        ir::CallableArg CA;
        CA.Arg = A.Arg;
        CA.Callee = V->Function;
        CA.CalleeName = V->FunctionName;
        for (size_t K = size_t(A.Arg) + 1; K < C.Args.size(); ++K)
          CA.DecayedArgs.push_back(C.Args[K]);
        llvm::erase_if(C.Callables, [&](const ir::CallableArg &O) {
          return O.Arg == CA.Arg;
        });
        C.Callables.push_back(std::move(CA));
        A.Arg = UINT32_MAX;
        Dropped = true;
      }
      if (Dropped)
        llvm::erase_if(C.ScalarArgs, [](const ir::ScalarArg &A) {
          return A.Arg == UINT32_MAX;
        });
    }
    const FormalBinding *V =
        B.CondFormal >= 0 ? BindingOf(uint32_t(B.CondFormal)) : nullptr;
    if (!V || !V->Function.empty() || B.EdgeTests.size() != B.Succs.size())
      continue;
    std::vector<uint32_t> Succs;
    for (size_t I = 0; I < B.Succs.size(); ++I)
      if (B.EdgeTests[I].admits(V->Value))
        Succs.push_back(B.Succs[I]);
    // No edge the constant admits (a case the CFG found unreachable): keep
    // them all rather than make the block look like a return.
    if (Succs.empty())
      continue;
    B.Succs = std::move(Succs);
    B.CondFormal = -1;
    B.EdgeTests.clear();
  }
  // Drop the blocks no path reaches now: their calls are not calls of the
  // copy (the call graph and the callers' contexts read every block).
  std::vector<int64_t> NewIndex(F.Blocks.size(), -1);
  std::vector<uint32_t> Order;
  if (!F.Blocks.empty()) {
    NewIndex[0] = 0;
    Order.push_back(0);
  }
  for (size_t K = 0; K < Order.size(); ++K)
    for (uint32_t S : F.Blocks[Order[K]].Succs)
      if (S < F.Blocks.size() && NewIndex[S] < 0) {
        NewIndex[S] = int64_t(Order.size());
        Order.push_back(S);
      }
  if (Order.size() == F.Blocks.size())
    return;
  std::vector<ir::Block> Kept;
  Kept.reserve(Order.size());
  for (uint32_t Old : Order) {
    ir::Block B = std::move(F.Blocks[Old]);
    for (uint32_t &S : B.Succs)
      S = S < NewIndex.size() ? uint32_t(NewIndex[S]) : UINT32_MAX;
    Kept.push_back(std::move(B));
  }
  F.Blocks = std::move(Kept);
}

namespace {

constexpr llvm::StringLiteral CopyMark = "#specialized(";

/// "symbol#specialized(k=v,k=&fn)": the copy of Callee for those bindings.
std::string copySymbol(llvm::StringRef Callee, const Fixed &Values) {
  std::string S = Callee.str() + CopyMark.str();
  for (size_t I = 0; I < Values.size(); ++I)
    S += (I ? "," : "") + std::to_string(Values[I].Formal) + "=" +
         (Values[I].Function.empty() ? std::to_string(Values[I].Value)
                                     : "&" + Values[I].Function.str());
  return S + ")";
}

} // namespace

llvm::StringRef originalSymbol(llvm::StringRef CopySymbol) {
  return CopySymbol.substr(0, CopySymbol.rfind(CopyMark));
}

SpecializeStats specializeConstantCalls(std::vector<ir::Function> &Functions,
                                        std::vector<uint32_t> *Changed) {
  SpecializeStats Stats;
  // Bit k of Tested[F]: a constant for formal k changes what F does (a
  // branch tests it, or it is the entry of a thread F starts).
  std::vector<uint32_t> Tested(Functions.size());
  std::vector<std::pair<uint32_t, std::vector<ir::FormalForward>>> Forwarding;
  bool AnyTested = false;
  for (uint32_t I = 0; I < Functions.size(); ++I) {
    Tested[I] = ir::testedFormalsOf(Functions[I]);
    if (std::vector<ir::FormalForward> V = ir::formalForwardsOf(Functions[I]);
        !V.empty()) {
      for (const ir::FormalForward &W : V) {
        if (W.Arg == ir::ScalarArg::CalleeArg && W.Formal < 32) {
          Tested[I] |= 1u << W.Formal; // called through
          continue;
        }
        CallModel M = lookupCallModel(W.CalleeName);
        if (M.Kind == ModelKind::ThreadCreate && M.EntryArg >= 0 &&
            W.Arg == uint32_t(M.EntryArg) && W.Formal < 32)
          Tested[I] |= 1u << W.Formal;
      }
      Forwarding.push_back({I, std::move(V)});
    }
    AnyTested |= Tested[I] != 0;
  }
  if (!AnyTested)
    return Stats;
  llvm::StringMap<uint32_t> Index;
  for (uint32_t I = 0; I < Functions.size(); ++I)
    Index.try_emplace(Functions[I].Symbol.str(), I);
  // A formal passed on to a callee's tested formal is tested too: a wrapper
  // (`set_paused(t) { pause_threads(t); }`) is specialized for its callers'
  // constants, and its copy passes them on.
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const auto &[F, Forwards] : Forwarding)
      for (const ir::FormalForward &W : Forwards) {
        auto It = Index.find(W.Callee.str());
        if (It == Index.end() || W.Arg >= 32 || W.Formal >= 32 ||
            !(Tested[It->second] >> W.Arg & 1) || (Tested[F] >> W.Formal & 1))
          continue;
        Tested[F] |= 1u << W.Formal;
        Grew = true;
      }
  }
  auto CallsTested = [&](const ir::Function &F) {
    if (!ir::passesScalarsOf(F) && ir::callablesOf(F).empty())
      return false;
    for (ir::Symbol C : ir::calleesOf(F)) {
      auto It = Index.find(C.str());
      if (It != Index.end() && Tested[It->second])
        return true;
    }
    return false;
  };
  std::deque<uint32_t> Work;
  for (uint32_t I = 0; I < Functions.size(); ++I)
    if (CallsTested(Functions[I]))
      Work.push_back(I);
  llvm::DenseMap<uint32_t, uint32_t> CopiesOf;

  while (!Work.empty()) {
    const uint32_t FI = Work.front();
    Work.pop_front();
    ir::Function Body = ir::withBody(Functions[FI]);
    bool Rewritten = false;
    for (ir::Block &B : Body.Blocks)
      for (ir::Instr &I : B.Instrs) {
        if (I.Kind != ir::InstrKind::Call || !I.hasCall() ||
            (I.call().ScalarArgs.empty() && I.call().Callables.empty()) ||
            I.call().Callee.empty())
          continue;
        auto It = Index.find(I.call().Callee.str());
        if (It == Index.end())
          continue;
        // A copy is never copied again: its formals are fixed already.
        uint32_t Target = It->second;
        if (Functions[Target].Specialized)
          continue;
        const uint32_t Bits = Tested[Target];
        Fixed Values;
        for (const ir::ScalarArg &A : I.call().ScalarArgs)
          if (!A.IsFormal && A.Arg < 32 && (Bits >> A.Arg & 1))
            Values.push_back({A.Arg, A.Value, {}, {}});
        for (const ir::CallableArg &CA : I.call().Callables)
          if (!CA.HasReceiver && !CA.Callee.empty() && CA.Arg < 32 &&
              (Bits >> CA.Arg & 1))
            Values.push_back({CA.Arg, 0, CA.Callee, CA.CalleeName});
        if (Values.empty())
          continue;
        std::sort(Values.begin(), Values.end());
        std::string Sym = copySymbol(I.call().Callee.str(), Values);
        auto CIt = Index.find(Sym);
        uint32_t Copy;
        if (CIt != Index.end()) {
          Copy = CIt->second;
        } else {
          if (CopiesOf[Target] >= MaxCopiesPerFunction ||
              Stats.Copies >= MaxCopies) {
            ++Stats.OverBudget;
            continue;
          }
          ir::Function C = ir::withBody(Functions[Target]);
          specializeBody(C, Values);
          C.Symbol = ir::Symbol(Sym);
          C.Specialized = true;
          C.HasSpecializedCopies = false;
          const bool Packed = Functions[Target].Packed != nullptr;
          Functions[Target].HasSpecializedCopies = true;
          if (Packed)
            C.Packed = ir::packBody(C, nullptr);
          Copy = uint32_t(Functions.size());
          Tested.push_back(0);
          Functions.push_back(std::move(C));
          Index.try_emplace(Sym, Copy);
          ++CopiesOf[Target];
          ++Stats.Copies;
          if (Changed)
            Changed->push_back(Copy);
          if (CallsTested(Functions[Copy]))
            Work.push_back(Copy);
        }
        I.call().Callee = Functions[Copy].Symbol;
        ++Stats.CallsRedirected;
        Rewritten = true;
      }
    if (!Rewritten)
      continue;
    ir::replaceBody(Functions[FI], std::move(Body));
    if (Changed)
      Changed->push_back(FI);
  }
  if (Changed) {
    llvm::sort(*Changed);
    Changed->erase(std::unique(Changed->begin(), Changed->end()),
                   Changed->end());
  }
  return Stats;
}

} // namespace racer
