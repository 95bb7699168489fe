#!/usr/bin/env bash
# Builds libnavrouter.so and installs it into build/ (the layout the C tests, the Python tests and the demo use), and
# the Python binding's C speedups module in place (scripts/build-python-speedups.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh build
scripts/build-python-speedups.sh
