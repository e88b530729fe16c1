//===- SourceLines.h - Cached source lines for the writers -----*- C++ -*-===//
//
// Why: the text writer prints the offending source line under a warning and
// the SARIF writer converts clang's byte columns to UTF-16 columns; both
// need line N of a file, and reports cluster in few files, so each file is
// read once per write. Internal to report/.
//===----------------------------------------------------------------------===//
#ifndef RACER_REPORT_SOURCELINES_H
#define RACER_REPORT_SOURCELINES_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <optional>
#include <vector>

namespace racer::report {

class SourceLines {
public:
  /// Line \p Line (1-based) of \p File without its line terminator, or
  /// nullopt if the file cannot be read or is too short.
  std::optional<llvm::StringRef> line(llvm::StringRef File, unsigned Line) {
    auto It = Files.find(File);
    if (It == Files.end())
      It = Files.try_emplace(File, load(File)).first;
    const Entry &E = It->second;
    if (!E.Buf || Line == 0 || Line > E.Lines.size())
      return std::nullopt;
    return E.Lines[Line - 1];
  }

  /// The lines of \p Text without their terminators, as Clang counts them:
  /// "\n", "\r\n" and a lone "\r" each end a line.
  static std::vector<llvm::StringRef> split(llvm::StringRef Text) {
    std::vector<llvm::StringRef> Lines;
    while (!Text.empty()) {
      size_t End = Text.find_first_of("\r\n");
      Lines.push_back(Text.substr(0, End));
      if (End == llvm::StringRef::npos)
        break;
      size_t Next = End + 1;
      if (Text[End] == '\r' && Next < Text.size() && Text[Next] == '\n')
        ++Next;
      Text = Text.substr(Next);
    }
    return Lines;
  }

private:
  struct Entry {
    std::unique_ptr<llvm::MemoryBuffer> Buf;
    std::vector<llvm::StringRef> Lines;
  };

  static Entry load(llvm::StringRef File) {
    Entry E;
    auto B = llvm::MemoryBuffer::getFile(File, /*IsText=*/true,
                                         /*RequiresNullTerminator=*/false);
    if (!B)
      return E;
    E.Buf = std::move(*B);
    E.Lines = split(E.Buf->getBuffer());
    return E;
  }

  llvm::StringMap<Entry> Files;
};

} // namespace racer::report

#endif
