/* The C ABI's routers, events, handlers, interceptors, authentication, flows and snapshots, tested from C. */
#define _POSIX_C_SOURCE 200809L
#include <navrouter.h>
#include <navrouter_jansson.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

static navrouter_registry *shop_registry(bool authenticated) {
    navrouter_registry *registry = harness_manifest_registry();
    const char *domains[] = {"shop.example.com"};
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_web_domains(registry, domains, 1));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_authenticated(registry, authenticated));
    return registry;
}

/* ---- a host: records events, makes numbered views, counts releases and destroys ---- */

#define MAX_VIEWS 4096

struct host {
    pthread_mutex_t lock;
    char kinds[8192];
    int events;
    int made;
    int released;
    int live[MAX_VIEWS];
    int destroyed;
    int double_release;
    uint64_t last_transition;
    navrouter_router *router; /* for commands from inside callbacks */
    int reentrant;            /* issue a command from inside the next push event */
    int refuse_kind;          /* refuse events of this kind */
    int presented_fixed;      /* the last present event said the layer prevents dismissal */
    char last_result[256];
};

static void host_init(struct host *host) {
    memset(host, 0, sizeof *host);
    pthread_mutex_init(&host->lock, NULL);
}

static int host_navigator(const navrouter_event *event, void *user_data) {
    struct host *host = user_data;
    int kind = navrouter_event_kind(event);
    int reenter;
    pthread_mutex_lock(&host->lock);
    if (kind != NAVROUTER_EVENT_STATE_CHANGED) {
        strncat(host->kinds, navrouter_event_kind_name(event), sizeof host->kinds - strlen(host->kinds) - 2);
        strcat(host->kinds, " ");
    }
    host->events++;
    host->last_transition = navrouter_event_transition(event);
    if (kind == NAVROUTER_EVENT_RESULT_DELIVERED) {
        const char *result = navrouter_event_result_json(event);
        snprintf(host->last_result, sizeof host->last_result, "%s", result ? result : "(none)");
    }
    if (kind == NAVROUTER_EVENT_PRESENT) host->presented_fixed = navrouter_event_prevent_dismissal(event);
    reenter = host->reentrant && kind == NAVROUTER_EVENT_PUSH;
    if (reenter) host->reentrant = 0;
    pthread_mutex_unlock(&host->lock);
    if (reenter) {
        uint64_t ticket = 0;
        /* Navigating from inside a callback: queued, runs after this command. */
        if (navrouter_router_navigate(host->router, "/settings", NULL, &ticket) != NAVROUTER_QUEUED) return 1;
    }
    return kind == host->refuse_kind ? 1 : 0;
}

static void *host_make_view(const navrouter_entry *entry, void *user_data) {
    struct host *host = user_data;
    intptr_t view;
    if (strcmp(navrouter_entry_route(entry), "onboarding") == 0 && navrouter_entry_param(entry, "decline")) return NULL;
    pthread_mutex_lock(&host->lock);
    view = ++host->made;
    if (view < MAX_VIEWS) host->live[view] = 1;
    pthread_mutex_unlock(&host->lock);
    return (void *)view;
}

static void host_release_view(void *view, const navrouter_entry *entry, void *user_data) {
    struct host *host = user_data;
    intptr_t index = (intptr_t)view;
    (void)entry;
    pthread_mutex_lock(&host->lock);
    if (index <= 0 || index >= MAX_VIEWS || !host->live[index])
        host->double_release++;
    else
        host->live[index] = 0;
    host->released++;
    pthread_mutex_unlock(&host->lock);
}

static void host_destroy(void *user_data) {
    struct host *host = user_data;
    host->destroyed++;
}

static navrouter_router *host_router(navrouter_registry *registry, struct host *host) {
    navrouter_router *router = NULL;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_new(&router, registry));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_navigator(router, host_navigator, host, host_destroy));
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_router_set_handler(router, NULL, host_make_view, host_release_view, host, host_destroy));
    host->router = router;
    return router;
}

static json_t *snapshot(navrouter_router *router) {
    char *text = NULL;
    json_t *value;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &text));
    value = navrouter_jansson_parse(text);
    navrouter_string_free(text);
    return value;
}

/* The route names of the current stack, space-separated, into buffer. */
static const char *current_stack(navrouter_router *router, char *buffer, size_t size) {
    json_t *state = snapshot(router), *layers = json_object_get(state, "layers"), *stack, *entry;
    size_t index;
    buffer[0] = '\0';
    if (json_array_size(layers) > 0) {
        stack = json_object_get(json_array_get(layers, json_array_size(layers) - 1), "stack");
    } else {
        json_int_t selected = json_integer_value(json_object_get(state, "selected_tab"));
        stack = json_object_get(json_array_get(json_object_get(state, "tabs"), (size_t)selected), "stack");
    }
    json_array_foreach(stack, index, entry) {
        strncat(buffer, json_string_value(json_object_get(entry, "route")), size - strlen(buffer) - 2);
        strcat(buffer, " ");
    }
    json_decref(state);
    return buffer;
}

/* ---- tests ---- */

static void test_router_lifecycle_and_bad_arguments(void) {
    navrouter_registry *registry = shop_registry(true);
    navrouter_router *router = NULL;
    struct host host;
    uint64_t id = 99;
    char *text = NULL;
    void *view = (void *)1;
    host_init(&host);
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_new(NULL, registry));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_new(&router, NULL));
    CHECK(router == NULL);
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_navigate(NULL, "/shop/cart", NULL, &id));
    CHECK(id == 0);
    router = host_router(registry, &host);
    navrouter_registry_free(registry); /* the router retains it */
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_navigate(router, NULL, NULL, &id));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_set_transition_mode(router, 7));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_snapshot(router, NULL));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_set_tabs(router, NULL, 2, 0, &id));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_set_stack(router, NULL, 0, NULL));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_resume_flow(router, 12345, NAVROUTER_DECISION_PROCEED, NULL, NULL));
    CHECK_CONTAINS("unknown", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_resume_flow(router, 1, 77, NULL, NULL));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_transition_finished(router, 5));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_start(router, &id));
    CHECK(id > 0);
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_router_entry_view(router, 9999, &view));
    CHECK(view == NULL);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_entry_view(router, 1, &view));
    CHECK(view != NULL);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &text));
    CHECK_CONTAINS("\"format\":\"navrouter-state\"", text);
    navrouter_string_free(text);
    navrouter_router_free(router);
    navrouter_router_free(router);
    CHECK_STATUS(NAVROUTER_EDESTROYED, navrouter_router_back(router, NULL));
    CHECK(host.released == host.made &&
          host.made == 8); /* 4 tab roots made and released by a failed command, 4 by start */
    CHECK(host.double_release == 0);
    CHECK(host.destroyed == 2); /* navigator and handler user data, once each */
}

/* Records each pop and dismiss event's removed entries ("route,route|"), read by index, with the reads just out of
 * range (SIZE_MAX and the count), which must give NULL. */
static int removed_navigator(const navrouter_event *event, void *user_data) {
    char *log = user_data;
    int kind = navrouter_event_kind(event);
    if (kind != NAVROUTER_EVENT_POP && kind != NAVROUTER_EVENT_DISMISS) return 0;
    size_t count = navrouter_event_removed_count(event);
    for (size_t i = 0; i < count; i++) {
        const navrouter_entry *entry = navrouter_event_removed_at(event, i);
        strcat(log, entry ? navrouter_entry_route(entry) : "NULL");
        strcat(log, i + 1 < count ? "," : "");
    }
    if (navrouter_event_removed_at(event, (size_t)-1) || navrouter_event_removed_at(event, count)) strcat(log, "!");
    strcat(log, "|");
    return 0;
}

/* An event's removed entries through the C ABI: a pop of two entries off a deeper stack (the entries that go are
 * kept as a part of the old stack, not as an array of their own) and a dismiss of a layer of two, in order, and
 * nothing at an index out of range. */
static void test_event_removed_entries(void) {
    navrouter_registry *registry = shop_registry(true);
    navrouter_router *router = NULL;
    char log[512] = "";
    navrouter_nav_options options = NAVROUTER_NAV_OPTIONS_INIT;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_new(&router, registry));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_navigator(router, removed_navigator, log, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "myapp://shop/catalog", NULL, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/category/garden", NULL, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/1", NULL, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/2", NULL, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_pop(router, 2, NULL, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_pop(router, 1, NULL, NULL));
    options.flags = NAVROUTER_NAV_MODAL_SHEET;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/help/intro", &options, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/3", NULL, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_dismiss(router, 1, NULL, NULL));
    CHECK_STR("product,product|category|help,product|", log);
    navrouter_router_free(router);
    navrouter_registry_free(registry);
}

/* The state as every host's tools print it: a line per tab and layer, owned, freed with navrouter_string_free. */
static void test_state_text(void) {
    navrouter_registry *registry = shop_registry(true);
    navrouter_router *router = NULL;
    char *text = NULL;
    uint64_t id = 0;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_new(&router, registry));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_state_text(router, &text));
    CHECK_STR("tab 0 main *: (empty)", text); /* not started */
    navrouter_string_free(text);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_start(router, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/7", NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/settings", NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_state_text(router, &text));
    CHECK_STR("tab 0 home *: home#1 \xe2\x80\xba product#5 id=7\ntab 1 catalog: catalog#2\ntab 2 cart: cart#3\n"
              "tab 3 profile: profile#4\nlayer 0 sheet: settings#6",
              text);
    navrouter_string_free(text);
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_state_text(router, NULL));
    navrouter_router_free(router);
    CHECK_STATUS(NAVROUTER_EDESTROYED, navrouter_router_state_text(router, &text));
    CHECK(text == NULL);
    navrouter_registry_free(registry);
}

/* The state as JSON gives each entry's view (a snapshot leaves views out); a command that succeeds clears the last
 * error the failed one before it left. */
static void test_state_json_views_and_a_success_clearing_the_error(void) {
    navrouter_registry *registry = shop_registry(true);
    struct host host;
    char *text = NULL;
    uint64_t id = 0;
    host_init(&host);
    navrouter_router *router = host_router(registry, &host);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/7", NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_state_json(router, &text));
    CHECK_CONTAINS("\"view\":", text);
    navrouter_string_free(text);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &text));
    CHECK(strstr(text, "\"view\"") == NULL);
    navrouter_string_free(text);
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_router_navigate(router, "/nowhere", NULL, &id));
    CHECK(navrouter_last_error()[0] != '\0');
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/8", NULL, &id));
    CHECK_STR("", navrouter_last_error());
    navrouter_router_free(router);
    navrouter_registry_free(registry);
}

static void test_navigation_commands_and_events(void) {
    navrouter_registry *registry = shop_registry(true);
    struct host host;
    navrouter_router *router;
    navrouter_nav_options options = NAVROUTER_NAV_OPTIONS_INIT;
    const char *stack_urls[] = {"/shop/category/garden", "/shop/product/7"};
    char buffer[512];
    uint64_t id = 0;
    host_init(&host);
    router = host_router(registry, &host);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "myapp://shop/catalog", NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/1", NULL, &id));
    CHECK_STR("catalog product ", current_stack(router, buffer, sizeof buffer));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_pop(router, 1, NULL, &id));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_pop(router, 1, NULL, &id));
    CHECK_CONTAINS("above its root", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_stack(router, stack_urls, 2, &id));
    CHECK_STR("catalog category product ", current_stack(router, buffer, sizeof buffer));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_pop_after(router, 1, &id));
    CHECK_STR("catalog category ", current_stack(router, buffer, sizeof buffer));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_pop_to_root(router, &id));
    options.flags = NAVROUTER_NAV_MODAL_FULLSCREEN | NAVROUTER_NAV_PREVENT_DISMISSAL;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/help/intro", &options, &id));
    CHECK(host.presented_fixed == 1); /* the present event says the layer prevents dismissal */
    CHECK_STATUS(NAVROUTER_EDENIED, navrouter_router_back(router, &id));
    CHECK_STATUS(NAVROUTER_EDENIED, navrouter_router_user_dismissed(router, 1, &id)); /* the user cannot either */
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_dismiss(router, 1, NULL, &id));
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_router_select_tab_route(router, "crat", &id));
    CHECK_CONTAINS("no tab has the root route 'crat'", navrouter_last_error());
    CHECK_CONTAINS("did you mean 'cart'?", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_select_tab_route(router, NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_select_tab_route(router, "cart", &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_select_tab(router, 2, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/checkout", NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/settings", NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_dismiss(router, 0, NULL, &id));
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_router_dismiss(router, 1, NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_user_popped(router, 3, &id)); /* entry 3: the cart tab's root */
    CHECK_STR("cart ", current_stack(router, buffer, sizeof buffer));
    options.flags = 0x80000000u;
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_navigate(router, "/shop/product/1", &options, &id));
    options.version = 99;
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_navigate(router, "/shop/product/1", &options, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_nav_options_init(&options, NAVROUTER_NAV_OPTIONS_VERSION));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_nav_options_init(&options, NAVROUTER_NAV_OPTIONS_VERSION + 1));
    /* Flags that contradict each other are refused, not settled silently (the second one won). */
    options.flags = NAVROUTER_NAV_BUILD_BACK_STACK | NAVROUTER_NAV_NO_BACK_STACK;
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_navigate(router, "/shop/product/1", &options, &id));
    CHECK_CONTAINS("NAVROUTER_NAV_BUILD_BACK_STACK and NAVROUTER_NAV_NO_BACK_STACK", navrouter_last_error());
    options.flags = 0;
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_router_navigate(router, "/nowhere", NULL, &id));
    CHECK_STATUS(NAVROUTER_EMALFORMED, navrouter_router_navigate(router, "/shop//cart", NULL, &id));
    CHECK_STR("tabs_set_up tab_selected push pop stack_replaced pop pop present dismiss tab_selected push present "
              "dismiss pop ",
              host.kinds);
    navrouter_router_free(router);
    CHECK(host.made == host.released && host.double_release == 0);
    navrouter_registry_free(registry);
}

static void test_props_results_and_jansson_helpers(void) {
    navrouter_registry *registry = shop_registry(true);
    struct host host;
    navrouter_router *router;
    json_t *props = json_pack("{s:s, s:f}", "title", "Hose", "price", 19.5);
    json_t *result = json_pack("{s:i}", "picked", 7);
    json_t *state;
    uint64_t id = 0;
    host_init(&host);
    router = host_router(registry, &host);
    CHECK_STATUS(NAVROUTER_OK, navrouter_jansson_navigate(router, "/shop/product/3", NAVROUTER_NAV_PUSH, props, &id));
    state = snapshot(router);
    CHECK(json_equal(
        json_object_get(json_array_get(json_object_get(json_array_get(json_object_get(state, "tabs"), 0), "stack"), 1),
                        "props"),
        props));
    json_decref(state);
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_jansson_navigate(router, "/shop/search?q=x",
                                            NAVROUTER_NAV_MODAL_SHEET | NAVROUTER_NAV_EXPECTS_RESULT, NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_jansson_dismiss(router, 1, result, &id));
    CHECK_STR("{\"picked\":7}", host.last_result);
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_jansson_navigate(router, "/shop/product/4", NAVROUTER_NAV_EXPECTS_RESULT, NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_pop(router, 1, NULL, &id));
    CHECK_STR("(none)", host.last_result);
    CHECK_STATUS(NAVROUTER_EJSON, navrouter_router_pop(router, 1, "{bad", &id));
    {
        json_t *not_an_object = json_array();
        CHECK_STATUS(NAVROUTER_EJSON, navrouter_jansson_navigate(router, "/shop/product/3", 0, not_an_object, &id));
        json_decref(not_an_object);
    }
    json_decref(props);
    json_decref(result);
    navrouter_router_free(router);
    navrouter_registry_free(registry);
}

static void test_callbacks_can_refuse_decline_and_reenter(void) {
    navrouter_registry *registry = shop_registry(true);
    struct host host;
    navrouter_router *router;
    char buffer[512];
    uint64_t id = 0;
    json_t *before, *after;
    host_init(&host);
    router = host_router(registry, &host);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_start(router, &id));
    before = snapshot(router);
    host.refuse_kind = NAVROUTER_EVENT_PUSH;
    CHECK_STATUS(NAVROUTER_ECALLBACK, navrouter_router_navigate(router, "/shop/product/1", NULL, &id));
    CHECK_CONTAINS("refused the push event", navrouter_last_error());
    host.refuse_kind = 0;
    CHECK_STATUS(NAVROUTER_ECALLBACK, navrouter_router_navigate(router, "/onboarding/welcome?decline=1", NULL, &id));
    CHECK_CONTAINS("declined to build a view", navrouter_last_error());
    after = snapshot(router);
    CHECK(json_equal(before, after)); /* failed commands change nothing */
    json_decref(before);
    json_decref(after);
    host.reentrant = 1;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/2", NULL, &id));
    CHECK_STR("settings ", current_stack(router, buffer, sizeof buffer)); /* the queued command ran after */
    navrouter_router_free(router);
    CHECK(host.made == host.released && host.double_release == 0);
    navrouter_registry_free(registry);
}

static void test_transition_handshake(void) {
    navrouter_registry *registry = shop_registry(true);
    struct host host;
    navrouter_router *router;
    char buffer[512];
    uint64_t first = 0, ticket = 0, awaited;
    host_init(&host);
    router = host_router(registry, &host);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_start(router, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_transition_mode(router, NAVROUTER_TRANSITION_WAIT));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/1", NULL, &first));
    CHECK_STATUS(NAVROUTER_QUEUED, navrouter_router_navigate(router, "/shop/product/2", NULL, &ticket));
    CHECK(ticket == 1);
    CHECK_STATUS(NAVROUTER_QUEUED, navrouter_router_navigate(router, "/shop/product/3", NULL, &ticket));
    CHECK_STATUS(NAVROUTER_QUEUED, navrouter_router_pop(router, 1, NULL, &ticket));
    CHECK_STR("home product ", current_stack(router, buffer, sizeof buffer));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_transition_finished(router, first + 1000));
    awaited = first;
    while (navrouter_router_transition_finished(router, awaited) == NAVROUTER_OK) awaited = host.last_transition;
    CHECK_STR("home product product ", current_stack(router, buffer, sizeof buffer));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_transition_mode(router, NAVROUTER_TRANSITION_IMMEDIATE));
    navrouter_router_free(router);
    navrouter_registry_free(registry);
}

/* ---- interceptors and authentication ---- */

struct guard_state {
    uint64_t held_flow;
    int onboarded;
    int calls;
    int destroyed;
    uint64_t login_flow;
    char login_route[64];
    int claimed;
    /* The handle every callback must be given for the router asking: the one navrouter_router_new made. */
    navrouter_router *router;
    int other_router;
};

static int onboarding_interceptor(navrouter_interception *interception, void *user_data) {
    struct guard_state *state = user_data;
    state->calls++;
    if (navrouter_interception_router(interception) != state->router) state->other_router++;
    if (state->onboarded) return NAVROUTER_DECISION_PROCEED;
    state->held_flow = navrouter_interception_flow(interception);
    /* Open the onboarding screen itself: queued behind the navigation it holds. */
    navrouter_router_navigate(navrouter_interception_router(interception), "/onboarding/welcome", NULL, NULL);
    return NAVROUTER_DECISION_PENDING;
}

static int unlucky_interceptor(navrouter_interception *interception, void *user_data) {
    (void)user_data;
    if (strcmp(navrouter_interception_param(interception, "id"), "13") == 0) {
        navrouter_interception_set_argument(interception, "unlucky");
        return NAVROUTER_DECISION_CANCEL;
    }
    if (strcmp(navrouter_interception_param(interception, "id"), "99") == 0) {
        navrouter_interception_set_argument(interception, "/shop/product/42");
        return NAVROUTER_DECISION_REDIRECT;
    }
    return NAVROUTER_DECISION_PROCEED;
}

static int loop_interceptor(navrouter_interception *interception, void *user_data) {
    (void)user_data;
    (void)interception;
    navrouter_interception_set_argument(interception, "/shop/category/loop");
    return NAVROUTER_DECISION_REDIRECT;
}

static int unsaved_changes_guard(navrouter_interception *interception, void *user_data) {
    (void)user_data;
    CHECK(navrouter_interception_phase(interception) == NAVROUTER_PHASE_LEAVE);
    navrouter_interception_set_argument(interception, "unsaved changes");
    return NAVROUTER_DECISION_CANCEL;
}

static void guard_destroy(void *user_data) {
    ((struct guard_state *)user_data)->destroyed++;
}

static void login_handler(navrouter_router *router, uint64_t flow, const navrouter_match *destination,
                          void *user_data) {
    struct guard_state *state = user_data;
    if (router != state->router) state->other_router++;
    state->login_flow = flow;
    snprintf(state->login_route, sizeof state->login_route, "%s", navrouter_match_route(destination));
}

static bool claim_callback(navrouter_router *router, const char *url, void *user_data) {
    struct guard_state *state = user_data;
    if (router != state->router) state->other_router++;
    if (strncmp(url, "myapp://auth/callback", 21) != 0) return false;
    state->claimed++;
    return true;
}

static void test_interceptors_and_pending_flows(void) {
    navrouter_registry *registry = shop_registry(true);
    struct host host;
    struct guard_state guard;
    navrouter_router *router;
    const char *onboarding_routes[] = {"catalog"};
    char buffer[512];
    uint64_t id = 0, interceptor = 0;
    memset(&guard, 0, sizeof guard);
    host_init(&host);
    router = host_router(registry, &host);
    guard.router = router;
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_registry_add_interceptor(registry, "onboarding", NAVROUTER_PHASE_BEFORE,
                                                    NAVROUTER_PRIORITY_MANDATORY, NULL, onboarding_routes, 1, 0, "app",
                                                    onboarding_interceptor, &guard, guard_destroy, &interceptor));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_interceptor(registry, "unlucky", NAVROUTER_PHASE_BEFORE,
                                                                  NAVROUTER_PRIORITY_LOW, "shop/product/<int:id>", NULL,
                                                                  0, 0, NULL, unlucky_interceptor, NULL, NULL, NULL));
    CHECK_STATUS(NAVROUTER_EPATTERN,
                 navrouter_registry_add_interceptor(registry, "bad", 0, 0, "a/<float:x>", NULL, 0, 0, NULL,
                                                    unlucky_interceptor, NULL, NULL, NULL));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_add_interceptor(registry, "bad", 9, 0, NULL, NULL, 0, 0, NULL,
                                                                      unlucky_interceptor, NULL, NULL, NULL));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_add_interceptor(registry, "bad", 0, 0, NULL, NULL, 0, 0, NULL,
                                                                      NULL, NULL, NULL, NULL));
    CHECK_STATUS(NAVROUTER_PENDING, navrouter_router_navigate(router, "/shop/catalog", NULL, &id));
    CHECK(id == guard.held_flow && id != 0);
    CHECK_STR("onboarding ", current_stack(router, buffer, sizeof buffer));
    guard.onboarded = 1;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_dismiss(router, 1, NULL, NULL));
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_router_resume_flow(router, guard.held_flow, NAVROUTER_DECISION_PROCEED, NULL, &id));
    CHECK_STR("catalog ", current_stack(router, buffer, sizeof buffer));
    CHECK_STATUS(NAVROUTER_EINVAL,
                 navrouter_router_resume_flow(router, guard.held_flow, NAVROUTER_DECISION_PROCEED, NULL, &id));
    CHECK_STATUS(NAVROUTER_ECANCELLED, navrouter_router_navigate(router, "/shop/product/13", NULL, &id));
    CHECK_CONTAINS("unlucky", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/99", NULL, &id));
    CHECK_STR("catalog product ", current_stack(router, buffer, sizeof buffer));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_interceptor(registry, "loop", NAVROUTER_PHASE_BEFORE,
                                                                  NAVROUTER_PRIORITY_HIGH, "shop/category/:slug", NULL,
                                                                  0, 0, NULL, loop_interceptor, NULL, NULL, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_guard_options(registry, 3, "not-found"));
    CHECK_STATUS(NAVROUTER_ELIMIT, navrouter_router_navigate(router, "/shop/category/x", NULL, &id));
    CHECK_CONTAINS("more than 3 redirects", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/no/such/page", NULL, &id));
    CHECK_STR("catalog product not-found ", current_stack(router, buffer, sizeof buffer));
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_registry_set_guard_options(registry, 3, "nope"));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_interceptor(registry, "unsaved", NAVROUTER_PHASE_LEAVE,
                                                                  NAVROUTER_PRIORITY_MEDIUM, "not-found", NULL, 0, 0,
                                                                  NULL, unsaved_changes_guard, NULL, NULL, NULL));
    CHECK_STATUS(NAVROUTER_ECANCELLED, navrouter_router_back(router, &id));
    CHECK_CONTAINS("unsaved changes", navrouter_last_error());
    CHECK(guard.calls > 0 && guard.other_router == 0); /* the interceptor was given this router's handle */
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_remove_interceptor(registry, interceptor));
    CHECK(guard.destroyed == 1);
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_registry_remove_interceptor(registry, interceptor));
    navrouter_router_free(router);
    navrouter_registry_free(registry);
}

static void test_login_logout_external_and_callbacks(void) {
    navrouter_registry *registry = shop_registry(false);
    struct host host, other_host;
    struct guard_state guard;
    navrouter_router *router, *other;
    navrouter_nav_options external = NAVROUTER_NAV_OPTIONS_INIT;
    char buffer[512];
    uint64_t id = 0;
    bool authenticated = true;
    memset(&guard, 0, sizeof guard);
    host_init(&host);
    host_init(&other_host);
    router = host_router(registry, &host);
    other = host_router(registry, &other_host);
    guard.router = router;
    external.flags = NAVROUTER_NAV_EXTERNAL;
    CHECK_STATUS(NAVROUTER_EDENIED, navrouter_router_navigate(router, "/shop/checkout", NULL, &id));
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_registry_set_auth_handler(registry, login_handler, claim_callback, &guard, guard_destroy));
    CHECK_STATUS(NAVROUTER_HANDLED, navrouter_router_navigate(router, "myapp://auth/callback?code=1", NULL, &id));
    CHECK(guard.claimed == 1);
    CHECK_STATUS(NAVROUTER_EEXTERNAL,
                 navrouter_router_navigate(router, "https://shop.example.com/settings", &external, &id));
    CHECK_STATUS(NAVROUTER_PENDING,
                 navrouter_router_navigate(router, "https://shop.example.com/shop/checkout", &external, &id));
    CHECK(guard.login_flow == id);
    CHECK_STR("checkout", guard.login_route);
    CHECK(guard.other_router == 0); /* the login and claim callbacks were given this router's handle */
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_authenticated(registry, true));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_is_authenticated(registry, &authenticated));
    CHECK(authenticated);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_complete_login(router, guard.login_flow, true, &id));
    CHECK_STR("cart checkout ", current_stack(router, buffer, sizeof buffer)); /* built from the parent: cart tab */
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(other, "/account/orders", NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_authenticated(registry, false));
    CHECK_STR("cart ", current_stack(router, buffer, sizeof buffer));
    CHECK_STR("home ", current_stack(other, buffer, sizeof buffer)); /* every router on the registry is pruned */
    navrouter_router_free(router);
    navrouter_router_free(other);
    CHECK(host.made == host.released && other_host.made == other_host.released);
    navrouter_registry_free(registry);
    CHECK(guard.destroyed == 1); /* the auth handler's user data, when the registry went */
}

static void test_snapshot_restore(void) {
    navrouter_registry *registry = shop_registry(true);
    struct host host, other_host;
    navrouter_router *router, *other;
    char *saved = NULL, *restored = NULL;
    uint64_t id = 0;
    host_init(&host);
    host_init(&other_host);
    router = host_router(registry, &host);
    other = host_router(registry, &other_host);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/5", NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/settings", NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &saved));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_restore(other, saved, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(other, &restored));
    CHECK_STR(saved, restored);
    CHECK(other_host.made == 6); /* 4 tab roots + product + settings, rebuilt through the handler */
    CHECK_STATUS(NAVROUTER_EJSON, navrouter_router_restore(other, "{\"format\": \"x\"}", &id));
    CHECK_STATUS(NAVROUTER_EJSON, navrouter_router_restore(other, "not json", &id));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_restore(other, NULL, &id));
    navrouter_string_free(saved);
    navrouter_string_free(restored);
    navrouter_router_free(router);
    navrouter_router_free(other);
    CHECK(other_host.made == other_host.released && other_host.double_release == 0);
    navrouter_registry_free(registry);
}

/* ---- threads ---- */

struct worker {
    navrouter_router *router;
    navrouter_registry *registry;
    int index;
    int crashes;
};

static void *mixed_commands(void *raw) {
    struct worker *worker = raw;
    char url[64];
    int step;
    for (step = 0; step < 200; step++) {
        int status = 0;
        switch ((step + worker->index) % 7) {
        case 0:
            snprintf(url, sizeof url, "/shop/product/%d", step);
            status = navrouter_router_navigate(worker->router, url, NULL, NULL);
            break;
        case 1:
            status = navrouter_router_navigate(worker->router, "/settings", NULL, NULL);
            break;
        case 2:
            status = navrouter_router_back(worker->router, NULL);
            break;
        case 3:
            status = navrouter_router_select_tab(worker->router, (size_t)(step % 4), NULL);
            break;
        case 4:
            status = navrouter_router_pop(worker->router, 1, NULL, NULL);
            break;
        case 5: {
            char *text = NULL;
            status = navrouter_router_snapshot(worker->router, &text);
            navrouter_string_free(text);
            break;
        }
        default:
            snprintf(url, sizeof url, "t%d/s%d", worker->index, step);
            status = navrouter_registry_add_route(worker->registry, url, url, 0);
        }
        if (status < NAVROUTER_EEXTERNAL || status > NAVROUTER_HANDLED) worker->crashes++;
    }
    return NULL;
}

static void test_threads_on_one_router_and_two_routers(void) {
    navrouter_registry *registry = shop_registry(true);
    struct host hosts[2];
    navrouter_router *routers[2];
    pthread_t threads[8];
    struct worker workers[8];
    int index;
    for (index = 0; index < 2; index++) {
        host_init(&hosts[index]);
        routers[index] = host_router(registry, &hosts[index]);
    }
    for (index = 0; index < 8; index++) {
        workers[index].router = routers[index < 4 ? 0 : index % 2];
        workers[index].registry = registry;
        workers[index].index = index;
        workers[index].crashes = 0;
        pthread_create(&threads[index], NULL, mixed_commands, &workers[index]);
    }
    for (index = 0; index < 8; index++) {
        pthread_join(threads[index], NULL);
        CHECK(workers[index].crashes == 0);
    }
    for (index = 0; index < 2; index++) {
        navrouter_router_free(routers[index]);
        CHECK(hosts[index].made == hosts[index].released);
        CHECK(hosts[index].double_release == 0);
    }
    navrouter_registry_free(registry);
}

/* ---- one event read by several threads during its callback ---- */

struct event_reader {
    const navrouter_event *event;
    const navrouter_entry *entry;
    const char *route, *json;
};

static void *read_event(void *argument) {
    struct event_reader *reader = argument;
    reader->entry = navrouter_event_entry(reader->event);
    reader->route = reader->entry ? navrouter_entry_route(reader->entry) : NULL;
    reader->json = navrouter_event_json(reader->event);
    return NULL;
}

struct shared_event_check {
    int pushes, agreed;
};

/* A host may hand the event to other threads while its navigator runs: each sees the same borrowed entry and the
 * same strings, made once however the threads race to ask first. */
static int navigator_reading_from_threads(const navrouter_event *event, void *user_data) {
    struct shared_event_check *check = user_data;
    struct event_reader readers[4];
    pthread_t threads[4];
    int index, agreed = 1;
    if (navrouter_event_kind(event) != NAVROUTER_EVENT_PUSH) return 0;
    for (index = 0; index < 4; index++) {
        readers[index].event = event;
        pthread_create(&threads[index], NULL, read_event, &readers[index]);
    }
    for (index = 0; index < 4; index++) pthread_join(threads[index], NULL);
    for (index = 0; index < 4; index++) {
        agreed = agreed && readers[index].entry && readers[index].entry == readers[0].entry &&
                 readers[index].route == readers[0].route && readers[index].json == readers[0].json &&
                 strcmp(readers[index].route, "product") == 0 && strstr(readers[index].json, "\"push\"");
    }
    check->pushes++;
    check->agreed += agreed;
    return 0;
}

static void test_event_read_from_threads_during_its_callback(void) {
    navrouter_registry *registry = shop_registry(true);
    navrouter_router *router = NULL;
    struct shared_event_check check = {0, 0};
    int round;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_new(&router, registry));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_navigator(router, navigator_reading_from_threads, &check, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_start(router, NULL));
    for (round = 0; round < 50; round++) {
        CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/42", NULL, NULL));
        CHECK_STATUS(NAVROUTER_OK, navrouter_router_pop(router, 1, NULL, NULL));
    }
    CHECK(check.pushes == 50);
    CHECK(check.agreed == 50);
    navrouter_router_free(router);
    navrouter_registry_free(registry);
}

/* A redirect decision without its URL: the interceptor set none, so the navigation is cancelled, saying why. */
static int redirect_without_url(navrouter_interception *interception, void *user_data) {
    (void)interception;
    (void)user_data;
    return NAVROUTER_DECISION_REDIRECT;
}

static int hold(navrouter_interception *interception, void *user_data) {
    (void)interception;
    (void)user_data;
    return NAVROUTER_DECISION_PENDING;
}

/* A migration hook whose text is not UTF-8. */
static char *not_utf8(const char *snapshot_json, void *user_data) {
    (void)snapshot_json;
    (void)user_data;
    char *text = malloc(3);
    text[0] = (char)0xff, text[1] = '{', text[2] = '\0';
    return text;
}

/* The C layer refuses what its arguments cannot mean, each with its own message, and changes nothing. */
static void test_c_arguments_out_of_range_are_refused(void) {
    navrouter_registry *registry = shop_registry(true);
    navrouter_router *router = NULL;
    const char *settings[] = {"settings"};
    const char *product[] = {"product"};
    uint64_t flow = 0;
    uint32_t route;
    navrouter_range ranges[4];
    size_t count;
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_add_interceptor(registry, "x", NAVROUTER_PHASE_BEFORE, 9, NULL,
                                                                      NULL, 0, 0, NULL, hold, NULL, NULL, NULL));
    CHECK(strstr(navrouter_last_error(), "unknown priority 9") != NULL);
    CHECK_STATUS(NAVROUTER_EINVAL,
                 navrouter_registry_add_interceptor(registry, "x", NAVROUTER_PHASE_BEFORE, NAVROUTER_PRIORITY_LOW, NULL,
                                                    NULL, 0, 0x80, NULL, hold, NULL, NULL, NULL));
    CHECK(strstr(navrouter_last_error(), "unknown interceptor flags 0x80") != NULL);
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_set_guard_options(registry, 0, NULL));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_set_guard_options(registry, 1001, NULL));
    CHECK(strstr(navrouter_last_error(), "between 1 and 1000") != NULL);
    CHECK_STATUS(NAVROUTER_EINVAL,
                 navrouter_registry_lookup(registry, "/shop/home", (size_t)-1, &route, ranges, 4, &count));
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_registry_add_interceptor(registry, "nowhere", NAVROUTER_PHASE_BEFORE, NAVROUTER_PRIORITY_LOW,
                                                    NULL, product, 1, 0, NULL, redirect_without_url, NULL, NULL, NULL));
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_registry_add_interceptor(registry, "hold", NAVROUTER_PHASE_BEFORE, NAVROUTER_PRIORITY_LOW,
                                                    NULL, settings, 1, 0, NULL, hold, NULL, NULL, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_new(&router, registry));
    CHECK_STATUS(NAVROUTER_ECANCELLED, navrouter_router_navigate(router, "/shop/product/1", NULL, NULL));
    CHECK(strstr(navrouter_last_error(), "a redirect without a URL") != NULL);
    CHECK_STATUS(NAVROUTER_PENDING, navrouter_router_navigate(router, "/settings", NULL, &flow));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_resume_flow(router, flow, NAVROUTER_DECISION_REDIRECT, NULL, NULL));
    CHECK(strstr(navrouter_last_error(), "a redirect needs the URL") != NULL);
    char *snapshot = NULL;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &snapshot));
    CHECK_STATUS(NAVROUTER_EJSON, navrouter_router_restore_ex(router, snapshot, 0, not_utf8, NULL, NULL, NULL, NULL));
    CHECK(strstr(navrouter_last_error(), "not UTF-8") != NULL);
    navrouter_string_free(snapshot);
    navrouter_router_free(router);
    navrouter_registry_free(registry);
}

/* The versioned restore options: as restore_ex's arguments; NULL a plain restore; an unknown version refused. */
static void test_restore_with_versioned_options(void) {
    navrouter_registry *registry = shop_registry(true);
    navrouter_router *router = NULL;
    char *snapshot = NULL, *after = NULL;
    navrouter_restore_options options = NAVROUTER_RESTORE_OPTIONS_INIT;
    navrouter_nav_options link_options = NAVROUTER_NAV_OPTIONS_INIT;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_new(&router, registry));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_start(router, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &snapshot));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_restore_with(router, snapshot, NULL, NULL));
    options.flags = NAVROUTER_RESTORE_TOLERANT;
    options.link = "/shop/product/5";
    link_options.flags = NAVROUTER_NAV_EXTERNAL;
    options.link_options = &link_options;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_restore_with(router, snapshot, &options, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &after));
    CHECK(strstr(after, "\"/shop/product/5\"") != NULL);
    options.link = "/settings"; /* not external: the whole restore fails, the state stays */
    CHECK_STATUS(NAVROUTER_EEXTERNAL, navrouter_router_restore_with(router, snapshot, &options, NULL));
    options.version = 99;
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_restore_with(router, snapshot, &options, NULL));
    CHECK(strstr(navrouter_last_error(), "version 99") != NULL);
    navrouter_string_free(after);
    navrouter_string_free(snapshot);
    navrouter_router_free(router);
    navrouter_registry_free(registry);
}

int main(int argc, char **argv) {
    harness_init(argc, argv);
    RUN(test_restore_with_versioned_options);
    RUN(test_c_arguments_out_of_range_are_refused);
    RUN(test_router_lifecycle_and_bad_arguments);
    RUN(test_navigation_commands_and_events);
    RUN(test_state_text);
    RUN(test_state_json_views_and_a_success_clearing_the_error);
    RUN(test_event_removed_entries);
    RUN(test_props_results_and_jansson_helpers);
    RUN(test_callbacks_can_refuse_decline_and_reenter);
    RUN(test_transition_handshake);
    RUN(test_interceptors_and_pending_flows);
    RUN(test_login_logout_external_and_callbacks);
    RUN(test_snapshot_restore);
    RUN(test_threads_on_one_router_and_two_routers);
    RUN(test_event_read_from_threads_during_its_callback);
    return HARNESS_SUMMARY("c router");
}
