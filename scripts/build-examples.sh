#!/usr/bin/env bash
# Builds the example hosts that are not built by the demo: the Swift shop host and the main-actor shop app
# (examples/swift), installed as build/bin/shop-host and build/bin/shop-app. Usage: scripts/build-examples.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >/dev/null
rm -f .build-example/release.yaml .build-example/release/description.json
swift build -c release --package-path examples/swift --scratch-path .build-example >&2
mkdir -p build/bin
cp .build-example/release/shop-host build/bin/shop-host
cp .build-example/release/shop-app build/bin/shop-app
echo "installed build/bin/shop-host and build/bin/shop-app" >&2
