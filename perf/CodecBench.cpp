//===- CodecBench.cpp - Throughput of the per-TU file codec ---------------===//
//
// Encode and decode of synthetic TUs (perf/SyntheticIR) of N functions.
// bytes/s is over the uncompressed Cap'n Proto message, items/s counts
// functions; counters give the message and file sizes per function.
//
//   racecar_codec_bench --benchmark_filter='Encode|Decode'
//
// Arguments: /N/dedup[/summaries] where dedup=0 stores every string
// occurrence separately (what the string table saves) and summaries=1 adds
// the real summarizer's summaries of every function to the file.
//===----------------------------------------------------------------------===//
#include "perf/SyntheticIR.h"
#include "serialize/ModuleCodec.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <tuple>

using namespace racer;

namespace {

const serialize::TUFile &syntheticFile(unsigned N, bool Summaries) {
  static std::map<std::pair<unsigned, bool>, std::unique_ptr<serialize::TUFile>>
      Cache;
  auto &Slot = Cache[{N, Summaries}];
  if (!Slot) {
    perf::SyntheticOptions O;
    O.Functions = N;
    O.SharedFunctions = N / 10;
    Slot = std::make_unique<serialize::TUFile>();
    Slot->Module = perf::makeSyntheticModule(O);
    Slot->MainFile = Slot->Module.MainFile;
    if (Summaries)
      Slot->Summaries = perf::summarizeSyntheticModule(Slot->Module);
  }
  return *Slot;
}

void setCounters(benchmark::State &State, const serialize::TUFile &F,
                 const std::vector<uint8_t> &Bytes) {
  llvm::Expected<serialize::FileHeader> H = serialize::peekHeader(Bytes);
  if (!H) {
    State.SkipWithError(llvm::toString(H.takeError()).c_str());
    return;
  }
  double Fns = double(F.Module.Functions.size());
  State.SetBytesProcessed(int64_t(State.iterations() * H->MessageBytes));
  State.SetItemsProcessed(int64_t(State.iterations() * F.Module.Functions.size()));
  State.counters["file_B_per_fn"] = double(Bytes.size()) / Fns;
  State.counters["msg_B_per_fn"] = double(H->MessageBytes) / Fns;
  State.counters["instrs_per_fn"] = double(perf::instructionCount(F.Module)) / Fns;
  State.counters["ratio"] = double(H->MessageBytes) / double(Bytes.size());
}

serialize::EncodeOptions options(const benchmark::State &State) {
  serialize::EncodeOptions O;
  O.DedupStrings = State.range(1) != 0;
  if (State.range(3) != 0)
    O.ZstdLevel = int(State.range(3));
  return O;
}

void BM_Encode(benchmark::State &State) {
  const serialize::TUFile &F = syntheticFile(unsigned(State.range(0)), State.range(2));
  serialize::EncodeOptions O = options(State);
  std::vector<uint8_t> Bytes;
  for (auto _ : State) {
    Bytes = serialize::encodeTUFile(F, O);
    benchmark::DoNotOptimize(Bytes.data());
  }
  setCounters(State, F, Bytes);
}

void BM_Decode(benchmark::State &State) {
  const serialize::TUFile &F = syntheticFile(unsigned(State.range(0)), State.range(2));
  std::vector<uint8_t> Bytes = serialize::encodeTUFile(F, options(State));
  for (auto _ : State) {
    llvm::Expected<serialize::TUFile> Out = serialize::decodeTUFile(Bytes);
    if (!Out) {
      State.SkipWithError(llvm::toString(Out.takeError()).c_str());
      return;
    }
    benchmark::DoNotOptimize(Out->Module.Functions.data());
  }
  setCounters(State, F, Bytes);
}

/// N, dedup, summaries, zstd level (0 = default).
void codecArgs(benchmark::internal::Benchmark *B) {
  B->ArgNames({"fns", "dedup", "summ", "lvl"});
  for (int64_t N : {100, 1000, 10000})
    for (int64_t Dedup : {1, 0})
      B->Args({N, Dedup, 0, 0});
  for (int64_t Dedup : {1, 0})
    B->Args({1000, Dedup, 1, 0});
  for (int64_t Level : {1, 9, 19})
    B->Args({1000, 1, 0, Level});
  B->Unit(benchmark::kMicrosecond);
}

BENCHMARK(BM_Encode)->Apply(codecArgs);
BENCHMARK(BM_Decode)->Apply(codecArgs);

} // namespace

BENCHMARK_MAIN();
