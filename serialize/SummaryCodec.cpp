//===- SummaryCodec.cpp - One SCC's summaries as canonical bytes ----------===//
#include "serialize/SummaryCodec.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <cstring>

namespace racer::serialize {

// The codec writes every field by hand: a field added to a summary type
// would be silently dropped by the cache. These sizes (x86-64 libstdc++)
// catch most such changes at build time. If one fires: encode and decode the
// field, add it to test/unit/serialize/SummaryCodecTest.cpp, bump
// SummaryCodecVersion, then update the size here.
#if defined(__x86_64__) && defined(__GLIBCXX__) && !defined(_GLIBCXX_DEBUG)
#define RACER_SUMMARY_SIZE(T, N)                                               \
  static_assert(sizeof(T) == N,                                                \
                "a summary type changed: update SummaryCodec (" #T ")")
RACER_SUMMARY_SIZE(ir::Loc, 12);
RACER_SUMMARY_SIZE(ir::PathStep, 8);
RACER_SUMMARY_SIZE(ir::AccessPath, 72);
RACER_SUMMARY_SIZE(ir::Operand, 80);
RACER_SUMMARY_SIZE(HeldLock, 80);
RACER_SUMMARY_SIZE(CallSite, 24);
RACER_SUMMARY_SIZE(CallChain, 8);
RACER_SUMMARY_SIZE(AccessSnapshot, 48);
RACER_SUMMARY_SIZE(LockEffect, 192);
RACER_SUMMARY_SIZE(ThreadSpawn, 232);
RACER_SUMMARY_SIZE(Assumption, 16);
RACER_SUMMARY_SIZE(CallContext, 16);
RACER_SUMMARY_SIZE(FunctionSummary, 200);
#undef RACER_SUMMARY_SIZE
#endif

namespace {

// Access flags (first byte of every access).
constexpr uint8_t KindMask = 3;          // AccessKind
constexpr unsigned ThreadsShift = 2;     // ThreadsKind, 2 bits
constexpr uint8_t HasContainer = 1 << 4; // ContainerMethod follows
constexpr uint8_t HasLocks = 1 << 5;     // Locks follow
constexpr uint8_t HasLive = 1 << 6;      // Live follows
constexpr uint8_t SameRoot = 1 << 7;     // the path's root is the previous one's

constexpr unsigned NumAccessKinds = 4, NumThreadsKinds = 3, NumRootKinds = 3,
                   NumStepKinds = 6, NumOperandKinds = 4;

bool sameRootAndSpelling(const ir::AccessPath &A, const ir::AccessPath &B) {
  return A.Root == B.Root && A.Index == B.Index && A.Symbol == B.Symbol &&
         A.Spelling == B.Spelling;
}

//===-- Encoder -----------------------------------------------------------===//

/// An append-only byte buffer: std::string's push_back checks its capacity
/// and writes a terminator for every byte, which showed in profiles (the
/// encoder writes ~100 MB of varints on redis).
class Bytes {
public:
  void u8(uint8_t V) {
    reserve(1);
    *Cur++ = char(V);
  }
  void var(uint64_t V) {
    reserve(10);
    while (V >= 0x80) {
      *Cur++ = char(uint8_t(V) | 0x80);
      V >>= 7;
    }
    *Cur++ = char(V);
  }
  void append(llvm::StringRef S) {
    reserve(S.size());
    std::memcpy(Cur, S.data(), S.size());
    Cur += S.size();
  }
  size_t size() const { return Cur ? size_t(Cur - Buf.data()) : 0; }
  llvm::StringRef str() const { return llvm::StringRef(Buf.data(), size()); }
  /// Empty, keeping the memory (the encoder's buffers are reused per thread).
  void clear() { Cur = Buf.empty() ? nullptr : Buf.data(); }
  /// Empty, giving its memory back if it holds more than \p Keep bytes: one
  /// large SCC's encoding (redis's `main`) would otherwise stay held by
  /// every thread that ever encoded one, through the rest of the scan.
  void trim(size_t Keep) {
    if (Buf.size() <= Keep)
      return clear();
    std::string().swap(Buf);
    Cur = End = nullptr;
  }
  /// \p Prefix, then the bytes, in the buffer itself (no second copy of a
  /// large SCC's encoding: redis's largest is ~35 MB); empty after.
  std::string take(llvm::StringRef Prefix) {
    const size_t Used = size();
    reserve(Prefix.size());
    Buf.resize(Used); // keeps the capacity: the insert moves in place
    Buf.insert(0, Prefix.data(), Prefix.size());
    std::string Out;
    Out.swap(Buf);
    Cur = End = nullptr;
    return Out;
  }

private:
  void reserve(size_t N) {
    if (Cur && size_t(End - Cur) >= N)
      return;
    size_t Used = size();
    // Doubling, but by a quarter past 8 MB: the growth is zero-filled (every
    // page of it resident), and a large SCC's encoding (~35 MB on redis)
    // held up to twice its size.
    const size_t Grown = Buf.size() > (8u << 20) ? Buf.size() + Buf.size() / 4
                                                 : 2 * Buf.size();
    Buf.resize(std::max<size_t>(Grown, Used + N + 256));
    Cur = Buf.data() + Used;
    End = Buf.data() + Buf.size();
  }
  std::string Buf;
  char *Cur = nullptr, *End = nullptr;
};

/// The accesses' bytes cut into chunks of about a megabyte (at the end of
/// an access, once a chunk holds that much; so the same accesses are cut
/// the same way), each digested, and handed to a sink if there is one.
class AccessChunks {
public:
  explicit AccessChunks(ChunkSink Sink) : Sink(Sink) {}
  static constexpr size_t Size = 1 << 20;

  void afterAccess(Bytes &Out) {
    if (Out.size() - Start >= Size)
      cut(Out);
  }
  /// Ends the chunk so far (the last one, at the end).
  void cut(Bytes &Out) {
    const llvm::StringRef Chunk = Out.str().drop_front(Start);
    Digests.digest(ir::Digest::of(Chunk));
    ++Count;
    if (Sink) {
      Sink(Chunk);
      Handed += Chunk.size();
      Out.clear();
      Start = 0;
    } else {
      Start = Out.size();
    }
  }
  /// Bytes written so far, \p Out's and those handed over.
  size_t written(const Bytes &Out) const { return Handed + Out.size(); }
  /// The digest of all the bytes: those of \p Prefix and of each chunk.
  ir::Digest digest(llvm::StringRef Prefix) {
    return ir::DigestBuilder()
        .digest(ir::Digest::of(Prefix))
        .u64(Count)
        .digest(Digests.finish())
        .finish();
  }

private:
  ChunkSink Sink;
  size_t Start = 0, Handed = 0;
  uint64_t Count = 0;
  ir::DigestBuilder Digests;
};

class Encoder {
public:
  Encoder(llvm::ArrayRef<std::string> Files, AnchorOf Anchors)
      : Files(Files), Anchors(Anchors), FileIds(Files.size(), 0) {}

  Bytes *Out = nullptr;   ///< where fields go (heads, then accesses)
  AccessChunks *Chunks = nullptr; ///< while accesses are written
  /// The same, with every line written as 0: only its digest is kept, so
  /// it is digested a chunk at a time (a large SCC's shape was a second
  /// copy of its ~35 MB encoding).
  Bytes *Shape = nullptr;
  /// The digests of the shape's chunks so far, if it was cut.
  ir::DigestBuilder ShapeChunks;
  bool ShapeCut = false;
  static constexpr size_t ShapeChunk = 1 << 20;
  /// The digest of the whole shape (once everything is written).
  ir::Digest shapeDigest() {
    if (!ShapeCut)
      return ir::Digest::of(Shape->str());
    cutShape();
    return ShapeChunks.finish();
  }

  /// The member being written. Its locals are numbered in the order they
  /// are first written (its head, then its accesses), not by their index
  /// in the function, which a local declared above them changes (a
  /// statement `{ int x = 0; .. }` at the top of `DBImpl::Resume` renumbered
  /// its later locals, and its summary changed in more than lines). Within
  /// one summary a local keeps one number, which is all a reader compares:
  /// a caller maps a callee's locals by number (syntheticLocal), a thread
  /// root pairs its own objects with its spawns' arguments.
  void startMember(size_t M) {
    Member = M;
    if (LocalIds.size() <= M)
      LocalIds.resize(M + 1);
  }
  uint32_t localId(uint32_t Index) {
    if (LocalIds.size() <= Member)
      LocalIds.resize(Member + 1);
    llvm::DenseMap<uint32_t, uint32_t> &Ids = LocalIds[Member];
    return Ids.try_emplace(Index, uint32_t(Ids.size())).first->second;
  }

  void u8(uint8_t V) {
    Out->u8(V);
    Shape->u8(V);
    shapeWritten();
  }
  void var(uint64_t V) {
    Out->var(V);
    Shape->var(V);
    shapeWritten();
  }
  static uint64_t zigzag(int64_t V) {
    return (uint64_t(V) << 1) ^ uint64_t(V >> 63);
  }
  void svar(int64_t V) { var(zigzag(V)); }
  /// A line (or a difference of lines): not part of the shape.
  void line(int64_t V) {
    Out->var(zigzag(V));
    Shape->u8(0);
    shapeWritten();
  }
  void shapeWritten() {
    if (Shape->size() >= ShapeChunk)
      cutShape();
  }
  void cutShape() {
    ShapeChunks.digest(ir::Digest::of(Shape->str()));
    ShapeCut = true;
    Shape->clear();
  }

  uint32_t idOf(ir::Symbol S) {
    auto [It, New] = SymIds.try_emplace(S.opaque(), NumStrings);
    if (New)
      addString(S.str());
    return It->second;
  }
  void sym(ir::Symbol S) { var(idOf(S)); }
  uint32_t fileId(uint32_t File) {
    if (File >= Files.size())
      return idOf(ir::Symbol("<no file>"));
    if (!FileIds[File]) {
      FileIds[File] = NumStrings + 1;
      addString(Files[File]);
    }
    return FileIds[File] - 1;
  }
  /// The anchor of \p L (LineAnchor): its string id + 1, or 0 for none;
  /// \p Line is set to what is written of the line.
  uint32_t anchor(const ir::Loc &L, int64_t &Line) {
    Line = L.Line;
    if (!Anchors)
      return 0;
    LineAnchor A = Anchors(L);
    if (A.Function.empty())
      return 0;
    Line = int64_t(L.Line) - int64_t(A.FirstLine);
    if (A.Function == LastAnchor)
      return LastAnchorId + 1; // places come in runs of one function
    uint32_t Id = idOf(A.Function);
    if (AnchorIds.insert(Id).second)
      AnchorList.push_back(Id);
    LastAnchor = A.Function;
    LastAnchorId = Id;
    return Id + 1;
  }
  /// 0 for no location (all zero: not a place in the program's first
  /// file), else the file's id + 1, the anchor (0 for none, else its id +
  /// 1), the line (from the anchor) and column.
  void loc(const ir::Loc &L) {
    if (L == ir::Loc()) {
      var(0);
      return;
    }
    var(fileId(L.File) + 1);
    int64_t Line;
    var(anchor(L, Line));
    line(Line);
    var(L.Col);
  }
  void path(const ir::AccessPath &P) {
    u8(uint8_t(P.Root));
    var(P.Root == ir::RootKind::Local ? localId(P.Index) : P.Index);
    sym(P.Symbol);
    sym(P.Spelling);
    steps(P, 0);
  }
  void steps(const ir::AccessPath &P, size_t From) {
    var(P.Steps.size() - From);
    for (size_t I = From; I < P.Steps.size(); ++I) {
      // Bit 7: a named Index step (a lock's constant index).
      ir::StepKind K = P.Steps[I].kind();
      bool Named = K == ir::StepKind::Index && !P.Steps[I].name().empty();
      u8(uint8_t(K) | uint8_t(Named) << 7);
      if (K == ir::StepKind::Field || Named)
        sym(P.Steps[I].name());
    }
  }
  void operand(const ir::Operand &O) {
    u8(uint8_t(O.K));
    path(O.Path);
  }
  void operands(const std::vector<ir::Operand> &V) {
    var(V.size());
    for (const ir::Operand &O : V)
      operand(O);
  }
  void locks(llvm::ArrayRef<HeldLock> V) {
    var(V.size());
    for (const HeldLock &L : V) {
      u8(uint8_t(L.Shared) | uint8_t(L.Unknown) << 1 |
         uint8_t(L.QueueFront) << 2 | uint8_t(L.Conditional) << 3 |
         uint8_t(L.TaskRun) << 4);
      path(L.Lock);
    }
  }
  void nestings(llvm::ArrayRef<LockNesting> V) {
    var(V.size());
    for (const LockNesting &N : V) {
      u8(uint8_t(N.OuterHeld) | uint8_t(N.InnerHeld) << 1);
      path(N.Outer);
      path(N.Inner);
    }
  }
  void ids(llvm::ArrayRef<uint32_t> V) {
    var(V.size());
    for (uint32_t X : V)
      var(X);
  }
  void site(const CallSite &C) {
    sym(C.Callee);
    loc(C.Location);
    u8(uint8_t(C.RunsLoop) | uint8_t(C.CrashPath) << 1);
  }

  void head(const FunctionSummary &S) {
    sym(ir::Symbol(S.Symbol));
    sym(ir::Symbol(S.Name));
    u8(uint8_t(S.Threads));
    u8(S.UsesLocksDirectly);
    u8(S.LockOwners);
    locks(S.Locks->Acquired);
    locks(S.Locks->Released);
    locks(S.Locks->Assumed);
    locks(S.Locks->MayRelease);
    locks(S.Locks->Returned);
    locks(S.Locks->OnceHeld);
    var(S.Locks->Taken.size());
    for (const ir::AccessPath &P : S.Locks->Taken)
      path(P);
    nestings(S.Locks->Nestings);
    operand(*S.Return);
    var(S.Spawns.size());
    for (const ThreadSpawn &T : S.Spawns) {
      var(T.Id);
      sym(T.Entry);
      sym(T.EntryName);
      operands(T.Args);
      operand(T.Handle);
      u8(T.Multi);
      u8(uint8_t(T.InForkChild) | uint8_t(T.OnlyOnZeroResult) << 1 |
         uint8_t(T.Pool) << 2);
      ids(T.LiveAtSpawn);
      sym(T.LoopRange);
      var(T.FreshArgs);
      operands(T.Serial);
      loc(T.Location);
      var(T.Trace.size());
      for (const CallSite &C : T.Trace)
        site(C);
    }
    ids(*S.LiveAtExit);
    operands(S.Joins);
    u8(S.JoinsAtExit);
    var(S.CallContexts.size());
    for (const CallContext &C : S.CallContexts) {
      sym(C.Callee);
      u8(C.Flags);
      u8(C.Formal);
      var(C.FreshArgs);
    }
    for (const std::vector<MemberPointer> *V :
         {&*S.MemberPointers, &*S.Publications, &*S.FlagClears}) {
      var(V->size());
      for (const MemberPointer &M : *V) {
        path(M.Member);
        operand(M.Value);
      }
    }
    var(S.CallableRuns.size());
    for (const CallableRun &R : S.CallableRuns) {
      sym(R.Callee);
      svar(R.Formal);
      locks(R.Locks);
    }
    var(S.Assumptions.size());
    for (const Assumption &A : S.Assumptions) {
      u8(uint8_t(A.Kind));
      loc(A.Location);
    }
    loc(S.HandRolledSync);
    u8(S.HandRolledDepth);
    loc(S.ConditionalLock);
  }

  /// The frames of every access's trace, into Frames (access I's are
  /// Frames[8 * I, 8 * I + FrameCount[I])). Trace nodes are scattered over
  /// the heap (each was allocated when its callee was summarized), so a walk
  /// is a chain of cache misses; walking a batch of traces a step at a time
  /// each keeps many of those misses in flight at once.
  void gatherFrames(const std::vector<AccessSnapshot> &V) {
    constexpr size_t Batch = 32, Depth = CallChain::MaxDepth;
    Frames.resize(V.size() * Depth);
    FrameCount.assign(V.size(), 0);
    for (size_t B = 0; B < V.size(); B += Batch) {
      const size_t N = std::min(Batch, V.size() - B);
      CallChain::iterator It[Batch], End;
      for (size_t K = 0; K < N; ++K)
        It[K] = V[B + K].Trace.begin();
      for (size_t Step = 0; Step < Depth; ++Step) {
        bool Any = false;
        for (size_t K = 0; K < N; ++K) {
          if (It[K] == End)
            continue;
          Frames[(B + K) * Depth + FrameCount[B + K]++] = *It[K];
          ++It[K];
          Any = true;
        }
        if (!Any)
          break;
      }
    }
  }

  /// Each access as the difference from the one before it in the summary.
  void accesses(const std::vector<AccessSnapshot> &V) {
    gatherFrames(V);
    var(V.size());
    const ir::AccessPath *PrevPath = nullptr;
    uint32_t PrevFile = UINT32_MAX, PrevAnchor = UINT32_MAX;
    int64_t PrevLine = 0;
    llvm::ArrayRef<CallSite> PrevTrace;
    for (size_t AI = 0; AI < V.size(); ++AI) {
      const AccessSnapshot &A = V[AI];
      const ir::AccessPath &Path = A.Path;
      bool Same = PrevPath && sameRootAndSpelling(*PrevPath, Path);
      u8(uint8_t(A.Kind) | uint8_t(A.Threads) << ThreadsShift |
         (A.containerMethod().empty() ? 0 : HasContainer) |
         (A.Locks.empty() ? 0 : HasLocks) | (A.live().empty() ? 0 : HasLive) |
         (Same ? SameRoot : 0));
      const bool NoLoc = A.Location == ir::Loc();
      u8(uint8_t(A.InForkChild) | uint8_t(NoLoc) << 1 |
         uint8_t(A.JoinedOuter != 0) << 2 |
         uint8_t(!A.nestings().empty()) << 3 |
         uint8_t(!A.releasedBefore().empty()) << 4 |
         uint8_t(A.Trace.hidden() != 0) << 5 | uint8_t(A.Atomic) << 6 |
         uint8_t(A.WalksEveryElement) << 7);
      if (A.JoinedOuter)
        u8(A.JoinedOuter);
      // Path: the root unless it is the previous path's, then the steps
      // after those it shares with the previous path.
      size_t Common = 0;
      if (Same) {
        while (Common < Path.Steps.size() &&
               Common < PrevPath->Steps.size() &&
               Path.Steps[Common] == PrevPath->Steps[Common])
          ++Common;
        var(Common);
      } else {
        u8(uint8_t(Path.Root));
        var(Path.Root == ir::RootKind::Local ? localId(Path.Index)
                                             : Path.Index);
        sym(Path.Symbol);
        sym(Path.Spelling);
      }
      steps(Path, Common);
      PrevPath = &Path;
      if (!A.containerMethod().empty())
        sym(A.containerMethod());
      if (!A.Locks.empty())
        locks(A.Locks);
      if (!A.live().empty())
        ids(A.live());
      if (!A.nestings().empty())
        nestings(A.nestings());
      if (!A.releasedBefore().empty())
        locks(A.releasedBefore());
      // Location (unless none): 0 for the previous access's file, else its
      // id + 1; 0 for the previous access's anchor, else loc()'s anchor + 1;
      // the line (from the anchor) as a difference.
      if (!NoLoc) {
        uint32_t File = fileId(A.Location.File);
        var(File == PrevFile ? 0 : File + 1);
        PrevFile = File;
        int64_t Line;
        uint32_t Anchor = anchor(A.Location, Line);
        var(Anchor == PrevAnchor ? 0 : Anchor + 1);
        PrevAnchor = Anchor;
        line(Line - PrevLine);
        PrevLine = Line;
        var(A.Location.Col);
      }
      // Trace: the outer frames it shares with the previous trace, then
      // the rest.
      llvm::ArrayRef<CallSite> Trace(&Frames[AI * CallChain::MaxDepth],
                                     FrameCount[AI]);
      size_t Shared = 0;
      while (Shared < Trace.size() && Shared < PrevTrace.size() &&
             Trace[Shared] == PrevTrace[Shared])
        ++Shared;
      var(Shared);
      var(Trace.size() - Shared);
      for (size_t I = Shared; I < Trace.size(); ++I)
        site(Trace[I]);
      if (A.Trace.hidden())
        var(A.Trace.hidden());
      PrevTrace = Trace;
      if (Chunks)
        Chunks->afterAccess(*Out);
    }
  }

  /// The string table: its size, then each string's length and bytes;
  /// then the anchors: their count, then each one's string id.
  void table(Bytes &T) const {
    T.var(NumStrings);
    T.append(TableBytes.str());
    T.var(AnchorList.size());
    for (uint32_t Id : AnchorList)
      T.var(Id);
  }

private:
  void addString(llvm::StringRef S) {
    ++NumStrings;
    TableBytes.var(S.size());
    TableBytes.append(S);
  }

  llvm::ArrayRef<std::string> Files;
  AnchorOf Anchors;
  llvm::DenseSet<uint32_t> AnchorIds; ///< string ids used as anchors
  ir::Symbol LastAnchor;              ///< the last anchor written, and its id
  uint32_t LastAnchorId = 0;
  std::vector<uint32_t> AnchorList;   ///< the same, in order of first use
  std::vector<uint32_t> FileIds; ///< per program file: string id + 1, or 0
  llvm::DenseMap<const void *, uint32_t> SymIds;
  std::vector<CallSite> Frames; ///< gatherFrames
  std::vector<uint8_t> FrameCount;
  uint32_t NumStrings = 0;
  Bytes TableBytes;
  std::vector<llvm::DenseMap<uint32_t, uint32_t>> LocalIds; ///< per member
  size_t Member = 0;
};

//===-- Decoder -----------------------------------------------------------===//

class Decoder {
public:
  Decoder(llvm::StringRef Bytes, FileResolver Resolve, AnchorResolver Lines)
      : P(reinterpret_cast<const uint8_t *>(Bytes.data())),
        End(P + Bytes.size()), Resolve(Resolve), Lines(Lines) {}

  bool Bad = false;
  const char *What = "";

  void fail(const char *Why) {
    if (!Bad)
      What = Why;
    Bad = true;
  }
  size_t offset(llvm::StringRef Bytes) const {
    return size_t(P - reinterpret_cast<const uint8_t *>(Bytes.data()));
  }
  uint8_t u8() {
    if (P >= End) {
      fail("truncated");
      return 0;
    }
    return *P++;
  }
  uint64_t var() {
    uint64_t V = 0;
    for (unsigned Shift = 0; Shift < 64; Shift += 7) {
      uint8_t B = u8();
      V |= uint64_t(B & 0x7f) << Shift;
      if (!(B & 0x80))
        return V;
    }
    fail("varint too long");
    return 0;
  }
  int64_t svar() {
    uint64_t V = var();
    return int64_t(V >> 1) ^ -int64_t(V & 1);
  }
  /// Past \p N bytes (not read).
  void skip(uint64_t N) {
    if (N > uint64_t(End - P))
      return fail("skip past the end");
    P += N;
  }
  /// A count of items of at least one byte each: never more than are left.
  size_t count() {
    uint64_t N = var();
    if (N > uint64_t(End - P)) {
      fail("count past the end");
      return 0;
    }
    return size_t(N);
  }
  template <typename E> E enumOf(unsigned Limit) {
    uint8_t V = u8();
    if (V >= Limit)
      fail("enum out of range");
    return E(V < Limit ? V : 0);
  }

  void table() {
    size_t N = count();
    Texts.reserve(N);
    for (size_t I = 0; I < N && !Bad; ++I) {
      size_t Len = count();
      if (Bad)
        break;
      Texts.emplace_back(reinterpret_cast<const char *>(P), Len);
      P += Len;
    }
    // Interned on first use: a read of the heads alone names few of them,
    // and interning takes the process-wide table's lock.
    Strings.assign(Texts.size(), ir::Symbol());
    Files.assign(Strings.size(), UINT32_MAX);
    // The anchors: each one's first line in this program, now.
    AnchorLines.assign(Strings.size(), UINT32_MAX);
    size_t NumAnchors = count();
    if (NumAnchors && !Lines)
      fail("lines measured from functions, and no program to place them");
    for (size_t I = 0; I < NumAnchors && !Bad; ++I) {
      uint32_t Id = id();
      if (!Bad && AnchorLines[Id] == UINT32_MAX)
        AnchorLines[Id] = Lines(Texts[Id].str());
    }
  }
  /// The line read after an anchor (\p A as written: 0 for none, else its
  /// id + 1), \p Written from it.
  uint32_t lineFrom(uint64_t A, int64_t Written) {
    int64_t Base = 0;
    if (A != 0) {
      if (A - 1 >= AnchorLines.size() || AnchorLines[A - 1] == UINT32_MAX) {
        fail("undeclared anchor");
        return 0;
      }
      Base = AnchorLines[A - 1];
    }
    int64_t Line = Base + Written;
    if (Line < 0 || Line > UINT32_MAX) {
      fail("line out of range");
      return 0;
    }
    return uint32_t(Line);
  }
  uint32_t id() {
    uint64_t I = var();
    if (I >= Strings.size()) {
      fail("string index out of range");
      return 0;
    }
    return uint32_t(I);
  }
  ir::Symbol sym() {
    uint32_t I = id();
    if (Bad)
      return ir::Symbol();
    if (Strings[I].empty() && !Texts[I].empty())
      Strings[I] = ir::Symbol(Texts[I]);
    return Strings[I];
  }
  uint32_t fileOf(uint32_t Id) {
    if (Bad)
      return 0; // never resolve what a damaged stream says
    if (Files[Id] == UINT32_MAX)
      Files[Id] = Resolve(Texts[Id].str());
    return Files[Id];
  }
  ir::Loc loc() {
    ir::Loc L;
    uint64_t F = var();
    if (F == 0)
      return L; // no location
    if (F - 1 >= Strings.size()) {
      fail("string index out of range");
      return L;
    }
    L.File = fileOf(uint32_t(F - 1));
    uint64_t A = var();
    L.Line = lineFrom(A, svar());
    L.Col = uint32_t(var());
    return L;
  }
  void steps(ir::AccessPath &A) {
    size_t N = count();
    for (size_t I = 0; I < N && !Bad; ++I) {
      uint8_t V = u8();
      bool Named = V & 0x80;
      V &= 0x7f;
      if (V >= NumStepKinds)
        fail("enum out of range");
      ir::StepKind K = ir::StepKind(V < NumStepKinds ? V : 0);
      A.Steps.push_back(ir::PathStep(
          K, K == ir::StepKind::Field || (Named && K == ir::StepKind::Index)
                 ? sym()
                 : ir::Symbol()));
    }
  }
  void root(ir::AccessPath &A) {
    A.Root = enumOf<ir::RootKind>(NumRootKinds);
    A.Index = uint32_t(var());
    A.Symbol = sym();
    A.Spelling = sym();
  }
  ir::AccessPath path() {
    ir::AccessPath A;
    root(A);
    steps(A);
    return A;
  }
  ir::Operand operand() {
    ir::Operand O;
    O.K = enumOf<ir::Operand::Kind>(NumOperandKinds);
    O.Path = path();
    return O;
  }
  std::vector<ir::Operand> operands() {
    std::vector<ir::Operand> V(count());
    for (ir::Operand &O : V)
      O = operand();
    return V;
  }
  std::vector<HeldLock> locks() {
    std::vector<HeldLock> V(count());
    for (HeldLock &L : V) {
      uint8_t F = u8();
      L.Shared = F & 1;
      L.Unknown = F & 2;
      L.QueueFront = F & 4;
      L.Conditional = F & 8;
      L.TaskRun = F & 16;
      L.Lock = path();
    }
    return V;
  }
  llvm::SmallVector<LockNesting, 0> nestings() {
    llvm::SmallVector<LockNesting, 0> V(count());
    for (LockNesting &N : V) {
      uint8_t F = u8();
      N.OuterHeld = F & 1;
      N.InnerHeld = F & 2;
      N.Outer = path();
      N.Inner = path();
    }
    return V;
  }
  llvm::SmallVector<uint32_t, 0> ids() {
    llvm::SmallVector<uint32_t, 0> V(count());
    for (uint32_t &X : V)
      X = uint32_t(var());
    return V;
  }
  CallSite site() {
    CallSite C;
    C.Callee = sym();
    C.Location = loc();
    uint8_t Flags = u8();
    C.RunsLoop = Flags & 1;
    C.CrashPath = Flags & 2;
    return C;
  }

  void head(FunctionSummary &S) {
    S.Symbol = sym().str();
    S.Name = sym().str();
    S.Threads = enumOf<ThreadsKind>(NumThreadsKinds);
    S.UsesLocksDirectly = u8();
    S.LockOwners = u8();
    S.Locks.edit().Acquired = locks();
    S.Locks.edit().Released = locks();
    S.Locks.edit().Assumed = locks();
    S.Locks.edit().MayRelease = locks();
    S.Locks.edit().Returned = locks();
    S.Locks.edit().OnceHeld = locks();
    S.Locks.edit().Taken.resize(count());
    for (ir::AccessPath &P : S.Locks.edit().Taken)
      P = path();
    llvm::SmallVector<LockNesting, 0> Nested = nestings();
    S.Locks.edit().Nestings.assign(Nested.begin(), Nested.end());
    S.Locks.compact();
    S.Return = operand();
    std::vector<ThreadSpawn> Spawns(count());
    for (ThreadSpawn &T : Spawns) {
      T.Id = uint32_t(var());
      T.Entry = sym();
      T.EntryName = sym();
      T.Args = operands();
      T.Handle = operand();
      T.Multi = u8();
      uint8_t SpawnFlags = u8();
      T.InForkChild = SpawnFlags & 1;
      T.OnlyOnZeroResult = SpawnFlags & 2;
      T.Pool = SpawnFlags & 4;
      T.LiveAtSpawn = ids();
      T.LoopRange = sym();
      T.FreshArgs = uint32_t(var());
      T.Serial = operands();
      T.Location = loc();
      T.Trace.resize(count());
      for (CallSite &C : T.Trace)
        C = site();
    }
    S.Spawns = std::move(Spawns);
    S.LiveAtExit = ids();
    S.Joins = operands();
    S.JoinsAtExit = u8();
    S.CallContexts.resize(count());
    for (CallContext &C : S.CallContexts) {
      C.Callee = sym();
      C.Flags = u8();
      C.Formal = u8();
      C.FreshArgs = uint32_t(var());
    }
    for (Boxed<std::vector<MemberPointer>> *V :
         {&S.MemberPointers, &S.Publications, &S.FlagClears}) {
      std::vector<MemberPointer> List(count());
      for (MemberPointer &M : List) {
        M.Member = path();
        M.Value = operand();
      }
      *V = std::move(List);
    }
    std::vector<CallableRun> Runs(count());
    for (CallableRun &R : Runs) {
      R.Callee = sym();
      R.Formal = int32_t(svar());
      R.Locks = locks();
    }
    S.CallableRuns = std::move(Runs);
    S.Assumptions.resize(count());
    for (Assumption &A : S.Assumptions) {
      A.Kind = enumOf<AssumptionKind>(NumAssumptionKinds);
      A.Location = loc();
    }
    S.HandRolledSync = loc();
    S.HandRolledDepth = u8();
    S.ConditionalLock = loc();
  }

  void accesses(std::vector<AccessSnapshot> &V) {
    V.resize(count());
    const ir::AccessPath *PrevPath = nullptr;
    uint32_t PrevFile = UINT32_MAX;
    uint64_t PrevAnchor = UINT64_MAX;
    int64_t PrevLine = 0;
    llvm::SmallVector<CallSite, CallChain::MaxDepth> PrevTrace, Trace;
    uint64_t PrevHidden = 0;
    const CallChain *PrevChain = nullptr;
    ir::AccessPath Path;
    for (AccessSnapshot &A : V) {
      if (Bad)
        return;
      uint8_t Flags = u8();
      if ((Flags & KindMask) >= NumAccessKinds ||
          ((Flags >> ThreadsShift) & 3) >= NumThreadsKinds)
        fail("enum out of range");
      A.Kind = AccessKind(Flags & KindMask);
      A.Threads = ThreadsKind((Flags >> ThreadsShift) & 3);
      const uint8_t More = u8();
      A.InForkChild = More & 1;
      A.Atomic = More & 64;
      A.WalksEveryElement = More & 128;
      const bool NoLoc = More & 2;
      const bool HasNestings = More & 8;
      if (More & 4)
        A.JoinedOuter = u8();
      if (Flags & SameRoot) {
        if (!PrevPath) {
          fail("no previous path");
          return;
        }
        uint64_t Common = var();
        if (Common > PrevPath->Steps.size()) {
          fail("shared steps past the previous path");
          return;
        }
        Path.Root = PrevPath->Root;
        Path.Index = PrevPath->Index;
        Path.Symbol = PrevPath->Symbol;
        Path.Spelling = PrevPath->Spelling;
        Path.Steps.assign(PrevPath->Steps.begin(),
                          PrevPath->Steps.begin() + Common);
      } else {
        Path = ir::AccessPath();
        root(Path);
      }
      steps(Path);
      A.Path = Path;
      PrevPath = &*A.Path;
      AccessExtras Extras;
      if (Flags & HasContainer)
        Extras.ContainerMethod = sym();
      if (Flags & HasLocks)
        A.Locks = locks();
      if (Flags & HasLive)
        Extras.Live = ids();
      if (HasNestings)
        Extras.Nestings = nestings();
      if (More & 16)
        Extras.ReleasedBefore = locks();
      A.Extras = std::move(Extras);
      if (!NoLoc) {
        uint64_t F = var();
        if (F != 0) {
          if (F - 1 >= Strings.size()) {
            fail("string index out of range");
            return;
          }
          PrevFile = fileOf(uint32_t(F - 1));
        } else if (PrevFile == UINT32_MAX) {
          fail("no previous file");
          return;
        }
        A.Location.File = PrevFile;
        uint64_t Anchor = var();
        if (Anchor != 0)
          PrevAnchor = Anchor - 1;
        else if (PrevAnchor == UINT64_MAX) {
          fail("no previous anchor");
          return;
        }
        PrevLine += svar();
        A.Location.Line = lineFrom(PrevAnchor, PrevLine);
        A.Location.Col = uint32_t(var());
      }
      uint64_t Shared = var();
      size_t New = count();
      if (Shared > PrevTrace.size() || Shared + New > CallChain::MaxDepth) {
        fail("bad trace");
        return;
      }
      Trace.assign(PrevTrace.begin(), PrevTrace.begin() + Shared);
      for (size_t I = 0; I < New && !Bad; ++I)
        Trace.push_back(site());
      uint64_t Hidden = (More & 32) ? var() : 0;
      if (Hidden > UINT32_MAX || (Hidden && Trace.size() < CallChain::MaxDepth)) {
        fail("bad trace");
        return;
      }
      // The same trace as the previous access's (one callee's accesses
      // reached through one chain of calls): the same chain.
      if (PrevChain && New == 0 && Shared == PrevTrace.size() &&
          Hidden == PrevHidden)
        A.Trace = *PrevChain;
      else
        A.Trace = Chains.make(llvm::ArrayRef<CallSite>(Trace), uint32_t(Hidden));
      PrevChain = &A.Trace;
      PrevHidden = Hidden;
      std::swap(PrevTrace, Trace);
    }
  }

private:
  const uint8_t *P, *End;
  FileResolver Resolve;
  AnchorResolver Lines;
  std::vector<llvm::StringRef> Texts; ///< the table, in the input's bytes
  std::vector<ir::Symbol> Strings;    ///< per string: interned, or empty
  std::vector<uint32_t> Files; ///< per string: its program file index
  /// Per string: the first line now of the function it names, if it is an
  /// anchor, else UINT32_MAX.
  std::vector<uint32_t> AnchorLines;
  /// Traces share their tails, across the summaries of one decoding.
  CallChain::Interner Chains;
};

} // namespace

EncodedSummaries encodeSummaries(llvm::ArrayRef<const FunctionSummary *> Members,
                                 llvm::ArrayRef<std::string> Files,
                                 AnchorOf Anchors, ChunkSink Sink) {
  Encoder E(Files, Anchors);
  // Per thread, reused: a redis scan encodes 115 MB, and growing fresh
  // buffers for each SCC was a tenth of the encoding's time.
  thread_local Bytes Heads, Accesses, Table, Shape;
  Heads.clear();
  Accesses.clear();
  Table.clear();
  Shape.clear();
  E.Shape = &Shape;
  E.Out = &Heads;
  E.var(Members.size());
  for (size_t M = 0; M < Members.size(); ++M) {
    E.startMember(M);
    E.head(*Members[M]);
  }
  E.Out = &Accesses;
  AccessChunks Chunks(Sink);
  E.Chunks = &Chunks;
  std::vector<size_t> Ends(Members.size());
  for (size_t M = 0; M < Members.size(); ++M) {
    E.startMember(M);
    E.accesses(Members[M]->Accesses);
    Ends[M] = Chunks.written(Accesses);
  }
  Chunks.cut(Accesses);
  // After the heads, the length of each member's accesses: a reader that
  // needs a few members of a large SCC (a caller summarized again calls one
  // of redis's 192 dict functions) skips the others'. Not part of the
  // shape (lines of other widths make other lengths).
  for (size_t M = 0; M < Members.size(); ++M)
    Heads.var(Ends[M] - (M ? Ends[M - 1] : 0));
  E.table(Table);
  EncodedSummaries R;
  R.Shape = ir::DigestBuilder()
                .digest(ir::Digest::of(Table.str()))
                .digest(E.shapeDigest())
                .finish();
  R.HeadBytes = static_cast<uint32_t>(Table.size() + Heads.size());
  R.Size = R.HeadBytes + (Ends.empty() ? 0 : Ends.back());
  constexpr size_t Keep = 1 << 20;
  if (Sink) {
    R.Bytes.reserve(R.HeadBytes);
    R.Bytes += Table.str();
    R.Bytes += Heads.str();
  } else if (Accesses.size() > Keep) {
    std::string Prefix;
    Prefix.reserve(R.HeadBytes);
    Prefix += Table.str();
    Prefix += Heads.str();
    R.Bytes = Accesses.take(Prefix);
  } else {
    R.Bytes.reserve(Table.size() + Heads.size() + Accesses.size());
    R.Bytes += Table.str();
    R.Bytes += Heads.str();
    R.Bytes += Accesses.str();
  }
  R.Digest = Chunks.digest(llvm::StringRef(R.Bytes).take_front(R.HeadBytes));
  for (Bytes *B : {&Heads, &Accesses, &Table, &Shape})
    B->trim(Keep);
  return R;
}

llvm::Error decodeSummaries(llvm::StringRef Bytes, bool HeadsOnly,
                            FileResolver Resolve,
                            std::vector<FunctionSummary> &Out,
                            AnchorResolver Lines,
                            const std::vector<bool> *Members) {
  Decoder D(Bytes, Resolve, Lines);
  D.table();
  size_t N = D.count();
  std::vector<FunctionSummary> S(N);
  for (FunctionSummary &F : S) {
    if (D.Bad)
      break;
    D.head(F);
  }
  std::vector<uint64_t> Lengths(D.Bad ? 0 : N);
  for (uint64_t &L : Lengths)
    L = D.var();
  if (Members && Members->size() != N)
    D.fail("members asked for are not the members stored");
  if (!HeadsOnly)
    for (size_t M = 0; M < N && !D.Bad; ++M) {
      if (Members && !(*Members)[M]) {
        D.skip(Lengths[M]);
        continue;
      }
      const size_t Start = D.offset(Bytes);
      D.accesses(S[M].Accesses);
      if (!D.Bad && D.offset(Bytes) - Start != Lengths[M])
        D.fail("accesses of another length than recorded");
    }
  if (!D.Bad && !HeadsOnly && D.offset(Bytes) != Bytes.size())
    D.fail("trailing bytes");
  if (D.Bad)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "malformed summaries at byte %zu: %s", D.offset(Bytes), D.What);
  Out = std::move(S);
  return llvm::Error::success();
}

} // namespace racer::serialize
