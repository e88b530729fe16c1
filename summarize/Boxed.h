//===- Boxed.h - A part of a value kept apart, absent when empty -*- C++ -*-===//
//
// Why: a large program has a summary per function (a million in the link
// bench), and most summaries' lock effects are empty: seven empty vectors,
// 168 bytes each time. A Boxed<T> holds its T on the heap only when it has
// been written, and reads as an empty T otherwise: 8 bytes. So does what
// most functions return: nothing a caller can name (80 bytes).
//
//   Boxed<LockEffect> L;
//   L->Acquired.empty();            // reads: an empty LockEffect, no box
//   L.edit().Acquired.push_back(x); // writes: makes the box
//   L.compact();                    // drops a box that is empty again
//
// A copy copies the T (value semantics, as the plain member had).
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_BOXED_H
#define RACER_SUMMARIZE_BOXED_H

#include "summarize/ReadsAsList.h"

#include <memory>

namespace racer {

/// When a Boxed<T> needs no box: T::empty() unless specialized.
template <class T> struct BoxTraits {
  static bool isEmpty(const T &V) { return V.empty(); }
};

template <class T> class Boxed : public ReadsAsList<Boxed<T>, T> {
public:
  Boxed() = default;
  Boxed(const Boxed &O) : P(O.P ? std::make_unique<T>(*O.P) : nullptr) {}
  Boxed(Boxed &&) noexcept = default;
  Boxed &operator=(const Boxed &O) {
    if (this != &O)
      P = O.P ? std::make_unique<T>(*O.P) : nullptr;
    return *this;
  }
  Boxed &operator=(Boxed &&) noexcept = default;
  Boxed(T V) { set(std::move(V)); }
  Boxed &operator=(T V) {
    set(std::move(V));
    return *this;
  }

  const T &operator*() const { return P ? *P : emptyValue(); }
  const T *operator->() const { return &**this; }
  operator const T &() const { return **this; }
  /// The T to write (made empty if there was none).
  T &edit() {
    if (!P)
      P = std::make_unique<T>();
    return *P;
  }
  /// Drops the box if its T is empty (BoxTraits).
  void compact() {
    if (P && BoxTraits<T>::isEmpty(*P))
      P.reset();
  }
  bool boxed() const { return P != nullptr; }

  /// Its T is empty (BoxTraits), boxed or not.
  bool empty() const { return BoxTraits<T>::isEmpty(**this); }

  friend bool operator==(const Boxed &A, const Boxed &B) { return *A == *B; }

private:
  static const T &emptyValue() {
    static const T E{};
    return E;
  }
  void set(T &&V) {
    if (BoxTraits<T>::isEmpty(V))
      P.reset();
    else
      P = std::make_unique<T>(std::move(V));
  }
  std::unique_ptr<T> P;
};

} // namespace racer

#endif
