//===- CodecTesting.h - Hooks for testing the TU file decoder --*- C++ -*-===//
//
// Why: the decoder must survive any damage, including damage that passes the
// checksum and zstd (a bug in a writer, a hand-made file). Tests reach the
// Cap'n Proto message inside a file through these two hooks, mutate it, and
// wrap it again with a valid header and checksum. Not for production use.
//===----------------------------------------------------------------------===//
#ifndef RACER_SERIALIZE_CODECTESTING_H
#define RACER_SERIALIZE_CODECTESTING_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace racer::serialize::testing {

/// The uncompressed Cap'n Proto message of a file whose header, checksum
/// and zstd frame are valid.
llvm::Expected<std::vector<uint8_t>> extractMessage(llvm::ArrayRef<uint8_t> File);

/// A file holding \p Message (any bytes; its size must be a multiple of 8)
/// with a correct header and checksum.
std::vector<uint8_t> wrapMessage(llvm::ArrayRef<uint8_t> Message);

} // namespace racer::serialize::testing

#endif
