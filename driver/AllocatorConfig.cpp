//===- AllocatorConfig.cpp - jemalloc's settings for the analyzer ---------===//
//
// Compiled into racecar-analyzer and the benchmarks that stand for it when
// they link jemalloc (driver/CMakeLists.txt). jemalloc reads `malloc_conf`
// when it starts (MALLOC_CONF in the environment still overrides it).
//
// Pages freed stay with the process for a second, not jemalloc's default
// ten: a scan frees its parse's memory, then the summaries of callers done,
// phase after phase, and ten seconds kept most of it. Measured (perf/README,
// eighteenth session): redis cold peak 243 -> 228 MiB without cache, 323 ->
// 312 MiB with one; the 1M-function link+reduce -110 MiB; times within 2%.
// A decay of 0 costs half as much time again (thirteenth session).
//===----------------------------------------------------------------------===//

extern "C" {
// NOLINTNEXTLINE: jemalloc's documented name.
const char *malloc_conf = "dirty_decay_ms:1000,muzzy_decay_ms:0";
}
