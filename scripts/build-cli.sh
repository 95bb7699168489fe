#!/usr/bin/env bash
# Builds the `navrouter` command-line tool (the package in cli/, release mode) and installs it as build/bin/navrouter.
# Usage: scripts/build-cli.sh   then: build/bin/navrouter --help
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >/dev/null
# Re-plan each time: the cached plan of a path dependency does not notice files added to the core.
rm -f .build-cli/release.yaml .build-cli/release/description.json
swift build -c release --package-path cli --scratch-path .build-cli >&2
mkdir -p build/bin
cp .build-cli/release/navrouter-cli build/bin/navrouter
echo "installed build/bin/navrouter ($(build/bin/navrouter --version))" >&2
