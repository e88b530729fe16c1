//===- PeakMemory.cpp - Peak resident memory per phase --------------------===//
#include "driver/PeakMemory.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <thread>

#include <unistd.h>

namespace racer::driver {
namespace {

/// The resident size in KiB (/proc/self/statm's second field), or 0.
unsigned long long residentKiB() {
  std::FILE *F = std::fopen("/proc/self/statm", "r");
  if (!F)
    return 0;
  unsigned long long Size = 0, Resident = 0;
  int N = std::fscanf(F, "%llu %llu", &Size, &Resident);
  std::fclose(F);
  if (N != 2)
    return 0;
  return Resident * (unsigned long long)(sysconf(_SC_PAGESIZE)) / 1024;
}

/// The process's high-water mark so far (VmHWM, never reset), in KiB, or 0.
unsigned long long highWaterKiB() {
  std::FILE *F = std::fopen("/proc/self/status", "r");
  if (!F)
    return 0;
  char Line[256];
  unsigned long long KiB = 0;
  while (std::fgets(Line, sizeof Line, F))
    if (std::sscanf(Line, "VmHWM: %llu", &KiB) == 1)
      break;
  std::fclose(F);
  return KiB;
}

/// The current phase's maximum, in KiB; before the first phase, none.
std::atomic<unsigned long long> PhaseMaxKiB{0};
std::atomic<bool> PhaseStarted{false};

void noteResident(unsigned long long KiB) {
  unsigned long long Old = PhaseMaxKiB.load(std::memory_order_relaxed);
  while (KiB > Old && !PhaseMaxKiB.compare_exchange_weak(
                          Old, KiB, std::memory_order_relaxed))
    ;
}

/// One sampler for the process, started on first use and left running
/// (detached: the process ends with it).
void startSampler() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    std::thread([] {
      for (;;) {
        noteResident(residentKiB());
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    }).detach();
  });
}

} // namespace

double peakRssMiB() {
  if (!PhaseStarted.load())
    return double(highWaterKiB()) / 1024; // the process's peak so far
  noteResident(residentKiB());
  return double(PhaseMaxKiB.load(std::memory_order_relaxed)) / 1024;
}

bool resetPeakRss() {
  unsigned long long Now = residentKiB();
  PhaseMaxKiB.store(Now, std::memory_order_relaxed);
  PhaseStarted.store(true);
  startSampler();
  return Now != 0;
}

} // namespace racer::driver
