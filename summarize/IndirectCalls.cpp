//===- IndirectCalls.cpp - Calls through function pointers in fields, globals ===//
#include "summarize/IndirectCalls.h"
#include "summarize/FunctionAnalysis.h"
#include "summarize/LibraryModels.h"
#include "summarize/ir/PackedBody.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

namespace racer {
namespace {

/// What a slot may hold: known functions, and whether also anything else.
struct SlotValues {
  std::set<std::string> Functions;
  std::set<std::string> Slots; ///< what these hold too
  bool Unknown = false;
  /// Functions stored by structs' initializers, and values stored
  /// otherwise: an assignment (`dtype.valDestructor = f`, a table set up at
  /// run time), another slot's, a parameter's (a callback registered by
  /// the caller: never a slot of tables).
  uint32_t FromTables = 0, Assigned = 0;
  bool FromFormal = false;
  /// Mostly filled by tables (three in four), never by a parameter.
  bool ofTables() const {
    return !FromFormal && !Unknown && FromTables >= 3 * Assigned;
  }
};

/// "formal:<symbol>#k" -> (symbol, k).
bool parseFormal(llvm::StringRef V, std::string &Fn, uint32_t &K) {
  size_t Hash = V.rfind('#');
  if (Hash == llvm::StringRef::npos)
    return false;
  Fn = V.substr(0, Hash).str();
  return !V.substr(Hash + 1).getAsInteger(10, K);
}

/// Resolves formal values: what every call of a function passes for one of
/// its formals. A formal a caller passes its own formal for is that
/// caller's formal in turn (`submit(fn, arg) { create_job(fn, arg); }`).
class FormalValues {
public:
  FormalValues(const std::vector<ir::Function> &Functions)
      : Functions(Functions) {}

  /// Adds what callers pass for formal \p K of \p Fn into \p Out.
  void resolve(const std::string &Fn, uint32_t K, SlotValues &Out) {
    // A lambda is submitted once only if Fn stores it once, and its caller
    // calls Fn itself (not through a wrapper that may call it in a loop).
    const bool StoresOnce = storesOnce(Fn, K);
    std::set<std::pair<std::string, uint32_t>> Seen;
    std::vector<std::pair<std::string, uint32_t>> Work{{Fn, K}};
    while (!Work.empty()) {
      auto [F, Formal] = Work.back();
      Work.pop_back();
      if (!Seen.insert({F, Formal}).second)
        continue;
      if (Seen.size() > 64) { // a long chain of wrappers: give up
        Out.Unknown = true;
        return;
      }
      const std::vector<const ir::Instr *> &Calls = callsTo(F);
      for (const ir::Instr *I : Calls) {
        const ir::CallInfo &C = I->call();
        bool Known = false;
        for (const ir::CallableArg &CA : C.Callables) {
          if (CA.Arg != Formal || CA.Callee.empty())
            continue;
          llvm::StringRef Callee = CA.Callee.str();
          if (CA.HasReceiver && isCallableWrapperCall(CA.CalleeName.str())) {
            // The caller's own std::function parameter passed on
            // (`Submit(std::move(fn))`): what its callers pass.
            if (int32_t K = detail::formalObjectOf(CA.Receiver); K >= 0) {
              Work.push_back({CallerOf.lookup(I), uint32_t(K)});
              Known = true;
            }
            continue;
          }
          // A function, or a lambda (its captures reach nothing the slot's
          // call passes: an access through one is an assumption).
          if (CA.HasReceiver)
            noteSubmission(Callee.str(), I, /*Again=*/!StoresOnce || F != Fn);
          if (ir::isIndirectCallee(Callee)) // another slot's functions
            Out.Slots.insert(
                Callee.drop_front(strlen(ir::IndirectCalleePrefix)).str());
          else
            Out.Functions.insert(Callee.str());
          Known = true;
        }
        for (const ir::ScalarArg &A : C.ScalarArgs) {
          if (A.Arg != Formal || Known)
            continue;
          if (!A.IsFormal && A.Value == 0) {
            Known = true; // NULL
          } else if (A.IsFormal) {
            Work.push_back({CallerOf.lookup(I), uint32_t(A.Value)});
            Known = true;
          }
        }
        if (!Known)
          Out.Unknown = true;
      }
    }
  }

  /// The lambdas handed to slots that are submitted once: by one call in
  /// a `main`, outside any loop of it (a task queued at startup). Another
  /// submission, or one that may run again, may overlap a run.
  std::set<std::string> submittedOnce() const {
    std::set<std::string> Out;
    for (const auto &[Lambda, S] : Submissions)
      if (!S.Again && S.Calls.size() == 1)
        Out.insert(Lambda);
    return Out;
  }

private:
  struct Submitted {
    std::set<const ir::Instr *> Calls;
    bool Again = false; ///< some call may run more than once
  };
  std::map<std::string, Submitted> Submissions;

  void noteSubmission(const std::string &Lambda, const ir::Instr *I,
                      bool Again) {
    Submitted &S = Submissions[Lambda];
    S.Calls.insert(I);
    S.Again |= Again;
    auto Caller = CallerIndex.find(I);
    if (Caller == CallerIndex.end() ||
        Functions[Caller->second.first].Name != "main") {
      S.Again = true;
      return;
    }
    const ir::Function &Body = *Caller->second.second;
    std::vector<int32_t> &Loops = LoopsOf[&Body];
    if (Loops.empty())
      Loops = detail::loopsOfBlocks(Body); // (once per body)
    for (size_t B = 0; B < Body.Blocks.size(); ++B)
      for (const ir::Instr &J : Body.Blocks[B].Instrs)
        if (&J == I && Loops[B] >= 0)
          S.Again = true;
  }

  /// \p Fn hands its wrapper formal \p K on once (`tasks_.push_back(
  /// std::move(task))`): one call that passes it, in no loop.
  bool storesOnce(const std::string &Fn, uint32_t K) {
    if (BySymbol.empty())
      for (uint32_t I = 0; I < Functions.size(); ++I)
        BySymbol.try_emplace(Functions[I].Symbol.str(), I);
    auto It = BySymbol.find(Fn);
    if (It == BySymbol.end())
      return false;
    ir::Function Body = ir::withBody(Functions[It->second]);
    std::vector<int32_t> Loops = detail::loopsOfBlocks(Body);
    unsigned Stores = 0;
    for (size_t B = 0; B < Body.Blocks.size(); ++B)
      for (const ir::Instr &I : Body.Blocks[B].Instrs) {
        if (I.Kind != ir::InstrKind::Call || !I.hasCall())
          continue;
        for (const ir::CallableArg &CA : I.call().Callables)
          if (CA.HasReceiver && isCallableWrapperCall(CA.CalleeName.str()) &&
              detail::formalObjectOf(CA.Receiver) == int32_t(K))
            Stores += Loops[B] >= 0 ? 2 : 1;
      }
    return Stores == 1;
  }

  /// The calls of \p Fn anywhere in the program.
  const std::vector<const ir::Instr *> &callsTo(const std::string &Fn) {
    auto It = Calls.find(Fn);
    if (It != Calls.end())
      return It->second;
    std::vector<const ir::Instr *> &Out = Calls[Fn];
    ir::Symbol Sym(Fn);
    for (uint32_t F = 0; F < Functions.size(); ++F) {
      std::vector<ir::Symbol> Callees = ir::calleesOf(Functions[F]);
      if (std::find(Callees.begin(), Callees.end(), Sym) == Callees.end())
        continue;
      Bodies.push_back(std::make_unique<ir::Function>(
          ir::withBody(Functions[F])));
      for (const ir::Block &B : Bodies.back()->Blocks)
        for (const ir::Instr &I : B.Instrs)
          if (I.Kind == ir::InstrKind::Call && I.hasCall() &&
              I.call().Callee == Sym) {
            Out.push_back(&I);
            CallerOf[&I] = Functions[F].Symbol.str();
            CallerIndex[&I] = {F, Bodies.back().get()};
          }
    }
    return Out;
  }

  const std::vector<ir::Function> &Functions;
  std::vector<std::unique_ptr<ir::Function>> Bodies;
  std::map<std::string, std::vector<const ir::Instr *>> Calls;
  llvm::DenseMap<const ir::Instr *, std::string> CallerOf;
  llvm::DenseMap<const ir::Instr *, std::pair<uint32_t, const ir::Function *>>
      CallerIndex;
  llvm::StringMap<uint32_t> BySymbol; ///< built on first use
  /// Per caller body: the loop each block lies on (loopsOfBlocks).
  llvm::DenseMap<const ir::Function *, std::vector<int32_t>> LoopsOf;
};

/// The dispatcher of \p Slot: block 0 branches to one block per target,
/// each calling it with the dispatcher's formals; an unresolved branch if
/// the slot may hold anything else.
ir::Function dispatcher(llvm::StringRef Symbol, llvm::StringRef Name,
                        uint32_t NumFormals,
                        const std::vector<const ir::Function *> &Targets,
                        bool Unknown, const std::set<std::string> &Once) {
  ir::Function D;
  D.Symbol = ir::Symbol(Symbol);
  D.Name = ir::Symbol(Name);
  D.Kind = ir::FunctionKind::Free;
  D.Specialized = true; // reached only through the calls of the slot
  if (!Targets.empty())
    D.Location = Targets.front()->Location;
  for (uint32_t K = 0; K < NumFormals; ++K)
    D.Formals.push_back(ir::Symbol("arg" + std::to_string(K)));
  const uint32_t Branches = uint32_t(Targets.size()) + (Unknown ? 1 : 0);
  D.Blocks.resize(Branches + 2);
  const uint32_t Exit = Branches + 1;
  for (uint32_t B = 0; B < Branches; ++B) {
    D.Blocks[0].Succs.push_back(B + 1);
    ir::Block &Blk = D.Blocks[B + 1];
    Blk.Succs.push_back(Exit);
    ir::Instr I;
    I.Kind = ir::InstrKind::Call;
    ir::CallInfo &C = I.call();
    uint32_t Passed = NumFormals;
    if (B < Targets.size()) {
      const ir::Function &T = *Targets[B];
      I.Location = T.Location;
      C.Callee = T.Symbol;
      C.CalleeName = T.Name;
      C.RunsTask = Once.count(T.Symbol.str()) != 0;
      Passed = std::min<uint32_t>(NumFormals, uint32_t(T.Formals.size()));
    } else {
      I.Location = D.Location;
    }
    for (uint32_t K = 0; K < Passed; ++K) {
      C.Args.push_back(ir::Operand::object(
          ir::AccessPath::formal(K, D.Formals[K]).deref()));
      C.ArgTypes.push_back(ir::Symbol());
    }
    Blk.Instrs.push_back(std::move(I));
  }
  return D;
}

} // namespace

static void sortUnique(std::vector<uint32_t> *Changed) {
  if (!Changed)
    return;
  llvm::sort(*Changed);
  Changed->erase(std::unique(Changed->begin(), Changed->end()),
                 Changed->end());
}

/// A lambda stored into a slot (`tasks_.push_back(std::move(task))` after
/// `pool.Submit([this] { .. })`) runs where the slot is called, on a pool's
/// thread: the lowering's call at its creation (ir::CallInfo::MakesClosure,
/// its body attributed to its maker) goes, or its maker would seem to run it.
static void dropCreationRuns(std::vector<ir::Function> &Functions,
                             const std::set<ir::Symbol> &Lambdas,
                             std::vector<uint32_t> *Changed) {
  if (Lambdas.empty())
    return;
  auto Made = [&](ir::Symbol C) { return Lambdas.count(C) != 0; };
  for (uint32_t FI = 0; FI < Functions.size(); ++FI) {
    const ir::Function &F = Functions[FI];
    if (!(F.Packed ? llvm::any_of(F.Packed->Callees, Made)
                   : llvm::any_of(ir::calleesOf(F), Made)))
      continue;
    ir::Function Body = ir::withBody(F);
    bool Dropped = false;
    for (ir::Block &B : Body.Blocks) {
      const size_t Before = B.Instrs.size();
      llvm::erase_if(B.Instrs, [&](const ir::Instr &I) {
        return I.Kind == ir::InstrKind::Call && I.hasCall() &&
               I.call().MakesClosure && Made(I.call().Callee);
      });
      Dropped |= B.Instrs.size() != Before;
    }
    if (!Dropped)
      continue;
    ir::replaceBody(Functions[FI], std::move(Body));
    if (Changed)
      Changed->push_back(FI);
  }
}

IndirectCallStats resolveIndirectCalls(std::vector<ir::Function> &Functions,
                                       const std::vector<std::string> &Stores,
                                       std::vector<uint32_t> *Changed,
                                       std::vector<std::string> *TableSlots) {
  IndirectCallStats Stats;
  // The slots called, with the most actuals any call passes and a name.
  struct Called {
    uint32_t NumArgs = 0;
    std::string Name;
  };
  std::map<std::string, Called> Slots;
  std::vector<uint32_t> Users; // functions calling through a slot
  for (uint32_t FI = 0; FI < Functions.size(); ++FI) {
    const ir::Function &F = Functions[FI];
    // Calls through a slot, or a slot's function handed on as a callable
    // (a thread's entry). Packed bodies list both without unpacking.
    auto Indirect = [](ir::Symbol C) { return ir::isIndirectCallee(C.str()); };
    const bool Any =
        F.Packed ? llvm::any_of(F.Packed->Callees, Indirect) ||
                       llvm::any_of(F.Packed->Callables, Indirect)
                 : llvm::any_of(ir::calleesOf(F), Indirect) ||
                       llvm::any_of(ir::callablesOf(F), Indirect);
    if (!Any)
      continue;
    Users.push_back(FI);
    ir::Function Body = ir::withBody(F);
    for (const ir::Block &B : Body.Blocks)
      for (const ir::Instr &I : B.Instrs) {
        if (I.Kind != ir::InstrKind::Call || !I.hasCall())
          continue;
        for (const ir::CallableArg &CA : I.call().Callables)
          if (ir::isIndirectCallee(CA.Callee.str())) {
            Called &S = Slots[CA.Callee.str()];
            if (S.Name.empty())
              S.Name = CA.CalleeName.str();
          }
        if (!ir::isIndirectCallee(I.call().Callee.str()))
          continue;
        Called &S = Slots[I.call().Callee.str()];
        S.NumArgs = std::max<uint32_t>(S.NumArgs, I.call().Args.size());
        if (S.Name.empty())
          S.Name = I.call().CalleeName.str();
      }
  }
  Stats.SlotsCalled = uint32_t(Slots.size());
  if (Slots.empty())
    return Stats;

  // What each slot holds: functions, formals' and other slots' values.
  llvm::StringMap<uint32_t> Index;
  for (uint32_t I = 0; I < Functions.size(); ++I)
    Index.try_emplace(Functions[I].Symbol.str(), I);
  // The slots whose values matter: those called, and those they copy
  // (a setter's `cb_ = std::move(cb)` into a slot no call reads is not
  // resolved: its callers would be looked up for nothing).
  std::set<std::string> Needed;
  {
    std::map<std::string, std::vector<std::string>> Sources;
    for (const std::string &E : Stores) {
      auto [Slot, Value] = llvm::StringRef(E).split('\t');
      if (Value.consume_front("slot:"))
        Sources[Slot.str()].push_back(Value.str());
    }
    const std::string Prefix = ir::IndirectCalleePrefix;
    std::vector<std::string> Work;
    for (const auto &[Symbol, Call] : Slots)
      Work.push_back(Symbol.substr(Prefix.size()));
    while (!Work.empty()) {
      std::string S = std::move(Work.back());
      Work.pop_back();
      if (!Needed.insert(S).second)
        continue;
      for (const std::string &From : Sources[S])
        Work.push_back(From);
    }
  }
  std::map<std::string, SlotValues> Held;
  FormalValues Formals(Functions);
  for (const std::string &E : Stores) {
    auto [Slot, Value] = llvm::StringRef(E).split('\t');
    if (!Needed.count(Slot.str()))
      continue;
    SlotValues &V = Held[Slot.str()];
    std::string Fn;
    uint32_t K = 0;
    if (Value.consume_front("tfn:")) {
      V.Functions.insert(Value.str());
      ++V.FromTables;
      continue;
    }
    ++V.Assigned;
    if (Value.consume_front("fn:"))
      V.Functions.insert(Value.str());
    else if (Value.consume_front("slot:"))
      V.Slots.insert(Value.str());
    else if (Value.consume_front("formal:") && parseFormal(Value, Fn, K)) {
      V.FromFormal = true;
      Formals.resolve(Fn, K, V);
    } else
      V.Unknown = true;
  }
  std::map<std::string, std::vector<std::string>> CopiedFrom;
  for (const auto &[Slot, V] : Held)
    for (const std::string &From : V.Slots)
      if (From != Slot)
        CopiedFrom[Slot].push_back(From);
  // Copies between slots, to a fixpoint (the sets only grow).
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const auto &[To, Froms] : CopiedFrom)
      for (const std::string &From : Froms) {
        auto It = Held.find(From);
        if (It == Held.end())
          continue;
        SlotValues Src = It->second;
        SlotValues &Dst = Held[To];
        size_t Before = Dst.Functions.size();
        bool WasUnknown = Dst.Unknown;
        Dst.Functions.insert(Src.Functions.begin(), Src.Functions.end());
        Dst.Unknown |= Src.Unknown;
        Grew |= Dst.Functions.size() != Before || Dst.Unknown != WasUnknown;
      }
  }

  const std::string Prefix = ir::IndirectCalleePrefix;
  // Slot -> the one function it holds (symbol, name).
  std::map<std::string, std::pair<ir::Symbol, ir::Symbol>> To;
  // The lambdas queued once: each a task of one run (ir::CallInfo::RunsTask).
  const std::set<std::string> Once = Formals.submittedOnce();
  // Lambdas a slot's calls run: they run there, not where they are made.
  std::set<ir::Symbol> RunFromSlot;
  for (const auto &[Symbol, Call] : Slots) {
    auto It = Held.find(Symbol.substr(Prefix.size()));
    if (It == Held.end())
      continue;
    std::vector<const ir::Function *> Targets;
    bool Unknown = It->second.Unknown;
    for (const std::string &Fn : It->second.Functions) {
      auto F = Index.find(Fn);
      if (F == Index.end()) {
        Unknown = true; // no body here (a library function)
        continue;
      }
      Targets.push_back(&Functions[F->second]);
    }
    if (Targets.size() > MaxDispatchTargets) {
      ++Stats.TooMany; // its calls stay unresolved
      continue;
    }
    for (const ir::Function *T : Targets)
      if (T->Kind == ir::FunctionKind::Lambda)
        RunFromSlot.insert(T->Symbol);
    if (Targets.empty() || Index.count(Symbol))
      continue;
    if (Targets.size() == 1 && !Unknown) {
      // One function: the calls call it (and a thread runs it) directly.
      To[Symbol] = {Targets.front()->Symbol, Targets.front()->Name};
      ++Stats.Direct;
      continue;
    }
    // As many formals as any call passes or any target takes.
    uint32_t NumFormals = Call.NumArgs;
    for (const ir::Function *T : Targets)
      NumFormals = std::max<uint32_t>(NumFormals, T->Formals.size());
    ir::Function D =
        dispatcher(Symbol, Call.Name, NumFormals, Targets, Unknown, Once);
    if (TableSlots && It->second.ofTables() && !Unknown &&
        Targets.size() >= MinTableTargets)
      TableSlots->push_back(D.Name.str());
    const bool Packed = !Functions.empty() && Functions.front().Packed;
    if (Packed)
      D.Packed = ir::packBody(D, nullptr);
    ++Stats.Dispatchers;
    Stats.Targets += uint32_t(Targets.size());
    Stats.Partial += Unknown ? 1 : 0;
    if (Changed)
      Changed->push_back(uint32_t(Functions.size()));
    Functions.push_back(std::move(D));
  }
  dropCreationRuns(Functions, RunFromSlot, Changed);
  if (To.empty()) {
    sortUnique(Changed);
    return Stats;
  }
  // Point the calls of one-function slots at that function.
  for (uint32_t FI : Users) {
    ir::Function Body = ir::withBody(Functions[FI]);
    bool Rewritten = false;
    for (ir::Block &B : Body.Blocks)
      for (ir::Instr &I : B.Instrs) {
        if (I.Kind != ir::InstrKind::Call || !I.hasCall())
          continue;
        ir::CallInfo &C = I.call();
        if (auto It = To.find(C.Callee.str()); It != To.end()) {
          C.Callee = It->second.first;
          C.CalleeName = It->second.second;
          C.RunsTask = Once.count(C.Callee.str()) != 0;
          Rewritten = true;
        }
        for (ir::CallableArg &CA : C.Callables)
          if (auto It = To.find(CA.Callee.str()); It != To.end()) {
            CA.Callee = It->second.first;
            CA.CalleeName = It->second.second;
            Rewritten = true;
          }
      }
    if (!Rewritten)
      continue;
    ir::replaceBody(Functions[FI], std::move(Body));
    if (Changed)
      Changed->push_back(FI);
  }
  sortUnique(Changed);
  return Stats;
}

} // namespace racer
