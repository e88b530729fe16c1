//===- ResourceDir.cpp - Where Clang's own headers are, at run time -------===//
#include "frontend/ResourceDir.h"

#include "clang/Driver/Driver.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <dlfcn.h>

namespace racer::frontend {
namespace {

bool holdsClangHeaders(const std::string &Dir) {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, "include", "stddef.h");
  return !Dir.empty() && llvm::sys::fs::exists(P);
}

/// Clang's own rule (Driver::GetResourcesPath), applied to the shared
/// library that holds Clang's driver: <its dir>/../lib/clang/<version>.
std::string besideLoadedClang() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<const void *>(
                  &clang::driver::Driver::GetResourcesPath),
              &Info) ||
      !Info.dli_fname)
    return "";
  return clang::driver::Driver::GetResourcesPath(Info.dli_fname);
}

std::string find() {
  if (const char *Env = std::getenv("RACECAR_CLANG_RESOURCE_DIR"); Env && *Env)
    return Env;
  if (holdsClangHeaders(RACECAR_CLANG_RESOURCE_DIR))
    return RACECAR_CLANG_RESOURCE_DIR;
  if (std::string Beside = besideLoadedClang(); holdsClangHeaders(Beside))
    return Beside;
  return RACECAR_CLANG_RESOURCE_DIR;
}

} // namespace

const std::string &clangResourceDir() {
  static const std::string Dir = find();
  return Dir;
}

} // namespace racer::frontend
