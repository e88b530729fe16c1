//===- LineAnchors.cpp - Which function's text holds a line ---------------===//
#include "driver/LineAnchors.h"

#include <algorithm>
#include <tuple>

namespace racer::driver {

namespace {
bool hasBody(const ir::Function &F) { return F.Packed || !F.Blocks.empty(); }
} // namespace

LineAnchors::LineAnchors(llvm::ArrayRef<ir::Function> Functions) {
  for (const ir::Function &F : Functions) {
    if (F.Specialized || !hasBody(F) || F.Location.Line == 0)
      continue;
    Texts.push_back({F.Location.File, F.Location.Line,
                     std::max(F.LastLine, F.Location.Line), F.Symbol});
    FirstLines[F.Symbol.str()] = F.Location.Line;
  }
  std::sort(Texts.begin(), Texts.end(), [](const Text &A, const Text &B) {
    return std::make_tuple(A.File, A.First, B.Last, B.Function.str()) <
           std::make_tuple(B.File, B.First, A.Last, A.Function.str());
  });
  // The innermost text of each line: inner texts come after their outer
  // ones (and of equal texts, the smallest symbol last), so the last to
  // write a line wins.
  for (size_t I = 0; I < Texts.size(); ++I) {
    const Text &T = Texts[I];
    if (ByLine.size() <= T.File)
      ByLine.resize(T.File + 1);
    std::vector<uint32_t> &Lines = ByLine[T.File];
    if (Lines.size() <= T.Last)
      Lines.resize(T.Last + 1, 0);
    std::fill(Lines.begin() + T.First, Lines.begin() + T.Last + 1,
              uint32_t(I + 1));
  }
}

serialize::LineAnchor LineAnchors::anchorOf(const ir::Loc &L) const {
  if (L.File >= ByLine.size() || L.Line >= ByLine[L.File].size())
    return {}; // no text of its file reaches it
  uint32_t I = ByLine[L.File][L.Line];
  if (!I)
    return {};
  return {Texts[I - 1].Function, Texts[I - 1].First};
}

std::optional<uint32_t> LineAnchors::firstLineOf(llvm::StringRef Symbol) const {
  auto It = FirstLines.find(Symbol);
  if (It == FirstLines.end())
    return std::nullopt;
  return It->second;
}

} // namespace racer::driver
