//===- IRBuilder.cpp - Lower Clang function bodies to racecar IR ----------===//
//
// One ir::Function per defined function, from Clang's CFG built with every
// statement as its own element (setAllAlwaysAdd): each element is lowered as
// a single node, never recursively, so every access is emitted exactly once.
//
//   ImplicitCast<LValueToRValue>(L)      read  path(L)
//   L = R (built-in)                     write path(L)   (+ bind if L is a local pointer)
//   L op= R, ++L, L--                    read + write path(L)
//   call / member call / operator call   call  (Args[0] = receiver for methods)
//   CXXConstructExpr                     call  ctor (Args[0] = constructed object)
//   implicit/trivial copy, move, assign  read source / write destination, no call
//   T *p = e;  T &r = e;  p = e;         bind  p/r to the designated object
//   return e;  (pointer/reference)       return
//   [..]{..}  (LambdaExpr)               call  of the lambda (Args[0] = this if captured)
//   scope exit / temporaries / delete    call  dtor
//
// Accesses to memory that cannot be shared are not emitted: paths rooted at a
// local or formal without any Deref step (the variable itself), const
// globals read directly, thread_local variables.
//===----------------------------------------------------------------------===//
#include "frontend/IRBuilder.h"
#include "frontend/PathBuilder.h"
#include "frontend/SymbolNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <functional>

using namespace clang;

namespace racer::frontend {

using ir::AccessPath;
using ir::Operand;

//===----------------------------------------------------------------------===//
// FileTable
//===----------------------------------------------------------------------===//

FileTable::FileTable(const SourceManager &SM, llvm::vfs::FileSystem &FS,
                     std::string MainFile)
    : SM(SM), FS(FS) {
  ByPath[MainFile] = 0;
  Files.push_back(std::move(MainFile));
}

std::optional<uint32_t> FileTable::fileIndex(FileID FID) {
  if (FID.isInvalid())
    return std::nullopt;
  auto It = ByFID.find(FID);
  if (It != ByFID.end())
    return It->second;
  std::optional<uint32_t> Result;
  if (FID == SM.getMainFileID()) {
    Result = 0;
  } else if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID)) {
    llvm::SmallString<256> Path(FE->getName());
    FS.makeAbsolute(Path);
    llvm::SmallString<256> Lexical(Path);
    llvm::sys::path::remove_dots(Lexical, /*remove_dot_dot=*/true);
    bool DotDot = llvm::any_of(
        llvm::make_range(llvm::sys::path::begin(Path),
                         llvm::sys::path::end(Path)),
        [](llvm::StringRef C) { return C == ".."; });
    if (DotDot) {
      // `a/b/../c` is `a/c` only if b is not a symlink (e.g. /lib -> usr/lib).
      llvm::ErrorOr<llvm::vfs::Status> Orig = FS.status(Path);
      llvm::ErrorOr<llvm::vfs::Status> Lex = FS.status(Lexical);
      llvm::SmallString<256> Real;
      if (Orig && Lex && Orig->equivalent(*Lex))
        Path = Lexical;
      else if (!FS.getRealPath(Path, Real))
        Path = Real;
      else
        Path = Lexical;
    } else {
      Path = Lexical;
    }
    auto [PIt, Inserted] = ByPath.try_emplace(Path, uint32_t(Files.size()));
    if (Inserted)
      Files.push_back(std::string(Path));
    Result = PIt->second;
  }
  ByFID[FID] = Result;
  return Result;
}

ir::Loc FileTable::loc(SourceLocation L) {
  ir::Loc R;
  if (L.isInvalid())
    return R;
  SourceLocation E = SM.getExpansionLoc(L);
  std::optional<uint32_t> Idx = fileIndex(SM.getFileID(E));
  PresumedLoc P = SM.getPresumedLoc(E, /*UseLineDirectives=*/false);
  if (!Idx || P.isInvalid())
    return R;
  R.File = *Idx;
  R.Line = P.getLine();
  R.Col = P.getColumn();
  return R;
}

using namespace lowering;

//===----------------------------------------------------------------------===//
// FunctionLowerer
//===----------------------------------------------------------------------===//

namespace {

class FunctionLowerer {
public:
  FunctionLowerer(const FunctionDecl *FD, FileTable &Files)
      : FD(FD), Ctx(FD->getASTContext()), Files(Files),
        PB(FD, /*AttrMode=*/false,
           [this](const VarDecl *VD) { return localId(VD); }) {}

  ir::Function run();

private:
  friend class PreScan;

  uint32_t localId(const VarDecl *VD) {
    auto [It, Inserted] = LocalIds.try_emplace(VD, uint32_t(F.Locals.size()));
    if (Inserted) {
      std::string Name = VD->getName().str();
      if (Name.empty())
        Name = "local" + std::to_string(It->second);
      F.Locals.push_back(std::move(Name));
    }
    return It->second;
  }

  static bool isBindableLocal(const VarDecl *VD) {
    return VD && !isa<ParmVarDecl>(VD) && VD->hasLocalStorage() &&
           (VD->getType()->isPointerType() ||
            VD->getType()->isReferenceType());
  }

  void preScan(const Stmt *Body);
  /// The local object \p E designates (or a part of it) may be seen by
  /// others: its address is taken, it is captured or bound by reference.
  /// Accesses to it are then lowered (a thread may share it).
  void noteEscape(const Expr *E);
  void noteEscape(const VarDecl *VD);
  void noteVarInit(const VarDecl *VD);
  void noteAssign(const BinaryOperator *BO);

  void lowerCFG(const CFG &G);
  void lowerFallback(const Stmt *Body);
  void lowerElement(const CFGElement &E);
  void lowerStmt(const Stmt *S);
  void lowerCall(const CallExpr *CE);
  void lowerConstruct(const CXXConstructExpr *CE);
  void lowerAtomic(const AtomicExpr *AE);
  bool lowerSyncBuiltin(const CallExpr *CE, const FunctionDecl *Callee);
  void lowerVarDecl(const VarDecl *VD);
  void lowerReturn(const ReturnStmt *RS);
  void lowerLambda(const LambdaExpr *LE);
  /// Appends the actuals \p Args to \p C, noting those that name a function
  /// (with the arguments after them, as a thread would receive them).
  void lowerArgs(ir::CallInfo &C, llvm::ArrayRef<const Expr *> Args);
  /// The function an argument names (a thread's entry, a callback).
  std::optional<ir::CallableArg> callableOf(const Expr *A);
  Operand lambdaReceiver(const LambdaExpr *LE, std::string &Type);
  const LambdaExpr *localLambdaOf(const Expr *Closure) const;
  void lowerInitializer(const CXXCtorInitializer *I);
  void lowerBranch(const CFGBlock &B, ir::Block &Out);

  void emitAccess(ir::InstrKind K, const Expr *LV, bool ForceAtomic = false,
                  SourceLocation At = {});
  void emitPathAccess(ir::InstrKind K, AccessPath P, bool Atomic,
                      SourceLocation At);
  void emitBind(uint32_t Dest, Operand V, SourceLocation At);
  void emitCall(ir::CallInfo C, SourceLocation At, const Stmt *Key);
  void emitDtorCall(const CXXDestructorDecl *Dtor, Operand Recv,
                    std::string RecvType, SourceLocation At);
  ir::CallInfo callTo(const FunctionDecl *Callee);
  ir::Loc at(SourceLocation L);

  const FunctionDecl *FD;
  ASTContext &Ctx;
  FileTable &Files;
  PathBuilder PB;
  ir::Function F;
  ir::Block *Cur = nullptr;
  llvm::DenseMap<const VarDecl *, uint32_t> LocalIds;
  llvm::DenseMap<const CXXConstructExpr *, Operand> CtorTargets;
  llvm::DenseMap<const CallExpr *, uint32_t> CallResults;
  llvm::DenseMap<const Stmt *, int32_t> CallIndexInBlock;
  llvm::DenseSet<const CXXBindTemporaryExpr *> ElidedTemporaries;
  /// Scalar locals holding a call's result, for branches on them.
  llvm::DenseMap<const CallExpr *, const VarDecl *> ScalarResults;
  llvm::DenseMap<const VarDecl *, int32_t> CallOfLocalInBlock;
  /// Lambdas stored in locals (`auto f = [this] {..};`) and how they are used.
  llvm::DenseMap<const VarDecl *, const LambdaExpr *> LambdaVars;
  llvm::DenseMap<const VarDecl *, unsigned> Refs, CallRefs;
  /// Lambdas only invoked in this function (directly, or through a local
  /// that is only ever called): no call where they are created; each
  /// invocation passes the captured `this`.
  llvm::DenseSet<const LambdaExpr *> InvokedOnlyHere;
  /// Local ids of objects whose address escapes (see noteEscape).
  llvm::DenseSet<uint32_t> EscapingLocals;
  ir::Loc LastLoc; ///< last location in user code, for code in system headers
};

/// Pre-scan of a body in source order: numbers locals, finds the object each
/// constructor call initializes and the local that receives each call result.
class PreScan : public RecursiveASTVisitor<PreScan> {
public:
  explicit PreScan(FunctionLowerer &L) : L(L) {}
  bool shouldVisitImplicitCode() const { return true; }
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    // Local classes and their methods are lowered on their own.
    if (D && (isa<TagDecl>(D) || isa<FunctionDecl>(D) ||
              isa<RedeclarableTemplateDecl>(D)))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool TraverseLambdaExpr(LambdaExpr *LE, DataRecursionQueue * = nullptr) {
    for (Expr *Init : LE->capture_inits())
      if (Init)
        TraverseStmt(Init);
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar()))
          L.noteEscape(VD);
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (!isa<ParmVarDecl>(VD) && VD->hasLocalStorage())
      L.localId(VD);
    L.noteVarInit(VD);
    if (VD->getType()->isReferenceType() && VD->getInit())
      L.noteEscape(VD->getInit());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf)
      L.noteEscape(UO->getSubExpr());
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *ICE) {
    if (ICE->getCastKind() == CK_ArrayToPointerDecay)
      L.noteEscape(ICE->getSubExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    if (const FunctionDecl *Fn = CE->getDirectCallee())
      noteReferenceArgs(Fn, CE->arguments(),
                        isa<CXXOperatorCallExpr>(CE) &&
                            isa<CXXMethodDecl>(Fn) &&
                            cast<CXXMethodDecl>(Fn)
                                ->isImplicitObjectMemberFunction());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    if (CE->getConstructor())
      noteReferenceArgs(CE->getConstructor(), CE->arguments(), false);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    L.noteAssign(BO);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      ++L.Refs[VD];
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
    if (OCE->getOperator() != OO_Call || OCE->getNumArgs() < 1)
      return true;
    const Expr *Obj = stripClosure(OCE->getArg(0));
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Obj)) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        ++L.CallRefs[VD];
    } else if (const auto *LE = dyn_cast<LambdaExpr>(Obj)) {
      L.InvokedOnlyHere.insert(LE);
    }
    return true;
  }

private:
  /// Locals bound to reference parameters escape into the callee.
  template <typename Range>
  void noteReferenceArgs(const FunctionDecl *Fn, Range Args, bool SkipFirst) {
    unsigned I = 0, Shift = SkipFirst ? 1 : 0;
    for (const Expr *A : Args) {
      if (I >= Shift && I - Shift < Fn->getNumParams() &&
          Fn->getParamDecl(I - Shift)->getType()->isReferenceType())
        L.noteEscape(A);
      ++I;
    }
  }

  FunctionLowerer &L;
};

void FunctionLowerer::noteVarInit(const VarDecl *VD) {
  const Expr *Init = VD->getInit();
  if (!Init || isa<ParmVarDecl>(VD))
    return;
  QualType T = VD->getType();
  if (VD->hasLocalStorage()) {
    if (const auto *LE = dyn_cast<LambdaExpr>(stripClosure(Init)))
      LambdaVars[VD] = LE;
    if (T->isIntegralOrEnumerationType())
      if (const CallExpr *CE = scalarResultCallOf(Init))
        ScalarResults[CE] = VD;
  }
  if (isBindableLocal(VD)) {
    if (const CallExpr *CE = resultCallOf(Init)) {
      bool Matches = T->isReferenceType() ? CE->isGLValue()
                                          : CE->getType()->isPointerType();
      if (Matches)
        CallResults[CE] = localId(VD);
    }
    return;
  }
  if (T->isReferenceType())
    return;
  llvm::SmallVector<const CXXBindTemporaryExpr *, 2> Elided;
  if (const CXXConstructExpr *CE = ctorOf(Init, &Elided)) {
    // The temporary of an elided copy (C++14 `T x = T(a);`) is x itself.
    ElidedTemporaries.insert(Elided.begin(), Elided.end());
    std::optional<AccessPath> P = PB.pathOfDecl(VD);
    CtorTargets[CE] = P ? Operand::object(std::move(*P)) : Operand::fresh();
  }
}

void FunctionLowerer::noteEscape(const VarDecl *VD) {
  if (VD && !isa<ParmVarDecl>(VD) && VD->hasLocalStorage() &&
      !VD->getType()->isReferenceType())
    EscapingLocals.insert(localId(VD));
}

void FunctionLowerer::noteEscape(const Expr *E) {
  while (E) {
    E = stripWrappers(E);
    if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
      E = ME->getBase();
    else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      E = ASE->getBase();
    else if (const auto *C = dyn_cast<CastExpr>(E);
             C && (C->getCastKind() == CK_ArrayToPointerDecay ||
                   isGLValueTransparentCast(C->getCastKind())))
      E = C->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else
      break;
  }
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    noteEscape(dyn_cast<VarDecl>(DRE->getDecl()));
}

void FunctionLowerer::noteAssign(const BinaryOperator *BO) {
  if (BO->getOpcode() != BO_Assign)
    return;
  const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(BO->getLHS()));
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (VD && VD->hasLocalStorage() &&
      VD->getType()->isIntegralOrEnumerationType())
    if (const CallExpr *CE = scalarResultCallOf(BO->getRHS()))
      ScalarResults[CE] = VD;
  if (!isBindableLocal(VD) || !VD->getType()->isPointerType())
    return;
  if (const CallExpr *CE = resultCallOf(BO->getRHS()))
    if (CE->getType()->isPointerType())
      CallResults[CE] = localId(VD);
}

void FunctionLowerer::preScan(const Stmt *Body) {
  if (const auto *CD = dyn_cast<CXXConstructorDecl>(FD)) {
    for (const CXXCtorInitializer *I : CD->inits()) {
      const CXXConstructExpr *CE = ctorOf(I->getInit());
      if (!CE)
        continue;
      if (const FieldDecl *Fld = I->getAnyMember())
        CtorTargets[CE] = Operand::object(
            push(thisObject(), ir::StepKind::Field, fieldName(Fld)));
      else
        CtorTargets[CE] = Operand::object(thisObject());
    }
  }
  PreScan(*this).TraverseStmt(const_cast<Stmt *>(Body));
  for (const auto &[VD, LE] : LambdaVars) {
    // Refs counts the declaration's own uses; every one must be a call.
    if (Refs.lookup(VD) == CallRefs.lookup(VD))
      InvokedOnlyHere.insert(LE);
  }
}

ir::Function FunctionLowerer::run() {
  F.Symbol = functionSymbol(FD);
  F.Name = functionName(FD);
  F.Class = enclosingClassName(FD);
  switch (FD->getAccess()) {
  case AS_public:
    F.Access = ir::AccessSpec::Public;
    break;
  case AS_protected:
    F.Access = ir::AccessSpec::Protected;
    break;
  case AS_private:
    F.Access = ir::AccessSpec::Private;
    break;
  case AS_none:
    F.Access = ir::AccessSpec::None;
    break;
  }
  if (isLambdaCallOperator(FD))
    F.Kind = ir::FunctionKind::Lambda;
  else if (isa<CXXConstructorDecl>(FD))
    F.Kind = ir::FunctionKind::Constructor;
  else if (isa<CXXDestructorDecl>(FD))
    F.Kind = ir::FunctionKind::Destructor;
  else if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    F.Kind = MD->isStatic() ? ir::FunctionKind::StaticMethod
                            : ir::FunctionKind::Method;
  else
    F.Kind = ir::FunctionKind::Free;
  if (hasThisFormal(FD))
    F.Formals.push_back("this");
  for (const ParmVarDecl *P : FD->parameters()) {
    std::string Name = P->getName().str();
    if (Name.empty())
      Name = "arg" + std::to_string(P->getFunctionScopeIndex());
    F.Formals.push_back(std::move(Name));
  }
  for (const auto &[D, ByRef] : PB.captureFormals())
    F.Formals.push_back(D->getName().str());
  F.Location = Files.loc(FD->getLocation());
  LastLoc = F.Location;
  F.DeclaredEffects = declaredEffects(FD);

  const Stmt *Body = FD->getBody();
  if (!Body)
    return std::move(F);
  preScan(Body);

  CFG::BuildOptions BO;
  BO.setAllAlwaysAdd();
  BO.AddImplicitDtors = true;
  BO.AddTemporaryDtors = true;
  BO.AddInitializers = true;
  BO.AddCXXDefaultInitExprInCtors = true;
  BO.AddCXXDefaultInitExprInAggregates = true;
  std::unique_ptr<CFG> G =
      CFG::buildCFG(FD, const_cast<Stmt *>(Body), &Ctx, BO);
  if (G)
    lowerCFG(*G);
  else
    lowerFallback(Body);
  return std::move(F);
}

void FunctionLowerer::lowerCFG(const CFG &G) {
  std::vector<const CFGBlock *> Order;
  Order.push_back(&G.getEntry());
  std::vector<const CFGBlock *> Rest;
  for (const CFGBlock *B : G)
    if (B && B != &G.getEntry())
      Rest.push_back(B);
  std::sort(Rest.begin(), Rest.end(),
            [](const CFGBlock *A, const CFGBlock *B) {
              return A->getBlockID() > B->getBlockID();
            });
  Order.insert(Order.end(), Rest.begin(), Rest.end());
  llvm::DenseMap<unsigned, uint32_t> IndexOf;
  for (size_t I = 0; I < Order.size(); ++I)
    IndexOf[Order[I]->getBlockID()] = uint32_t(I);

  F.Blocks.resize(Order.size());
  for (size_t I = 0; I < Order.size(); ++I) {
    const CFGBlock &B = *Order[I];
    Cur = &F.Blocks[I];
    CallIndexInBlock.clear();
    CallOfLocalInBlock.clear();
    for (const CFGElement &E : B)
      lowerElement(E);
    for (const CFGBlock::AdjacentBlock &S : B.succs())
      if (const CFGBlock *R = S.getReachableBlock())
        Cur->Succs.push_back(IndexOf.lookup(R->getBlockID()));
    lowerBranch(B, *Cur);
  }
  Cur = nullptr;
}

/// Without a CFG (Clang could not build one): one block, children before
/// parents, lambda bodies and nested declarations excluded.
void FunctionLowerer::lowerFallback(const Stmt *Body) {
  F.Blocks.resize(1);
  Cur = &F.Blocks[0];
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
      for (const Expr *Init : LE->capture_inits())
        Walk(Init);
    } else {
      for (const Stmt *C : S->children())
        Walk(C);
    }
    lowerStmt(S);
  };
  Walk(Body);
  Cur = nullptr;
}

void FunctionLowerer::lowerBranch(const CFGBlock &B, ir::Block &Out) {
  if (B.succ_size() != 2 || Out.Succs.size() != 2)
    return;
  const auto *C = dyn_cast_or_null<Expr>(
      const_cast<CFGBlock &>(B).getTerminatorCondition());
  bool Neg = false;
  auto IsZero = [](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *IL = dyn_cast<IntegerLiteral>(E))
      return IL->getValue() == 0;
    if (const auto *BL = dyn_cast<CXXBoolLiteralExpr>(E))
      return !BL->getValue();
    return isa<CXXNullPtrLiteralExpr>(E) || isa<GNUNullExpr>(E);
  };
  auto IsTrue = [](const Expr *E) {
    const auto *BL = dyn_cast<CXXBoolLiteralExpr>(E->IgnoreParenImpCasts());
    return BL && BL->getValue();
  };
  while (C) {
    C = stripWrappers(C);
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(C)) {
      C = ICE->getSubExpr();
    } else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(C)) {
      C = BT->getSubExpr();
    } else if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(C)) {
      C = MT->getSubExpr();
    } else if (const auto *UO = dyn_cast<UnaryOperator>(C);
               UO && UO->getOpcode() == UO_LNot) {
      Neg = !Neg;
      C = UO->getSubExpr();
    } else if (const auto *BO = dyn_cast<BinaryOperator>(C)) {
      BinaryOperatorKind Op = BO->getOpcode();
      if (Op == BO_LAnd || Op == BO_LOr) {
        C = BO->getRHS();
      } else if (Op == BO_EQ || Op == BO_NE) {
        const Expr *L = BO->getLHS(), *R = BO->getRHS();
        const Expr *Other = nullptr;
        bool Flip = false;
        if (IsZero(R) || IsZero(L)) {
          Other = IsZero(R) ? L : R;
          Flip = Op == BO_EQ;
        } else if (IsTrue(R) || IsTrue(L)) {
          Other = IsTrue(R) ? L : R;
          Flip = Op == BO_NE;
        }
        if (!Other)
          return;
        Neg ^= Flip;
        C = Other;
      } else {
        return;
      }
    } else {
      break;
    }
  }
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(C)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    auto LIt = VD ? CallOfLocalInBlock.find(VD) : CallOfLocalInBlock.end();
    if (LIt == CallOfLocalInBlock.end())
      return;
    Out.CondCall = LIt->second;
    Out.CondNegated = Neg;
    return;
  }
  if (!C || !isa<CallExpr>(C))
    return;
  auto It = CallIndexInBlock.find(C);
  if (It == CallIndexInBlock.end())
    return;
  Out.CondCall = It->second;
  Out.CondNegated = Neg;
}

void FunctionLowerer::lowerElement(const CFGElement &E) {
  if (std::optional<CFGStmt> S = E.getAs<CFGStmt>()) {
    lowerStmt(S->getStmt());
  } else if (std::optional<CFGInitializer> I = E.getAs<CFGInitializer>()) {
    lowerInitializer(I->getInitializer());
  } else if (std::optional<CFGAutomaticObjDtor> D =
                 E.getAs<CFGAutomaticObjDtor>()) {
    const VarDecl *VD = D->getVarDecl();
    Operand Recv = Operand::fresh(); // lifetime-extended temporary
    if (!VD->getType()->isReferenceType()) {
      std::optional<AccessPath> P = PB.pathOfDecl(VD);
      Recv = P ? Operand::object(std::move(*P)) : Operand::unknown();
    }
    const Stmt *Trigger = D->getTriggerStmt();
    emitDtorCall(D->getDestructorDecl(Ctx), std::move(Recv),
                 objectTypeName(VD->getType().getNonReferenceType()),
                 Trigger ? Trigger->getEndLoc() : VD->getLocation());
  } else if (std::optional<CFGTemporaryDtor> T = E.getAs<CFGTemporaryDtor>()) {
    const CXXBindTemporaryExpr *BTE = T->getBindTemporaryExpr();
    if (ElidedTemporaries.count(BTE))
      return;
    emitDtorCall(T->getDestructorDecl(Ctx), Operand::fresh(),
                 objectTypeName(BTE->getType()), BTE->getEndLoc());
  } else if (std::optional<CFGMemberDtor> M = E.getAs<CFGMemberDtor>()) {
    const FieldDecl *Fld = M->getFieldDecl();
    emitDtorCall(M->getDestructorDecl(Ctx),
                 Operand::object(push(thisObject(), ir::StepKind::Field,
                                      fieldName(Fld))),
                 objectTypeName(Fld->getType()), FD->getBody()->getEndLoc());
  } else if (std::optional<CFGBaseDtor> BD = E.getAs<CFGBaseDtor>()) {
    emitDtorCall(BD->getDestructorDecl(Ctx), Operand::object(thisObject()),
                 objectTypeName(BD->getBaseSpecifier()->getType()),
                 FD->getBody()->getEndLoc());
  } else if (std::optional<CFGDeleteDtor> DD = E.getAs<CFGDeleteDtor>()) {
    const CXXDeleteExpr *DE = DD->getDeleteExpr();
    emitDtorCall(DD->getDestructorDecl(Ctx),
                 PB.operandOfPointer(DE->getArgument()),
                 objectTypeName(DE->getDestroyedType()), DE->getBeginLoc());
  } else if (std::optional<CFGCleanupFunction> CF =
                 E.getAs<CFGCleanupFunction>()) {
    const FunctionDecl *Fn = CF->getFunctionDecl();
    if (!Fn)
      return;
    ir::CallInfo C = callTo(Fn);
    std::optional<AccessPath> P = PB.pathOfDecl(CF->getVarDecl());
    C.Args.push_back(P ? Operand::object(std::move(*P)) : Operand::unknown());
    C.ArgTypes.push_back("");
    emitCall(std::move(C), CF->getVarDecl()->getLocation(), nullptr);
  }
  // CFGNewAllocator, CFGLifetimeEnds, CFGScopeBegin/End, CFGLoopExit: ignored.
}

void FunctionLowerer::lowerStmt(const Stmt *S) {
  if (!S)
    return;
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(S)) {
    if (ICE->getCastKind() != CK_LValueToRValue &&
        ICE->getCastKind() != CK_LValueToRValueBitCast)
      return;
    // The value of `++x` or `x = e` (lvalues in C++) is what was just
    // stored: no further read.
    const Expr *Sub = ICE->getSubExpr()->IgnoreParens();
    if (const auto *UO = dyn_cast<UnaryOperator>(Sub);
        UO && (UO->getOpcode() == UO_PreInc || UO->getOpcode() == UO_PreDec))
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(Sub);
        BO && BO->isAssignmentOp())
      return;
    emitAccess(ir::InstrKind::Read, ICE->getSubExpr());
    return;
  }
  auto ForgetLocal = [&](const Expr *LHS, const Expr *RHS) {
    const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(LHS));
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || !CallOfLocalInBlock.count(VD))
      return;
    const CallExpr *CE = RHS ? scalarResultCallOf(RHS) : nullptr;
    if (!(CE && ScalarResults.lookup(CE) == VD))
      CallOfLocalInBlock.erase(VD);
  };
  if (const auto *CAO = dyn_cast<CompoundAssignOperator>(S)) {
    ForgetLocal(CAO->getLHS(), nullptr);
    emitAccess(ir::InstrKind::Read, CAO->getLHS());
    emitAccess(ir::InstrKind::Write, CAO->getLHS());
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->getOpcode() != BO_Assign)
      return;
    ForgetLocal(BO->getLHS(), BO->getRHS());
    emitAccess(ir::InstrKind::Write, BO->getLHS());
    const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(BO->getLHS()));
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (isBindableLocal(VD) && VD->getType()->isPointerType()) {
      const CallExpr *RC = resultCallOf(BO->getRHS());
      if (!(RC && CallResults.count(RC)))
        emitBind(localId(VD), PB.operandOfPointer(BO->getRHS()),
                 BO->getOperatorLoc());
    }
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->isIncrementDecrementOp()) {
      ForgetLocal(UO->getSubExpr(), nullptr);
      emitAccess(ir::InstrKind::Read, UO->getSubExpr());
      emitAccess(ir::InstrKind::Write, UO->getSubExpr());
    }
    return;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(S)) {
    lowerConstruct(CE);
    return;
  }
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    lowerCall(CE);
    return;
  }
  if (const auto *AE = dyn_cast<AtomicExpr>(S)) {
    lowerAtomic(AE);
    return;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        lowerVarDecl(VD);
    return;
  }
  if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
    lowerReturn(RS);
    return;
  }
  if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
    lowerLambda(LE);
    return;
  }
}

/// Code from system headers (default arguments, macros) is reported at the
/// last position in user code.
ir::Loc FunctionLowerer::at(SourceLocation L) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (L.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(L)))
    return LastLoc;
  ir::Loc R = Files.loc(L);
  if (R.Line)
    LastLoc = R;
  return R;
}

void FunctionLowerer::emitPathAccess(ir::InstrKind K, AccessPath P,
                                     bool Atomic, SourceLocation At) {
  ir::Instr I;
  I.Kind = K;
  I.Path = std::move(P);
  I.Atomic = Atomic;
  I.Location = at(At);
  Cur->Instrs.push_back(std::move(I));
}

void FunctionLowerer::emitAccess(ir::InstrKind K, const Expr *LV,
                                 bool ForceAtomic, SourceLocation At) {
  std::optional<AccessPath> P = PB.pathOf(LV);
  if (!P)
    return;
  if (!hasDeref(*P)) {
    bool Escaping = P->Root == ir::RootKind::Local &&
                    EscapingLocals.count(P->Index);
    if (P->Root != ir::RootKind::Global && !Escaping)
      return; // the local or parameter itself, seen by nobody else
    if (LV->getType().isConstQualified())
      return; // a const global: never written
  }
  bool Atomic = ForceAtomic || LV->getType()->isAtomicType();
  emitPathAccess(K, std::move(*P), Atomic, At.isValid() ? At : accessLoc(LV));
}

void FunctionLowerer::emitBind(uint32_t Dest, Operand V, SourceLocation At) {
  ir::Instr I;
  I.Kind = ir::InstrKind::Bind;
  I.Dest = Dest;
  I.Value = std::move(V);
  I.Location = at(At);
  Cur->Instrs.push_back(std::move(I));
}

void FunctionLowerer::emitCall(ir::CallInfo C, SourceLocation At,
                               const Stmt *Key) {
  ir::Instr I;
  I.Kind = ir::InstrKind::Call;
  I.Call = std::move(C);
  I.Location = at(At);
  if (Key)
    CallIndexInBlock[Key] = int32_t(Cur->Instrs.size());
  Cur->Instrs.push_back(std::move(I));
}

ir::CallInfo FunctionLowerer::callTo(const FunctionDecl *Callee) {
  ir::CallInfo C;
  if (!Callee)
    return C;
  C.Callee = functionSymbol(Callee);
  C.CalleeName = functionName(Callee);
  C.IsConstructor = isa<CXXConstructorDecl>(Callee);
  C.IsDestructor = isa<CXXDestructorDecl>(Callee);
  C.DeclaredEffects = declaredEffects(Callee);
  return C;
}

void FunctionLowerer::emitDtorCall(const CXXDestructorDecl *Dtor, Operand Recv,
                                   std::string RecvType, SourceLocation At) {
  if (!Dtor)
    return;
  ir::CallInfo C = callTo(Dtor);
  C.Args.push_back(std::move(Recv));
  C.ArgTypes.push_back(std::move(RecvType));
  emitCall(std::move(C), At, nullptr);
}

/// `__sync_*` builtins: atomic read-modify-write of the pointee of arg 0.
bool FunctionLowerer::lowerSyncBuiltin(const CallExpr *CE,
                                       const FunctionDecl *Callee) {
  if (!Callee->getIdentifier())
    return false;
  StringRef N = Callee->getName();
  if (N.starts_with("__atomic_") || N.starts_with("__c11_atomic_"))
    return true; // fences and lock-free queries: no memory access
  if (!N.starts_with("__sync_"))
    return false;
  if (N.contains("synchronize") || CE->getNumArgs() < 1)
    return true;
  std::optional<AccessPath> P = PB.pointeeOf(CE->getArg(0));
  if (!P)
    return true;
  SourceLocation At = accessLoc(CE->getArg(0));
  if (!N.starts_with("__sync_lock_release"))
    emitPathAccess(ir::InstrKind::Read, *P, /*Atomic=*/true, At);
  emitPathAccess(ir::InstrKind::Write, std::move(*P), /*Atomic=*/true, At);
  return true;
}

void FunctionLowerer::lowerAtomic(const AtomicExpr *AE) {
  std::optional<AccessPath> P = PB.pointeeOf(AE->getPtr());
  if (!P)
    return;
  SourceLocation At = accessLoc(AE->getPtr());
  bool Load = false, Store = false;
  switch (AE->getOp()) {
  case AtomicExpr::AO__c11_atomic_load:
  case AtomicExpr::AO__atomic_load:
  case AtomicExpr::AO__atomic_load_n:
  case AtomicExpr::AO__opencl_atomic_load:
  case AtomicExpr::AO__hip_atomic_load:
  case AtomicExpr::AO__scoped_atomic_load:
  case AtomicExpr::AO__scoped_atomic_load_n:
    Load = true;
    break;
  case AtomicExpr::AO__c11_atomic_init:
  case AtomicExpr::AO__opencl_atomic_init:
  case AtomicExpr::AO__c11_atomic_store:
  case AtomicExpr::AO__atomic_store:
  case AtomicExpr::AO__atomic_store_n:
  case AtomicExpr::AO__opencl_atomic_store:
  case AtomicExpr::AO__hip_atomic_store:
  case AtomicExpr::AO__scoped_atomic_store:
  case AtomicExpr::AO__scoped_atomic_store_n:
    Store = true;
    break;
  default:
    Load = Store = true; // read-modify-write
    break;
  }
  if (Load)
    emitPathAccess(ir::InstrKind::Read, *P, /*Atomic=*/true, At);
  if (Store)
    emitPathAccess(ir::InstrKind::Write, std::move(*P), /*Atomic=*/true, At);
}

void FunctionLowerer::lowerCall(const CallExpr *CE) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (Callee) {
    if (isPassThroughCallee(Callee))
      return;
    if (Callee->getBuiltinID() && lowerSyncBuiltin(CE, Callee))
      return;
  }
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Callee);
  bool MemberOperator = isa<CXXOperatorCallExpr>(CE) && MD &&
                        MD->isImplicitObjectMemberFunction();

  // Receiver.
  std::optional<Operand> Recv;
  std::string RecvType, ElementType;
  unsigned FirstArg = 0;
  const Expr *RecvExpr = nullptr;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
    const Expr *Obj = MCE->getImplicitObjectArgument();
    bool Arrow = false;
    const Expr *Callee = MCE->getCallee()->IgnoreParens();
    if (const auto *ME = dyn_cast<MemberExpr>(Callee))
      Arrow = ME->isArrow();
    else if (const auto *BO = dyn_cast<BinaryOperator>(Callee))
      Arrow = BO->getOpcode() == BO_PtrMemI;
    if (Obj) {
      RecvExpr = Obj;
      Recv = Arrow ? PB.operandOfPointer(Obj) : PB.operandOfLValue(Obj);
      QualType ObjType =
          Arrow ? Obj->getType()->getPointeeType() : Obj->getType();
      RecvType = objectTypeName(ObjType);
      ElementType = stdElementTypeName(ObjType);
    } else {
      Recv = Operand::unknown();
    }
  } else if (MemberOperator && CE->getNumArgs() >= 1) {
    RecvExpr = CE->getArg(0);
    Recv = PB.operandOfLValue(RecvExpr);
    RecvType = objectTypeName(RecvExpr->getType());
    FirstArg = 1;
  }

  // Compiler-provided copy/move assignment: a write of the destination and a
  // read of the source, no call.
  if (MD && RecvExpr &&
      (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()) &&
      (MD->isTrivial() || MD->isImplicit() || MD->isDefaulted()) &&
      CE->getNumArgs() > FirstArg) {
    if (!MD->getParent()->isEmpty()) {
      bool Arrow = Recv && RecvExpr->getType()->isPointerType();
      if (Arrow) {
        if (std::optional<AccessPath> P = PB.pointeeOf(RecvExpr))
          if (hasDeref(*P) || P->Root == ir::RootKind::Global)
            emitPathAccess(ir::InstrKind::Write, std::move(*P), false,
                           CE->getExprLoc());
      } else {
        emitAccess(ir::InstrKind::Write, RecvExpr, false, accessLoc(RecvExpr));
      }
      emitAccess(ir::InstrKind::Read, CE->getArg(FirstArg));
    }
    return;
  }

  ir::CallInfo C = callTo(Callee);
  C.ElementType = std::move(ElementType);
  SourceLocation At = CE->getExprLoc();
  if (Recv) {
    if (Callee && isLambdaCallOperator(Callee)) {
      // The lambda's formal 0 is the captured `this`: known only for lambdas
      // created in this function. Such a call is located at the lambda, where
      // its body (and so any access reported through it) is written.
      std::string ThisType;
      const LambdaExpr *LE = localLambdaOf(RecvExpr);
      Recv = LE ? lambdaReceiver(LE, ThisType) : Operand::unknown();
      if (LE)
        At = LE->getBeginLoc();
    }
    C.Args.push_back(std::move(*Recv));
    C.ArgTypes.push_back(std::move(RecvType));
  }
  if (CE->getNumArgs() > FirstArg)
    lowerArgs(C, llvm::ArrayRef<const Expr *>(CE->getArgs() + FirstArg,
                                              CE->getNumArgs() - FirstArg));
  if (Callee && isLambdaCallOperator(Callee)) {
    // The lambda's capture formals follow its parameters.
    const LambdaExpr *LE = RecvExpr ? localLambdaOf(RecvExpr) : nullptr;
    std::vector<Operand> Captures;
    if (LE)
      Captures = PB.captureActuals(LE);
    for (const Operand &Cap : Captures) {
      C.Args.push_back(Cap);
      C.ArgTypes.push_back("");
    }
  }
  auto RIt = CallResults.find(CE);
  if (RIt != CallResults.end())
    C.ResultLocal = int32_t(RIt->second);
  if (const VarDecl *VD = ScalarResults.lookup(CE))
    CallOfLocalInBlock[VD] = int32_t(Cur->Instrs.size());
  emitCall(std::move(C), At, CE);
}

void FunctionLowerer::lowerConstruct(const CXXConstructExpr *CE) {
  if (CE->isElidable())
    return; // the elided copy's source is constructed in place
  const CXXConstructorDecl *Ctor = CE->getConstructor();
  if (!Ctor)
    return;
  const CXXRecordDecl *RD = Ctor->getParent();
  if (Ctor->isDefaultConstructor() && Ctor->isTrivial())
    return;
  if (Ctor->isCopyOrMoveConstructor() &&
      (Ctor->isTrivial() || Ctor->isImplicit() || Ctor->isDefaulted())) {
    if (!RD->isEmpty() && CE->getNumArgs() >= 1)
      emitAccess(ir::InstrKind::Read, CE->getArg(0));
    return;
  }
  ir::CallInfo C = callTo(Ctor);
  auto It = CtorTargets.find(CE);
  C.Args.push_back(It != CtorTargets.end() ? It->second : Operand::fresh());
  C.ArgTypes.push_back(objectTypeName(CE->getType()));
  lowerArgs(C, llvm::ArrayRef<const Expr *>(CE->getArgs(), CE->getNumArgs()));
  emitCall(std::move(C), CE->getLocation(), CE);
}

void FunctionLowerer::lowerVarDecl(const VarDecl *VD) {
  if (!isBindableLocal(VD))
    return;
  uint32_t Id = localId(VD);
  const Expr *Init = VD->getInit();
  if (!Init)
    return;
  if (const CallExpr *RC = resultCallOf(Init)) {
    auto It = CallResults.find(RC);
    if (It != CallResults.end() && It->second == Id)
      return;
  }
  const Expr *E = stripWrappers(Init);
  if (const auto *IL = dyn_cast<InitListExpr>(E); IL && IL->getNumInits() == 1)
    E = IL->getInit(0);
  Operand V = VD->getType()->isReferenceType() ? PB.operandOfLValue(E)
                                               : PB.operandOfPointer(E);
  emitBind(Id, std::move(V), VD->getLocation());
}

void FunctionLowerer::lowerReturn(const ReturnStmt *RS) {
  const Expr *RV = RS->getRetValue();
  if (!RV)
    return;
  QualType RT = FD->getReturnType();
  Operand V;
  if (RT->isPointerType())
    V = PB.operandOfPointer(RV);
  else if (RT->isReferenceType())
    V = PB.operandOfLValue(RV);
  else
    return;
  ir::Instr I;
  I.Kind = ir::InstrKind::Return;
  I.Value = std::move(V);
  I.Location = at(RS->getReturnLoc());
  Cur->Instrs.push_back(std::move(I));
}

Operand FunctionLowerer::lambdaReceiver(const LambdaExpr *LE,
                                        std::string &Type) {
  bool CapturesThis = false, CopiesThis = false;
  for (const LambdaCapture &Cap : LE->captures())
    if (Cap.capturesThis()) {
      CapturesThis = true;
      CopiesThis = Cap.getCaptureKind() == LCK_StarThis;
    }
  if (!CapturesThis || !PB.hasThis())
    return Operand::unknown();
  Type = enclosingClassName(FD);
  return CopiesThis ? Operand::fresh() : Operand::object(thisObject());
}

const LambdaExpr *FunctionLowerer::localLambdaOf(const Expr *Closure) const {
  const Expr *E = stripClosure(Closure);
  if (const auto *LE = dyn_cast_or_null<LambdaExpr>(E))
    return LE;
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      return LambdaVars.lookup(VD);
  return nullptr;
}

/// A lambda's body is attributed to the function that creates it (a call at
/// the LambdaExpr), unless it is only invoked here: then to each invocation
/// (so locks held there apply), still located at the LambdaExpr.
void FunctionLowerer::lowerLambda(const LambdaExpr *LE) {
  if (InvokedOnlyHere.count(LE))
    return;
  std::string RecvType;
  Operand Recv = lambdaReceiver(LE, RecvType);
  const CXXMethodDecl *Op = LE->getCallOperator();
  std::vector<const FunctionDecl *> Ops;
  if (const FunctionTemplateDecl *FTD = Op->getDescribedFunctionTemplate()) {
    for (const FunctionDecl *Spec : FTD->specializations())
      Ops.push_back(Spec);
  } else {
    Ops.push_back(Op);
  }
  std::vector<Operand> Captures = PB.captureActuals(LE);
  for (const FunctionDecl *O : Ops) {
    ir::CallInfo C = callTo(O);
    C.Args.push_back(Recv);
    C.ArgTypes.push_back(RecvType);
    for (unsigned P = 0; P < O->getNumParams(); ++P) {
      C.Args.push_back(Operand::unknown());
      C.ArgTypes.push_back("");
    }
    for (const Operand &Cap : Captures) {
      C.Args.push_back(Cap);
      C.ArgTypes.push_back("");
    }
    emitCall(std::move(C), LE->getBeginLoc(), nullptr);
  }
}

void FunctionLowerer::lowerArgs(ir::CallInfo &C,
                                llvm::ArrayRef<const Expr *> Args) {
  for (size_t I = 0; I < Args.size(); ++I) {
    const Expr *A = Args[I];
    if (std::optional<ir::CallableArg> CA = callableOf(A)) {
      CA->Arg = static_cast<uint32_t>(C.Args.size());
      for (size_t J = I + 1; J < Args.size(); ++J)
        CA->DecayedArgs.push_back(PB.operandOfDecayCopy(Args[J]));
      C.Callables.push_back(std::move(*CA));
    }
    C.Args.push_back(PB.operandOfArg(A));
    C.ArgTypes.push_back(objectTypeName(stripWrappers(A)->getType()));
  }
}

std::optional<ir::CallableArg> FunctionLowerer::callableOf(const Expr *A) {
  const Expr *E = A;
  while (E) {
    E = stripClosure(E);
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E);
        ICE && (ICE->getCastKind() == CK_FunctionToPointerDecay ||
                ICE->getCastKind() == CK_NoOp)) {
      E = ICE->getSubExpr();
    } else if (const auto *UO = dyn_cast<UnaryOperator>(E);
               UO && UO->getOpcode() == UO_AddrOf) {
      E = UO->getSubExpr();
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
               CE && CE->getNumArgs() == 1 && CE->getConstructor() &&
               CE->getConstructor()->isCopyOrMoveConstructor()) {
      E = CE->getArg(0);
    } else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E)) {
      E = FC->getSubExpr();
    } else {
      break;
    }
  }
  if (!E)
    return std::nullopt;
  ir::CallableArg CA;
  // `worker`, `&worker`, `&Pool::run`.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *Fn = dyn_cast<FunctionDecl>(DRE->getDecl())) {
      CA.Callee = functionSymbol(Fn);
      CA.CalleeName = functionName(Fn);
      return CA;
    }
  }
  // A lambda, or a local holding one.
  if (const LambdaExpr *LE = localLambdaOf(E)) {
    const CXXMethodDecl *Op = LE->getCallOperator();
    const FunctionDecl *Target = Op;
    if (const FunctionTemplateDecl *FTD = Op->getDescribedFunctionTemplate()) {
      auto Specs = FTD->specializations();
      if (std::distance(Specs.begin(), Specs.end()) != 1)
        return std::nullopt;
      Target = *Specs.begin();
    }
    std::string RecvType;
    CA.Callee = functionSymbol(Target);
    CA.CalleeName = functionName(Target);
    CA.HasReceiver = true;
    CA.Receiver = lambdaReceiver(LE, RecvType);
    CA.NumParams = Target->getNumParams();
    CA.Captures = PB.captureActuals(LE);
    return CA;
  }
  // A functor: an object whose class has one operator().
  const CXXRecordDecl *RD = E->getType()->getAsCXXRecordDecl();
  if (!RD || RD->isLambda() || !RD->hasDefinition())
    return std::nullopt;
  const CXXMethodDecl *Call = nullptr;
  for (const CXXMethodDecl *M : RD->methods())
    if (M->getOverloadedOperator() == OO_Call) {
      if (Call)
        return std::nullopt; // overloaded: which one runs is unclear
      Call = M;
    }
  if (!Call || Call->isStatic())
    return std::nullopt;
  CA.Callee = functionSymbol(Call);
  CA.CalleeName = functionName(Call);
  CA.HasReceiver = true;
  CA.Receiver = PB.operandOfArg(A);
  CA.NumParams = Call->getNumParams();
  return CA;
}

void FunctionLowerer::lowerInitializer(const CXXCtorInitializer *I) {
  const FieldDecl *Fld = I->getAnyMember();
  if (!Fld)
    return; // base/delegating: the constructor call is its own element
  if (ctorOf(I->getInit()))
    return; // class-type member: lowered as a constructor call
  SourceLocation At = I->isWritten() ? I->getMemberLocation() : SourceLocation();
  if (At.isInvalid())
    At = Fld->getLocation();
  emitPathAccess(ir::InstrKind::Write,
                 push(thisObject(), ir::StepKind::Field, fieldName(Fld)),
                 Fld->getType()->isAtomicType(), At);
}

} // namespace

ir::Function lowerFunction(const FunctionDecl *FD, FileTable &Files) {
  return FunctionLowerer(FD, Files).run();
}

} // namespace racer::frontend
