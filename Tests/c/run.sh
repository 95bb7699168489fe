#!/usr/bin/env bash
# The C suite: the header compiles cleanly as C99 and C++, the library exports exactly the header's functions
# and is self-contained, and the C test programs pass (also under valgrind: no definite leaks, no invalid reads).
# Expects the library installed in build/ (scripts/build-library.sh). Last line: "c: N passed, N failed".
#
# Tests/c/run.sh NAME...: only the checks and C tests of those names (e.g. header_c99,
# test_free_inside_callbacks); the C test programs are still built, and run with just the tests named.
set -uo pipefail
cd "$(dirname "$0")/../.."
export PKG_CONFIG_PATH="$PWD/build/lib/pkgconfig"
out=Tests/c/out
mkdir -p "$out"
passed=0
failed=0
names=("$@")
# Whether a check is selected: every one when no name is given.
selected() {
    [ ${#names[@]} -eq 0 ] && return 0
    local wanted
    for wanted in "${names[@]}"; do [ "$wanted" = "$1" ] && return 0; done
    return 1
}
check() { # check NAME COMMAND...: one test
    local name=$1
    shift
    case $name in build_*) ;; *) selected "$name" || return 0 ;; esac
    if "$@" >"$out/$name.log" 2>&1; then
        passed=$((passed + 1))
        echo "ok   $name"
    else
        failed=$((failed + 1))
        echo "FAIL $name"
        sed 's/^/     /' "$out/$name.log" | tail -n 30
    fi
}
flags=$(pkg-config --cflags --libs navrouter jansson)
valgrind_supp=Tests/sanitizers/valgrind.supp
strict="-Wall -Wextra -Werror -pedantic"

check header_c99 gcc -std=c99 $strict Tests/c/headertest.c $flags -o "$out/headertest"
check header_cxx g++ -std=c++11 $strict -x c++ Tests/c/headertest.c -x none $flags -o "$out/headertest_cxx"
# A status marked NAVROUTER_NODISCARD and ignored fails a -Werror build, and a host may opt out until it reads it.
ignores_a_status() { # ignores_a_status EXTRA_FLAG...: compiles a host that drops navrouter_registry_new's status
    printf '#include <navrouter.h>\nint main(void) { navrouter_registry *r = 0; navrouter_registry_new(&r, 0);\n%s\n' \
        'navrouter_registry_free(r); return 0; }' >"$out/ignores_a_status.c"
    gcc -std=c99 $strict "$@" -c "$out/ignores_a_status.c" $flags -o "$out/ignores_a_status.o"
}
nodiscard_warns() { ! ignores_a_status 2>"$out/nodiscard.err" && grep -q unused-result "$out/nodiscard.err"; }
check nodiscard_warns nodiscard_warns
check nodiscard_opt_out ignores_a_status -DNAVROUTER_NODISCARD=

exports_match_header() {
    local so=build/lib/libnavrouter.so
    local exported declared
    exported=$(nm -D --defined-only "$so" | awk '$2 ~ /^[TDBRVW]$/ {print $3}' | sed 's/@.*//' | sort -u)
    declared=$(grep -ohE '\bnavrouter_[A-Za-z0-9_]+[[:space:]]*\(' include/navrouter.h | sed 's/[[:space:]]*($//' | sort -u)
    if [ "$exported" != "$declared" ]; then
        echo "exported but not declared:"; comm -23 <(echo "$exported") <(echo "$declared")
        echo "declared but not exported:"; comm -13 <(echo "$exported") <(echo "$declared")
        return 1
    fi
    echo "$(echo "$exported" | wc -l) functions, all declared in include/navrouter.h, nothing else exported"
}
check exports_match_header exports_match_header

self_contained() {
    local so=build/lib/libnavrouter.so
    local needed
    needed=$(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort | tr '\n' ' ')
    echo "needs: $needed"
    readelf -d "$so" | grep -q 'SONAME.*\[libnavrouter.so.1\]' || { echo "soname is not libnavrouter.so.1"; return 1; }
    for lib in $needed; do
        case $lib in
            libc.so.* | libm.so.* | libstdc++.so.* | libgcc_s.so.* | libjansson.so.* | ld-linux*) ;;
            *) echo "unexpected dependency: $lib"; return 1 ;;
        esac
    done
    # Linked statically, a Swift module the core uses by accident comes whole: String.replacing(_:with:) alone
    # pulled in _StringProcessing's regex engine (+2.3 MB). The core uses neither it nor Foundation.
    local linked
    linked=$(nm "$so" 2>/dev/null | grep -c -e '17_StringProcessing' -e '10Foundation') || true
    [ "$linked" -eq 0 ] || { echo "_StringProcessing or Foundation is linked in ($linked symbols)"; return 1; }
}
check self_contained self_contained

# The library's thread-locals sit in glibc's static TLS block (initial-exec, see Sources/CThreadSlot): keep the
# block small, and check that a dlopen'ing host (as Python's ctypes) loads and uses it on several threads with the
# tunable part of glibc's static TLS surplus set to 0.
static_tls_small() {
    local size
    size=$(readelf -lW build/lib/libnavrouter.so | awk '$1 == "TLS" {print $6}')
    local said
    said=$(grep -oE "thread-local variables \([0-9]+ bytes\)" include/navrouter.h | grep -oE "[0-9]+")
    echo "thread-local block: ${size:-none} bytes (budget 0x100; the header says ${said:-nothing})"
    [ -n "$size" ] && [ $((size)) -le 256 ] && [ "$((size))" = "$said" ]
}
check static_tls_small static_tls_small
check build_dlopen_host gcc -std=c99 $strict -Iinclude Tests/c/dlopen_host.c -ldl -lpthread -o "$out/dlopen_host"
check dlopen_tight_static_tls env GLIBC_TUNABLES=glibc.rtld.optional_static_tls=0 \
    "$out/dlopen_host" "$PWD/build/lib/libnavrouter.so.1"
# A host may unload the library while a thread that used it lives on (the JVM does): the thread's exit must not call
# into unloaded code (the library is linked with -z nodelete).
check build_unload_host gcc -std=c99 $strict -Iinclude Tests/c/unload_host.c -ldl -lpthread -o "$out/unload_host"
check unload_while_a_thread_lives "$out/unload_host" "$PWD/build/lib/libnavrouter.so.1"

for source in Tests/c/test_*.c; do
    name=$(basename "$source" .c)
    check "build_$name" gcc -std=c99 $strict "$source" $flags -lpthread -o "$out/$name"
    [ -x "$out/$name" ] || continue
    "$out/$name" examples/manifests/shop.json "${names[@]}" | tee "$out/$name.log"
    summary=$(tail -n 1 "$out/$name.log")
    case "$summary" in
        *passed*)
            passed=$((passed + $(echo "$summary" | sed -n 's/.*: \([0-9]*\) passed.*/\1/p')))
            failed=$((failed + $(echo "$summary" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')))
            ;;
        *) failed=$((failed + 1)); echo "FAIL $name crashed" ;;
    esac
    if command -v valgrind >/dev/null && { [ ${#names[@]} -eq 0 ] || grep -q '^ok ' "$out/$name.log"; }; then
        names_backup=("${names[@]}")
        names=()  # the valgrind run of a program is selected with the program's tests
        # valgrind's default leak kinds (definite and possible), with the shipped suppressions for the Swift
        # runtime's caches: what a C user's own `valgrind --error-exitcode` run sees.
        check "valgrind_$name" valgrind --leak-check=full --error-exitcode=9 --suppressions="$valgrind_supp" \
            "$out/$name" examples/manifests/shop.json "${names_backup[@]}"
        names=("${names_backup[@]}")
    fi
done

# The header's promise that a successful look-up allocates nothing, counted by a program that defines malloc.
check build_lookup_allocations gcc -std=gnu99 $strict Tests/c/lookup_allocations.c $flags -o "$out/lookup_allocations"
[ -x "$out/lookup_allocations" ] && check lookup_allocates_nothing "$out/lookup_allocations"
# What an ended thread's calls left in its per-thread state is freed, counted by a program that defines malloc
# (valgrind calls such blocks reachable: glibc keeps an ended thread's stack, their addresses on it).
check build_thread_exit_frees gcc -std=gnu99 $strict Tests/c/thread_exit_frees.c $flags -lpthread \
    -o "$out/thread_exit_frees"
[ -x "$out/thread_exit_frees" ] && check thread_exit_frees_everything "$out/thread_exit_frees"

# The suppressions hide the Swift runtime's caches only: a host's own leak still fails valgrind.
valgrind_keeps_real_leaks() {
    gcc -std=c99 $strict Tests/c/leaky_host.c $flags -o "$out/leaky_host" || return 1
    if valgrind --leak-check=full --error-exitcode=9 --suppressions="$valgrind_supp" "$out/leaky_host" \
        >"$out/leaky_host.valgrind" 2>&1; then
        echo "valgrind did not report the planted leak"
        return 1
    fi
    grep -q "definitely lost: 64 bytes in 1 blocks" "$out/leaky_host.valgrind" &&
        grep -q "possibly lost: 0 bytes" "$out/leaky_host.valgrind" &&
        echo "the planted 64-byte leak is reported; nothing else is"
}
command -v valgrind >/dev/null && check valgrind_keeps_real_leaks valgrind_keeps_real_leaks

check build_demo gcc -std=c99 $strict examples/c/demo.c $flags -o "$out/demo"
if [ -x "$out/demo" ]; then
    # The demo session ends with every view released (its exit status says so) and must not fail under valgrind.
    check demo_session "$out/demo" examples/manifests/shop.json examples/c/session.txt
    if command -v valgrind >/dev/null; then
        check valgrind_demo_session valgrind --leak-check=full --error-exitcode=9 --suppressions="$valgrind_supp" \
            "$out/demo" examples/manifests/shop.json examples/c/session.txt
    fi
    # A script saved on Windows reads alike, and a modal style that is neither sheet nor fullscreen is refused.
    demo_reads_what_it_is_given() {
        printf 'present /settings bogus\r\npresent /settings fullscreen\r\n' |
            "$out/demo" examples/manifests/shop.json >"$out/demo_input.out" || return 1
        grep -qx "  ! EINVAL: present's style is sheet or fullscreen, not 'bogus'" "$out/demo_input.out" &&
            grep -q "^ *layer 0 fullscreen: settings#" "$out/demo_input.out" && ! grep -q "sheet:" "$out/demo_input.out"
    }
    check demo_reads_what_it_is_given demo_reads_what_it_is_given
    # A file it cannot read is named, with the reason (it printed the usage line alone).
    demo_names_what_it_cannot_read() {
        local status=0
        "$out/demo" examples/manifests/shop.json /nonexistent/session.txt 2>"$out/demo_missing.err" || status=$?
        [ "$status" -eq 2 ] &&
            grep -qx "demo: cannot read the script /nonexistent/session.txt: No such file or directory" \
                "$out/demo_missing.err" || return 1
        status=0
        "$out/demo" examples 2>"$out/demo_missing.err" </dev/null || status=$?
        [ "$status" -eq 2 ] && grep -qx "demo: cannot read the manifest examples: Is a directory" "$out/demo_missing.err"
    }
    check demo_names_what_it_cannot_read demo_names_what_it_cannot_read
    # A line longer than any buffer is one command (it was cut at 4095 bytes, its rest run as a second command).
    demo_reads_long_lines_whole() {
        printf 'open /shop/product/%05000d\n' 7 | "$out/demo" examples/manifests/shop.json >"$out/demo_long.out" || return 1
        [ "$(grep -c '^> ' "$out/demo_long.out")" -eq 2 ] && ! grep -q 'unknown command' "$out/demo_long.out"
    }
    check demo_reads_long_lines_whole demo_reads_long_lines_whole
fi

# The C program of docs/quick-start.md, built with the page's own command, prints the events the page promises.
quick_start_runs() {
    awk '/^```c$/ {inside = 1; next} /^```$/ {if (inside) exit} inside' docs/quick-start.md >"$out/quick_start.c"
    gcc -std=c99 $strict "$out/quick_start.c" $(pkg-config --cflags --libs navrouter) -o "$out/quick_start" || return 1
    "$out/quick_start" >"$out/quick_start.out" || return 1
    printf 'tabs_set_up \nstate_changed \npush product\nstate_changed \npop home\nstate_changed \n' |
        diff - "$out/quick_start.out"
}
check quick_start_runs quick_start_runs

# `make install` into a prefix gives a library a program finds through pkg-config, and `make uninstall` takes it all
# away; with DESTDIR (as packagers stage a package), the files go under DESTDIR while the pkg-config file names the
# final prefix, and nothing is written outside DESTDIR.
install_stages_and_uninstalls() {
    local stage="$PWD/$out/install" final=/opt/navrouter-install-test
    rm -rf "$stage"
    [ ! -e "$final" ] || { echo "$final exists before the test"; return 1; }
    make -s install PREFIX="$stage/plain" >/dev/null || return 1
    local flags
    flags=$(PKG_CONFIG_PATH="$stage/plain/lib/pkgconfig" pkg-config --cflags --libs navrouter) || return 1
    [[ "$flags" == *"-I$stage/plain/include"* ]] || { echo "pkg-config gave: $flags"; return 1; }
    gcc -std=c99 $strict "$out/quick_start.c" $flags -o "$out/quick_start_installed" || return 1
    [ "$(readelf -d "$out/quick_start_installed" | grep -c "$stage/plain/lib")" -eq 1 ] || return 1
    "$out/quick_start_installed" | grep -q '^push product$' || return 1
    make -s uninstall PREFIX="$stage/plain" >/dev/null || return 1
    [ -z "$(find "$stage/plain" -type f -o -type l)" ] || { find "$stage/plain" -type f -o -type l; return 1; }

    make -s install DESTDIR="$stage/dest" PREFIX="$final" >/dev/null || return 1
    if [ -e "$final" ]; then rm -rf "$final"; echo "installed into $final, not under DESTDIR"; return 1; fi
    [ -f "$stage/dest$final/lib/libnavrouter.so.1" ] && [ -f "$stage/dest$final/include/navrouter.h" ] || return 1
    grep -qx "prefix=$final" "$stage/dest$final/lib/pkgconfig/navrouter.pc" || return 1
    make -s uninstall DESTDIR="$stage/dest" PREFIX="$final" >/dev/null || return 1
    [ -z "$(find "$stage/dest" -type f -o -type l)" ] || { find "$stage/dest" -type f -o -type l; return 1; }
}
check install_stages_and_uninstalls install_stages_and_uninstalls

echo "c: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
