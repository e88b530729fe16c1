#!/usr/bin/env python3
"""Every option the README mentions for racecar is in `racecar <subcommand>
--help` (issue 30 item 5). Options of other tools quoted in the README
(Bazel, CodeChecker, ctest, compilers) are listed below, each with where it
belongs: a new racecar option documented but missing from --help fails.
Usage: readme_options_test.py RACECAR SOURCE_DIR."""
import re, subprocess, sys

racecar, src = sys.argv[1], sys.argv[2]
OTHER_TOOLS = {
    "--aspects": "bazel", "--output_groups": "bazel", "--disk_cache": "bazel",
    "--remote_cache": "bazel", "--remote_executor": "bazel", "--copt": "bazel",
    "--cxxopt": "bazel", "--conlyopt": "bazel",
    "--name": "CodeChecker", "--url": "CodeChecker",
    "--test-dir": "ctest", "--output-on-failure": "ctest",
    "--serialize-diagnostics": "clang (a flag racecar strips)",
    "--install": "cmake",
}
known = set()
for sub in ("", "scan", "merge", "ninja", "dump-ir", "summarize"):
    out = subprocess.run([racecar] + ([sub] if sub else []) + ["--help"],
                         capture_output=True, text=True).stdout
    known |= set(re.findall(r"^\s+(--?[a-z][a-z0-9-]*)", out, re.M))
text = open(src + "/README.md").read()
mentioned = set(re.findall(r"(?<![\w-])(--[a-z][a-z0-9_-]*)", text))
missing = sorted(o for o in mentioned if o not in known and o not in OTHER_TOOLS)
for o in missing:
    print("FAIL: README mentions", o, "but no racecar --help lists it")
stale = sorted(o for o in OTHER_TOOLS if o not in mentioned)
for o in stale:
    print("FAIL: the list of other tools' options names", o,
          "which the README no longer mentions")
print(f"{len(mentioned)} options in the README, {len(missing) + len(stale)} problems")
sys.exit(1 if missing or stale else 0)
