//===- TaskDag.h - A recursive SCC's members run on TBB --------*- C++ -*-===//
//
// Why: one recursive SCC can hold most of a program's work (redis: Lua's
// interpreter and the event loop, 1,096 functions joined through a hook,
// 40% of the summarize phase on one core). A round of its fixpoint runs
// each member after the members before it that it calls
// (ProgramSummarizer::computeSCC), which leaves most members free to run at
// once: the critical path of a round there is a tenth of its work.
//
//   TbbTaskScheduler Sched;
//   PS.setScheduler(&Sched);   // PS's SCCs then run their members here
//===----------------------------------------------------------------------===//
#ifndef RACER_DRIVER_TASKDAG_H
#define RACER_DRIVER_TASKDAG_H

#include "summarize/Summarizer.h"

namespace racer::driver {

/// TaskScheduler::runDag on TBB tasks, in the arena of the caller (a task
/// of forEachSCCBottomUp's): small DAGs run in order, on the caller.
class TbbTaskScheduler final : public TaskScheduler {
public:
  void runDag(const FlatLists &Before,
              llvm::function_ref<void(uint32_t)> Task) const override;
};

} // namespace racer::driver

#endif
