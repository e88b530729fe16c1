// A job tracker whose private bookkeeping helper lives in another TU than its public API.
#ifndef JOB_TRACKER_H
#define JOB_TRACKER_H

#include <mutex>
#include <string>
#include <vector>

namespace ci {

class JobTracker {
public:
  void start_ok(const std::string &job);
  void finish_bad(const std::string &job, bool ok);
  long failures_ok() const;

private:
  void account(bool ok);
  void appendLog(const std::string &line);

  mutable std::mutex mu_;
  std::vector<std::string> running_;
  std::vector<std::string> log_;
  long finished_ = 0;
  long failures_ = 0;
};

} // namespace ci

#endif
