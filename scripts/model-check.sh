#!/usr/bin/env bash
# Runs the reference model (Tests/model/navmodel.py) side by side with the library on random command sequences
# (Tests/model/model_check.py): outcomes, events and states compared after every step.
# Usage: scripts/model-check.sh [SEQUENCES] [SEED] [STEPS] (default 10000 sequences, seed 1, 40 steps).
# Last line: "model: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >/dev/null || exit 1
scripts/build-library.sh >/dev/null || exit 1
NAVROUTER_LIBRARY="$PWD/build/lib/libnavrouter.so.1" exec python3 Tests/model/model_check.py "${1:-10000}" \
    "${2:-1}" "${3:-40}"
