#!/usr/bin/env bash
# Runs the reference model (Tests/model/navmodel.py) side by side with the library on random command sequences
# (Tests/model/model_check.py): outcomes, events and states compared after every step.
# Usage: scripts/model-check.sh [SEQUENCES] [SEED] [STEPS] (default 10000 sequences, seed 1, 40 steps).
# Last line: "model: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/args.sh
sequences="${1:-10000}" seed="${2:-1}" steps="${3:-40}"
whole_number model-check SEQUENCES "$sequences" 1
whole_number model-check SEED "$seed" 0
whole_number model-check STEPS "$steps" 1
scripts/setup.sh >/dev/null || exit 1
scripts/build-library.sh >/dev/null || exit 1
NAVROUTER_LIBRARY="$PWD/build/lib/libnavrouter.so.1" exec python3 Tests/model/model_check.py "$sequences" "$seed" \
    "$steps"
