//===- SccStore.h - SCC summaries kept between scans, on disk -*- C++ -*-===//
//
// Why: the summary cache (driver/SccCache.h) needs, in the next scan, the
// summaries of any SCC whose caller changed, found by the SCC's key (a
// digest of its bodies and of its callees' summaries), and for every other
// SCC only the digest of its summaries. On redis that is 4,641 SCCs and
// 40 MB of compressed summaries, of which an edit reads a few, so:
//
//   <dir>/index           every entry: key, summaries digest, where the
//                         compressed bytes are; the packs in use.
//   <dir>/pack-<hex>.rsp  compressed summaries (SummaryCodec bytes, one zstd
//                         frame each), written once, never modified.
//
// A scan reads the index (a few hundred KB), looks keys up in memory and
// reads an entry's bytes only when it needs the summaries (the heads alone
// when that is all it needs: a prefix of the frame). It writes one new pack
// with the entries it computed and a new index naming every entry it used,
// plus those the two scans before it used (an edit undone, or two programs
// scanned in turn, still find theirs). When the packs hold more than twice
// the bytes the index names, the kept entries are copied into the new pack
// and the old packs deleted.
//
// Versioned and checksummed: the index has a magic, the store and codec
// versions and an xxh3 over it; every entry has the xxh3 of its compressed
// bytes, checked before they are decompressed. A damaged, truncated or
// foreign index is an empty store; a damaged entry an error from read() (the
// caller treats it as a miss). Files are written through a temporary file
// and rename(2), so concurrent scans see a whole old or a whole new index; a
// scan never deletes a pack that the index it read did not name, unless the
// pack is an hour old (a scan that died, or lost a race to write the index).
//===----------------------------------------------------------------------===//
#ifndef RACER_SERIALIZE_SCCSTORE_H
#define RACER_SERIALIZE_SCCSTORE_H

#include "serialize/FileOutput.h"
#include "serialize/SummaryCodec.h"
#include "summarize/ir/FunctionDigest.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace racer::serialize {

/// Bump on any change to the index or pack layout.
constexpr uint32_t SccStoreVersion = 4;

/// One SCC's stored summaries.
struct SccEntry {
  ir::Digest Key;       ///< the SCC's cache key (driver/SccCache.h)
  ir::Digest Summaries; ///< EncodedSummaries::Digest
  ir::Digest Shape;     ///< EncodedSummaries::Shape
  /// The summaries (their digests) of the SCC's callees these were made
  /// from, in the key's order of callees: where one has changed in lines
  /// only, the reader moves the lines of these (driver/SccCache.h).
  std::vector<ir::Digest> Basis;
  /// The SCC across scans (a hash of its members' symbols), whatever its
  /// key: tells a re-summarized SCC whose summaries did not change.
  uint64_t Identity = 0;
  uint32_t Pack = 0;     ///< index into the store's packs
  uint64_t Offset = 0;   ///< of the compressed bytes in the pack
  uint32_t Size = 0;     ///< compressed bytes
  uint32_t RawSize = 0;  ///< EncodedSummaries::Size
  uint32_t HeadBytes = 0; ///< EncodedSummaries::HeadBytes
  /// Of the compressed bytes: the xxh3-64 of HeadChecksum and of the
  /// xxh3-64 of each megabyte of the rest (written as it is compressed).
  uint64_t Checksum = 0;
  /// The compressed heads: the first HeadSize bytes (a zstd frame of their
  /// own), and their xxh3-64, which a read of the heads alone checks.
  uint32_t HeadSize = 0;
  uint64_t HeadChecksum = 0;
  uint32_t Generation = 0; ///< the last scan that used it
};

class SccStore {
public:
  /// The store in \p Dir as its index names it (empty if there is none).
  /// Problems (a damaged index, a missing pack) go to \p Note and make
  /// entries missing, never an error.
  static std::unique_ptr<SccStore>
  open(const std::string &Dir,
       llvm::function_ref<void(const std::string &)> Note);

  const SccEntry *find(const ir::Digest &Key) const;
  /// An entry whose summaries have the digest \p Summaries, if any.
  const SccEntry *findSummaries(const ir::Digest &Summaries) const;
  /// The most recently used entry of the SCC \p Identity, if any.
  const SccEntry *findIdentity(uint64_t Identity) const;
  size_t size() const { return Entries.size(); }
  uint32_t generation() const { return Generation; }

  /// The encoded summaries of \p E (only its first HeadBytes with
  /// \p HeadsOnly), after checking its checksum. Thread-safe.
  llvm::Expected<std::string> read(const SccEntry &E, bool HeadsOnly) const;

  /// Collects the next version of the store: entries reused from this one
  /// (keep) and new ones (add), from any thread; commit() writes them.
  class Writer {
  public:
    explicit Writer(const SccStore &From) : From(From) {}
    /// \p E (an entry of From) is used by this scan.
    void keep(const SccEntry &E);
    /// Records the summaries \p Encode makes as those of SCC \p Key,
    /// compressing the bytes it hands to its sink as they come (see
    /// encodeSummaries), then those it returns. Returns their digest
    /// (EncodedSummaries::Digest). Thread-safe.
    ir::Digest add(const ir::Digest &Key, uint64_t Identity,
                   llvm::function_ref<EncodedSummaries(ChunkSink)> Encode,
                   std::vector<ir::Digest> Basis = {});
    /// The same for summaries encoded whole.
    ir::Digest add(const ir::Digest &Key, uint64_t Identity,
                   EncodedSummaries Whole, std::vector<ir::Digest> Basis = {});
    /// Writes the new pack and index. Entries of the last two scans that
    /// this one did not use are kept too.
    llvm::Error commit();
    unsigned added() const { return unsigned(Added.size()); }

  private:
    /// The new pack, opened with its header (under M).
    StreamedFile &newPack();

    const SccStore &From;
    std::mutex M;
    std::vector<SccEntry> Kept, Added; ///< Added: offsets into the new pack
    /// The new pack, written as entries come (a temporary beside its name
    /// until commit), so its bytes are never all in memory; null until the
    /// first entry.
    std::unique_ptr<StreamedFile> NewPack;
    std::string NewPackName;
  };

private:
  std::string Dir;
  uint32_t Generation = 0;
  std::vector<std::string> PackNames;
  /// Per pack: its bytes (mapped), or null if it could not be read.
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> Packs;
  std::vector<SccEntry> Entries;
  struct DigestHash {
    size_t operator()(const ir::Digest &D) const { return size_t(D.Low); }
  };
  std::unordered_map<ir::Digest, uint32_t, DigestHash> ByKey, BySummaries;
  std::unordered_map<uint64_t, uint32_t> ByIdentity;
};

} // namespace racer::serialize

#endif
