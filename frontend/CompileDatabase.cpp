//===- CompileDatabase.cpp - compile_commands.json / CLI flags -> TU jobs --===//
#include "frontend/Frontend.h"
#include "summarize/InputNesting.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <cstring>

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

llvm::Error dbError(const std::string &DBFile, const llvm::Twine &Msg) {
  return llvm::createStringError(std::make_error_code(std::errc::invalid_argument),
                                 DBFile + ": " + Msg);
}

/// Clang's reader (YAML underneath) stops at the first syntax error and keeps
/// the entries before it, silently: a missing comma would drop most of a
/// database. So the file is first checked as strict JSON, and an error names
/// its line and column; then every entry must have the fields Clang needs.
llvm::Error checkCompileDatabase(const std::string &DBFile) {
  auto Buf = llvm::MemoryBuffer::getFile(DBFile, /*IsText=*/true);
  if (!Buf)
    return dbError(DBFile, "cannot read: " + Buf.getError().message());
  if (std::optional<NestingPlace> At = tooDeeplyNested((*Buf)->getBuffer()))
    return llvm::createStringError(
        std::make_error_code(std::errc::invalid_argument),
        "%s:%u:%u: nested more than %u levels deep", DBFile.c_str(), At->Line,
        At->Column, MaxInputNesting);
  llvm::Expected<llvm::json::Value> V = llvm::json::parse((*Buf)->getBuffer());
  if (!V) {
    // llvm::json::ParseError logs "[line:column, byte=N]: message"; the
    // column counts from 0 but is taken after the offending character was
    // read, so it is that character's 1-based column.
    std::string Msg = llvm::toString(V.takeError());
    unsigned Line = 0, Column = 0;
    llvm::StringRef Rest(Msg);
    if (Rest.consume_front("[") && !Rest.consumeInteger(10, Line) &&
        Rest.consume_front(":") && !Rest.consumeInteger(10, Column)) {
      auto [_, Text] = Rest.split("]: ");
      return llvm::createStringError(
          std::make_error_code(std::errc::invalid_argument),
          "%s:%u:%u: invalid JSON: %s", DBFile.c_str(), Line, Column,
          Text.str().c_str());
    }
    return dbError(DBFile, "invalid JSON: " + Msg);
  }
  const llvm::json::Array *Entries = V->getAsArray();
  if (!Entries)
    return dbError(DBFile, "expected an array of compile commands");
  for (size_t I = 0; I < Entries->size(); ++I) {
    const llvm::json::Object *E = (*Entries)[I].getAsObject();
    std::string Which = "entry " + std::to_string(I + 1);
    if (!E)
      return dbError(DBFile, Which + " is not an object");
    if (!E->getString("directory"))
      return dbError(DBFile, Which + " has no \"directory\" string");
    if (!E->getString("file"))
      return dbError(DBFile, Which + " has no \"file\" string");
    if (E->getString("file")->empty())
      return dbError(DBFile, Which + " has an empty \"file\"");
    const llvm::json::Array *Args = E->getArray("arguments");
    if (!E->getString("command") && !Args)
      return dbError(DBFile,
                     Which + " has neither \"command\" nor \"arguments\"");
    if (Args)
      for (const llvm::json::Value &A : *Args)
        if (!A.getAsString())
          return dbError(DBFile, Which + ": \"arguments\" must be strings");
  }
  return llvm::Error::success();
}

/// The file system response files are read through: the real one, but a
/// file that is not regular (a FIFO blocks the read, `/dev/zero` never
/// ends) is refused unread, and every file read is recorded (an edit to
/// one changes the command: the warm record depends on it).
class ResponseFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  ResponseFileSystem() : ProxyFileSystem(llvm::vfs::getRealFileSystem()) {}
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    llvm::SmallString<256> P;
    Path.toVector(P);
    makeAbsolute(P);
    llvm::ErrorOr<llvm::vfs::Status> St = status(P);
    if (St && !St->isRegularFile()) {
      Refused = std::string(P);
      return std::make_error_code(std::errc::invalid_argument);
    }
    auto F = ProxyFileSystem::openFileForRead(P);
    if (F)
      Read.push_back(std::string(P));
    return F;
  }
  std::vector<std::string> Read;
  std::string Refused; ///< the last file refused
};

/// Expands the `@file` arguments of \p J's command in place (nested ones
/// too, relative to its directory, as GCC and Clang do), recording the
/// files read; a file that cannot be read is \p J's InputError, and its
/// command is left as it was.
void expandResponseFiles(TUJob &J) {
  if (llvm::none_of(J.CommandLine, [](const std::string &A) {
        return llvm::StringRef(A).starts_with("@");
      }))
    return;
  ResponseFileSystem FS;
  llvm::BumpPtrAllocator Alloc;
  llvm::cl::ExpansionContext Ctx(Alloc, llvm::cl::TokenizeGNUCommandLine);
  Ctx.setVFS(&FS).setCurrentDir(J.Directory);
  llvm::SmallVector<const char *, 64> Argv;
  for (const std::string &A : J.CommandLine)
    Argv.push_back(A.c_str());
  if (llvm::Error E = Ctx.expandResponseFiles(Argv)) {
    std::string Why = llvm::toString(std::move(E));
    J.InputError =
        FS.Refused.empty()
            ? "cannot expand the response files of its command: " + Why
            : "its command names the response file '" + FS.Refused +
                  "', which is not a regular file (a FIFO or a device)";
    return;
  }
  J.CommandLine.assign(Argv.begin(), Argv.end());
  J.ResponseFiles = std::move(FS.Read);
}

/// A command that names another language than C or C++ with `-x`
/// (assembler, Objective-C, CUDA, ...), whatever the file's extension.
bool languageIsNotCOrCxx(const std::vector<std::string> &Args) {
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I], Lang;
    if (A == "-x" && I + 1 < Args.size())
      Lang = Args[I + 1];
    else if (A.starts_with("-x") && A.size() > 2)
      Lang = A.drop_front(2);
    else if (A.starts_with("--language="))
      Lang = A.drop_front(strlen("--language="));
    if (Lang.empty())
      continue;
    Lang.consume_back("-header");
    Lang.consume_back("-cpp-output");
    if (Lang != "c" && Lang != "c++" && Lang != "cpp-output" &&
        Lang != "c++-cpp-output" && Lang != "none" && Lang != "c++-module")
      return true;
  }
  return false;
}

} // namespace

bool isNotCOrCxx(llvm::StringRef File) {
  static const char *const Extensions[] = {
      ".s",   ".S",   ".sx", ".asm", ".f",  ".F", ".f90", ".F90",
      ".f95", ".for", ".m",  ".mm",  ".cu", ".cuh"};
  llvm::StringRef Ext = llvm::sys::path::extension(File);
  for (const char *E : Extensions)
    if (Ext == E)
      return true;
  return false;
}

llvm::Expected<std::vector<TUJob>>
loadCompileDatabase(const std::string &BuildDir,
                    const std::vector<std::string> &Files,
                    std::vector<std::string> *Warnings,
                    std::vector<std::string> *Skipped) {
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

  if (llvm::Error E = checkCompileDatabase(DBFile))
    return E;
  std::string Err;
  std::unique_ptr<clang::tooling::CompilationDatabase> DB =
      clang::tooling::JSONCompilationDatabase::loadFromFile(
          DBFile, Err, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return llvm::createStringError(std::make_error_code(std::errc::io_error),
                                   "cannot load '%s': %s", DBFile.c_str(),
                                   Err.c_str());

  // A relative "directory" is relative to the database's own directory
  // (where the build system wrote it), not to wherever racecar runs.
  std::string DBDir = absolutePath(llvm::sys::path::parent_path(DBFile), Cwd);
  std::vector<TUJob> All;
  std::vector<size_t> EntryOf; // 1-based entry number of each job
  llvm::StringMap<size_t> ByFile;
  size_t Entry = 0;
  std::vector<std::string> NotC;
  size_t Differing = 0; ///< later entries of a file, with another command
  std::string FirstDiffering;
  for (clang::tooling::CompileCommand &C : DB->getAllCompileCommands()) {
    ++Entry;
    std::string Dir = absolutePath(C.Directory, DBDir);
    TUJob J;
    J.File = absolutePath(C.Filename, Dir);
    if (isNotCOrCxx(J.File) || languageIsNotCOrCxx(C.CommandLine)) {
      NotC.push_back(J.File);
      continue;
    }
    J.Directory = Dir;
    J.CommandLine = std::move(C.CommandLine);
    // @response files, relative to the command's directory.
    expandResponseFiles(J);
    auto [It, New] = ByFile.try_emplace(J.File, All.size());
    if (New) {
      All.push_back(std::move(J));
      EntryOf.push_back(Entry);
      continue;
    }
    // One analysis per file: the same file built twice with other flags
    // (two targets, two configurations) keeps its first entry, and says so.
    const TUJob &First = All[It->second];
    if (Warnings && (First.CommandLine != J.CommandLine ||
                     First.Directory != J.Directory)) {
      if (Differing++ == 0)
        FirstDiffering = "'" + J.File + "' has several entries with "
                         "different commands in '" + DBFile +
                         "'; analysing entry " +
                         std::to_string(EntryOf[It->second]) +
                         ", ignoring entry " + std::to_string(Entry);
    }
  }
  // One line, however many (a generated database may repeat 100,000).
  if (Warnings && Differing)
    Warnings->push_back(FirstDiffering +
                        (Differing > 1 ? " (and " + std::to_string(Differing - 1) +
                                             " more entries like it: the first "
                                             "entry of each file is analysed)"
                                       : std::string()));
  if (Skipped)
    *Skipped = NotC;
  if (Warnings && !NotC.empty())
    Warnings->push_back("skipping " + std::to_string(NotC.size()) +
                        (NotC.size() == 1 ? " entry that is" : " entries that are") +
                        " not C or C++ (assembly, Fortran, Objective-C, "
                        "CUDA): '" +
                        NotC.front() + "'" +
                        (NotC.size() > 1 ? ", ..." : ""));
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
                                       const std::vector<std::string> &Flags,
                                       const std::string &Compiler) {
  std::string Cwd = currentDir();
  std::vector<TUJob> Jobs;
  for (const std::string &F : Files) {
    TUJob J;
    J.File = absolutePath(F, Cwd);
    J.Directory = Cwd;
    // C for .c and preprocessed C (.i, as SV-COMP's tasks); C++ otherwise.
    llvm::StringRef Ext = llvm::sys::path::extension(J.File);
    if (!Compiler.empty())
      J.CommandLine.push_back(Compiler);
    else
      J.CommandLine.push_back(Ext == ".c" || Ext == ".i" ? "clang"
                                                         : "clang++");
    J.CommandLine.insert(J.CommandLine.end(), Flags.begin(), Flags.end());
    J.CommandLine.push_back(J.File);
    Jobs.push_back(std::move(J));
  }
  return Jobs;
}

} // namespace racer::frontend
