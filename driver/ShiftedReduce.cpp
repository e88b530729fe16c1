//===- ShiftedReduce.cpp - The last pairing's reports, lines moved --------===//
#include "driver/ShiftedReduce.h"
#include "driver/CacheFiles.h"
#include "serialize/FileOutput.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>

namespace racer::driver {

namespace {
constexpr const char *Magic = "racecar-reduce-places 1";

std::optional<ir::Digest> parseDigest(llvm::StringRef Hex) {
  ir::Digest D;
  if (Hex.size() != 32 || Hex.substr(0, 16).getAsInteger(16, D.High) ||
      Hex.substr(16).getAsInteger(16, D.Low))
    return std::nullopt;
  return D;
}
} // namespace



namespace {
/// Every place of a report, const or not (forEachReportPlace).
template <class ReportT, class Visit>
void visitPlaces(ReportT &R, Visit &&F) {
  F(R.Loc);
  for (auto &N : R.Trace)
    F(N.Loc);
  F(R.ConflictLoc);
  for (auto &N : R.ConflictTrace)
    F(N.Loc);
}
} // namespace

void forEachReportPlace(report::Report &R,
                        llvm::function_ref<void(report::SourceLocation &)> F) {
  visitPlaces(R, F);
}
void forEachReportPlace(
    const report::Report &R,
    llvm::function_ref<void(const report::SourceLocation &)> F) {
  visitPlaces(R, F);
}

std::optional<ShiftRecord> readShiftRecord(const std::string &Path,
                                           llvm::raw_ostream *Log) {
  auto Buf = serialize::readRegularFile(Path, /*IsText=*/true);
  if (!Buf)
    return std::nullopt;
  auto Fail = [&](const std::string &Why) -> std::optional<ShiftRecord> {
    if (Log)
      *Log << "racecar: cache: unusable file '" << Path << "': " << Why
           << "\n";
    return std::nullopt;
  };
  llvm::Expected<llvm::StringRef> Text =
      serialize::unsealText(Magic, (*Buf)->getBuffer());
  if (!Text)
    return Fail(llvm::toString(Text.takeError()));
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(*Text);
  if (!V)
    return Fail(llvm::toString(V.takeError()));
  const llvm::json::Object *O = V->getAsObject();
  if (!O)
    return Fail("not an object");
  ShiftRecord R;
  std::optional<llvm::StringRef> Exact = O->getString("exact"),
                                 Shape = O->getString("shape");
  const llvm::json::Array *Entries = O->getArray("entries");
  const llvm::json::Array *Places = O->getArray("places");
  if (!Exact || !Shape || !Entries || !Places)
    return Fail("a field is missing");
  R.ExactKey = Exact->str();
  R.ShapeKey = Shape->str();
  R.Entries.reserve(Entries->size());
  for (const llvm::json::Value &E : *Entries) {
    std::optional<llvm::StringRef> Hex = E.getAsString();
    std::optional<ir::Digest> D = Hex ? parseDigest(*Hex) : std::nullopt;
    if (!D)
      return Fail("a bad entry digest");
    R.Entries.push_back(*D);
  }
  // Per report: [function, offset, function, offset, ...] ("" : none).
  R.Places.reserve(Places->size());
  for (const llvm::json::Value &P : *Places) {
    const llvm::json::Array *A = P.getAsArray();
    if (!A || A->size() % 2)
      return Fail("a bad place list");
    std::vector<PlaceAnchor> &Out = R.Places.emplace_back();
    for (size_t I = 0; I < A->size(); I += 2) {
      std::optional<llvm::StringRef> F = (*A)[I].getAsString();
      std::optional<int64_t> Off = (*A)[I + 1].getAsInteger();
      if (!F || !Off || *Off < 0 || *Off > int64_t(UINT32_MAX))
        return Fail("a bad place");
      Out.push_back({F->str(), uint32_t(*Off)});
    }
  }
  return R;
}

void writeShiftRecord(const std::string &Path, const ShiftRecord &R,
                      llvm::raw_ostream &Log) {
  llvm::json::Array Entries, Places;
  for (const ir::Digest &D : R.Entries)
    Entries.push_back(D.hex());
  for (const std::vector<PlaceAnchor> &Ps : R.Places) {
    llvm::json::Array A;
    for (const PlaceAnchor &P : Ps) {
      A.push_back(P.Function);
      A.push_back(int64_t(P.Offset));
    }
    Places.push_back(std::move(A));
  }
  llvm::json::Object O{{"exact", R.ExactKey},
                       {"shape", R.ShapeKey},
                       {"entries", std::move(Entries)},
                       {"places", std::move(Places)}};
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << llvm::json::Value(std::move(O));
  OS.flush();
  if (llvm::Error E = writeAtomically(Path, serialize::sealText(Magic, Text)))
    Log << "racecar: warning: cache not written: "
        << llvm::toString(std::move(E)) << "\n";
}

bool shiftReports(
    std::vector<report::Report> &Reports,
    const std::vector<std::vector<PlaceAnchor>> &Places,
    llvm::function_ref<std::optional<uint32_t>(const report::SourceLocation &,
                                               const PlaceAnchor &)>
        Where) {
  if (Places.size() != Reports.size())
    return false;
  // Every old line of a file and where it goes: one place per line, and
  // lines keep their order (the pairing ordered and merged by place).
  llvm::StringMap<std::map<uint32_t, uint32_t>> Lines;
  std::vector<std::vector<uint32_t>> Now(Reports.size());
  for (size_t I = 0; I < Reports.size(); ++I) {
    size_t K = 0;
    bool Ok = true;
    forEachReportPlace(Reports[I], [&](report::SourceLocation &L) {
      if (!Ok)
        return;
      if (K >= Places[I].size()) {
        Ok = false;
        return;
      }
      const PlaceAnchor &A = Places[I][K++];
      if (L.File.empty() && L.Line == 0) {
        Now[I].push_back(0); // no place (a report with no conflict)
        return;
      }
      std::optional<uint32_t> To = Where(L, A);
      if (!To) {
        Ok = false;
        return;
      }
      auto [It, New] = Lines[L.File].try_emplace(L.Line, *To);
      if (!New && It->second != *To)
        Ok = false;
      Now[I].push_back(*To);
    });
    if (!Ok || K != Places[I].size())
      return false;
  }
  for (const auto &E : Lines) {
    uint32_t Last = 0;
    bool First = true;
    for (const auto &[Old, New] : E.getValue()) {
      if (!First && New <= Last)
        return false;
      First = false;
      Last = New;
    }
  }
  for (size_t I = 0; I < Reports.size(); ++I) {
    size_t K = 0;
    forEachReportPlace(Reports[I], [&](report::SourceLocation &L) {
      uint32_t To = Now[I][K++];
      if (!(L.File.empty() && L.Line == 0))
        L.Line = To;
    });
  }
  return true;
}

} // namespace racer::driver
