//===- ModeAsserts.h - Locks held in one mode of an object -----*- C++ -*-===//
//
// Why: an object can run in modes a member decides, and one mode can come
// with a lock its users hold. rocksdb's MemTableInserter replays a log in
// recovery (`recovering_log_number_ != 0`) with the DB mutex held, and says
// so where it touches the recovered transactions:
//
//   Status MarkCommit(const Slice &name) override {
//     if (recovering_log_number_ != 0) {
//       db_->mutex()->AssertHeld();           // the mode's contract
//       auto trx = db_->GetRecoveredTransaction(name.ToString()); ..
//   Status MarkRollback(const Slice &name) override {
//     if (recovering_log_number_ != 0) {     // the same mode, no assertion
//       auto trx = db_->GetRecoveredTransaction(name.ToString()); ..
//
// An assertion that a lock is held (a call the lock models take as
// AssertHeld), made first thing in the branch of a test of a member of
// `this` against a constant, states what holds whenever that test passes:
// another method of the class branching on the same test runs its branch
// with the lock held too. Only the same member, compared the same way with
// the same constant; only a receiver built from `this` (no local or
// parameter of the asserting method).
//
// A lock taken as the whole branch of such a test (`if (two_write_queues_)
// log_write_mutex_.Lock();`) is held in that mode only: the calls are marked
// (callsUnderModeTests), and the summaries keep the hold as a conditional
// one until the same test lets it go (HeldLock::Conditional).
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_MODEASSERTS_H
#define RACER_FRONTEND_MODEASSERTS_H

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <cstdint>
#include <map>
#include <tuple>

namespace racer::frontend {

/// The calls of \p Body that are the whole branch of an `if` on a mode
/// test with no else (`if (two_write_queues_) log_write_mutex_.Lock();`):
/// a lock taken so is held in one mode of the object
/// (ir::CallInfo::UnderModeTest).
llvm::DenseSet<const clang::CallExpr *>
callsUnderModeTests(const clang::Stmt *Body, const clang::ASTContext &Ctx);

/// A TU's mode assertions, found per class on first use.
class ModeAsserts {
public:
  /// The assertion a test \p Cond, in a method of \p RD, implies for the
  /// branch where it holds; null if none (or if \p Cond is no mode test).
  const clang::CXXMemberCallExpr *impliedBy(const clang::CXXRecordDecl *RD,
                                            const clang::Expr *Cond);

  /// The assertion \p Then makes first (its first statement), or null.
  static const clang::CXXMemberCallExpr *assertionIn(const clang::Stmt *Then);

  /// \p Cond tests a member of `this` against a constant (a mode).
  static bool isModeTest(const clang::Expr *Cond,
                         const clang::ASTContext &Ctx) {
    Key K;
    return Cond && keyOf(Cond, Ctx, K);
  }

private:
  /// (member, comparison, constant): `f != 0`, `f` and `f == 3`.
  using Key = std::tuple<const clang::FieldDecl *, int, int64_t>;
  static bool keyOf(const clang::Expr *Cond, const clang::ASTContext &Ctx,
                    Key &K);
  llvm::DenseMap<const clang::CXXRecordDecl *,
                 std::map<Key, const clang::CXXMemberCallExpr *>>
      ByClass;
};

} // namespace racer::frontend

#endif
