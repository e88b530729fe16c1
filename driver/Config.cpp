//===- Config.cpp - The project's .racecar.yaml ---------------------------===//
#include "driver/Config.h"
#include "summarize/InputNesting.h"
#include "serialize/FileOutput.h"
#include "report/ReportCollector.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using racer::driver::Config;

LLVM_YAML_IS_SEQUENCE_VECTOR(racer::UserModels::ThreadStart)
LLVM_YAML_IS_SEQUENCE_VECTOR(racer::UserEventLoop)

namespace llvm::yaml {
template <> struct MappingTraits<racer::UserModels::ThreadStart> {
  static void mapping(IO &IO, racer::UserModels::ThreadStart &T) {
    IO.mapRequired("function", T.Function);
    IO.mapOptional("entry", T.Entry, 0);
    IO.mapOptional("arg", T.Arg, -1);
    IO.mapOptional("pool", T.Pool, false);
  }
};
template <> struct MappingTraits<racer::UserEventLoop> {
  static void mapping(IO &IO, racer::UserEventLoop &R) {
    IO.mapRequired("function", R.Function);
    IO.mapRequired("role", R.Role);
    IO.mapOptional("loop", R.Loop, -1);
    IO.mapOptional("event", R.Event, -1);
    IO.mapOptional("callbacks", R.Callbacks);
  }
};
template <> struct MappingTraits<racer::UserModels> {
  static void mapping(IO &IO, racer::UserModels &M) {
    IO.mapOptional("lock", M.Lock);
    IO.mapOptional("unlock", M.Unlock);
    IO.mapOptional("try_lock", M.TryLock);
    IO.mapOptional("lock_shared", M.LockShared);
    IO.mapOptional("guards", M.Guards);
    IO.mapOptional("thread_start", M.ThreadStarts);
    IO.mapOptional("event_loops", M.EventLoops);
  }
};
template <> struct MappingTraits<Config> {
  static void mapping(IO &IO, Config &C) {
    IO.mapOptional("exclude", C.Exclude);
    IO.mapOptional("disable", C.Disable);
    IO.mapOptional("confidence", C.Confidence);
    IO.mapOptional("single_threaded", C.SingleThreaded);
    IO.mapOptional("thread_safe", C.ThreadSafe);
    IO.mapOptional("information_uri", C.InformationUri);
    IO.mapOptional("models", C.Models);
  }
  static std::string validate(IO &, Config &C) {
    if (C.Confidence && *C.Confidence != "high" && *C.Confidence != "low" &&
        *C.Confidence != "all")
      return "confidence must be high, low or all";
    for (const std::string &R : C.Disable)
      if (R != racer::report::UnprotectedWriteRuleId &&
          R != racer::report::ReadWriteRaceRuleId &&
          R != racer::report::DifferentLocksRuleId)
        return "unknown rule '" + R + "' in disable";
    // Argument positions, 0-based: a negative or absurd one would silently
    // turn the model off (`-1` used to act like 0).
    for (const racer::UserModels::ThreadStart &T : C.Models.ThreadStarts) {
      if (T.Entry < 0 || T.Entry > 63)
        return "thread_start '" + T.Function + "': entry " +
               std::to_string(T.Entry) +
               " is not an argument position (0 is the first argument)";
      if (T.Arg < -1 || T.Arg > 63)
        return "thread_start '" + T.Function + "': arg " +
               std::to_string(T.Arg) +
               " is not an argument position (0 is the first argument; -1 "
               "or none: no argument)";
      if (T.Arg == T.Entry)
        return "thread_start '" + T.Function + "': entry and arg are both " +
               std::to_string(T.Entry);
    }
    for (const racer::UserEventLoop &R : C.Models.EventLoops)
      if (std::string Why = racer::checkUserEventLoop(R); !Why.empty())
        return Why;
    // The exclude patterns, named with the file (the filter built from them
    // later would not know where they came from).
    for (const std::string &R : C.Exclude) {
      std::string Why;
      if (!llvm::Regex(R).isValid(Why))
        return "exclude: '" + R + "' is not a valid regular expression: " + Why;
    }
    return "";
  }
};
} // namespace llvm::yaml

namespace racer::driver {

llvm::Expected<Config> parseConfig(llvm::StringRef Text,
                                   const std::string &Path) {
  if (std::optional<NestingPlace> At =
          tooDeeplyNested(Text, /*SingleQuotes=*/true))
    return llvm::createStringError(
        std::make_error_code(std::errc::invalid_argument),
        "%s:%u:%u: nested more than %u levels deep", Path.c_str(), At->Line,
        At->Column, MaxInputNesting);
  Config C;
  std::string Diag;
  llvm::raw_string_ostream DiagOS(Diag);
  llvm::yaml::Input In(Text, nullptr,
                       [](const llvm::SMDiagnostic &D, void *Ctx) {
                         D.print(nullptr,
                                 *static_cast<llvm::raw_string_ostream *>(Ctx),
                                 /*ShowColors=*/false);
                       },
                       &DiagOS);
  if (!Text.trim().empty())
    In >> C;
  DiagOS.flush();
  if (In.error()) {
    // SMDiagnostic prints "YAML:3:1: error: unknown key 'x'": name the file.
    llvm::StringRef D = llvm::StringRef(Diag).trim();
    if (D.consume_front("YAML:")) {
      std::string First = D.split('\n').first.str();
      // A check of the whole document (validate) is placed at its start:
      // one about a value names it quoted ('...'), and is placed where the
      // value is written instead.
      llvm::StringRef Msg = llvm::StringRef(First).split(": error: ").second;
      size_t Q = Msg.find('\'');
      if (llvm::StringRef(First).starts_with("1:1: ") && Q != llvm::StringRef::npos) {
        llvm::StringRef Value = Msg.substr(Q + 1).split('\'').first;
        if (size_t At = Value.empty() ? llvm::StringRef::npos : Text.find(Value);
            At != llvm::StringRef::npos) {
          llvm::StringRef Before = Text.substr(0, At);
          size_t Line = Before.count('\n') + 1;
          size_t Col = At - (Before.rfind('\n') + 1) + 1; // (npos + 1 == 0)
          First = std::to_string(Line) + ":" + std::to_string(Col) +
                  ": error: " + Msg.str();
        }
      }
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     Path + ":" + First);
    }
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   Path + ": " + D.split('\n').first.str());
  }
  C.Path = Path;
  if (C.Confidence && *C.Confidence == "all")
    C.Confidence = "low";
  return C;
}

std::vector<std::string> configCandidates(llvm::StringRef StartDir) {
  // Up to the repository's root (the first directory holding .git, .hg or
  // .svn), never above it: a config in a shared parent (the system's
  // temporary directory, a home directory) is not the project's. Outside
  // any repository, the start directory and its parent (a build directory
  // and the project holding it).
  std::vector<std::string> Out;
  llvm::SmallString<256> Dir(StartDir);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  auto isRoot = [](llvm::StringRef D) {
    for (const char *VCS : {".git", ".hg", ".svn"}) {
      llvm::SmallString<256> P(D);
      llvm::sys::path::append(P, VCS);
      if (llvm::sys::fs::exists(P))
        return true;
    }
    return false;
  };
  std::vector<std::string> Walk;
  bool InRepository = false;
  while (!Dir.empty()) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, ".racecar.yaml");
    Walk.push_back(std::string(P));
    if (isRoot(Dir)) {
      InRepository = true;
      break;
    }
    llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
    if (Parent == Dir)
      break;
    Dir = Parent;
  }
  if (!InRepository && Walk.size() > 2)
    Walk.resize(2);
  Out = std::move(Walk);
  return Out;
}

std::optional<std::string> findConfig(llvm::StringRef StartDir) {
  for (const std::string &P : configCandidates(StartDir))
    if (llvm::sys::fs::is_regular_file(P))
      return P;
  return std::nullopt;
}

llvm::Expected<Config> loadConfig(const std::string &Path) {
  auto B = racer::serialize::readRegularFile(Path, /*IsText=*/true);
  if (!B)
    return llvm::createStringError(
        B.getError(), "cannot read config '%s': %s", Path.c_str(),
        B.getError() == std::errc::invalid_argument
            ? "not a regular file"
            : B.getError().message().c_str());
  return parseConfig((*B)->getBuffer(), Path);
}

llvm::Expected<PathFilter>
PathFilter::create(const std::vector<std::string> &Res) {
  PathFilter F;
  for (const std::string &R : Res) {
    auto Re = std::make_shared<llvm::Regex>(R);
    std::string Err;
    if (!Re->isValid(Err))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "bad exclude regex '%s': %s", R.c_str(),
                                     Err.c_str());
    F.Res.push_back(std::move(Re));
  }
  return F;
}

bool PathFilter::excludes(llvm::StringRef Path) const {
  return std::any_of(Res.begin(), Res.end(),
                     [&](const auto &Re) { return Re->match(Path); });
}

unsigned applyConfig(std::vector<report::Report> &Reports, const Config &C,
                     const PathFilter &Exclude) {
  size_t Before = Reports.size();
  llvm::erase_if(Reports, [&](const report::Report &R) {
    return Exclude.excludes(R.Loc.File) ||
           llvm::is_contained(C.Disable, R.RuleId) ||
           llvm::is_contained(C.SingleThreaded, R.Class);
  });
  return static_cast<unsigned>(Before - Reports.size());
}

} // namespace racer::driver
