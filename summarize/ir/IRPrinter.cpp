//===- IRPrinter.cpp - Stable text dump of racecar's IR --------------------===//
#include "summarize/ir/IRPrinter.h"

namespace racer::ir {

namespace {

llvm::StringRef unqualified(llvm::StringRef Name) {
  size_t Pos = Name.rfind("::");
  return Pos == llvm::StringRef::npos ? Name : Name.substr(Pos + 2);
}

std::string rootSpelling(const AccessPath &P) {
  if (!P.Spelling.empty())
    return P.Spelling;
  switch (P.Root) {
  case RootKind::Formal:
    return "formal" + std::to_string(P.Index);
  case RootKind::Local:
    return "local" + std::to_string(P.Index);
  case RootKind::Global:
    return P.Symbol;
  }
  return "?";
}

std::string printSteps(std::string S, llvm::ArrayRef<PathStep> Steps,
                       size_t End) {
  for (size_t I = 0; I < End; ++I) {
    const PathStep &St = Steps[I];
    switch (St.kind()) {
    case StepKind::Deref:
      if (I + 1 < End && Steps[I + 1].kind() == StepKind::Field) {
        S += "->";
        S += unqualified(Steps[I + 1].name()).str();
        ++I;
      } else {
        S = "*" + S;
        if (I + 1 < End && Steps[I + 1].kind() == StepKind::Index)
          S = "(" + S + ")";
      }
      break;
    case StepKind::Field:
      S += ".";
      S += unqualified(St.name()).str();
      break;
    case StepKind::Index:
      S += "[]";
      break;
    case StepKind::Elided:
      S += "->...";
      break;
    case StepKind::Walk:
      S += "->(walk)";
      break;
    case StepKind::Linked:
      S += "->(linked)";
      break;
    }
  }
  return S;
}

void printLoc(const Loc &L, llvm::raw_ostream &OS) {
  OS << " @" << L.File << ":" << L.Line << ":" << L.Col;
}

const char *kindName(FunctionKind K) {
  switch (K) {
  case FunctionKind::Free:
    return "free";
  case FunctionKind::Method:
    return "method";
  case FunctionKind::StaticMethod:
    return "static";
  case FunctionKind::Constructor:
    return "ctor";
  case FunctionKind::Destructor:
    return "dtor";
  case FunctionKind::Lambda:
    return "lambda";
  }
  return "?";
}

const char *accessName(AccessSpec A) {
  switch (A) {
  case AccessSpec::None:
    return "none";
  case AccessSpec::Public:
    return "public";
  case AccessSpec::Protected:
    return "protected";
  case AccessSpec::Private:
    return "private";
  }
  return "?";
}

} // namespace

std::string printPath(const AccessPath &P) {
  return printSteps(rootSpelling(P), P.Steps, P.Steps.size());
}

std::string printOperand(const Operand &O) {
  switch (O.K) {
  case Operand::Kind::Fresh:
    return "fresh";
  case Operand::Kind::Unknown:
    return "?";
  case Operand::Kind::Value:
    return "value(" + printPath(O.Path) + ")";
  case Operand::Kind::Object:
    break;
  }
  const AccessPath &P = O.Path;
  if (!P.Steps.empty() && P.Steps.back().kind() == StepKind::Deref)
    return printSteps(rootSpelling(P), P.Steps, P.Steps.size() - 1);
  return "&" + printPath(P);
}

std::string printEffect(const DeclaredLockEffect &E) {
  const char *K = "?";
  switch (E.K) {
  case DeclaredLockEffect::Kind::Acquire:
    K = "acquire";
    break;
  case DeclaredLockEffect::Kind::AcquireShared:
    K = "acquire_shared";
    break;
  case DeclaredLockEffect::Kind::Release:
    K = "release";
    break;
  case DeclaredLockEffect::Kind::TryAcquire:
    K = "try_acquire";
    break;
  case DeclaredLockEffect::Kind::Requires:
    K = "requires";
    break;
  case DeclaredLockEffect::Kind::RequiresShared:
    K = "requires_shared";
    break;
  case DeclaredLockEffect::Kind::Assert:
    K = "assert";
    break;
  case DeclaredLockEffect::Kind::AssertShared:
    K = "assert_shared";
    break;
  }
  return std::string(K) + "(" + printPath(E.Lock) + ")";
}

static std::string localName(uint32_t Id, const Function *F) {
  if (F && Id < F->Locals.size() && !F->Locals[Id].empty())
    return F->Locals[Id];
  return "local" + std::to_string(Id);
}

std::string printInstr(const Instr &I, const Function *F) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  switch (I.Kind) {
  case InstrKind::Read:
  case InstrKind::Write:
    OS << (I.Kind == InstrKind::Read ? "read " : "write ") << printPath(I.Path);
    if (I.Atomic)
      OS << " atomic";
    if (I.hasValue() && I.value().K != Operand::Kind::Unknown)
      OS << " = " << printOperand(I.value());
    if (I.Kind == InstrKind::Write && (I.Dest & StoresZero))
      OS << " = 0";
    if (I.Dest & WalksEveryElement)
      OS << " every-element";
    break;
  case InstrKind::Bind:
    OS << "bind " << localName(I.Dest, F) << " = " << printOperand(I.value());
    break;
  case InstrKind::Return:
    OS << "return ";
    if (I.Dest & ReturnsZero)
      OS << "zero";
    else if (I.Dest & ReturnsScalar)
      OS << "scalar " << printOperand(I.value());
    else
      OS << printOperand(I.value());
    break;
  case InstrKind::Call: {
    const CallInfo &C = I.call();
    OS << "call " << (C.CalleeName.empty() ? "<indirect>" : C.CalleeName)
       << "(";
    for (size_t A = 0; A < C.Args.size(); ++A) {
      if (A)
        OS << ", ";
      OS << printOperand(C.Args[A]);
      if (A < C.ArgTypes.size() && !C.ArgTypes[A].empty())
        OS << ":" << C.ArgTypes[A];
    }
    OS << ")";
    if (C.IsConstructor)
      OS << " ctor";
    if (C.IsDestructor)
      OS << " dtor";
    if (C.MakesClosure)
      OS << " makes-closure";
    if (C.UnderModeTest)
      OS << " mode-test";
    if (C.RunsTask)
      OS << " runs-task";
    if (C.ResultLocal >= 0)
      OS << " result=" << localName(uint32_t(C.ResultLocal), F);
    if (C.ScalarResult >= 0)
      OS << " scalar=" << localName(uint32_t(C.ScalarResult), F);
    for (const DeclaredLockEffect &E : C.DeclaredEffects)
      OS << " " << printEffect(E);
    for (const CallableArg &CA : C.Callables) {
      OS << " callable[" << CA.Arg << "]=" << CA.CalleeName;
      if (CA.HasReceiver) {
        OS << "(recv=" << printOperand(CA.Receiver)
           << ", params=" << CA.NumParams;
        for (const Operand &Cap : CA.Captures)
          OS << ", " << printOperand(Cap);
        OS << ")";
      }
      if (!CA.DecayedArgs.empty()) {
        OS << "[";
        for (size_t K = 0; K < CA.DecayedArgs.size(); ++K)
          OS << (K ? ", " : "") << printOperand(CA.DecayedArgs[K]);
        OS << "]";
      }
      if (CA.SerialFlag.K != Operand::Kind::Unknown)
        OS << " serial=" << printOperand(CA.SerialFlag);
    }
    if (!C.ElementType.empty())
      OS << " element=" << C.ElementType;
    if (C.DistinctArgs)
      OS << " distinct=" << C.DistinctArgs;
    if (C.WritableArgs)
      OS << " writable=" << C.WritableArgs;
    if (C.WalkedArgs)
      OS << " walked=" << C.WalkedArgs;
    for (const ScalarArg &A : C.ScalarArgs)
      OS << " "
         << (A.Arg == ScalarArg::CalleeArg ? std::string("callee")
                                           : "arg" + std::to_string(A.Arg))
         << "=" << (A.IsFormal ? "formal" : "") << A.Value;
    break;
  }
  }
  printLoc(I.Location, OS);
  if (I.Kind == InstrKind::Call && !I.call().Callee.empty())
    OS << " [" << I.call().Callee << "]";
  return S;
}

void printFunction(const Function &F, llvm::raw_ostream &OS) {
  OS << "function " << F.Name << " kind=" << kindName(F.Kind)
     << " access=" << accessName(F.Access);
  if (!F.Class.empty())
    OS << " class=" << F.Class;
  printLoc(F.Location, OS);
  OS << "\n  symbol " << F.Symbol << "\n  formals";
  for (size_t I = 0; I < F.Formals.size(); ++I)
    OS << (I ? ", " : " ") << F.Formals[I];
  OS << "\n";
  if (!F.Locals.empty()) {
    OS << "  locals";
    for (size_t I = 0; I < F.Locals.size(); ++I)
      OS << " " << I << ":" << F.Locals[I];
    OS << "\n";
  }
  if (!F.DeclaredEffects.empty()) {
    OS << "  effects";
    for (const DeclaredLockEffect &E : F.DeclaredEffects)
      OS << " " << printEffect(E);
    OS << "\n";
  }
  if (F.Patterns->HandRolledSync.Line)
    OS << "  hand-rolled sync at " << F.Patterns->HandRolledSync.Line << ":"
       << F.Patterns->HandRolledSync.Col << "\n";
  if (F.UpdatesAtomically)
    OS << "  updates atomically\n";
  if (F.OnlyForwards)
    OS << "  only forwards\n";
  if (F.LockWrapper)
    OS << "  lock wrapper\n";
  if (F.Specialized)
    OS << "  specialized\n";
  if (F.Patterns->OnceInit.Line)
    OS << "  once-init at " << F.Patterns->OnceInit.Line << "-"
       << F.Patterns->OnceInitLast
       << (F.Patterns->OnceInitVar.empty() ? "" : " of ")
       << F.Patterns->OnceInitVar << "\n";
  if (F.Patterns->FlagGuard.Line)
    OS << "  flag guard " << F.Patterns->FlagGuardVar << " at "
       << F.Patterns->FlagGuard.Line << "-" << F.Patterns->FlagGuardLast
       << "\n";
  if (F.Patterns->AcquireRegion.Line)
    OS << "  acquired " << F.Patterns->AcquireVar << " after "
       << F.Patterns->AcquireRegion.Line << " to "
       << F.Patterns->AcquireRegionLast
       << (F.Patterns->AcquireSpin ? " (spin)" : "")
       << (F.Patterns->AcquireLastOwner ? " (last owner)" : "") << "\n";
  if (F.Patterns->PublishLine)
    OS << "  publishes " << F.Patterns->PublishVar << " at "
       << F.Patterns->PublishLine << "\n";
  for (size_t B = 0; B < F.Blocks.size(); ++B) {
    const Block &Blk = F.Blocks[B];
    OS << "  bb" << B;
    for (size_t S = 0; S < Blk.Succs.size(); ++S)
      OS << (S ? ", bb" : " -> bb") << Blk.Succs[S];
    if (Blk.NoReturn)
      OS << " noreturn";
    if (Blk.CondCall >= 0)
      OS << " cond=" << (Blk.CondNegated ? "!#" : "#") << Blk.CondCall;
    else if (Blk.CondLocal >= 0)
      OS << " cond=" << (Blk.CondNegated ? "!" : "")
         << localName(uint32_t(Blk.CondLocal), &F);
    else if (Blk.CondFormal >= 0) {
      static const char *const Ops[] = {"any", "==", "!=", "&",
                                        "!&", "<", ">=", "none of"};
      OS << " on formal " << Blk.CondFormal << ":";
      for (const FormalTest &T : Blk.EdgeTests) {
        OS << " [" << Ops[unsigned(T.K)];
        for (int64_t V : T.Values)
          OS << " " << V;
        OS << "]";
      }
    }
    OS << "\n";
    for (size_t I = 0; I < Blk.Instrs.size(); ++I)
      OS << "    " << I << ": " << printInstr(Blk.Instrs[I], &F) << "\n";
  }
}

void printModule(const Module &M, llvm::raw_ostream &OS) {
  OS << "module " << M.MainFile << "\n";
  for (size_t I = 0; I < M.Files.size(); ++I)
    OS << "file " << I << " " << M.Files[I] << "\n";
  for (const ClassInfo &C : M.Classes) {
    OS << "class " << C.Name;
    if (C.HasGuardedFields)
      OS << " guarded";
    if (C.IsCapability)
      OS << " capability";
    if (C.MarkedThreadSafe)
      OS << " thread_safe";
    printLoc(C.Location, OS);
    OS << "\n";
  }
  for (const Function &F : M.Functions)
    printFunction(F, OS);
}

} // namespace racer::ir
