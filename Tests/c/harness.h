/* A minimal test harness for the C suites: CHECK records a failure and goes on; each RUN is one test.
 * A program runs every test, or only those named on its command line after the manifest (Tests/c/run.sh NAME). */
#ifndef NAVROUTER_TEST_HARNESS_H
#define NAVROUTER_TEST_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <navrouter.h>

#include "read_file.h"

static int harness_failures_in_test;
static int harness_passed;
static int harness_failed;
static int harness_argc;
static char **harness_argv;

/* The manifest the tests load (argv[1], else the example shop). */
static const char *manifest_path = "examples/manifests/shop.json";

/* Reads the program's arguments: the manifest, then the names of the tests to run (none: all). */
static void harness_init(int argc, char **argv) {
    if (argc > 1) manifest_path = argv[1];
    harness_argc = argc > 2 ? argc - 2 : 0;
    harness_argv = argv + 2;
}

/* Whether a test is selected by name (every test when none is named). */
static int harness_selected(const char *name) {
    int index;
    if (harness_argc == 0) return 1;
    for (index = 0; index < harness_argc; index++)
        if (strcmp(harness_argv[index], name) == 0) return 1;
    return 0;
}

#define CHECK(condition)                                                                                               \
    do {                                                                                                               \
        if (!(condition)) {                                                                                            \
            fprintf(stderr, "  %s:%d: CHECK(%s) failed (last error: %s)\n", __FILE__, __LINE__, #condition,            \
                    navrouter_last_error());                                                                           \
            harness_failures_in_test++;                                                                                \
        }                                                                                                              \
    } while (0)

#define CHECK_STATUS(expected, call)                                                                                   \
    do {                                                                                                               \
        int harness_status = (call);                                                                                   \
        if (harness_status != (expected)) {                                                                            \
            fprintf(stderr, "  %s:%d: %s gave %s, expected %s (last error: %s)\n", __FILE__, __LINE__, #call,          \
                    navrouter_status_name(harness_status), navrouter_status_name(expected), navrouter_last_error());   \
            harness_failures_in_test++;                                                                                \
        }                                                                                                              \
    } while (0)

#define CHECK_STR(expected, actual)                                                                                    \
    do {                                                                                                               \
        const char *harness_actual = (actual);                                                                         \
        if (harness_actual == NULL || strcmp((expected), harness_actual) != 0) {                                       \
            fprintf(stderr, "  %s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__, __LINE__, #actual,                   \
                    harness_actual ? harness_actual : "(null)", (expected));                                           \
            harness_failures_in_test++;                                                                                \
        }                                                                                                              \
    } while (0)

#define CHECK_CONTAINS(needle, haystack)                                                                               \
    do {                                                                                                               \
        const char *harness_haystack = (haystack);                                                                     \
        if (harness_haystack == NULL || strstr(harness_haystack, (needle)) == NULL) {                                  \
            fprintf(stderr, "  %s:%d: \"%s\" does not contain \"%s\"\n", __FILE__, __LINE__,                           \
                    harness_haystack ? harness_haystack : "(null)", (needle));                                         \
            harness_failures_in_test++;                                                                                \
        }                                                                                                              \
    } while (0)

/* A new registry with the manifest's routes (the tests add their own settings); failures are the running test's. */
static inline navrouter_registry *harness_manifest_registry(void) {
    navrouter_registry *registry = NULL;
    size_t count = 0;
    char *manifest = read_whole_file(manifest_path);
    CHECK(manifest != NULL);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&registry, 0));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_load_manifest(registry, manifest, &count));
    CHECK(count > 0);
    free(manifest);
    return registry;
}

#define RUN(test)                                                                                                      \
    do {                                                                                                               \
        if (!harness_selected(#test)) break;                                                                           \
        harness_failures_in_test = 0;                                                                                  \
        test();                                                                                                        \
        if (harness_failures_in_test == 0) {                                                                           \
            harness_passed++;                                                                                          \
            printf("ok   %s\n", #test);                                                                                \
        } else {                                                                                                       \
            harness_failed++;                                                                                          \
            printf("FAIL %s\n", #test);                                                                                \
        }                                                                                                              \
    } while (0)

#define HARNESS_SUMMARY(suite)                                                                                         \
    (printf("%s: %d passed, %d failed\n", (suite), harness_passed, harness_failed), harness_failed == 0 ? 0 : 1)

#endif
