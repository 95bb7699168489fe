#!/usr/bin/env bash
# Builds the self-contained libnavrouter.so (Swift runtime linked statically) and installs it under PREFIX:
#   PREFIX/lib/libnavrouter.so.X.Y.Z, libnavrouter.so.<ABI>, libnavrouter.so
#   PREFIX/include/navrouter.h, navrouter_jansson.h
#   PREFIX/lib/pkgconfig/navrouter.pc   (so that `cc app.c $(pkg-config --cflags --libs navrouter jansson)` works)
# Usage: scripts/install.sh PREFIX      (make install PREFIX=... calls it)
# DESTDIR=DIR in the environment (make install DESTDIR=DIR PREFIX=/usr) stages the files under DIR, as packagers
# do: they go to DIR/PREFIX/..., the pkg-config file names PREFIX, and the loader's cache is left alone.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${1:?usage: scripts/install.sh PREFIX}"
destdir="${DESTDIR:-}"
if [ -n "$destdir" ]; then
    [[ "$prefix" == /* ]] || { echo "install: with DESTDIR, PREFIX must be absolute, not '$prefix'" >&2; exit 2; }
    mkdir -p "$destdir"
    destdir="$(cd "$destdir" && pwd)"
else
    mkdir -p "$prefix"
    prefix="$(cd "$prefix" && pwd)"
fi
root="$destdir$prefix"  # where the files go; $prefix is where they will be used

version=$(sed -n 's/^#define NAVROUTER_VERSION_STRING "\(.*\)"$/\1/p' include/navrouter.h)
abi=$(sed -n 's/^#define NAVROUTER_ABI_VERSION \([0-9]*\)$/\1/p' include/navrouter.h)

# Quiet when it works; the compiler's messages (on standard output) are shown when it does not.
# -ftls-model=initial-exec: the library's thread-locals already sit in glibc's static TLS block (see
# Sources/CThreadSlot); with it, the C code compiled into the library reads them inline too. The one it changes is
# the thread id that Synchronization's Mutex caches (its shim's `static __thread`): read through __tls_get_addr, a
# call of ~11 instructions each lock, 22 a C resolve (BENCHMARKS.md). The block's size is unchanged.
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# Functions start on 64-byte boundaries (-align-all-functions=6): the look-up's hot functions then sit alike in the
# instruction cache whatever code is added elsewhere. Adding typed parameters moved them, with the very same
# instructions (callgrind: 423 a look-up before and after), and the C ABI's look-up on the static table took 37 ns
# instead of 20 (GitHub 38 instead of 34); aligned, 20.6 and 33.7 again, for 160 KB more (8.72 MB stripped).
if ! swift build -c release --product navrouter -Xswiftc -static-stdlib -Xcc -ftls-model=initial-exec \
    -Xswiftc -Xllvm -Xswiftc -align-all-functions=6 >"$log" 2>&1
then
    cat "$log" >&2
    echo "install: building libnavrouter.so failed" >&2
    exit 1
fi
built="$(swift build -c release --show-bin-path)/libnavrouter.so"

mkdir -p "$root/lib/pkgconfig" "$root/include"
# Written beside and renamed over the old file: a program loading the library meanwhile (a host starting, a test
# running) gets the old file or the new one, never one half written (which dies with SIGBUS).
install -m 0755 "$built" "$root/lib/.libnavrouter.so.$version.new"
mv -f "$root/lib/.libnavrouter.so.$version.new" "$root/lib/libnavrouter.so.$version"
ln -sf "libnavrouter.so.$version" "$root/lib/libnavrouter.so.$abi"
ln -sf "libnavrouter.so.$abi" "$root/lib/libnavrouter.so"
install -m 0644 include/navrouter.h include/navrouter_jansson.h "$root/include/"
cat > "$root/lib/pkgconfig/navrouter.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: navrouter
Description: Embeddable, UI-agnostic navigation router (Swift core, C ABI)
Version: $version
Requires.private: jansson
Libs: -L\${libdir} -lnavrouter -Wl,-rpath,\${libdir}
Cflags: -I\${includedir}
PC
# A system prefix (one the loader searches, such as /usr/local/lib): refresh the loader's cache, so that programs
# and Python's ctypes find libnavrouter.so.1 without an rpath or LD_LIBRARY_PATH.
if [ -z "$destdir" ] && [ "$(id -u)" -eq 0 ] && command -v ldconfig >/dev/null &&
    ldconfig -v 2>/dev/null | grep -q "^$prefix/lib:"; then
    ldconfig
    echo "ran ldconfig for $prefix/lib"
fi
echo "installed libnavrouter.so.$version into $root"
