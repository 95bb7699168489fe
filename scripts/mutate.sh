#!/usr/bin/env bash
# Mutation testing (not part of the test command: one mutant takes 30-90 s): plants one small defect at a time in the
# core's Guards/, URL/, Navigation/ and the C layer's handle checks, runs XCTest, the C programs, the model and the
# Python semantics against it, and reports the score and every survivor in build/mutate/report.md.
# Usage: scripts/mutate.sh [LIMIT] [SEED] [DIRS] [OPERATORS] (default: 60 mutants, seed 1, every operator; DIRS and
# OPERATORS comma-separated, as scripts/mutate.py --help says: `scripts/mutate.sh 40 3 "" "statement dropped"`). The mutants are planted in a worktree of HEAD (build/mutate/tree), never in this
# checkout; the C programs and the Python suite come from this checkout (built by the test command first).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/args.sh
limit="${1:-60}"
seed="${2:-1}"
whole_number mutate LIMIT "$limit" 1
whole_number mutate SEED "$seed" 0
scripts/setup.sh >/dev/null
tree=build/mutate/tree
if [ ! -d "$tree" ]; then
    mkdir -p build/mutate
    git worktree add --detach "$tree" HEAD >/dev/null
else
    # --force: a run stopped midway leaves its mutant planted in the worktree.
    git -C "$tree" checkout --force --detach -q "$(git rev-parse HEAD)"
fi
arguments=(--limit "$limit" --seed "$seed")
[ -n "${3:-}" ] && arguments+=(--dirs "$3")
[ -n "${4:-}" ] && arguments+=(--operators "$4")
exec python3 scripts/mutate.py "${arguments[@]}" --tree "$tree"
