//===- PeakMemory.h - Peak resident memory per phase ------------*- C++ -*-===//
//
// Why: `--stats` says how much memory each phase held at its peak. The
// kernel keeps one high-water mark per process (VmHWM), and resetting it
// per phase (/proc/self/clear_refs) also resets what getrusage reports as
// the process's maximum: `/usr/bin/time -f %M`, the benchmarks' timed.py
// and a build farm's accounting then saw only the last phase's peak (a
// cold redis scan: ~490 MiB where the summarize phase held ~610 MiB). So the
// kernel's mark is never reset: a sampler thread reads the resident size
// every few milliseconds and keeps the phase's maximum.
//
//   resetPeakRss();          // a phase starts
//   ... work ...
//   double MiB = peakRssMiB(); // its peak (sampled, and now)
//===----------------------------------------------------------------------===//
#ifndef RACER_DRIVER_PEAKMEMORY_H
#define RACER_DRIVER_PEAKMEMORY_H

namespace racer::driver {

/// Peak resident memory of the process (MiB) since the last resetPeakRss()
/// as sampled (before the first, the process's high-water mark); 0 if
/// unknown.
double peakRssMiB();
/// Starts a new phase's peak, at the current resident size (starting the
/// sampler on first use); false if the resident size cannot be read.
bool resetPeakRss();

} // namespace racer::driver

#endif
