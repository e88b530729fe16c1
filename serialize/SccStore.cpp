//===- SccStore.cpp - SCC summaries kept between scans, on disk -----------===//
#include "serialize/SccStore.h"
#include "serialize/FileOutput.h"

#include <zstd.h>

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <chrono>
#include <random>
#include <set>

namespace racer::serialize {

namespace {

constexpr char IndexMagic[4] = {'R', 'C', 'S', 'I'};
constexpr char PackMagic[4] = {'R', 'C', 'S', 'P'};
constexpr size_t PackHeaderSize = 8; // magic, version
/// Summaries are compressed for speed: on redis, zstd -1 makes 115 MB of
/// summaries 39 MB in 0.25 s of one core (level 1: 35 MB in 0.39 s).
constexpr int ZstdLevel = -1;
/// How many scans an entry outlives its last use by.
constexpr uint32_t KeepGenerations = 2;
/// A pack no index names is left alone this long (a scan may be about to
/// name it).
constexpr auto OrphanAge = std::chrono::hours(1);

void put32(std::string &Out, uint32_t V) {
  char B[4];
  llvm::support::endian::write32le(B, V);
  Out.append(B, 4);
}
void put64(std::string &Out, uint64_t V) {
  char B[8];
  llvm::support::endian::write64le(B, V);
  Out.append(B, 8);
}

/// Reads the index's little-endian fields; past the end, sets Bad.
struct Cursor {
  llvm::StringRef In;
  size_t Pos = 0;
  bool Bad = false;
  uint32_t u32() {
    if (In.size() - Pos < 4) {
      Bad = true;
      return 0;
    }
    uint32_t V = llvm::support::endian::read32le(In.data() + Pos);
    Pos += 4;
    return V;
  }
  uint64_t u64() {
    if (In.size() - Pos < 8) {
      Bad = true;
      return 0;
    }
    uint64_t V = llvm::support::endian::read64le(In.data() + Pos);
    Pos += 8;
    return V;
  }
  llvm::StringRef bytes(size_t N) {
    if (In.size() - Pos < N) {
      Bad = true;
      return {};
    }
    llvm::StringRef S = In.substr(Pos, N);
    Pos += N;
    return S;
  }
};

void putEntry(std::string &Out, const SccEntry &E) {
  put64(Out, E.Key.Low);
  put64(Out, E.Key.High);
  put64(Out, E.Summaries.Low);
  put64(Out, E.Summaries.High);
  put64(Out, E.Shape.Low);
  put64(Out, E.Shape.High);
  put32(Out, uint32_t(E.Basis.size()));
  for (const ir::Digest &D : E.Basis) {
    put64(Out, D.Low);
    put64(Out, D.High);
  }
  put64(Out, E.Identity);
  put32(Out, E.Pack);
  put64(Out, E.Offset);
  put32(Out, E.Size);
  put32(Out, E.RawSize);
  put32(Out, E.HeadBytes);
  put64(Out, E.Checksum);
  put32(Out, E.HeadSize);
  put64(Out, E.HeadChecksum);
  put32(Out, E.Generation);
}

SccEntry getEntry(Cursor &C) {
  SccEntry E;
  E.Key.Low = C.u64();
  E.Key.High = C.u64();
  E.Summaries.Low = C.u64();
  E.Summaries.High = C.u64();
  E.Shape.Low = C.u64();
  E.Shape.High = C.u64();
  uint32_t N = C.u32();
  if (N > (C.In.size() - std::min(C.Pos, C.In.size())) / 16) {
    C.Bad = true;
    return E;
  }
  E.Basis.resize(N);
  for (ir::Digest &D : E.Basis) {
    D.Low = C.u64();
    D.High = C.u64();
  }
  E.Identity = C.u64();
  E.Pack = C.u32();
  E.Offset = C.u64();
  E.Size = C.u32();
  E.RawSize = C.u32();
  E.HeadBytes = C.u32();
  E.Checksum = C.u64();
  E.HeadSize = C.u32();
  E.HeadChecksum = C.u64();
  E.Generation = C.u32();
  return E;
}

std::string path(const std::string &Dir, llvm::StringRef Name) {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, Name);
  return std::string(P);
}

llvm::Error corrupt(const char *Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s", Why);
}

std::string randomPackName() {
  static thread_local std::mt19937_64 Rng(std::random_device{}());
  return "pack-" + llvm::utohexstr(Rng(), /*LowerCase=*/true) + ".rsp";
}

} // namespace

namespace {
/// The compressed rest of an entry is kept, and checked, a piece of this
/// size at a time.
constexpr size_t PieceSize = 1 << 20;

/// SccEntry::Checksum, from the heads' checksum and each piece of the
/// compressed rest in turn (the writer has the pieces apart, the reader
/// one run of bytes).
class EntryChecksum {
public:
  explicit EntryChecksum(uint64_t HeadSum) { put64(Sums, HeadSum); }
  void piece(llvm::StringRef P) { put64(Sums, llvm::xxh3_64bits(P)); }
  uint64_t finish() const { return llvm::xxh3_64bits(Sums); }

private:
  std::string Sums;
};

/// The checksum of an entry whose heads' checksum is \p HeadSum and whose
/// compressed rest is \p Rest.
uint64_t entryChecksum(uint64_t HeadSum, llvm::StringRef Rest) {
  EntryChecksum C(HeadSum);
  for (size_t At = 0; At < Rest.size(); At += PieceSize)
    C.piece(Rest.substr(At, PieceSize));
  return C.finish();
}

/// An entry's compressed rest, written a piece at a time into pieces of
/// PieceSize (reused per thread; never copied to grow).
class Pieces {
public:
  /// Room to write at the end (at least one byte).
  llvm::MutableArrayRef<char> room() {
    if (Used == Count * PieceSize) {
      if (Count == Blocks.size())
        Blocks.emplace_back(new char[PieceSize]);
      ++Count;
    }
    const size_t At = Used % PieceSize;
    return {Blocks[Count - 1].get() + At, PieceSize - At};
  }
  void wrote(size_t N) { Used += N; }
  size_t size() const { return Used; }
  /// Each piece written, in order (as entryChecksum cuts them: a piece
  /// begun but left empty is none).
  template <typename F> void forEach(F Each) const {
    for (size_t B = 0; B < Count && B * PieceSize < Used; ++B)
      Each(llvm::StringRef(Blocks[B].get(),
                           std::min(PieceSize, Used - B * PieceSize)));
  }
  /// Empty; keeps one piece's memory.
  void clear() {
    Used = Count = 0;
    Blocks.resize(std::min<size_t>(Blocks.size(), 1));
  }

private:
  std::vector<std::unique_ptr<char[]>> Blocks;
  size_t Count = 0, Used = 0;
};

/// Bytes that are written before they are read: grown without zero-filling
/// (the pages not written stay untouched).
class CompressBuffer {
public:
  /// Room for \p N bytes (what it held is not kept).
  void reserve(size_t N) {
    if (N <= Cap)
      return;
    Data.reset(new char[N]);
    Cap = N;
  }
  void trim(size_t Keep) {
    if (Cap > Keep) {
      Data.reset();
      Cap = 0;
    }
  }
  char *data() { return Data.get(); }

private:
  std::unique_ptr<char[]> Data;
  size_t Cap = 0;
};
} // namespace

std::unique_ptr<SccStore>
SccStore::open(const std::string &Dir,
               llvm::function_ref<void(const std::string &)> Note) {
  std::unique_ptr<SccStore> S(new SccStore());
  S->Dir = Dir;
  auto Buf = racer::serialize::readRegularFile(path(Dir, "index"));
  if (!Buf)
    return S; // no store yet
  llvm::StringRef In = (*Buf)->getBuffer();
  auto Empty = [&] {
    std::unique_ptr<SccStore> E(new SccStore());
    E->Dir = Dir;
    return E;
  };
  auto Unusable = [&](const char *Why) {
    Note(std::string("unusable summary index '") + path(Dir, "index") +
         "': " + Why + "; summarizing without it");
    return Empty();
  };
  if (In.size() < 8 + 16 || In.substr(0, 4) != llvm::StringRef(IndexMagic, 4))
    return Unusable("not a racecar summary index");
  Cursor C{In.drop_back(8)};
  C.Pos = 4;
  if (llvm::xxh3_64bits(C.In) != // everything before it, magic included
      llvm::support::endian::read64le(In.data() + In.size() - 8))
    return Unusable("checksum mismatch: the file is truncated or damaged");
  uint32_t Version = C.u32(), Codec = C.u32();
  if (Version != SccStoreVersion || Codec != SummaryCodecVersion)
    return Empty(); // another racecar's
  S->Generation = C.u32();
  uint32_t NumPacks = C.u32();
  for (uint32_t I = 0; I < NumPacks && !C.Bad; ++I) {
    uint32_t Len = C.u32();
    S->PackNames.push_back(C.bytes(Len).str());
  }
  uint32_t NumEntries = C.u32();
  if (C.Bad || NumEntries > (C.In.size() - C.Pos) / 96)
    return Unusable("malformed");
  S->Entries.reserve(NumEntries);
  for (uint32_t I = 0; I < NumEntries && !C.Bad; ++I)
    S->Entries.push_back(getEntry(C));
  if (C.Bad || C.Pos != C.In.size())
    return Unusable("malformed");
  S->Dir = Dir;
  for (const std::string &Name : S->PackNames) {
    auto P = racer::serialize::readRegularFile(path(Dir, Name));
    if (!P || (*P)->getBufferSize() < PackHeaderSize ||
        (*P)->getBuffer().substr(0, 4) != llvm::StringRef(PackMagic, 4)) {
      Note("summary pack '" + path(Dir, Name) +
           "' is missing or damaged; its entries are recomputed");
      S->Packs.emplace_back();
      continue;
    }
    S->Packs.push_back(std::move(*P));
  }
  // Entries whose pack is gone are not there.
  std::vector<SccEntry> Usable;
  Usable.reserve(S->Entries.size());
  for (const SccEntry &E : S->Entries)
    if (E.Pack < S->Packs.size() && S->Packs[E.Pack])
      Usable.push_back(E);
  S->Entries = std::move(Usable);
  for (uint32_t I = 0; I < S->Entries.size(); ++I) {
    const SccEntry &E = S->Entries[I];
    S->ByKey.emplace(E.Key, I);
    S->BySummaries.emplace(E.Summaries, I);
    auto [It, New] = S->ByIdentity.try_emplace(E.Identity, I);
    if (!New && S->Entries[It->second].Generation < E.Generation)
      It->second = I;
  }
  return S;
}

const SccEntry *SccStore::find(const ir::Digest &Key) const {
  auto It = ByKey.find(Key);
  return It == ByKey.end() ? nullptr : &Entries[It->second];
}

const SccEntry *SccStore::findSummaries(const ir::Digest &Summaries) const {
  auto It = BySummaries.find(Summaries);
  return It == BySummaries.end() ? nullptr : &Entries[It->second];
}

const SccEntry *SccStore::findIdentity(uint64_t Identity) const {
  auto It = ByIdentity.find(Identity);
  return It == ByIdentity.end() ? nullptr : &Entries[It->second];
}

llvm::Expected<std::string> SccStore::read(const SccEntry &E,
                                           bool HeadsOnly) const {
  if (E.Pack >= Packs.size() || !Packs[E.Pack])
    return corrupt("its pack is missing");
  llvm::StringRef Pack = Packs[E.Pack]->getBuffer();
  if (E.Offset < PackHeaderSize || E.Offset > Pack.size() ||
      Pack.size() - E.Offset < E.Size)
    return corrupt("it lies outside its pack: the pack is truncated");
  // The heads are the first frame; the whole is every frame in turn. A
  // read of the heads touches (and checks) their bytes only.
  if (E.HeadSize > E.Size)
    return corrupt("bad sizes");
  llvm::StringRef Bytes =
      Pack.substr(E.Offset, HeadsOnly ? E.HeadSize : E.Size);
  const uint64_t HeadSum = llvm::xxh3_64bits(Bytes.take_front(E.HeadSize));
  if (HeadSum != E.HeadChecksum ||
      (!HeadsOnly &&
       entryChecksum(HeadSum, Bytes.drop_front(E.HeadSize)) != E.Checksum))
    return corrupt("checksum mismatch: the pack is damaged");
  const size_t Want = HeadsOnly ? E.HeadBytes : E.RawSize;
  if (Want > E.RawSize)
    return corrupt("bad sizes");
  // One context per thread (ZSTD_decompress makes one per call: a read of
  // each adopted SCC's heads showed it).
  static thread_local std::unique_ptr<ZSTD_DCtx, size_t (*)(ZSTD_DCtx *)> D(
      ZSTD_createDCtx(), ZSTD_freeDCtx);
  std::string Out(Want, '\0');
  size_t R = ZSTD_decompressDCtx(D.get(), Out.data(), Out.size(),
                                 Bytes.data(), Bytes.size());
  const bool Ok = !ZSTD_isError(R) && R == Want;
  if (!Ok)
    return corrupt("it does not decompress to its recorded size");
  return Out;
}

void SccStore::Writer::keep(const SccEntry &E) {
  std::lock_guard<std::mutex> G(M);
  Kept.push_back(E);
}


ir::Digest SccStore::Writer::add(const ir::Digest &Key, uint64_t Identity,
                                 EncodedSummaries Whole,
                                 std::vector<ir::Digest> Basis) {
  return add(
      Key, Identity, [&](ChunkSink) { return std::move(Whole); },
      std::move(Basis));
}

ir::Digest SccStore::Writer::add(
    const ir::Digest &Key, uint64_t Identity,
    llvm::function_ref<EncodedSummaries(ChunkSink)> Encode,
    std::vector<ir::Digest> Basis) {
  using CCtx = std::unique_ptr<ZSTD_CCtx, size_t (*)(ZSTD_CCtx *)>;
  static thread_local CCtx HeadCtx(ZSTD_createCCtx(), ZSTD_freeCCtx),
      RestCtx(ZSTD_createCCtx(), ZSTD_freeCCtx);
  // Two frames: the heads, then the rest, so that a read of the heads
  // alone decompresses nothing else (zstd decodes whole blocks). The rest
  // (the accesses, most of the bytes) is compressed as the encoder writes
  // it, so a large SCC's encoding (redis: ~35 MB) is never all in memory;
  // the heads after it (the string table in front of them is complete only
  // at the end). Buffers are reused per thread, never zero-filled, and
  // freed after a large entry.
  static thread_local Pieces Rest;
  static thread_local CompressBuffer HeadBuf;
  const auto Trim = llvm::make_scope_exit([] {
    Rest.clear();
    HeadBuf.trim(1 << 20);
  });
  uint64_t RestRaw = 0;
  bool Ok = true;
  ZSTD_CCtx_reset(RestCtx.get(), ZSTD_reset_session_and_parameters);
  ZSTD_CCtx_setParameter(RestCtx.get(), ZSTD_c_compressionLevel, ZstdLevel);
  auto Push = [&](llvm::StringRef In, ZSTD_EndDirective Mode) {
    ZSTD_inBuffer I{In.data(), In.size(), 0};
    while (Ok) {
      llvm::MutableArrayRef<char> Room = Rest.room();
      ZSTD_outBuffer O{Room.data(), Room.size(), 0};
      const size_t R = ZSTD_compressStream2(RestCtx.get(), &O, &I, Mode);
      Ok = !ZSTD_isError(R);
      Rest.wrote(O.pos);
      if (Mode == ZSTD_e_end ? R == 0 : I.pos == I.size)
        break;
    }
  };
  EncodedSummaries Enc = Encode([&](llvm::StringRef Chunk) {
    RestRaw += Chunk.size();
    if (!Chunk.empty())
      Push(Chunk, ZSTD_e_continue);
  });
  const size_t Head = std::min<size_t>(Enc.HeadBytes, Enc.Bytes.size());
  if (Enc.Bytes.size() > Head) {
    // Encoded whole (no sink): the rest follows the heads.
    Ok &= RestRaw == 0;
    RestRaw = Enc.Bytes.size() - Head;
    Push(llvm::StringRef(Enc.Bytes).drop_front(Head), ZSTD_e_continue);
  }
  if (RestRaw)
    Push({}, ZSTD_e_end);
  const size_t Bound = ZSTD_compressBound(Head);
  if (!Ok || Head + RestRaw > UINT32_MAX || Bound + Rest.size() > UINT32_MAX)
    return Enc.Digest; // not stored: a miss next time
  SccEntry E;
  E.Key = Key;
  E.Identity = Identity;
  E.Summaries = Enc.Digest;
  E.Shape = Enc.Shape;
  E.Basis = std::move(Basis);
  E.RawSize = static_cast<uint32_t>(Head + RestRaw);
  E.HeadBytes = Enc.HeadBytes;
  HeadBuf.reserve(Bound);
  const size_t N = ZSTD_compressCCtx(HeadCtx.get(), HeadBuf.data(), Bound,
                                     Enc.Bytes.data(), Head, ZstdLevel);
  if (ZSTD_isError(N))
    return Enc.Digest;
  const llvm::StringRef HeadFrame(HeadBuf.data(), N);
  E.HeadSize = static_cast<uint32_t>(N);
  E.HeadChecksum = llvm::xxh3_64bits(HeadFrame);
  E.Size = static_cast<uint32_t>(N + Rest.size());
  EntryChecksum Sum(E.HeadChecksum);
  Rest.forEach([&](llvm::StringRef P) { Sum.piece(P); });
  E.Checksum = Sum.finish();
  std::lock_guard<std::mutex> G(M);
  StreamedFile &Pack = newPack();
  E.Offset = Pack.size();
  Pack.append(HeadFrame);
  Rest.forEach([&](llvm::StringRef P) { Pack.append(P); });
  Added.push_back(E);
  return E.Summaries;
}

StreamedFile &SccStore::Writer::newPack() {
  if (!NewPack) {
    llvm::sys::fs::create_directories(From.Dir);
    NewPackName = randomPackName();
    NewPack = std::make_unique<StreamedFile>(path(From.Dir, NewPackName));
    std::string Header(PackMagic, 4);
    put32(Header, SccStoreVersion);
    NewPack->append(Header);
  }
  return *NewPack;
}

llvm::Error SccStore::Writer::commit() {
  std::lock_guard<std::mutex> G(M);
  const uint32_t Gen = From.Generation + 1;
  // What the new index names: this scan's entries, then those the last
  // scans used that this one did not (each key once).
  std::vector<SccEntry> Next;
  std::unordered_map<ir::Digest, bool, SccStore::DigestHash> Seen;
  const uint32_t NewPackId = UINT32_MAX;
  for (SccEntry E : Added) {
    if (!Seen.emplace(E.Key, true).second)
      continue;
    E.Pack = NewPackId;
    E.Generation = Gen;
    Next.push_back(E);
  }
  for (SccEntry E : Kept) {
    if (!Seen.emplace(E.Key, true).second)
      continue;
    E.Generation = Gen;
    Next.push_back(E);
  }
  for (const SccEntry &E : From.Entries)
    if (E.Generation + KeepGenerations >= Gen && Seen.emplace(E.Key, true).second)
      Next.push_back(E);

  // Compact when the old packs are more than half garbage: copy what is
  // kept into the new pack, and the old packs can go.
  uint64_t Live = 0, Total = 0;
  std::vector<bool> Used(From.Packs.size(), false);
  for (const SccEntry &E : Next)
    if (E.Pack != NewPackId) {
      Live += E.Size;
      Used[E.Pack] = true;
    }
  for (size_t P = 0; P < From.Packs.size(); ++P)
    if (Used[P])
      Total += From.Packs[P]->getBufferSize();
  const bool Compact = Total > 2 * Live + (uint64_t(1) << 20);
  // The new pack: this scan's entries (written as they came), then
  // (compacting) the kept ones.
  if (Compact)
    for (SccEntry &E : Next)
      if (E.Pack != NewPackId) {
        llvm::StringRef Bytes =
            From.Packs[E.Pack]->getBuffer().substr(E.Offset, E.Size);
        StreamedFile &Pack = newPack();
        E.Offset = Pack.size();
        E.Pack = NewPackId;
        Pack.append(Bytes);
      }

  llvm::sys::fs::create_directories(From.Dir);
  // The packs the new index names, in order; the new one last.
  std::vector<std::string> Names;
  std::vector<uint32_t> Renumber(From.Packs.size(), UINT32_MAX);
  for (const SccEntry &E : Next)
    if (E.Pack != NewPackId && Renumber[E.Pack] == UINT32_MAX) {
      Renumber[E.Pack] = uint32_t(Names.size());
      Names.push_back(From.PackNames[E.Pack]);
    }
  for (SccEntry &E : Next)
    if (E.Pack != NewPackId)
      E.Pack = Renumber[E.Pack];
  if (NewPack && NewPack->size() > PackHeaderSize) {
    llvm::Error Failed = NewPack->finish();
    NewPack.reset();
    if (Failed)
      return Failed;
    for (SccEntry &E : Next)
      if (E.Pack == NewPackId)
        E.Pack = uint32_t(Names.size());
    Names.push_back(NewPackName);
  } else if (NewPack) {
    NewPack->discard();
    NewPack.reset();
  }

  std::string Index(IndexMagic, 4);
  put32(Index, SccStoreVersion);
  put32(Index, SummaryCodecVersion);
  put32(Index, Gen);
  put32(Index, uint32_t(Names.size()));
  for (const std::string &N : Names) {
    put32(Index, uint32_t(N.size()));
    Index += N;
  }
  put32(Index, uint32_t(Next.size()));
  for (const SccEntry &E : Next)
    putEntry(Index, E);
  put64(Index, llvm::xxh3_64bits(Index));
  if (llvm::Error E = writeFileAtomically(path(From.Dir, "index"), Index,
                                            /*ReplaceSpecial=*/true))
    return E;

  // Packs nothing names any more: those the old index named, and orphans.
  std::set<std::string> Named(Names.begin(), Names.end());
  std::set<std::string> WasNamed(From.PackNames.begin(), From.PackNames.end());
  std::error_code EC;
  const auto Now = std::chrono::system_clock::now();
  for (llvm::sys::fs::directory_iterator It(From.Dir, EC), End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (!Name.starts_with("pack-") || Named.count(Name.str()))
      continue;
    bool Remove = WasNamed.count(Name.str()) > 0;
    if (!Remove) {
      llvm::sys::fs::file_status St;
      Remove = !llvm::sys::fs::status(It->path(), St) &&
               Now - St.getLastModificationTime() > OrphanAge;
    }
    if (Remove)
      llvm::sys::fs::remove(It->path());
  }
  return llvm::Error::success();
}

} // namespace racer::serialize
