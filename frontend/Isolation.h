//===- Isolation.h - One TU's frontend, isolated from the scan -*- C++ -*-===//
//
// Why: a compile database is untrusted input. One TU that overflows the
// stack, crashes Clang or never finishes must fail alone and be named, not
// kill or hang a night's scan. analyzeTU (Isolation.cpp) runs
// analyzeTUUnguarded (FrontendAction.cpp) on a thread of its own with a
// large stack and an alternate signal stack, under llvm::CrashRecoveryContext,
// and stops waiting for it after the time limit.
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_ISOLATION_H
#define RACER_FRONTEND_ISOLATION_H

#include "frontend/Frontend.h"

namespace racer::frontend {

/// The parse and lowering of one TU, on the calling thread, without any
/// protection (FrontendAction.cpp).
void analyzeTUUnguarded(const TUJob &Job, const FrontendOptions &Opts,
                        TUResult &R);

} // namespace racer::frontend

#endif
