/* Command sequences on two routers over the shop app, with interceptors that cancel, redirect and hold flows,
 * login and logout, view handlers and wait-for-host transitions, driven by the input's bytes. After every step:
 * every status is one the header lists; a failed command left its router's snapshot byte-identical; ids are unique;
 * tabs start with their roots; no layer is empty; no protected entry while logged out; an external link to a route
 * not flagged external never opens; a plan, a back preview and a cancelled gesture change nothing. Router options
 * (back behaviours, reselection, modals per tab, push dismissing modals), gestures, entries changed in place, saved
 * state, tolerant restores with a link, pushes onto a named tab and flow deadlines are in the mix. At the end, every
 * view made was released exactly once. Every event and interception is read field by field through its getters and
 * through its JSON form, which must agree (Tests/c/field_check.h).
 *
 * Where features meet (the invariants of TESTING.md's table, by their names there):
 *  - same-route-same-guards: product and review have aliases (item/...) while their interceptors are scoped by the
 *    routes' own patterns: a navigation (or a restore's link) to a sold-out product never succeeds, by any URL;
 *  - refused-changes-nothing: a refused command delivers no flow_cancelled / pending_ended (it supersedes nothing) and
 *    refused options leave the options as they were;
 *  - snapshots-restore: the states a router reaches restore into a fresh router, to the same snapshot: after every
 *    registry change (the promo route comes and goes over live category entries), every login or logout, and at
 *    the end of the input (a restore after every step doubled the cost of an input);
 *  - logged-out-never-shown: while logged out, no event hands the navigator a protected entry (only a removal names
 *    one);
 *  - OAuth callback links are claimed (NAVROUTER_HANDLED) while login flows wait. */
#include "fuzz_support.h"

#include "../c/field_check.h"

#include <stdint.h>

#define ROUTES 64
static navrouter_registry *registry;
static struct {
    char name[32];
    bool requires_auth, external;
} routes[ROUTES];
static size_t route_count;
static bool authenticated = true, onboarded, guard_leaves;
static uint64_t flows[16];
static size_t flow_count;
static long flow_events;          /* flows superseded (pending_ended, "superseded") during the current step */
static navrouter_router *scratch; /* a router each reached state is restored into */

struct host {
    navrouter_router *router;
    long made, released, double_release;
    unsigned char live[1 << 16];
    int refuse_kind;
};

static void remember_flow(uint64_t flow) {
    if (flow_count < 16) flows[flow_count++] = flow;
}

static bool route_flag(const char *name, bool external);

/* logged-out-never-shown: an entry an event hands over (not one it removes) is never protected while logged out. */
static void check_shown_entry(const navrouter_event *event, const navrouter_entry *entry) {
    if (authenticated || entry == NULL) return;
    const char *route = navrouter_entry_route(entry);
    FUZZ_CHECK(!route_flag(route, false),
               "a %s event handed a protected entry ('%s') to the navigator while logged out",
               navrouter_event_kind_name(event), route);
}

static int navigator(const navrouter_event *event, void *user_data) {
    struct host *host = user_data;
    const char *disagreement = event_disagreement(event);
    FUZZ_CHECK(disagreement == NULL, "%s event: %s disagrees with navrouter_event_json",
               navrouter_event_kind_name(event), disagreement);
    int kind = navrouter_event_kind(event);
    const char *info = navrouter_event_info_json(event);
    if (kind == NAVROUTER_EVENT_PENDING_ENDED && info && strstr(info, "\"superseded\"")) flow_events++;
    check_shown_entry(event, navrouter_event_entry(event));
    for (size_t i = 0; i < navrouter_event_entry_count(event); i++)
        check_shown_entry(event, navrouter_event_entry_at(event, i));
    return kind == host->refuse_kind ? 1 : 0;
}

static void *make_view(const navrouter_entry *entry, void *user_data) {
    struct host *host = user_data;
    (void)entry;
    host->made++;
    long view = host->made % (1 << 16);
    if (host->live[view]) fuzz_fail("more than 65536 live views");
    host->live[view] = 1;
    return (void *)(intptr_t)(view + 1);
}

static void release_view(void *view, const navrouter_entry *entry, void *user_data) {
    struct host *host = user_data;
    long index = (long)(intptr_t)view - 1;
    (void)entry;
    if (index < 0 || index >= (1 << 16) || !host->live[index])
        host->double_release++;
    else
        host->live[index] = 0;
    host->released++;
}

/* Every interceptor reads every field of its interception both ways first. */
static void check_interception(const navrouter_interception *interception) {
    const char *disagreement = interception_disagreement(interception);
    FUZZ_CHECK(disagreement == NULL, "interception of %s: %s disagrees with navrouter_interception_json",
               navrouter_interception_url(interception), disagreement);
}

static int sold_out(navrouter_interception *interception, void *user_data) {
    check_interception(interception);
    const char *id = navrouter_interception_param(interception, "id");
    (void)user_data;
    if (id && atoll(id) % 7 == 0) {
        navrouter_interception_set_argument(interception, "sold out");
        return NAVROUTER_DECISION_CANCEL;
    }
    return NAVROUTER_DECISION_PROCEED;
}

static int sale(navrouter_interception *interception, void *user_data) {
    check_interception(interception);
    const char *slug = navrouter_interception_param(interception, "slug");
    (void)user_data;
    if (slug && strcmp(slug, "sale") == 0) {
        navrouter_interception_set_argument(interception, "/shop/search?q=sale");
        return NAVROUTER_DECISION_REDIRECT;
    }
    return NAVROUTER_DECISION_PROCEED;
}

static int onboarding(navrouter_interception *interception, void *user_data) {
    check_interception(interception);
    (void)user_data;
    if (onboarded) return NAVROUTER_DECISION_PROCEED;
    remember_flow(navrouter_interception_flow(interception));
    return NAVROUTER_DECISION_PENDING;
}

static int unsaved(navrouter_interception *interception, void *user_data) {
    check_interception(interception);
    (void)user_data;
    if (!guard_leaves) return NAVROUTER_DECISION_PROCEED;
    remember_flow(navrouter_interception_flow(interception));
    return NAVROUTER_DECISION_PENDING;
}

static int then_home(navrouter_interception *interception, void *user_data) {
    check_interception(interception);
    (void)user_data;
    navrouter_interception_set_argument(interception, "/shop/home");
    return NAVROUTER_DECISION_REDIRECT; /* an after redirect: navigates next */
}

static void login(navrouter_router *router, uint64_t flow, const navrouter_match *destination, void *user_data) {
    (void)router;
    (void)destination;
    (void)user_data;
    remember_flow(flow);
}

/* The OAuth redirect links (myapp://auth/callback?...) are the login handler's. */
static bool claim(navrouter_router *router, const char *url, void *user_data) {
    (void)router;
    (void)user_data;
    return strncmp(url, "myapp://auth/callback", 21) == 0;
}

/* The shop with aliases: old links to products and reviews (item/...). */
static navrouter_registry *aliased_shop_registry(void) {
    navrouter_registry *made = NULL;
    char *text = fuzz_shop_manifest(), *manifest;
    json_t *root = navrouter_jansson_parse(text), *module, *route;
    size_t i, j;
    json_array_foreach(json_object_get(root, "modules"), i, module) {
        json_array_foreach(json_object_get(module, "routes"), j, route) {
            const char *name = json_string_value(json_object_get(route, "name"));
            if (strcmp(name, "product") == 0) json_object_set_new(route, "aliases", json_pack("[s]", "item/<int:id>"));
            if (strcmp(name, "review") == 0)
                json_object_set_new(route, "aliases", json_pack("[s]", "item/<int:id>/review"));
        }
    }
    manifest = json_dumps(root, 0);
    const char *domains[] = {"shop.example.com"};
    if (navrouter_registry_new(&made, 0) != NAVROUTER_OK ||
        navrouter_registry_load_manifest(made, manifest, NULL) != NAVROUTER_OK ||
        navrouter_registry_set_web_domains(made, domains, 1) != NAVROUTER_OK)
        fuzz_fail("cannot set up the aliased shop registry: %s", navrouter_last_error());
    free(manifest);
    json_decref(root);
    free(text);
    return made;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    const char *product[] = {"product"}, *category[] = {"category"}, *review[] = {"review"}, *help[] = {"help"};
    char *json = NULL;
    (void)argc;
    (void)argv;
    registry = aliased_shop_registry();
    (void)product;
    (void)review;
    /* Scoped by the routes' own patterns: their aliases must reach them all the same. */
    navrouter_registry_add_interceptor(registry, "sold-out", NAVROUTER_PHASE_BEFORE, NAVROUTER_PRIORITY_HIGH,
                                       "shop/product/<int:id>", NULL, 0, 0, NULL, sold_out, NULL, NULL, NULL);
    navrouter_registry_add_interceptor(registry, "sale", NAVROUTER_PHASE_BEFORE, NAVROUTER_PRIORITY_MEDIUM, NULL,
                                       category, 1, 0, NULL, sale, NULL, NULL, NULL);
    navrouter_registry_add_interceptor(registry, "onboarding", NAVROUTER_PHASE_BEFORE, NAVROUTER_PRIORITY_MANDATORY,
                                       "shop/cart", NULL, 0, 0, NULL, onboarding, NULL, NULL, NULL);
    navrouter_registry_add_interceptor(registry, "unsaved", NAVROUTER_PHASE_LEAVE, NAVROUTER_PRIORITY_MEDIUM,
                                       "shop/product/<int:id>/review", NULL, 0, 0, NULL, unsaved, NULL, NULL, NULL);
    navrouter_registry_add_interceptor(registry, "then-home", NAVROUTER_PHASE_AFTER, NAVROUTER_PRIORITY_LOW, NULL, help,
                                       1, 0, NULL, then_home, NULL, NULL, NULL);
    navrouter_registry_set_auth_handler(registry, login, claim, NULL, NULL);
    if (navrouter_router_new(&scratch, registry) != NAVROUTER_OK) fuzz_fail("router_new: %s", navrouter_last_error());
    if (navrouter_registry_routes_json(registry, &json) != NAVROUTER_OK) fuzz_fail("routes_json");
    json_t *list = navrouter_jansson_parse(json), *route;
    size_t index;
    json_array_foreach(list, index, route) {
        if (route_count == ROUTES) break;
        snprintf(routes[route_count].name, 32, "%s", json_string_value(json_object_get(route, "name")));
        routes[route_count].requires_auth = json_is_true(json_object_get(route, "requires_auth"));
        routes[route_count].external = json_is_true(json_object_get(route, "external"));
        route_count++;
    }
    json_decref(list);
    navrouter_string_free(json);
    return 0;
}

static const char *route_of(const char *url) {
    static char name[32];
    navrouter_match *match = NULL;
    if (navrouter_registry_resolve(registry, url, &match) != NAVROUTER_OK) return NULL;
    snprintf(name, sizeof name, "%s", navrouter_match_route(match));
    navrouter_match_free(match);
    return name;
}

static bool route_flag(const char *name, bool external) {
    for (size_t i = 0; i < route_count; i++)
        if (strcmp(routes[i].name, name) == 0) return external ? routes[i].external : routes[i].requires_auth;
    return false;
}

static char *snapshot_of(navrouter_router *router) {
    char *text = NULL;
    if (navrouter_router_snapshot(router, &text) != NAVROUTER_OK) fuzz_fail("snapshot: %s", navrouter_last_error());
    return text;
}

/* The invariants of one router's state, given as its snapshot. */
static void check_invariants(const char *text) {
    json_t *state = navrouter_jansson_parse(text), *tab, *layer, *entry;
    uint64_t ids[4096];
    size_t count = 0, i, j;
    json_array_foreach(json_object_get(state, "tabs"), i, tab) {
        json_t *stack = json_object_get(tab, "stack");
        const char *root = json_string_value(json_object_get(tab, "route"));
        if (root) {
            FUZZ_CHECK(json_array_size(stack) > 0, "tab '%s' is empty", root);
            FUZZ_CHECK(strcmp(root, json_string_value(json_object_get(json_array_get(stack, 0), "route"))) == 0,
                       "tab '%s' does not start with its root", root);
        }
        json_array_foreach(stack, j, entry) if (count < 4096) ids[count++] =
            json_integer_value(json_object_get(entry, "id"));
        json_array_foreach(json_object_get(tab, "hidden_layers"), j, layer) {
            json_t *hidden = json_object_get(layer, "stack");
            size_t k;
            FUZZ_CHECK(json_array_size(hidden) > 0, "a hidden layer of tab '%s' is empty", root ? root : "?");
            json_array_foreach(hidden, k, entry) {
                const char *name = json_string_value(json_object_get(entry, "route"));
                if (count < 4096) ids[count++] = json_integer_value(json_object_get(entry, "id"));
                FUZZ_CHECK(authenticated || !route_flag(name, false), "protected hidden entry '%s' while logged out",
                           name);
            }
        }
    }
    json_array_foreach(json_object_get(state, "layers"), i, layer) {
        json_t *stack = json_object_get(layer, "stack");
        FUZZ_CHECK(json_array_size(stack) > 0, "layer %zu is empty", i);
        json_array_foreach(stack, j, entry) if (count < 4096) ids[count++] =
            json_integer_value(json_object_get(entry, "id"));
    }
    for (i = 0; i < count; i++)
        for (j = i + 1; j < count; j++)
            FUZZ_CHECK(ids[i] != ids[j], "entry id %llu is used twice", (unsigned long long)ids[i]);
    if (!authenticated) {
        json_array_foreach(json_object_get(state, "tabs"), i, tab) {
            json_array_foreach(json_object_get(tab, "stack"), j, entry) {
                const char *name = json_string_value(json_object_get(entry, "route"));
                FUZZ_CHECK(!route_flag(name, false), "protected entry '%s' while logged out", name);
            }
        }
        json_array_foreach(json_object_get(state, "layers"), i, layer) {
            json_array_foreach(json_object_get(layer, "stack"), j, entry) {
                const char *name = json_string_value(json_object_get(entry, "route"));
                FUZZ_CHECK(!route_flag(name, false), "protected entry '%s' in a layer while logged out", name);
            }
        }
    }
    json_decref(state);
}

/* Each router's snapshot as the last step left it: the next step's "before" (taken once, not again before the
 * step), and the invariants are checked only when it changed (or the login state did). Most of a step's cost under
 * ASan is making and parsing snapshots. */
static char *known[2];

/* snapshots-restore: a state a router reached restores into a fresh router, to the same snapshot. */
static void check_restores(const char *text) {
    char *again = NULL;
    int status = navrouter_router_restore(scratch, text, NULL);
    FUZZ_CHECK(status == NAVROUTER_OK, "the router's own snapshot does not restore (%s: %s): %s",
               navrouter_status_name(status), navrouter_last_error(), text);
    again = snapshot_of(scratch);
    FUZZ_CHECK(strcmp(again, text) == 0, "a restored snapshot reads back otherwise:\n%s\n%s", text, again);
    navrouter_string_free(again);
}

/* Makes `now` router h's known snapshot, checking its invariants when it differs from the last one or `force`. */
static void settle(int h, char *now, bool force) {
    if (force || !known[h] || strcmp(known[h], now) != 0) check_invariants(now);
    navrouter_string_free(known[h]);
    known[h] = now;
}

/* same-route-same-guards: the id of a sold-out product (a multiple of 7) the URL opens by any of the product's
 * patterns, else 0. */
static long sold_out_product(const char *url) {
    navrouter_match *match = NULL;
    long id = 0;
    if (navrouter_registry_resolve(registry, url, &match) != NAVROUTER_OK) return 0;
    const char *value = navrouter_match_param(match, "id");
    if (strcmp(navrouter_match_route(match), "product") == 0 && value && atol(value) % 7 == 0) id = atol(value);
    navrouter_match_free(match);
    return id;
}

/* The id of the n-th entry of a router's state (tabs, then layers), or n itself when there are fewer. */
static uint64_t some_entry(navrouter_router *router, unsigned n) {
    char *text = snapshot_of(router);
    json_t *state = navrouter_jansson_parse(text), *tab, *layer, *entry;
    uint64_t ids[256], id = n;
    size_t count = 0, i, j;
    json_array_foreach(json_object_get(state, "tabs"), i, tab) {
        json_array_foreach(json_object_get(tab, "stack"), j, entry) if (count < 256) ids[count++] =
            json_integer_value(json_object_get(entry, "id"));
    }
    json_array_foreach(json_object_get(state, "layers"), i, layer) {
        json_array_foreach(json_object_get(layer, "stack"), j, entry) if (count < 256) ids[count++] =
            json_integer_value(json_object_get(entry, "id"));
    }
    if (count) id = ids[n % count];
    json_decref(state);
    navrouter_string_free(text);
    return id;
}

static const char *option_sets[] = {
    "{}",
    "{\"back_behavior\": \"history\", \"reselect_pops_to_root\": true}",
    "{\"back_behavior\": \"initial\", \"modals_per_tab\": true}",
    "{\"back_behavior\": \"order\", \"push_dismisses_modals\": true}",
    "{\"modals_per_tab\": true, \"push_dismisses_modals\": true, \"supersede_pending_flows\": false}",
    "{\"flow_deadline_ms\": 0, \"records_log\": true, \"flow_token_seed\": 7}",
    "{\"back_behavior\": \"sideways\"}",
    "{\"modals_per_tab\": 1}",
};
static const char *tabs[] = {"home", "catalog", "cart", "profile", "nowhere"};
static const char *parameter_sets[] = {"{\"id\": \"3\"}", "{\"id\": \"x\"}", "{}", "{\"slug\": \"hats\"}", NULL};

static const char *urls[] = {
    "/shop/product/1",
    "/shop/product/7",
    "/shop/product/12",
    "/shop/category/sale",
    "/shop/category/hats",
    "/settings",
    "/shop/cart",
    "/shop/home",
    "/shop/catalog",
    "/shop/checkout",
    "/account/orders",
    "/account/profile",
    "/account/orders/123e4567-e89b-12d3-a456-426614174000",
    "/help/a/b",
    "/shop/search?q=x",
    "/nowhere",
    "/onboarding/welcome",
    "/shop/product/3/review",
    "/auth/login",
    "/not-found",
    "myapp://shop/product/5",
    "javascript:alert(1)",
    "/item/7",
    "/ITEM/14",
    "myapp://item/21",
    "/item/3/review",
    "/shop/category/promo",
    "myapp://auth/callback?code=1",
};
#define URL_COUNT (sizeof urls / sizeof *urls)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static struct host hosts[2];
    size_t at = 0;
    uint64_t last_transition[2] = {0, 0};
    authenticated = true;
    onboarded = false;
    guard_leaves = false;
    flow_count = 0;
    navrouter_registry_set_authenticated(registry, true);
    for (int h = 0; h < 2; h++) {
        memset(&hosts[h], 0, sizeof hosts[h]);
        if (navrouter_router_new(&hosts[h].router, registry) != NAVROUTER_OK) fuzz_fail("router_new");
        navrouter_router_set_navigator(hosts[h].router, navigator, &hosts[h], NULL);
        navrouter_router_set_handler(hosts[h].router, NULL, make_view, release_view, &hosts[h], NULL);
        settle(h, snapshot_of(hosts[h].router), true);
    }
#define NEXT() (at < size ? data[at++] : 0)
    for (int steps = 0; at < size && steps < 64; steps++) {
        uint8_t op = NEXT(), arg = NEXT();
        struct host *host = &hosts[op & 1];
        navrouter_router *router = host->router;
        uint64_t id = 0;
        int status = NAVROUTER_OK;
        bool navigation = false, flows_may_end = false, registry_changed = false;
        char *options_before = NULL;
        flow_events = 0;
        const char *before = known[op & 1];
        bool was_authenticated = authenticated;
        const char *url = urls[arg % URL_COUNT];
        navrouter_nav_options options = NAVROUTER_NAV_OPTIONS_INIT;
        bool command = true, external = false;
        switch ((op >> 1) % 29) {
        case 0:
            navigation = true;
            status = navrouter_router_navigate(router, url, NULL, &id);
            break;
        case 1:
            options.flags = (uint32_t)NEXT() & 0x3BFF; /* presentation and shaping flags, not EXTERNAL */
            if ((options.flags & NAVROUTER_NAV_PRESENTATION_MASK) > 5)
                options.flags &= ~NAVROUTER_NAV_PRESENTATION_MASK;
            options.pop_up_to = (arg & 1) ? "product" : NULL;
            options.props_json = (arg & 2) ? "{\"from\": [1, {\"x\": null}]}" : NULL;
            navigation = true;
            status = navrouter_router_navigate(router, url, &options, &id);
            break;
        case 2:
            options.flags = NAVROUTER_NAV_EXTERNAL;
            external = navigation = true;
            status = navrouter_router_navigate(router, url, &options, &id);
            break;
        case 3:
            status = navrouter_router_pop(router, arg % 3, (arg & 4) ? "{\"ok\": true}" : NULL, &id);
            break;
        case 4:
            status = navrouter_router_pop_to_root(router, &id);
            break;
        case 5:
            status = navrouter_router_dismiss(router, arg % 3, NULL, &id);
            break;
        case 6:
            if (arg & 8) { /* by the root route's name: a root, a route no tab has, a name no route has */
                static const char *const tab_routes[] = {"home", "catalog", "cart", "profile", "product", "nowhere"};
                status = navrouter_router_select_tab_route(router, tab_routes[(arg >> 4) % 6], &id);
            } else {
                status = navrouter_router_select_tab(router, arg % 5, &id);
            }
            break;
        case 7:
            status = navrouter_router_back(router, &id);
            break;
        case 8: {
            const char *stack[] = {url, urls[(arg / 7) % URL_COUNT]};
            status = navrouter_router_set_stack(router, stack, 1 + (arg & 1), &id);
            break;
        }
        case 9:
            status = navrouter_router_user_popped(router, arg % 40, &id);
            break;
        case 10:
            status = navrouter_router_user_dismissed(router, 1, &id);
            break;
        case 11:
            command = false;
            authenticated = arg & 1;
            status = navrouter_registry_set_authenticated(registry, authenticated);
            break;
        case 12:
            flows_may_end = true; /* a resumed flow ends, whatever becomes of its command */
            if (!flow_count) continue;
            status = navrouter_router_resume_flow(router, flows[arg % flow_count], arg % 3, (arg % 3) == 2 ? url : "no",
                                                  &id);
            break;
        case 13:
            flows_may_end = true;
            if (!flow_count) continue;
            status = navrouter_router_complete_login(router, flows[arg % flow_count], arg & 1, &id);
            break;
        case 14:
            command = false;
            status = navrouter_router_set_transition_mode(router, arg & 1);
            break;
        case 15:
            command = false;
            status = navrouter_router_transition_finished(router, (arg & 1) ? last_transition[op & 1] : arg);
            break;
        case 16: {
            char *other = snapshot_of(hosts[!(op & 1)].router);
            status = navrouter_router_restore(router, other, &id);
            navrouter_string_free(other);
            break;
        }
        case 17:
            status = navrouter_router_refresh(router, &id);
            break;
        case 18:
            command = false;
            host->refuse_kind = arg % 19; /* an event kind to refuse, or none */
            onboarded = arg & 16;
            guard_leaves = arg & 32;
            break;
        case 20:
            command = false;
            FUZZ_CHECK(navrouter_router_options_json(router, &options_before) == NAVROUTER_OK, "options_json");
            status = navrouter_router_set_options_json(router, option_sets[arg % 8]);
            if (status < 0) {
                char *options_after = NULL;
                FUZZ_CHECK(navrouter_router_options_json(router, &options_after) == NAVROUTER_OK, "options_json");
                FUZZ_CHECK(strcmp(options_before, options_after) == 0, "refused options changed the options");
                navrouter_string_free(options_after);
            }
            navrouter_string_free(options_before);
            break;
        case 21: {
            uint64_t gesture = 0;
            char *preview = NULL;
            status = navrouter_router_begin_back_gesture(router, &gesture, (arg & 1) ? &preview : NULL);
            navrouter_string_free(preview);
            if (status == NAVROUTER_OK) {
                char *after = snapshot_of(router);
                FUZZ_CHECK(strcmp(before, after) == 0, "beginning a back gesture changed the state");
                navrouter_string_free(after);
                status = (arg & 2) ? navrouter_router_commit_back_gesture(router, gesture, &id)
                                   : navrouter_router_cancel_back_gesture(router, gesture);
                if (!(arg & 2) && status == NAVROUTER_OK) {
                    after = snapshot_of(router);
                    FUZZ_CHECK(strcmp(before, after) == 0, "a cancelled back gesture changed the state");
                    navrouter_string_free(after);
                }
            }
            break;
        }
        case 22:
            status = navrouter_router_update_entry(router, some_entry(router, NEXT()), parameter_sets[arg % 5],
                                                   (arg & 8) ? "{\"v\": 1}" : NULL, &id);
            break;
        case 23:
            status = navrouter_router_set_saved_state(router, some_entry(router, NEXT()),
                                                      (arg & 1) ? "{\"scroll\": 3}" : NULL, &id);
            break;
        case 24: {
            char *other = snapshot_of(hosts[!(op & 1)].router);
            options.flags = (arg & 2) ? 0 : NAVROUTER_NAV_EXTERNAL;
            status = navrouter_router_restore_ex(router, other, (arg & 1) ? NAVROUTER_RESTORE_TOLERANT : 0, NULL, NULL,
                                                 (arg & 4) ? urls[(arg / 8) % URL_COUNT] : NULL, &options, &id);
            navrouter_string_free(other);
            break;
        }
        case 25:
            options.tab = (arg & 1) ? tabs[(arg / 2) % 5] : NULL;
            options.flow_deadline_ms = (arg & 64) ? 1 : 0;
            navigation = true;
            status = navrouter_router_navigate(router, url, &options, &id);
            break;
        case 26: {
            char *plan = NULL, *after;
            command = false;
            status = (arg & 1) ? navrouter_router_plan(router, url, NULL, &plan)
                               : navrouter_router_back_preview(router, &plan);
            navrouter_string_free(plan);
            after = snapshot_of(router);
            FUZZ_CHECK(strcmp(before, after) == 0, "a plan or a back preview changed the state");
            navrouter_string_free(after);
            break;
        }
        case 27:
            command = false;
            status = navrouter_router_expire_flows(router);
            break;
        case 28: /* the registry changes under live entries: the promo route over category's /shop/category/promo */
            command = false;
            registry_changed = true;
            status = (arg & 1) ? navrouter_registry_add_route(registry, "promo", "shop/category/promo", 0)
                               : navrouter_registry_remove_route(registry, "promo");
            if (status == NAVROUTER_ECONFLICT || status == NAVROUTER_ENOTFOUND) status = NAVROUTER_OK;
            break;
        default:
            status = navrouter_router_start(router, &id);
            break;
        }
        FUZZ_CHECK(fuzz_known_status(status), "unknown status %d", status);
        if (command && status < 0 && !flows_may_end)
            FUZZ_CHECK(flow_events == 0, "a refused command (%s) superseded %ld pending flows",
                       navrouter_status_name(status), flow_events);
        if (navigation && (status == NAVROUTER_OK || status == NAVROUTER_PENDING)) {
            long sold = sold_out_product(url);
            FUZZ_CHECK(status != NAVROUTER_OK || sold == 0, "'%s' opened sold-out product %ld past its guard", url,
                       sold);
        }
        if (status == NAVROUTER_OK && id) last_transition[op & 1] = id;
        char *after = snapshot_of(router);
        if (command && status < 0)
            FUZZ_CHECK(strcmp(before, after) == 0, "a failed command (%s) changed the state: %s",
                       navrouter_status_name(status), navrouter_last_error());
        if (external && (status == NAVROUTER_OK || status == NAVROUTER_PENDING)) { /* not QUEUED: not run yet */
            const char *name = route_of(url);
            FUZZ_CHECK(name && route_flag(name, true), "an external link opened '%s' (route %s)", url,
                       name ? name : "none");
        }
        /* The other router too when the registry or the authentication changed (a logout prunes every router of the
         * registry, a route removed refreshes them): nothing else one router does changes another's state. */
        settle(op & 1, after, authenticated != was_authenticated);
        if (registry_changed || authenticated != was_authenticated)
            settle(!(op & 1), snapshot_of(hosts[!(op & 1)].router), true);
        if (registry_changed || authenticated != was_authenticated) {
            check_restores(known[0]);
            check_restores(known[1]);
        }
    }
    for (int h = 0; h < 2; h++) {
        if (known[h]) check_restores(known[h]);
        navrouter_string_free(known[h]);
        known[h] = NULL;
        navrouter_router_free(hosts[h].router);
        FUZZ_CHECK(hosts[h].made == hosts[h].released && hosts[h].double_release == 0,
                   "router %d: %ld views made, %ld released (%ld twice)", h, hosts[h].made, hosts[h].released,
                   hosts[h].double_release);
    }
    return 0;
}
