//===- FrontendAction.cpp - Run Clang on one TU and lower it to IR --------===//
//
// analyzeTU: clean the job's command line (gcc or clang), run Clang's driver
// and a syntax-only frontend through tooling::ToolInvocation on a private
// file system (its own working directory, so several TUs can be analysed on
// several threads at once), then lower every function defined outside system
// headers. analyzeTU itself (the thread, crash recovery and time limit) is in
// Isolation.cpp.
//===----------------------------------------------------------------------===//
#include "frontend/BodyClaims.h"
#include "frontend/EventLoops.h"
#include "frontend/Frontend.h"
#include "frontend/FunctionPointers.h"
#include "frontend/IRBuilder.h"
#include "frontend/ModeAsserts.h"
#include "frontend/InstantiationFilter.h"
#include "frontend/Isolation.h"
#include "frontend/PathBuilder.h"
#include "frontend/ResourceDir.h"
#include "frontend/SymbolNames.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticDriver.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Stack.h"
#include "clang/Driver/Compilation.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Options.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/TargetParser/Host.h"

#include <set>
#include <chrono>

using namespace clang;

namespace racer::frontend {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point T) {
  return std::chrono::duration<double>(Clock::now() - T).count();
}

std::string normalizePath(llvm::StringRef Path, llvm::StringRef Dir) {
  llvm::SmallString<256> P(Path);
  if (!llvm::sys::path::is_absolute(P)) {
    llvm::SmallString<256> Abs(Dir);
    llvm::sys::path::append(Abs, P);
    P = Abs;
  }
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

//===----------------------------------------------------------------------===//
// Command line cleaning
//===----------------------------------------------------------------------===//

bool isCompilerWrapper(llvm::StringRef Argv0) {
  llvm::StringRef B = llvm::sys::path::filename(Argv0);
  return B == "ccache" || B == "sccache" || B == "distcc" || B == "icecc" ||
         B == "buildcache";
}

tooling::ArgumentsAdjuster stripOtherAdjuster() {
  return [](const tooling::CommandLineArguments &Args, llvm::StringRef) {
    tooling::CommandLineArguments Out;
    for (size_t I = 0; I < Args.size(); ++I) {
      llvm::StringRef A = Args[I];
      if (I > 0 && (A.starts_with("-fplugin=") ||
                    A.starts_with("-fplugin-arg-") ||
                    A.starts_with("-fpass-plugin=") ||
                    A.starts_with("-resource-dir=") ||
                    A.starts_with("-fdiagnostics-color") ||
                    A == "-fcolor-diagnostics"))
        continue;
      if (I > 0 && A == "-resource-dir") {
        ++I;
        continue;
      }
      Out.push_back(Args[I]);
    }
    return Out;
  };
}

/// Options that make the compiler write (or load) files even with
/// -fsyntax-only: dependency files, serialized diagnostics, header include
/// lists, module caches and outputs, time traces, statistics, saved temps,
/// plugins. A compile database is untrusted input: they are all dropped,
/// given directly or through -Xclang / -Wp,. Each entry is a flag, or, when
/// it ends in '=', a prefix of a joined flag.
constexpr llvm::StringLiteral FileWritingFlags[] = {
    "-M", "-MM", "-MD", "-MMD", "-MG", "-MP", "-H", "-fmodules",
    "-fcxx-modules", "-fmodules-cache-path=", "-fmodule-output",
    "-fmodule-output=", "-ftime-trace", "-ftime-trace=", "-ftime-report",
    "-ftime-report=", "-save-temps", "-save-temps=", "-save-stats",
    "-save-stats=", "-fsave-optimization-record",
    "-fsave-optimization-record=", "-foptimization-record-file=",
    "-fproc-stat-report", "-fproc-stat-report=", "-fcrash-diagnostics-dir=",
    "--serialize-diagnostics=", "-stats-file=", "-print-stats",
    "-dependency-file=", "-header-include-file=", "-MF", "-MT", "-MQ",
    "-MJ",
};
/// The same, with their value in the next argument.
constexpr llvm::StringLiteral FileWritingFlagsWithArg[] = {
    "-MF", "-MT", "-MQ", "-MJ", "--serialize-diagnostics", "-dependency-file",
    "-dependency-dot", "-header-include-file", "-module-dependency-dir",
    "-serialize-diagnostic-file", "-diagnostic-log-file", "-load", "-plugin",
    "-add-plugin", "-fmodules-cache-path", "-o",
};

bool writesFiles(llvm::StringRef A) {
  for (llvm::StringRef F : FileWritingFlags) {
    if (A == F)
      return true;
    if (F.ends_with("=") && A.starts_with(F))
      return true;
  }
  // Joined -MF<file>, -MT<target>, -MQ<target>, -MJ<file> (a compile
  // database fragment); -Wp,-MD,<file> and friends.
  for (llvm::StringRef F : {"-MF", "-MT", "-MQ", "-MJ"})
    if (A.starts_with(F))
      return true;
  return A.starts_with("-Wp,") && A.contains(",-M");
}

bool writesFilesWithArg(llvm::StringRef A) {
  return llvm::is_contained(FileWritingFlagsWithArg, A);
}

tooling::ArgumentsAdjuster stripFileWritingAdjuster() {
  return [](const tooling::CommandLineArguments &Args, llvm::StringRef) {
    tooling::CommandLineArguments Out;
    for (size_t I = 0; I < Args.size(); ++I) {
      llvm::StringRef A = Args[I];
      if (I == 0) {
        Out.push_back(Args[I]);
        continue;
      }
      if ((A == "-Xclang" || A == "-Xpreprocessor") && I + 1 < Args.size()) {
        llvm::StringRef V = Args[I + 1];
        if (writesFilesWithArg(V)) {
          I += 1;
          // Its value, passed the same way.
          if (I + 2 < Args.size() && Args[I + 1] == A)
            I += 2;
          continue;
        }
        if (writesFiles(V)) {
          I += 1;
          continue;
        }
        Out.push_back(Args[I]);
        Out.push_back(Args[I + 1]);
        ++I;
        continue;
      }
      if (writesFilesWithArg(A)) {
        ++I; // and its value
        continue;
      }
      if (writesFiles(A))
        continue;
      Out.push_back(Args[I]);
    }
    return Out;
  };
}

/// Records the driver's errors and the option strings they name.
class DriverErrorCollector : public DiagnosticConsumer {
public:
  void HandleDiagnostic(DiagnosticsEngine::Level L,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(L, Info);
    if (L < DiagnosticsEngine::Error)
      return;
    if (Info.getID() == diag::err_drv_no_input_files)
      NoInputs = true;
    for (unsigned I = 0; I < Info.getNumArgs(); ++I) {
      std::string S;
      if (Info.getArgKind(I) == DiagnosticsEngine::ak_std_string)
        S = Info.getArgStdStr(I);
      else if (Info.getArgKind(I) == DiagnosticsEngine::ak_c_string)
        S = Info.getArgCStr(I);
      if (llvm::StringRef(S).starts_with("-"))
        Options.push_back(S);
    }
  }
  std::vector<std::string> Options;
  bool NoInputs = false;
};

/// Drops options Clang's driver rejects (gcc-only flags such as
/// -fconserve-stack or -mindirect-branch=, options unsupported for the
/// target), and extra input files. Runs the driver itself, cheaply, up to a
/// few times.
void removeRejectedArgs(std::vector<std::string> &Args,
                        llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                        const std::string &MainFile) {
  for (int Round = 0; Round < 6; ++Round) {
    DriverErrorCollector Collector;
    llvm::IntrusiveRefCntPtr<DiagnosticOptions> DO(new DiagnosticOptions);
    DiagnosticsEngine Diags(
        llvm::IntrusiveRefCntPtr<DiagnosticIDs>(new DiagnosticIDs), &*DO,
        &Collector, /*ShouldOwnClient=*/false);
    driver::Driver D(Args[0], llvm::sys::getDefaultTargetTriple(), Diags,
                     "racecar", FS);
    D.setCheckInputsExist(false);
    std::vector<const char *> Argv;
    for (const std::string &A : Args)
      Argv.push_back(A.c_str());
    std::unique_ptr<driver::Compilation> C(D.BuildCompilation(Argv));
    if (Collector.getNumErrors() == 0) {
      if (!C)
        return;
      // Keep exactly one input: the job's file.
      std::vector<std::pair<unsigned, std::string>> Inputs;
      for (const llvm::opt::Arg *A :
           C->getArgs().filtered(driver::options::OPT_INPUT))
        Inputs.push_back({A->getIndex() + 1, A->getValue()});
      if (Inputs.empty()) {
        Args.push_back(MainFile);
        return;
      }
      if (Inputs.size() == 1)
        return;
      std::string Cwd;
      if (auto W = FS->getCurrentWorkingDirectory())
        Cwd = *W;
      bool HasMain = false;
      for (auto &In : Inputs)
        HasMain |= normalizePath(In.second, Cwd) == MainFile;
      if (!HasMain)
        return;
      llvm::DenseSet<unsigned> Drop;
      for (auto &In : Inputs)
        if (normalizePath(In.second, Cwd) != MainFile &&
            In.first < Args.size() && Args[In.first] == In.second)
          Drop.insert(In.first);
      std::vector<std::string> Out;
      for (unsigned I = 0; I < Args.size(); ++I)
        if (!Drop.count(I))
          Out.push_back(Args[I]);
      Args = std::move(Out);
      return;
    }
    if (Collector.NoInputs) {
      Args.push_back(MainFile);
      continue;
    }
    size_t Before = Args.size();
    std::vector<std::string> Out{Args[0]};
    for (size_t I = 1; I < Args.size(); ++I) {
      llvm::StringRef A = Args[I];
      bool Bad = false;
      for (const std::string &O : Collector.Options) {
        llvm::StringRef S = O;
        if (A == S || (S.ends_with("=") && A.starts_with(S)) ||
            (A.starts_with(S) && A.substr(S.size()).starts_with("=")))
          Bad = true;
      }
      if (!Bad || A == MainFile)
        Out.push_back(Args[I]);
    }
    Args = std::move(Out);
    if (Args.size() == Before)
      return; // nothing we can fix; Clang will report the errors
  }
}

/// Clang's driver looks for the GCC installation (libstdc++) next to its
/// argv[0]; a bare name ("g++", "clang++") is resolved through PATH, else
/// taken from Clang's own bin directory. The driver mode still comes from the
/// name (g++/c++/clang++: C++; gcc/cc/clang: by file extension).
std::string resolveCompiler(const std::string &Argv0, const std::string &Dir) {
  if (llvm::sys::path::has_parent_path(Argv0))
    return normalizePath(Argv0, Dir);
  if (llvm::ErrorOr<std::string> P = llvm::sys::findProgramByName(Argv0))
    return *P;
  llvm::SmallString<256> R(clangResourceDir());
  llvm::sys::path::append(R, "../../..", "bin", Argv0);
  llvm::sys::path::remove_dots(R, /*remove_dot_dot=*/true);
  return std::string(R);
}

std::vector<std::string> buildCommandLine(
    const TUJob &Job, const FrontendOptions &Opts, const std::string &MainFile,
    const std::string &Dir, llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS) {
  std::vector<std::string> Args = Job.CommandLine;
  while (Args.size() > 1 && isCompilerWrapper(Args[0]))
    Args.erase(Args.begin());
  if (Args.empty()) {
    Args.push_back(llvm::StringRef(MainFile).ends_with(".c") ? "clang"
                                                             : "clang++");
    Args.push_back(MainFile);
  }
  Args[0] = resolveCompiler(Args[0], Dir);
  tooling::ArgumentsAdjuster Adjust = tooling::combineAdjusters(
      tooling::getClangStripOutputAdjuster(),
      tooling::combineAdjusters(
          tooling::getClangSyntaxOnlyAdjuster(),
          tooling::combineAdjusters(
              tooling::getClangStripDependencyFileAdjuster(),
              tooling::combineAdjusters(
                  tooling::getStripPluginsAdjuster(),
                  tooling::combineAdjusters(stripFileWritingAdjuster(),
                                            stripOtherAdjuster())))));
  Args = Adjust(Args, MainFile);
  std::vector<std::string> Extra = {
      std::string("-resource-dir=") + clangResourceDir(),
      "-Wno-unknown-warning-option", "-Qunused-arguments", "-w",
      "-fno-color-diagnostics"};
  Extra.insert(Extra.end(), Opts.ExtraArgs.begin(), Opts.ExtraArgs.end());
  Args = tooling::getInsertArgumentAdjuster(
      Extra, tooling::ArgumentInsertPosition::END)(Args, MainFile);
  removeRejectedArgs(Args, FS, MainFile);
  return Args;
}

//===----------------------------------------------------------------------===//
// Diagnostics: errors (and their notes) only
//===----------------------------------------------------------------------===//

class ErrorPrinter : public DiagnosticConsumer {
public:
  explicit ErrorPrinter(DiagnosticOptions *DO)
      : OS(Text), Printer(OS, DO) {}

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Printer.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Printer.EndSourceFile(); }
  // The base class's counters are deliberately not updated: Clang prints
  // "N errors generated." to stderr from them. Errors are counted here.
  void HandleDiagnostic(DiagnosticsEngine::Level L,
                        const Diagnostic &Info) override {
    if (L >= DiagnosticsEngine::Error) {
      ++Errors;
      LastWasError = true;
      Printer.HandleDiagnostic(L, Info);
    } else if (L == DiagnosticsEngine::Note) {
      if (LastWasError)
        Printer.HandleDiagnostic(L, Info);
    } else {
      LastWasError = false;
    }
  }
  std::string take() {
    OS.flush();
    return std::move(Text);
  }
  unsigned errors() const { return Errors; }

private:
  unsigned Errors = 0;
  std::string Text;
  llvm::raw_string_ostream OS;
  TextDiagnosticPrinter Printer;
  bool LastWasError = false;
};

//===----------------------------------------------------------------------===//
// Collecting functions and classes
//===----------------------------------------------------------------------===//

bool isAnnotatedThreadSafe(const CXXRecordDecl *RD, int Depth = 0) {
  if (!RD || Depth > 16)
    return false;
  for (const AnnotateAttr *A : RD->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation() == "racecar_thread_safe")
      return true;
  const CXXRecordDecl *Def = RD->getDefinition();
  if (!Def)
    return false;
  for (const CXXBaseSpecifier &B : Def->bases())
    if (const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl())
      if (isAnnotatedThreadSafe(Base, Depth + 1))
        return true;
  return false;
}

class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(const SourceManager &SM, FileTable &Files) : SM(SM), Files(Files) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && inSystemHeader(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    consider(FD);
    return true;
  }

  // The globals whose address the TU takes (ir::Module::AddressTaken), in
  // C: `&g`, `&g.f[i]`, and an array `g` (or `g.a`) used as a pointer other
  // than as the base of a subscript. Visited before its operands, so a
  // subscript's base is known when its decay is.
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf)
      addressTaken(UO->getSubExpr());
    return true;
  }
  // Stores into global function pointers (ir::Module::
  // FunctionPointersAssigned): "pointer\tfunction" for a function's
  // address, the pointer alone for any other value.
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (!BO->isAssignmentOp())
      return true;
    FunctionPointers.assignment(BO);
    if (BO->getOpcode() == BO_Assign)
      recordEventLoopResult(BO->getLHS(), BO->getRHS(), FunctionPointers);
    const VarDecl *VD = lowering::storageVariableOf(BO->getLHS());
    if (!VD || !VD->hasGlobalStorage() ||
        !VD->getType()->isFunctionPointerType())
      return true;
    std::string Entry = variableSymbol(VD);
    const Expr *V = BO->getRHS()->IgnoreParenCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(V);
        UO && UO->getOpcode() == UO_AddrOf)
      V = UO->getSubExpr()->IgnoreParenCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(V);
        DRE && BO->getOpcode() == BO_Assign)
      if (const auto *Fn = dyn_cast<FunctionDecl>(DRE->getDecl()))
        Entry += "\t" + functionSymbol(Fn);
    FunctionPointersAssigned.push_back(std::move(Entry));
    return true;
  }
  // Functions stored into struct fields and globals by initializers
  // (ir::Module::FunctionPointerStores).
  bool VisitInitListExpr(InitListExpr *ILE) {
    FunctionPointers.initializer(ILE);
    return true;
  }
  // Callbacks handed to an event loop (frontend/EventLoops.h).
  bool VisitCallExpr(CallExpr *CE) {
    recordEventLoopCall(CE, FunctionPointers);
    FunctionPointers.callableStore(CE); // a thread pool's queue of tasks
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    FunctionPointers.variable(VD);
    // A local or global initialized by a call that returns an event.
    if (VD->getInit())
      recordEventLoopResult(nullptr, VD->getInit(), FunctionPointers);
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *AS) {
    SubscriptBases.insert(AS->getBase()->IgnoreParens());
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *AS) {
    for (const Expr *E : AS->outputs())
      addressTaken(E);
    for (const Expr *E : AS->inputs())
      addressTaken(E);
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *IC) {
    if (IC->getCastKind() == CK_ArrayToPointerDecay &&
        !SubscriptBases.contains(IC))
      addressTaken(IC->getSubExpr());
    return true;
  }

  bool VisitLambdaExpr(LambdaExpr *LE) {
    CXXMethodDecl *Op = LE->getCallOperator();
    if (FunctionTemplateDecl *FTD = Op->getDescribedFunctionTemplate()) {
      for (FunctionDecl *Spec : FTD->specializations())
        consider(Spec);
    } else {
      consider(Op);
    }
    return true;
  }

  bool VisitRecordDecl(RecordDecl *RD) {
    if (!RD->isThisDeclarationADefinition() || !RD->isCompleteDefinition() ||
        RD->isAnonymousStructOrUnion() || RD->isInvalidDecl())
      return true;
    const auto *CRD = dyn_cast<CXXRecordDecl>(RD);
    if (CRD && CRD->isLambda())
      return true;
    if (inSystemHeader(RD->getLocation()))
      return true;
    std::string Name = qualifiedName(RD);
    if (Name.empty() || llvm::StringRef(Name).ends_with("(anonymous)"))
      return true;
    auto [It, Inserted] = ClassIndex.try_emplace(Name, Classes.size());
    if (Inserted) {
      ir::ClassInfo CI;
      CI.Name = Name;
      CI.Location = Files.loc(RD->getLocation());
      Classes.push_back(std::move(CI));
    }
    ir::ClassInfo &CI = Classes[It->second];
    for (const FieldDecl *F : RD->fields())
      if (F->hasAttr<GuardedByAttr>() || F->hasAttr<PtGuardedByAttr>() ||
          F->hasAttr<GuardedVarAttr>() || F->hasAttr<PtGuardedVarAttr>())
        CI.HasGuardedFields = true;
    if (RD->hasAttr<CapabilityAttr>())
      CI.IsCapability = true;
    if (CRD ? isAnnotatedThreadSafe(CRD)
            : llvm::any_of(RD->specific_attrs<AnnotateAttr>(),
                           [](const AnnotateAttr *A) {
                             return A->getAnnotation() ==
                                    "racecar_thread_safe";
                           }))
      CI.MarkedThreadSafe = true;
    if (CRD && !CRD->isDependentContext())
      collectPublicBases(CRD, CI.Bases);
    // Its implicit destructor, if Sema defined it (the visitor does not
    // visit implicit members): it runs its members' destructors.
    if (CRD && CRD->hasDefinition())
      if (const CXXDestructorDecl *D = CRD->getDestructor();
          D && D->isImplicit())
        consider(D);
    return true;
  }

  /// The project classes \p RD derives from through public inheritance
  /// (its users call their public methods on it), sorted and unique.
  void collectPublicBases(const CXXRecordDecl *RD,
                          std::vector<std::string> &Out) {
    for (const CXXBaseSpecifier &B : RD->bases()) {
      if (B.getAccessSpecifier() != AS_public)
        continue;
      const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl();
      if (!Base || !Base->hasDefinition() ||
          inSystemHeader(Base->getLocation()))
        continue;
      std::string Name = qualifiedName(Base);
      if (Name.empty() || llvm::is_contained(Out, Name))
        continue;
      Out.push_back(Name);
      collectPublicBases(Base->getDefinition(), Out);
    }
    llvm::sort(Out);
  }

  std::vector<const FunctionDecl *> Functions;
  std::vector<ir::ClassInfo> Classes;
  std::vector<std::string> AddressTaken; // unsorted, may repeat
  std::vector<std::string> FunctionPointersAssigned;
  FunctionPointerStores FunctionPointers;

private:
  /// The global variable whose storage an lvalue lies in, if any: its
  /// address is taken.
  void addressTaken(const Expr *E) {
    const VarDecl *VD = lowering::storageVariableOf(E);
    if (!VD)
      return;
    if (VD->getTLSKind() != VarDecl::TLS_None)
      AddressTaken.push_back(ir::ThreadLocalAddress);
    else if (VD->hasGlobalStorage()) {
      AddressTaken.push_back(variableSymbol(VD));
      FunctionPointers.escaped(VD);
    }
  }

  llvm::DenseSet<const Expr *> SubscriptBases;

  bool inSystemHeader(SourceLocation L) const {
    return L.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(L));
  }

  void consider(const FunctionDecl *FD) {
    if (!FD || !FD->doesThisDeclarationHaveABody() || !FD->getBody())
      return;
    bool Lambda = isLambdaCallOperator(FD);
    // An implicit or defaulted destructor that Sema defined runs its
    // members' destructors (a std::jthread member's join).
    const bool ImplicitDtor =
        isa<CXXDestructorDecl>(FD) && (FD->isImplicit() || FD->isDefaulted());
    if ((FD->isImplicit() && !Lambda && !ImplicitDtor) ||
        (FD->isDefaulted() && !ImplicitDtor) || FD->isDeleted() ||
        FD->isInvalidDecl() || FD->isDependentContext() || FD->isConsteval())
      return;
    if (inSystemHeader(FD->getLocation()))
      return;
    if (Seen.insert(FD).second)
      Functions.push_back(FD);
  }

  const SourceManager &SM;
  FileTable &Files;
  llvm::DenseSet<const FunctionDecl *> Seen;
  llvm::StringMap<size_t> ClassIndex;
};

//===----------------------------------------------------------------------===//
// The frontend action
//===----------------------------------------------------------------------===//

struct RunState {
  std::string MainFile;
  bool SkipSystemBodies = true;
  /// Project-header bodies lowered by an earlier TU are skipped (with
  /// SkipSystemBodies); the skipped ones are recorded.
  BodyClaims *Claims = nullptr;
  uint32_t Order = 0;
  std::vector<std::string> Skipped;
  TUResult *Result = nullptr;
  Clock::time_point Start;
  std::unique_ptr<FileTable> Files;
  /// Include candidates looked for and not found (FileRecorder).
  std::set<std::string> Absent;
  bool Lowered = false;
};

/// Records the files the TU reads (its inputs), and the files it looked for
/// and did not find: for an `#include` or `__has_include` in a project file,
/// each candidate on the search path before the one found (all of them if
/// none was). If one appears, the TU reads another file: `-Iinc1 -Iinc2`
/// and a new `inc1/box.h` shadowing `inc2/box.h`. Candidates in system
/// directories are not recorded (system headers are not inputs either).
class FileRecorder : public PPCallbacks {
public:
  FileRecorder(const SourceManager &SM, const HeaderSearch &HS,
               FileTable &Files, std::set<std::string> &Absent)
      : SM(SM), HS(HS), FS(SM.getFileManager().getVirtualFileSystem()),
        Files(Files), Absent(Absent) {}
  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind FileType,
                   FileID PrevFID) override {
    if (Reason != EnterFile || SrcMgr::isSystem(FileType) || Loc.isInvalid())
      return;
    Files.fileIndex(SM.getFileID(SM.getExpansionLoc(Loc)));
  }
  void InclusionDirective(SourceLocation HashLoc, const Token &,
                          StringRef FileName, bool IsAngled,
                          CharSourceRange, OptionalFileEntryRef, StringRef,
                          StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    recordSearch(HashLoc, FileName, IsAngled);
  }
  void HasInclude(SourceLocation Loc, StringRef FileName, bool IsAngled,
                  OptionalFileEntryRef, SrcMgr::CharacteristicKind) override {
    recordSearch(Loc, FileName, IsAngled);
  }

private:
  /// Walks the search Clang does for \p FileName from \p Loc's file,
  /// recording each project-directory candidate that is not a regular file,
  /// up to the first that is (the one Clang took).
  void recordSearch(SourceLocation Loc, StringRef FileName, bool IsAngled) {
    if (Loc.isInvalid() || FileName.empty() ||
        llvm::sys::path::is_absolute(FileName) ||
        SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
      return;
    // Quoted includes look beside the including file first.
    if (!IsAngled) {
      OptionalFileEntryRef Includer =
          SM.getFileEntryRefForID(SM.getFileID(SM.getExpansionLoc(Loc)));
      if (Includer && candidate(llvm::sys::path::parent_path(
                                    Includer->getName()),
                                FileName, /*User=*/true))
        return;
    }
    auto Dirs = IsAngled ? ConstSearchDirRange(HS.angled_dir_begin(),
                                               HS.search_dir_end())
                         : HS.search_dir_range();
    for (const DirectoryLookup &D : Dirs)
      if (D.isNormalDir() &&
          candidate(D.getName(), FileName, !D.isSystemHeaderDirectory()))
        return;
  }
  /// Whether Dir/FileName is a file; if not and \p User, records it. (The
  /// FileManager's stat cache answers: Clang looked there already.)
  bool candidate(StringRef Dir, StringRef FileName, bool User) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, FileName);
    if (SM.getFileManager().getOptionalFileRef(P, /*OpenFile=*/false))
      return true;
    if (User && !FS.makeAbsolute(P)) {
      llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
      Absent.insert(std::string(P));
    }
    return false;
  }

  const SourceManager &SM;
  const HeaderSearch &HS;
  llvm::vfs::FileSystem &FS;
  FileTable &Files;
  std::set<std::string> &Absent;
};

class LoweringConsumer : public SemaConsumer {
public:
  LoweringConsumer(RunState &S, const SourceManager &SM) : S(S), SM(SM) {}

  /// With SkipSystemBodies, library function templates are instantiated
  /// only where that may instantiate project code (InstantiationFilter.h).
  void InitializeSema(Sema &Sema) override {
    if (S.SkipSystemBodies)
      Filter.emplace(Sema, SM);
  }
  void ForgetSema() override { Filter.reset(); }
  bool HandleTopLevelDecl(DeclGroupRef) override {
    if (Filter)
      Filter->dropLibraryOnly();
    return true;
  }

  /// Called by the parser (FrontendOptions::SkipFunctionBodies) for every
  /// function body: skip those in system headers. Sema still parses bodies
  /// it needs (constexpr functions, deduced return types). Templates are
  /// kept: instantiating one can instantiate user code (a generic lambda
  /// passed to std::for_each only exists once for_each is instantiated).
  ///
  /// With BodyClaims, also those of project headers (not the main file) that
  /// a TU earlier in main-file order lowers; not templates (each TU's
  /// instantiations are its own), and Sema never offers constexpr functions
  /// or deduced return types.
  bool shouldSkipFunctionBody(Decl *D) override {
    if (!S.SkipSystemBodies || !D || D->isTemplated())
      return false;
    SourceLocation L = SM.getExpansionLoc(D->getLocation());
    if (SM.isInSystemHeader(L))
      return true;
    if (!S.Claims || SM.isInMainFile(L))
      return false;
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD || isLambdaCallOperator(FD))
      return false;
    std::string Symbol = functionSymbol(FD);
    if (Symbol.empty() || !S.Claims->skip(Symbol, S.Order))
      return false;
    S.Skipped.push_back(std::move(Symbol));
    return true;
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    S.Result->ParseSeconds = secondsSince(S.Start);
    if (Filter) {
      S.Result->LibraryInstantiationsDropped = Filter->dropped();
      S.Result->LibraryInstantiationsKept = Filter->keptLibrary();
    }
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    Clock::time_point T0 = Clock::now();
    ir::Module &M = S.Result->Module;
    Collector C(Ctx.getSourceManager(), *S.Files);
    C.TraverseDecl(Ctx.getTranslationUnitDecl());
    M.Functions.reserve(C.Functions.size());
    std::vector<std::string> ResolvedThrough;
    ModeAsserts Modes;
    for (const FunctionDecl *FD : C.Functions)
      M.Functions.push_back(
          lowerFunction(FD, *S.Files, &ResolvedThrough, &Modes));
    M.Classes = std::move(C.Classes);
    // In C, `&` and array decay are the only ways to an object's address;
    // C++ has references and `this` too: not tracked.
    M.AddressesUnknown = Ctx.getLangOpts().CPlusPlus;
    auto SortedUnique = [](std::vector<std::string> V) {
      std::sort(V.begin(), V.end());
      V.erase(std::unique(V.begin(), V.end()), V.end());
      return V;
    };
    if (!M.AddressesUnknown) {
      M.AddressTaken = SortedUnique(std::move(C.AddressTaken));
      M.FunctionPointersCalled = SortedUnique(std::move(ResolvedThrough));
      M.FunctionPointersAssigned =
          SortedUnique(std::move(C.FunctionPointersAssigned));
    }
    M.FunctionPointerStores = C.FunctionPointers.take();
    std::sort(S.Skipped.begin(), S.Skipped.end());
    S.Skipped.erase(std::unique(S.Skipped.begin(), S.Skipped.end()),
                    S.Skipped.end());
    M.SkippedBodies = std::move(S.Skipped);
    S.Result->FileDigests = S.Files->contentDigests();
    S.Result->AbsentInputs.assign(S.Absent.begin(), S.Absent.end());
    S.Lowered = true;
    S.Result->LowerSeconds = secondsSince(T0);
  }

private:
  RunState &S;
  const SourceManager &SM;
  std::optional<InstantiationFilter> Filter;
};

class LoweringAction : public ASTFrontendAction {
public:
  explicit LoweringAction(RunState &S) : S(S) {}

protected:
  /// With SkipSystemBodies, the bodies of C++ templates are parsed when
  /// first instantiated (as -fdelayed-template-parsing does): with the
  /// InstantiationFilter, most library templates never are. Not with a
  /// precompiled header, whose language options must match.
  bool BeginInvocation(CompilerInstance &CI) override {
    LangOptions &LO = CI.getLangOpts();
    if (S.SkipSystemBodies && LO.CPlusPlus &&
        CI.getPreprocessorOpts().ImplicitPCHInclude.empty())
      LO.DelayedTemplateParsing = true;
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    S.Files = std::make_unique<FileTable>(
        CI.getSourceManager(), CI.getFileManager().getVirtualFileSystem(),
        S.MainFile);
    CI.getPreprocessor().addPPCallbacks(std::make_unique<FileRecorder>(
        CI.getSourceManager(), CI.getPreprocessor().getHeaderSearchInfo(),
        *S.Files, S.Absent));
    CI.getFrontendOpts().SkipFunctionBodies = S.SkipSystemBodies;
    return std::make_unique<LoweringConsumer>(S, CI.getSourceManager());
  }

private:
  RunState &S;
};

void analyzeTUImpl(const TUJob &Job, const FrontendOptions &Opts,
                   TUResult &R) {
  R.Failure = TUFailure::Errors;
  clang::noteBottomOfStack();
  RunState S;
  S.Result = &R;
  S.SkipSystemBodies = Opts.SkipSystemBodies;
  S.Claims = Opts.Claims.get();
  S.Order = Job.Order;
  S.Start = Clock::now();
  std::string Dir = Job.Directory;
  if (Dir.empty()) {
    llvm::SmallString<256> Cwd;
    llvm::sys::fs::current_path(Cwd);
    Dir = std::string(Cwd);
  }
  S.MainFile = normalizePath(Job.File, Dir);
  SymbolFileRoot SymbolPaths(Opts.PathRoot, Dir);

  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS(
      llvm::vfs::createPhysicalFileSystem().release());
  if (std::error_code EC = FS->setCurrentWorkingDirectory(Dir)) {
    R.Diagnostics = "error: cannot use working directory '" + Dir +
                    "': " + EC.message() + "\n";
    return;
  }
  std::vector<std::string> Args = buildCommandLine(Job, Opts, S.MainFile, Dir, FS);

  llvm::IntrusiveRefCntPtr<FileManager> Files(
      new FileManager(FileSystemOptions(), FS));
  llvm::IntrusiveRefCntPtr<DiagnosticOptions> DO(new DiagnosticOptions);
  DO->ShowColors = false;
  DO->IgnoreWarnings = true;
  ErrorPrinter Errors(&*DO);
  tooling::ToolInvocation Inv(Args, std::make_unique<LoweringAction>(S),
                              Files.get());
  Inv.setDiagnosticConsumer(&Errors);
  Inv.setDiagnosticOptions(&*DO);
  bool Ran = Inv.run();
  R.Diagnostics = Errors.take();
  if (!Ran || Errors.errors() > 0 || !S.Lowered) {
    R.Ok = false;
    R.Module = ir::Module();
    if (R.Diagnostics.empty())
      R.Diagnostics = "error: clang failed on '" + S.MainFile + "'\n";
    if (R.ParseSeconds == 0)
      R.ParseSeconds = secondsSince(S.Start);
    return;
  }
  R.Module.MainFile = S.MainFile;
  R.Module.Files = S.Files->takeFiles();
  R.Ok = true;
  R.Failure = TUFailure::None;
}

} // namespace

void analyzeTUUnguarded(const TUJob &Job, const FrontendOptions &Opts,
                       TUResult &R) {
  analyzeTUImpl(Job, Opts, R);
}

} // namespace racer::frontend
