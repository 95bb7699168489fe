#!/usr/bin/env bash
# Builds the Java binding with plain javac and gcc: build/classes (dev.navrouter), build/test-classes and
# build/libnavrouter_jni.so (against the JDK's jni.h and navrouter.h, -Werror, with an rpath to libnavrouter.so in the
# repository's build/lib or NAVROUTER_LIB_DIR). No Maven or Gradle.
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd ../.. && pwd)
lib=${NAVROUTER_LIB_DIR:-$root/build/lib}
java_home=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}
mkdir -p build/classes build/test-classes
gcc -std=c11 -O2 -fPIC -shared -Wall -Wextra -Werror -I"$java_home/include" -I"$java_home/include/linux" \
    -I"$root/include" src/main/c/navrouter_jni.c -L"$lib" -lnavrouter -lpthread -Wl,-rpath,"$lib" \
    -o build/libnavrouter_jni.so
javac -Xlint:all -Werror -d build/classes $(find src/main/java -name '*.java')
javac -Xlint:all -Werror -cp build/classes -d build/test-classes $(find src/test/java examples -name '*.java')
