//===- PathBuilder.cpp - Clang expressions -> access paths ----------------===//
#include "frontend/PathBuilder.h"
#include "frontend/IRBuilder.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <cstring>

namespace racer::frontend {

namespace lowering {

std::string stdElementTypeName(QualType T) {
  if (T.isNull())
    return "";
  const auto *CTSD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!CTSD || !CTSD->isInStdNamespace())
    return "";
  const TemplateArgumentList &Args = CTSD->getTemplateArgs();
  if (Args.size() == 0 || Args[0].getKind() != TemplateArgument::Type)
    return "";
  return recordTypeName(Args[0].getAsType());
}

bool hasThisFormal(const FunctionDecl *FD) {
  if (isLambdaCallOperator(FD))
    return true;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    return MD->isImplicitObjectMemberFunction();
  return false;
}

AccessPath push(AccessPath P, ir::StepKind K, std::string Name) {
  P.Steps.push_back({K, std::move(Name)});
  ir::limitSteps(P);
  return P;
}

bool hasDeref(const AccessPath &P) {
  return std::any_of(P.Steps.begin(), P.Steps.end(), [](const ir::PathStep &S) {
    return S.kind() == ir::StepKind::Deref;
  });
}

/// std::move(x), std::forward<T>(x), ...: no call, the result is the argument.
bool isPassThroughCallee(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return false;
  StringRef N = FD->getName();
  if (FD->getBuiltinID()) {
    static const llvm::StringSet<> Builtins = {
        "move", "forward", "move_if_noexcept", "as_const", "addressof",
        "__addressof", "forward_like", "__builtin_addressof",
        "__builtin_expect", "__builtin_expect_with_probability",
        "__builtin_assume", "__builtin_unreachable", "__builtin_launder",
        "__builtin_constant_p", "__builtin_assume_aligned", "__builtin_trap",
        "__builtin_is_constant_evaluated", "__builtin_debugtrap"};
    if (Builtins.contains(N))
      return true;
  }
  if (FD->isInStdNamespace()) {
    static const llvm::StringSet<> Std = {"move", "forward", "move_if_noexcept",
                                          "as_const", "addressof",
                                          "__addressof", "forward_like"};
    return Std.contains(N);
  }
  return false;
}

/// The CallExpr if E is a call to a pass-through function with an argument.
const Expr *passThroughArg(const Expr *E) {
  const auto *CE = dyn_cast<CallExpr>(E);
  if (!CE || CE->getNumArgs() < 1 || isa<CXXOperatorCallExpr>(CE))
    return nullptr;
  if (!isPassThroughCallee(CE->getDirectCallee()))
    return nullptr;
  StringRef N = CE->getDirectCallee()->getName();
  // __builtin_expect(x, v) returns a value, not an lvalue or pointer.
  if (N.starts_with("__builtin_") && N != "__builtin_addressof" &&
      N != "__builtin_launder" && N != "__builtin_assume_aligned")
    return nullptr;
  return CE->getArg(0);
}

bool isGLValueTransparentCast(CastKind K) {
  switch (K) {
  case CK_NoOp:
  case CK_LValueBitCast:
  case CK_DerivedToBase:
  case CK_UncheckedDerivedToBase:
  case CK_BaseToDerived:
  case CK_Dynamic:
  case CK_AtomicToNonAtomic:
  case CK_NonAtomicToAtomic:
  case CK_AddressSpaceConversion:
    return true;
  default:
    return false;
  }
}

bool isPointerTransparentCast(CastKind K) {
  switch (K) {
  case CK_NoOp:
  case CK_BitCast:
  case CK_DerivedToBase:
  case CK_UncheckedDerivedToBase:
  case CK_BaseToDerived:
  case CK_Dynamic:
  case CK_AddressSpaceConversion:
  case CK_AtomicToNonAtomic:
  case CK_NonAtomicToAtomic:
    return true;
  default:
    return false;
  }
}

/// Strips wrappers that do not change which object an expression denotes.
const Expr *stripWrappers(const Expr *E) {
  while (E) {
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<ConstantExpr>(E))
      E = C->getSubExpr();
    else if (const auto *W = dyn_cast<ExprWithCleanups>(E))
      E = W->getSubExpr();
    else if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
      E = D->getExpr();
    else
      break;
  }
  return E;
}

const VarDecl *storageVariableOf(const Expr *E) {
  while (E) {
    E = stripWrappers(E);
    if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow()) {
      E = ME->getBase();
    } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      const auto *Decay = dyn_cast<ImplicitCastExpr>(ASE->getBase()->IgnoreParens());
      if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay)
        return nullptr; // p[i]: behind a pointer
      E = Decay->getSubExpr();
    } else if (const auto *C = dyn_cast<CastExpr>(E);
               C && (C->getCastKind() == CK_ArrayToPointerDecay ||
                     isGLValueTransparentCast(C->getCastKind()))) {
      E = C->getSubExpr();
    } else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = M->getSubExpr();
    } else {
      break;
    }
  }
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

const VarDecl *calledPointerVariable(const CallExpr *CE) {
  const Expr *E = CE->getCallee()->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_Deref)
    E = UO->getSubExpr()->IgnoreParenCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

const FunctionDecl *initialCalleeOf(const CallExpr *CE,
                                    const VarDecl **Through) {
  const VarDecl *VD = calledPointerVariable(CE);
  return VD ? initialFunctionOf(VD, Through) : nullptr;
}

const FunctionDecl *initialFunctionOf(const VarDecl *VD,
                                      const VarDecl **Through) {
  if (!VD->hasGlobalStorage() || VD->getTLSKind() != VarDecl::TLS_None ||
      !VD->getType()->isFunctionPointerType())
    return nullptr;
  const VarDecl *Def = nullptr;
  const Expr *Init = VD->getAnyInitializer(Def);
  if (!Init)
    return nullptr;
  Init = Init->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Init);
      UO && UO->getOpcode() == UO_AddrOf)
    Init = UO->getSubExpr()->IgnoreParenCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(Init);
  const auto *FD = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
  if (FD && Through)
    *Through = Def;
  return FD;
}

/// The constructor call that initializes an object with initializer E, looking
/// through temporaries, casts and elidable copies (which are not lowered).
namespace {
/// What \p E initializes an object from, through temporaries, no-op and
/// constructor conversions and elidable copies or moves (whose temporaries
/// go to \p Elided: they are the object itself).
const Expr *
throughElidedCopies(const Expr *E,
                    llvm::SmallVectorImpl<const CXXBindTemporaryExpr *> *Elided) {
  bool UnderElidable = false;
  while (E) {
    E = stripWrappers(E);
    if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E)) {
      if (UnderElidable && Elided)
        Elided->push_back(B);
      E = B->getSubExpr();
    } else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = M->getSubExpr();
    } else if (const auto *C = dyn_cast<CastExpr>(E);
               C && (C->getCastKind() == CK_NoOp ||
                     C->getCastKind() == CK_ConstructorConversion)) {
      E = C->getSubExpr();
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
               CE && CE->isElidable() && CE->getNumArgs() >= 1) {
      UnderElidable = true;
      E = CE->getArg(0);
    } else {
      return E;
    }
  }
  return nullptr;
}
} // namespace

const CXXConstructExpr *
ctorOf(const Expr *E,
       llvm::SmallVectorImpl<const CXXBindTemporaryExpr *> *Elided) {
  return dyn_cast_or_null<CXXConstructExpr>(throughElidedCopies(E, Elided));
}

const CallExpr *
objectResultCallOf(const Expr *E,
                   llvm::SmallVectorImpl<const CXXBindTemporaryExpr *> &Elided) {
  const auto *Call = dyn_cast_or_null<CallExpr>(throughElidedCopies(E, &Elided));
  return Call && Call->getType()->isRecordType() ? Call : nullptr;
}

/// The call whose pointer/reference result is E (`f()`, `(T *)malloc(n)`).
const CallExpr *resultCallOf(const Expr *E) {
  while (E) {
    E = stripWrappers(E);
    if (const auto *C = dyn_cast<CastExpr>(E)) {
      if (!isPointerTransparentCast(C->getCastKind()))
        return nullptr;
      E = C->getSubExpr();
    } else if (const auto *CE = dyn_cast<CallExpr>(E)) {
      if (passThroughArg(CE) || isa<UserDefinedLiteral>(CE))
        return nullptr;
      if (const FunctionDecl *FD = CE->getDirectCallee())
        if (isPassThroughCallee(FD))
          return nullptr;
      // `Job *raw = up.get();`: the smart pointer's object, bound by name
      // (PathBuilder::pointeeOf), not an opaque result.
      if (bool ViaPointer; PathBuilder::smartPointerObject(CE, ViaPointer))
        return nullptr;
      return CE;
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

/// The closure object or LambdaExpr an expression denotes (`f`, `[..]{..}`).
const Expr *stripClosure(const Expr *E) {
  while (E) {
    E = stripWrappers(E);
    if (const auto *C = dyn_cast<ImplicitCastExpr>(E);
        C && C->getCastKind() == CK_NoOp)
      E = C->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
             CE && CE->isElidable() && CE->getNumArgs() >= 1)
      E = CE->getArg(0);
    else
      break;
  }
  return E;
}

/// The call whose scalar result initializes or is assigned to a local
/// (`bool ok = mu.try_lock();`, `rc = pthread_mutex_trylock(&m);`).
const CallExpr *scalarResultCallOf(const Expr *E, bool *Negated) {
  if (Negated)
    *Negated = false;
  auto IsZero = [](const Expr *X) {
    const auto *IL = dyn_cast<IntegerLiteral>(X->IgnoreParenImpCasts());
    return IL && IL->getValue().isZero();
  };
  while (E) {
    E = stripWrappers(E);
    if (const auto *C = dyn_cast<ImplicitCastExpr>(E);
        C && (C->getCastKind() == CK_IntegralCast ||
              C->getCastKind() == CK_IntegralToBoolean ||
              C->getCastKind() == CK_NoOp)) {
      E = C->getSubExpr();
      continue;
    }
    if (!Negated)
      break;
    // `!trylock(..)`, `trylock(..) == 0`, `start(..) != 0`: the result,
    // tested (a C idiom for "it succeeded").
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_LNot) {
      *Negated = !*Negated;
      E = UO->getSubExpr();
      continue;
    }
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO || (BO->getOpcode() != BO_EQ && BO->getOpcode() != BO_NE))
      break;
    const Expr *Other = IsZero(BO->getRHS())   ? BO->getLHS()
                        : IsZero(BO->getLHS()) ? BO->getRHS()
                                               : nullptr;
    if (!Other)
      break;
    if (BO->getOpcode() == BO_EQ)
      *Negated = !*Negated;
    E = Other;
  }
  const auto *CE = dyn_cast_or_null<CallExpr>(E);
  return CE && CE->isPRValue() ? CE : nullptr;
}

/// The token a read/write of lvalue E is reported at (the member name for
/// `this->n_`).
SourceLocation accessLoc(const Expr *E) {
  E = stripWrappers(E);
  if (const auto *C = dyn_cast<ImplicitCastExpr>(E))
    return accessLoc(C->getSubExpr());
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->getMemberLoc();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    return accessLoc(UO->getSubExpr());
  return E->getExprLoc();
}

/// The record type an object expression designates, "" if none.
std::string objectTypeName(QualType T) {
  if (T.isNull())
    return "";
  if (const ArrayType *AT = T->getAsArrayTypeUnsafe())
    return objectTypeName(AT->getElementType());
  return recordTypeName(T);
}


namespace {
void addEffect(std::vector<ir::DeclaredLockEffect> &Out,
               ir::DeclaredLockEffect::Kind K, AccessPath Lock) {
  for (const ir::DeclaredLockEffect &E : Out)
    if (E.K == K && E.Lock == Lock)
      return;
  ir::DeclaredLockEffect E;
  E.K = K;
  E.Lock = std::move(Lock);
  Out.push_back(std::move(E));
}

template <typename Range>
void addEffects(std::vector<ir::DeclaredLockEffect> &Out, PathBuilder &PB,
                ir::DeclaredLockEffect::Kind K, Range Args) {
  bool Any = false;
  for (const Expr *A : Args) {
    Any = true;
    if (std::optional<AccessPath> P = PB.lockOf(A))
      addEffect(Out, K, std::move(*P));
  }
  if (!Any && PB.hasThis())
    addEffect(Out, K, thisObject());
}

} // namespace
} // namespace lowering

using namespace lowering;

std::vector<ir::DeclaredLockEffect> declaredEffects(const FunctionDecl *FD) {
  std::vector<ir::DeclaredLockEffect> Out;
  if (!FD)
    return Out;
  const FunctionDecl *D = FD->getMostRecentDecl();
  if (!D->hasAttrs())
    return Out;
  PathBuilder PB(D, /*AttrMode=*/true, nullptr);
  using K = ir::DeclaredLockEffect::Kind;
  for (const Attr *A : D->attrs()) {
    if (const auto *AA = dyn_cast<AcquireCapabilityAttr>(A))
      addEffects(Out, PB, AA->isShared() ? K::AcquireShared : K::Acquire,
                 AA->args());
    else if (const auto *RA = dyn_cast<ReleaseCapabilityAttr>(A))
      addEffects(Out, PB, K::Release, RA->args());
    else if (const auto *AC = dyn_cast<AssertCapabilityAttr>(A))
      addEffects(Out, PB, AC->isShared() ? K::AssertShared : K::Assert,
                 AC->args());
    else if (const auto *AE = dyn_cast<AssertExclusiveLockAttr>(A))
      addEffects(Out, PB, K::Assert, AE->args());
    else if (const auto *AS = dyn_cast<AssertSharedLockAttr>(A))
      addEffects(Out, PB, K::AssertShared, AS->args());
    else if (const auto *RC = dyn_cast<RequiresCapabilityAttr>(A))
      addEffects(Out, PB, RC->isShared() ? K::RequiresShared : K::Requires,
                 RC->args());
    else if (const auto *TA = dyn_cast<TryAcquireCapabilityAttr>(A))
      addEffects(Out, PB, K::TryAcquire, TA->args());
    else if (const auto *ET = dyn_cast<ExclusiveTrylockFunctionAttr>(A))
      addEffects(Out, PB, K::TryAcquire, ET->args());
    else if (const auto *ST = dyn_cast<SharedTrylockFunctionAttr>(A))
      addEffects(Out, PB, K::TryAcquire, ST->args());
  }
  return Out;
}

namespace {

/// The `//` comment lines right above \p D's first line, in order.
std::string commentAbove(const Decl *D) {
  const SourceManager &SM = D->getASTContext().getSourceManager();
  SourceLocation L = SM.getExpansionLoc(D->getBeginLoc());
  if (L.isInvalid())
    return "";
  auto [FID, Off] = SM.getDecomposedLoc(L);
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(FID, &Invalid);
  if (Invalid || Off > Buf.size())
    return "";
  // The start of the declaration's line (rfind looks before Off: a
  // declaration at column 0 finds the newline just before it).
  size_t Start = Buf.rfind('\n', Off);
  Start = Start == StringRef::npos || Off == 0 ? 0 : Start + 1;
  std::vector<StringRef> Lines;
  for (int N = 0; N < 24 && Start > 0; ++N) {
    size_t End = Start - 1; // the newline ending the line above
    size_t Begin = End == 0 ? StringRef::npos : Buf.rfind('\n', End - 1);
    Begin = Begin == StringRef::npos ? 0 : Begin + 1;
    StringRef Line = Buf.slice(Begin, End).trim();
    if (!Line.consume_front("//"))
      break;
    Lines.push_back(Line.trim());
    Start = Begin;
  }
  std::string Out;
  for (auto It = Lines.rbegin(); It != Lines.rend(); ++It)
    Out += It->str() + "\n";
  return Out;
}

/// \p T is (or points to, or refers to) a lock: a mutex type, a capability,
/// or a class holding one in place (a wrapper such as port::Mutex).
bool holdsLock(QualType T, int Depth = 0) {
  if (PathBuilder::isLockType(T))
    return true;
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD)
    return false;
  if (RD->hasAttr<CapabilityAttr>())
    return true;
  if (Depth > 3 || !RD->hasDefinition())
    return false;
  for (const FieldDecl *F : RD->getDefinition()->fields())
    if (!F->getType()->isPointerType() && holdsLock(F->getType(), Depth + 1))
      return true;
  return false;
}

/// The field named \p Name of \p RD or one of its bases.
const FieldDecl *fieldNamed(const CXXRecordDecl *RD, StringRef Name,
                            int Depth = 0) {
  if (!RD || !RD->hasDefinition() || Depth > 8)
    return nullptr;
  RD = RD->getDefinition();
  for (const FieldDecl *F : RD->fields())
    if (F->getIdentifier() && F->getName() == Name)
      return F;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (const FieldDecl *F =
            fieldNamed(B.getType()->getAsCXXRecordDecl(), Name, Depth + 1))
      return F;
  return nullptr;
}

} // namespace

ir::DocumentedLock
documentedRequires(const FunctionDecl *FD,
                   std::vector<ir::DeclaredLockEffect> &Effects) {
  if (!FD)
    return ir::DocumentedLock::None;
  // `REQUIRES:`, or rocksdb's `REQUIRED:` now and then.
  auto Marker = [](const std::string &T) {
    size_t At = T.find("REQUIRES:");
    return At != std::string::npos ? At : T.find("REQUIRED:");
  };
  std::string Text;
  for (const FunctionDecl *D : FD->redecls()) {
    Text = commentAbove(D);
    if (Marker(Text) != std::string::npos)
      break;
  }
  size_t At = Marker(Text);
  if (At == std::string::npos)
    return ir::DocumentedLock::None;
  // The precondition: the rest of its sentence, over three lines at most
  // (the lines after it describe the function, and name its fields for
  // other reasons). A line that ends with no period goes on.
  StringRef Rest = StringRef(Text).substr(At + strlen("REQUIRES:"));
  std::string PhraseText;
  for (int Line = 0; Line < 3 && !Rest.empty(); ++Line) {
    StringRef L = Rest.substr(0, Rest.find('\n'));
    Rest = Rest.substr(std::min(Rest.size(), L.size() + 1));
    PhraseText += L.str() + " ";
    if (L.trim().empty() || L.trim().ends_with("."))
      break;
  }
  StringRef Phrase = PhraseText;
  std::string Lower = Phrase.lower();
  if (Lower.find("external synchronization") != std::string::npos)
    return ir::DocumentedLock::Unnamed;
  // One thread at a time by the callers' protocol: `only be called on the
  // write thread`, `this thread is at the front of the writer queue`, `no
  // other thread concurrently calls`, `single-threaded recovery`.
  if (Lower.find("thread") != std::string::npos ||
      Lower.find("writer") != std::string::npos)
    for (const char *W : {"only", "single", "no other", "front of"})
      if (Lower.find(W) != std::string::npos)
        return ir::DocumentedLock::Unnamed;
  bool Held = false;
  for (const char *W : {"held", "locked", "hold", "acquired"})
    Held |= Lower.find(W) != std::string::npos;
  if (!Held)
    return ir::DocumentedLock::None;
  // A member (`mutex_ is held`) or a parameter (`*mu is held`) named in it.
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  const bool HasThis = MD && MD->isImplicitObjectMemberFunction();
  for (size_t I = 0; I < Phrase.size();) {
    if (!isAsciiIdentifierStart(Phrase[I])) {
      ++I;
      continue;
    }
    size_t J = I;
    while (J < Phrase.size() && isAsciiIdentifierContinue(Phrase[J]))
      ++J;
    StringRef Word = Phrase.slice(I, J);
    I = J;
    if (HasThis)
      if (const FieldDecl *F = fieldNamed(MD->getParent(), Word);
          F && holdsLock(F->getType())) {
        addEffect(Effects, ir::DeclaredLockEffect::Kind::Requires,
                  AccessPath::formal(0, "this").deref().field(fieldName(F)));
        return ir::DocumentedLock::Named;
      }
    for (const ParmVarDecl *P : FD->parameters())
      if (P->getIdentifier() && P->getName() == Word &&
          (P->getType()->isPointerType() ||
           P->getType()->isReferenceType()) &&
          holdsLock(P->getType())) {
        unsigned K = P->getFunctionScopeIndex() + (HasThis ? 1 : 0);
        addEffect(Effects, ir::DeclaredLockEffect::Kind::Requires,
                  AccessPath::formal(K, P->getName().str()).deref());
        return ir::DocumentedLock::Named;
      }
  }
  if (Lower.find("mutex") != std::string::npos ||
      Lower.find("lock") != std::string::npos)
    return ir::DocumentedLock::Unnamed;
  return ir::DocumentedLock::None;
}

} // namespace racer::frontend
