/* A host that loads libnavrouter.so with dlopen, as Python's ctypes does, and looks up on four threads at once
 * (each thread makes its own per-thread state in the library's initial-exec thread-local slot) and then on the main
 * thread after they ended. Run by Tests/c/run.sh with glibc's tunable static TLS surplus set to 0, so that it fails
 * if the library asks more of a dlopen'ing process than the surplus glibc always keeps.
 * Usage: dlopen_host PATH_TO_LIBNAVROUTER. Exit status 0 when every look-up gave the expected route and ranges. */
#include "dlopen_helpers.h"

#include <pthread.h>

typedef const char *(*last_error_fn)(void);

static lookup_fn lookup;
static last_error_fn last_error;
static navrouter_registry *registry;

/* 1000 look-ups of "/items/<n>": route 1, two segments, the second one the number's bytes. Returns failures. */
static void *look_up_many(void *unused) {
    (void)unused;
    long failures = 0;
    for (int i = 0; i < 1000; i++) {
        char url[32];
        int length = snprintf(url, sizeof url, "/items/%d", i);
        uint32_t route = 99;
        navrouter_range ranges[4];
        size_t count = 0;
        int status = lookup(registry, url, (size_t)length, &route, ranges, 4, &count);
        if (status != NAVROUTER_OK || route != 1 || count != 2 || ranges[1].start != 7 ||
            ranges[1].end != (uint32_t)length) {
            if (failures++ == 0)
                fprintf(stderr, "%s: status %d, route %u, %zu segments (%s)\n", url, status, route, count,
                        last_error());
        }
    }
    uint32_t route;
    navrouter_range ranges[4];
    size_t count;
    if (lookup(registry, "/nowhere", 8, &route, ranges, 4, &count) != NAVROUTER_ENOTFOUND ||
        strstr(last_error(), "/nowhere") == NULL) {
        fprintf(stderr, "an unknown route did not give ENOTFOUND with its message on this thread\n");
        failures++;
    }
    return (void *)failures;
}

int main(int argc, char **argv) {
    int status = 0;
    void *library = open_library(argc, argv, &status);
    if (library == NULL) return status;
    registry_new_fn registry_new;
    add_route_fn add_route;
    registry_free_fn registry_free;
    if (!load(library, "navrouter_registry_new", &registry_new, sizeof registry_new) ||
        !load(library, "navrouter_registry_add_route", &add_route, sizeof add_route) ||
        !load(library, "navrouter_registry_free", &registry_free, sizeof registry_free) ||
        !load(library, "navrouter_registry_lookup", &lookup, sizeof lookup) ||
        !load(library, "navrouter_last_error", &last_error, sizeof last_error)) {
        fprintf(stderr, "a function is missing: %s\n", dlerror());
        return 1;
    }
    if (registry_new(&registry, 0) != NAVROUTER_OK || add_route(registry, "list", "items", 0) != NAVROUTER_OK ||
        add_route(registry, "item", "items/:id", 0) != NAVROUTER_OK) {
        fprintf(stderr, "setting up the registry failed: %s\n", last_error());
        return 1;
    }
    long failures = 0;
    pthread_t threads[4];
    for (int i = 0; i < 4; i++)
        if (pthread_create(&threads[i], NULL, look_up_many, NULL) != 0) return 1;
    for (int i = 0; i < 4; i++) {
        void *result;
        pthread_join(threads[i], &result);
        failures += (long)result;
    }
    failures += (long)look_up_many(NULL);
    registry_free(registry);
    dlclose(library);
    printf("dlopen host: %ld failed look-ups on 5 threads\n", failures);
    return failures == 0 ? 0 : 1;
}
