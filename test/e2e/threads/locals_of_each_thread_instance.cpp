// A thread started more than once whose body keeps a local, fills it, then
// hands it by reference to helper threads of its own (rocksdb's
// `LoadTableHandlers`: `files_meta` filled, then read by the loader
// threads it starts and joins). Each instance makes its own local: two
// instances never share it, and within one instance the fill comes before
// the helpers start. A local of the function that starts the instances is
// one object for all of them: their writes to it race.
#include <thread>
#include <vector>

static void load_batch_ok() {
  std::vector<int> files;
  for (int i = 0; i < 8; i++)
    files.push_back(i);
  long sum = 0;
  std::thread helper([&files, &sum] {
    for (int f : files)
      sum += f;
  });
  helper.join();
  files.clear();
}

void start_loaders_ok() {
  std::vector<std::thread> loaders;
  for (int i = 0; i < 4; i++)
    loaders.emplace_back(load_batch_ok);
  for (std::thread &t : loaders)
    t.join();
}

void shared_batch_bad() {
  std::vector<int> batch;
  std::vector<std::thread> loaders;
  for (int i = 0; i < 4; i++)
    loaders.emplace_back([&batch, i] {
      batch.push_back(i); // expected-race{{unprotected write to container `batch` (call to 'std::vector::push_back') in 'shared_batch_bad::lambda@+4:26' races with itself on another thread}}
    });
  for (std::thread &t : loaders)
    t.join();
}

int main() {
  start_loaders_ok();
  shared_batch_bad();
  return 0;
}
