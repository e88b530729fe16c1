//===- IRBuilder.h - Lower Clang function bodies to racecar IR -*- C++ -*-===//
//
// Why: the analysis is Clang-free; this is where a FunctionDecl's CFG becomes
// an ir::Function (reads, writes, calls, binds, returns per CFG block). The
// rules are documented next to their code: the CFG walk in IRBuilder.cpp,
// calls in CallLowering.cpp, lambdas and callable arguments in
// LambdaLowering.cpp, access paths and operands in PathBuilder.h.
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_IRBUILDER_H
#define RACER_FRONTEND_IRBUILDER_H

#include "frontend/FileTable.h"
#include "summarize/ir/IR.h"

#include <vector>

namespace clang {
class FunctionDecl;
} // namespace clang

namespace racer::frontend {

class ModeAsserts;

/// Lowers the body of the definition FD (which must have one). Calls
/// through global function pointers lowered as calls of the pointer's
/// value are added to \p Through as "pointer\tfunction" symbol pairs
/// (ir::Module::FunctionPointersCalled). With \p Modes (one per TU), a
/// branch on a mode of FD's class that another method asserts a lock in
/// holds that lock (frontend/ModeAsserts.h).
ir::Function lowerFunction(const clang::FunctionDecl *FD, FileTable &Files,
                           std::vector<std::string> *Through = nullptr,
                           ModeAsserts *Modes = nullptr);

/// Lock effects declared on FD (and its redeclarations) with Clang's
/// capability attributes, as paths over FD's formals.
std::vector<ir::DeclaredLockEffect>
declaredEffects(const clang::FunctionDecl *FD);

/// The precondition on locks FD's comment states, leveldb's and rocksdb's
/// convention: `// REQUIRES: mutex_ is held` names a member (or `*mu` a
/// parameter), added to \p Effects as the REQUIRES attribute would be;
/// `// REQUIRES: DB mutex held` or `external synchronization` names none.
ir::DocumentedLock
documentedRequires(const clang::FunctionDecl *FD,
                   std::vector<ir::DeclaredLockEffect> &Effects);

} // namespace racer::frontend

#endif
