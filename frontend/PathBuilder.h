//===- PathBuilder.h - Clang expressions -> access paths -------*- C++ -*-===//
//
// Why: every rule that turns a Clang expression into the analysis' terms
// (which memory an lvalue designates, what a pointer value points to, what an
// actual passes) lives here, shared by the function lowerer (IRBuilder.cpp)
// and the capability-attribute reader (declaredEffects). Private to frontend/.
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_PATHBUILDER_H
#define RACER_FRONTEND_PATHBUILDER_H

#include "frontend/SymbolNames.h"
#include "summarize/LibraryModels.h"
#include "summarize/ir/IR.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/LambdaCapture.h"
#include "clang/AST/OperationKinds.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

#include <functional>
#include <optional>
#include <string>

namespace racer::frontend::lowering {

using namespace clang;
using ir::AccessPath;
using ir::Operand;

/// For a std container type (`std::vector<std::thread>`), the qualified name
/// of its first template argument if that is a class ("std::thread"), else "".
std::string stdElementTypeName(QualType T);

/// `this` in a method: Formal(0) Deref.
inline AccessPath thisObject() { return AccessPath::formal(0, "this").deref(); }

bool hasThisFormal(const FunctionDecl *FD);

AccessPath push(AccessPath P, ir::StepKind K, std::string Name = {});

bool hasDeref(const AccessPath &P);

/// std::move(x), std::forward<T>(x), ...: no call, the result is the argument.
bool isPassThroughCallee(const FunctionDecl *FD);

/// The CallExpr if E is a call to a pass-through function with an argument.
const Expr *passThroughArg(const Expr *E);

bool isGLValueTransparentCast(CastKind K);

bool isPointerTransparentCast(CastKind K);

/// Strips wrappers that do not change which object an expression denotes.
const Expr *stripWrappers(const Expr *E);

/// The variable in whose own storage lvalue \p E lies (`v`, `v.f`,
/// `v.a[i]`, through casts that keep the object), or null: memory behind a
/// pointer (`p->f`, `p[i]`), or no variable. Taking E's address (or binding
/// a reference to it) lets other code reach that variable.
const VarDecl *storageVariableOf(const Expr *E);

/// The function a call through a global function pointer reaches if the
/// pointer still holds its initializer (`int (*init_fn)(void) = dev_init;
/// ... init_fn();`), with the pointer in \p Through; null for any other
/// call. Whether nothing stores another function into it is for the link
/// to tell (ir::Module::FunctionPointersCalled).
const FunctionDecl *initialCalleeOf(const CallExpr *CE, const VarDecl **Through);
/// The variable a call through a function pointer calls (`fp()`,
/// `(*fp)()`), or null.
const VarDecl *calledPointerVariable(const CallExpr *CE);
/// The same for global function pointer \p VD: the function its
/// initializer names (null if none), with its defining declaration in
/// \p Def.
const FunctionDecl *initialFunctionOf(const VarDecl *VD, const VarDecl **Def);

/// The constructor call that initializes an object with initializer E, looking
/// through temporaries, casts and elidable copies (which are not lowered).
const CXXConstructExpr *
ctorOf(const Expr *E,
       llvm::SmallVectorImpl<const CXXBindTemporaryExpr *> *Elided = nullptr);

/// The call whose pointer/reference result is E (`f()`, `(T *)malloc(n)`).
const CallExpr *resultCallOf(const Expr *E);

/// The call whose class-type result is the object E initializes: the call
/// itself (C++17, `auto lock = Lock();`), or through an elidable copy or
/// move (C++11/14), whose temporaries go to \p Elided (they are the object).
const CallExpr *
objectResultCallOf(const Expr *E,
                   llvm::SmallVectorImpl<const CXXBindTemporaryExpr *> &Elided);

/// The closure object or LambdaExpr an expression denotes (`f`, `[..]{..}`).
const Expr *stripClosure(const Expr *E);

/// The call whose scalar result initializes or is assigned to a local
/// (`bool ok = mu.try_lock();`, `rc = pthread_mutex_trylock(&m);`).
const CallExpr *scalarResultCallOf(const Expr *E, bool *Negated = nullptr);

/// The token a read/write of lvalue E is reported at (the member name for
/// `this->n_`).
SourceLocation accessLoc(const Expr *E);

/// The record type an object expression designates, "" if none.
std::string objectTypeName(QualType T);

/// A std smart pointer class (`std::unique_ptr`, `std::shared_ptr` and the
/// libstdc++ bases that define their operators).
inline bool isStdSmartPointerRecord(const RecordDecl *RD) {
  return RD && RD->isInStdNamespace() && RD->getIdentifier() &&
         isStdSmartPointer(RD->getName());
}
inline bool isStdSmartPointerType(QualType T) {
  return isStdSmartPointerRecord(T->getAsRecordDecl());
}

//===----------------------------------------------------------------------===//
// PathBuilder: lvalues and pointer values -> access paths and operands
//===----------------------------------------------------------------------===//

/// Translates expressions evaluated in the frame of function Frame.
///  - `x` (local)         Local(x)       (+ Deref if x is a reference)
///  - `p` (parameter)     Formal(i)      (i shifted by one if Frame has `this`)
///  - `g` (global/static) Global(USR)
///  - `this->f`, `f`      Formal(0) Deref Field(C::f)
///  - `e.f` / `e->f`      path(e) Field / pointee(e) Field   (+Deref for reference fields)
///  - `*e`                pointee(e)
///  - `a[i]` / `p[i]`     path(a) Index / pointee(p) Index
/// where pointee(e) of a pointer value is path(L) Deref when e loads the
/// pointer lvalue L, path(A) when e is `&A` or the decay of the array A,
/// Formal(0) Deref for `this`; pointer arithmetic keeps the pointee.
class PathBuilder {
public:
  using LocalIdFn = std::function<uint32_t(const VarDecl *)>;
  /// The local a call's pointer or reference result is held in when the
  /// result is used directly as an object (`Lookup(k)->next = e`,
  /// `stats().hits++`), or none. Set by the function's lowerer, which
  /// makes those locals in its pre-scan.
  using ResultLocalFn =
      std::function<std::optional<AccessPath>(const CallExpr *)>;
  ResultLocalFn ResultLocal;
  /// The std container an iterator local designates a position of
  /// (`auto it = m_.find(k);`), or null. Set by the function's lowerer.
  std::function<const Expr *(const VarDecl *)> IteratorContainer;

  /// `it->`, `*it` on an iterator local of a std container (\p Obj is the
  /// iterator): the container's element, `this->m_[]`.
  std::optional<AccessPath> iteratorElement(const Expr *Obj) {
    if (!IteratorContainer)
      return std::nullopt;
    const auto *DRE = dyn_cast<DeclRefExpr>(Obj->IgnoreImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    const Expr *C = VD ? IteratorContainer(VD) : nullptr;
    std::optional<AccessPath> P = C ? pathOf(C) : std::nullopt;
    if (!P)
      return std::nullopt;
    return push(std::move(*P), ir::StepKind::Index);
  }

  PathBuilder(const FunctionDecl *Frame, bool AttrMode, LocalIdFn LocalId)
      : Frame(Frame), AttrMode(AttrMode), HasThis(hasThisFormal(Frame)),
        LocalId(std::move(LocalId)) {
    // In a lambda's body, captured variables are formals after `this` and
    // the declared parameters (ir::FunctionKind::Lambda).
    if (const auto *MD = dyn_cast<CXXMethodDecl>(Frame);
        MD && isLambdaCallOperator(MD)) {
      uint32_t K = 1 + MD->getNumParams();
      for (const LambdaCapture &C : MD->getParent()->captures())
        if (C.capturesVariable())
          Captures[C.getCapturedVar()] = {K++,
                                          C.getCaptureKind() == LCK_ByRef};
    }
  }

  /// The capture formals of a lambda frame, in order: (variable, by ref).
  std::vector<std::pair<const ValueDecl *, bool>> captureFormals() const {
    std::vector<std::pair<const ValueDecl *, bool>> Out(Captures.size());
    for (const auto &[D, C] : Captures)
      Out[C.Index - 1 - (Frame->getNumParams())] = {D, C.ByRef};
    return Out;
  }

  /// What a lambda created in this frame receives for its capture formals:
  /// a by-reference capture designates the variable (`[&n]`: &n); a copied
  /// pointer designates its pointee (`[p]`: *p); other copies are fresh.
  std::vector<Operand> captureActuals(const LambdaExpr *LE) {
    std::vector<Operand> Out;
    for (const LambdaCapture &C : LE->captures()) {
      if (!C.capturesVariable())
        continue;
      const ValueDecl *D = C.getCapturedVar();
      bool ByRef = C.getCaptureKind() == LCK_ByRef;
      const auto *VD = dyn_cast<VarDecl>(D);
      if (VD && VD->isInitCapture() && VD->getInit()) {
        const Expr *Init = VD->getInit();
        if (ByRef)
          Out.push_back(operandOfLValue(Init));
        else if (VD->getType()->isPointerType())
          Out.push_back(operandOfPointer(Init));
        else
          Out.push_back(Operand::fresh());
        continue;
      }
      std::optional<AccessPath> P = pathOfDecl(D);
      if (!P)
        Out.push_back(Operand::unknown());
      else if (ByRef)
        Out.push_back(Operand::object(std::move(*P)));
      else if (D->getType().getNonReferenceType()->isPointerType() ||
               isStdSmartPointerType(D->getType().getNonReferenceType()))
        // A copy of a pointer, or of a shared_ptr (`[sp] { sp->done = 1; }`):
        // the same object.
        Out.push_back(
            Operand::object(push(std::move(*P), ir::StepKind::Deref)));
      else
        Out.push_back(Operand::fresh());
    }
    return Out;
  }

  bool hasThis() const { return HasThis; }

  std::optional<AccessPath> pathOfDecl(const ValueDecl *D) {
    if (auto It = Captures.find(D); It != Captures.end()) {
      AccessPath P = AccessPath::formal(It->second.Index, D->getName().str());
      if (It->second.ByRef)
        P = push(std::move(P), ir::StepKind::Deref);
      return P;
    }
    if (const auto *BD = dyn_cast<BindingDecl>(D)) {
      if (const Expr *B = BD->getBinding())
        return pathOf(B);
      return std::nullopt;
    }
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD)
      return std::nullopt;
    if (VD->getTLSKind() != VarDecl::TLS_None)
      return std::nullopt; // per-thread storage never races
    AccessPath P;
    const auto *PVD = dyn_cast<ParmVarDecl>(VD);
    if (VD->hasGlobalStorage()) {
      P = globalPath(VD);
    } else if (PVD && (AttrMode || ownsParam(PVD))) {
      std::string Name = PVD->getName().str();
      if (Name.empty())
        Name = "arg" + std::to_string(PVD->getFunctionScopeIndex());
      P = AccessPath::formal(PVD->getFunctionScopeIndex() + (HasThis ? 1 : 0),
                             std::move(Name));
    } else {
      if (!LocalId)
        return std::nullopt;
      P = AccessPath::local(LocalId(VD), VD->getName().str());
    }
    if (VD->getType()->isReferenceType())
      P = push(std::move(P), ir::StepKind::Deref);
    return P;
  }

  /// If \p E dereferences a std smart pointer (`p->`, `*p`, `p.get()`):
  /// the smart pointer object, and whether it is reached through a pointer
  /// (`q->get()`).
  static const Expr *smartPointerObject(const Expr *E, bool &ViaPointer) {
    ViaPointer = false;
    const auto *CE = dyn_cast<CallExpr>(E);
    const auto *MD =
        CE ? dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee()) : nullptr;
    if (!MD || !isStdSmartPointerRecord(MD->getParent()))
      return nullptr;
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE)) {
      if ((OC->getOperator() == OO_Arrow || OC->getOperator() == OO_Star) &&
          OC->getNumArgs() == 1)
        return OC->getArg(0);
      return nullptr;
    }
    const auto *MC = dyn_cast<CXXMemberCallExpr>(CE);
    if (!MC || !MD->getIdentifier() || MD->getName() != "get")
      return nullptr;
    if (const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens()))
      ViaPointer = ME->isArrow();
    return MC->getImplicitObjectArgument();
  }

  /// If \p E hands out the value a std holder keeps in place
  /// (`peer_.operator->()`, `*peer_`, `peer_.value()` on a std::optional):
  /// the holder object; \p ViaPointer: reached through a pointer to it
  /// (`p->value()`).
  static const Expr *heldValueObject(const Expr *E, bool &ViaPointer) {
    ViaPointer = false;
    const auto *CE = dyn_cast<CallExpr>(E);
    const auto *MD =
        CE ? dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee()) : nullptr;
    if (!MD || !MD->getParent()->isInStdNamespace() ||
        !MD->getParent()->getIdentifier() ||
        !isHeldValueAccessor("std::" + MD->getParent()->getName().str() +
                             "::" + MD->getNameAsString()))
      return nullptr;
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE))
      return OC->getNumArgs() == 1 ? OC->getArg(0) : nullptr;
    const auto *MC = dyn_cast<CXXMemberCallExpr>(CE);
    if (!MC)
      return nullptr;
    if (const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens()))
      ViaPointer = ME->isArrow();
    return MC->getImplicitObjectArgument();
  }

  /// The path of a variable of static or thread storage: its symbol.
  static AccessPath globalPath(const VarDecl *VD) {
    return AccessPath::global(variableSymbol(VD), qualifiedName(VD));
  }

  /// \p E names a thread-local pointer variable (`static __thread logger
  /// *my_logger;`): the variable, else null.
  static const VarDecl *threadLocalPointer(const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(E));
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return VD && VD->getTLSKind() != VarDecl::TLS_None &&
                   VD->getType()->isPointerType()
               ? VD
               : nullptr;
  }

  /// \p E names a variable nobody else sees: thread-local, or a local or
  /// parameter of this function (no path for it is needed).
  bool isPrivateVariable(const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(E));
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD)
      return DRE && !isa<BindingDecl>(DRE->getDecl()); // functions, enums
    return VD->getTLSKind() != VarDecl::TLS_None || !VD->hasGlobalStorage();
  }

  /// If \p E is an element of a std sequence (`v_[i]`, `v_.at(i)` on a
  /// std::vector, std::deque, std::array; `q_.front()`, `q_.back()` on
  /// those and std::list, std::forward_list's front, returning a
  /// reference): the container object.
  static const Expr *sequenceElementObject(const Expr *E) {
    const auto *CE = dyn_cast<CallExpr>(E);
    const auto *MD =
        CE ? dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee()) : nullptr;
    if (!MD || !E->isGLValue() || !MD->getParent()->isInStdNamespace() ||
        !MD->getParent()->getIdentifier())
      return nullptr;
    llvm::StringRef Class = MD->getParent()->getName();
    const bool Indexed =
        Class == "vector" || Class == "deque" || Class == "array";
    if (!Indexed && Class != "list" && Class != "forward_list")
      return nullptr;
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE))
      return Indexed && OC->getOperator() == OO_Subscript &&
                     OC->getNumArgs() == 2
                 ? OC->getArg(0)
                 : nullptr;
    const auto *MC = dyn_cast<CXXMemberCallExpr>(CE);
    if (!MC || !MD->getIdentifier())
      return nullptr;
    // `v_.at(i)`, `q_.front()`, `q_.back()`.
    llvm::StringRef N = MD->getName();
    if (!(Indexed && N == "at") && N != "front" &&
        !(N == "back" && Class != "forward_list"))
      return nullptr;
    const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
    if (!ME || ME->isArrow())
      return nullptr;
    return MC->getImplicitObjectArgument();
  }

  /// The memory an lvalue (glvalue) expression designates.
  std::optional<AccessPath> pathOf(const Expr *E) {
    if (!E)
      return std::nullopt;
    E = stripWrappers(E);
    // `v_[i] = x`, `v_.at(i)++`: an element of the container.
    if (const Expr *Seq = sequenceElementObject(E)) {
      std::optional<AccessPath> P = pathOf(Seq);
      if (!P)
        return std::nullopt;
      return push(std::move(*P), ir::StepKind::Index);
    }
    // `*peer_`, `peer_.value()` on a std::optional: the holder's own memory.
    if (bool ViaPointer; const Expr *Obj = heldValueObject(E, ViaPointer))
      return E->isGLValue() ? (ViaPointer ? pointeeOf(Obj) : pathOf(Obj))
                            : std::nullopt;
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
        OC && OC->getOperator() == OO_Star) {
      bool ViaPointer;
      if (const Expr *Obj = smartPointerObject(OC, ViaPointer)) {
        std::optional<AccessPath> P = pathOf(Obj); // `*p`: the pointee
        if (!P)
          return std::nullopt;
        return push(std::move(*P), ir::StepKind::Deref);
      }
      if (OC->getNumArgs() == 1) // `*it`: the element
        if (std::optional<AccessPath> P = iteratorElement(OC->getArg(0)))
          return P;
    }
    if (const auto *C = dyn_cast<CastExpr>(E)) {
      if (!E->isGLValue() || !isGLValueTransparentCast(C->getCastKind()))
        return std::nullopt;
      return pathOf(C->getSubExpr());
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return pathOfDecl(DRE->getDecl());
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      const ValueDecl *M = ME->getMemberDecl();
      if (isa<VarDecl>(M))
        return pathOfDecl(M); // static data member via an object
      const auto *FD = dyn_cast<FieldDecl>(M);
      if (!FD)
        return std::nullopt;
      std::optional<AccessPath> Base =
          ME->isArrow() ? pointeeOf(ME->getBase()) : pathOf(ME->getBase());
      if (!Base)
        return std::nullopt;
      if (FD->isAnonymousStructOrUnion())
        return Base; // members of anonymous unions are named by their class
      AccessPath P = push(std::move(*Base), ir::StepKind::Field, fieldName(FD));
      if (FD->getType()->isReferenceType())
        P = push(std::move(P), ir::StepKind::Deref);
      return P;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      switch (UO->getOpcode()) {
      case UO_Deref:
        return pointeeOf(UO->getSubExpr());
      case UO_PreInc:
      case UO_PreDec: // lvalue in C++
        if (E->isGLValue())
          return pathOf(UO->getSubExpr());
        return std::nullopt;
      case UO_Extension:
      case UO_Real:
      case UO_Imag:
        return pathOf(UO->getSubExpr());
      default:
        return std::nullopt;
      }
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr *Base = ASE->getBase()->IgnoreParens();
      std::optional<AccessPath> P;
      if (const auto *ICE = dyn_cast<ImplicitCastExpr>(Base);
          ICE && ICE->getCastKind() == CK_ArrayToPointerDecay)
        P = pathOf(ICE->getSubExpr());
      else
        P = pointeeOf(ASE->getBase());
      if (!P)
        return std::nullopt;
      std::string Constant;
      if (ConstantIndices)
        if (std::optional<llvm::APSInt> C =
                ASE->getIdx()->getIntegerConstantExpr(Frame->getASTContext()))
          Constant = llvm::toString(*C, 10);
      return push(std::move(*P), ir::StepKind::Index, std::move(Constant));
    }
    if (const auto *OVE = dyn_cast<OpaqueValueExpr>(E))
      return OVE->getSourceExpr() ? pathOf(OVE->getSourceExpr()) : std::nullopt;
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() == BO_Comma)
        return pathOf(BO->getRHS());
      if (BO->isAssignmentOp() && E->isGLValue())
        return pathOf(BO->getLHS());
      return std::nullopt;
    }
    if (const Expr *A = passThroughArg(E))
      return pathOf(A);
    if (const auto *CE = dyn_cast<CallExpr>(E);
        CE && CE->isGLValue() && ResultLocal)
      if (std::optional<AccessPath> P = ResultLocal(CE)) // `stats().hits`
        return push(std::move(*P), ir::StepKind::Deref);
    return std::nullopt;
  }

  /// The object a pointer value points to.
  std::optional<AccessPath> pointeeOf(const Expr *E) {
    if (!E)
      return std::nullopt;
    E = stripWrappers(E);
    if (isa<CXXThisExpr>(E))
      return HasThis ? std::optional<AccessPath>(thisObject()) : std::nullopt;
    if (const auto *C = dyn_cast<CastExpr>(E)) {
      switch (C->getCastKind()) {
      case CK_LValueToRValue: {
        // A thread-local pointer's object is the thread's own for that
        // variable, as for a pthread key (summarize/Publication.cpp).
        if (const VarDecl *TL = threadLocalPointer(C->getSubExpr()))
          return ir::linkedName(globalPath(TL));
        std::optional<AccessPath> P = pathOf(C->getSubExpr());
        if (!P)
          return std::nullopt;
        return push(std::move(*P), ir::StepKind::Deref);
      }
      case CK_ArrayToPointerDecay:
        return pathOf(C->getSubExpr());
      default:
        if (isPointerTransparentCast(C->getCastKind()))
          return pointeeOf(C->getSubExpr());
        return std::nullopt;
      }
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      switch (UO->getOpcode()) {
      case UO_AddrOf:
        return pathOf(UO->getSubExpr());
      case UO_PostInc:
      case UO_PostDec:
      case UO_PreInc:
      case UO_PreDec: {
        std::optional<AccessPath> P = pathOf(UO->getSubExpr());
        if (!P)
          return std::nullopt;
        return push(std::move(*P), ir::StepKind::Deref);
      }
      default:
        return std::nullopt;
      }
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      switch (BO->getOpcode()) {
      case BO_Add:
      case BO_Sub:
        if (BO->getLHS()->getType()->isPointerType())
          return pointeeOf(BO->getLHS());
        if (BO->getRHS()->getType()->isPointerType())
          return pointeeOf(BO->getRHS());
        return std::nullopt;
      case BO_Comma:
        return pointeeOf(BO->getRHS());
      default:
        return std::nullopt;
      }
    }
    if (const auto *OVE = dyn_cast<OpaqueValueExpr>(E))
      return OVE->getSourceExpr() ? pointeeOf(OVE->getSourceExpr())
                                  : std::nullopt;
    if (const auto *CE = dyn_cast<CallExpr>(E)) {
      // `p->f` / `p.get()` on a std::unique_ptr or std::shared_ptr member:
      // like a raw pointer member, `this->p_ Deref`.
      bool ViaPointer;
      if (const Expr *Obj = smartPointerObject(CE, ViaPointer)) {
        std::optional<AccessPath> P =
            ViaPointer ? pointeeOf(Obj) : pathOf(Obj);
        if (!P)
          return std::nullopt;
        return push(std::move(*P), ir::StepKind::Deref);
      }
      // `peer_->port` on a std::optional: `this->peer_.port`.
      if (const Expr *Obj = heldValueObject(CE, ViaPointer))
        return ViaPointer ? pointeeOf(Obj) : pathOf(Obj);
      if (const FunctionDecl *FD = CE->getDirectCallee()) {
        StringRef N = FD->getIdentifier() ? FD->getName() : "";
        if (CE->getNumArgs() >= 1 && isPassThroughCallee(FD) &&
            (N == "addressof" || N == "__addressof" ||
             N == "__builtin_addressof"))
          return pathOf(CE->getArg(0));
        if (CE->getNumArgs() >= 1 && isPassThroughCallee(FD) &&
            (N == "__builtin_launder" || N == "__builtin_assume_aligned"))
          return pointeeOf(CE->getArg(0));
      }
      if (const Expr *A = passThroughArg(CE)) // std::move(p) of a pointer
        return A->isGLValue() ? std::nullopt : pointeeOf(A);
      if (ResultLocal)
        if (std::optional<AccessPath> P = ResultLocal(CE)) // `f()->x`
          return push(std::move(*P), ir::StepKind::Deref);
      if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE);
          OC && OC->getOperator() == OO_Arrow && OC->getNumArgs() == 1)
        return iteratorElement(OC->getArg(0)); // `it->second`
    }
    return std::nullopt;
  }

  Operand operandOfPointer(const Expr *E) {
    const Expr *S = stripWrappers(E);
    while (S) {
      if (const auto *C = dyn_cast<CastExpr>(S);
          C && isPointerTransparentCast(C->getCastKind()))
        S = stripWrappers(C->getSubExpr());
      else
        break;
    }
    if (S && isa<CXXNewExpr>(S))
      return Operand::fresh();
    // A null pointer designates no object: like a new one, nobody else
    // can reach anything through it (`MemTable *m = nullptr; if (ok) m =
    // Construct(); .. Install(m);` hands Install an object of its own).
    if (E && E->isNullPointerConstant(Frame->getASTContext(),
                                      Expr::NPC_ValueDependentIsNotNull))
      return Operand::fresh();
    if (std::optional<AccessPath> P = pointeeOf(E))
      return Operand::object(std::move(*P));
    return Operand::unknown();
  }

  Operand operandOfLValue(const Expr *E) {
    const Expr *S = stripWrappers(E);
    while (S) {
      if (isa<MaterializeTemporaryExpr>(S))
        return Operand::fresh();
      if (const auto *C = dyn_cast<CastExpr>(S);
          C && S->isGLValue() && isGLValueTransparentCast(C->getCastKind()))
        S = stripWrappers(C->getSubExpr());
      else
        break;
    }
    if (std::optional<AccessPath> P = pathOf(E))
      return Operand::object(std::move(*P));
    return Operand::unknown();
  }

  /// An actual: reference parameters get lvalues, pointer parameters (and
  /// variadic pointers) pointer values, by-value class parameters copies.
  Operand operandOfArg(const Expr *E) {
    if (!E)
      return Operand::unknown();
    E = stripWrappers(E);
    if (!ConstantIndices && designatesLock(E))
      return withConstantIndices([&] { return operandOfArg(E); });
    if (E->isGLValue())
      return operandOfLValue(E);
    QualType T = E->getType();
    if (T->isPointerType())
      return operandOfPointer(E);
    if (T->isRecordType())
      return Operand::fresh();
    // A scalar loaded from an lvalue: where it came from names a handle
    // (`pthread_join(t, 0)`).
    if (const auto *C = dyn_cast<ImplicitCastExpr>(E);
        C && C->getCastKind() == CK_LValueToRValue && T->isScalarType())
      if (std::optional<AccessPath> P = pathOf(C->getSubExpr()))
        return Operand::value(std::move(*P));
    return Operand::unknown();
  }

  /// An argument as a callee that decay-copies it passes it on (std::thread,
  /// std::async, emplace_back of a thread): see ir::CallableArg::DecayedArgs.
  Operand operandOfDecayCopy(const Expr *E) {
    if (!E)
      return Operand::unknown();
    const Expr *S = stripWrappers(E);
    while (true) {
      if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(S))
        S = stripWrappers(M->getSubExpr());
      else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(S))
        S = stripWrappers(B->getSubExpr());
      else if (const auto *C = dyn_cast<ImplicitCastExpr>(S);
               C && C->getCastKind() == CK_NoOp)
        S = stripWrappers(C->getSubExpr());
      else
        break;
    }
    // std::ref(x) / std::cref(x): the callee gets x itself.
    if (const auto *CE = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Fn = CE->getDirectCallee())
        if (Fn->isInStdNamespace() && Fn->getIdentifier() &&
            (Fn->getName() == "ref" || Fn->getName() == "cref") &&
            CE->getNumArgs() == 1)
          return operandOfLValue(CE->getArg(0));
    QualType T = S->getType().getNonReferenceType();
    if (T->isPointerType()) {
      if (S->isGLValue()) {
        std::optional<AccessPath> P = pathOf(S);
        return P ? Operand::object(push(std::move(*P), ir::StepKind::Deref))
                 : Operand::unknown();
      }
      return operandOfPointer(S);
    }
    if (T->isRecordType())
      return Operand::fresh();
    return Operand::unknown();
  }

  /// A capability attribute argument: the lock object it names.
  std::optional<AccessPath> lockOf(const Expr *E) {
    if (!E)
      return std::nullopt;
    E = E->IgnoreParens();
    if (isa<StringLiteral>(E))
      return std::nullopt;
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_LNot)
      return std::nullopt; // negative capability
    if (E->isGLValue()) {
      std::optional<AccessPath> P = pathOf(E);
      if (P && E->getType()->isPointerType())
        P = push(std::move(*P), ir::StepKind::Deref);
      return P;
    }
    if (E->getType()->isPointerType())
      return pointeeOf(E);
    return std::nullopt;
  }

  /// \p Build's result, with constant indices kept if \p E designates a
  /// lock (ConstantIndices).
  template <typename BuildFn>
  Operand keepingLockIndices(const Expr *E, BuildFn Build) {
    return !ConstantIndices && designatesLock(E) ? withConstantIndices(Build)
                                                 : Build();
  }

  /// \p E is a lock object (`m[3]`, `s->locks[0]`) or a pointer to one
  /// (`&m[3]`): isLockTypeName.
  static bool designatesLock(const Expr *E) { return isLockType(E->getType()); }

  /// \p T is a lock type (`pthread_mutex_t`, `std::mutex`, by typedef or
  /// class name: isLockTypeName), a pointer to one or a reference.
  static bool isLockType(QualType T) {
    if (const auto *PT = T->getAs<PointerType>())
      T = PT->getPointeeType();
    T = T.getNonReferenceType();
    while (const auto *TT = T->getAs<TypedefType>()) {
      if (isLockTypeName(TT->getDecl()->getName()))
        return true;
      T = TT->getDecl()->getUnderlyingType();
    }
    if (const auto *RD = T->getAsRecordDecl())
      return isLockTypeName(RD->getQualifiedNameAsString());
    return false;
  }

private:
  /// Paths built while set keep their constant indices (`m[3]`): those of a
  /// lock argument, which names which lock is meant; elsewhere all indices
  /// are one element, so that `a[3]` and `a[i]` stay the same memory.
  bool ConstantIndices = false;
  template <typename BuildFn> Operand withConstantIndices(BuildFn Build) {
    ConstantIndices = true;
    Operand O = Build();
    ConstantIndices = false;
    return O;
  }

  bool ownsParam(const ParmVarDecl *PVD) const {
    const auto *Owner = dyn_cast<FunctionDecl>(PVD->getDeclContext());
    return Owner && Owner->getCanonicalDecl() == Frame->getCanonicalDecl();
  }

  struct CaptureFormal {
    uint32_t Index;
    bool ByRef;
  };

  const FunctionDecl *Frame;
  bool AttrMode;
  bool HasThis;
  LocalIdFn LocalId;
  llvm::DenseMap<const ValueDecl *, CaptureFormal> Captures;
};

} // namespace racer::frontend::lowering

#endif
