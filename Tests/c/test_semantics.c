/* Navigation semantics through the C ABI: router options, back previews and gestures, entries changed in place,
 * saved state, restore with a migration hook, a tolerant restore and a deep link, plans, flow deadlines, the
 * transaction log and its replay, guard flags, and the newer event kinds. */
#define _POSIX_C_SOURCE 200809L
#include <navrouter.h>
#include <navrouter_jansson.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness.h"

/* A host that records event kinds, the last event's info and an updated entry's saved state. */
struct recorder {
    char kinds[4096];
    char last_info[512];
    char saved_state[256];
    int user_initiated;
};

static int record(const navrouter_event *event, void *user_data) {
    struct recorder *recorder = user_data;
    const char *info = navrouter_event_info_json(event);
    size_t index;
    if (navrouter_event_kind(event) == NAVROUTER_EVENT_STATE_CHANGED) return 0;
    strncat(recorder->kinds, navrouter_event_kind_name(event), sizeof recorder->kinds - strlen(recorder->kinds) - 2);
    strcat(recorder->kinds, " ");
    snprintf(recorder->last_info, sizeof recorder->last_info, "%s", info ? info : "");
    recorder->user_initiated = navrouter_event_user_initiated(event);
    for (index = 0; index < navrouter_event_entry_count(event); index++) {
        const char *saved = navrouter_entry_saved_state_json(navrouter_event_entry_at(event, index));
        if (saved) snprintf(recorder->saved_state, sizeof recorder->saved_state, "%s", saved);
    }
    return 0;
}

static navrouter_router *started_router(navrouter_registry *registry, struct recorder *recorder) {
    navrouter_router *router = NULL;
    uint64_t id = 0;
    memset(recorder, 0, sizeof *recorder);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_new(&router, registry));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_navigator(router, record, recorder, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_start(router, &id));
    return router;
}

/* The value of one top-level field of a JSON text as compact JSON (static buffer), or "(none)". */
static const char *field(const char *json, const char *key) {
    static char buffer[1024];
    json_t *value = navrouter_jansson_parse(json), *member = json_object_get(value, key);
    char *text = member ? json_dumps(member, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
    snprintf(buffer, sizeof buffer, "%s", text ? text : "(none)");
    free(text);
    json_decref(value);
    return buffer;
}

static void test_options_back_behaviour_and_reselection(void) {
    navrouter_registry *registry = harness_manifest_registry();
    struct recorder recorder;
    navrouter_router *router = started_router(registry, &recorder);
    char *json = NULL;
    bool yes = true;
    uint64_t id = 0;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_options_json(router, "{\"back_behavior\": \"history\", "
                                                                         "\"reselect_pops_to_root\": true}"));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_options_json(router, &json));
    CHECK_STR("\"history\"", field(json, "back_behavior"));
    CHECK_STR("true", field(json, "supersede_pending_flows"));
    navrouter_string_free(json);
    /* Bad options are refused with a message naming the field, and the options stay. */
    CHECK_STATUS(NAVROUTER_EJSON, navrouter_router_set_options_json(router, "{\"back_behavior\": \"sideways\"}"));
    CHECK_CONTAINS("back_behavior", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_EJSON, navrouter_router_set_options_json(router, "{\"back_behaviour\": \"order\"}"));
    CHECK_STATUS(NAVROUTER_EJSON, navrouter_router_set_options_json(router, "not json"));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_set_options_json(router, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_options_json(router, &json));
    CHECK_STR("\"history\"", field(json, "back_behavior"));
    navrouter_string_free(json);

    CHECK_STATUS(NAVROUTER_OK, navrouter_router_can_go_back(router, &yes));
    CHECK(!yes);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_select_tab(router, 3, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_select_tab(router, 1, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_can_go_back(router, &yes));
    CHECK(yes);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_back(router, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &json));
    CHECK_STR("3", field(json, "selected_tab"));
    navrouter_string_free(json);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_back(router, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_can_go_back(router, &yes));
    CHECK(!yes);
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_router_back_preview(router, &json));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_can_go_back(router, NULL));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_can_dismiss(NULL, &yes));
    navrouter_router_free(router);
    navrouter_registry_free(registry);
}

static void test_previews_and_back_gestures(void) {
    navrouter_registry *registry = harness_manifest_registry();
    struct recorder recorder;
    navrouter_router *router = started_router(registry, &recorder);
    char *preview = NULL, *before = NULL, *after = NULL;
    uint64_t id = 0, gesture = 0, stale = 0;
    bool yes = true;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/1", NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_back_preview(router, &preview));
    CHECK_STR("\"pop\"", field(preview, "action"));
    CHECK_CONTAINS("\"route\":\"home\"", field(preview, "appearing"));
    navrouter_string_free(preview);

    /* A gesture that is cancelled changes nothing, and its id is spent. */
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &before));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_begin_back_gesture(router, &gesture, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_cancel_back_gesture(router, gesture));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_commit_back_gesture(router, gesture, &id));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_cancel_back_gesture(router, gesture));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &after));
    CHECK_STR(before, after);
    navrouter_string_free(after);

    /* A gesture begun before the state changed cannot be committed. */
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_begin_back_gesture(router, &stale, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/2", NULL, &id));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_commit_back_gesture(router, stale, &id));

    CHECK_STATUS(NAVROUTER_OK, navrouter_router_begin_back_gesture(router, &gesture, &preview));
    CHECK(gesture != 0 && gesture != stale);
    CHECK_STR("\"pop\"", field(preview, "action"));
    navrouter_string_free(preview);
    recorder.kinds[0] = '\0';
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_commit_back_gesture(router, gesture, &id));
    CHECK_STR("pop ", recorder.kinds);
    CHECK(recorder.user_initiated);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_pop(router, 1, NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &after));
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_router_begin_back_gesture(router, &gesture, NULL));
    navrouter_string_free(before);
    navrouter_string_free(after);

    /* A modal that prevents dismissal: back may not dismiss it. */
    {
        navrouter_nav_options options = NAVROUTER_NAV_OPTIONS_INIT;
        options.flags = NAVROUTER_NAV_MODAL_SHEET | NAVROUTER_NAV_PREVENT_DISMISSAL;
        CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/3", &options, &id));
        CHECK_STATUS(NAVROUTER_OK, navrouter_router_can_dismiss(router, &yes));
        CHECK(!yes);
    }
    navrouter_router_free(router);
    navrouter_registry_free(registry);
}

static void test_update_entry_and_saved_state(void) {
    navrouter_registry *registry = harness_manifest_registry();
    struct recorder recorder;
    navrouter_router *router = started_router(registry, &recorder);
    char *saved = NULL, *before = NULL, *after = NULL;
    uint64_t id = 0, entry = 0;
    navrouter_router *restored = NULL;
    struct recorder second;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/1", NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &before));
    {
        json_t *state = navrouter_jansson_parse(before);
        json_t *stack = json_object_get(json_array_get(json_object_get(state, "tabs"), 0), "stack");
        entry = (uint64_t)json_integer_value(json_object_get(json_array_get(stack, 1), "id"));
        json_decref(state);
    }
    /* Failures keep the entry as it was. */
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_router_update_entry(router, 9999, "{\"id\": \"2\"}", NULL, &id));
    CHECK_STATUS(NAVROUTER_EJSON, navrouter_router_update_entry(router, entry, "[1]", NULL, &id));
    CHECK_STATUS(NAVROUTER_EJSON, navrouter_router_update_entry(router, entry, "{\"id\": 2}", NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &after));
    CHECK_STR(before, after);
    navrouter_string_free(after);

    recorder.kinds[0] = '\0';
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_router_update_entry(router, entry, "{\"id\": \"2\"}", "{\"color\": \"red\"}", &id));
    CHECK_STR("entry_updated ", recorder.kinds);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_saved_state(router, entry, "{\"scroll\": 340}", &id));
    CHECK_STATUS(NAVROUTER_EJSON, navrouter_router_set_saved_state(router, entry, "{\"scroll\": ", &id));
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_router_set_saved_state(router, 9999, NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &saved));
    CHECK_CONTAINS("/shop/product/2", saved);
    CHECK_CONTAINS("\"scroll\"", saved);

    /* Another router restores it: the entry comes back with the host's saved state. */
    restored = started_router(registry, &second);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_restore(restored, saved, &id));
    CHECK_CONTAINS("restored", second.kinds);
    CHECK_CONTAINS("340", second.saved_state);
    navrouter_string_free(saved);
    navrouter_string_free(before);
    navrouter_router_free(restored);
    navrouter_router_free(router);
    navrouter_registry_free(registry);
}

static int migrations;
/* Whether a restore call is in progress, and the hook's calls after it returned (a queued restore's). */
static bool restoring = true;
static int late_migrations;

/* Moves the old "/old/N" URLs of a snapshot to "/shop/product/N"; refuses snapshots of app 0.9. */
static char *migrate_old_urls(const char *snapshot_json, void *user_data) {
    json_t *snapshot = navrouter_jansson_parse(snapshot_json);
    char *text, *found, *copy;
    (void)user_data;
    migrations++;
    if (!restoring) late_migrations++;
    if (json_integer_value(json_object_get(json_object_get(snapshot, "app"), "build")) == 9) {
        json_decref(snapshot);
        return NULL;
    }
    json_decref(snapshot);
    copy = malloc(strlen(snapshot_json) * 2 + 1);
    text = copy;
    while ((found = strstr(snapshot_json, "/old/")) != NULL) {
        memcpy(text, snapshot_json, (size_t)(found - snapshot_json));
        text += found - snapshot_json;
        memcpy(text, "/shop/product/", 14);
        text += 14;
        snapshot_json = found + 5;
    }
    strcpy(text, snapshot_json);
    return copy;
}

/* The snapshot's text with every "/shop/product/" changed to "/old/" (malloc'd). */
static char *age_snapshot(const char *snapshot) {
    char *copy = malloc(strlen(snapshot) + 1), *text = copy;
    const char *found;
    while ((found = strstr(snapshot, "/shop/product/")) != NULL) {
        memcpy(text, snapshot, (size_t)(found - snapshot));
        text += found - snapshot;
        memcpy(text, "/old/", 5);
        text += 5;
        snapshot = found + 14;
    }
    strcpy(text, snapshot);
    return copy;
}

static void test_restore_with_migration_tolerance_and_link(void) {
    navrouter_registry *registry = harness_manifest_registry();
    struct recorder recorder;
    navrouter_router *router = started_router(registry, &recorder);
    char *snapshot = NULL, *old = NULL, *refused = NULL, *now = NULL, *after = NULL;
    uint64_t id = 0;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/1", NULL, &id));
    CHECK_STATUS(NAVROUTER_EJSON, navrouter_router_snapshot_ex(router, "{\"build\": ", &snapshot));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot_ex(router, "{\"build\": 10}", &snapshot));
    CHECK_STR("{\"build\":10}", field(snapshot, "app"));
    old = age_snapshot(snapshot);

    /* The old URLs no longer resolve: refused, and the state stays. */
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &now));
    CHECK_STATUS(NAVROUTER_EJSON, navrouter_router_restore(router, old, &id));
    CHECK_CONTAINS("/old/1", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &after));
    CHECK_STR(now, after);
    navrouter_string_free(after);

    /* Migrated by the host's hook. */
    migrations = 0;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_restore_ex(router, old, 0, migrate_old_urls, NULL, NULL, NULL, &id));
    CHECK(migrations == 1);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &after));
    CHECK_CONTAINS("/shop/product/1", after);
    navrouter_string_free(after);

    /* A hook that refuses: EJSON, state kept. */
    refused = age_snapshot(snapshot);
    {
        char *mark = strstr(refused, "\"build\":10");
        if (mark) memcpy(mark, "\"build\": 9", 10);
        CHECK(mark != NULL);
    }
    CHECK_STATUS(NAVROUTER_EJSON,
                 navrouter_router_restore_ex(router, refused, 0, migrate_old_urls, NULL, NULL, NULL, &id));

    /* Tolerant: what no longer resolves is dropped, and the RESTORED event says what. */
    recorder.kinds[0] = '\0';
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_router_restore_ex(router, old, NAVROUTER_RESTORE_TOLERANT, NULL, NULL, NULL, NULL, &id));
    CHECK_CONTAINS("restored", recorder.kinds);
    CHECK_CONTAINS("\"/old/1\"", field(recorder.last_info, "dropped"));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_restore_ex(router, old, 0x80, NULL, NULL, NULL, NULL, &id));

    /* Restore with a deep link on top, in one transaction; a bad link keeps everything. */
    navrouter_string_free(now);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &now));
    CHECK_STATUS(NAVROUTER_ENOTFOUND,
                 navrouter_router_restore_ex(router, snapshot, 0, NULL, NULL, "/nowhere", NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &after));
    CHECK_STR(now, after);
    navrouter_string_free(after);
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_router_restore_ex(router, snapshot, 0, NULL, NULL, "/shop/product/9", NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &after));
    CHECK_CONTAINS("/shop/product/9", after);
    navrouter_string_free(after);

    /* A restore queued behind the host's transition: the hook runs during the call (its user data may be gone
     * once the call returns), and the queued restore reads what it returned. */
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_transition_mode(router, NAVROUTER_TRANSITION_WAIT));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/settings", NULL, &id));
    migrations = 0;
    restoring = true;
    CHECK_STATUS(NAVROUTER_QUEUED,
                 navrouter_router_restore_ex(router, old, 0, migrate_old_urls, NULL, NULL, NULL, &id));
    restoring = false;
    CHECK(migrations == 1);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_transition_mode(router, NAVROUTER_TRANSITION_IMMEDIATE));
    CHECK(migrations == 1 && late_migrations == 0);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &after));
    CHECK_CONTAINS("/shop/product/1", after);
    navrouter_string_free(after);

    free(old);
    free(refused);
    navrouter_string_free(snapshot);
    navrouter_string_free(now);
    navrouter_router_free(router);
    navrouter_registry_free(registry);
}

static int waiting_interceptor(navrouter_interception *interception, void *user_data) {
    (void)interception;
    (void)user_data;
    return NAVROUTER_DECISION_PENDING;
}

static void test_plans_deadlines_and_superseded_flows(void) {
    navrouter_registry *registry = harness_manifest_registry();
    struct recorder recorder;
    navrouter_router *router = started_router(registry, &recorder);
    char *plan = NULL, *before = NULL, *after = NULL;
    const char *routes[] = {"settings"};
    navrouter_nav_options options = NAVROUTER_NAV_OPTIONS_INIT;
    uint64_t id = 0, flow = 0;
    struct timespec pause = {0, 5 * 1000 * 1000};

    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &before));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_plan(router, "/shop/product/3", NULL, &plan));
    CHECK_STR("\"product\"", field(plan, "route"));
    CHECK_CONTAINS("push", field(plan, "events"));
    navrouter_string_free(plan);
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_router_plan(router, "/nowhere", NULL, &plan));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &after));
    CHECK_STR(before, after);
    navrouter_string_free(after);
    navrouter_string_free(before);

    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_registry_add_interceptor(registry, "wait", NAVROUTER_PHASE_BEFORE, NAVROUTER_PRIORITY_MEDIUM,
                                                    NULL, routes, 1, 0, NULL, waiting_interceptor, NULL, NULL, NULL));
    /* A new navigation supersedes a waiting one. */
    CHECK_STATUS(NAVROUTER_PENDING, navrouter_router_navigate(router, "/settings", NULL, &flow));
    CHECK_CONTAINS("navigation_pending", recorder.kinds);
    CHECK_CONTAINS("\"stage\"", recorder.last_info);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/1", NULL, &id));
    CHECK_CONTAINS("pending_ended", recorder.kinds);
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_resume_flow(router, flow, NAVROUTER_DECISION_PROCEED, NULL, &id));

    /* A deadline: past it, the flow is cancelled. */
    options.flow_deadline_ms = 1;
    CHECK_STATUS(NAVROUTER_PENDING, navrouter_router_navigate(router, "/settings", &options, &flow));
    nanosleep(&pause, NULL);
    recorder.kinds[0] = '\0';
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_expire_flows(router));
    CHECK_CONTAINS("pending_ended", recorder.kinds);
    CHECK_STR("{\"reason\":\"expired\"}", recorder.last_info);
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_resume_flow(router, flow, NAVROUTER_DECISION_PROCEED, NULL, &id));
    options.flow_deadline_ms = -5;
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_router_navigate(router, "/settings", &options, &flow));

    /* Pushing onto a tab by its root route, without selecting it. */
    options.flow_deadline_ms = 0;
    options.tab = "catalog";
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/2", &options, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &after));
    CHECK_STR("0", field(after, "selected_tab"));
    CHECK_CONTAINS("/shop/product/2", after);
    navrouter_string_free(after);
    options.tab = "no-such-tab";
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_router_navigate(router, "/shop/product/2", &options, &id));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_set_guard_flags(registry, 0x100));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_guard_flags(registry, NAVROUTER_GUARD_INTERCEPTORS_BEFORE_LOGIN));
    navrouter_router_free(router);
    navrouter_registry_free(registry);
}

static void test_transaction_log_replays(void) {
    navrouter_registry *registry = harness_manifest_registry();
    struct recorder recorder, other;
    navrouter_router *router = NULL, *replay = NULL;
    char *log = NULL, *report = NULL;
    uint64_t id = 0;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_new(&router, registry));
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_router_set_options_json(router, "{\"records_log\": true, \"flow_token_seed\": 3}"));
    memset(&recorder, 0, sizeof recorder);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_navigator(router, record, &recorder, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_start(router, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/1", NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_back(router, &id));
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_router_navigate(router, "/nowhere", NULL, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_transaction_log(router, &log));
    CHECK_CONTAINS("\"ENOTFOUND\"", log);

    CHECK_STATUS(NAVROUTER_OK, navrouter_router_new(&replay, registry));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_options_json(replay, "{\"flow_token_seed\": 3}"));
    memset(&other, 0, sizeof other);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_navigator(replay, record, &other, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_replay(replay, log, &report));
    CHECK_STR("4", field(report, "steps"));
    CHECK_STR("null", field(report, "divergence"));
    navrouter_string_free(report);
    CHECK_STATUS(NAVROUTER_EJSON, navrouter_router_replay(replay, "{\"seq\": ", &report));

    CHECK_STATUS(NAVROUTER_OK, navrouter_router_clear_transaction_log(router));
    navrouter_string_free(log);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_transaction_log(router, &log));
    CHECK_STR("", log);
    navrouter_string_free(log);
    navrouter_router_free(replay);
    navrouter_router_free(router);
    navrouter_registry_free(registry);
}

/* An object {"p": [[...]]} nesting `depth` arrays and objects in all (malloc'd). */
static char *nested_props(int depth) {
    char *text = malloc((size_t)depth * 2 + 16);
    int index;
    strcpy(text, "{\"p\":");
    for (index = 1; index < depth; index++) strcat(text, "[");
    for (index = 1; index < depth; index++) strcat(text, "]");
    strcat(text, "}");
    return text;
}

/* Values nest at most NAVROUTER_JSON_MAX_DEPTH levels; a state holding them at the limit (the sheet's entry hidden in
 * a tab, where a snapshot nests it deepest) snapshots, restores and replays: its documents nest deeper, within
 * NAVROUTER_JSON_MAX_DOCUMENT_DEPTH. */
static void test_values_at_the_nesting_limit_round_trip(void) {
    navrouter_registry *registry = harness_manifest_registry();
    navrouter_router *router = NULL, *replay = NULL;
    navrouter_nav_options options = NAVROUTER_NAV_OPTIONS_INIT;
    char *deepest = nested_props(NAVROUTER_JSON_MAX_DEPTH), *deeper = nested_props(NAVROUTER_JSON_MAX_DEPTH + 1);
    char *snapshot = NULL, *again = NULL, *log = NULL, *report = NULL;
    uint64_t id = 0;
    CHECK(NAVROUTER_JSON_MAX_DOCUMENT_DEPTH > NAVROUTER_JSON_MAX_DEPTH);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_new(&router, registry));
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_router_set_options_json(router, "{\"records_log\": true, \"modals_per_tab\": true}"));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_start(router, &id));
    options.props_json = deeper;
    CHECK_STATUS(NAVROUTER_EJSON, navrouter_router_navigate(router, "/shop/product/1", &options, &id));
    CHECK_CONTAINS("nested deeper than 512", navrouter_last_error());
    options.props_json = deepest;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/1", &options, &id));
    options.flags = NAVROUTER_NAV_MODAL_SHEET;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/settings", &options, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_select_tab(router, 1, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &snapshot));
    CHECK_CONTAINS("\"hidden_layers\":[{", snapshot);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_pop_to_root(router, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_restore(router, snapshot, &id));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &again));
    CHECK_STR(snapshot, again);

    CHECK_STATUS(NAVROUTER_OK, navrouter_router_transaction_log(router, &log));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_new(&replay, registry));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_options_json(replay, "{\"modals_per_tab\": true}"));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_replay(replay, log, &report));
    CHECK_STR("null", field(report, "divergence"));
    navrouter_string_free(report);
    navrouter_string_free(log);
    navrouter_string_free(again);
    navrouter_string_free(snapshot);
    free(deepest);
    free(deeper);
    navrouter_router_free(replay);
    navrouter_router_free(router);
    navrouter_registry_free(registry);
}

static void test_modals_per_tab_events(void) {
    navrouter_registry *registry = harness_manifest_registry();
    struct recorder recorder;
    navrouter_router *router = started_router(registry, &recorder);
    uint64_t id = 0;
    char *state = NULL;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_options_json(router, "{\"modals_per_tab\": true}"));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/settings", NULL, &id));
    recorder.kinds[0] = '\0';
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_select_tab(router, 1, &id));
    CHECK_CONTAINS("layers_hidden", recorder.kinds);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &state));
    CHECK_STR("[]", field(state, "layers"));
    navrouter_string_free(state);
    recorder.kinds[0] = '\0';
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_select_tab(router, 0, &id));
    CHECK_CONTAINS("layers_shown", recorder.kinds);
    navrouter_router_free(router);
    navrouter_registry_free(registry);
}

static char order[64];

static int note_terms(navrouter_interception *interception, void *user_data) {
    (void)interception;
    (void)user_data;
    strcat(order, "terms ");
    return NAVROUTER_DECISION_PROCEED;
}

static void note_login(navrouter_router *router, uint64_t flow, const navrouter_match *destination, void *user_data) {
    (void)router;
    (void)flow;
    (void)destination;
    (void)user_data;
    strcat(order, "login ");
}

static void test_deep_linked_modal_guard_order_and_aliases(void) {
    navrouter_registry *registry = harness_manifest_registry();
    struct recorder recorder;
    navrouter_router *router = started_router(registry, &recorder);
    navrouter_nav_options options = NAVROUTER_NAV_OPTIONS_INIT;
    const char *orders[] = {"orders"};
    char *state = NULL;
    uint64_t id = 0;
    size_t count = 0;
    navrouter_match *match = NULL;
    /* A deep link to a sheet whose parents are push routes: the parents' stack in their tab, then the sheet. */
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_authenticated(registry, true));
    options.flags = NAVROUTER_NAV_BUILD_BACK_STACK;
    recorder.kinds[0] = '\0';
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/shop/product/7/review", &options, &id));
    CHECK_STR("tab_selected stack_replaced present ", recorder.kinds);
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &state));
    CHECK_STR("1", field(state, "selected_tab"));
    CHECK_CONTAINS("\"route\":\"review\"", field(state, "layers"));
    navrouter_string_free(state);

    /* Interceptors that need no authentication run before the login step with the guard flag. */
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_authenticated(registry, false));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_auth_handler(registry, note_login, NULL, NULL, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_interceptor(registry, "terms", NAVROUTER_PHASE_BEFORE,
                                                                  NAVROUTER_PRIORITY_MEDIUM, NULL, orders, 1, 0, NULL,
                                                                  note_terms, NULL, NULL, NULL));
    order[0] = '\0';
    CHECK_STATUS(NAVROUTER_PENDING, navrouter_router_navigate(router, "/account/orders", NULL, &id));
    CHECK_STR("login ", order);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_guard_flags(registry, NAVROUTER_GUARD_INTERCEPTORS_BEFORE_LOGIN));
    order[0] = '\0';
    CHECK_STATUS(NAVROUTER_PENDING, navrouter_router_navigate(router, "/account/orders", NULL, &id));
    CHECK_STR("terms login ", order);
    navrouter_router_free(router);
    navrouter_registry_free(registry);

    /* Aliases: an old link keeps opening a moved route; the route is counted once. */
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&registry, 0));
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_registry_load_manifest(registry,
                                                  "{\"routes\": [{\"name\": \"product\", \"pattern\": \"p/<int:id>\", "
                                                  "\"aliases\": [\"shop/product/<int:id>\"]}]}",
                                                  NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_route_count(registry, &count));
    CHECK(count == 1);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, "/shop/product/42", &match));
    CHECK_STR("product", navrouter_match_route(match));
    CHECK_STR("42", navrouter_match_param(match, "id"));
    navrouter_match_free(match);
    navrouter_registry_free(registry);
}

int main(int argc, char **argv) {
    harness_init(argc, argv);
    RUN(test_options_back_behaviour_and_reselection);
    RUN(test_previews_and_back_gestures);
    RUN(test_update_entry_and_saved_state);
    RUN(test_restore_with_migration_tolerance_and_link);
    RUN(test_plans_deadlines_and_superseded_flows);
    RUN(test_transaction_log_replays);
    RUN(test_values_at_the_nesting_limit_round_trip);
    RUN(test_modals_per_tab_events);
    RUN(test_deep_linked_modal_guard_order_and_aliases);
    return HARNESS_SUMMARY("c semantics");
}
