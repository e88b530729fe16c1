// Locals and objects a method allocates itself are owned: never reported.
#include <mutex>
#include <string>
#include <vector>

// expected-no-races

namespace report {

struct Row {
  std::string name;
  double value = 0;
  Row *next = nullptr;
};

class ReportBuilder {
public:
  std::string render_ok(const std::vector<double> &values) {
    Row local;
    local.name = "total";
    for (double v : values)
      local.value += v;
    std::vector<std::string> lines;
    lines.push_back(local.name);
    lines.push_back(std::to_string(local.value));
    std::string out;
    for (const std::string &l : lines)
      out += l;
    return out;
  }

  double chain_ok(int n) {
    Row *head = nullptr;
    for (int i = 0; i < n; ++i) {
      Row *r = new Row;
      r->value = i;
      r->next = head;
      head = r;
    }
    double sum = 0;
    while (head) {
      sum += head->value;
      Row *dead = head;
      head = head->next;
      delete dead;
    }
    return sum;
  }

  void publish_ok(const std::string &title) {
    std::lock_guard<std::mutex> guard(mu_);
    title_ = title;
  }

private:
  std::mutex mu_;
  std::string title_;
};

} // namespace report
