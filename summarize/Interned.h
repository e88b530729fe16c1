//===- Interned.h - Values kept once per process, shared by pointer -*- C++ -*-===//
//
// Why: a summary's access snapshots are mostly copies. A caller copies each
// of its callees' accesses with the callee's path (a global's, most of the
// time, unchanged), the locks held at it (the same few lists over and
// over) and the threads running then. On redis one recursive SCC's members
// hold ~10,500 snapshots each, 4,500 distinct paths among them; at a
// million functions the snapshots' paths and lists were 1.5 GB of a 4 GB
// peak. An Interned<T> is a pointer to the one copy of its value that the
// process keeps: 8 bytes in the snapshot, copied without allocating.
//
//   Interned<LockVector> L = std::vector<HeldLock>{{mu}};   // interned
//   Interned<LockVector> M = L;                             // a pointer copy
//   for (const HeldLock &H : L) ...                         // reads as a T
//
// Values are immutable: to change one, build a T and assign it. The empty
// value (InternTraits<T>::isEmpty) is the null pointer and costs no lookup.
// Interned values are never freed: they are what the summaries of one scan
// hold, each once. Thread-safe (the table is sharded under mutexes).
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_INTERNED_H
#define RACER_SUMMARIZE_INTERNED_H

#include "summarize/ReadsAsList.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TinyPtrVector.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <type_traits>
#include <utility>

namespace racer {

/// A cheap multiplicative mix of \p V into \p H, for hashes whose keys are
/// compared on a match anyway (intern tables, AccessSet).
inline uint64_t mixHash(uint64_t H, uint64_t V) {
  H = (H ^ V) * 0x9E3779B97F4A7C15ull;
  return H ^ (H >> 29);
}

/// What interning a T needs: specialized next to T.
///   static uint64_t hash(const T &);
///   static bool same(const T &, const T &);  // every field, printing too
///   static bool isEmpty(const T &);           // the default value
///   static bool equivalent(const T &, const T &); // the T's own ==
template <class T> struct InternTraits;

/// The process's table of interned T values.
template <class T> class InternTable {
public:
  static const T *intern(T &&V) {
    static InternTable Table;
    uint64_t H = InternTraits<T>::hash(V);
    if (H >= ~uint64_t(0) - 1) // DenseMap's empty and tombstone keys
      H -= 2;
    Shard &S = Table.Shards[(H >> 56) % NumShards];
    std::lock_guard<std::mutex> G(S.M);
    llvm::TinyPtrVector<const T *> &Bucket = S.ByHash[H];
    for (const T *Known : Bucket)
      if (InternTraits<T>::same(*Known, V))
        return Known;
    const T *New = &S.Values.emplace_back(std::move(V));
    Bucket.push_back(New);
    return New;
  }

private:
  static constexpr size_t NumShards = 16;
  struct Shard {
    std::mutex M;
    llvm::DenseMap<uint64_t, llvm::TinyPtrVector<const T *>> ByHash;
    std::deque<T> Values; ///< never moved: handles point into it
  };
  Shard Shards[NumShards];
};

/// A handle to an interned T (see the file comment).
template <class T> class Interned : public ReadsAsList<Interned<T>, T> {
public:
  Interned() = default;
  Interned(const T &V) { set(T(V)); }
  Interned(T &&V) { set(std::move(V)); }
  Interned &operator=(const T &V) {
    set(T(V));
    return *this;
  }
  Interned &operator=(T &&V) {
    set(std::move(V));
    return *this;
  }

  const T &operator*() const { return P ? *P : emptyValue(); }
  const T *operator->() const { return &**this; }
  operator const T &() const { return **this; }
  /// A list reads as an ArrayRef of its elements.
  template <class U, class = std::enable_if_t<
                         std::is_convertible_v<const T &, llvm::ArrayRef<U>>>>
  operator llvm::ArrayRef<U>() const {
    return llvm::ArrayRef<U>(**this);
  }

  /// The empty value (for a list: no elements).
  bool empty() const { return !P; }

  /// Changes the value: \p Change edits a copy, interned anew.
  template <class F> void edit(F &&Change) {
    T V = **this;
    Change(V);
    set(std::move(V));
  }

  /// The same interned copy: equal in every field.
  bool identical(const Interned &O) const { return P == O.P; }
  /// Stands for the value in hashes of values made of interned parts.
  const void *identity() const { return P; }

  /// T's own equality (which may ignore printing-only fields).
  friend bool operator==(const Interned &A, const Interned &B) {
    return A.P == B.P || InternTraits<T>::equivalent(*A, *B);
  }
  friend bool operator!=(const Interned &A, const Interned &B) {
    return !(A == B);
  }
  friend bool operator<(const Interned &A, const Interned &B) {
    return *A < *B;
  }

private:
  static const T &emptyValue() {
    static const T E{};
    return E;
  }
  void set(T &&V) {
    P = InternTraits<T>::isEmpty(V) ? nullptr
                                    : InternTable<T>::intern(std::move(V));
  }
  const T *P = nullptr;
};

} // namespace racer

#endif
