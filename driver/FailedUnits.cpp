//===- FailedUnits.cpp - What a partial scan lost -------------------------===//
#include "driver/FailedUnits.h"

#include "serialize/FileOutput.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

namespace racer::driver {

namespace {

/// Whether \p Path's text defines main: `int main(` or `void main(` at the
/// start of a declaration (comments and macros are not interpreted).
bool definesMain(const std::string &Path) {
  auto Buf = racer::serialize::readRegularFile(Path, /*IsText=*/true);
  if (!Buf)
    return false;
  static const llvm::Regex Main(
      "(^|[;}\n])[ \t]*(static[ \t]+)?(int|void)[ \t\n]+main[ \t]*\\(",
      llvm::Regex::Newline);
  return Main.match((*Buf)->getBuffer());
}

} // namespace

std::vector<report::FailedUnit>
describeFailedUnits(const std::vector<std::string> &FailedTUs) {
  std::vector<report::FailedUnit> Out;
  for (const std::string &F : FailedTUs)
    Out.push_back({F, definesMain(F)});
  return Out;
}

void printFailedSummary(const std::vector<report::FailedUnit> &Failed,
                        llvm::raw_ostream &OS) {
  if (Failed.empty())
    return;
  constexpr size_t Named = 5;
  OS << "; " << Failed.size() << " could not be analysed (";
  for (size_t I = 0; I < Failed.size() && I < Named; ++I)
    OS << (I ? ", " : "")
       << (llvm::sys::path::is_absolute(Failed[I].File)
               ? llvm::sys::path::filename(Failed[I].File)
               : llvm::StringRef(Failed[I].File));
  if (Failed.size() > Named)
    OS << ", ...";
  OS << ")";
  bool First = true;
  for (const report::FailedUnit &F : Failed)
    if (F.DefinesMain) {
      OS << (First ? "; thread roots lost with them: " : ", ") << "main in "
         << llvm::sys::path::filename(F.File);
      First = false;
    }
}

} // namespace racer::driver
