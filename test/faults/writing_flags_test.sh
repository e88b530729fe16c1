#!/usr/bin/env bash
# Item 10: a compile database is untrusted input, and some of its flags make
# the compiler write files (dependency files, serialized diagnostics, header
# include lists, module caches, time traces, statistics) or load code
# (-Xclang -load). racecar drops them all: a scan writes nothing outside its
# cache and -o, and its reports are the same.
. "$(dirname "$0")/lib.sh"
E=$WORK/evil
mkdir -p "$E"
flags=(
  "-MD" "-MMD" "-MF $E/mf.d" "-MT $E/mt" "-Wp,-MD,$E/wp.d" "-Wp,-MMD,$E/wpm.d"
  "-MJ $E/mj.json" "-MJ$E/mj2.json"
  "-Xclang -dependency-file -Xclang $E/dep.d"
  "-Xclang -serialize-diagnostic-file -Xclang $E/diag.dia"
  "--serialize-diagnostics $E/diag2.dia"
  "-Xclang -header-include-file -Xclang $E/hdr.txt -H"
  "-Xclang -module-dependency-dir -Xclang $E/moddeps"
  "-fmodules -fmodules-cache-path=$E/modcache" "-fcxx-modules -fmodules-cache-path=$E/modcache2"
  "-ftime-trace" "-ftime-trace=$E/trace.json" "-ftime-report"
  "-Xclang -stats-file=$E/stats.txt" "-save-stats=cwd" "-save-temps=obj" "-save-temps"
  "-fmodule-output=$E/mod.pcm" "-Xclang -load -Xclang $E/plugin.so"
)
cd "$P" || exit 1
write_db "${GOOD[0]}" "$(db_entry beta.cpp "${flags[*]}")"
touch "$WORK/marker"
sleep 1
"$RACECAR" scan -p "$P" --cache-dir "$WORK/cache" -o "$WORK/out.txt" 2>"$WORK/err"
rc=$?
check "exit 1, no TU failed (got $rc)" test $rc -eq 1
check "the TU with the flags is analysed" intact "$WORK/out.txt"
written=$(find "$WORK" "$P" -newer "$WORK/marker" ! -path "$WORK/cache*" ! -path "$WORK/out.txt" ! -path "$WORK/err" ! -path "$WORK" ! -path "$P" | sort)
check "nothing written outside the cache and -o: [$(echo "$written" | head -5)]" test -z "$written"
check "the evil directory is still empty: [$(ls -A "$E" | head -5)]" test -z "$(ls -A "$E")"
check "no -H or -ftime-report output on stderr" test -z "$(grep -E 'Total|^\. ' "$WORK/err")"
finish
