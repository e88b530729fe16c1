//===- FunctionDigest.cpp - What a function is, in 128 bits ---------------===//
#include "summarize/ir/FunctionDigest.h"
#include "summarize/ir/BodyWriter.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cassert>
#include <cstdio>

namespace racer::ir {

// Every field of these types must be written below. If one of these fires,
// the IR changed: hash the new field, then update the size.
#if defined(__x86_64__) && defined(__GLIBCXX__) && !defined(_GLIBCXX_DEBUG)
#define RACER_DIGESTED_SIZE(T, N)                                              \
  static_assert(sizeof(T) == N, "the IR changed: update FunctionDigest (" #T ")")
RACER_DIGESTED_SIZE(Loc, 12);
RACER_DIGESTED_SIZE(PathStep, 8);
RACER_DIGESTED_SIZE(AccessPath, 72);
RACER_DIGESTED_SIZE(Operand, 80);
RACER_DIGESTED_SIZE(DeclaredLockEffect, 80);
RACER_DIGESTED_SIZE(CallInfo, 176);
RACER_DIGESTED_SIZE(CallableArg, 248);
RACER_DIGESTED_SIZE(Instr, 112);
RACER_DIGESTED_SIZE(Block, 88);
RACER_DIGESTED_SIZE(SyncPatterns, 160);
RACER_DIGESTED_SIZE(Function, 168);
#undef RACER_DIGESTED_SIZE
#endif

std::string Digest::hex() const {
  char Buf[33];
  std::snprintf(Buf, sizeof Buf, "%016llx%016llx",
                static_cast<unsigned long long>(High),
                static_cast<unsigned long long>(Low));
  return Buf;
}

Digest Digest::of(llvm::StringRef Bytes) {
  llvm::XXH128_hash_t H = llvm::xxh3_128bits(llvm::arrayRefFromStringRef(Bytes));
  return Digest{H.low64, H.high64};
}

DigestBuilder &DigestBuilder::u64(uint64_t V) {
  Bytes.append(reinterpret_cast<const char *>(&V), sizeof V);
  return *this;
}

DigestBuilder &DigestBuilder::str(llvm::StringRef S) {
  u64(S.size());
  Bytes.append(S.data(), S.size());
  return *this;
}

namespace {

/// Writes a function canonically: varints, and each distinct string in full
/// at its first use, then by its number of first use.
class Writer : public BodyWriter<Writer> {
public:
  Writer(std::string &Out, llvm::ArrayRef<std::string> Files)
      : Out(Out), Files(Files) {}

  void u8(uint8_t V) { Out.push_back(static_cast<char>(V)); }
  void text(llvm::StringRef S) {
    var(S.size());
    Out.append(S.data(), S.size());
  }
  void sym(Symbol S) {
    auto [It, New] = Seen.try_emplace(S.opaque(), uint32_t(Seen.size()));
    if (!New) {
      var(It->second + 1);
      return;
    }
    var(0);
    text(S.str());
  }
  void loc(const Loc &L) {
    // No location (all zero) is not a place in Files[0]: the same in every
    // module, whatever its main file.
    if (L == Loc()) {
      var(0);
      return;
    }
    auto [It, New] = SeenFiles.try_emplace(L.File, uint32_t(SeenFiles.size()));
    if (New) {
      var(1);
      text(L.File < Files.size() ? llvm::StringRef(Files[L.File])
                                 : llvm::StringRef("<no file>"));
    } else {
      var(It->second + 2);
    }
    line(L.File, L.Line);
    var(L.Col);
  }
  /// A line of the function's own text as its distance from the first
  /// line, any other as it is: code that moves down its file keeps its
  /// digest (what the summary cache reuses it by), code that refers to
  /// other places does not.
  void line(uint32_t File, uint32_t Line) {
    if (LinesOfTargets) {
      var(2);
      return;
    }
    if (File == Own.File && Line >= Own.Line && Line <= OwnLast) {
      var(1);
      var(Line - Own.Line);
    } else {
      var(0);
      var(Line);
    }
  }
  // An absent operand or call reads as its default (Instr::value(),
  // call()), and a module read from the cache has none where the default
  // was written: the same instruction either way, so the same bytes.
  static bool isDefault(const AccessPath &P) {
    return P.Root == RootKind::Local && P.Index == 0 && P.Symbol.empty() &&
           P.Spelling.empty() && P.Steps.empty();
  }
  static bool isDefault(const Operand &O) {
    return O.K == Operand::Kind::Unknown && isDefault(O.Path);
  }
  static bool isDefault(const CallInfo &C) {
    return C.Callee.empty() && C.CalleeName.empty() && C.Args.empty() &&
           C.ArgTypes.empty() && C.ResultLocal == -1 && C.ScalarResult == -1 &&
           !C.IsConstructor && !C.IsDestructor && !C.MakesClosure &&
           !C.UnderModeTest && !C.RunsTask && C.DeclaredEffects.empty() &&
           C.Callables.empty() && C.ElementType.empty() &&
           C.LoopRange.empty() && !C.DistinctArgs && !C.WritableArgs &&
           !C.WalkedArgs && C.ScalarArgs.empty();
  }
  void instr(const Instr &I) {
    writeInstr(I, !isDefault(I.value()), !isDefault(I.call()));
  }
  void function(const Function &F) {
    // A slot's dispatcher (summarize/IndirectCalls.h) has no text: its
    // places are its targets' first lines, which follow the targets
    // (LineAnchors.h); its calls name the targets.
    LinesOfTargets = F.Specialized && isIndirectCallee(F.Symbol.str());
    Own = F.Location;
    OwnLast = std::max(F.LastLine, F.Location.Line);
    sym(F.Symbol);
    sym(F.Name);
    sym(F.Class);
    u8(uint8_t(F.Access));
    u8(uint8_t(F.Kind));
    var(F.Formals.size());
    for (Symbol S : F.Formals)
      sym(S);
    var(F.Locals.size());
    for (Symbol S : F.Locals)
      sym(S);
    loc(F.Location);
    var(OwnLast - Own.Line);
    var(F.Blocks.size());
    for (const Block &B : F.Blocks)
      block(B);
    effects(F.DeclaredEffects);
    loc(F.Patterns->HandRolledSync);
    var(F.UpdatesAtomically);
    var(F.OnlyForwards);
    var(F.LockWrapper);
    var(uint8_t(F.DocumentedRequires));
    var(F.Specialized);
    loc(F.Patterns->ConditionWait);
    var(F.Patterns->ConditionWaitSignals);
    line(F.Location.File, F.Patterns->LastSignalLine);
    var(F.Patterns->SignalledWait);
    loc(F.Patterns->BarrierWait);
    loc(F.Patterns->OnceInit);
    line(F.Patterns->OnceInit.File, F.Patterns->OnceInitLast);
    sym(F.Patterns->OnceInitVar);
    var(F.Patterns->OnceInitUnwritten.size());
    for (ir::Symbol U : F.Patterns->OnceInitUnwritten)
      sym(U);
    loc(F.Patterns->FlagGuard);
    line(F.Patterns->FlagGuard.File, F.Patterns->FlagGuardLast);
    sym(F.Patterns->FlagGuardVar);
    loc(F.Patterns->AcquireRegion);
    line(F.Patterns->AcquireRegion.File, F.Patterns->AcquireRegionLast);
    sym(F.Patterns->AcquireVar);
    var(F.Patterns->AcquireSpin);
    var(F.Patterns->AcquireLastOwner);
    line(F.Location.File, F.Patterns->PublishLine);
    sym(F.Patterns->PublishVar);
  }

private:
  std::string &Out;
  llvm::ArrayRef<std::string> Files;
  llvm::DenseMap<const void *, uint32_t> Seen;
  llvm::DenseMap<uint32_t, uint32_t> SeenFiles;
  bool LinesOfTargets = false;
  Loc Own;              ///< the function's first place
  uint32_t OwnLast = 0; ///< and the last line of its text
};

} // namespace

Digest functionDigest(const Function &F, llvm::ArrayRef<std::string> Files) {
  assert(!F.Packed && "functionDigest needs the body");
  thread_local std::string Buffer;
  Buffer.clear();
  Writer W(Buffer, Files);
  W.function(F);
  return Digest::of(Buffer);
}

} // namespace racer::ir
