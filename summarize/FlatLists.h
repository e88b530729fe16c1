//===- FlatLists.h - Lists of indexes stored back to back ------*- C++ -*-===//
//
// Why: the call graph keeps, per SCC, its members and its callers, and the
// summarizer its callee SCCs. As vectors of vectors that is one heap block
// per list, ~40 bytes each with the vector itself, and a program of a
// million functions has about as many SCCs (the link + reduce benchmark:
// ~160 MB for the graph). Stored back to back with their start offsets
// (compressed sparse rows), a list costs its items and one offset.
//
//   FlatLists L(Nested);        // or: L.append({1, 2}); L.append({});
//   for (uint32_t X : L[I]) ... // an llvm::ArrayRef<uint32_t>
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_FLATLISTS_H
#define RACER_SUMMARIZE_FLATLISTS_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace racer {

class FlatLists {
public:
  FlatLists() = default;
  explicit FlatLists(const std::vector<std::vector<uint32_t>> &Nested) {
    size_t Total = 0;
    for (const std::vector<uint32_t> &L : Nested)
      Total += L.size();
    Items.reserve(Total);
    Starts.reserve(Nested.size() + 1);
    for (const std::vector<uint32_t> &L : Nested)
      append(L);
  }

  /// Adds a list after the others.
  void append(llvm::ArrayRef<uint32_t> List) {
    Items.insert(Items.end(), List.begin(), List.end());
    Starts.push_back(static_cast<uint32_t>(Items.size()));
  }

  size_t size() const { return Starts.size() - 1; }
  bool empty() const { return size() == 0; }
  llvm::ArrayRef<uint32_t> operator[](size_t I) const {
    return llvm::ArrayRef<uint32_t>(Items.data() + Starts[I],
                                    Items.data() + Starts[I + 1]);
  }
  llvm::ArrayRef<uint32_t> front() const { return (*this)[0]; }

private:
  std::vector<uint32_t> Items;
  /// Starts[I], Starts[I + 1]: list I's items.
  std::vector<uint32_t> Starts{0};
};

} // namespace racer

#endif
