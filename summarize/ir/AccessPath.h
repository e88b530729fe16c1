//===- AccessPath.h - Canonical, Clang-free memory paths -------*- C++ -*-===//
//
// Why: races are found by comparing the memory two accesses touch, across
// functions and translation units. Clang's Exprs cannot be compared for
// equivalence, so the frontend lowers every lvalue into an AccessPath: a root
// variable followed by projection steps. Pointers and references are explicit
// Deref steps, so one substitution rule maps a callee's formals onto a
// caller's actuals.
//
//   this->items_[i].count   ==>  Formal(0) Deref Field(items_) Index Field(count)
//   *p                      ==>  Formal(1) Deref
//   g_config.level          ==>  Global(c:@g_config) Field(level)
//   Node *n = ...; n->next  ==>  Local(n) Deref Field(next)
//
// A reference variable is lowered like a pointer: `Foo &f; f.x` is
// Formal(1) Deref Field(x).
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_IR_ACCESSPATH_H
#define RACER_SUMMARIZE_IR_ACCESSPATH_H

#include "summarize/ir/Symbol.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace racer::ir {

/// What a path is rooted at.
enum class RootKind : uint8_t {
  Formal, ///< a parameter; index 0 is `this` in methods (e.g. `this`, `p`)
  Global, ///< a global or static variable, named by its symbol
  Local,  ///< a local variable of the function (e.g. `Node *n`), by id
};

/// One projection step.
enum class StepKind : uint8_t {
  Field, ///< `.f` on an object; `p->f` is Deref then Field
  Deref, ///< `*p`, or going through a pointer/reference
  Index, ///< `a[i]`; all indices are one abstract element, but for a
         ///< lock's constant index (`&m[3]`), kept as the step's name
  /// One or more steps left out by k-limiting (see limitSteps):
  /// `this->a->b->...->f`. Only limitSteps makes it.
  Elided,
  /// Every object of a walk along pointers from here (a loop over a linked
  /// list: `for (l = head; l; l = l->next)`), printed like Elided:
  /// `head->...->f`. Two threads walking the same list reach the same
  /// objects, so, unlike Elided, it adds no doubt. Only widenWalk makes it.
  Walk,
  /// The object a thread allocated and linked into a structure rooted here
  /// (`l = calloc(..); l->next = head; head = l;`), named like the walks
  /// of that structure (`head->...`, see linkedName): another thread's walk
  /// reaches it, but two threads' Linked objects are different objects.
  Linked,
};

/// A step that stands for pointer loads it does not spell out (Elided,
/// Walk, Linked): memory past it may be any of several objects' and is
/// never in place of the path before it.
inline bool standsForLoads(StepKind K) {
  return K == StepKind::Elided || K == StepKind::Walk ||
         K == StepKind::Linked;
}

/// 8 bytes: the field's interned name with the kind in its low bits (an
/// interned std::string is 8-byte aligned), so that four steps fit inline in
/// an AccessPath (`this->items_[].count` is Deref Field Index Field) and
/// most paths never touch the heap.
class PathStep {
public:
  PathStep() : PathStep(StepKind::Field, Symbol()) {}
  PathStep(StepKind K, Symbol Name = Symbol())
      : Bits(reinterpret_cast<uintptr_t>(Name.opaque()) |
             static_cast<uintptr_t>(K)) {}

  StepKind kind() const { return static_cast<StepKind>(Bits & KindMask); }
  /// For Field: the field's qualified name, e.g. "Counter::n_"; else "".
  Symbol name() const {
    return Symbol::fromOpaque(reinterpret_cast<const void *>(Bits & ~KindMask));
  }

  friend bool operator==(const PathStep &A, const PathStep &B) {
    return A.Bits == B.Bits;
  }
  friend bool operator!=(const PathStep &A, const PathStep &B) {
    return A.Bits != B.Bits;
  }
  friend bool operator<(const PathStep &A, const PathStep &B) {
    if (A.Bits == B.Bits) // the same kind and interned name
      return false;
    if (A.kind() != B.kind())
      return A.kind() < B.kind();
    return A.name() < B.name();
  }

private:
  static constexpr uintptr_t KindMask = 7;
  uintptr_t Bits;
};
static_assert(sizeof(PathStep) == 8 && alignof(std::string) >= 8);

/// A canonical access path. Value type; compares structurally.
struct AccessPath {
  RootKind Root = RootKind::Local;
  /// Formal index (Formal), local id (Local); unused for Global.
  uint32_t Index = 0;
  /// Global: the variable's symbol (USR), its identity across TUs.
  ir::Symbol Symbol;
  /// The root as spelled in source (`this`, `p`, `g_config`); printing only.
  ir::Symbol Spelling;
  /// Most paths are short (`this->f` is Deref Field): up to 4 kept inline.
  llvm::SmallVector<PathStep, 4> Steps;

  // LLVM's SmallVector move is not noexcept; without these std::vector<AccessPath>
  // would deep-copy every element when it grows.
  AccessPath() = default;
  AccessPath(const AccessPath &) = default;
  AccessPath &operator=(const AccessPath &) = default;
  AccessPath(AccessPath &&) noexcept = default;
  AccessPath &operator=(AccessPath &&) noexcept = default;

  static AccessPath formal(uint32_t Idx, ir::Symbol Name) {
    AccessPath P;
    P.Root = RootKind::Formal;
    P.Index = Idx;
    P.Spelling = std::move(Name);
    return P;
  }
  static AccessPath global(ir::Symbol Symbol, ir::Symbol Name) {
    AccessPath P;
    P.Root = RootKind::Global;
    P.Symbol = std::move(Symbol);
    P.Spelling = std::move(Name);
    return P;
  }
  /// Memory the frontend could not name (`*(int *)addr`, `*(c ? p : q)`,
  /// `*f()`): an access to it is recorded only as an assumption of the
  /// analysis (summarize/Assumptions.h), never paired.
  static AccessPath unnamed() {
    return global(ir::Symbol(UnnamedSymbol), ir::Symbol(UnnamedSymbol));
  }
  bool isUnnamed() const {
    return Root == RootKind::Global && Symbol == UnnamedSymbol;
  }
  static constexpr const char *UnnamedSymbol = "<unnamed>";

  static AccessPath local(uint32_t Id, ir::Symbol Name) {
    AccessPath P;
    P.Root = RootKind::Local;
    P.Index = Id;
    P.Spelling = std::move(Name);
    return P;
  }

  AccessPath field(ir::Symbol Name) const {
    AccessPath P = *this;
    P.Steps.push_back({StepKind::Field, Name});
    return P;
  }
  AccessPath deref() const {
    AccessPath P = *this;
    P.Steps.push_back({StepKind::Deref, {}});
    return P;
  }
  AccessPath index() const {
    AccessPath P = *this;
    P.Steps.push_back({StepKind::Index, {}});
    return P;
  }

  /// True if `this` is a (non-strict) prefix of \p Other.
  bool isPrefixOf(const AccessPath &Other) const;

  /// True if \p Part is memory inside this object, not behind a pointer in
  /// it: a strict prefix followed by fields and indices only. `s` holds
  /// `s.a.b` and `s.v[]`, `*p` holds `p->f`; `p` does not hold `p->f`.
  bool holdsInPlace(const AccessPath &Part) const;

  /// Identity of the root, ignoring the printing name for formals/locals.
  bool sameRoot(const AccessPath &O) const {
    if (Root != O.Root)
      return false;
    return Root == RootKind::Global ? Symbol == O.Symbol : Index == O.Index;
  }

  friend bool operator==(const AccessPath &A, const AccessPath &B) {
    return A.sameRoot(B) && A.Steps == B.Steps;
  }
  friend bool operator!=(const AccessPath &A, const AccessPath &B) {
    return !(A == B);
  }
  /// Total order (for sets and deterministic output).
  friend bool operator<(const AccessPath &A, const AccessPath &B);

  /// C-like rendering: `this->items_[].count`, `*p`, `g_config.level`.
  /// Field names print unqualified.
  std::string str() const;
};

/// Maximum number of steps kept (k-limiting, see limitSteps). It keeps summaries finite
/// under recursion over linked structures, and small: in a C program every
/// caller extends its callees' paths (`c->flags` becomes
/// `server.clients->head->value->flags`), and on redis the summaries hold
/// 2.2x more snapshots at 12 steps than at 8 (summarize 5.5 s against 2.1 s)
/// and far more at 16 (8.8 s), with the same reports.
constexpr unsigned MaxPathSteps = 8;

/// k-limits \p P: a path of more than MaxPathSteps steps keeps its first
/// MaxPathSteps - 2, then one Elided step, then its last step, so distinct
/// fields past the cut stay distinct:
///   this->rack_->chassis->slot->card->port->rxErrors
///   ==> this->rack_->chassis->slot->...->rxErrors
/// Applying it to a path built step by step gives the same result as
/// applying it once to the whole path.
void limitSteps(AccessPath &P);

/// The name a pointer walked along a linked structure gets where two paths
/// meet (a loop head): one of \p A, \p B extends the other by steps that
/// load a pointer (`head` and `head->next`), so the shorter one followed by
/// a Walk step names every object of the walk (`head->...`), and a walk
/// already so named stays put. Nothing when neither extends the other that
/// way.
///   join(G Deref, G Deref Field(next) Deref)  ==> G Deref Walk
///   join(G Deref Walk, G Deref Walk Field(next) Deref) ==> G Deref Walk
std::optional<AccessPath> widenWalk(const AccessPath &A, const AccessPath &B);

/// The name an object gets when a pointer to it is stored into \p Dest, a
/// location rooted at a global: the objects of the structure \p Dest
/// heads, `Dest' Deref Linked` with Dest' the part of \p Dest before any
/// load (`head = l` and `lst.head = l` name `head->...`, `lst.head->...`).
/// Nothing for a location not rooted at a global.
std::optional<AccessPath> linkedName(const AccessPath &Dest);

/// \p P with its Linked steps read as Walk steps: the memory of a
/// structure's walk that \p P's object may be (ThreadRaces pairs a
/// thread's linked object with another thread's walk by it).
AccessPath asWalked(AccessPath P);

/// \p P names an object the accessing thread linked (a Linked step).
bool throughLinked(const AccessPath &P);

/// \p A and \p B may name the same memory when indices are told apart only
/// where both are constants (`m[3]` and `m[4]` no, `m[3]` and `m[]` yes):
/// equal but for Index steps of which one has no constant.
bool mayBeSameElement(const AccessPath &A, const AccessPath &B);

/// \p P is in the object its root points to, with no pointer loaded on the
/// way (`p->f`, `p->a[].g`; not `p->next->f`): memory a per-object fact
/// about the root's pointee covers.
bool withinRootPointee(const AccessPath &P);

/// \p A and \p B are objects embedded (through members only) in one root
/// object, or in two different globals, and neither contains the other
/// (`this->config_mu_` and `this->impl_`): they share no memory.
bool disjointEmbedded(const AccessPath &A, const AccessPath &B);

} // namespace racer::ir

#endif
