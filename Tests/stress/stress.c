/* Stress: many threads on one router, two routers on one registry whose routes, interceptors and modules change
 * meanwhile, and a registry freed while threads look up in it. Every call must give a status the header lists;
 * afterwards the states keep their invariants and every view made was released exactly once.
 * Usage: stress MANIFEST [COMMANDS_PER_THREAD] (default 100000). Last line: "stress: N passed, N failed". */
#define _POSIX_C_SOURCE 200809L
#include <navrouter.h>
#include <navrouter_jansson.h>

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../c/read_file.h"

#define THREADS 8

static long per_thread = 100000;
static const char *manifest_path;
static int failures;
static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;

static void fail(const char *what) {
    pthread_mutex_lock(&report_lock);
    failures++;
    if (failures < 20) fprintf(stderr, "  %s (last error: %s)\n", what, navrouter_last_error());
    pthread_mutex_unlock(&report_lock);
}

static int known(int status) {
    return status >= NAVROUTER_EEXTERNAL && status <= NAVROUTER_HANDLED;
}

static navrouter_registry *shop_registry(void) {
    navrouter_registry *registry = NULL;
    char *manifest = read_whole_file(manifest_path);
    if (!manifest || navrouter_registry_new(&registry, 0) != NAVROUTER_OK ||
        navrouter_registry_load_manifest(registry, manifest, NULL) != NAVROUTER_OK) {
        fprintf(stderr, "stress: cannot load %s\n", manifest_path);
        exit(2);
    }
    navrouter_registry_set_authenticated(registry, true);
    free(manifest);
    return registry;
}

/* Views: made and released, counted atomically enough under a lock. */
static pthread_mutex_t view_lock = PTHREAD_MUTEX_INITIALIZER;
static long views_made, views_released;

static void *make_view(const navrouter_entry *entry, void *user_data) {
    (void)entry;
    (void)user_data;
    pthread_mutex_lock(&view_lock);
    long view = ++views_made;
    pthread_mutex_unlock(&view_lock);
    return (void *)(intptr_t)view;
}

static void release_view(void *view, const navrouter_entry *entry, void *user_data) {
    (void)view;
    (void)entry;
    (void)user_data;
    pthread_mutex_lock(&view_lock);
    views_released++;
    pthread_mutex_unlock(&view_lock);
}

static int navigator(const navrouter_event *event, void *user_data) {
    (void)user_data;
    return navrouter_event_kind(event) >= 0 ? 0 : 1;
}

/* Callbacks of one router never overlap in time, whatever thread calls it: each callback of the one-router scenario
 * enters this probe, which counts how often it found another callback of the router inside. */
struct probe {
    int inside;
    long overlaps;
};

static void probe_enter(struct probe *probe) {
    if (__atomic_add_fetch(&probe->inside, 1, __ATOMIC_ACQ_REL) > 1)
        __atomic_add_fetch(&probe->overlaps, 1, __ATOMIC_RELAXED);
    for (volatile int i = 0; i < 200; i++) { /* stays a moment, so that an overlap is seen */
    }
}

static void probe_leave(struct probe *probe) {
    __atomic_sub_fetch(&probe->inside, 1, __ATOMIC_ACQ_REL);
}

static int probing_navigator(const navrouter_event *event, void *user_data) {
    probe_enter(user_data);
    int refused = navrouter_event_kind(event) >= 0 ? 0 : 1;
    probe_leave(user_data);
    return refused;
}

/* Holds the settings sheet as a pending flow (the router's flows expire at once: flow_deadline_ms 0). */
static int hold_settings(navrouter_interception *interception, void *user_data) {
    probe_enter(user_data);
    int decision = strcmp(navrouter_interception_route(interception), "settings") == 0 ? NAVROUTER_DECISION_PENDING
                                                                                       : NAVROUTER_DECISION_PROCEED;
    probe_leave(user_data);
    return decision;
}

/* Expires flows and begins and cancels back gestures, as a timer and a user's finger do, beside the commands. */
static int stop_timer;
static void *timer(void *argument) {
    navrouter_router *router = argument;
    while (!__atomic_load_n(&stop_timer, __ATOMIC_ACQUIRE)) {
        uint64_t gesture = 0;
        if (!known(navrouter_router_expire_flows(router))) fail("an unknown status from expire_flows");
        if (navrouter_router_begin_back_gesture(router, &gesture, NULL) == NAVROUTER_OK)
            navrouter_router_cancel_back_gesture(router, gesture);
    }
    return NULL;
}

static int cancel_sevens(navrouter_interception *interception, void *user_data) {
    const char *id = navrouter_interception_param(interception, "id");
    (void)user_data;
    return id && atol(id) % 7 == 0 ? NAVROUTER_DECISION_CANCEL : NAVROUTER_DECISION_PROCEED;
}

/* The invariants of a router's state, read from its snapshot. */
static void check_state(navrouter_router *router) {
    char *text = NULL;
    if (navrouter_router_snapshot(router, &text) != NAVROUTER_OK) {
        fail("snapshot failed");
        return;
    }
    json_t *state = navrouter_jansson_parse(text), *tab, *layer;
    size_t i;
    json_array_foreach(json_object_get(state, "tabs"), i, tab) {
        json_t *stack = json_object_get(tab, "stack");
        const char *root = json_string_value(json_object_get(tab, "route"));
        if (root && (json_array_size(stack) == 0 ||
                     strcmp(root, json_string_value(json_object_get(json_array_get(stack, 0), "route"))) != 0))
            fail("a tab does not start with its root");
    }
    json_array_foreach(json_object_get(state, "layers"), i, layer) {
        if (json_array_size(json_object_get(layer, "stack")) == 0) fail("an empty layer");
    }
    if (navrouter_router_restore(router, text, NULL) < 0) fail("a router's own snapshot does not restore");
    json_decref(state);
    navrouter_string_free(text);
}

static const char *urls[] = {"/shop/product/1", "/shop/product/14", "/settings",           "/shop/cart",
                             "/shop/catalog",   "/help/a/b",        "/shop/category/hats", "/account/profile",
                             "/nowhere",        "/shop/search?q=x"};

struct worker {
    navrouter_router *routers[2];
    unsigned seed;
    long done;
};

static void *mixed_commands(void *argument) {
    struct worker *worker = argument;
    for (long step = 0; step < per_thread; step++) {
        unsigned r = (unsigned)rand_r(&worker->seed);
        navrouter_router *router = worker->routers[r & 1];
        const char *url = urls[(r >> 1) % (sizeof urls / sizeof *urls)];
        int status;
        switch ((r >> 5) % 8) {
        case 0:
        case 1:
            status = navrouter_router_navigate(router, url, NULL, NULL);
            break;
        case 2:
            status = navrouter_router_pop(router, 1, NULL, NULL);
            break;
        case 3:
            status = navrouter_router_back(router, NULL);
            break;
        case 4:
            status = navrouter_router_dismiss(router, 0, NULL, NULL);
            break;
        case 5:
            status = navrouter_router_select_tab(router, (r >> 9) % 4, NULL);
            break;
        case 6:
            status = navrouter_router_pop_to_root(router, NULL);
            break;
        default: {
            const char *stack[] = {url, "/shop/product/3"};
            status = navrouter_router_set_stack(router, stack, 2, NULL);
        }
        }
        if (!known(status)) fail("an unknown status");
        worker->done++;
    }
    return NULL;
}

/* Adds and removes routes, interceptors and modules while the workers run. */
static void *change_registry(void *argument) {
    navrouter_registry *registry = argument;
    const char *module = "{\"module\": \"extra\", \"routes\": [{\"name\": \"extra\", \"pattern\": \"extra/:id\"}]}";
    const char *scope[] = {"product"};
    for (long step = 0; step < per_thread / 50 + 10; step++) {
        char name[32], pattern[32];
        uint64_t id = 0;
        snprintf(name, sizeof name, "r%ld", step);
        snprintf(pattern, sizeof pattern, "r/%ld", step);
        if (navrouter_registry_add_route(registry, name, pattern, 0) != NAVROUTER_OK) fail("add_route");
        if (navrouter_registry_load_manifest(registry, module, NULL) != NAVROUTER_OK) fail("load_manifest");
        if (navrouter_registry_add_interceptor(registry, "sevens", NAVROUTER_PHASE_BEFORE, NAVROUTER_PRIORITY_MEDIUM,
                                               NULL, scope, 1, 0, "extra", cancel_sevens, NULL, NULL,
                                               &id) != NAVROUTER_OK)
            fail("add_interceptor");
        if (navrouter_registry_remove_module(registry, "extra", NULL) != NAVROUTER_OK) fail("remove_module");
        if (navrouter_registry_remove_route(registry, name) != NAVROUTER_OK) fail("remove_route");
        if (step % 16 == 0) navrouter_registry_set_authenticated(registry, step % 32 == 0);
    }
    navrouter_registry_set_authenticated(registry, true);
    return NULL;
}

static double seconds_since(struct timespec start) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start.tv_sec) + (double)(now.tv_nsec - start.tv_nsec) / 1e9;
}

static int scenario_one_router(void) {
    navrouter_registry *registry = shop_registry();
    navrouter_router *router = NULL;
    pthread_t threads[THREADS];
    struct worker workers[THREADS];
    struct timespec start;
    long total = 0;
    struct probe probe = {0, 0};
    pthread_t timer_thread;
    if (navrouter_router_new(&router, registry) != NAVROUTER_OK) fail("router_new");
    navrouter_router_set_navigator(router, probing_navigator, &probe, NULL);
    navrouter_router_set_handler(router, NULL, make_view, release_view, NULL, NULL);
    navrouter_router_set_options_json(router, "{\"flow_deadline_ms\": 0}");
    navrouter_registry_add_interceptor(registry, "hold", NAVROUTER_PHASE_BEFORE, NAVROUTER_PRIORITY_LOW, NULL, NULL, 0,
                                       0, NULL, hold_settings, &probe, NULL, NULL);
    clock_gettime(CLOCK_MONOTONIC, &start);
    stop_timer = 0;
    pthread_create(&timer_thread, NULL, timer, router);
    for (int i = 0; i < THREADS; i++) {
        workers[i] = (struct worker){{router, router}, (unsigned)i * 7919u + 1u, 0};
        pthread_create(&threads[i], NULL, mixed_commands, &workers[i]);
    }
    for (int i = 0; i < THREADS; i++) {
        pthread_join(threads[i], NULL);
        total += workers[i].done;
    }
    __atomic_store_n(&stop_timer, 1, __ATOMIC_RELEASE);
    pthread_join(timer_thread, NULL);
    double elapsed = seconds_since(start);
    if (probe.overlaps) {
        printf("  the router's callbacks overlapped %ld times\n", probe.overlaps);
        fail("callbacks of one router overlapped in time");
    }
    check_state(router);
    navrouter_router_free(router);
    navrouter_registry_free(registry);
    printf("  %d threads x %ld commands on one router (and a timer thread expiring flows, gestures begun and "
           "cancelled; no callbacks overlapped): %.2f s (%.0f commands/s)\n",
           THREADS, per_thread, elapsed, (double)total / elapsed);
    return total == THREADS * per_thread;
}

static int scenario_two_routers_changing_registry(void) {
    navrouter_registry *registry = shop_registry();
    navrouter_router *routers[2] = {NULL, NULL};
    pthread_t threads[THREADS], changer;
    struct worker workers[THREADS];
    struct timespec start;
    for (int r = 0; r < 2; r++) {
        if (navrouter_router_new(&routers[r], registry) != NAVROUTER_OK) fail("router_new");
        navrouter_router_set_navigator(routers[r], navigator, NULL, NULL);
        navrouter_router_set_handler(routers[r], NULL, make_view, release_view, NULL, NULL);
    }
    clock_gettime(CLOCK_MONOTONIC, &start);
    pthread_create(&changer, NULL, change_registry, registry);
    for (int i = 0; i < THREADS; i++) {
        workers[i] = (struct worker){{routers[0], routers[1]}, (unsigned)i * 104729u + 3u, 0};
        pthread_create(&threads[i], NULL, mixed_commands, &workers[i]);
    }
    for (int i = 0; i < THREADS; i++) pthread_join(threads[i], NULL);
    pthread_join(changer, NULL);
    double elapsed = seconds_since(start);
    for (int r = 0; r < 2; r++) {
        check_state(routers[r]);
        navrouter_router_free(routers[r]);
    }
    navrouter_registry_free(registry);
    printf("  two routers, %d threads, routes/interceptors/modules changing: %.2f s\n", THREADS, elapsed);
    return 1;
}

static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;
static navrouter_registry *shared;
/* Counts the registries withdrawn: a look-up that began before a withdrawal may have used a freed handle. */
static long withdrawn;
static int stop_looking;

static void *look_up(void *argument) {
    long *answered = argument;
    const char *url = "/shop/product/42";
    navrouter_range ranges[8];
    uint32_t index;
    size_t count;
    for (;;) {
        pthread_mutex_lock(&shared_lock);
        navrouter_registry *registry = shared;
        long generation = withdrawn;
        int stop = stop_looking;
        pthread_mutex_unlock(&shared_lock);
        if (stop) break;
        if (!registry) continue;
        int status = navrouter_registry_lookup(registry, url, strlen(url), &index, ranges, 8, &count);
        if (status == NAVROUTER_ENOTFOUND) {
            /* Only a stale pointer may miss: freed during the look-up, its address can already name the next
             * registry, made but not yet given its route (a pointer that names a live handle is that handle). */
            pthread_mutex_lock(&shared_lock);
            int stale = withdrawn != generation;
            pthread_mutex_unlock(&shared_lock);
            if (!stale) fail("a look-up in a live registry did not find its route");
        } else if (status != NAVROUTER_OK && status != NAVROUTER_EDESTROYED) {
            fail("a look-up in a registry being freed gave a wrong status");
        }
        ++*answered;
    }
    return NULL;
}

static int scenario_registry_freed_during_lookups(void) {
    pthread_t threads[THREADS - 1];
    long answered[THREADS - 1] = {0};
    long rounds = per_thread / 100 + 50;
    stop_looking = 0;
    for (int i = 0; i < THREADS - 1; i++) pthread_create(&threads[i], NULL, look_up, &answered[i]);
    for (long round = 0; round < rounds; round++) {
        navrouter_registry *registry = NULL;
        if (navrouter_registry_new(&registry, 0) != NAVROUTER_OK) fail("registry_new");
        navrouter_registry_add_route(registry, "product", "shop/product/<int:id>", 0);
        pthread_mutex_lock(&shared_lock);
        shared = registry;
        pthread_mutex_unlock(&shared_lock);
        for (volatile int spin = 0; spin < 20000; spin++) {
        }
        pthread_mutex_lock(&shared_lock);
        shared = NULL;
        withdrawn++;
        pthread_mutex_unlock(&shared_lock);
        navrouter_registry_free(registry);
    }
    pthread_mutex_lock(&shared_lock);
    stop_looking = 1;
    pthread_mutex_unlock(&shared_lock);
    long total = 0;
    for (int i = 0; i < THREADS - 1; i++) {
        pthread_join(threads[i], NULL);
        total += answered[i];
    }
    printf("  %ld registries freed while %d threads looked up (%ld look-ups)\n", rounds, THREADS - 1, total);
    return 1;
}

int main(int argc, char **argv) {
    int passed = 0, failed = 0;
    manifest_path = argc > 1 ? argv[1] : "examples/manifests/shop.json";
    if (argc > 2) per_thread = atol(argv[2]);
    int (*scenarios[])(void) = {scenario_one_router, scenario_two_routers_changing_registry,
                                scenario_registry_freed_during_lookups};
    const char *names[] = {"one_router", "two_routers_changing_registry", "registry_freed_during_lookups"};
    for (size_t i = 0; i < sizeof scenarios / sizeof *scenarios; i++) {
        int before = failures;
        int ok = scenarios[i]();
        if (ok && failures == before) {
            passed++;
            printf("ok   %s\n", names[i]);
        } else {
            failed++;
            printf("FAIL %s\n", names[i]);
        }
    }
    if (views_made != views_released) {
        printf("FAIL views: %ld made, %ld released\n", views_made, views_released);
        failed++;
    } else {
        printf("ok   views: %ld made, %ld released\n", views_made, views_released);
        passed++;
    }
    printf("stress: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
