/* A host that unloads libnavrouter.so while a thread that called it is still alive, as the JVM, Panama and other
 * hosts that unload native libraries may: the thread used the library (a look-up, a router command), the main thread
 * frees every handle and dlcloses the library, and only then does the thread exit. Its per-thread state must not
 * call into code that is gone. Usage: unload_host PATH_TO_LIBNAVROUTER. Exit status 0 when the process survives. */
#include "dlopen_helpers.h"

#include <pthread.h>

typedef int (*router_new_fn)(navrouter_router **, navrouter_registry *);
typedef int (*navigate_fn)(navrouter_router *, const char *, const navrouter_nav_options *, uint64_t *);
typedef void (*router_free_fn)(navrouter_router *);

static lookup_fn lookup;
static navigate_fn navigate;
static navrouter_registry *registry;
static navrouter_router *router;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int used, unloaded;

/* Uses the library, says so, and waits until it is unloaded before it exits. */
static void *use_then_wait(void *unused) {
    (void)unused;
    uint32_t route;
    navrouter_range ranges[4];
    size_t count;
    long failures = lookup(registry, "/items/7", 8, &route, ranges, 4, &count) != NAVROUTER_OK;
    failures += navigate(router, "/items/7", NULL, NULL) != NAVROUTER_OK;
    failures += navigate(router, "/nowhere", NULL, NULL) != NAVROUTER_ENOTFOUND; /* a message for this thread */
    pthread_mutex_lock(&lock);
    used = 1;
    pthread_cond_broadcast(&changed);
    while (!unloaded) pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
    return (void *)failures;
}

int main(int argc, char **argv) {
    int status = 0;
    void *library = open_library(argc, argv, &status);
    if (library == NULL) return status;
    registry_new_fn registry_new;
    add_route_fn add_route;
    router_new_fn router_new;
    router_free_fn router_free;
    registry_free_fn registry_free;
    if (!load(library, "navrouter_registry_new", &registry_new, sizeof registry_new) ||
        !load(library, "navrouter_registry_add_route", &add_route, sizeof add_route) ||
        !load(library, "navrouter_registry_lookup", &lookup, sizeof lookup) ||
        !load(library, "navrouter_router_new", &router_new, sizeof router_new) ||
        !load(library, "navrouter_router_navigate", &navigate, sizeof navigate) ||
        !load(library, "navrouter_router_free", &router_free, sizeof router_free) ||
        !load(library, "navrouter_registry_free", &registry_free, sizeof registry_free)) {
        fprintf(stderr, "a function is missing: %s\n", dlerror());
        return 1;
    }
    if (registry_new(&registry, 0) != NAVROUTER_OK || add_route(registry, "item", "items/:id", 0) != NAVROUTER_OK ||
        router_new(&router, registry) != NAVROUTER_OK) {
        fprintf(stderr, "setting up failed\n");
        return 1;
    }
    pthread_t thread;
    if (pthread_create(&thread, NULL, use_then_wait, NULL) != 0) return 1;
    pthread_mutex_lock(&lock);
    while (!used) pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
    router_free(router);
    registry_free(registry);
    if (dlclose(library) != 0) {
        fprintf(stderr, "dlclose failed: %s\n", dlerror());
        return 1;
    }
    pthread_mutex_lock(&lock);
    unloaded = 1;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
    void *failures;
    pthread_join(thread, &failures);
    printf("unload host: the thread that used the library exited after dlclose (%ld failed calls)\n", (long)failures);
    return failures == NULL ? 0 : 1;
}
