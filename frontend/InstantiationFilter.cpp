//===- InstantiationFilter.cpp - Library instantiations not performed -----===//

#include "frontend/InstantiationFilter.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Type.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace racer::frontend {
namespace {

/// Whether instantiating library code with these types can instantiate
/// project code: a type that names a project class template specialization
/// (or a class nested in one), a generic lambda, a project class with a
/// member template the library may call (whose members are only
/// instantiated when the library calls them), or a project function
/// template specialization.
class ProjectTemplateSearch {
public:
  explicit ProjectTemplateSearch(const SourceManager &SM) : SM(SM) {}

  bool inSystemHeader(const Decl *D) const {
    SourceLocation L = D->getLocation();
    return L.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(L));
  }

  bool args(llvm::ArrayRef<TemplateArgument> Args) {
    return llvm::any_of(Args, [&](const TemplateArgument &A) { return arg(A); });
  }

  bool arg(const TemplateArgument &A) {
    switch (A.getKind()) {
    case TemplateArgument::Type:
      return type(A.getAsType());
    case TemplateArgument::Declaration:
      return decl(A.getAsDecl());
    case TemplateArgument::Pack:
      return args(A.pack_elements());
    case TemplateArgument::Template:
    case TemplateArgument::TemplateExpansion:
      // A project template passed as a template template argument.
      if (const TemplateDecl *TD =
              A.getAsTemplateOrTemplatePattern().getAsTemplateDecl())
        return !inSystemHeader(TD);
      return false;
    case TemplateArgument::Expression:
      return true; // not resolved: keep the instantiation
    default:
      return false; // null, integral, nullptr, structural values
    }
  }

  bool decl(const ValueDecl *D) {
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(D))
      return !inSystemHeader(FD) && FD->isTemplateInstantiation();
    return D && type(D->getType());
  }

  bool type(QualType T) {
    if (T.isNull())
      return false;
    const Type *Ty = T.getCanonicalType().getTypePtr();
    if (const auto *P = dyn_cast<PointerType>(Ty))
      return type(P->getPointeeType());
    if (const auto *R = dyn_cast<ReferenceType>(Ty))
      return type(R->getPointeeType());
    if (const auto *M = dyn_cast<MemberPointerType>(Ty))
      return type(M->getPointeeType()) || type(QualType(M->getClass(), 0));
    if (const auto *A = dyn_cast<ArrayType>(Ty))
      return type(A->getElementType());
    if (const auto *F = dyn_cast<FunctionProtoType>(Ty))
      return type(F->getReturnType()) ||
             llvm::any_of(F->param_types(), [&](QualType P) { return type(P); });
    if (const auto *C = dyn_cast<ComplexType>(Ty))
      return type(C->getElementType());
    if (const auto *V = dyn_cast<VectorType>(Ty))
      return type(V->getElementType());
    if (const auto *R = Ty->getAsCXXRecordDecl())
      return record(R);
    // Builtins, enums, C records, dependent leftovers: nothing to instantiate.
    return Ty->isDependentType();
  }

private:
  bool record(const CXXRecordDecl *RD) {
    auto [It, Inserted] = Memo.try_emplace(RD, false);
    if (!Inserted)
      return It->second; // also ends a cycle through a base or an argument
    bool R = recordUncached(RD);
    Memo[RD] = R;
    return R;
  }

  bool recordUncached(const CXXRecordDecl *RD) {
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      if (specialization(Spec))
        return true;
    // A class nested in a specialization (a project template's member class,
    // std::vector<Foo>::iterator): its members are instantiated on use.
    for (const DeclContext *DC = RD->getDeclContext(); DC; DC = DC->getParent())
      if (const auto *Outer = dyn_cast<ClassTemplateSpecializationDecl>(DC))
        if (specialization(Outer))
          return true;
    if (inSystemHeader(RD))
      return false;
    if (RD->isGenericLambda())
      return true;
    const CXXRecordDecl *Def = RD->getDefinition();
    if (!Def)
      return false;
    // Member templates library code calls: constructors (construct_at,
    // emplace), operators (a templated call operator, comparisons) and
    // conversions. A named member template is only called by its name.
    for (const Decl *D : Def->decls())
      if (const auto *FT = dyn_cast<FunctionTemplateDecl>(D)) {
        const FunctionDecl *F = FT->getTemplatedDecl();
        if (isa<CXXConstructorDecl>(F) || isa<CXXConversionDecl>(F) ||
            F->isOverloadedOperator())
          return true;
      }
    return llvm::any_of(Def->bases(), [&](const CXXBaseSpecifier &B) {
      return type(B.getType());
    });
  }

  bool specialization(const ClassTemplateSpecializationDecl *Spec) {
    return !inSystemHeader(Spec->getSpecializedTemplate()) ||
           args(Spec->getTemplateArgs().asArray());
  }

  const SourceManager &SM;
  llvm::DenseMap<const CXXRecordDecl *, bool> Memo;
};

/// Whether function \p FD's instantiation may instantiate project code.
bool mayInstantiateProjectCode(const FunctionDecl *FD,
                               ProjectTemplateSearch &Search) {
  const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  if (!Search.inSystemHeader(Pattern ? Pattern : FD))
    return true;
  if (const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs())
    if (Search.args(Args->asArray()))
      return true;
  for (const DeclContext *DC = FD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(DC))
      if (Search.args(Spec->getTemplateArgs().asArray()))
        return true;
  return false;
}

} // namespace

void InstantiationFilter::dropLibraryOnly() {
  filterQueue();
  forgetUses();
}

void InstantiationFilter::filterQueue() {
  // Sema adds to the back of the queue and, at the end of the translation
  // unit, performs from the front (calling HandleTopLevelDecl for each
  // function it instantiates): the new entries are those after the last
  // one looked at, or all if that one was performed meanwhile.
  std::deque<Sema::PendingImplicitInstantiation> &Queue =
      S.PendingInstantiations;
  size_t First = 0;
  if (LastSeen)
    for (size_t I = Queue.size(); I-- > 0;)
      if (Queue[I].first == LastSeen) {
        First = I + 1;
        break;
      }
  if (First == Queue.size())
    return;
  ProjectTemplateSearch Search(SM);
  auto Keep = [&](const Sema::PendingImplicitInstantiation &P) {
    const auto *FD = dyn_cast<FunctionDecl>(P.first);
    if (!FD || mayInstantiateProjectCode(FD, Search)) {
      if (FD && Search.inSystemHeader(FD) && Kept.insert(FD).second)
        ++KeptLibrary;
      return true;
    }
    DroppedAll.insert(FD->getCanonicalDecl());
    ++Dropped;
    return false;
  };
  auto Out = Queue.begin() + First;
  for (auto In = Out; In != Queue.end(); ++In)
    if (Keep(*In))
      *Out++ = *In;
  Queue.erase(Out, Queue.end());
  LastSeen = Queue.empty() ? nullptr : Queue.back().first;
}

void InstantiationFilter::forgetUses() {
  // A dropped function is never defined: Sema would say that an inline
  // function it used is not (a warning, an error with -Werror or a type
  // without linkage). Its use may be recorded after it was queued (the
  // entries are added in order), so the new entries are looked at each time.
  auto &Used = S.UndefinedButUsed;
  if (UsesSeen > Used.size())
    UsesSeen = 0;
  bool Any = std::any_of(Used.begin() + UsesSeen, Used.end(),
                         [&](const auto &U) { return DroppedAll.contains(U.first); });
  if (Any)
    Used.remove_if([&](const auto &U) { return DroppedAll.contains(U.first); });
  UsesSeen = Used.size();
}

} // namespace racer::frontend
