//===- PeakMemoryTest.cpp - Peak resident memory per phase ----------------===//
#include "driver/PeakMemory.h"

#include "gtest/gtest.h"

#include <chrono>
#include <cstring>
#include <memory>
#include <thread>

#include <sys/resource.h>

using namespace racer::driver;

namespace {

/// The process's maximum resident size as getrusage reports it (what
/// `/usr/bin/time -f %M` prints for a child), in MiB.
double maxRssMiB() {
  rusage U{};
  getrusage(RUSAGE_SELF, &U);
  return double(U.ru_maxrss) / 1024;
}

/// Allocates and touches \p MiB, holds it for \p Ms, frees it.
void touch(size_t MiB, int Ms) {
  const size_t N = MiB << 20;
  std::unique_ptr<char[]> P(new char[N]);
  std::memset(P.get(), 1, N);
  std::this_thread::sleep_for(std::chrono::milliseconds(Ms));
  volatile char Sink = P[N / 2];
  (void)Sink;
}

TEST(PeakMemory, APhasePeakIsSeenAndTheProcessMaximumIsKept) {
  ASSERT_TRUE(resetPeakRss());
  const double Start = peakRssMiB();
  touch(96, 60); // the phase's peak, gone before it is read
  const double Phase = peakRssMiB();
  EXPECT_GE(Phase, Start + 80) << "the sampler saw the phase's peak";
  const double Max = maxRssMiB();
  EXPECT_GE(Max, Start + 80);
  // A new phase starts low, and the process's maximum stays: resetting the
  // kernel's high-water mark would have lowered what getrusage reports.
  ASSERT_TRUE(resetPeakRss());
  EXPECT_LT(peakRssMiB(), Phase - 40);
  EXPECT_GE(maxRssMiB(), Max - 1);
}

} // namespace
