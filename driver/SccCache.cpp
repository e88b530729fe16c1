//===- SccCache.cpp - Summaries reused per SCC, with early cutoff ---------===//
#include "driver/SccCache.h"
#include "driver/LineMoves.h"
#include "driver/CacheFiles.h"
#include "serialize/SummaryCodec.h"
#include "summarize/LibraryModels.h"
#include "summarize/WorkLimit.h"
#include "summarize/ir/PackedBody.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>

namespace racer::driver {

namespace {
/// Bump when what the keys cover changes meaning.
constexpr uint64_t KeyVersion = 1;

std::string join(const std::string &Dir, llvm::StringRef Name) {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, Name);
  return std::string(P);
}
} // namespace

SccCache::SccCache(const std::string &CacheDir, bool Verbose,
                   llvm::raw_ostream &Log, bool ReuseReduce)
    : Dir(join(CacheDir, "summaries")),
      PlacesPath(join(CacheDir, "last-reduce.places")), Verbose(Verbose),
      Log(Log),
      // A cache that cannot be written is said once (by the per-TU cache),
      // or with -v for every file.
      Reduce(CacheDir, Verbose, Verbose ? Log : llvm::nulls(),
             "last-reduce.result"),
      ReuseReduce(ReuseReduce) {
  Store = serialize::SccStore::open(
      Dir, [this](const std::string &M) { note(M); });
}

SccCache::~SccCache() = default;

void SccCache::note(const std::string &Message) {
  if (!Verbose)
    return;
  std::lock_guard<std::mutex> G(LogMutex);
  Log << "racecar: cache: " << Message << "\n";
  Log.flush();
}

void SccCache::writeFailed(const std::string &Why) {
  if (Verbose)
    return note("summaries not written: " + Why);
  // Without -v, once: a store that is never written costs every later
  // scan its summaries (a full disk says so here, not only with -v).
  if (WarnedWrite.exchange(true) || !firstCacheWriteWarning())
    return;
  std::lock_guard<std::mutex> G(LogMutex);
  Log << "racecar: warning: cache not written: summaries: " << Why
      << " (-v shows every failure)\n";
  Log.flush();
}

void SccCache::describe(const SccCacheStats &S) {
  note("summaries: " + std::to_string(S.Reused) + " SCCs reused (" +
       std::to_string(S.LinesMoved) + " with lines moved), " +
       std::to_string(S.Recomputed) + " recomputed (" +
       std::to_string(S.Unchanged) +
       " unchanged: their callers kept theirs)" +
       (S.ReduceShifted ? "; pairing skipped: the summaries of the last "
                          "reduce but for lines, whose result holds with its "
                          "lines moved"
        : S.ReduceReused ? "; pairing skipped: the same summaries as the last "
                           "reduce, whose result holds"
                         : ""));
}

SccCache::Run::Run(SccCache &Cache, const LinkedProgram &P,
                   ProgramSummarizer &PS, bool Reuse)
    : Cache(Cache), P(P), PS(PS), Reuse(Reuse), Anchors(P.Functions) {
  const size_t N = PS.graph().sccs().size();
  Summaries.resize(N);
  Shapes.resize(N);
  Adopted.assign(N, nullptr);
  PendingMoves.resize(N);
  ReadWhole.assign(P.Functions.size(), 0);
  ir::DigestBuilder S;
  S.u64(KeyVersion).str("racecar " RACECAR_VERSION).str(binaryIdentity());
  S.u64(serialize::SummaryCodecVersion).str(userModelsKey());
  S.u64(functionWorkLimit()); // a limit changes which summaries are given up
  Salt = S.finish();
  Writer = std::make_unique<serialize::SccStore::Writer>(*Cache.Store);
  for (uint32_t I = 0; I < P.Files.size(); ++I)
    FileIds.try_emplace(P.Files[I], I);
  // What the pairing reads of each body, taken now: a first scan frees the
  // bodies as their SCCs are done (Pipeline), before the reduce key is.
  Named.reserve(P.Functions.size());
  for (const ir::Function &F : P.Functions) {
    ir::DigestBuilder D;
    for (std::vector<ir::Symbol> V : {ir::callablesOf(F), ir::threadEntriesOf(F)}) {
      std::sort(V.begin(), V.end());
      D.u64(V.size());
      for (ir::Symbol S : V)
        D.str(S);
    }
    Named.push_back(D.finish());
  }
  if (Reuse && Cache.ReuseReduce)
    Shifts.resize(N); // the record itself is read when it is first needed
}

bool SccCache::Run::haveLast() {
  if (Shifts.empty())
    return false;
  std::call_once(LastRead, [&] {
    Last = readShiftRecord(Cache.PlacesPath,
                           Cache.Verbose ? &Cache.Log : nullptr);
    if (Last && Last->Entries.size() != Shifts.size())
      Last.reset(); // another program's
  });
  return Last.has_value();
}

uint32_t SccCache::Run::fileIndex(llvm::StringRef Path, bool &Foreign) const {
  auto It = FileIds.find(Path);
  if (It != FileIds.end())
    return It->second;
  Foreign = true; // a file this program does not have: not its summaries
  return 0;
}

uint32_t SccCache::Run::firstLine(llvm::StringRef Function, bool &Foreign) const {
  if (std::optional<uint32_t> L = Anchors.firstLineOf(Function))
    return *L;
  Foreign = true; // a function this program does not have: not its summaries
  return 0;
}

ir::Digest SccCache::Run::keyOf(uint32_t C,
                                std::vector<uint32_t> *CalleeSCCs) const {
  const CallGraph &G = PS.graph();
  ir::DigestBuilder B;
  B.digest(Salt);
  llvm::ArrayRef<uint32_t> Members = G.sccs()[C];
  B.u64(Members.size());
  for (uint32_t F : Members)
    B.digest(P.FunctionDigests[F]);
  // What the members' calls resolve to: by callee symbol, in a fixed order.
  for (uint32_t F : Members) {
    std::vector<ir::Symbol> Callees = ir::calleesOf(P.Functions[F]);
    std::sort(Callees.begin(), Callees.end());
    Callees.erase(std::unique(Callees.begin(), Callees.end()), Callees.end());
    B.u64(Callees.size());
    for (ir::Symbol Callee : Callees) {
      B.str(Callee);
      auto It = G.index().find(Callee);
      if (It == G.index().end())
        B.u64(0); // no body: a library model or unknown code
      else if (G.sccOf()[It->second] == C)
        B.u64(1); // a member: its body is in the key already
      else {
        const uint32_t K = G.sccOf()[It->second];
        B.u64(2).digest(Shapes[K]);
        if (CalleeSCCs)
          CalleeSCCs->push_back(K);
      }
    }
  }
  return B.finish();
}

std::vector<ir::Digest> SccCache::Run::basisOf(
    const std::vector<uint32_t> &Callees) const {
  std::vector<ir::Digest> B;
  B.reserve(Callees.size());
  for (uint32_t K : Callees)
    B.push_back(Summaries[K]);
  return B;
}

ir::Digest SccCache::Run::movedDigest(const serialize::SccEntry &E,
                                      const std::vector<ir::Digest> &Now) {
  // Its moves are a function of the stored entry and of what its callees'
  // summaries are now: so are its summaries.
  ir::DigestBuilder B;
  B.str("moved").digest(E.Summaries).u64(Now.size());
  for (const ir::Digest &D : Now)
    B.digest(D);
  return B.finish();
}

void SccCache::Run::keepMoveSources(const serialize::SccEntry &E,
                                    const std::vector<ir::Digest> &Now) {
  // The callee versions its moves are found from: a later scan finds them
  // again from these.
  for (size_t I = 0; I < E.Basis.size() && I < Now.size(); ++I)
    if (!(E.Basis[I] == Now[I]))
      if (const serialize::SccEntry *Old =
              Cache.Store->findSummaries(E.Basis[I]))
        Writer->keep(*Old);
}

std::shared_ptr<const LineMoves>
SccCache::Run::calleeMoves(const serialize::SccEntry &E,
                           const std::vector<uint32_t> &Callees,
                           const std::vector<ir::Digest> &Now) {
  if (E.Basis.size() != Callees.size())
    return nullptr;
  auto Union = std::make_shared<LineMoves>();
  for (size_t I = 0; I < Callees.size(); ++I) {
    if (E.Basis[I] == Now[I])
      continue;
    std::shared_ptr<const LineMoves> Of = movesOf(Callees[I], E.Basis[I]);
    if (!Of || !Union->merge(*Of))
      return nullptr;
  }
  return Union;
}

std::shared_ptr<const LineMoves>
SccCache::Run::movesOf(uint32_t K, const ir::Digest &Then) {
  // Once per callee and old version: its callers share it.
  std::lock_guard<std::mutex> G(MovesMutex);
  auto [It, New] = KnownMoves.try_emplace({K, Then});
  if (!New)
    return It->second;
  const serialize::SccEntry *Old = Cache.Store->findSummaries(Then);
  if (!Old || Old->Shape != Shapes[K])
    return nullptr; // not stored any more, or not only lines
  Writer->keep(*Old);
  std::optional<std::vector<FunctionSummary>> Before = read(*Old, /*HeadsOnly=*/false);
  if (!Before)
    return nullptr;
  if (Adopted[K])
    ensureMembers(K, std::vector<bool>(PS.graph().sccs()[K].size(), true));
  // The members callers read (a member only its own SCC calls is released
  // once the SCC is done): their places are all its callers hold of it.
  std::vector<const FunctionSummary *> Current;
  std::vector<FunctionSummary> Kept;
  llvm::ArrayRef<uint32_t> Members = PS.graph().sccs()[K];
  if (Before->size() != Members.size())
    return nullptr;
  for (size_t M = 0; M < Members.size(); ++M) {
    if (PS.released(Members[M]))
      continue;
    Current.push_back(&PS.summaries()[Members[M]]);
    Kept.push_back(std::move((*Before)[M]));
  }
  if (Current.empty())
    return nullptr;
  auto M = std::make_shared<LineMoves>();
  if (Failed || !M->add(Kept, Current))
    return nullptr;
  It->second = std::move(M);
  return It->second;
}

std::optional<std::vector<FunctionSummary>>
SccCache::Run::read(const serialize::SccEntry &E, bool HeadsOnly,
                    std::string *Why,
                    const std::vector<bool> *Members) const {
  std::vector<FunctionSummary> Full;
  bool Foreign = false;
  ++Read;
  llvm::Expected<std::string> Bytes = Cache.Store->read(E, HeadsOnly);
  llvm::Error Err =
      Bytes ? serialize::decodeSummaries(
                  *Bytes, HeadsOnly,
                  [&](llvm::StringRef Path) { return fileIndex(Path, Foreign); },
                  Full,
                  [&](llvm::StringRef F) { return firstLine(F, Foreign); },
                  Members)
            : Bytes.takeError();
  if (Err || Foreign) {
    std::string Message =
        Err ? llvm::toString(std::move(Err)) : "not this program's";
    if (Why)
      *Why = std::move(Message);
    return std::nullopt;
  }
  return Full;
}

uint64_t SccCache::Run::identityOf(uint32_t C) const {
  std::string Names;
  for (uint32_t F : PS.graph().sccs()[C]) {
    Names += P.Functions[F].Symbol.str();
    Names += '\n';
  }
  return llvm::xxh3_64bits(Names);
}

// The reduce reads every field of a function but its body: if this fires,
// ir::Function changed; add the new field to reduceKey (below) if it is not
// part of the body, then update the size.
#if defined(__x86_64__) && defined(__GLIBCXX__) && !defined(_GLIBCXX_DEBUG)
static_assert(sizeof(ir::Function) == 168 && sizeof(ir::SyncPatterns) == 160,
              "ir::Function changed: update SccCache::Run::reduceKey");
#endif

ir::Digest SccCache::Run::reduceKey(bool ByShape) const {
  // What pairing reads: every function's header (not its body: a body
  // shows in the summaries), the functions its body names as callables or
  // thread entries, the call graph's shape, every SCC's summaries, the
  // classes, the file table and the globals whose address is taken.
  ir::DigestBuilder B;
  B.str(ByShape ? "reduce by shape" : "reduce").digest(Salt);
  B.u64(P.Files.size());
  for (const std::string &F : P.Files)
    B.str(F);
  B.u64(P.Functions.size());
  auto Symbols = [&](std::vector<ir::Symbol> V) {
    std::sort(V.begin(), V.end());
    B.u64(V.size());
    for (ir::Symbol S : V)
      B.str(S);
  };
  for (const ir::Function &F : P.Functions) {
    B.str(F.Symbol).str(F.Name).str(F.Class);
    B.u64(uint64_t(F.Access)).u64(uint64_t(F.Kind));
    B.u64(F.Formals.size());
    for (ir::Symbol S : F.Formals)
      B.str(S);
    // Where each function is, in absolute lines: the digests above measure
    // lines from functions (LineAnchors.h), and the reports name lines. By
    // shape: the places in its text from its anchor (and the order of the
    // functions in each file, below).
    const ir::SyncPatterns &SP = *F.Patterns;
    if (!ByShape) {
      B.u64(F.Location.File).u64(F.Location.Line).u64(F.Location.Col);
      for (const ir::Loc &L : {SP.HandRolledSync, SP.ConditionWait, SP.OnceInit,
                               SP.FlagGuard, SP.BarrierWait, SP.AcquireRegion})
        B.u64(L.File).u64(L.Line).u64(L.Col);
      B.u64(SP.OnceInitLast).u64(SP.FlagGuardLast).u64(SP.LastSignalLine);
      B.u64(SP.AcquireRegionLast).u64(SP.PublishLine);
    } else {
      B.u64(F.Location.File).u64(F.Location.Col);
      for (const ir::Loc &L :
           {SP.HandRolledSync, SP.ConditionWait, SP.OnceInit, SP.FlagGuard,
            SP.BarrierWait, SP.AcquireRegion}) {
        serialize::LineAnchor A =
            L.Line ? Anchors.anchorOf(L) : serialize::LineAnchor();
        if (!L.Line || A.Function.empty())
          B.u64(L.File).u64(L.Line).u64(L.Col);
        else
          B.str(A.Function).u64(L.Line - A.FirstLine).u64(L.File).u64(L.Col);
      }
      for (uint32_t End : {SP.OnceInitLast, SP.FlagGuardLast, SP.LastSignalLine,
                           SP.AcquireRegionLast, SP.PublishLine})
        B.u64(End ? uint64_t(int64_t(End) - int64_t(F.Location.Line)) : 0);
    }
    B.u64(SP.ConditionWaitSignals).u64(SP.SignalledWait).u64(SP.AcquireSpin);
    B.u64(SP.AcquireLastOwner);
    B.str(SP.FlagGuardVar).str(SP.AcquireVar).str(SP.PublishVar);
    B.str(SP.OnceInitVar);
    Symbols(SP.OnceInitUnwritten);
    B.digest(Named[&F - P.Functions.data()]);
  }
  if (ByShape) {
    // Lines may move; the order of the functions in a file may not (the
    // pairing orders and merges by place).
    std::vector<uint32_t> Order(P.Functions.size());
    for (uint32_t I = 0; I < Order.size(); ++I)
      Order[I] = I;
    std::stable_sort(Order.begin(), Order.end(), [&](uint32_t A, uint32_t B) {
      const ir::Loc &X = P.Functions[A].Location, &Y = P.Functions[B].Location;
      return X < Y;
    });
    for (uint32_t I : Order)
      B.u64(I);
  }
  const CallGraph &G = PS.graph();
  B.u64(G.sccs().size());
  for (uint32_t C = 0; C < G.sccs().size(); ++C) {
    B.u64(G.sccs()[C].size());
    for (uint32_t F : G.sccs()[C])
      B.u64(F);
    B.u64(G.callers()[C].size());
    for (uint32_t K : G.callers()[C])
      B.u64(K);
    B.digest(ByShape ? Shapes[C] : Summaries[C]);
  }
  B.u64(P.Classes.size());
  // (The pairing reads no class's line: by shape, its file and column.)
  for (const ir::ClassInfo &C : P.Classes)
    B.str(C.Name)
        .u64(C.HasGuardedFields | C.IsCapability << 1 | C.MarkedThreadSafe << 2)
        .u64(C.Location.File)
        .u64(ByShape ? 0 : C.Location.Line)
        .u64(C.Location.Col);
  for (const ir::ClassInfo &C : P.Classes) {
    B.u64(C.Bases.size());
    for (const std::string &Base : C.Bases)
      B.str(Base);
  }
  // The globals whose address is taken (the thread check's aliasing).
  B.u64(P.AddressesUnknown).u64(P.AddressTaken.size());
  for (const std::string &G : P.AddressTaken)
    B.str(G);
  // The functions two programs define (which files each `main` reaches).
  B.u64(P.DuplicateDefinitions.size());
  for (const std::string &S : P.DuplicateDefinitions)
    B.str(S);
  // The slots of callback tables (LowTableDispatch).
  B.u64(P.TableSlots.size());
  for (const std::string &S : P.TableSlots)
    B.str(S);
  return B.finish();
}

const ir::Digest &SccCache::Run::finalReduceKey() {
  if (!FinalReduceKey)
    FinalReduceKey = reduceKey();
  return *FinalReduceKey;
}

const ir::Digest &SccCache::Run::finalShapeKey() {
  if (!FinalShapeKey)
    FinalShapeKey = reduceKey(/*ByShape=*/true);
  return *FinalShapeKey;
}

std::optional<std::vector<report::Report>>
SccCache::Run::reuseAll(report::Coverage *Scope) {
  if (!Reuse)
    return std::nullopt;
  const size_t N = Summaries.size();
  std::vector<const serialize::SccEntry *> Found(N);
  for (uint32_t C = 0; C < N; ++C) { // callees first
    std::vector<uint32_t> Callees;
    Found[C] = Cache.Store->find(keyOf(C, &Callees));
    if (!Found[C]) {
      std::fill(Summaries.begin(), Summaries.end(), ir::Digest());
      return std::nullopt;
    }
    // One whose callees moved lines since it was stored: as step() names
    // it when it adopts it with their moves (if they turn out to be more
    // than moves, step() summarizes it and stores it anew, and the reduce
    // recorded then names that).
    std::vector<ir::Digest> Basis = basisOf(Callees);
    Summaries[C] = Found[C]->Basis == Basis
                       ? Found[C]->Summaries
                       : movedDigest(*Found[C], Basis);
    if (!(Found[C]->Basis == Basis))
      MoveSources.push_back({Found[C], std::move(Basis)});
    Shapes[C] = Found[C]->Shape;
  }
  std::optional<std::vector<report::Report>> R;
  if (Cache.ReuseReduce)
    R = Cache.Reduce.load(reduceKey().hex(), Scope);
  if (!R) {
    std::fill(Summaries.begin(), Summaries.end(), ir::Digest());
    return std::nullopt;
  }
  // The store keeps what this scan used.
  for (const serialize::SccEntry *E : Found)
    Writer->keep(*E);
  for (const auto &[E, Basis] : MoveSources)
    keepMoveSources(*E, Basis);
  Reused = unsigned(N);
  ReduceReused = true;
  if (llvm::Error E = Writer->commit())
    Cache.writeFailed(llvm::toString(std::move(E)));
  return R;
}

void SccCache::Run::fail(const std::string &Message) {
  Cache.note(Message);
  Failed = true;
}

void SccCache::Run::step(uint32_t C) {
  std::vector<uint32_t> Callees;
  const ir::Digest Key = keyOf(C, &Callees);
  llvm::ArrayRef<uint32_t> Members = PS.graph().sccs()[C];
  std::vector<ir::Digest> Basis = basisOf(Callees);
  const serialize::SccEntry *E =
      Reuse && !Failed ? Cache.Store->find(Key) : nullptr;
  if (E && E->Basis != Basis) {
    // Made from callees that have moved lines since: its places move with
    // theirs (LineMoves.h), when it is read (a caller summarized again, the
    // reduce). It is not stored again: its summaries are the stored ones
    // with these moves, and their digest says so.
    if (std::shared_ptr<const LineMoves> Union =
            calleeMoves(*E, Callees, Basis)) {
      {
        // Its callers' copies of its places moved the same way.
        std::lock_guard<std::mutex> G(MovesMutex);
        KnownMoves.try_emplace({C, E->Summaries}, Union);
      }
      Summaries[C] = movedDigest(*E, Basis);
      Shapes[C] = E->Shape;
      Adopted[C] = E;
      PendingMoves[C] = std::move(Union);
      // (The callee versions its moves came from are kept by movesOf,
      // or by the callee's own adoption.)
      Writer->keep(*E);
      ++Reused;
      ++LinesMoved;
      return;
    }
    E = nullptr; // summarize it
  }
  if (E) {
    // Read when someone needs it; an entry that turns out unreadable then
    // has everything summarized again (finish()).
    Summaries[C] = E->Summaries;
    Shapes[C] = E->Shape;
    Adopted[C] = E;
    Writer->keep(*E);
    ++Reused;
    return;
  }
  // Callees adopted from the store: the summaries of the members called.
  const CallGraph &G = PS.graph();
  std::map<uint32_t, std::vector<bool>> Called;
  for (uint32_t F : Members)
    for (ir::Symbol Callee : ir::calleesOf(P.Functions[F])) {
      auto It = G.index().find(Callee);
      if (It == G.index().end())
        continue;
      const uint32_t K = G.sccOf()[It->second];
      if (K == C || !Adopted[K])
        continue;
      llvm::ArrayRef<uint32_t> Of = G.sccs()[K];
      std::vector<bool> &Want = Called[K];
      Want.resize(Of.size());
      Want[std::find(Of.begin(), Of.end(), It->second) - Of.begin()] = true;
    }
  for (const auto &[K, Want] : Called)
    ensureMembers(K, Want);
  if (Failed)
    return; // everything is summarized again
  PS.computeSCC(C);
  std::vector<const FunctionSummary *> S;
  for (uint32_t F : Members)
    S.push_back(&PS.summaries()[F]);
  const uint64_t Identity = identityOf(C);
  ir::Digest Shape;
  Summaries[C] = Writer->add(
      Key, Identity,
      [&](serialize::ChunkSink Sink) {
        serialize::EncodedSummaries Enc = serialize::encodeSummaries(
            S, P.Files, [&](const ir::Loc &L) { return Anchors.anchorOf(L); },
            Sink);
        Shape = Enc.Shape;
        return Enc;
      },
      std::move(Basis));
  Shapes[C] = Shape;
  if (const serialize::SccEntry *Prev = Cache.Store->findIdentity(Identity))
    if (Prev->Summaries == Summaries[C])
      ++Unchanged;
  ++Recomputed;
  if (haveLast())
    alignWithLast(C, Shape); // while no member is released
  PS.finishSCC(C);
}

std::optional<std::vector<FunctionSummary>>
SccCache::Run::readAdopted(uint32_t C, bool HeadsOnly,
                           const std::vector<bool> *Members) {
  std::string Why = "not this program's";
  std::optional<std::vector<FunctionSummary>> S =
      read(*Adopted[C], HeadsOnly, &Why, Members);
  if (!S || S->size() != PS.graph().sccs()[C].size()) {
    fail("unusable stored summaries (" + Why +
         "); summarizing everything again");
    return std::nullopt;
  }
  if (PendingMoves[C])
    PendingMoves[C]->apply(*S);
  return S;
}

void SccCache::Run::readMembers(
    uint32_t C, llvm::function_ref<bool(uint32_t F, size_t M)> Which,
    llvm::function_ref<void(uint32_t F, FunctionSummary &&S)> Take) {
  llvm::ArrayRef<uint32_t> Members = PS.graph().sccs()[C];
  std::vector<bool> Need(Members.size());
  bool Any = false;
  for (size_t M = 0; M < Members.size(); ++M)
    Any |= Need[M] = Which(Members[M], M);
  if (!Any || Failed)
    return;
  if (std::optional<std::vector<FunctionSummary>> S =
          readAdopted(C, /*HeadsOnly=*/false, &Need))
    for (size_t M = 0; M < Members.size(); ++M)
      if (Need[M])
        Take(Members[M], std::move((*S)[M]));
}

void SccCache::Run::ensureMembers(uint32_t C, const std::vector<bool> &Wanted) {
  std::lock_guard<std::mutex> G(
      MembersMutex[C % (sizeof(MembersMutex) / sizeof(MembersMutex[0]))]);
  readMembers(
      C, [&](uint32_t F, size_t M) { return Wanted[M] && !ReadWhole[F]; },
      [&](uint32_t F, FunctionSummary &&S) {
        PS.putSummary(F, std::move(S));
        ReadWhole[F] = 1;
      });
}

void SccCache::Run::adopt(uint32_t C) {
  if (!Adopted[C] || Failed)
    return;
  // The members a caller read whole have their summaries; the others' heads
  // now (their accesses if the reduce reads them: finish()).
  llvm::ArrayRef<uint32_t> Members = PS.graph().sccs()[C];
  if (!llvm::all_of(Members, [&](uint32_t F) { return ReadWhole[F]; })) {
    std::optional<std::vector<FunctionSummary>> Heads =
        readAdopted(C, /*HeadsOnly=*/true);
    if (!Heads)
      return;
    for (size_t M = 0; M < Members.size(); ++M)
      if (!ReadWhole[Members[M]])
        PS.putSummary(Members[M], std::move((*Heads)[M]));
  }
  PS.finishSCC(C);
}

void SccCache::Run::ensureAccesses(uint32_t C) {
  // (Not those released: a member only its own SCC calls.)
  readMembers(
      C,
      [&](uint32_t F, size_t) { return !ReadWhole[F] && !PS.released(F); },
      [&](uint32_t F, FunctionSummary &&S) {
        PS.setAccesses(F, std::move(S.Accesses));
      });
}

bool SccCache::Run::finish() {
  // The reduce reads the accesses of every function not released.
  for (uint32_t C = 0; C < Adopted.size() && !Failed; ++C)
    if (Adopted[C])
      ensureAccesses(C);
  return !Failed;
}

std::optional<std::vector<report::Report>>
SccCache::Run::reuseReduce(report::Coverage *Scope) {
  if (Failed || !Reuse || !Cache.ReuseReduce)
    return std::nullopt;
  std::optional<std::vector<report::Report>> R =
      Cache.Reduce.load(finalReduceKey().hex(), Scope);
  if (!R)
    return reuseShifted(Scope);
  ReduceReused = true;
  if (llvm::Error E = Writer->commit())
    Cache.writeFailed(llvm::toString(std::move(E)));
  return R;
}

std::shared_ptr<const LineMoves>
SccCache::Run::alignedWithLast(uint32_t C, const ir::Digest &Shape,
                               llvm::ArrayRef<const FunctionSummary *> Now) {
  const serialize::SccEntry *Old = Cache.Store->findSummaries(Last->Entries[C]);
  if (!Old || Old->Shape != Shape)
    return nullptr; // not stored any more, or more than lines changed
  std::optional<std::vector<FunctionSummary>> Before =
      read(*Old, /*HeadsOnly=*/false);
  auto M = std::make_shared<LineMoves>();
  if (!Before || !M->add(*Before, Now, /*Known=*/true))
    return nullptr;
  return M;
}

void SccCache::Run::alignWithLast(uint32_t C, const ir::Digest &Shape) {
  if (Last->Entries[C] == Summaries[C])
    return; // what the last pairing read
  std::vector<const FunctionSummary *> Now;
  for (uint32_t F : PS.graph().sccs()[C])
    Now.push_back(&PS.summaries()[F]);
  if (!(Shifts[C] = alignedWithLast(C, Shape, Now)))
    ShiftFailed = true;
}

bool SccCache::Run::alignAdopted(uint32_t C) {
  // Both versions from the store: its members may be released by now.
  const serialize::SccEntry *Old = Cache.Store->findSummaries(Last->Entries[C]);
  if (!Old || Old->Shape != Shapes[C])
    return false;
  std::optional<std::vector<FunctionSummary>> After =
      read(*Adopted[C], /*HeadsOnly=*/false);
  if (!After)
    return false;
  if (PendingMoves[C])
    PendingMoves[C]->apply(*After);
  std::vector<const FunctionSummary *> Now;
  for (const FunctionSummary &S : *After)
    Now.push_back(&S);
  Shifts[C] = alignedWithLast(C, Shapes[C], Now);
  return Shifts[C] != nullptr;
}

std::optional<std::vector<report::Report>>
SccCache::Run::reuseShifted(report::Coverage *Scope) {
  if (!haveLast() || ShiftFailed || Failed)
    return std::nullopt;
  // The same program but for lines (first: it also says the SCCs are
  // numbered as they were); then every SCC's summaries are the ones the
  // last pairing read, or were summarized again and aligned with them.
  if (Last->ShapeKey != finalShapeKey().hex())
    return std::nullopt;
  const size_t N = Summaries.size();
  for (uint32_t C = 0; C < N; ++C)
    if (entryOf(C) != Last->Entries[C] && !Shifts[C] &&
        !(Adopted[C] && alignAdopted(C)))
      return std::nullopt;
  report::Coverage Was;
  std::optional<std::vector<report::Report>> R =
      Cache.Reduce.load(Last->ExactKey, &Was);
  if (!R)
    return std::nullopt;
  const CallGraph &G = PS.graph();
  auto Where = [&](const report::SourceLocation &L,
                   const PlaceAnchor &A) -> std::optional<uint32_t> {
    if (A.Function.empty())
      return std::nullopt; // in no function's text: where it is now is unknown
    std::optional<uint32_t> First = Anchors.firstLineOf(A.Function);
    auto It = G.index().find(ir::Symbol(A.Function));
    if (!First || It == G.index().end())
      return std::nullopt;
    const uint32_t Line = *First + A.Offset;
    const uint32_t K = G.sccOf()[It->second];
    if (entryOf(K) == Last->Entries[K])
      return Line; // its text did not change: it moved with its function
    bool Foreign = false;
    const uint32_t File = fileIndex(L.File, Foreign);
    if (Foreign)
      return std::nullopt;
    return Shifts[K]->lineOf(ir::Loc{File, Line, L.Col});
  };
  if (!shiftReports(*R, Last->Places, Where))
    return std::nullopt;
  ReduceReused = ReduceShifted = true;
  if (Scope)
    *Scope = Was;
  store(*R, Was); // under this scan's key, for the next one
  return R;
}

void SccCache::Run::store(const std::vector<report::Report> &Reports,
                          const report::Coverage &Scope) {
  if (Failed)
    return;
  Cache.Reduce.store(finalReduceKey().hex(), Reports, Scope);
  // With the anchor of every place, for a scan whose lines moved.
  ShiftRecord Rec;
  Rec.ExactKey = finalReduceKey().hex();
  Rec.ShapeKey = finalShapeKey().hex();
  for (uint32_t C = 0; C < Summaries.size(); ++C)
    Rec.Entries.push_back(entryOf(C));
  Rec.Places.reserve(Reports.size());
  for (const report::Report &R : Reports) {
    std::vector<PlaceAnchor> &Out = Rec.Places.emplace_back();
    forEachReportPlace(R, [&](const report::SourceLocation &L) {
      bool Foreign = false;
      const uint32_t File = fileIndex(L.File, Foreign);
      serialize::LineAnchor A;
      if (!Foreign && L.Line)
        A = Anchors.anchorOf(ir::Loc{File, L.Line, L.Col});
      if (A.Function.empty() || L.Line < A.FirstLine)
        Out.push_back({});
      else
        Out.push_back({A.Function.str(), L.Line - A.FirstLine});
    });
  }
  writeShiftRecord(Cache.PlacesPath, Rec,
                   Cache.Verbose ? Cache.Log : llvm::nulls());
  if (llvm::Error E = Writer->commit())
    Cache.writeFailed(llvm::toString(std::move(E)));
}

SccCacheStats SccCache::Run::stats() const {
  SccCacheStats S;
  S.Reused = Reused;
  S.Recomputed = Recomputed;
  S.Unchanged = Unchanged;
  S.LinesMoved = LinesMoved;
  S.Read = Read;
  S.ReduceReused = ReduceReused;
  S.ReduceShifted = ReduceShifted;
  return S;
}

} // namespace racer::driver
