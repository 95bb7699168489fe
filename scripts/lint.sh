#!/usr/bin/env bash
# Checks the formatting and lint rules of every source file: swift-format (.swift-format), clang-format
# (.clang-format) and ruff (ruff.toml), and the Python binding's types (mypy and pyright, strict, as configured in
# bindings/python/pyproject.toml; mypy --strict over the Python example host too), and that every unchecked
# construct in Sources has a `Safety:` comment (scripts/check-safety-comments.py), and that Swift lines have at most
# 120 characters, strings and comments included (scripts/check-line-length.py), and that every copy of the version is
# the header's (scripts/check-version.py), and that every deprecation lives in Deprecated.swift with the release it
# goes away in (scripts/check-deprecations.py), and that the C and Python API references in docs/api are current and
# have no hole (scripts/api_reference.py --check), and that every relative link of the Markdown pages leads somewhere
# (scripts/check-doc-links.py). Prints the findings and a total "lint: N passed, N failed".
# `scripts/lint.sh --fix` formats the tree in place instead.
set -uo pipefail
cd "$(dirname "$0")/.."

swift_files=(Sources Tests benchmarks/swift/Sources benchmarks/swift/Package.swift Package.swift cli/Sources cli/Package.swift)
[ -d examples/swift ] && swift_files+=(examples/swift)
# The pinned tools from PyPI (scripts/setup.sh), whatever else is on PATH.
ruff() { python3 -m ruff "$@"; }
clang-format() { python3 -c 'import sys, clang_format; sys.argv[0] = "clang-format"; clang_format.clang_format()' "$@"; }
mapfile -t c_files < <(git ls-files '*.c' '*.h')

if [ "${1:-}" = "--fix" ]; then
    swift format -i -r "${swift_files[@]}"
    clang-format -i "${c_files[@]}"
    ruff format --quiet . && ruff check --quiet --fix .
    exit 0
fi

passed=0
failed=0
check() { # check NAME COMMAND...: a tool's findings, or nothing
    local name=$1
    shift
    local out
    if out=$("$@" 2>&1); then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "lint ($name):"
        echo "$out" | head -n 40
    fi
}
check swift-format swift format lint --strict -r "${swift_files[@]}"
check clang-format clang-format --dry-run --Werror "${c_files[@]}"
check ruff-format ruff format --check --quiet .
check ruff ruff check --quiet .
check mypy-strict bash -c "cd bindings/python && python3 -m mypy --strict -p navrouter"
check mypy-examples bash -c "MYPYPATH=bindings/python python3 -m mypy --strict examples/python/shop_tui.py examples/python/shop_routes.py"
check pyright-strict bash -c "cd bindings/python && python3 -m pyright -p pyproject.toml"
check safety-comments python3 scripts/check-safety-comments.py Sources
check safety-comments-self-test python3 scripts/check-safety-comments.py --self-test
check line-length python3 scripts/check-line-length.py
check version python3 scripts/check-version.py
check doc-links python3 scripts/check-doc-links.py
check platform-imports python3 scripts/check-platform-imports.py
check deprecations python3 scripts/check-deprecations.py
check api-reference python3 scripts/api_reference.py --check
check rustfmt bash -c 'PATH="$PATH:$HOME/.cargo/bin" cargo fmt --check --manifest-path bindings/rust/Cargo.toml'
echo "lint: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
