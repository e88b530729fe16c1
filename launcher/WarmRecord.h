//===- WarmRecord.h - What a scan printed, and what it depended on -*- C++ -*-===//
//
// Why: when nothing changed, a scan's answer is the last scan's, and the
// analyzer already reuses it (driver/ResultCache.h). But the analyzer links
// libLLVM and libclang-cpp, and loading them costs more than the rest of a
// warm scan (18 ms of 22 on memcached). So the analyzer writes, after a scan
// whose result is cached, a warm record: the command line and directory it
// answered, every file the answer depends on with its size and modification
// time (the compile database, the config and the places a config could
// appear, the baseline, every input of every TU, the analyzer itself), and
// what it printed and exited with. The launcher (launcher/Launcher.cpp), a
// small program without LLVM, finds the record of its command line, checks
// the stamps, and replays it; on any difference it runs the analyzer.
//
// Shared by both, so header-only and plain C++ (no LLVM: the launcher links
// nothing but the C++ runtime).
//
// Layout: "RCWR" | u32 version | fields | u64 FNV-1a of everything before.
// Integers little-endian, strings as u32 length + bytes.
//===----------------------------------------------------------------------===//
#ifndef RACER_LAUNCHER_WARMRECORD_H
#define RACER_LAUNCHER_WARMRECORD_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace racer::warm {

constexpr char Magic[4] = {'R', 'C', 'W', 'R'};
constexpr uint32_t Version = 2;
/// In ErrAfter's --stats block, the seconds the launcher fills in with its
/// own time (formatted as %8.3f by the analyzer, so it stands out).
constexpr const char *ElapsedMarker = "987654.321";
constexpr double ElapsedMarkerValue = 987654.321;
/// Records kept per cache (one per command line), oldest dropped first.
constexpr size_t MaxRecords = 32;

/// A file and its stamp when the answer was computed. Present false: the
/// file must still not exist (a config that could appear). Directory: a
/// directory whose modification time must be the same (no file created or
/// removed in it: it stands for the include candidates looked for there).
struct Input {
  std::string Path;
  bool Present = false;
  bool Directory = false;
  uint64_t Size = 0;
  int64_t MTimeNs = 0;
};

struct Record {
  std::string Cwd;
  std::vector<std::string> Argv; ///< without argv[0]
  Input Analyzer;
  std::vector<Input> Inputs;
  int32_t ExitStatus = 0;
  std::string OutputPath; ///< "-": standard output
  std::string Output;
  /// Standard error before the output was written, and after it.
  std::string ErrBefore, ErrAfter;
};

inline uint64_t fnv1a(std::string_view S, uint64_t H = 0xcbf29ce484222325ull) {
  for (unsigned char C : S) {
    H ^= C;
    H *= 0x100000001b3ull;
  }
  return H;
}

/// What a record is keyed by besides the directory: the command line and
/// the environment variables that change the include search path (Clang's
/// driver reads them), each as one more "\0env NAME=value" word, so a
/// change to one is another record.
inline std::vector<std::string> keyOf(std::vector<std::string> Argv) {
  for (const char *Var : {"CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH",
                          "OBJC_INCLUDE_PATH", "OBJCPLUS_INCLUDE_PATH",
                          "RACECAR_CLANG_RESOURCE_DIR"})
    if (const char *V = std::getenv(Var))
      Argv.push_back(std::string("\0env ", 5) + Var + "=" + V);
  return Argv;
}

/// The record's file name for a command line run in a directory.
inline std::string fileNameOf(const std::string &Cwd,
                              const std::vector<std::string> &Argv) {
  uint64_t H = fnv1a(Cwd);
  for (const std::string &A : Argv) {
    H = fnv1a(std::string_view("\0", 1), H);
    H = fnv1a(A, H);
  }
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%016llx.warm",
                static_cast<unsigned long long>(H));
  return Buf;
}

namespace detail {
inline void put32(std::string &O, uint32_t V) {
  for (int I = 0; I < 4; ++I)
    O.push_back(char(V >> (8 * I)));
}
inline void put64(std::string &O, uint64_t V) {
  for (int I = 0; I < 8; ++I)
    O.push_back(char(V >> (8 * I)));
}
inline void putStr(std::string &O, std::string_view S) {
  put32(O, uint32_t(S.size()));
  O.append(S.data(), S.size());
}
inline void putInput(std::string &O, const Input &I) {
  putStr(O, I.Path);
  O.push_back(I.Directory ? 2 : I.Present ? 1 : 0);
  put64(O, I.Size);
  put64(O, uint64_t(I.MTimeNs));
}

struct Reader {
  std::string_view In;
  size_t Pos = 0;
  bool Bad = false;
  uint64_t num(int Bytes) {
    if (In.size() - Pos < size_t(Bytes)) {
      Bad = true;
      return 0;
    }
    uint64_t V = 0;
    for (int I = 0; I < Bytes; ++I)
      V |= uint64_t(uint8_t(In[Pos + I])) << (8 * I);
    Pos += Bytes;
    return V;
  }
  std::string str() {
    uint64_t N = num(4);
    if (Bad || In.size() - Pos < N) {
      Bad = true;
      return {};
    }
    std::string S(In.substr(Pos, N));
    Pos += N;
    return S;
  }
  Input input() {
    Input I;
    I.Path = str();
    uint64_t Kind = num(1);
    I.Present = Kind != 0;
    I.Directory = Kind == 2;
    I.Size = num(8);
    I.MTimeNs = int64_t(num(8));
    return I;
  }
};
} // namespace detail

inline std::string encode(const Record &R) {
  using namespace detail;
  std::string O(Magic, 4);
  put32(O, Version);
  putStr(O, R.Cwd);
  put32(O, uint32_t(R.Argv.size()));
  for (const std::string &A : R.Argv)
    putStr(O, A);
  putInput(O, R.Analyzer);
  put32(O, uint32_t(R.Inputs.size()));
  for (const Input &I : R.Inputs)
    putInput(O, I);
  put32(O, uint32_t(R.ExitStatus));
  putStr(O, R.OutputPath);
  putStr(O, R.Output);
  putStr(O, R.ErrBefore);
  putStr(O, R.ErrAfter);
  put64(O, fnv1a(O));
  return O;
}

/// False if \p Bytes is not a whole, undamaged record of this version.
inline bool decode(std::string_view Bytes, Record &R) {
  using namespace detail;
  if (Bytes.size() < 16 || std::memcmp(Bytes.data(), Magic, 4) != 0)
    return false;
  Reader C{Bytes.substr(0, Bytes.size() - 8)};
  Reader Sum{Bytes.substr(Bytes.size() - 8)};
  if (Sum.num(8) != fnv1a(C.In))
    return false;
  C.Pos = 4;
  if (C.num(4) != Version)
    return false;
  R.Cwd = C.str();
  uint64_t N = C.num(4);
  for (uint64_t I = 0; I < N && !C.Bad; ++I)
    R.Argv.push_back(C.str());
  R.Analyzer = C.input();
  N = C.num(4);
  for (uint64_t I = 0; I < N && !C.Bad; ++I)
    R.Inputs.push_back(C.input());
  R.ExitStatus = int32_t(C.num(4));
  R.OutputPath = C.str();
  R.Output = C.str();
  R.ErrBefore = C.str();
  R.ErrAfter = C.str();
  return !C.Bad && C.Pos == C.In.size();
}

} // namespace racer::warm

#endif
