#!/usr/bin/env bash
# Removes what scripts/install.sh PREFIX installed (make uninstall PREFIX=... calls it).
set -euo pipefail
prefix="${1:?usage: scripts/uninstall.sh PREFIX}"
[ -d "$prefix" ] || { echo "uninstall: $prefix does not exist" >&2; exit 1; }
prefix="$(cd "$prefix" && pwd)"
rm -f "$prefix"/lib/libnavrouter.so "$prefix"/lib/libnavrouter.so.[0-9]* "$prefix/lib/pkgconfig/navrouter.pc" \
    "$prefix/include/navrouter.h" "$prefix/include/navrouter_jansson.h"
if [ "$(id -u)" -eq 0 ] && command -v ldconfig >/dev/null; then ldconfig; fi
echo "removed navrouter from $prefix"
