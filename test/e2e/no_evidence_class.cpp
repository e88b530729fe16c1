// A class with no evidence of concurrent use is never reported, however racy it looks.
#include <map>
#include <string>
#include <vector>

// expected-no-races

namespace text {

class WordCounter {
public:
  void add_ok(const std::string &word) {
    ++counts_[word];
    ++total_;
    if (counts_[word] > best_) {
      best_ = counts_[word];
      bestWord_ = word;
    }
  }

  int total_ok() const { return total_; }
  const std::string &mostFrequent_ok() const { return bestWord_; }

  void reset_ok() {
    counts_.clear();
    total_ = 0;
    best_ = 0;
    bestWord_.clear();
  }

  void tokenize_ok(const std::string &line) {
    std::string current;
    for (char c : line) {
      if (c == ' ') {
        if (!current.empty())
          add_ok(current);
        current.clear();
      } else {
        current += c;
      }
    }
    if (!current.empty())
      add_ok(current);
    lines_.push_back(line);
  }

private:
  std::map<std::string, int> counts_;
  std::vector<std::string> lines_;
  std::string bestWord_;
  int total_ = 0;
  int best_ = 0;
};

} // namespace text
