//===- TaskDag.cpp - A recursive SCC's members run on TBB -----------------===//
#include "driver/TaskDag.h"

#include <tbb/task_group.h>

#include <atomic>
#include <functional>
#include <memory>

namespace racer::driver {

void TbbTaskScheduler::runDag(const FlatLists &Before,
                              llvm::function_ref<void(uint32_t)> Task) const {
  const uint32_t N = uint32_t(Before.size());
  // Below this, a task's start costs more than the overlap saves.
  constexpr uint32_t MinParallel = 16;
  if (N < MinParallel) {
    TaskScheduler::runDag(Before, Task);
    return;
  }
  std::vector<std::vector<uint32_t>> After(N);
  std::unique_ptr<std::atomic<uint32_t>[]> Pending(
      new std::atomic<uint32_t>[N]);
  for (uint32_t I = 0; I < N; ++I) {
    Pending[I].store(uint32_t(Before[I].size()), std::memory_order_relaxed);
    for (uint32_t J : Before[I])
      After[J].push_back(I);
  }
  tbb::task_group Group;
  std::function<void(uint32_t)> Run = [&](uint32_t I) {
    Task(I);
    for (uint32_t Next : After[I])
      if (Pending[Next].fetch_sub(1, std::memory_order_acq_rel) == 1)
        Group.run([&Run, Next] { Run(Next); });
  };
  for (uint32_t I = 0; I < N; ++I)
    if (Before[I].empty())
      Group.run([&Run, I] { Run(I); });
  Group.wait();
}

} // namespace racer::driver
