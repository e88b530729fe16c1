//===- ResourceDir.h - Where Clang's own headers are, at run time -*- C++ -*-===//
//
// Why: Clang finds <stddef.h>, <stdarg.h> and its intrinsics in its
// resource directory, which belongs to the LLVM installation, not to
// racecar. An installed racecar (the Debian package) runs on a machine
// where the directory seen at build time may be elsewhere, so it is looked
// up at run time:
//   1. $RACECAR_CLANG_RESOURCE_DIR, if set;
//   2. the directory found when racecar was built, if it holds stddef.h;
//   3. <dir of the loaded libclang-cpp>/clang/<major>, if it holds it;
//   4. else the build's, and Clang says what is missing.
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_RESOURCEDIR_H
#define RACER_FRONTEND_RESOURCEDIR_H

#include <string>

namespace racer::frontend {

/// The resource directory handed to every Clang invocation (computed once).
const std::string &clangResourceDir();

} // namespace racer::frontend

#endif
