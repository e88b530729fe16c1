// Private initialisation helpers called only from the constructor do not make later unlocked reads racy.
#include <mutex>
#include <string>
#include <vector>

// expected-no-races

namespace codec {

class HuffmanTable {
public:
  explicit HuffmanTable(const std::vector<int> &freqs) { build(freqs); }

  int codeLength_ok(int symbol) const {
    return symbol < 256 ? lengths_[symbol] : 0;
  }

  int maxLength_ok() const { return maxLength_; }

  void recordUse_ok(int symbol) {
    std::lock_guard<std::mutex> guard(mu_);
    ++uses_[symbol & 255];
  }

private:
  void build(const std::vector<int> &freqs) {
    for (std::size_t i = 0; i < freqs.size() && i < 256; ++i) {
      lengths_[i] = freqs[i] > 0 ? 8 : 0;
      if (lengths_[i] > maxLength_)
        maxLength_ = lengths_[i];
    }
  }

  std::mutex mu_;
  int lengths_[256] = {};
  int maxLength_ = 0;
  long uses_[256] = {};
};

} // namespace codec
