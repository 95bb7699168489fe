#!/usr/bin/env bash
# Builds the Node addon (build/navrouter.node) with gcc against Node's headers and libnavrouter.so (build/lib of the
# repository, or NAVROUTER_LIB_DIR), with an rpath: no node-gyp, no npm. Warnings are errors.
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd ../.. && pwd)
lib=${NAVROUTER_LIB_DIR:-$root/build/lib}
include=${NODE_INCLUDE_DIR:-$(dirname "$(command -v node)")/../include/node}
[ -f "$include/node_api.h" ] || include=/usr/include/node
mkdir -p build
gcc -std=c11 -O2 -fPIC -shared -Wall -Wextra -Werror -DNODE_GYP_MODULE_NAME=navrouter \
    -I"$include" -I"$root/include" src/addon.c -L"$lib" -lnavrouter -lpthread -Wl,-rpath,"$lib" \
    -o build/navrouter.node
