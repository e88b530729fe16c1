// std::thread with a free function and a pointer argument: both threads receive the same Metrics object.
#include <thread>

namespace ingest {

struct Metrics {
  long records = 0;
  long rejected = 0;
};

void consume_partition_bad(Metrics *m, int partition) {
  for (int i = 0; i < 100; ++i)
    m->records += partition; // expected-race{{records` in 'ingest::consume_partition_bad' races with itself}}
}

} // namespace ingest

int main() {
  ingest::Metrics metrics;
  std::thread p0(ingest::consume_partition_bad, &metrics, 0);
  std::thread p1(ingest::consume_partition_bad, &metrics, 1);
  metrics.rejected = 0; // no thread touches rejected
  p0.join();
  p1.join();
  return static_cast<int>(metrics.records);
}
