#!/usr/bin/env bash
# Builds the Swift core's documentation with DocC: the symbol graph of NavRouterCore (swift build
# -emit-symbol-graph) and the catalog Sources/NavRouterCore/NavRouterCore.docc (an overview and the concepts
# article), into build/docs (a static DocC archive; open build/docs/index.html through a web server, or
# `docc preview`). A documentation warning fails the script: every public symbol is documented, and every
# reference resolves. Usage: scripts/docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=build/symbol-graphs
rm -rf "$graphs" build/docs
mkdir -p "$graphs"
swift build --target NavRouterCore --scratch-path .build-docs -Xswiftc -emit-symbol-graph \
    -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >build/docs-build.log 2>&1 || {
    tail -n 30 build/docs-build.log
    exit 1
}
docc convert Sources/NavRouterCore/NavRouterCore.docc --additional-symbol-graph-dir "$graphs" \
    --output-path build/docs --fallback-display-name NavRouterCore \
    --fallback-bundle-identifier org.navrouter.NavRouterCore --warnings-as-errors --analyze 2>&1 | tee build/docs.log |
    grep -E "warning|error" || true
if grep -qE "^(warning|error)" build/docs.log; then
    echo "docs: documentation warnings (build/docs.log)"
    exit 1
fi
echo "docs: build/docs ($(find build/docs -name '*.json' | wc -l) pages of data), no warning"
