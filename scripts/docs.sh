#!/usr/bin/env bash
# Builds the Swift documentation with DocC, one archive per library product: NavRouterCore (catalog
# Sources/NavRouterCore/NavRouterCore.docc: overview and an article per concept) into build/docs/NavRouterCore, and
# NavRouter (Sources/NavRouter/NavRouter.docc: overview, articles, and the tutorial that builds the shop app's
# navigation) into build/docs/NavRouter. Symbol graphs come from `swift build -emit-symbol-graph`. Each archive is a
# static DocC archive: serve it with a web server, or `docc preview` the catalog. A documentation warning fails the
# script: every public symbol is documented, and every reference resolves; so does a top-level symbol that no topic
# group of its catalog names (scripts/check-docc-topics.py). Usage: scripts/docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=build/symbol-graphs
# The build writes a module's graph only when it compiles the module: "all" is kept between runs.
rm -rf "$graphs/NavRouterCore" "$graphs/NavRouter" build/docs
mkdir -p "$graphs/all" "$graphs/NavRouterCore" "$graphs/NavRouter" build/docs
swift build --target NavRouter --scratch-path .build-docs -Xswiftc -emit-symbol-graph \
    -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs/all" >build/docs-build.log 2>&1 || {
    tail -n 30 build/docs-build.log
    exit 1
}
if [ ! -f "$graphs/all/NavRouterCore.symbols.json" ] || [ ! -f "$graphs/all/NavRouter.symbols.json" ]; then
    rm -rf .build-docs "$graphs/all"  # built before without the graphs: build again
    exec "$0" "$@"
fi
cp "$graphs"/all/NavRouterCore*.symbols.json "$graphs/NavRouterCore/"
cp "$graphs"/all/NavRouter.symbols.json "$graphs"/all/NavRouter@*.symbols.json "$graphs/NavRouter/" 2>/dev/null || true

: >build/docs.log
for module in NavRouterCore NavRouter; do
    docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs/$module" \
        --output-path "build/docs/$module" --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.navrouter.$module" --warnings-as-errors --analyze 2>&1 |
        tee -a build/docs.log | grep -E "warning|error" || true
done
if grep -qE "^(warning|error)" build/docs.log; then
    echo "docs: documentation warnings (build/docs.log)"
    exit 1
fi
# Every top-level symbol sits in a topic group of its catalog: nothing lands in "Other" unasked (where types the
# library shares only with its C layer and tools would show up).
if ! python3 scripts/check-docc-topics.py | tee -a build/docs.log; then
    echo "docs: symbols in no topic group (build/docs.log)"
    exit 1
fi
echo "docs: build/docs/NavRouterCore and build/docs/NavRouter ($(find build/docs -name '*.json' | wc -l) pages of" \
    "data), no warning"
