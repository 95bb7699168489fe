/* Snapshot restore: any text gives a status (never a crash, never a trap on ids near their limits); a refused
 * snapshot leaves the state byte-identical; a restored state's own snapshot restores to the same bytes, and a
 * command can run on it; every view made is released exactly once. */
#include "fuzz_support.h"

#include <stdint.h>

static navrouter_registry *registry;
static long made, released;

static void *make_view(const navrouter_entry *entry, void *user_data) {
    (void)entry;
    (void)user_data;
    return (void *)(intptr_t)++made;
}

static void release_view(void *view, const navrouter_entry *entry, void *user_data) {
    (void)view;
    (void)entry;
    (void)user_data;
    released++;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    registry = fuzz_shop_registry();
    navrouter_registry_set_authenticated(registry, true);
    return 0;
}

static char *snapshot(navrouter_router *router) {
    char *text = NULL;
    if (navrouter_router_snapshot(router, &text) != NAVROUTER_OK) fuzz_fail("snapshot: %s", navrouter_last_error());
    return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    navrouter_router *router = NULL;
    char *text = fuzz_string(data, size);
    if (!text) return 0;
    made = released = 0;
    if (navrouter_router_new(&router, registry) != NAVROUTER_OK) fuzz_fail("router_new");
    navrouter_router_set_handler(router, NULL, make_view, release_view, NULL, NULL);
    navrouter_router_navigate(router, "/shop/product/1", NULL, NULL);
    char *before = snapshot(router);
    int status = navrouter_router_restore(router, text, NULL);
    FUZZ_CHECK(status == NAVROUTER_OK || status == NAVROUTER_EJSON || status == NAVROUTER_EINVAL ||
                   status == NAVROUTER_EDENIED || status == NAVROUTER_ECALLBACK,
               "restore gave %s: %s", navrouter_status_name(status), navrouter_last_error());
    char *after = snapshot(router);
    if (status != NAVROUTER_OK) {
        FUZZ_CHECK(strcmp(before, after) == 0, "a refused snapshot changed the state");
    } else {
        FUZZ_CHECK(navrouter_router_restore(router, after, NULL) == NAVROUTER_OK, "own snapshot refused: %s",
                   navrouter_last_error());
        char *again = snapshot(router);
        FUZZ_CHECK(strcmp(after, again) == 0, "a snapshot restored to other bytes");
        navrouter_string_free(again);
        int pushed = navrouter_router_navigate(router, "/shop/product/2", NULL, NULL);
        FUZZ_CHECK(fuzz_known_status(pushed), "a command after restore gave %d", pushed);
    }
    navrouter_string_free(before);
    navrouter_string_free(after);
    navrouter_router_free(router);
    FUZZ_CHECK(made == released, "%ld views made, %ld released", made, released);
    free(text);
    return 0;
}
