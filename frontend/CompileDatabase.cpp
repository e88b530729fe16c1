//===- CompileDatabase.cpp - compile_commands.json / CLI flags -> TU jobs --===//
#include "frontend/Frontend.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace racer::frontend {

namespace {

std::string currentDir() {
  llvm::SmallString<256> Cwd;
  if (llvm::sys::fs::current_path(Cwd))
    return ".";
  return std::string(Cwd);
}

/// Absolute (relative to Dir), without `.` and `..` components.
std::string absolutePath(llvm::StringRef Path, llvm::StringRef Dir) {
  llvm::SmallString<256> P(Path);
  if (!llvm::sys::path::is_absolute(P)) {
    llvm::SmallString<256> Abs(Dir);
    llvm::sys::path::append(Abs, P);
    P = Abs;
  }
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

std::string realPathOr(const std::string &P) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(P, Real))
    return P;
  return std::string(Real);
}

} // namespace

llvm::Expected<std::vector<TUJob>>
loadCompileDatabase(const std::string &BuildDir,
                    const std::vector<std::string> &Files) {
  std::string Cwd = currentDir();
  std::string DBFile;
  if (llvm::StringRef(BuildDir).ends_with(".json") &&
      llvm::sys::fs::is_regular_file(BuildDir)) {
    DBFile = BuildDir;
  } else {
    llvm::SmallString<256> P(BuildDir);
    llvm::sys::path::append(P, "compile_commands.json");
    DBFile = std::string(P);
  }
  if (!llvm::sys::fs::exists(DBFile))
    return llvm::createStringError(
        std::make_error_code(std::errc::no_such_file_or_directory),
        "no compile_commands.json in '%s'", BuildDir.c_str());

  std::string Err;
  std::unique_ptr<clang::tooling::CompilationDatabase> DB =
      clang::tooling::JSONCompilationDatabase::loadFromFile(
          DBFile, Err, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return llvm::createStringError(std::make_error_code(std::errc::io_error),
                                   "cannot load '%s': %s", DBFile.c_str(),
                                   Err.c_str());
  // Expand @response files (relative to each command's directory).
  DB = clang::tooling::expandResponseFiles(std::move(DB),
                                           llvm::vfs::getRealFileSystem());

  std::vector<TUJob> All;
  llvm::StringMap<size_t> ByFile;
  for (clang::tooling::CompileCommand &C : DB->getAllCompileCommands()) {
    std::string Dir = absolutePath(C.Directory, Cwd);
    TUJob J;
    J.File = absolutePath(C.Filename, Dir);
    J.Directory = Dir;
    J.CommandLine = std::move(C.CommandLine);
    if (ByFile.try_emplace(J.File, All.size()).second)
      All.push_back(std::move(J));
  }
  if (Files.empty())
    return All;

  std::vector<TUJob> Selected;
  llvm::StringMap<size_t> ByReal; // built lazily, for symlinked paths
  for (const std::string &F : Files) {
    std::string Abs = absolutePath(F, Cwd);
    auto It = ByFile.find(Abs);
    if (It == ByFile.end()) {
      if (ByReal.empty())
        for (size_t I = 0; I < All.size(); ++I)
          ByReal.try_emplace(realPathOr(All[I].File), I);
      auto RIt = ByReal.find(realPathOr(Abs));
      if (RIt == ByReal.end())
        return llvm::createStringError(
            std::make_error_code(std::errc::no_such_file_or_directory),
            "'%s' is not in '%s'", F.c_str(), DBFile.c_str());
      Selected.push_back(All[RIt->second]);
      continue;
    }
    Selected.push_back(All[It->second]);
  }
  return Selected;
}

std::vector<TUJob> jobsFromCommandLine(const std::vector<std::string> &Files,
                                       const std::vector<std::string> &Flags) {
  std::string Cwd = currentDir();
  std::vector<TUJob> Jobs;
  for (const std::string &F : Files) {
    TUJob J;
    J.File = absolutePath(F, Cwd);
    J.Directory = Cwd;
    // C for .c and preprocessed C (.i, as SV-COMP's tasks); C++ otherwise.
    llvm::StringRef Ext = llvm::sys::path::extension(J.File);
    J.CommandLine.push_back(Ext == ".c" || Ext == ".i" ? "clang" : "clang++");
    J.CommandLine.insert(J.CommandLine.end(), Flags.begin(), Flags.end());
    J.CommandLine.push_back(J.File);
    Jobs.push_back(std::move(J));
  }
  return Jobs;
}

} // namespace racer::frontend
