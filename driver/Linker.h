//===- Linker.h - Merging TU modules by symbol, as they arrive -*- C++ -*-===//
//
// Why: most functions a C++ TU lowers are inline or template code from
// headers that every other TU lowers too (rocksdb: 477,122 lowered, 15,412
// after linking). Keeping every TU's module until all are parsed makes the
// scan's memory grow with the number of TUs; merging each module as soon as
// its worker finishes, and dropping the copies, keeps it near the size of
// the linked program.
//
// The result does not depend on arrival order: modules are ordered by main
// file (then by the sequence number each comes with, for a TU listed
// twice), a symbol keeps the definition of the first module in that order,
// and finish() numbers files and orders functions and classes as if the
// modules had been merged in that order.
//
//   Linker L;
//   L.add(3, std::move(Module));   // from any thread, in any order
//   LinkedProgram P = L.finish();
//===----------------------------------------------------------------------===//
#ifndef RACER_DRIVER_LINKER_H
#define RACER_DRIVER_LINKER_H

#include "summarize/ir/FunctionDigest.h"
#include "summarize/ir/IR.h"

#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace racer::driver {

/// The linked program: every TU's module merged by symbol.
struct LinkedProgram {
  std::vector<std::string> Files; ///< ir::Loc::File indexes this
  std::vector<ir::Function> Functions;
  std::vector<ir::ClassInfo> Classes;
  /// The modules' main files, in main-file order.
  std::vector<std::string> MainFiles;
  /// Per function (with DigestBodies): ir::functionDigest of the kept
  /// definition, for the summary cache. Empty otherwise.
  std::vector<ir::Digest> FunctionDigests;
  /// The globals some module takes the address of (sorted), and whether a
  /// module may take addresses it does not list (ir::Module::AddressTaken).
  std::vector<std::string> AddressTaken;
  bool AddressesUnknown = false;
  /// The global function pointers whose calls some module lowered as calls
  /// of their initializer, and which of those may hold another function:
  /// one a module stores into or takes the address of, or any if a module
  /// may take addresses it does not list. Sorted.
  std::vector<std::string> FunctionPointersCalled;
  std::vector<std::string> FunctionPointersReassigned;
  /// The union of ir::Module::FunctionPointerStores, sorted.
  std::vector<std::string> FunctionPointerStores;
  /// Functions defined in the main files of two modules with different
  /// main files (`_serverAssert` in debug.c and in redisassert.c): one
  /// program cannot link both, so the database holds several programs. One
  /// definition is kept; summarize/Programs.h does not follow calls to
  /// these when it tells the programs apart. Sorted.
  std::vector<std::string> DuplicateDefinitions;
  /// Set after the link (summarize/IndirectCalls.h): the names of the
  /// dispatchers of slots of callback tables, sorted.
  std::vector<std::string> TableSlots;
};

class Linker {
public:
  /// With \p PackBodies, each function's body is packed as it is added
  /// (ir::PackedBody, about a quarter of its size) and unpacked only while
  /// its SCC is summarized: the linked program then holds packed IR.
  /// With \p DigestBodies, each function's ir::functionDigest is taken
  /// before it is packed (LinkedProgram::FunctionDigests): what the summary
  /// cache keys SCCs by. It costs a walk of every body, so only scans with
  /// a cache ask for it. Both run on the adding thread, outside the lock
  /// (so also for a function another TU's copy of is kept, and dropped).
  explicit Linker(bool PackBodies = false, bool DigestBodies = false)
      : PackBodies(PackBodies), DigestBodies(DigestBodies) {}

  /// Merges \p M; \p Seq orders modules with the same main file. Thread-safe.
  /// With \p Replace, \p M is a new analysis of the TU added before with
  /// \p Seq (see unlinkedSkips): its definitions replace that TU's.
  void add(uint32_t Seq, ir::Module M, bool Replace = false);
  /// The Seqs of modules that skipped a body (ir::Module::SkippedBodies)
  /// that no module before them in main-file order defines (the TU they
  /// left it to failed, or changed since its module was cached), the
  /// earliest such module per body. Those TUs must be analysed again in
  /// full and added with Replace; then ask again (a later skipper of the
  /// same body is served by the new analysis).
  std::vector<uint32_t> unlinkedSkips();
  /// Module \p Seq's skipped bodies are not asked for any more (its new
  /// analysis failed: it keeps its first one, without them).
  void forgetSkips(uint32_t Seq);
  /// The program; the linker is empty afterwards.
  LinkedProgram finish();

private:
  /// Where a module sits in main-file order.
  struct ModuleKey {
    ir::Symbol MainFile; ///< compared by contents
    uint32_t Seq = 0;
    friend bool operator<(const ModuleKey &A, const ModuleKey &B) {
      if (A.MainFile != B.MainFile)
        return A.MainFile < B.MainFile;
      return A.Seq < B.Seq;
    }
  };
  /// Where a kept definition came from: its module, and its index among that
  /// module's functions (or classes).
  struct Origin {
    ModuleKey Module;
    uint32_t Index = 0;
    friend bool operator<(const Origin &A, const Origin &B) {
      if (A.Module < B.Module || B.Module < A.Module)
        return A.Module < B.Module;
      return A.Index < B.Index;
    }
  };
  struct KeptFunction {
    Origin From;
    ir::Function F; ///< Locs index the arrival-order file table
  };
  struct KeptClass {
    Origin From;
    ir::ClassInfo C;
  };

  const bool PackBodies;
  const bool DigestBodies;
  std::mutex M;
  /// Each module's map from its file ids to arrival-order ids: packed bodies
  /// keep module file ids and read them through this map, which finish()
  /// rewrites to the final numbering.
  std::vector<std::shared_ptr<std::vector<uint32_t>>> ModuleMaps;
  /// Files in order of arrival, and each module's files (for finish()).
  std::vector<std::string> Files;
  llvm::StringMap<uint32_t> FileIds;
  std::vector<std::pair<ModuleKey, std::vector<std::string>>> ModuleFiles;
  /// Modules with skipped bodies, and which.
  std::vector<std::pair<ModuleKey, std::vector<std::string>>> ModuleSkips;
  /// The union of the modules' ir::Module::AddressTaken (unsorted).
  std::vector<std::string> AddressTaken;
  bool AddressesUnknown = false;
  /// The unions of ir::Module::FunctionPointersCalled/Assigned (unsorted).
  std::vector<std::string> FunctionPointersCalled, FunctionPointersAssigned;
  std::vector<std::string> FunctionPointerStores;
  std::vector<std::string> DuplicateDefinitions; ///< unsorted
  std::vector<KeptFunction> Functions;
  llvm::StringMap<uint32_t> FunctionIds; ///< symbol -> index in Functions
  /// With DigestBodies: the digest of each of Functions.
  std::vector<ir::Digest> Digests;
  std::vector<KeptClass> Classes;
  llvm::StringMap<uint32_t> ClassIds;
};

} // namespace racer::driver

#endif
