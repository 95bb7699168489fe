/* Every getter of an event, of its entries and of an interception gives what the same object's JSON form says: a
 * navigator and an interceptor read each field both ways, over a session that makes every kind of event. */
#include <jansson.h>
#include <navrouter.h>

#include "harness.h"

#define KIND_COUNT 19

struct reader {
    navrouter_router *router;
    int kinds[KIND_COUNT];
    int interceptions[3];
    int external, authenticated; /* interceptions that said so */
    int events;
    uint64_t top; /* the entry of the last event that had one */
    /* Set by the test: the navigator issues this command from inside the next push event (it is queued). */
    const char *queue_on_push;
};

static json_t *field(json_t *object, const char *key) {
    return json_object_get(object, key);
}

static uint64_t integer_or(json_t *object, const char *key, uint64_t fallback) {
    json_t *value = field(object, key);
    return json_is_integer(value) ? (uint64_t)json_integer_value(value) : fallback;
}

/* Whether a getter's JSON text holds the same value as the JSON form's field (NULL text: absent or null field). */
static int same_json(const char *text, json_t *expected) {
    json_t *parsed;
    int same;
    if (text == NULL) return expected == NULL || json_is_null(expected);
    parsed = json_loads(text, JSON_DECODE_ANY, NULL);
    same = parsed != NULL && expected != NULL && json_equal(parsed, expected);
    json_decref(parsed);
    return same;
}

static void check_entry(const navrouter_entry *entry, json_t *json) {
    const char *key;
    json_t *value;
    if (json == NULL || json_is_null(json)) {
        CHECK(entry == NULL);
        return;
    }
    CHECK(entry != NULL);
    if (entry == NULL) return;
    CHECK(navrouter_entry_id(entry) == integer_or(json, "id", 0));
    CHECK_STR(json_string_value(field(json, "route")), navrouter_entry_route(entry));
    CHECK_STR(json_string_value(field(json, "url")), navrouter_entry_url(entry));
    CHECK(navrouter_entry_expects_result(entry) == json_is_true(field(json, "expects_result")));
    CHECK(same_json(navrouter_entry_params_json(entry), field(json, "parameters")));
    CHECK(same_json(navrouter_entry_props_json(entry), field(json, "props")));
    CHECK(same_json(navrouter_entry_saved_state_json(entry), field(json, "saved_state")));
    json_object_foreach(field(json, "parameters"), key, value) {
        CHECK_STR(json_string_value(value), navrouter_entry_param(entry, key));
    }
    CHECK(navrouter_entry_param(entry, "no-such-parameter") == NULL);
}

typedef const navrouter_entry *(*entry_at_fn)(const navrouter_event *, size_t);

static void check_entry_list(const navrouter_event *event, json_t *list, size_t count, entry_at_fn at) {
    size_t index;
    CHECK(count == json_array_size(list));
    for (index = 0; index < count && index < json_array_size(list); index++)
        check_entry(at(event, index), json_array_get(list, index));
    CHECK(at(event, count) == NULL);
}

static uint32_t style_of(json_t *json) {
    const char *style = json_string_value(field(json, "style"));
    if (style == NULL) return NAVROUTER_STYLE_NONE;
    if (strcmp(style, "sheet") == 0) return NAVROUTER_STYLE_SHEET;
    if (strcmp(style, "fullscreen") == 0) return NAVROUTER_STYLE_FULLSCREEN;
    return 99;
}

static void check_failure(const navrouter_event *event, json_t *json) {
    const char *status = json_string_value(field(json, "status"));
    int code = navrouter_event_failure_status(event);
    if (status == NULL) {
        CHECK(code == 0);
        CHECK(navrouter_event_failure_message(event) == NULL);
        return;
    }
    CHECK(code < 0);
    CHECK_CONTAINS(status, navrouter_status_name(code)); /* "ENOTFOUND" in "NAVROUTER_ENOTFOUND" */
    CHECK_STR(json_string_value(field(json, "failure")), navrouter_event_failure_message(event));
}

static int read_every_field(const navrouter_event *event, void *user_data) {
    struct reader *reader = user_data;
    json_error_t error;
    json_t *json = json_loads(navrouter_event_json(event), 0, &error);
    int kind = navrouter_event_kind(event);
    uint64_t ticket;
    CHECK(json != NULL);
    if (json == NULL) return 0;
    reader->events++;
    if (kind > 0 && kind < KIND_COUNT) reader->kinds[kind]++;
    CHECK_STR(json_string_value(field(json, "kind")), navrouter_event_kind_name(event));
    CHECK(navrouter_event_transition(event) == integer_or(json, "transition", 0));
    check_entry(navrouter_event_entry(event), field(json, "entry"));
    check_entry_list(event, field(json, "entries"), navrouter_event_entry_count(event), navrouter_event_entry_at);
    check_entry_list(event, field(json, "removed"), navrouter_event_removed_count(event), navrouter_event_removed_at);
    CHECK(navrouter_event_tab(event) == (int32_t)integer_or(json, "tab", (uint64_t)-1));
    CHECK(navrouter_event_layer(event) == (int32_t)integer_or(json, "layer", (uint64_t)-1));
    CHECK(navrouter_event_style(event) == style_of(json));
    CHECK(navrouter_event_animated(event) == json_is_true(field(json, "animated")));
    CHECK(navrouter_event_user_initiated(event) == json_is_true(field(json, "user_initiated")));
    CHECK(navrouter_event_result_of(event) == integer_or(json, "result_of", 0));
    CHECK(same_json(navrouter_event_result_json(event),
                    json_is_true(field(json, "has_result")) ? field(json, "result") : NULL));
    check_failure(event, json);
    CHECK(navrouter_event_flow(event) == integer_or(json, "flow", 0));
    ticket = navrouter_event_ticket(event);
    CHECK(ticket == integer_or(json, "ticket", 0));
    CHECK(navrouter_event_prevent_dismissal(event) == json_is_true(field(json, "prevent_dismissal")));
    CHECK(same_json(navrouter_event_info_json(event), field(json, "info")));
    json_decref(json);
    if (navrouter_event_entry(event)) reader->top = navrouter_entry_id(navrouter_event_entry(event));
    if (kind == NAVROUTER_EVENT_PUSH && reader->queue_on_push) {
        uint64_t id = 0;
        CHECK_STATUS(NAVROUTER_QUEUED, navrouter_router_navigate(reader->router, reader->queue_on_push, NULL, &id));
        reader->queue_on_push = NULL;
    }
    return 0;
}

/* An interceptor that reads every field both ways; it holds "/shop/category/held" pending, and an after
 * interceptor answers what its phase cannot do for "/shop/category/bad-after" (a GUARD_ERROR event). */
static int read_interception(navrouter_interception *interception, void *user_data) {
    struct reader *reader = user_data;
    json_t *json = json_loads(navrouter_interception_json(interception), 0, NULL);
    uint32_t phase = navrouter_interception_phase(interception);
    const char *key, *url;
    json_t *value;
    CHECK(json != NULL);
    if (json == NULL) return NAVROUTER_DECISION_PROCEED;
    if (phase < 3) reader->interceptions[phase]++;
    CHECK_STR(phase == NAVROUTER_PHASE_BEFORE  ? "before"
              : phase == NAVROUTER_PHASE_AFTER ? "after"
                                               : "leave",
              json_string_value(field(json, "phase")));
    CHECK_STR(json_string_value(field(json, "route")), navrouter_interception_route(interception));
    CHECK_STR(json_string_value(field(json, "url")), navrouter_interception_url(interception));
    CHECK(same_json(navrouter_interception_params_json(interception), field(json, "parameters")));
    json_object_foreach(field(json, "parameters"), key, value) {
        CHECK_STR(json_string_value(value), navrouter_interception_param(interception, key));
    }
    CHECK(navrouter_interception_param(interception, "no-such-parameter") == NULL);
    CHECK(navrouter_interception_flow(interception) == integer_or(json, "flow", 0));
    CHECK(navrouter_interception_authenticated(interception) == json_is_true(field(json, "authenticated")));
    CHECK(navrouter_interception_external(interception) == json_is_true(field(json, "external")));
    CHECK(navrouter_interception_router(interception) == reader->router);
    reader->external += navrouter_interception_external(interception);
    reader->authenticated += navrouter_interception_authenticated(interception);
    json_decref(json);
    url = navrouter_interception_url(interception);
    if (phase == NAVROUTER_PHASE_BEFORE && strcmp(url, "/shop/category/held") == 0) return NAVROUTER_DECISION_PENDING;
    if (phase == NAVROUTER_PHASE_AFTER && strcmp(url, "/shop/category/bad-after") == 0)
        return NAVROUTER_DECISION_PENDING; /* what an after interceptor cannot do */
    return NAVROUTER_DECISION_PROCEED;
}

static navrouter_registry *shop(void) {
    navrouter_registry *registry = NULL;
    char *manifest = read_whole_file(manifest_path);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&registry, 0));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_load_manifest(registry, manifest, NULL));
    free(manifest);
    return registry;
}

static void test_every_event_getter_agrees_with_the_event_json(void) {
    navrouter_registry *registry = shop();
    struct reader reader;
    navrouter_nav_options options = NAVROUTER_NAV_OPTIONS_INIT;
    const char *stack[] = {"/shop/category/garden", "/shop/product/7"};
    char *snapshot = NULL;
    uint64_t id = 0, held_flow = 0;
    int phase;
    memset(&reader, 0, sizeof reader);
    for (phase = 0; phase < 3; phase++)
        CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_interceptor(registry, "reader", (uint32_t)phase,
                                                                      NAVROUTER_PRIORITY_LOW, NULL, NULL, 0, 0, NULL,
                                                                      read_interception, &reader, NULL, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_new(&reader.router, registry));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_navigator(reader.router, read_every_field, &reader, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_options_json(reader.router, "{\"modals_per_tab\": true}"));
    /* tabs_set_up, push (its parameters), state_changed; then a command queued from the push event that fails
     * (command_failed, with its ticket) */
    reader.queue_on_push = "/nowhere";
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_router_navigate(reader.router, "myapp://shop/product/42?ref=mail#top", NULL, &id));
    options.flags = NAVROUTER_NAV_EXPECTS_RESULT;
    options.props_json = "{\"title\": \"Hose\", \"tags\": [1, 2]}";
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(reader.router, "/shop/product/7", &options, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_pop(reader.router, 1, "{\"picked\": 7}", &id)); /* pop, result */
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(reader.router, "/shop/product/8", &options, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_pop(reader.router, 1, NULL, &id)); /* a result of none */
    options.flags = NAVROUTER_NAV_MODAL_FULLSCREEN | NAVROUTER_NAV_PREVENT_DISMISSAL | NAVROUTER_NAV_NOT_ANIMATED;
    options.props_json = NULL;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(reader.router, "/help/a/b", &options, &id)); /* present */
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_select_tab(reader.router, 2, &id)); /* layers hidden, selected */
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_select_tab(reader.router, 0, &id)); /* layers shown */
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_dismiss(reader.router, 1, NULL, &id));
    options.flags = NAVROUTER_NAV_MODAL_SHEET;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(reader.router, "/settings", &options, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_user_dismissed(reader.router, 1, &id));   /* user_initiated */
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_stack(reader.router, stack, 2, &id)); /* stack_replaced */
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_update_entry(reader.router, reader.top, "{\"id\": \"9\"}", "{\"x\": 1}",
                                                             &id)); /* entry_updated */
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_saved_state(reader.router, reader.top, "{\"scroll\": 3}", &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(reader.router, &snapshot));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_restore(reader.router, snapshot, &id)); /* restored */
    navrouter_string_free(snapshot);
    /* navigation_pending; then the flow is cancelled (flow_cancelled, pending_ended) */
    CHECK_STATUS(NAVROUTER_PENDING, navrouter_router_navigate(reader.router, "/shop/category/held", NULL, &held_flow));
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_router_resume_flow(reader.router, held_flow, NAVROUTER_DECISION_CANCEL, "not now", &id));
    /* an after interceptor that answers "pending": guard_error */
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(reader.router, "/shop/category/bad-after", NULL, &id));
    options.flags = NAVROUTER_NAV_EXTERNAL;
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_authenticated(registry, true));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(reader.router, "myapp://shop/product/5", &options, &id));
    navrouter_router_free(reader.router);
    navrouter_registry_free(registry);
    for (phase = 1; phase < KIND_COUNT; phase++)
        if (reader.kinds[phase] == 0) {
            fprintf(stderr, "  no event of kind %d was read\n", phase);
            harness_failures_in_test++;
        }
    CHECK(reader.interceptions[NAVROUTER_PHASE_BEFORE] > 0 && reader.interceptions[NAVROUTER_PHASE_AFTER] > 0 &&
          reader.interceptions[NAVROUTER_PHASE_LEAVE] > 0);
    CHECK(reader.external > 0 && reader.authenticated > 0); /* both ways of each flag were read */
}

/* NULL, as a host's bug passes it: the neutral value, never a crash. */
static void test_every_getter_takes_null(void) {
    CHECK(navrouter_event_kind(NULL) == 0);
    CHECK(navrouter_event_transition(NULL) == 0);
    CHECK(navrouter_event_entry(NULL) == NULL);
    CHECK(navrouter_event_entry_count(NULL) == 0 && navrouter_event_entry_at(NULL, 0) == NULL);
    CHECK(navrouter_event_removed_count(NULL) == 0 && navrouter_event_removed_at(NULL, 0) == NULL);
    CHECK(navrouter_event_tab(NULL) == -1 && navrouter_event_layer(NULL) == -1);
    CHECK(navrouter_event_style(NULL) == NAVROUTER_STYLE_NONE);
    CHECK(!navrouter_event_animated(NULL) && !navrouter_event_user_initiated(NULL));
    CHECK(navrouter_event_result_of(NULL) == 0 && navrouter_event_result_json(NULL) == NULL);
    CHECK(navrouter_event_failure_status(NULL) == 0 && navrouter_event_failure_message(NULL) == NULL);
    CHECK(navrouter_event_flow(NULL) == 0 && navrouter_event_ticket(NULL) == 0);
    CHECK(!navrouter_event_prevent_dismissal(NULL));
    CHECK(navrouter_event_json(NULL) == NULL && navrouter_event_info_json(NULL) == NULL);
    CHECK(navrouter_entry_id(NULL) == 0 && navrouter_entry_route(NULL) == NULL && navrouter_entry_url(NULL) == NULL);
    CHECK(navrouter_entry_param(NULL, "id") == NULL && navrouter_entry_params_json(NULL) == NULL);
    CHECK(navrouter_entry_props_json(NULL) == NULL && navrouter_entry_view(NULL) == NULL);
    CHECK(!navrouter_entry_expects_result(NULL) && navrouter_entry_saved_state_json(NULL) == NULL);
    CHECK(navrouter_interception_route(NULL) == NULL && navrouter_interception_url(NULL) == NULL);
    CHECK(navrouter_interception_param(NULL, "id") == NULL && navrouter_interception_params_json(NULL) == NULL);
    CHECK(navrouter_interception_json(NULL) == NULL && navrouter_interception_flow(NULL) == 0);
    CHECK(!navrouter_interception_authenticated(NULL) && !navrouter_interception_external(NULL));
    CHECK(navrouter_interception_router(NULL) == NULL);
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_interception_set_argument(NULL, "x"));
}

int main(int argc, char **argv) {
    harness_init(argc, argv);
    RUN(test_every_event_getter_agrees_with_the_event_json);
    RUN(test_every_getter_takes_null);
    return HARNESS_SUMMARY("c getters");
}
