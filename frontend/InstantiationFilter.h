//===- InstantiationFilter.h - Library instantiations not performed -------===//
//
// racecar lowers no function of a system header, so instantiating a library
// function template (std::vector<Foo>::push_back, std::sort<It>) only
// matters when it instantiates project code in turn: a generic lambda passed
// to std::for_each, a project class template's member a library algorithm
// calls. Every other implicit instantiation of a system-header function is
// dropped from Sema's queue before the end of the translation unit, which is
// most of the time `clang -fsyntax-only` spends on C++ translation units.
//
//===----------------------------------------------------------------------===//

#ifndef RACECAR_FRONTEND_INSTANTIATIONFILTER_H
#define RACECAR_FRONTEND_INSTANTIATIONFILTER_H

#include "llvm/ADT/DenseSet.h"

#include <cstddef>

namespace clang {
class NamedDecl;
class ValueDecl;
class Sema;
class SourceManager;
} // namespace clang

namespace racer::frontend {

class InstantiationFilter {
public:
  InstantiationFilter(clang::Sema &S, const clang::SourceManager &SM)
      : S(S), SM(SM) {}

  /// Drops, from the pending implicit instantiations queued since the last
  /// call, those of system-header functions whose template arguments name
  /// no project template code. Called from HandleTopLevelDecl: after each
  /// top-level declaration, and after each function Sema instantiates at
  /// the end of the translation unit, so what a kept instantiation queues in
  /// turn is filtered too.
  void dropLibraryOnly();

  /// How many instantiations were dropped, and how many library functions
  /// were kept.
  size_t dropped() const { return Dropped; }
  size_t keptLibrary() const { return KeptLibrary; }

private:
  void filterQueue();
  void forgetUses();

  clang::Sema &S;
  const clang::SourceManager &SM;
  const clang::ValueDecl *LastSeen = nullptr; // the queue's last entry seen
  size_t UsesSeen = 0; // Sema::UndefinedButUsed entries already looked at
  llvm::DenseSet<const clang::NamedDecl *> DroppedAll, Kept;
  size_t Dropped = 0;
  size_t KeptLibrary = 0;
};

} // namespace racer::frontend

#endif
