#!/usr/bin/env bash
# Installs what racecar needs to build and test on Debian bookworm.
#
# Idempotent: packages already installed are detected with dpkg-query, so a
# second run does no network access and returns at once. `apt-get update` runs
# at most once, and only when something has to be installed. Uses sudo only
# when not root. Also makes sure a deb-src entry for bookworm exists so the
# corpus scripts under perf/ can `apt-get source` real packages.
set -euo pipefail

PACKAGES=(
  llvm-19-dev libclang-19-dev libclang-cpp19-dev clang-19
  libtbb-dev libzstd-dev capnproto libcapnp-dev libjemalloc-dev
  libbenchmark-dev libgtest-dev
  ninja-build cmake g++ ccache python3
  dpkg-dev python3-yaml  # the package's computed Depends; the CI templates' test
)
# Wanted, not required: if one cannot be installed, the tests that use it
# say so and are reported as skipped.
OPTIONAL_PACKAGES=(
  chromium         # renders --format=html in the driver/html test
  bazel-bootstrap  # Bazel 4.2.3, for the bazel/aspect test (integrations/bazel)
)

log() { printf 'install-deps: %s\n' "$*"; }

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
  # Never hang waiting for a password when there is no terminal (CI).
  [ -t 0 ] || SUDO=(sudo -n)
else
  SUDO=()
fi
as_root() {
  if [ "$(id -u)" -ne 0 ] && [ ${#SUDO[@]} -eq 0 ]; then
    log "need root for: $*  (not root and no sudo)"; return 1
  fi
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive "$@"
}

# --- deb-src for bookworm (best effort, never fatal) -------------------------
DEB_SRC_FILE_DEB822=/etc/apt/sources.list.d/racecar-deb-src.sources
DEB_SRC_FILE_LIST=/etc/apt/sources.list.d/racecar-deb-src.list

have_deb_src() {
  local f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] && grep -qE '^[[:space:]]*deb-src[[:space:]]' "$f" && return 0
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && grep -qiE '^[[:space:]]*Types:.*deb-src' "$f" && return 0
  done
  return 1
}

# deb822: copy every enabled Debian stanza (deb.debian.org, security, mirrors
# named ".../debian") of the existing .sources files, with Types: deb-src.
deb822_src_stanzas() {
  awk '
    function flush() {
      if (n > 0 && isdeb && debian && enabled) {
        if (printed) print ""
        for (i = 1; i <= n; i++) print lines[i]
        printed = 1
      }
      n = 0; isdeb = 0; debian = 0; enabled = 1
    }
    BEGIN { enabled = 1 }
    /^[[:space:]]*$/ { flush(); next }
    /^[[:space:]]*#/ { next }
    {
      line = $0
      if (tolower(line) ~ /^types:/) {
        if (line ~ /[[:space:]]deb([[:space:]]|$)/) isdeb = 1
        line = "Types: deb-src"
      }
      if (tolower(line) ~ /^uris:/ && line ~ /\/debian(-security)?\/?([[:space:]]|$)/) debian = 1
      if (tolower(line) ~ /^enabled:[[:space:]]*no/) enabled = 0
      lines[++n] = line
    }
    END { flush() }
  ' "$@"
}

# one-line style: turn the Debian "deb ..." lines into "deb-src ...".
list_src_lines() {
  grep -hE '^[[:space:]]*deb[[:space:]].*/debian(-security)?/?[[:space:]]' "$@" 2>/dev/null |
    sed -E 's/^[[:space:]]*deb[[:space:]]/deb-src /' | sort -u
}

ensure_deb_src() {
  [ -f /etc/debian_version ] || return 0
  if have_deb_src; then return 0; fi
  local tmp content target
  tmp=$(mktemp)
  shopt -s nullglob
  local sources=(/etc/apt/sources.list.d/*.sources)
  local lists=()
  [ -f /etc/apt/sources.list ] && lists+=(/etc/apt/sources.list)
  lists+=(/etc/apt/sources.list.d/*.list)
  shopt -u nullglob
  content=""
  if [ ${#sources[@]} -gt 0 ]; then
    content=$(deb822_src_stanzas "${sources[@]}")
    target=$DEB_SRC_FILE_DEB822
  fi
  if [ -z "$content" ] && [ ${#lists[@]} -gt 0 ]; then
    content=$(list_src_lines "${lists[@]}")
    target=$DEB_SRC_FILE_LIST
  fi
  if [ -z "$content" ]; then
    # Nothing to copy from: fall back to the standard bookworm mirrors.
    content="Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg"
    target=$DEB_SRC_FILE_DEB822
  fi
  {
    echo "# Added by racecar scripts/install-deps.sh so that 'apt-get source' works"
    echo "# (perf/ corpus scripts). Safe to delete."
    printf '%s\n' "$content"
  } >"$tmp"
  if as_root install -m 0644 "$tmp" "$target" 2>/dev/null; then
    log "added deb-src entries in $target"
    DEB_SRC_ADDED=1
  else
    log "warning: could not add deb-src entries (not fatal)"
  fi
  rm -f "$tmp"
}

DEB_SRC_ADDED=0
ensure_deb_src || log "warning: deb-src setup failed (not fatal)"

# --- packages ----------------------------------------------------------------
missing_of() { # packages... -> those not installed
  local p status
  for p in "$@"; do
    status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
    [ "$status" = installed ] || echo "$p"
  done
}
mapfile -t missing < <(missing_of "${PACKAGES[@]}")
mapfile -t optional < <(missing_of "${OPTIONAL_PACKAGES[@]}")

if [ ${#missing[@]} -eq 0 ] && [ ${#optional[@]} -eq 0 ]; then
  log "all ${#PACKAGES[@]} packages present (and ${#OPTIONAL_PACKAGES[@]} optional)"
  if [ "$DEB_SRC_ADDED" -eq 1 ]; then
    log "note: run 'apt-get update' before 'apt-get source' to fetch the new source lists"
  fi
  exit 0
fi

as_root apt-get update -q
if [ ${#missing[@]} -gt 0 ]; then
  log "installing: ${missing[*]}"
  as_root apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
# One at a time: apt installs all or nothing, and one optional package that
# cannot be had must not keep the others out.
for p in "${optional[@]}"; do
  log "installing (optional): $p"
  as_root apt-get install -y -q --no-install-recommends "$p" ||
    log "warning: could not install $p; the tests that need it will be skipped"
done
log "done"
