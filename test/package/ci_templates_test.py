#!/usr/bin/env python3
"""The CI templates of integrations/ci/ (issue 30): each is well-formed YAML
of its CI's shape, and every racecar command it runs names a subcommand and
options that `racecar <subcommand> --help` lists. Usage:
ci_templates_test.py RACECAR SOURCE_DIR. Exit 77 (skipped) without PyYAML."""
import os, re, shlex, subprocess, sys

try:
    import yaml
except ImportError:
    print("SKIP: python3-yaml is not installed")
    sys.exit(77)

racecar, src = sys.argv[1], sys.argv[2]
ci = os.path.join(src, "integrations", "ci")
failed = passed = 0


def check(what, ok):
    global failed, passed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what)


help_cache = {}


def options_of(sub):
    if sub not in help_cache:
        out = subprocess.run([racecar, sub, "--help"], capture_output=True,
                             text=True).stdout
        help_cache[sub] = set(re.findall(r"^\s+(--?[a-z][a-z0-9-]*)", out, re.M))
    return help_cache[sub]


def commands(text):
    """The racecar command lines of a script (continuations joined)."""
    text = text.replace("\\\n", " ")
    for line in text.splitlines():
        line = line.strip()
        m = re.search(r"(?:^|[;&|]\s*)racecar\s+(.*)", line)
        if m and not line.startswith("#"):
            yield m.group(1).split("||")[0].split("&&")[0]


def scripts(node):
    """Every `run:` step and `script:`/`before_script:` item."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k in ("run",) and isinstance(v, str):
                yield v
            elif k in ("script", "before_script", "after_script"):
                for item in (v if isinstance(v, list) else [v]):
                    if isinstance(item, str):
                        yield item
            else:
                yield from scripts(v)
    elif isinstance(node, list):
        for v in node:
            yield from scripts(v)


files = sorted(f for f in os.listdir(ci) if f.endswith((".yml", ".yaml")))
check("three templates or more (got %d)" % len(files), len(files) >= 3)
for f in files:
    doc = yaml.safe_load(open(os.path.join(ci, f)))
    check(f + ": a mapping", isinstance(doc, dict))
    if f.startswith("github"):
        # YAML 1.1 reads the key `on` as true.
        check(f + ": has on: and jobs:", ("on" in doc or True in doc) and "jobs" in doc)
        steps = [s for j in doc.get("jobs", {}).values() for s in j.get("steps", [])]
        check(f + ": every step uses or runs something",
              all("uses" in s or "run" in s for s in steps))
    if f.startswith("gitlab"):
        jobs = [v for k, v in doc.items() if isinstance(v, dict) and "script" in v]
        check(f + ": has a job with a script", len(jobs) >= 1)
    n = 0
    for script in scripts(doc):
        for cmd in commands(script):
            words = shlex.split(cmd.replace("$", "X"))
            if not words or words[0].startswith("-"):
                continue  # `racecar --version`
            sub = words[0]
            opts = options_of(sub)
            check(f"{f}: 'racecar {sub}' is a subcommand", "--help" in opts)
            for w in words[1:]:
                if w.startswith("-"):
                    name = w.split("=")[0]
                    check(f"{f}: racecar {sub} {name} is in its --help", name in opts)
            n += 1
    check(f + ": runs racecar scan", n >= 1)
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
