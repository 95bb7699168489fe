#!/usr/bin/env bash
# Builds the example hosts that are not built by the demo: the Swift shop host (examples/swift), installed as
# build/bin/shop-host. Usage: scripts/build-examples.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >/dev/null
rm -f .build-example/release.yaml .build-example/release/description.json
swift build -c release --package-path examples/swift --scratch-path .build-example >&2
mkdir -p build/bin
cp .build-example/release/shop-host build/bin/shop-host
echo "installed build/bin/shop-host" >&2
