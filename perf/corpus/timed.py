#!/usr/bin/env python3
"""Runs one racecar command under the bench limits and times it precisely.

    timed.py OUT -- command [args...]

Writes "wall user sys maxrss_kib" to OUT (the fields of /usr/bin/time -f
"%e %U %S %M", but the wall time in microseconds, not hundredths: a warm
scan answered by the launcher takes two milliseconds, which %e shows as
0.00). The command runs with an address-space limit of MEM_LIMIT_GB GiB and
is killed after TIMEOUT seconds (exit status 124, as timeout(1)); otherwise
the exit status is the command's (128 + N for signal N).
"""
import os
import resource
import shutil
import signal
import sys
import threading
import time


def main():
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        sys.exit("usage: timed.py OUT -- command [args...]")
    out, cmd = sys.argv[1], sys.argv[3:]
    limit = int(float(os.environ.get("MEM_LIMIT_GB", "12")) * (1 << 30))
    timeout = float(os.environ.get("TIMEOUT", "1800"))

    # The limit is set here and inherited, and the command started with
    # posix_spawn: forking this interpreter would cost milliseconds.
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    path = shutil.which(cmd[0]) or cmd[0]
    start = time.perf_counter()
    pid = os.posix_spawn(path, cmd, os.environ)
    killer = threading.Timer(timeout, os.kill, (pid, signal.SIGKILL))
    killer.start()
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    timed_out = not killer.is_alive() and os.WIFSIGNALED(status)
    killer.cancel()
    with open(out, "w") as fh:
        fh.write("%.6f %.3f %.3f %d\n" % (wall, usage.ru_utime, usage.ru_stime,
                                          usage.ru_maxrss))
    if timed_out:
        return 124
    if os.WIFSIGNALED(status):
        return 128 + os.WTERMSIG(status)
    return os.WEXITSTATUS(status)


if __name__ == "__main__":
    sys.exit(main())
