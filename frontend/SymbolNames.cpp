//===- SymbolNames.cpp - Stable symbols and readable names for decls ------===//
#include "frontend/SymbolNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTLambda.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Index/USRGeneration.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <cstdio>

using namespace clang;

namespace racer::frontend {

namespace {

std::string recordComponent(const RecordDecl *RD) {
  if (!RD->getName().empty())
    return RD->getName().str();
  if (const TypedefNameDecl *TD = RD->getTypedefNameForAnonDecl())
    return TD->getName().str();
  return "(anonymous)";
}

/// "lambda@+OFFSET:COL" for a closure type in a function: its line's offset
/// from the first line of the innermost function around it, so that lines
/// added above that function rename no lambda (its callers' summaries, which
/// name it, stay the same: driver/SccCache.h); "lambda@LINE:COL" outside any
/// function (a namespace-scope initializer).
std::string lambdaComponent(const CXXRecordDecl *RD) {
  const SourceManager &SM = RD->getASTContext().getSourceManager();
  SourceLocation L = SM.getExpansionLoc(RD->getLocation());
  PresumedLoc P = SM.getPresumedLoc(L, /*UseLineDirectives=*/false);
  if (P.isInvalid())
    return "lambda";
  const std::string Col = ":" + std::to_string(P.getColumn());
  for (const DeclContext *C = RD->getDeclContext(); C; C = C->getParent())
    if (const auto *EF = dyn_cast<FunctionDecl>(C)) {
      PresumedLoc F = SM.getPresumedLoc(SM.getExpansionLoc(EF->getBeginLoc()),
                                        /*UseLineDirectives=*/false);
      if (F.isInvalid() || F.getFileID() != P.getFileID() ||
          F.getLine() > P.getLine())
        break;
      return "lambda@+" + std::to_string(P.getLine() - F.getLine()) + Col;
    }
  return "lambda@" + std::to_string(P.getLine()) + Col;
}

std::string functionBaseName(const FunctionDecl *FD) {
  DeclarationName N = FD->getDeclName();
  switch (N.getNameKind()) {
  case DeclarationName::CXXConstructorName:
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
      return recordComponent(MD->getParent());
    break;
  case DeclarationName::CXXDestructorName:
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
      return "~" + recordComponent(MD->getParent());
    break;
  case DeclarationName::CXXConversionFunctionName: {
    PrintingPolicy PP(FD->getASTContext().getLangOpts());
    PP.SuppressTagKeyword = true;
    PP.SuppressScope = false;
    return "operator " + N.getCXXNameType().getAsString(PP);
  }
  case DeclarationName::Identifier:
    if (N.getAsIdentifierInfo())
      return N.getAsIdentifierInfo()->getName().str();
    return "(anonymous)";
  default:
    break;
  }
  return N.getAsString();
}

void contextParts(const DeclContext *DC, std::vector<std::string> &Out) {
  if (!DC || isa<TranslationUnitDecl>(DC))
    return;
  contextParts(DC->getParent(), Out);
  if (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
    if (NS->isInline())
      return;
    if (NS->isAnonymousNamespace()) {
      // Each TU has its own: `(anonymous:parser.cpp)` keeps classes of
      // different files apart (and those of one header together).
      const SourceManager &SM = NS->getASTContext().getSourceManager();
      PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(NS->getLocation()),
                                        /*UseLineDirectives=*/false);
      Out.push_back("(anonymous:" +
                    (P.isValid()
                         ? llvm::sys::path::filename(P.getFilename()).str()
                         : std::string("?")) +
                    ")");
      return;
    }
    Out.push_back(NS->getName().str());
  } else if (const auto *RD = dyn_cast<RecordDecl>(DC)) {
    const auto *CRD = dyn_cast<CXXRecordDecl>(RD);
    if (CRD && CRD->isLambda())
      Out.push_back(lambdaComponent(CRD));
    else if (!RD->isAnonymousStructOrUnion())
      Out.push_back(recordComponent(RD));
  } else if (const auto *FD = dyn_cast<FunctionDecl>(DC)) {
    if (!isLambdaCallOperator(FD))
      Out.push_back(functionBaseName(FD));
  } else if (const auto *ED = dyn_cast<EnumDecl>(DC)) {
    Out.push_back(ED->getName().str());
  }
  // LinkageSpecDecl, ExportDecl, BlockDecl, CapturedDecl: transparent.
}

std::string join(const std::vector<std::string> &Parts,
                 const std::string &Last) {
  std::string S;
  for (const std::string &P : Parts) {
    S += P;
    S += "::";
  }
  S += Last;
  return S;
}

/// Clang names a declaration with internal linkage by its file's base name
/// (`c:dict.c@F@_dictNextPower`), so two `static` functions of the same
/// name in redis's src/dict.c and deps/hiredis/dict.c would be one function
/// after the link. A digest of the file's path keeps them apart, and keeps
/// a header's `static inline` functions one function in every TU that
/// includes the same header. The path, not the content: an edit of a file
/// must not rename its functions, or every caller of every static function
/// in it would look changed to the summary cache (an appended comment in
/// redis's networking.c re-summarized a third of the program). The path is
/// the real one (symlinks and `..` resolved), relative to the root given to
/// SymbolFileRoot (--relative-paths) if it is under it, so that a TU gives
/// the same symbols in every sandbox.
thread_local std::string SymbolRoot, SymbolDir;

/// Clang names a function's local declaration (a `static` variable, a
/// local type) by its file offset (`c:f.c@139442@F@fn@logged_time`), which
/// every byte added above it changes. The offset from the function's own
/// start tells the locals of one function apart as well, and moves only
/// when the function's text does. \p At is where the offset would start.
std::string withRelativeOffset(std::string U, size_t At, const Decl *D) {
  llvm::StringRef Rest = llvm::StringRef(U).substr(At);
  if (!Rest.consume_front("@"))
    return U;
  llvm::StringRef Digits = Rest.take_while(llvm::isDigit);
  unsigned Offset;
  if (Digits.empty() || !Rest.substr(Digits.size()).starts_with("@") ||
      Digits.getAsInteger(10, Offset))
    return U;
  const auto *Fn = dyn_cast_or_null<FunctionDecl>(
      D->getParentFunctionOrMethod(/*LexicalParent=*/true));
  if (!Fn)
    return U;
  const SourceManager &SM = D->getASTContext().getSourceManager();
  std::pair<FileID, unsigned> Own = SM.getDecomposedExpansionLoc(D->getBeginLoc());
  std::pair<FileID, unsigned> Start =
      SM.getDecomposedExpansionLoc(Fn->getBeginLoc());
  if (Own.first != Start.first || Own.second != Offset ||
      Start.second > Offset)
    return U;
  return U.replace(At + 1, Digits.size(),
                   "+" + std::to_string(Offset - Start.second));
}

std::string withFileDigest(std::string U, const Decl *D) {
  if (!llvm::StringRef(U).starts_with("c:") ||
      llvm::StringRef(U).starts_with("c:@"))
    return U;
  const SourceManager &SM = D->getASTContext().getSourceManager();
  SourceLocation L = SM.getExpansionLoc(D->getBeginLoc());
  FileID FID = SM.getFileID(L);
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
  if (!FE)
    return U;
  const std::string Base = llvm::sys::path::filename(FE->getName()).str();
  if (!llvm::StringRef(U).substr(2).starts_with(Base + "@"))
    return U;
  // Hashed once per file and TU.
  thread_local const SourceManager *CachedSM = nullptr;
  thread_local llvm::DenseMap<FileID, std::string> Digests;
  if (CachedSM != &SM) {
    CachedSM = &SM;
    Digests.clear();
  }
  auto [It, New] = Digests.try_emplace(FID);
  if (New) {
    llvm::SmallString<256> Path(FE->getFileEntry().tryGetRealPathName());
    if (Path.empty()) {
      Path = FE->getName();
      llvm::sys::fs::make_absolute(SymbolDir, Path);
      llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    }
    llvm::StringRef Named = Path;
    if (!SymbolRoot.empty() && Named.starts_with(SymbolRoot) &&
        Named.size() > SymbolRoot.size() &&
        llvm::sys::path::is_separator(Named[SymbolRoot.size()]))
      Named = Named.drop_front(SymbolRoot.size() + 1);
    char Hex[17];
    std::snprintf(Hex, sizeof Hex, "%016llx",
                  static_cast<unsigned long long>(llvm::xxh3_64bits(Named)));
    It->second = Hex;
  }
  U.insert(2 + Base.size(), "#" + It->second);
  return withRelativeOffset(std::move(U), 2 + Base.size() + 1 + It->second.size(), D);
}

} // namespace

SymbolFileRoot::SymbolFileRoot(llvm::StringRef Root, llvm::StringRef Dir) {
  SymbolRoot = Root.str();
  SymbolDir = Dir.str();
}

SymbolFileRoot::~SymbolFileRoot() {
  SymbolRoot.clear();
  SymbolDir.clear();
}

namespace {

std::string usrOf(const Decl *D) {
  llvm::SmallString<128> Buf;
  if (!D || index::generateUSRForDecl(D, Buf))
    return "";
  return withFileDigest(std::string(Buf), D);
}

std::string lambdaSymbol(const FunctionDecl *FD) {
  const CXXRecordDecl *RD = cast<CXXMethodDecl>(FD)->getParent();
  std::string Base;
  for (const DeclContext *C = RD->getDeclContext(); C && Base.empty();
       C = C->getParent()) {
    if (const auto *EF = dyn_cast<FunctionDecl>(C)) {
      Base = functionSymbol(EF);
      break;
    }
    if (isa<RecordDecl>(C) || isa<NamespaceDecl>(C) ||
        isa<TranslationUnitDecl>(C)) {
      if (const Decl *CD = RD->getLambdaContextDecl())
        Base = usrOf(CD);
      if (Base.empty() && !isa<TranslationUnitDecl>(C))
        Base = usrOf(cast<Decl>(C));
      break;
    }
  }
  if (Base.empty()) {
    const SourceManager &SM = RD->getASTContext().getSourceManager();
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(RD->getLocation()),
                                      /*UseLineDirectives=*/false);
    Base = "c:" + (P.isValid()
                       ? llvm::sys::path::filename(P.getFilename()).str()
                       : std::string("?"));
  }
  std::string S = Base + "@" + lambdaComponent(RD);
  if (const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs()) {
    llvm::raw_string_ostream OS(S);
    PrintingPolicy PP(FD->getASTContext().getLangOpts());
    printTemplateArgumentList(OS, Args->asArray(), PP);
  }
  return S;
}

} // namespace

bool isLambdaCallOperator(const FunctionDecl *FD) {
  return FD && clang::isLambdaCallOperator(FD);
}

std::string qualifiedName(const NamedDecl *D) {
  if (!D)
    return "";
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    return functionName(FD);
  if (const auto *F = dyn_cast<FieldDecl>(D))
    return fieldName(F);
  std::vector<std::string> Parts;
  contextParts(D->getDeclContext(), Parts);
  if (const auto *CRD = dyn_cast<CXXRecordDecl>(D); CRD && CRD->isLambda())
    return join(Parts, lambdaComponent(CRD));
  if (const auto *RD = dyn_cast<RecordDecl>(D))
    return join(Parts, recordComponent(RD));
  std::string Name = D->getName().str();
  if (Name.empty())
    Name = "(anonymous)";
  return join(Parts, Name);
}

std::string functionName(const FunctionDecl *FD) {
  if (isLambdaCallOperator(FD))
    return qualifiedName(cast<CXXMethodDecl>(FD)->getParent());
  std::vector<std::string> Parts;
  contextParts(FD->getDeclContext(), Parts);
  return join(Parts, functionBaseName(FD));
}

namespace {

/// The local classes (lambdas included) that \p T names, directly or as a
/// template argument of a class it names.
void localRecordsIn(QualType T, llvm::SmallVectorImpl<const CXXRecordDecl *> &Out,
                    unsigned Depth);
void localRecordsIn(const TemplateArgument &A,
                    llvm::SmallVectorImpl<const CXXRecordDecl *> &Out,
                    unsigned Depth) {
  if (A.getKind() == TemplateArgument::Type)
    localRecordsIn(A.getAsType(), Out, Depth);
  else if (A.getKind() == TemplateArgument::Pack)
    for (const TemplateArgument &E : A.pack_elements())
      localRecordsIn(E, Out, Depth);
}
void localRecordsIn(QualType T, llvm::SmallVectorImpl<const CXXRecordDecl *> &Out,
                    unsigned Depth) {
  if (T.isNull() || Depth > 6)
    return;
  T = T.getNonReferenceType().getCanonicalType();
  while (const auto *P = dyn_cast<PointerType>(T.getTypePtr()))
    T = P->getPointeeType().getCanonicalType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return;
  if (RD->getParentFunctionOrMethod())
    Out.push_back(RD);
  if (const auto *CTS = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    for (const TemplateArgument &A : CTS->getTemplateArgs().asArray())
      localRecordsIn(A, Out, Depth + 1);
}

/// Clang's USR of a template instantiated with a local class (a lambda
/// handed to `std::map::emplace`) names that class by its file offset
/// (`..emplace<#p2S0_$db_impl.cc@10662@N@rocksdb..`), which every byte
/// added above it changes: the offset from its function's start instead,
/// as withRelativeOffset does for the local declaration itself.
std::string withLocalArgsRelative(std::string U, const FunctionDecl *FD) {
  llvm::SmallVector<const CXXRecordDecl *, 2> Locals;
  if (const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs())
    for (const TemplateArgument &A : Args->asArray())
      localRecordsIn(A, Locals, 0);
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    if (const auto *CTS =
            dyn_cast<ClassTemplateSpecializationDecl>(MD->getParent()))
      for (const TemplateArgument &A : CTS->getTemplateArgs().asArray())
        localRecordsIn(A, Locals, 0);
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  for (const CXXRecordDecl *RD : Locals) {
    const auto *Fn = dyn_cast_or_null<FunctionDecl>(
        RD->getParentFunctionOrMethod(/*LexicalParent=*/true));
    if (!Fn)
      continue;
    std::pair<FileID, unsigned> Start =
        SM.getDecomposedExpansionLoc(Fn->getBeginLoc());
    bool Named = false;
    for (SourceLocation L : {RD->getBeginLoc(), RD->getLocation()}) {
      std::pair<FileID, unsigned> Own = SM.getDecomposedExpansionLoc(L);
      if (Own.first != Start.first || Start.second > Own.second)
        continue;
      const std::string From = "@" + std::to_string(Own.second) + "@";
      const std::string To =
          "@+" + std::to_string(Own.second - Start.second) + "@";
      for (size_t At = U.find(From); At != std::string::npos;
           At = U.find(From, At + To.size())) {
        U.replace(At, From.size(), To);
        Named = true;
      }
    }
    // Clang's USR names an anonymous local class (a lambda) in a function
    // template's arguments by its function alone (`Spawn<#$@F@use#@Sa>`):
    // two lambdas of one function would make two instantiations one symbol,
    // and the link would keep one of them. Its place, relative to the
    // function, tells them apart.
    if (!Named) {
      std::pair<FileID, unsigned> Own =
          SM.getDecomposedExpansionLoc(RD->getLocation());
      if (Own.first == Start.first && Start.second <= Own.second)
        U += "@L+" + std::to_string(Own.second - Start.second);
    }
  }
  return U;
}

} // namespace

std::string functionSymbol(const FunctionDecl *FD) {
  if (isLambdaCallOperator(FD))
    return lambdaSymbol(FD);
  std::string U = usrOf(FD);
  if (!U.empty())
    return withLocalArgsRelative(std::move(U), FD);
  return "racecar:" + functionName(FD);
}

std::string fieldName(const FieldDecl *FD) {
  const RecordDecl *P = FD->getParent();
  while (P && P->isAnonymousStructOrUnion()) {
    const auto *Up = dyn_cast<RecordDecl>(P->getDeclContext());
    if (!Up)
      break;
    P = Up;
  }
  std::string Name = FD->getName().str();
  if (Name.empty())
    Name = "(anonymous)";
  return (P ? qualifiedName(P) : std::string("(anonymous)")) + "::" + Name;
}

std::string variableSymbol(const VarDecl *VD) {
  std::string U = usrOf(VD);
  if (!U.empty())
    return U;
  return "racecar:" + qualifiedName(VD);
}

std::string recordTypeName(QualType T) {
  if (T.isNull())
    return "";
  T = T.getNonReferenceType();
  if (const RecordDecl *RD = T->getAsRecordDecl())
    return qualifiedName(RD);
  return "";
}

std::string enclosingClassName(const FunctionDecl *FD) {
  if (!isLambdaCallOperator(FD)) {
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
      return qualifiedName(MD->getParent());
    return "";
  }
  const DeclContext *C = cast<CXXMethodDecl>(FD)->getParent()->getDeclContext();
  for (; C; C = C->getParent()) {
    if (const auto *EF = dyn_cast<FunctionDecl>(C)) {
      if (isLambdaCallOperator(EF))
        continue;
      if (const auto *MD = dyn_cast<CXXMethodDecl>(EF))
        return qualifiedName(MD->getParent());
      return "";
    }
    if (const auto *RD = dyn_cast<RecordDecl>(C)) {
      const auto *CRD = dyn_cast<CXXRecordDecl>(RD);
      if (CRD && CRD->isLambda())
        continue;
      return qualifiedName(RD);
    }
  }
  return "";
}

} // namespace racer::frontend
