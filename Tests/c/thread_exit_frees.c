/* What a thread's calls leave in its per-thread state is freed when the thread ends, and what threads racing to make
 * a match's JSON made twice is freed by the loser. valgrind cannot see these leaks: glibc keeps an ended thread's
 * stack for the next thread, and valgrind finds the lost blocks' addresses there and calls them reachable. So this
 * program counts the blocks live (allocation_counter.h, which defines malloc and its kin), and runs
 * each case 200 times after 20 rounds to warm up: a block lost per round shows as 200 more live blocks, where a
 * correct library's count returns to where it was, give or take the allocator's own caches (a small, fixed number).
 * Each round starts a thread that
 *   - keeps a match it made (its getters' cache holds the match after the host freed it on another thread),
 *   - resolves in a registry limited to 8 segments and then in one of 64 (its segment buffer grows twice),
 *   - resolves and frees a match (the spare block it keeps for its next resolve),
 *   - ends on a failed call (its last-error message);
 * and four threads ask a fresh match for its JSON at once (the text is made once; a thread that made it too frees its
 * copy). Last, a registry this thread looked up in is freed when the host frees it. Not a test_* program: run.sh
 * runs it once, natively (valgrind has its own allocator). */
#define _GNU_SOURCE
#include <navrouter.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "allocation_counter.h"

static navrouter_registry *narrow, *wide;

static navrouter_registry *shop(size_t max_segments) {
    navrouter_registry *registry = NULL;
    if (navrouter_registry_new(&registry, 0) != NAVROUTER_OK ||
        navrouter_registry_add_route(registry, "product", "shop/product/<int:id>", 0) != NAVROUTER_OK ||
        navrouter_registry_set_limits(registry, 8192, max_segments) != NAVROUTER_OK) {
        printf("setup: %s\n", navrouter_last_error());
        exit(1);
    }
    return registry;
}

/* One thread's session: see the top of the file. Returns the match it kept, for the caller to free. */
static void *session(void *unused) {
    (void)unused;
    navrouter_match *kept = NULL, *spare = NULL;
    if (navrouter_registry_resolve(narrow, "/shop/product/1", &kept) != NAVROUTER_OK) return NULL;
    if (navrouter_match_param(kept, "id") == NULL) return NULL; /* the thread's getters' cache now holds it */
    if (navrouter_registry_resolve(wide, "/shop/product/2", &spare) != NAVROUTER_OK) return NULL;
    navrouter_match_free(spare);
    navrouter_match *none = NULL;
    if (navrouter_registry_resolve(narrow, "/nowhere", &none) == NAVROUTER_OK) return NULL; /* the last message */
    return kept;
}

struct asker {
    navrouter_match *match;
    pthread_barrier_t *start;
};

static void *ask_json(void *raw) {
    struct asker *asker = raw;
    pthread_barrier_wait(asker->start);
    return (void *)navrouter_match_json(asker->match);
}

static int round_of_threads(void) {
    narrow = shop(8); /* made and freed in the round: the ended thread's cached table must not keep it */
    pthread_t thread;
    void *kept = NULL;
    if (pthread_create(&thread, NULL, session, NULL) != 0 || pthread_join(thread, &kept) != 0 || kept == NULL) return 0;
    navrouter_match_free(kept); /* the ended thread's cache held it: this frees it for good */
    navrouter_registry_free(narrow);
    navrouter_match *match = NULL;
    if (navrouter_registry_resolve(wide, "/shop/product/3", &match) != NAVROUTER_OK) return 0;
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, 4);
    struct asker asker = {match, &start};
    pthread_t askers[4];
    void *texts[4];
    for (int i = 0; i < 4; i++)
        if (pthread_create(&askers[i], NULL, ask_json, &asker) != 0) return 0;
    int same = 1;
    for (int i = 0; i < 4; i++) {
        pthread_join(askers[i], &texts[i]);
        same &= texts[i] != NULL && texts[i] == texts[0];
    }
    pthread_barrier_destroy(&start);
    navrouter_match_free(match);
    return same;
}

int main(void) {
    wide = shop(64);
    for (int round = 0; round < 20; round++)
        if (!round_of_threads()) {
            printf("FAIL a round of threads: %s\n", navrouter_last_error());
            return 1;
        }
    allocation_counter_start();
    for (int round = 0; round < 200; round++)
        if (!round_of_threads()) {
            printf("FAIL a round of threads: %s\n", navrouter_last_error());
            return 1;
        }
    allocation_counter_stop();
    long left = __atomic_load_n(&live_blocks, __ATOMIC_RELAXED);
    /* A correct library leaves a handful (the allocator's caches for threads); a leak leaves 200 or more. */
    printf("%-4s %ld blocks more live after 200 rounds of threads\n", left > 20 || left < -20 ? "FAIL" : "ok", left);
    /* A registry this thread looked up in is freed when the host frees it, not at the thread's next look-up in
     * another registry (its table was held by the thread's cache: some thirty blocks). */
    allocation_counter_start();
    navrouter_registry *looked_up = shop(64);
    navrouter_match *match = NULL;
    int resolved = navrouter_registry_resolve(looked_up, "/shop/product/4", &match) == NAVROUTER_OK;
    navrouter_match_free(match);
    navrouter_registry_free(looked_up);
    allocation_counter_stop();
    long kept = __atomic_load_n(&live_blocks, __ATOMIC_RELAXED);
    printf("%-4s %ld blocks more live after a registry looked up in was freed\n", resolved && kept <= 2 ? "ok" : "FAIL",
           kept);
    navrouter_registry_free(wide);
    return left > 20 || left < -20 || !resolved || kept > 2;
}
