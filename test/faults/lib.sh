# Shared by the fault-injection tests (test/faults/*_test.sh): a private copy
# of racecar, a small project of two good TUs with one race each, helpers to
# write a compile database and to check that the good TUs' reports survive
# whatever the test injects. Source it with the racecar binary as $1.
# WORK, the private binary copy, check and finish: the driver tests' own.
. "$(dirname "${BASH_SOURCE[0]}")/../driver/lib.sh" "$1"
RACECAR=$R

P=$WORK/p
mkdir -p "$P"
cat >"$P/alpha.cpp" <<'SRC'
#include <mutex>
namespace alpha {
class Counter {
public:
  void hit() { ++hits_; }
  int hits() { std::lock_guard<std::mutex> g(mu_); return hits_; }
private:
  std::mutex mu_;
  int hits_ = 0;
};
} // namespace alpha
SRC
cat >"$P/beta.cpp" <<'SRC'
#include <mutex>
namespace beta {
class Gauge {
public:
  void set(int v) { value_ = v; }
  int get() { std::lock_guard<std::mutex> g(mu_); return value_; }
private:
  std::mutex mu_;
  int value_ = 0;
};
} // namespace beta
SRC

# One compile-database entry: file (relative to $P), then extra flags.
db_entry() {
  local f=$1
  shift
  printf '{"directory": "%s", "file": "%s/%s", "command": "clang++ -std=c++17 %s -c %s/%s"}' \
    "$P" "$P" "$f" "$*" "$P" "$f"
}
# A compile database of the given entries (each a db_entry output).
write_db() {
  local first=1
  {
    echo "["
    for e in "$@"; do
      [ $first -eq 1 ] || echo ","
      first=0
      printf '%s' "$e"
    done
    echo
    echo "]"
  } >"$P/compile_commands.json"
}
GOOD=("$(db_entry alpha.cpp)" "$(db_entry beta.cpp)")
# The manifest of the cache entry (under cache dir $1) whose TU names $2
# (alpha.cpp, beta.cpp): the current entry's, not the previous one's.
manifest_of() {
  grep -l "$2" $(find "$1" -name '*.deps' ! -name '*.prev.deps')
}

# gamma.cpp: a class whose add() races only when built with -DMETER_UNLOCKED
# (for tests of what changes a TU's flags: response files, the database).
write_meter() {
cat >"$P/gamma.cpp" <<'SRC'
#include <mutex>
class Meter {
public:
#ifdef METER_UNLOCKED
  void add(int n) { total_ += n; }
#else
  void add(int n) { std::lock_guard<std::mutex> g(mu_); total_ += n; }
#endif
  int total() { std::lock_guard<std::mutex> g(mu_); return total_; }
private:
  std::mutex mu_;
  int total_ = 0;
};
SRC
}

# The good TUs' races are all in \$1 (a text report).
intact() {
  grep -q "'alpha::Counter::hit'" "$1" && grep -q "'beta::Gauge::set'" "$1"
}
