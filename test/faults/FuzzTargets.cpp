//===- FuzzTargets.cpp - Fuzzing the .rcs decoder and the database reader -===//
//
// Issue 13: the two readers of untrusted bytes, the .rcs decoder (cache
// entries, shards) and the compile-database reader, each as a fuzz target
// with libFuzzer's signature, driven here deterministically (fixed seeds and
// iteration counts, so CI runs them in about a second) from the corpus in
// test/faults/corpus/ and from files built in the test. The project builds
// with GCC, so libFuzzer itself is not linked; with clang, either target can
// be wrapped in LLVMFuzzerTestOneInput as is.
//
// Properties: nothing crashes, throws or hangs; a database that reads
// without error yields one job per distinct file in it (never a silently
// half-read database); a decoded .rcs re-encodes to a file that decodes.
//===----------------------------------------------------------------------===//
#include "frontend/Frontend.h"
#include "serialize/Bundle.h"
#include "serialize/CodecTesting.h"
#include "serialize/ModuleCodec.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <random>

using namespace racer;

namespace {

/// Fuzz target: any bytes as a TU file and as a bundle.
int fuzzRcs(const uint8_t *Data, size_t Size) {
  llvm::ArrayRef<uint8_t> Bytes(Data, Size);
  if (llvm::Expected<serialize::TUFile> F = serialize::decodeTUFile(Bytes)) {
    llvm::Expected<serialize::TUFile> Again =
        serialize::decodeTUFile(serialize::encodeTUFile(*F));
    EXPECT_TRUE(bool(Again)) << "a decoded file re-encodes to a valid one";
    if (!Again)
      llvm::consumeError(Again.takeError());
  } else {
    llvm::consumeError(F.takeError());
  }
  if (llvm::Expected<serialize::Bundle> B = serialize::decodeBundle(Bytes))
    (void)B;
  else
    llvm::consumeError(B.takeError());
  return 0;
}

/// Fuzz target: any bytes as a compile database (a .json file in \p Dir).
int fuzzCompileDatabase(const uint8_t *Data, size_t Size,
                        const std::string &Dir) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  // A new file each time (-p accepts a .json path): rewriting one file in
  // place makes ext4 flush it on every close.
  static unsigned Serial = 0;
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, "db" + std::to_string(Serial++) + ".json");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    OS << Text.str();
  }
  llvm::Expected<std::vector<frontend::TUJob>> Jobs =
      frontend::loadCompileDatabase(std::string(Path), {});
  llvm::sys::fs::remove(Path);
  if (!Jobs) {
    llvm::consumeError(Jobs.takeError());
    return 0;
  }
  // Read without error: then it is strict JSON, and every entry is a job.
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(Text);
  EXPECT_TRUE(bool(V)) << "accepted a database that is not JSON:\n" << Text.str();
  if (!V) {
    llvm::consumeError(V.takeError());
    return 0;
  }
  // Each entry's file, resolved as the reader documents: a relative
  // directory against the database's, a relative file against that.
  llvm::StringSet<> Files;
  if (const llvm::json::Array *A = V->getAsArray())
    for (const llvm::json::Value &E : *A)
      if (const llvm::json::Object *O = E.getAsObject()) {
        llvm::SmallString<256> D(O->getString("directory").value_or(""));
        if (!llvm::sys::path::is_absolute(D)) {
          llvm::SmallString<256> Abs(Dir);
          llvm::sys::path::append(Abs, D);
          D = Abs;
        }
        llvm::SmallString<256> P(O->getString("file").value_or(""));
        if (!llvm::sys::path::is_absolute(P)) {
          llvm::SmallString<256> Abs(D);
          llvm::sys::path::append(Abs, P);
          P = Abs;
        }
        llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
        // Assembly and Fortran entries are skipped (with a warning).
        if (!racer::frontend::isNotCOrCxx(P))
          Files.insert(P);
      }
  EXPECT_EQ(Jobs->size(), Files.size())
      << "an accepted database did not give one job per file:\n" << Text.str();
  return 0;
}

std::string corpusFile(const char *Name) {
  llvm::SmallString<256> P(RACECAR_FAULTS_DIR);
  llvm::sys::path::append(P, "corpus", Name);
  auto Buf = llvm::MemoryBuffer::getFile(P);
  return Buf ? (*Buf)->getBuffer().str() : std::string();
}

/// One random edit: flip a bit, set a byte, delete, insert, duplicate a
/// range, or truncate.
void mutate(std::vector<uint8_t> &B, std::mt19937_64 &Rng,
            llvm::StringRef Alphabet) {
  auto pick = [&](size_t N) { return N ? size_t(Rng() % N) : 0; };
  switch (Rng() % 6) {
  case 0:
    if (!B.empty())
      B[pick(B.size())] ^= uint8_t(1u << (Rng() % 8));
    break;
  case 1:
    if (!B.empty())
      B[pick(B.size())] = uint8_t(Alphabet[pick(Alphabet.size())]);
    break;
  case 2:
    if (!B.empty())
      B.erase(B.begin() + pick(B.size()));
    break;
  case 3:
    B.insert(B.begin() + pick(B.size() + 1),
             uint8_t(Alphabet[pick(Alphabet.size())]));
    break;
  case 4:
    if (!B.empty()) {
      size_t A = pick(B.size()), L = std::min<size_t>(pick(16) + 1, B.size() - A);
      std::vector<uint8_t> Chunk(B.begin() + A, B.begin() + A + L);
      B.insert(B.begin() + pick(B.size() + 1), Chunk.begin(), Chunk.end());
    }
    break;
  default:
    B.resize(pick(B.size() + 1));
    break;
  }
}

serialize::TUFile sampleFile() {
  serialize::TUFile F;
  F.MainFile = "/src/a.cpp";
  F.Module.MainFile = "/src/a.cpp";
  F.Module.Files = {"/src/a.cpp", "/src/a.h"};
  for (int I = 0; I < 4; ++I) {
    ir::Function Fn;
    Fn.Symbol = ir::Symbol("c:@F@f" + std::to_string(I));
    Fn.Name = ir::Symbol("f" + std::to_string(I));
    Fn.Blocks.resize(2);
    Fn.Blocks[0].Succs = {1};
    F.Module.Functions.push_back(std::move(Fn));
  }
  return F;
}

TEST(Fuzz, RcsDecoder) {
  std::vector<std::vector<uint8_t>> Seeds;
  serialize::TUFile F = sampleFile();
  Seeds.push_back(serialize::encodeTUFile(F));
  serialize::Bundle B;
  B.ShardIndex = 1;
  B.ShardCount = 2;
  B.FailedTUs = {"/src/b.cpp"};
  B.TUs.push_back(F);
  Seeds.push_back(serialize::encodeBundle(B));
  llvm::Expected<std::vector<uint8_t>> Msg =
      serialize::testing::extractMessage(Seeds[0]);
  ASSERT_TRUE(bool(Msg));
  std::mt19937_64 Rng(13);
  for (int I = 0; I < 20000; ++I) {
    std::vector<uint8_t> In = Seeds[Rng() % Seeds.size()];
    for (int K = 1 + Rng() % 3; K > 0; --K)
      mutate(In, Rng, llvm::StringRef("\0\1\x7f\xff", 4));
    fuzzRcs(In.data(), In.size());
    // Past the checksum and zstd: a damaged message in a valid frame.
    std::vector<uint8_t> M = *Msg;
    for (int K = 1 + Rng() % 3; K > 0; --K)
      mutate(M, Rng, llvm::StringRef("\0\1\x7f\xff", 4));
    M.resize(M.size() / 8 * 8);
    if (!M.empty()) {
      std::vector<uint8_t> W = serialize::testing::wrapMessage(M);
      fuzzRcs(W.data(), W.size());
    }
  }
}

TEST(Fuzz, CompileDatabaseReader) {
  std::string Seed = corpusFile("database.json");
  ASSERT_FALSE(Seed.empty());
  llvm::SmallString<256> Model;
  llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Model);
  llvm::sys::path::append(Model, "racecar-fuzz-db");
  llvm::SmallString<256> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory(Model, Dir));
  std::vector<uint8_t> Base(Seed.begin(), Seed.end());
  {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, "seed.json");
    {
      std::error_code EC;
      llvm::raw_fd_ostream OS(Path, EC);
      OS << Seed;
    }
    llvm::Expected<std::vector<frontend::TUJob>> SeedJobs =
        frontend::loadCompileDatabase(std::string(Path), {});
    ASSERT_TRUE(bool(SeedJobs));
    EXPECT_EQ(SeedJobs->size(), 3u) << "the seed database reads whole";
    llvm::sys::fs::remove(Path);
  }
  fuzzCompileDatabase(Base.data(), Base.size(), std::string(Dir));
  std::mt19937_64 Rng(13);
  for (int I = 0; I < 5000; ++I) {
    std::vector<uint8_t> In = Base;
    for (int K = 1 + Rng() % 2; K > 0; --K)
      mutate(In, Rng, ",[]{}\":\n \\a/.0");
    fuzzCompileDatabase(In.data(), In.size(), std::string(Dir));
  }
  llvm::sys::fs::remove_directories(Dir);
}

} // namespace
