#!/usr/bin/env bash
# The Java binding's suite: builds it (build.sh: javac -Werror, and the JNI layer with gcc -Werror against navrouter.h
# and jni.h, so the compiler checks every call against the header), then runs the tests with the binding's own runner:
# the conformance vectors, the classes, callbacks from a native thread, callbacks released once, the unloading of the
# binding's class loader, the docs' quick start and the shop session, under -Xcheck:jni. Expects the library in
# build/lib. Last line: "java: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")"
if ! command -v javac >/dev/null; then
    echo "java: the JDK is not installed (it comes with this machine's image)"
    echo "java: 0 passed, 1 failed"
    exit 1
fi
if ! ./build.sh; then
    echo "java: 0 passed, 1 failed"
    exit 1
fi
root=$(cd ../.. && pwd)
java -Xcheck:jni -Dnavrouter.jni="$PWD/build/libnavrouter_jni.so" -Dnavrouter.root="$root" \
    -Dnavrouter.testClasses="$PWD/build/test-classes" -cp build/classes:build/test-classes \
    dev.navrouter.TestRunner dev.navrouter.VectorTests dev.navrouter.BindingTests dev.navrouter.DocsTests \
    | tee build/test.log | grep -vE "^ok " | grep -v "^java:" | head -n 60
line=$(tail -n 1 build/test.log)
passed=$(echo "$line" | sed -nE 's/^java: ([0-9]+) passed.*/\1/p')
failed=$(echo "$line" | sed -nE 's/.* ([0-9]+) failed$/\1/p')
passed=$(( ${passed:-0} + 1 )) # the -Werror build
# The README's example, from the repository's root as it says.
readme=$(cd "$root" && java -Dnavrouter.jni="$OLDPWD/build/libnavrouter_jni.so" \
    -cp "$OLDPWD/build/classes:$OLDPWD/build/test-classes" dev.navrouter.examples.Readme 2>&1)
if [ "$(echo "$readme" | head -n 1)" = "42" ] && echo "$readme" | grep -q "^push$"; then
    passed=$((passed + 1))
else
    echo "FAIL the README's example: $readme"
    failed=$(( ${failed:-0} + 1 ))
fi
echo "java: $passed passed, ${failed:-1} failed"
[ "${failed:-1}" -eq 0 ]
