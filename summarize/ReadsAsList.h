//===- ReadsAsList.h - A handle that reads as the list it holds -*- C++ -*-===//
//
// Interned<T> and Boxed<T> hold a T behind a pointer; when T is a list, a
// loop, an index or front()/back() on the handle read the list itself:
//
//   for (const HeldLock &L : A.Locks) ...      // Interned<LockVector>
//   S.Spawns.front().Location                  // Boxed<std::vector<..>>
//
// Each member exists only for a T that has it. Derived gives `**this`.
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_READSASLIST_H
#define RACER_SUMMARIZE_READSASLIST_H

#include <cstddef>
#include <utility>

namespace racer {

template <class Derived, class T> class ReadsAsList {
public:
  template <class U = T>
  auto begin() const -> decltype(std::declval<const U &>().begin()) {
    return list().begin();
  }
  template <class U = T>
  auto end() const -> decltype(std::declval<const U &>().end()) {
    return list().end();
  }
  template <class U = T>
  auto size() const -> decltype(std::declval<const U &>().size()) {
    return list().size();
  }
  template <class U = T>
  auto front() const -> decltype(std::declval<const U &>().front()) {
    return list().front();
  }
  template <class U = T>
  auto back() const -> decltype(std::declval<const U &>().back()) {
    return list().back();
  }
  template <class U = T>
  auto operator[](size_t I) const -> decltype(std::declval<const U &>()[I]) {
    return list()[I];
  }

private:
  const T &list() const { return *static_cast<const Derived &>(*this); }
};

} // namespace racer

#endif
