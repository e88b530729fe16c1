// Known miss: a functor carries a pointer to shared state in a member; racecar does not follow the copy of the
// functor into the thread, so the object its member points to is not known.
#include <thread>

struct Gauge {
  long value = 0;
};

struct Sampler {
  Gauge *gauge;
  void operator()() const { gauge->value++; } // FIXME-race{{unprotected write to}}
};

int main() {
  Gauge g;
  std::thread a(Sampler{&g});
  std::thread b(Sampler{&g});
  a.join();
  b.join();
  return static_cast<int>(g.value);
}
