/* A minimal test harness for the C suites: CHECK records a failure and goes on; each TEST is one test. */
#ifndef NAVROUTER_TEST_HARNESS_H
#define NAVROUTER_TEST_HARNESS_H

#include <stdio.h>
#include <string.h>

static int harness_failures_in_test;
static int harness_passed;
static int harness_failed;

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

#define RUN(test)                                                                                                      \
    do {                                                                                                               \
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
