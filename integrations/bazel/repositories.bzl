"""The racecar binary for the aspect, as the repository @racecar_tool.

In WORKSPACE:

    local_repository(name = "racecar", path = "/path/to/racecar")
    load("@racecar//integrations/bazel:repositories.bzl", "racecar_dependencies")
    racecar_dependencies()

The binary is, in this order: $RACECAR (e.g. --repo_env=RACECAR=/opt/bin/racecar),
the checkout's own build (build/racecar, from scripts/build.sh), or `racecar`
on PATH. It is an input of every racecar action, so a new binary re-runs them
and the caches never mix two versions' outputs. Remote executors need the
same runtime as for the C++ toolchain (racecar links LLVM/Clang 19, TBB,
zstd and Cap'n Proto as shared libraries, and reads system headers).
"""

def _racecar_tool_impl(rctx):
    candidates = []
    env = rctx.os.environ.get("RACECAR", "")
    if env:
        candidates.append(rctx.path(env))
    checkout = rctx.path(Label("//integrations/bazel:BUILD.bazel")).dirname.dirname.dirname
    candidates.append(checkout.get_child("build").get_child("racecar"))
    on_path = rctx.which("racecar")
    if on_path:
        candidates.append(on_path)
    for c in candidates:
        if c.exists:
            rctx.symlink(c, "racecar")
            rctx.file("BUILD.bazel", 'exports_files(["racecar"])\n')
            return
    fail("racecar_tool: no racecar binary found (looked at %s); set RACECAR " % [str(c) for c in candidates] +
         "(--repo_env=RACECAR=/path/to/racecar), build the racecar checkout " +
         "with scripts/build.sh, or put racecar on PATH")

racecar_tool = repository_rule(
    implementation = _racecar_tool_impl,
    environ = ["RACECAR", "PATH"],
    local = True,
)

def racecar_dependencies(name = "racecar_tool"):
    """Declares @racecar_tool (the aspect's default binary)."""
    racecar_tool(name = name)
