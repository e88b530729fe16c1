// A lambda that copies a pointer still reaches the object it points to: both threads update the same Index.
#include <thread>

namespace search {
struct Index {
  int docs = 0;
  int terms = 0;
};
} // namespace search

int main() {
  search::Index *idx = new search::Index;
  std::thread a([idx] { idx->docs++; }); // expected-race{{unprotected write to `idx->docs`}}
  std::thread b([idx] { idx->docs += 2; });
  a.join();
  b.join();
  int docs = idx->docs; // after the joins: ordered
  delete idx;
  return docs;
}
