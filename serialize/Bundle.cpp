//===- Bundle.cpp - Framing of several TU files ---------------------------===//
#include "serialize/Bundle.h"
#include "serialize/FileOutput.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cstring>

namespace racer::serialize {

namespace {

constexpr char BundleMagic[4] = {'R', 'C', 'B', '2'};
constexpr char OldBundleMagic[4] = {'R', 'C', 'B', '1'};

template <typename T> void put(std::vector<uint8_t> &Out, T V) {
  for (size_t I = 0; I < sizeof(T); ++I)
    Out.push_back(static_cast<uint8_t>(V >> (8 * I)));
}

class Reader {
public:
  explicit Reader(llvm::ArrayRef<uint8_t> B) : B(B) {}
  template <typename T> bool get(T &V) {
    if (Pos + sizeof(T) > B.size())
      return false;
    V = 0;
    for (size_t I = 0; I < sizeof(T); ++I)
      V |= static_cast<T>(B[Pos + I]) << (8 * I);
    Pos += sizeof(T);
    return true;
  }
  bool bytes(uint64_t N, llvm::ArrayRef<uint8_t> &Out) {
    if (N > B.size() - Pos)
      return false;
    Out = B.slice(Pos, N);
    Pos += N;
    return true;
  }
  size_t pos() const { return Pos; }

private:
  llvm::ArrayRef<uint8_t> B;
  size_t Pos = 0;
};

llvm::Error corrupt(const char *What) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "corrupt racecar bundle: %s", What);
}

} // namespace

std::vector<uint8_t> encodeBundle(const Bundle &B) {
  std::vector<uint8_t> Out(BundleMagic, BundleMagic + 4);
  put<uint32_t>(Out, FormatVersion);
  put<uint32_t>(Out, B.ShardIndex);
  put<uint32_t>(Out, B.ShardCount);
  put<uint32_t>(Out, static_cast<uint32_t>(B.FailedTUs.size()));
  for (const std::string &F : B.FailedTUs) {
    put<uint32_t>(Out, static_cast<uint32_t>(F.size()));
    Out.insert(Out.end(), F.begin(), F.end());
  }
  put<uint32_t>(Out, static_cast<uint32_t>(B.TUs.size()));
  for (const TUFile &T : B.TUs) {
    std::vector<uint8_t> Bytes = encodeTUFile(T);
    put<uint64_t>(Out, Bytes.size());
    Out.insert(Out.end(), Bytes.begin(), Bytes.end());
  }
  put<uint64_t>(Out, llvm::xxh3_64bits(Out));
  return Out;
}

llvm::Expected<Bundle> decodeBundle(llvm::ArrayRef<uint8_t> Bytes) {
  if (Bytes.size() >= 4 && std::memcmp(Bytes.data(), OldBundleMagic, 4) == 0)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "racecar bundle written by an older racecar version (no shard "
        "number); run the map step again");
  if (Bytes.size() < 4 + 4 + 4 + 4 + 4 + 4 + 8 ||
      std::memcmp(Bytes.data(), BundleMagic, 4) != 0)
    return corrupt("not a racecar bundle (bad magic)");
  llvm::ArrayRef<uint8_t> Body = Bytes.drop_back(8);
  Reader Tail(Bytes.take_back(8));
  uint64_t Sum = 0;
  Tail.get(Sum);
  if (Sum != llvm::xxh3_64bits(Body))
    return corrupt("checksum mismatch (truncated or damaged file)");
  Reader R(Body);
  llvm::ArrayRef<uint8_t> Skip;
  R.bytes(4, Skip);
  uint32_t Version = 0, NFailed = 0, NTUs = 0;
  R.get(Version);
  if (Version != FormatVersion)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "racecar bundle written by an incompatible racecar version (format "
        "%u, expected %u)",
        Version, FormatVersion);
  Bundle B;
  if (!R.get(B.ShardIndex) || !R.get(B.ShardCount))
    return corrupt("truncated header");
  if (B.ShardIndex > B.ShardCount || (B.ShardCount && !B.ShardIndex))
    return corrupt("bad shard number");
  if (!R.get(NFailed))
    return corrupt("truncated header");
  for (uint32_t I = 0; I < NFailed; ++I) {
    uint32_t Len = 0;
    llvm::ArrayRef<uint8_t> S;
    if (!R.get(Len) || !R.bytes(Len, S))
      return corrupt("truncated list of failed TUs");
    B.FailedTUs.emplace_back(S.begin(), S.end());
  }
  if (!R.get(NTUs))
    return corrupt("truncated TU count");
  for (uint32_t I = 0; I < NTUs; ++I) {
    uint64_t Len = 0;
    llvm::ArrayRef<uint8_t> T;
    if (!R.get(Len) || !R.bytes(Len, T))
      return corrupt("truncated TU entry");
    llvm::Expected<TUFile> F = decodeTUFile(T);
    if (!F)
      return F.takeError();
    B.TUs.push_back(std::move(*F));
  }
  if (R.pos() != Body.size())
    return corrupt("trailing bytes");
  return B;
}

llvm::Error writeBundleAtomically(const std::string &Path, const Bundle &B) {
  std::vector<uint8_t> Bytes = encodeBundle(B);
  return writeFileAtomically(
      Path, llvm::StringRef(reinterpret_cast<const char *>(Bytes.data()),
                            Bytes.size()));
}

llvm::Expected<Bundle> readBundle(const std::string &Path) {
  auto Buf = racer::serialize::readRegularFile(Path);
  if (!Buf)
    return llvm::createStringError(Buf.getError(), "cannot read '%s': %s",
                                   Path.c_str(),
                                   Buf.getError().message().c_str());
  llvm::Expected<Bundle> B = decodeBundle(llvm::arrayRefFromStringRef(
      (*Buf)->getBuffer()));
  if (!B)
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: %s",
                                   Path.c_str(),
                                   llvm::toString(B.takeError()).c_str());
  return B;
}

} // namespace racer::serialize
