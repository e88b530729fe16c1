#!/usr/bin/env bash
# Fails if a third-party dependency is included outside the one folder that owns it.
cd "$(dirname "$0")/.." || exit 2
status=0
check() { # pattern owner name
  hits=$(grep -rlE "#include +[<\"]($1)" --include='*.h' --include='*.cpp' \
           driver frontend summarize report serialize 2>/dev/null | grep -vE "^($2)/")
  if [ -n "$hits" ]; then echo "layering: $3 included outside $2/: $hits"; status=1; fi
}
check 'clang/' 'frontend' 'Clang'
check 'capnp/|kj/|zstd\.h' 'serialize' "Cap'n Proto/zstd"
check 'tbb/|oneapi/' 'driver' 'TBB'
# The launcher starts in a millisecond because it loads no library but the
# C++ runtime: it includes nothing of LLVM, Clang or the other folders.
hits=$(grep -rlE '#include +[<"](llvm|clang|capnp|kj|tbb|oneapi|zstd|driver|frontend|summarize|report|serialize)[/.]' \
         --include='*.h' --include='*.cpp' launcher 2>/dev/null)
if [ -n "$hits" ]; then echo "layering: the launcher includes a library: $hits"; status=1; fi
[ $status -eq 0 ] && echo "layering: ok"
exit $status
