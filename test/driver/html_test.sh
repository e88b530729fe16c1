#!/usr/bin/env bash
# --format=html: one self-contained page, well-formed, text escaped, every
# report with its source line; then, in headless Chromium (when installed),
# the rendered page shows a report's source line. Exit 77 (skipped) only for
# the Chromium part when no Chromium is installed.
# Usage: html_test.sh <racecar binary>
. "$(dirname "$0")/lib.sh" "$1"
cat > "$WORK/a.cpp" <<'CPP'
#include <mutex>
#include <vector>
class Queue {
public:
  void push(int v) { std::lock_guard<std::mutex> g(mu_); items_.push_back(v); ++pushes_; }
  bool empty_unlocked() const { return items_.size() == 0 && pushes_ < 1; }
private:
  std::mutex mu_;
  std::vector<int> items_;
  long pushes_ = 0;
};
CPP
"$R" scan "$WORK/a.cpp" --format=html -o "$WORK/r.html" -- -std=c++17 2>/dev/null
check "races reported: exit 1" test $? -eq 1
check "well-formed, escaped, self-contained, source lines present" python3 - "$WORK/r.html" <<'PY'
import sys
from html.parser import HTMLParser
text = open(sys.argv[1]).read()
class P(HTMLParser):
    def __init__(self):
        super().__init__(); self.stack = []; self.reports = 0; self.srcs = 0
        self.external = False
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("script", "link", "img") and (a.get("src") or a.get("href")):
            self.external = True
        if tag == "div" and "report" in a.get("class", "").split():
            self.reports += 1
        if tag == "pre": self.srcs += 1
        if tag not in ("meta", "input", "br"): self.stack.append(tag)
    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, (self.stack[-3:], tag)
        self.stack.pop()
p = P(); p.feed(text); p.close()
assert not p.stack, p.stack
assert not p.external
# Both variables of one line race with one other line: one report, the
# other variable a note of it.
assert p.reports == 1, p.reports
assert "this line also races on `this-&gt;pushes_`" in text, text
assert p.srcs >= 2
assert "(call to &#39;std::vector::size&#39;)" in text  # quotes escaped
assert "items_.size() == 0 &amp;&amp; pushes_ &lt; 1" in text  # the source line, escaped
assert 'data-rule="racecar-read-write-race"' in text
PY

if command -v chromium > /dev/null 2>&1; then
  timeout 60 chromium --headless --no-sandbox --disable-gpu --dump-dom \
    "file://$WORK/r.html" > "$WORK/dom.html" 2>/dev/null
  check "Chromium renders the report's source line, not hidden" python3 - "$WORK/dom.html" <<'PY'
import sys
dom = open(sys.argv[1]).read()
assert 'class="hit"' in dom and "items_.size() == 0" in dom, dom[:500]
assert 'class="report hidden"' not in dom
PY
  timeout 60 chromium --headless --no-sandbox --disable-gpu --window-size=1000,700 \
    --screenshot="$WORK/r.png" "file://$WORK/r.html" > /dev/null 2>&1
  check "Chromium takes a screenshot" test -s "$WORK/r.png"
  finish
else
  echo "$passed passed, $failed failed (chromium not installed: browser checks skipped)"
  [ "$failed" -eq 0 ] || exit 1
  exit 77
fi
