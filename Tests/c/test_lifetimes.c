/* Handles freed at any moment: from inside every kind of callback, and by another thread during look-ups. */
#define _POSIX_C_SOURCE 200809L
#include <navrouter.h>

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

static navrouter_registry *shop_registry(void) {
    navrouter_registry *registry = harness_manifest_registry();
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_authenticated(registry, true));
    return registry;
}

/* A host that frees its router (or registry) from inside the callback named by free_in, once. */
enum free_point { FREE_NOWHERE, FREE_IN_NAVIGATOR, FREE_IN_INTERCEPTOR, FREE_IN_MAKE_VIEW, FREE_IN_RELEASE_VIEW };

struct host {
    navrouter_router *router;
    navrouter_registry *registry;
    enum free_point free_router_in;
    enum free_point free_registry_in;
    int made, released, double_release, destroyed;
    int live[64];
};

static void host_free_at(struct host *host, enum free_point point) {
    if (host->free_router_in == point) {
        host->free_router_in = FREE_NOWHERE;
        navrouter_router_free(host->router);
    }
    if (host->free_registry_in == point) {
        host->free_registry_in = FREE_NOWHERE;
        navrouter_registry_free(host->registry);
    }
}

static int navigator(const navrouter_event *event, void *user_data) {
    if (navrouter_event_kind(event) == NAVROUTER_EVENT_PUSH) host_free_at(user_data, FREE_IN_NAVIGATOR);
    return 0;
}

static void *make_view(const navrouter_entry *entry, void *user_data) {
    struct host *host = user_data;
    if (strcmp(navrouter_entry_route(entry), "product") == 0) host_free_at(host, FREE_IN_MAKE_VIEW);
    host->made++;
    host->live[host->made] = 1;
    return (void *)(intptr_t)host->made;
}

static void release_view(void *view, const navrouter_entry *entry, void *user_data) {
    struct host *host = user_data;
    intptr_t index = (intptr_t)view;
    (void)entry;
    if (index <= 0 || index >= 64 || !host->live[index])
        host->double_release++;
    else
        host->live[index] = 0;
    host->released++;
    host_free_at(host, FREE_IN_RELEASE_VIEW);
}

static int interceptor(navrouter_interception *interception, void *user_data) {
    (void)interception;
    host_free_at(user_data, FREE_IN_INTERCEPTOR);
    return NAVROUTER_DECISION_PROCEED;
}

static void destroy(void *user_data) {
    ((struct host *)user_data)->destroyed++;
}

/* A router on a fresh shop registry with every callback of host; the registry handle stays with host. */
static void host_start(struct host *host) {
    memset(host, 0, sizeof *host);
    host->registry = shop_registry();
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_interceptor(host->registry, "probe", NAVROUTER_PHASE_BEFORE,
                                                                  NAVROUTER_PRIORITY_MEDIUM, NULL, NULL, 0, 0, NULL,
                                                                  interceptor, host, destroy, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_new(&host->router, host->registry));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_navigator(host->router, navigator, host, destroy));
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_router_set_handler(host->router, NULL, make_view, release_view, host, destroy));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_start(host->router, NULL));
}

/* A router freed from inside one of its callbacks: the command in flight fails with EDESTROYED, every view is
 * released exactly once, every destroy runs once, and the handle is then refused. */
static void free_router_during_push(enum free_point point) {
    struct host host;
    host_start(&host);
    host.free_router_in = point;
    CHECK_STATUS(NAVROUTER_EDESTROYED, navrouter_router_navigate(host.router, "/shop/product/1", NULL, NULL));
    CHECK(host.made == host.released);
    CHECK(host.double_release == 0);
    CHECK(host.destroyed == 2); /* navigator and handler; the interceptor belongs to the registry */
    CHECK_STATUS(NAVROUTER_EDESTROYED, navrouter_router_pop(host.router, 1, NULL, NULL));
    navrouter_registry_free(host.registry);
    CHECK(host.destroyed == 3);
}

static void test_router_freed_inside_its_navigator(void) {
    free_router_during_push(FREE_IN_NAVIGATOR);
}
static void test_router_freed_inside_an_interceptor(void) {
    free_router_during_push(FREE_IN_INTERCEPTOR);
}
static void test_router_freed_inside_make_view(void) {
    free_router_during_push(FREE_IN_MAKE_VIEW);
}

static void test_router_freed_inside_release_view(void) {
    struct host host;
    host_start(&host);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(host.router, "/shop/product/1", NULL, NULL));
    host.free_router_in = FREE_IN_RELEASE_VIEW;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_pop(host.router, 1, NULL, NULL)); /* committed, then freed */
    CHECK(host.made == host.released);
    CHECK(host.double_release == 0);
    CHECK(host.destroyed == 2);
    navrouter_registry_free(host.registry);
}

/* A registry freed from inside a callback: the router keeps it alive and goes on working. */
static void test_registry_freed_inside_callbacks(void) {
    enum free_point points[] = {FREE_IN_NAVIGATOR, FREE_IN_INTERCEPTOR, FREE_IN_MAKE_VIEW};
    for (size_t index = 0; index < sizeof points / sizeof *points; index++) {
        struct host host;
        size_t count = 0;
        host_start(&host);
        host.free_registry_in = points[index];
        CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(host.router, "/shop/product/1", NULL, NULL));
        CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(host.router, "/shop/product/2", NULL, NULL));
        CHECK_STATUS(NAVROUTER_EDESTROYED, navrouter_registry_route_count(host.registry, &count));
        navrouter_router_free(host.router);
        CHECK(host.made == host.released);
        CHECK(host.double_release == 0);
        CHECK(host.destroyed == 3); /* the registry went with the router, and its interceptor with it */
    }
}

/* One thread looks up in a registry while another frees it (and makes a new one, likely at the same address):
 * every look-up answers OK or EDESTROYED, and none reads freed memory (valgrind and ASan runs check that). */
static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;
static navrouter_registry *shared_registry;
static int stop_looking;

static navrouter_registry *shared(int *stop) {
    navrouter_registry *registry;
    pthread_mutex_lock(&shared_lock);
    registry = shared_registry;
    *stop = stop_looking;
    pthread_mutex_unlock(&shared_lock);
    return registry;
}

static void share(navrouter_registry *registry, int stop) {
    pthread_mutex_lock(&shared_lock);
    shared_registry = registry;
    stop_looking = stop;
    pthread_mutex_unlock(&shared_lock);
}

static int last_unexpected_status;

/* What a look-up on a handle another thread frees may give: a result, EDESTROYED, EINVAL (NULL), or ENOTFOUND when
 * the freed handle's address was already reused by the next registry, which has no route yet (a stale pointer that
 * names a live handle is that handle: C cannot tell them apart). Never a crash. */
static int acceptable(int status) {
    if (status == NAVROUTER_OK || status == NAVROUTER_EDESTROYED || status == NAVROUTER_EINVAL ||
        status == NAVROUTER_ENOTFOUND)
        return 1;
    last_unexpected_status = status;
    return 0;
}

static void *look_up(void *unused) {
    const char *url = "/shop/product/42";
    navrouter_range ranges[8];
    uint32_t index;
    size_t count;
    long bad = 0;
    int stop = 0;
    (void)unused;
    while (!stop) {
        navrouter_registry *registry = shared(&stop);
        int status = navrouter_registry_lookup(registry, url, strlen(url), &index, ranges, 8, &count);
        char buffer[512];
        size_t size;
        if (!acceptable(status)) bad++;
        status = navrouter_registry_resolve_packed(registry, url, strlen(url), buffer, sizeof buffer, &size);
        if (!acceptable(status)) bad++;
    }
    return bad ? (void *)&stop_looking : NULL;
}

static void test_registry_freed_while_another_thread_looks_up(void) {
    pthread_t thread;
    void *bad = NULL;
    share(NULL, 0);
    pthread_create(&thread, NULL, look_up, NULL);
    for (int round = 0; round < 300; round++) {
        navrouter_registry *registry = NULL;
        CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&registry, 0));
        CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_route(registry, "product", "shop/product/<int:id>", 0));
        share(registry, 0);
        for (volatile int spin = 0; spin < 2000; spin++) {
        }
        navrouter_registry_free(registry);
    }
    share(NULL, 1);
    pthread_join(thread, &bad);
    if (bad) fprintf(stderr, "  unexpected status %s\n", navrouter_status_name(last_unexpected_status));
    CHECK(bad == NULL);
}

/* Twenty thousand matches live at once, freed in a scattered order: each live handle still reads its own match,
 * each freed one reads NULL and frees again harmlessly (the table of live handles grows, and shifts entries back as
 * handles leave it). */
static void test_many_live_matches_freed_in_a_scattered_order(void) {
    enum { count = 20000 };
    static navrouter_match *matches[count];
    static int freed[count];
    navrouter_registry *registry = NULL;
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&registry, 0));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_route(registry, "product", "shop/product/<int:id>", 0));
    char url[64], id[16];
    for (int i = 0; i < count; i++) {
        snprintf(url, sizeof url, "myapp://shop/product/%d", i);
        CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, url, &matches[i]));
        freed[i] = 0;
    }
    int wrong = 0;
    for (int pass = 0; pass < 2; pass++) {
        /* 7919 is prime to 20000: the steps visit every index once, far from each other. */
        for (int step = 0; step < count / 2; step++) {
            int i = (int)(((long)(step + pass * (count / 2)) * 7919) % count);
            navrouter_match_free(matches[i]);
            freed[i] = 1;
        }
        for (int i = 0; i < count; i++) {
            const char *value = navrouter_match_param(matches[i], "id");
            snprintf(id, sizeof id, "%d", i);
            if (freed[i] ? value != NULL : (value == NULL || strcmp(value, id) != 0)) wrong++;
        }
    }
    CHECK(wrong == 0);
    for (int i = 0; i < count; i++) navrouter_match_free(matches[i]); /* all freed already: ignored */
    navrouter_registry_free(registry);
}

/* What a helper thread does with a match another thread made: frees it, or reads it (twice: the second time after
 * the main thread freed it, signalled through `freed_elsewhere`). */
struct match_visit {
    navrouter_match *match;
    int free_it;
    const char *first_id, *json;
    const char *after_free_id, *after_free_json;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int read, freed_elsewhere;
};

static void *visit_match(void *raw) {
    struct match_visit *visit = raw;
    if (visit->free_it) {
        navrouter_match_free(visit->match);
        return NULL;
    }
    visit->first_id = navrouter_match_param(visit->match, "id");
    visit->json = navrouter_match_json(visit->match);
    pthread_mutex_lock(&visit->lock);
    visit->read = 1;
    pthread_cond_broadcast(&visit->changed);
    while (!visit->freed_elsewhere) pthread_cond_wait(&visit->changed, &visit->lock);
    pthread_mutex_unlock(&visit->lock);
    visit->after_free_id = navrouter_match_param(visit->match, "id");
    visit->after_free_json = navrouter_match_json(visit->match);
    return NULL;
}

/* A thread keeps the match it made for its getters; another thread frees it: this thread then reads NULL (the
 * match is freed, even though its memory is still held for this thread), and frees it again harmlessly. Under
 * valgrind and ASan this also checks that the last holder, whichever it is, frees the match once. */
static void test_match_freed_by_another_thread(void) {
    navrouter_registry *registry = shop_registry();
    navrouter_match *match = NULL;
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, "/shop/product/42?ref=mail", &match));
    CHECK_STR("42", navrouter_match_param(match, "id"));
    struct match_visit visit = {.match = match, .free_it = 1};
    pthread_t thread;
    pthread_create(&thread, NULL, visit_match, &visit);
    pthread_join(thread, NULL);
    CHECK(navrouter_match_param(match, "id") == NULL);
    CHECK(navrouter_match_route(match) == NULL);
    CHECK(navrouter_match_json(match) == NULL);
    navrouter_match_free(match); /* freed already: ignored */
    navrouter_match_free(match);
    navrouter_registry_free(registry);
}

/* Another thread reads a match (its own entry now holds it), this thread frees it, the other thread reads NULL;
 * the match's JSON made by the other thread lives until then. */
static void test_match_read_by_another_thread_then_freed(void) {
    navrouter_registry *registry = shop_registry();
    navrouter_match *match = NULL;
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, "/shop/product/7", &match));
    struct match_visit visit = {.match = match, .free_it = 0};
    pthread_mutex_init(&visit.lock, NULL);
    pthread_cond_init(&visit.changed, NULL);
    pthread_t thread;
    pthread_create(&thread, NULL, visit_match, &visit);
    pthread_mutex_lock(&visit.lock);
    while (!visit.read) pthread_cond_wait(&visit.changed, &visit.lock);
    pthread_mutex_unlock(&visit.lock);
    CHECK(visit.first_id != NULL && strcmp(visit.first_id, "7") == 0);
    CHECK(visit.json != NULL && strstr(visit.json, "\"product\"") != NULL);
    CHECK(navrouter_match_json(match) == visit.json); /* made once, whichever thread asks */
    navrouter_match_free(match);
    pthread_mutex_lock(&visit.lock);
    visit.freed_elsewhere = 1;
    pthread_cond_broadcast(&visit.changed);
    pthread_mutex_unlock(&visit.lock);
    pthread_join(thread, NULL);
    CHECK(visit.after_free_id == NULL);
    CHECK(visit.after_free_json == NULL);
    pthread_mutex_destroy(&visit.lock);
    pthread_cond_destroy(&visit.changed);
    navrouter_registry_free(registry);
}

/* Four threads ask a fresh match for its JSON texts at once: each text is made once, every thread gets it. */
struct json_race {
    navrouter_match *match;
    pthread_barrier_t *start;
    const char *json, *params;
};

static void *ask_json(void *raw) {
    struct json_race *race = raw;
    pthread_barrier_wait(race->start);
    race->json = navrouter_match_json(race->match);
    race->params = navrouter_match_params_json(race->match);
    return NULL;
}

static void test_match_json_asked_by_threads_at_once(void) {
    navrouter_registry *registry = shop_registry();
    pthread_barrier_t start;
    for (int round = 0; round < 50; round++) {
        navrouter_match *match = NULL;
        CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, "/shop/product/9?color=red", &match));
        pthread_barrier_init(&start, NULL, 4);
        pthread_t threads[4];
        struct json_race races[4];
        for (int i = 0; i < 4; i++) {
            races[i] = (struct json_race){.match = match, .start = &start};
            pthread_create(&threads[i], NULL, ask_json, &races[i]);
        }
        for (int i = 0; i < 4; i++) pthread_join(threads[i], NULL);
        for (int i = 0; i < 4; i++) {
            CHECK(races[i].json != NULL && races[i].json == races[0].json);
            CHECK(races[i].params != NULL && races[i].params == races[0].params);
        }
        CHECK_STR("{\"color\":\"red\",\"id\":\"9\"}", races[0].params);
        pthread_barrier_destroy(&start);
        navrouter_match_free(match);
    }
    navrouter_registry_free(registry);
}

/* A match keeps its strings, not its registry's table: every JSON text is made after the registry is freed (and its
 * table with it), from a URL with every part — escapes in a parameter and in the catch-all, a query item named as a
 * path parameter (the path's value wins), a repeated key, a nameless item, a fragment and props. */
static void test_match_json_made_after_its_registry_is_gone(void) {
    navrouter_registry *registry = NULL;
    navrouter_match *match = NULL;
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&registry, 0));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_route(registry, "doc", "/docs/:section/*path", 0));
    /* _props: base64url of {"n":1} */
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_registry_resolve(
                     registry, "/docs/a%20b/x/y%2Fz?section=q&k=1&k=2&=v&_props=eyJuIjoxfQ#f%20g", &match));
    navrouter_registry_free(registry);
    for (int round = 0; round < 2; round++) { /* churn the heap where the table was */
        navrouter_registry *other = NULL;
        CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&other, 0));
        CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_route(other, "zzzzzzzzzzzz", "/zzzzzzzz/:zzzzzz", 0));
        navrouter_registry_free(other);
    }
    CHECK_STR("{\"k\":\"2\",\"path\":\"x/y/z\",\"section\":\"a b\"}", navrouter_match_params_json(match));
    CHECK_STR("{\"path\":\"x/y/z\",\"section\":\"a b\"}", navrouter_match_path_params_json(match));
    CHECK_STR("[[\"section\",\"q\"],[\"k\",\"1\"],[\"k\",\"2\"],[\"\",\"v\"]]", navrouter_match_query_json(match));
    CHECK_STR("{\"fragment\":\"f g\",\"parameters\":{\"k\":\"2\",\"path\":\"x/y/z\",\"section\":\"a b\"},"
              "\"path_parameters\":{\"path\":\"x/y/z\",\"section\":\"a b\"},\"props\":{\"n\":1},"
              "\"query\":[[\"section\",\"q\"],[\"k\",\"1\"],[\"k\",\"2\"],[\"\",\"v\"]],"
              "\"remainder\":\"x/y%2Fz\",\"route\":\"doc\","
              "\"url\":\"/docs/a%20b/x/y%2Fz?section=q&k=1&k=2&=v&_props=eyJuIjoxfQ#f%20g\"}",
              navrouter_match_json(match));
    navrouter_match_free(match);
}

int main(int argc, char **argv) {
    harness_init(argc, argv);
    RUN(test_router_freed_inside_its_navigator);
    RUN(test_router_freed_inside_an_interceptor);
    RUN(test_router_freed_inside_make_view);
    RUN(test_router_freed_inside_release_view);
    RUN(test_registry_freed_inside_callbacks);
    RUN(test_registry_freed_while_another_thread_looks_up);
    RUN(test_many_live_matches_freed_in_a_scattered_order);
    RUN(test_match_freed_by_another_thread);
    RUN(test_match_read_by_another_thread_then_freed);
    RUN(test_match_json_asked_by_threads_at_once);
    RUN(test_match_json_made_after_its_registry_is_gone);
    return HARNESS_SUMMARY("c lifetimes");
}
