#!/usr/bin/env bash
# Removes what scripts/install.sh PREFIX installed (make uninstall PREFIX=... calls it).
set -euo pipefail
# With DESTDIR=DIR in the environment, from DIR/PREFIX (what `DESTDIR=DIR scripts/install.sh PREFIX` staged).
prefix="${1:?usage: scripts/uninstall.sh PREFIX}"
root="${DESTDIR:-}$prefix"
[ -d "$root" ] || { echo "uninstall: $root does not exist" >&2; exit 1; }
root="$(cd "$root" && pwd)"
rm -f "$root"/lib/libnavrouter.so "$root"/lib/libnavrouter.so.[0-9]* "$root/lib/pkgconfig/navrouter.pc" \
    "$root/include/navrouter.h" "$root/include/navrouter_jansson.h"
if [ -z "${DESTDIR:-}" ] && [ "$(id -u)" -eq 0 ] && command -v ldconfig >/dev/null; then ldconfig; fi
echo "removed navrouter from $root"
