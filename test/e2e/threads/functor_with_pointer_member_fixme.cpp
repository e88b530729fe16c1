// Known miss at the default level: a functor carries a pointer to shared state in a member; racecar does not follow
// the copy of the functor into the thread, so the object its member points to is not known. The class check finds it,
// as low: Sampler has no lock, and is checked because its operator() runs as a thread.
#include <thread>

struct Gauge {
  long value = 0;
};

struct Sampler {
  Gauge *gauge;
  void operator()() const { gauge->value++; } // expected-low-race{{unprotected write to `this->gauge->value` in 'Sampler::operator()' races with itself on another thread [low: 'Sampler' has no lock of its own}}
};

int main() {
  Gauge g;
  std::thread a(Sampler{&g});
  std::thread b(Sampler{&g});
  a.join();
  b.join();
  return static_cast<int>(g.value);
}
