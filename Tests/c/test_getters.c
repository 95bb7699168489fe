/* Every getter of an event, of its entries and of an interception gives what the same object's JSON form says: a
 * navigator and an interceptor read each field both ways, over a session that makes every kind of event. */
#include <navrouter.h>

#include "field_check.h"
#include "harness.h"

#define KIND_COUNT (NAVROUTER_EVENT_ENTRY_UPDATED + 1) /* kinds are 1 ... ENTRY_UPDATED */

struct reader {
    navrouter_router *router;
    int kinds[KIND_COUNT];
    int interceptions[3];
    int external, authenticated; /* interceptions that said so */
    uint64_t top;                /* the entry of the last event that had one */
    /* Set by the test: the navigator issues this command from inside the next push event (it is queued). */
    const char *queue_on_push;
};

/* A disagreement found by field_check.h, reported as a failed check of the running test. */
static void report(const char *disagreement, const char *what) {
    if (disagreement == NULL) return;
    fprintf(stderr, "  %s: %s disagrees with the JSON form\n", what, disagreement);
    harness_failures_in_test++;
}

static int read_every_field(const navrouter_event *event, void *user_data) {
    struct reader *reader = user_data;
    int kind = navrouter_event_kind(event);
    report(event_disagreement(event), navrouter_event_kind_name(event));
    if (kind > 0 && kind < KIND_COUNT) reader->kinds[kind]++;
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
    uint32_t phase = navrouter_interception_phase(interception);
    const char *url = navrouter_interception_url(interception);
    report(interception_disagreement(interception), "an interception");
    if (phase < 3) reader->interceptions[phase]++;
    CHECK(navrouter_interception_router(interception) == reader->router);
    reader->external += navrouter_interception_external(interception);
    reader->authenticated += navrouter_interception_authenticated(interception);
    if (phase == NAVROUTER_PHASE_BEFORE && strcmp(url, "/shop/category/held") == 0) return NAVROUTER_DECISION_PENDING;
    if (phase == NAVROUTER_PHASE_AFTER && strcmp(url, "/shop/category/bad-after") == 0)
        return NAVROUTER_DECISION_PENDING; /* what an after interceptor cannot do */
    return NAVROUTER_DECISION_PROCEED;
}

static void test_every_event_getter_agrees_with_the_event_json(void) {
    navrouter_registry *registry = harness_manifest_registry();
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
    CHECK(navrouter_entry_json(NULL) == NULL);
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
