//===- SccStoreTest.cpp - The summary store: entries, packs, damage -------===//
//
// SccStore keeps SCC summaries between scans: what one scan commits the next
// finds by key, byte for byte; entries unused for three scans go, packs that
// are mostly garbage are compacted away; a damaged index is an empty store
// and a damaged entry an error from read(), never a crash or wrong bytes.
//===----------------------------------------------------------------------===//
#include "serialize/SccStore.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>

using namespace racer;
using namespace racer::serialize;

namespace {

class SccStoreTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> D;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("sccstore", D));
    Dir = std::string(D);
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  std::unique_ptr<SccStore> open() {
    Notes.clear();
    return SccStore::open(Dir, [&](const std::string &N) { Notes.push_back(N); });
  }
  static ir::Digest key(uint64_t N) { return ir::Digest{N, ~N}; }
  /// Stand-in summaries: what the store keeps is bytes with a head prefix.
  static EncodedSummaries bytes(uint64_t N, size_t Size = 300) {
    EncodedSummaries E;
    for (size_t I = 0; I < Size; ++I)
      E.Bytes.push_back(char('a' + (N * 7 + I * (I % 5)) % 26));
    E.HeadBytes = uint32_t(Size / 3);
    E.Size = Size;
    E.Digest = ir::Digest::of(E.Bytes);
    return E;
  }
  /// Incompressible bytes.
  static EncodedSummaries noise(uint64_t N, size_t Size) {
    std::mt19937_64 Rng(N);
    EncodedSummaries E;
    for (size_t I = 0; I < Size; ++I)
      E.Bytes.push_back(char(Rng()));
    E.HeadBytes = uint32_t(Size / 2);
    E.Size = Size;
    E.Digest = ir::Digest::of(E.Bytes);
    return E;
  }
  std::vector<std::string> packs() const {
    std::vector<std::string> P;
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
         It.increment(EC))
      if (llvm::sys::path::filename(It->path()).starts_with("pack-"))
        P.push_back(It->path());
    return P;
  }
  /// One scan that uses exactly the entries \p Keys (adding missing ones).
  void scan(std::initializer_list<uint64_t> Keys) {
    std::unique_ptr<SccStore> S = open();
    SccStore::Writer W(*S);
    for (uint64_t K : Keys)
      if (const SccEntry *E = S->find(key(K)))
        W.keep(*E);
      else
        W.add(key(K), K, bytes(K));
    ASSERT_FALSE(bool(W.commit()));
  }
  static void truncate(const std::string &Path, size_t Size) {
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    ASSERT_TRUE(bool(Buf));
    std::string Data = (*Buf)->getBuffer().substr(0, Size).str();
    std::ofstream(Path, std::ios::binary | std::ios::trunc) << Data;
  }
  void flipByte(const std::string &Path, size_t FromEnd) {
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    ASSERT_TRUE(bool(Buf));
    flipAt(Path, (*Buf)->getBufferSize() - FromEnd);
  }
  void flipAt(const std::string &Path, size_t Offset) {
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    ASSERT_TRUE(bool(Buf));
    std::string Data = (*Buf)->getBuffer().str();
    ASSERT_LT(Offset, Data.size());
    Data[Offset] ^= 0x5a;
    std::ofstream(Path, std::ios::binary | std::ios::trunc) << Data;
  }

  std::string Dir;
  std::vector<std::string> Notes;
};

TEST_F(SccStoreTest, MissingStoreIsEmpty) {
  std::unique_ptr<SccStore> S = open();
  EXPECT_EQ(S->size(), 0u);
  EXPECT_EQ(S->find(key(1)), nullptr);
  EXPECT_TRUE(Notes.empty());
}

TEST_F(SccStoreTest, CommittedEntriesAreFoundWithTheirBytes) {
  {
    std::unique_ptr<SccStore> S = open();
    SccStore::Writer W(*S);
    for (uint64_t K = 1; K <= 50; ++K) {
      ir::Digest D = W.add(key(K), 1000 + K, bytes(K, 100 + K * 13));
      EXPECT_EQ(D, ir::Digest::of(bytes(K, 100 + K * 13).Bytes));
    }
    ASSERT_FALSE(bool(W.commit()));
  }
  std::unique_ptr<SccStore> S = open();
  EXPECT_EQ(S->size(), 50u);
  for (uint64_t K = 1; K <= 50; ++K) {
    const SccEntry *E = S->find(key(K));
    ASSERT_NE(E, nullptr) << K;
    EncodedSummaries Want = bytes(K, 100 + K * 13);
    EXPECT_EQ(E->Summaries, ir::Digest::of(Want.Bytes));
    llvm::Expected<std::string> All = S->read(*E, false);
    ASSERT_TRUE(bool(All)) << llvm::toString(All.takeError());
    EXPECT_EQ(*All, Want.Bytes);
    llvm::Expected<std::string> Head = S->read(*E, true);
    ASSERT_TRUE(bool(Head)) << llvm::toString(Head.takeError());
    EXPECT_EQ(*Head, Want.Bytes.substr(0, Want.HeadBytes));
    EXPECT_EQ(S->findIdentity(1000 + K), E);
  }
  EXPECT_EQ(S->find(key(51)), nullptr);
}

// The new pack is written as entries are added (a temporary beside its
// name), not held in memory until commit; a scan that never commits leaves
// nothing behind, and a commit with nothing new writes no pack.
TEST_F(SccStoreTest, AnEncodingStreamedInChunksReadsBackWhole) {
  // An encoder that hands its accesses to the sink a chunk at a time (and
  // returns the heads): the entry reads back as the whole bytes, and its
  // heads alone as their prefix.
  const EncodedSummaries Whole = noise(7, 5 << 20);
  {
    std::unique_ptr<SccStore> S = open();
    SccStore::Writer W(*S);
    unsigned Chunks = 0;
    ir::Digest D = W.add(key(7), 7, [&](ChunkSink Sink) {
      llvm::StringRef Rest = llvm::StringRef(Whole.Bytes).drop_front(Whole.HeadBytes);
      for (size_t At = 0; At < Rest.size(); At += 300000, ++Chunks)
        Sink(Rest.substr(At, 300000));
      EncodedSummaries Heads = Whole;
      Heads.Bytes.resize(Whole.HeadBytes);
      return Heads;
    });
    EXPECT_GT(Chunks, 5u);
    EXPECT_EQ(D, Whole.Digest);
    ASSERT_FALSE(bool(W.commit()));
  }
  std::unique_ptr<SccStore> S = open();
  const SccEntry *E = S->find(key(7));
  ASSERT_NE(E, nullptr);
  EXPECT_EQ(E->RawSize, Whole.Bytes.size());
  llvm::Expected<std::string> All = S->read(*E, false);
  ASSERT_TRUE(bool(All)) << llvm::toString(All.takeError());
  EXPECT_TRUE(*All == Whole.Bytes);
  llvm::Expected<std::string> Head = S->read(*E, true);
  ASSERT_TRUE(bool(Head)) << llvm::toString(Head.takeError());
  EXPECT_TRUE(*Head == Whole.Bytes.substr(0, Whole.HeadBytes));
}

TEST_F(SccStoreTest, LargeEntriesOneAfterAnotherReadBack) {
  // Compressed rests of several pieces, which the writer keeps in a
  // temporary file until their heads are known, reused entry after entry
  // (a long one, a short one, a longer one): each reads back whole.
  const std::vector<size_t> Sizes = {14u << 20, 6u << 20, 18u << 20, 1u << 10};
  std::vector<EncodedSummaries> Wholes;
  for (size_t I = 0; I < Sizes.size(); ++I)
    Wholes.push_back(noise(100 + I, Sizes[I]));
  {
    std::unique_ptr<SccStore> S = open();
    SccStore::Writer W(*S);
    for (size_t I = 0; I < Wholes.size(); ++I)
      EXPECT_EQ(W.add(key(100 + I), 100 + I, Wholes[I]), Wholes[I].Digest);
    ASSERT_FALSE(bool(W.commit()));
  }
  std::unique_ptr<SccStore> S = open();
  for (size_t I = 0; I < Wholes.size(); ++I) {
    const SccEntry *E = S->find(key(100 + I));
    ASSERT_NE(E, nullptr);
    llvm::Expected<std::string> All = S->read(*E, false);
    ASSERT_TRUE(bool(All)) << llvm::toString(All.takeError());
    EXPECT_TRUE(*All == Wholes[I].Bytes) << "entry " << I;
  }
}

TEST_F(SccStoreTest, NewPackIsStreamedAndOnlyACommitNamesIt) {
  auto Files = [&](llvm::StringRef Part) {
    unsigned N = 0;
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
         It.increment(EC))
      N += llvm::sys::path::filename(It->path()).contains(Part);
    return N;
  };
  {
    std::unique_ptr<SccStore> S = open();
    SccStore::Writer W(*S);
    W.add(key(1), 1, noise(1, 4000));
    EXPECT_EQ(Files(".tmp-"), 1u);
    auto Tmp = [&] {
      std::error_code EC;
      for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
           It.increment(EC))
        if (llvm::sys::path::filename(It->path()).contains(".tmp-"))
          return It->path();
      return std::string();
    }();
    W.add(key(2), 2, noise(2, 4000));
    // Both entries are in the temporary already (written, not buffered).
    uint64_t Size = 0;
    ASSERT_FALSE(llvm::sys::fs::file_size(Tmp, Size));
    EXPECT_GE(Size, 8000u);
  } // dropped without commit
  EXPECT_EQ(Files("pack-"), 0u);
  EXPECT_EQ(open()->size(), 0u);

  scan({1, 2});
  EXPECT_EQ(Files(".tmp-"), 0u);
  EXPECT_EQ(packs().size(), 1u);
  std::unique_ptr<SccStore> S = open();
  ASSERT_NE(S->find(key(2)), nullptr);
  llvm::Expected<std::string> Got = S->read(*S->find(key(2)), false);
  ASSERT_TRUE(bool(Got)) << llvm::toString(Got.takeError());
  EXPECT_EQ(*Got, bytes(2).Bytes);

  scan({1, 2}); // all kept: no new pack
  EXPECT_EQ(packs().size(), 1u);
  EXPECT_EQ(Files(".tmp-"), 0u);
}

TEST_F(SccStoreTest, EntriesUnusedForThreeScansGo) {
  scan({1, 2, 3});
  scan({1, 2, 4}); // 3 unused once
  EXPECT_NE(open()->find(key(3)), nullptr) << "kept after one scan without it";
  scan({1, 2, 4}); // twice
  EXPECT_NE(open()->find(key(3)), nullptr) << "kept after two scans without it";
  scan({1, 2, 4}); // three times
  EXPECT_EQ(open()->find(key(3)), nullptr);
  EXPECT_NE(open()->find(key(4)), nullptr);
}

TEST_F(SccStoreTest, GarbagePacksAreCompactedAway) {
  // A first scan stores 100 entries of 20 KB (incompressible); the next ones
  // use only ten of them. Once the other 90 expire, the first pack is
  // mostly garbage: the ten move into a new pack and the old one goes.
  {
    std::unique_ptr<SccStore> S = open();
    SccStore::Writer W(*S);
    for (uint64_t K = 0; K < 100; ++K)
      W.add(key(K), K, noise(K, 20000));
    ASSERT_FALSE(bool(W.commit()));
  }
  ASSERT_EQ(packs().size(), 1u);
  const std::string First = packs()[0];
  for (uint64_t Round = 1; Round <= 3; ++Round) {
    std::unique_ptr<SccStore> S = open();
    SccStore::Writer W(*S);
    for (uint64_t K = 0; K < 10; ++K) {
      const SccEntry *E = S->find(key(K));
      ASSERT_NE(E, nullptr);
      W.keep(*E);
    }
    W.add(key(1000 + Round), Round, noise(1000 + Round, 100));
    ASSERT_FALSE(bool(W.commit()));
    EXPECT_EQ(llvm::sys::fs::exists(First), Round < 3) << "round " << Round;
  }
  std::unique_ptr<SccStore> S = open();
  EXPECT_EQ(S->find(key(50)), nullptr);
  for (uint64_t K = 0; K < 10; ++K) {
    const SccEntry *E = S->find(key(K));
    ASSERT_NE(E, nullptr);
    llvm::Expected<std::string> B = S->read(*E, false);
    ASSERT_TRUE(bool(B));
    EXPECT_EQ(*B, noise(K, 20000).Bytes);
  }
  EXPECT_EQ(packs().size(), 1u) << "every old pack was copied and deleted";
}

TEST_F(SccStoreTest, DamagedIndexIsAnEmptyStoreWithANote) {
  scan({1, 2, 3});
  llvm::SmallString<128> Index(Dir);
  llvm::sys::path::append(Index, "index");
  flipByte(std::string(Index), 20);
  std::unique_ptr<SccStore> S = open();
  EXPECT_EQ(S->size(), 0u);
  ASSERT_EQ(Notes.size(), 1u);
  EXPECT_NE(Notes[0].find("checksum"), std::string::npos) << Notes[0];
  // And the next scan writes a good one again.
  scan({1, 2});
  EXPECT_EQ(open()->size(), 2u);
}

TEST_F(SccStoreTest, TruncatedIndexIsAnEmptyStore) {
  scan({1, 2, 3});
  llvm::SmallString<128> Index(Dir);
  llvm::sys::path::append(Index, "index");
  truncate(std::string(Index), 30);
  EXPECT_EQ(open()->size(), 0u);
  EXPECT_FALSE(Notes.empty());
}

TEST_F(SccStoreTest, DamagedEntryIsAReadError) {
  scan({1});
  ASSERT_EQ(packs().size(), 1u);
  flipByte(packs()[0], 5);
  std::unique_ptr<SccStore> S = open();
  const SccEntry *E = S->find(key(1));
  ASSERT_NE(E, nullptr);
  llvm::Expected<std::string> B = S->read(*E, false);
  ASSERT_FALSE(bool(B));
  EXPECT_NE(llvm::toString(B.takeError()).find("checksum"), std::string::npos);
  // The heads are a frame of their own, checked on their own: a read of
  // them alone does not see damage past them.
  llvm::Expected<std::string> H = S->read(*E, true);
  EXPECT_TRUE(bool(H));
  if (!H)
    llvm::consumeError(H.takeError());
}

TEST_F(SccStoreTest, DamagedHeadsAreAReadErrorEitherWay) {
  scan({1});
  ASSERT_EQ(packs().size(), 1u);
  uint64_t Offset;
  {
    std::unique_ptr<SccStore> S = open();
    const SccEntry *E = S->find(key(1));
    ASSERT_NE(E, nullptr);
    ASSERT_GT(E->HeadSize, 2u);
    Offset = E->Offset + 1;
  }
  flipAt(packs()[0], Offset);
  std::unique_ptr<SccStore> S = open();
  const SccEntry *E = S->find(key(1));
  ASSERT_NE(E, nullptr);
  for (bool HeadsOnly : {false, true}) {
    llvm::Expected<std::string> B = S->read(*E, HeadsOnly);
    ASSERT_FALSE(bool(B));
    EXPECT_NE(llvm::toString(B.takeError()).find("checksum"),
              std::string::npos);
  }
}

TEST_F(SccStoreTest, MissingPackDropsItsEntries) {
  scan({1, 2});
  ASSERT_EQ(packs().size(), 1u);
  ASSERT_FALSE(llvm::sys::fs::remove(packs()[0]));
  std::unique_ptr<SccStore> S = open();
  EXPECT_EQ(S->find(key(1)), nullptr);
  EXPECT_FALSE(Notes.empty());
}

TEST_F(SccStoreTest, TruncatedPackIsAReadError) {
  scan({1, 2});
  ASSERT_EQ(packs().size(), 1u);
  truncate(packs()[0], 12);
  std::unique_ptr<SccStore> S = open();
  for (uint64_t K : {1, 2}) {
    const SccEntry *E = S->find(key(K));
    ASSERT_NE(E, nullptr);
    llvm::Expected<std::string> B = S->read(*E, false);
    EXPECT_FALSE(bool(B));
    llvm::consumeError(B.takeError());
  }
}

} // namespace
