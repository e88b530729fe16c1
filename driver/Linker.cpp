//===- Linker.cpp - Merging TU modules by symbol, as they arrive ----------===//
#include "driver/Linker.h"
#include "summarize/ir/PackedBody.h"

#include <algorithm>

namespace racer::driver {

namespace {
void remap(ir::Loc &L, const std::vector<uint32_t> &Map) {
  L.File = L.File < Map.size() ? Map[L.File] : 0;
}

/// The places a function's header names: where it is, and where its
/// patterns are (a spin, a condition wait, a once-only initialization, a
/// flag's branch), unless there are none.
void remapHeader(ir::Function &F, const std::vector<uint32_t> &Map) {
  remap(F.Location, Map);
  if (!F.Patterns.boxed())
    return;
  ir::SyncPatterns &SP = F.Patterns.edit();
  for (ir::Loc *L :
       {&SP.HandRolledSync, &SP.ConditionWait, &SP.OnceInit, &SP.FlagGuard})
    if (!(*L == ir::Loc()))
      remap(*L, Map);
}

void remapFunction(ir::Function &F, const std::vector<uint32_t> &Map) {
  remapHeader(F, Map);
  for (ir::Block &B : F.Blocks)
    for (ir::Instr &I : B.Instrs)
      remap(I.Location, Map);
}
} // namespace

void Linker::add(uint32_t Seq, ir::Module Mod, bool Replace) {
  const ModuleKey Key{ir::Symbol(Mod.MainFile), Seq};
  // Outside the lock (every worker adds its modules): each function's
  // digest and packed body, whose file map is filled in below. A function
  // that turns out to be another TU's copy of one kept is dropped with them.
  auto MapPtr = std::make_shared<std::vector<uint32_t>>();
  std::vector<ir::Digest> Digested(DigestBodies ? Mod.Functions.size() : 0);
  for (uint32_t I = 0; I < Mod.Functions.size(); ++I) {
    ir::Function &F = Mod.Functions[I];
    // A database may hold several programs (a server, its CLI, a benchmark),
    // each with its own main: keep every one, as a root of its own. Nothing
    // calls main, so its symbol links nothing.
    if (F.Kind == ir::FunctionKind::Free && F.Name == "main")
      F.Symbol = F.Symbol + " in " + Key.MainFile.str();
    if (DigestBodies)
      Digested[I] = ir::functionDigest(F, Mod.Files);
    if (PackBodies)
      F.Packed = ir::packBody(F, MapPtr);
  }
  std::lock_guard<std::mutex> G(M);
  auto SameKey = [&](const ModuleKey &K) {
    return !(K < Key) && !(Key < K);
  };
  if (Replace) {
    // Its first analysis goes: its files, its skips; its definitions are
    // replaced below (a module's Origin compares equal to its own).
    llvm::erase_if(ModuleFiles, [&](const auto &E) { return SameKey(E.first); });
    llvm::erase_if(ModuleSkips, [&](const auto &E) { return SameKey(E.first); });
  }
  if (!Mod.SkippedBodies.empty())
    ModuleSkips.emplace_back(Key, std::move(Mod.SkippedBodies));
  // A union: a module analysed again takes at least the addresses it took.
  AddressTaken.insert(AddressTaken.end(), Mod.AddressTaken.begin(),
                      Mod.AddressTaken.end());
  AddressesUnknown |= Mod.AddressesUnknown;
  FunctionPointersCalled.insert(FunctionPointersCalled.end(),
                                Mod.FunctionPointersCalled.begin(),
                                Mod.FunctionPointersCalled.end());
  FunctionPointersAssigned.insert(FunctionPointersAssigned.end(),
                                  Mod.FunctionPointersAssigned.begin(),
                                  Mod.FunctionPointersAssigned.end());
  FunctionPointerStores.insert(FunctionPointerStores.end(),
                               Mod.FunctionPointerStores.begin(),
                               Mod.FunctionPointerStores.end());
  std::vector<uint32_t> &Map = *MapPtr;
  Map.reserve(Mod.Files.size());
  for (const std::string &F : Mod.Files) {
    auto [It, New] = FileIds.try_emplace(F, static_cast<uint32_t>(Files.size()));
    if (New)
      Files.push_back(F);
    Map.push_back(It->second);
  }
  ModuleFiles.emplace_back(Key, std::move(Mod.Files));
  const std::vector<std::string> &ModFiles = ModuleFiles.back().second;
  if (PackBodies)
    ModuleMaps.push_back(MapPtr);
  for (uint32_t I = 0; I < Mod.Functions.size(); ++I) {
    ir::Function &F = Mod.Functions[I];
    Origin From{Key, I};
    auto [It, New] = FunctionIds.try_emplace(
        F.Symbol, static_cast<uint32_t>(Functions.size()));
    if (!New && !(Replace && SameKey(Functions[It->second].From.Module))) {
      // Two definitions, each in its own module's main file, of different
      // files: not inline code, but two programs' own (LinkedProgram::
      // DuplicateDefinitions).
      const KeptFunction &K = Functions[It->second];
      const llvm::StringRef KeptMain = K.From.Module.MainFile.str();
      if (F.Location.File < ModFiles.size() &&
          ModFiles[F.Location.File] == Key.MainFile.str() &&
          K.F.Location.File < Files.size() &&
          Files[K.F.Location.File] == KeptMain &&
          KeptMain != Key.MainFile.str())
        DuplicateDefinitions.push_back(F.Symbol.str());
    }
    if (!New && !(From < Functions[It->second].From) &&
        !(Replace && SameKey(Functions[It->second].From.Module)))
      continue; // inline and template code: an earlier TU's copy stays
    if (PackBodies)
      remapHeader(F, Map);
    else
      remapFunction(F, Map);
    if (New)
      Functions.push_back({From, std::move(F)});
    else
      Functions[It->second] = {From, std::move(F)};
    if (DigestBodies) {
      if (New)
        Digests.push_back(Digested[I]);
      else
        Digests[It->second] = Digested[I];
    }
  }
  for (uint32_t I = 0; I < Mod.Classes.size(); ++I) {
    ir::ClassInfo &C = Mod.Classes[I];
    Origin From{Key, I};
    auto [It, New] =
        ClassIds.try_emplace(C.Name, static_cast<uint32_t>(Classes.size()));
    if (New) {
      remap(C.Location, Map);
      Classes.push_back({From, std::move(C)});
      continue;
    }
    // Facts merge across TUs; the location is the first TU's.
    KeptClass &E = Classes[It->second];
    bool Earlier = From < E.From || (Replace && SameKey(E.From.Module));
    C.HasGuardedFields |= E.C.HasGuardedFields;
    C.IsCapability |= E.C.IsCapability;
    C.MarkedThreadSafe |= E.C.MarkedThreadSafe;
    E.C.HasGuardedFields = C.HasGuardedFields;
    E.C.IsCapability = C.IsCapability;
    E.C.MarkedThreadSafe = C.MarkedThreadSafe;
    for (std::string &B : E.C.Bases)
      if (!llvm::is_contained(C.Bases, B))
        C.Bases.push_back(B);
    llvm::sort(C.Bases);
    E.C.Bases = C.Bases;
    if (Earlier) {
      remap(C.Location, Map);
      E = {From, std::move(C)};
    }
  }
}

std::vector<uint32_t> Linker::unlinkedSkips() {
  std::lock_guard<std::mutex> G(M);
  // Per skipped symbol, its earliest skipper: if no module before it
  // defines the symbol, it must parse the body (its new analysis then
  // serves every later skipper too).
  llvm::StringMap<const ModuleKey *> Earliest;
  for (const auto &[Key, Skipped] : ModuleSkips)
    for (const std::string &S : Skipped) {
      auto [It, New] = Earliest.try_emplace(S, &Key);
      if (!New && Key < *It->second)
        It->second = &Key;
    }
  std::vector<uint32_t> Out;
  for (const auto &E : Earliest) {
    auto It = FunctionIds.find(E.getKey());
    if (It == FunctionIds.end() ||
        !(Functions[It->second].From.Module < *E.getValue()))
      Out.push_back(E.getValue()->Seq);
  }
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

void Linker::forgetSkips(uint32_t Seq) {
  std::lock_guard<std::mutex> G(M);
  llvm::erase_if(ModuleSkips, [&](const auto &E) { return E.first.Seq == Seq; });
}

LinkedProgram Linker::finish() {
  std::lock_guard<std::mutex> G(M);
  LinkedProgram P;
  // Files numbered as a merge in main-file order numbers them.
  std::sort(ModuleFiles.begin(), ModuleFiles.end(),
            [](const auto &A, const auto &B) { return A.first < B.first; });
  llvm::StringMap<uint32_t> FinalIds;
  for (const auto &[Key, Names] : ModuleFiles) {
    P.MainFiles.push_back(Key.MainFile.str());
    for (const std::string &F : Names)
      if (FinalIds.try_emplace(F, static_cast<uint32_t>(P.Files.size())).second)
        P.Files.push_back(F);
  }
  std::vector<uint32_t> Map(Files.size());
  for (uint32_t I = 0; I < Files.size(); ++I)
    Map[I] = FinalIds.lookup(Files[I]);
  // Packed bodies read module file ids through their module's map.
  for (const std::shared_ptr<std::vector<uint32_t>> &MM : ModuleMaps)
    for (uint32_t &Id : *MM)
      Id = Id < Map.size() ? Map[Id] : 0;

  // Sort indexes, not the functions: no second buffer of functions.
  std::vector<uint32_t> Order(Functions.size());
  for (uint32_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(), [&](uint32_t A, uint32_t B) {
    return Functions[A].From < Functions[B].From;
  });
  P.Functions.reserve(Functions.size());
  if (DigestBodies)
    P.FunctionDigests.reserve(Functions.size());
  for (uint32_t I : Order) {
    remapFunction(Functions[I].F, Map);
    P.Functions.push_back(std::move(Functions[I].F));
    if (DigestBodies)
      P.FunctionDigests.push_back(Digests[I]);
  }
  std::stable_sort(Classes.begin(), Classes.end(),
                   [](const KeptClass &A, const KeptClass &B) {
                     return A.From < B.From;
                   });
  for (KeptClass &K : Classes) {
    remap(K.C.Location, Map);
    P.Classes.push_back(std::move(K.C));
  }

  // Empty, and give the memory back: the linker may outlive the program's
  // reduce (clear() would keep a million moved-from functions' storage).
  std::vector<std::string>().swap(Files);
  FileIds = llvm::StringMap<uint32_t>();
  decltype(ModuleFiles)().swap(ModuleFiles);
  decltype(ModuleMaps)().swap(ModuleMaps);
  decltype(ModuleSkips)().swap(ModuleSkips);
  std::vector<KeptFunction>().swap(Functions);
  std::vector<ir::Digest>().swap(Digests);
  FunctionIds = llvm::StringMap<uint32_t>();
  std::vector<KeptClass>().swap(Classes);
  ClassIds = llvm::StringMap<uint32_t>();
  auto SortUnique = [](std::vector<std::string> &V) {
    std::sort(V.begin(), V.end());
    V.erase(std::unique(V.begin(), V.end()), V.end());
  };
  SortUnique(AddressTaken);
  SortUnique(FunctionPointersCalled);
  SortUnique(FunctionPointersAssigned);
  SortUnique(FunctionPointerStores);
  SortUnique(DuplicateDefinitions);
  P.DuplicateDefinitions = std::move(DuplicateDefinitions);
  DuplicateDefinitions.clear();
  // "pointer\tfunction": the pointer may hold another function if some TU
  // takes its address or stores anything but that function into it.
  for (const std::string &Entry : FunctionPointersCalled) {
    llvm::StringRef G = llvm::StringRef(Entry).split('\t').first;
    bool Other = AddressesUnknown ||
                 std::binary_search(AddressTaken.begin(), AddressTaken.end(),
                                    G.str());
    for (auto It = std::lower_bound(FunctionPointersAssigned.begin(),
                                    FunctionPointersAssigned.end(), G.str());
         !Other && It != FunctionPointersAssigned.end() &&
         llvm::StringRef(*It).split('\t').first == G;
         ++It)
      Other = *It != Entry;
    if (Other)
      P.FunctionPointersReassigned.push_back(Entry);
  }
  P.FunctionPointersCalled = std::move(FunctionPointersCalled);
  P.FunctionPointerStores = std::move(FunctionPointerStores);
  P.AddressTaken = std::move(AddressTaken);
  P.AddressesUnknown = AddressesUnknown;
  AddressTaken.clear();
  AddressesUnknown = false;
  FunctionPointersCalled.clear();
  FunctionPointersAssigned.clear();
  FunctionPointerStores.clear();
  return P;
}

} // namespace racer::driver
