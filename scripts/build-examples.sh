#!/usr/bin/env bash
# Builds the example hosts that are not built by the demo: the Swift shop host and the main-actor shop app
# (examples/swift), installed as build/bin/shop-host and build/bin/shop-app.
# Usage: scripts/build-examples.sh [release|debug]   (release by default; the test command builds debug: the hosts'
# behaviour is what it checks, and a debug build of the hosts takes a quarter of a release one's time: 17 s, not 75)
set -euo pipefail
cd "$(dirname "$0")/.."
configuration=${1:-release}
case $configuration in
    release | debug) ;;
    *) echo "usage: scripts/build-examples.sh [release|debug]" >&2; exit 2 ;;
esac
scripts/setup.sh >/dev/null
rm -f ".build-example/$configuration.yaml" ".build-example/$configuration/description.json"
swift build -c "$configuration" --package-path examples/swift --scratch-path .build-example >&2
mkdir -p build/bin
cp ".build-example/$configuration/shop-host" build/bin/shop-host
cp ".build-example/$configuration/shop-app" build/bin/shop-app
echo "installed build/bin/shop-host and build/bin/shop-app ($configuration)" >&2
