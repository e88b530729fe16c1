//===- ResourceDir.h - Where Clang's own headers are, at run time -*- C++ -*-===//
//
// Why: Clang finds <stddef.h>, <stdarg.h> and its intrinsics in its
// resource directory, which belongs to the LLVM installation, not to
// racecar. An installed racecar (the Debian package) runs on a machine
// where the directory seen at build time may be elsewhere, so it is looked
// up at run time:
//   1. $RACECAR_CLANG_RESOURCE_DIR, if set;
//   2. the directory found when racecar was built, if it holds stddef.h;
//   3. Clang's own rule applied to the loaded libclang-cpp (<its dir>/../lib/
//      clang/<version>), if it holds it: an LLVM install whose libraries are
//      found in its own lib/ (LD_LIBRARY_PATH). Debian loads the copy in
//      /usr/lib/<multiarch>/, where this finds nothing: there step 2 does
//      (the package depends on libclang-common-19-dev);
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
