//===- Launcher.cpp - `racecar`: replay a warm scan, or run the analyzer ---===//
//
// Why: a scan of an unchanged tree should cost milliseconds, and most of
// what the analyzer costs then is loading libLLVM and libclang-cpp (18 of
// 22 ms on memcached). This is the `racecar` users run: a small program
// that links neither. For `racecar scan` with a cache, it looks for the warm
// record the analyzer left for this exact command line and directory
// (WarmRecord.h); if every file the answer depended on has the same size
// and modification time, it prints what the analyzer printed, writes its
// -o file, and exits with its status. Anything else (another command, no
// record, one changed stamp, an -o it does not write the usual way) runs
// the analyzer, racecar-analyzer beside this binary, with the same
// arguments.
//
// It interprets as few options as it can: -p, --cache-dir and -o (where the
// record and the output are), --no-cache and --stats. The record is keyed by
// the whole command line, and the analyzer writes one only for scans whose
// output depends on nothing but what the record stamps (no -v, --verify or
// --shard; no TU failed).
//===----------------------------------------------------------------------===//
#include "launcher/WarmRecord.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <ctime>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace {

using racer::warm::Input;
using racer::warm::Record;

double now() {
  timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return double(T.tv_sec) + double(T.tv_nsec) * 1e-9;
}

std::string selfPath() {
  char Buf[4096];
  ssize_t N = readlink("/proc/self/exe", Buf, sizeof Buf - 1);
  return N > 0 ? std::string(Buf, size_t(N)) : std::string();
}

std::string dirName(const std::string &P) {
  size_t Slash = P.rfind('/');
  if (Slash == std::string::npos)
    return ".";
  return Slash == 0 ? "/" : P.substr(0, Slash);
}

/// racecar-analyzer beside this binary (a build tree), else where
/// `cmake --install` puts it: <prefix>/libexec/racecar/ for <prefix>/bin/.
std::string analyzerPath(const std::string &Self) {
  std::string Dir = dirName(Self);
  std::string Beside = Dir + "/racecar-analyzer";
  std::string Installed = dirName(Dir) + "/libexec/racecar/racecar-analyzer";
  if (access(Beside.c_str(), X_OK) != 0 && access(Installed.c_str(), X_OK) == 0)
    return Installed;
  return Beside;
}

[[noreturn]] void runAnalyzer(char **Argv) {
  std::string Self = selfPath();
  std::string Analyzer = analyzerPath(Self);
  // The Ninja file the analyzer writes names the command users run.
  if (!Self.empty())
    setenv("RACECAR_LAUNCHER", Self.c_str(), 1);
  execv(Analyzer.c_str(), Argv);
  std::fprintf(stderr, "racecar: error: cannot run '%s': %s\n",
               Analyzer.c_str(), std::strerror(errno));
  std::exit(2);
}

/// Same size and modification time as recorded (or still absent).
bool unchanged(const Input &I) {
  struct stat St;
  if (I.Directory)
    return stat(I.Path.c_str(), &St) == 0 && S_ISDIR(St.st_mode) &&
           int64_t(St.st_mtim.tv_sec) * 1000000000 + St.st_mtim.tv_nsec ==
               I.MTimeNs;
  bool Present = stat(I.Path.c_str(), &St) == 0 && S_ISREG(St.st_mode);
  if (!I.Present)
    return !Present;
  return Present && uint64_t(St.st_size) == I.Size &&
         int64_t(St.st_mtim.tv_sec) * 1000000000 + St.st_mtim.tv_nsec ==
             I.MTimeNs;
}

/// Reads a regular file; anything else (a FIFO would block the open, a
/// device never ends) is no record.
bool readFile(const std::string &Path, std::string &Out) {
  int FD = open(Path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (FD < 0)
    return false;
  struct stat St;
  if (fstat(FD, &St) != 0 || !S_ISREG(St.st_mode)) {
    close(FD);
    return false;
  }
  char Buf[65536];
  for (;;) {
    ssize_t N = read(FD, Buf, sizeof Buf);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      close(FD);
      return N == 0;
    }
    Out.append(Buf, size_t(N));
  }
}

bool writeAll(int FD, const std::string &S) {
  size_t Done = 0;
  while (Done < S.size()) {
    ssize_t N = write(FD, S.data() + Done, S.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Done += size_t(N);
  }
  return true;
}

/// What the launcher needs of a `racecar scan` command line.
struct ScanOptions {
  std::string BuildPath, CacheDir, OutputPath = "-";
  bool NoCache = false;
};

/// LLVM's command-line syntax for the few options read here: -name value,
/// -name=value, --name value, --name=value. Everything after "--" is
/// compiler flags.
ScanOptions parse(int Argc, char **Argv) {
  ScanOptions O;
  for (int I = 2; I < Argc; ++I) {
    std::string A = Argv[I];
    if (A == "--")
      break;
    if (A.size() < 2 || A[0] != '-')
      continue;
    std::string Name = A.substr(A[1] == '-' ? 2 : 1), Value;
    bool HasValue = false;
    if (size_t Eq = Name.find('='); Eq != std::string::npos) {
      Value = Name.substr(Eq + 1);
      Name.resize(Eq);
      HasValue = true;
    }
    auto take = [&](std::string &Into) {
      if (HasValue)
        Into = Value;
      else if (I + 1 < Argc)
        Into = Argv[++I];
    };
    if (Name == "p")
      take(O.BuildPath);
    else if (Name == "cache-dir")
      take(O.CacheDir);
    else if (Name == "o")
      take(O.OutputPath);
    else if (Name == "no-cache")
      O.NoCache = true;
  }
  return O;
}

/// The cache directory the analyzer would use, or "" for none.
std::string cacheDirOf(const ScanOptions &O) {
  if (O.NoCache)
    return "";
  if (!O.CacheDir.empty())
    return O.CacheDir;
  if (O.BuildPath.empty())
    return "";
  struct stat St;
  std::string Dir = O.BuildPath;
  if (stat(Dir.c_str(), &St) == 0 && S_ISREG(St.st_mode))
    Dir = dirName(Dir);
  return Dir + "/.racecar-cache";
}

/// Writes \p Data to \p Path through a temporary file and rename(2), as the
/// analyzer does. False (nothing written) for anything but a regular file
/// or a new one in an existing directory: the analyzer handles the rest.
bool writeOutputFile(const std::string &Path, const std::string &Data) {
  if (Path.rfind("/dev/", 0) == 0 || Path.rfind("/proc/", 0) == 0)
    return false;
  struct stat St;
  if (stat(Path.c_str(), &St) == 0 && !S_ISREG(St.st_mode))
    return false;
  char Suffix[48];
  std::snprintf(Suffix, sizeof Suffix, ".tmp-%08lx%08lx", long(getpid()),
                long(now() * 1e6) & 0xffffffffL);
  std::string Tmp = Path + Suffix;
  int FD = open(Tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (FD < 0)
    return false;
  bool Ok = writeAll(FD, Data);
  Ok = close(FD) == 0 && Ok;
  if (!Ok || rename(Tmp.c_str(), Path.c_str()) != 0) {
    unlink(Tmp.c_str());
    return false;
  }
  return true;
}

/// Replays \p R if it is the answer to this command line; returns the exit
/// status, or -1 to run the analyzer instead.
int replay(const Record &R, const ScanOptions &O, double Start) {
  if (!unchanged(R.Analyzer))
    return -1;
  for (const Input &I : R.Inputs)
    if (!unchanged(I))
      return -1;
  if (R.OutputPath != O.OutputPath)
    return -1;
  if (O.OutputPath != "-" && !writeOutputFile(O.OutputPath, R.Output))
    return -1;
  // A closed or broken standard error is not a failure (as in the analyzer).
  signal(SIGPIPE, SIG_IGN);
  writeAll(2, R.ErrBefore);
  if (O.OutputPath == "-" && !writeAll(1, R.Output)) {
    std::string Msg = std::string("racecar: error: cannot write to standard "
                                  "output: ") +
                      std::strerror(errno) + "\n";
    writeAll(2, Msg);
    return 2;
  }
  std::string After = R.ErrAfter;
  const std::string Marker = racer::warm::ElapsedMarker;
  char Seconds[32];
  std::snprintf(Seconds, sizeof Seconds, "%8.3f", now() - Start);
  for (size_t P; (P = After.find(Marker)) != std::string::npos;)
    After.replace(P, Marker.size(), Seconds);
  writeAll(2, After);
  return R.ExitStatus;
}

} // namespace

int main(int Argc, char **Argv) {
  const double Start = now();
  if (Argc < 2 || std::strcmp(Argv[1], "scan") != 0)
    runAnalyzer(Argv);
  ScanOptions O = parse(Argc, Argv);
  std::string Cache = cacheDirOf(O);
  char Cwd[4096];
  if (Cache.empty() || !getcwd(Cwd, sizeof Cwd))
    runAnalyzer(Argv);
  std::vector<std::string> Args =
      racer::warm::keyOf(std::vector<std::string>(Argv + 1, Argv + Argc));
  std::string Bytes;
  Record R;
  if (!readFile(Cache + "/warm/" + racer::warm::fileNameOf(Cwd, Args),
                Bytes) ||
      !racer::warm::decode(Bytes, R) || R.Cwd != Cwd || R.Argv != Args)
    runAnalyzer(Argv);
  int Status = replay(R, O, Start);
  if (Status < 0)
    runAnalyzer(Argv);
  return Status;
}
