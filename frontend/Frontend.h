//===- Frontend.h - Compile database -> TU jobs -> IR ----------*- C++ -*-===//
//
// Why: this folder is the only one that includes Clang. Everything else sees
// TU jobs (a compile command) and ir::Modules. analyzeTU is a pure function of
// its job and options, so it can run on any worker (or machine) in any order.
//
//   auto Jobs = loadCompileDatabase("build/", {});
//   for (const TUJob &J : *Jobs) {
//     TUResult R = analyzeTU(J, Opts);   // R.Module holds the lowered IR
//   }
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_FRONTEND_H
#define RACER_FRONTEND_FRONTEND_H

#include "summarize/ir/IR.h"

#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace racer::frontend {

class BodyClaims;

/// One translation unit to analyse: a compile command as in
/// compile_commands.json (gcc or clang command lines both work).
struct TUJob {
  std::string File;      ///< absolute path of the main file
  std::string Directory; ///< working directory of the command
  std::vector<std::string> CommandLine; ///< argv, argv[0] the compiler
  /// The @response files its command was expanded from (absolute): inputs
  /// of the scan's answer, like the compile database.
  std::vector<std::string> ResponseFiles;
  /// A problem with the command itself (a response file that is a FIFO or
  /// a device, or nests itself): the TU fails with this message unparsed.
  std::string InputError;
  /// Its place in the scan's main-file order (BodyClaims); not part of what
  /// the TU is.
  uint32_t Order = 0;
};

/// Version of the lowering (what the frontend puts in the IR), part of every
/// cache key: bump it when a change to frontend/ makes the IR of an unchanged
/// TU different, so stale cache entries are not reused.
constexpr unsigned LoweringVersion = 85;

struct FrontendOptions {
  /// Extra arguments appended to every command (e.g. from the CLI).
  std::vector<std::string> ExtraArgs;
  /// Do not parse (or instantiate) the bodies of functions defined in
  /// system headers: the analysis never lowers them (library behaviour comes
  /// from summarize/LibraryModels), so only their declarations matter.
  bool SkipSystemBodies = true;
  /// A TU still running after this many seconds fails (0: no limit). Clang
  /// cannot be stopped from outside, so its thread is abandoned (see
  /// analyzeTU) and the process must exit without running static
  /// destructors (analysisWasInterrupted).
  unsigned TimeoutSeconds = 600;
  /// Stack of the thread a TU runs on, in MiB (address space; only the
  /// pages used are committed).
  unsigned StackMiB = 1024;
  /// A TU holding more than this many MiB through operator new fails
  /// (MemoryGuard.h); 0: half the physical memory.
  unsigned MemoryLimitMiB = 0;
  /// Shared by a scan's TUs (with SkipSystemBodies): a TU does not parse a
  /// project header's function body that a TU earlier in main-file order
  /// lowers (BodyClaims.h). Null: every TU parses every body.
  std::shared_ptr<BodyClaims> Claims;
  /// With --relative-paths, the directory the module's files are named
  /// relative to: internal-linkage symbols name their file the same way
  /// (SymbolNames.h), so a TU gives the same bytes in every sandbox.
  std::string PathRoot;
};

/// Why a TU could not be analysed.
enum class TUFailure {
  None,     ///< analysed
  Errors,   ///< Clang reported errors (or could not run)
  Crashed,  ///< a crash (signal, stack overflow) inside Clang or lowering
  TimedOut, ///< still running after FrontendOptions::TimeoutSeconds
  MemoryLimit, ///< held more than FrontendOptions::MemoryLimitMiB
};

struct TUResult {
  bool Ok = false;          ///< false: the TU had errors and was skipped
  TUFailure Failure = TUFailure::None; ///< why, when !Ok
  std::string Diagnostics;  ///< Clang's error diagnostics, formatted
  ir::Module Module;        ///< valid when Ok
  /// Per Module::Files entry: BLAKE3-128 (hex) of the bytes Clang parsed
  /// (empty if unknown). The cache records these, so a file edited during
  /// the parse never gets an entry that looks valid.
  std::vector<std::string> FileDigests;
  /// Absolute paths the include search looked for in project directories
  /// and did not find, before the file it used (or all of them, for an
  /// include not found by `__has_include`): the cache records that they
  /// must stay absent, since one appearing would shadow what was read.
  std::vector<std::string> AbsentInputs;
  double ParseSeconds = 0;  ///< time in Clang (preprocess, parse, sema)
  double LowerSeconds = 0;  ///< time lowering to IR
  /// Library function templates left uninstantiated (InstantiationFilter.h)
  /// and those instantiated because they may instantiate project code.
  unsigned LibraryInstantiationsDropped = 0, LibraryInstantiationsKept = 0;
};

/// A source compile databases list beside C and C++ that Clang would parse
/// as C and fail on (zstd's huf_decompress_amd64.S), by its extension:
/// assembly, Fortran, Objective-C, CUDA. loadCompileDatabase skips these
/// entries, and those whose command says so with `-x` (`-x assembler`).
bool isNotCOrCxx(llvm::StringRef File);

/// Loads BuildDir/compile_commands.json (or BuildDir itself, a .json file).
/// If Files is non-empty, only those entries (matched by absolute path) are
/// returned, in the given order. Any JSON or structural error is an error
/// naming the file (and line:column); a relative "directory" is relative to
/// the database's directory; a file with several entries keeps the first,
/// with a message in \p Warnings when their commands differ. Entries that
/// are not C or C++ (assembly, Fortran) are skipped: one line in \p
/// Warnings says how many, and \p Skipped lists each (for -v).
llvm::Expected<std::vector<TUJob>>
loadCompileDatabase(const std::string &BuildDir,
                    const std::vector<std::string> &Files,
                    std::vector<std::string> *Warnings = nullptr,
                    std::vector<std::string> *Skipped = nullptr);

/// Jobs for `racecar scan a.cpp b.c -- <flags>` (clang-tidy style), run in
/// the current directory. \p Compiler is argv[0] (the build's compiler, so
/// Clang finds the same GCC installation); empty: clang for .c and .i
/// files, clang++ otherwise.
std::vector<TUJob> jobsFromCommandLine(const std::vector<std::string> &Files,
                                       const std::vector<std::string> &Flags,
                                       const std::string &Compiler = "");

/// Parses one TU with Clang and lowers every function defined outside system
/// headers to IR. Never throws; a TU with errors gives Ok == false.
/// The work runs on a thread of its own with a large stack, under crash
/// recovery (a crash or a stack overflow fails that TU only), and is given
/// up after Opts.TimeoutSeconds.
TUResult analyzeTU(const TUJob &Job, const FrontendOptions &Opts);

/// True once some TU crashed or timed out in this process: its thread left
/// Clang's state behind (a timer still registered, memory, or a thread still
/// running), so the process must end with std::_Exit after flushing its
/// output, not by running static destructors.
bool analysisWasInterrupted();

} // namespace racer::frontend

#endif
