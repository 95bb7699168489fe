/* Reads every field of an event (its entries' too) and of an interception through its getter and through the
 * object's JSON form, and says where the two disagree. Shared by the C tests (test_getters.c) and the commands
 * fuzzer, whose random sessions make events and interceptions of every shape. Not thread-safe (one message buffer). */
#ifndef NAVROUTER_FIELD_CHECK_H
#define NAVROUTER_FIELD_CHECK_H

#include <jansson.h>
#include <navrouter.h>
#include <navrouter_jansson.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static char field_check_message[512];

/* Records the first disagreement (later ones keep it). */
static void field_check_fail(const char *what) {
    if (field_check_message[0] == '\0') snprintf(field_check_message, sizeof field_check_message, "%s", what);
}

static json_t *field_of(json_t *object, const char *key) {
    return json_object_get(object, key);
}

static uint64_t field_integer_or(json_t *object, const char *key, uint64_t fallback) {
    json_t *value = field_of(object, key);
    return json_is_integer(value) ? (uint64_t)json_integer_value(value) : fallback;
}

/* Whether a getter's JSON text holds the same value as the JSON form's field (NULL text: an absent or null field). */
static int field_same_json(const char *text, json_t *expected) {
    json_t *parsed;
    int same;
    if (text == NULL) return expected == NULL || json_is_null(expected);
    parsed = navrouter_jansson_parse(text);
    same = parsed != NULL && expected != NULL && json_equal(parsed, expected);
    json_decref(parsed);
    return same;
}

static int field_same_string(const char *text, json_t *expected) {
    return text == NULL ? expected == NULL || json_is_null(expected)
                        : json_is_string(expected) && strcmp(text, json_string_value(expected)) == 0;
}

#define FIELD_CHECK(condition, what)                                                                                   \
    do {                                                                                                               \
        if (!(condition)) field_check_fail(what);                                                                      \
    } while (0)

static void field_check_entry(const navrouter_entry *entry, json_t *json, const char *where) {
    const char *key;
    json_t *value;
    char what[128];
    if (json == NULL || json_is_null(json)) {
        snprintf(what, sizeof what, "%s: an entry where the JSON has none", where);
        FIELD_CHECK(entry == NULL, what);
        return;
    }
    snprintf(what, sizeof what, "%s: no entry where the JSON has one", where);
    FIELD_CHECK(entry != NULL, what);
    if (entry == NULL) return;
    snprintf(what, sizeof what, "%s: navrouter_entry_id", where);
    FIELD_CHECK(navrouter_entry_id(entry) == field_integer_or(json, "id", 0), what);
    snprintf(what, sizeof what, "%s: navrouter_entry_route", where);
    FIELD_CHECK(field_same_string(navrouter_entry_route(entry), field_of(json, "route")), what);
    snprintf(what, sizeof what, "%s: navrouter_entry_url", where);
    FIELD_CHECK(field_same_string(navrouter_entry_url(entry), field_of(json, "url")), what);
    snprintf(what, sizeof what, "%s: navrouter_entry_expects_result", where);
    FIELD_CHECK(navrouter_entry_expects_result(entry) == json_is_true(field_of(json, "expects_result")), what);
    snprintf(what, sizeof what, "%s: navrouter_entry_params_json", where);
    FIELD_CHECK(field_same_json(navrouter_entry_params_json(entry), field_of(json, "parameters")), what);
    snprintf(what, sizeof what, "%s: navrouter_entry_props_json", where);
    FIELD_CHECK(field_same_json(navrouter_entry_props_json(entry), field_of(json, "props")), what);
    snprintf(what, sizeof what, "%s: navrouter_entry_saved_state_json", where);
    FIELD_CHECK(field_same_json(navrouter_entry_saved_state_json(entry), field_of(json, "saved_state")), what);
    snprintf(what, sizeof what, "%s: navrouter_entry_json", where);
    FIELD_CHECK(field_same_json(navrouter_entry_json(entry), json), what);
    json_object_foreach(field_of(json, "parameters"), key, value) {
        snprintf(what, sizeof what, "%s: navrouter_entry_param", where);
        FIELD_CHECK(field_same_string(navrouter_entry_param(entry, key), value), what);
    }
    snprintf(what, sizeof what, "%s: navrouter_entry_param of an unknown name", where);
    FIELD_CHECK(navrouter_entry_param(entry, "no-such-parameter") == NULL, what);
}

typedef const navrouter_entry *(*field_entry_at_fn)(const navrouter_event *, size_t);

static void field_check_entry_list(const navrouter_event *event, json_t *list, size_t count, field_entry_at_fn at,
                                   const char *where) {
    size_t index;
    char what[128];
    snprintf(what, sizeof what, "%s: the count", where);
    FIELD_CHECK(count == json_array_size(list), what);
    for (index = 0; index < count && index < json_array_size(list); index++) {
        snprintf(what, sizeof what, "%s[%zu]", where, index);
        field_check_entry(at(event, index), json_array_get(list, index), what);
    }
    snprintf(what, sizeof what, "%s: an entry past the count", where);
    FIELD_CHECK(at(event, count) == NULL, what);
}

static uint32_t field_style(json_t *json) {
    const char *style = json_string_value(field_of(json, "style"));
    if (style == NULL) return NAVROUTER_STYLE_NONE;
    if (strcmp(style, "sheet") == 0) return NAVROUTER_STYLE_SHEET;
    if (strcmp(style, "fullscreen") == 0) return NAVROUTER_STYLE_FULLSCREEN;
    return 99;
}

/* NULL when every getter of the event agrees with navrouter_event_json, else the first field that does not. */
static const char *event_disagreement(const navrouter_event *event) {
    json_t *json = navrouter_jansson_event(event);
    const char *status;
    int code;
    field_check_message[0] = '\0';
    if (json == NULL) return "navrouter_event_json is not a JSON object";
    FIELD_CHECK(field_same_string(navrouter_event_kind_name(event), field_of(json, "kind")),
                "navrouter_event_kind_name");
    FIELD_CHECK(navrouter_event_kind(event) > 0, "navrouter_event_kind");
    FIELD_CHECK(navrouter_event_transition(event) == field_integer_or(json, "transition", 0),
                "navrouter_event_transition");
    field_check_entry(navrouter_event_entry(event), field_of(json, "entry"), "navrouter_event_entry");
    field_check_entry_list(event, field_of(json, "entries"), navrouter_event_entry_count(event),
                           navrouter_event_entry_at, "navrouter_event_entry_at");
    field_check_entry_list(event, field_of(json, "removed"), navrouter_event_removed_count(event),
                           navrouter_event_removed_at, "navrouter_event_removed_at");
    FIELD_CHECK(navrouter_event_tab(event) == (int32_t)field_integer_or(json, "tab", (uint64_t)-1),
                "navrouter_event_tab");
    FIELD_CHECK(navrouter_event_layer(event) == (int32_t)field_integer_or(json, "layer", (uint64_t)-1),
                "navrouter_event_layer");
    FIELD_CHECK(navrouter_event_style(event) == field_style(json), "navrouter_event_style");
    FIELD_CHECK(navrouter_event_animated(event) == json_is_true(field_of(json, "animated")),
                "navrouter_event_animated");
    FIELD_CHECK(navrouter_event_user_initiated(event) == json_is_true(field_of(json, "user_initiated")),
                "navrouter_event_user_initiated");
    FIELD_CHECK(navrouter_event_result_of(event) == field_integer_or(json, "result_of", 0),
                "navrouter_event_result_of");
    FIELD_CHECK(field_same_json(navrouter_event_result_json(event),
                                json_is_true(field_of(json, "has_result")) ? field_of(json, "result") : NULL),
                "navrouter_event_result_json");
    status = json_string_value(field_of(json, "status"));
    code = navrouter_event_failure_status(event);
    if (status == NULL) {
        FIELD_CHECK(code == 0, "navrouter_event_failure_status without a failure");
    } else {
        /* "ENOTFOUND" in "NAVROUTER_ENOTFOUND" */
        FIELD_CHECK(code < 0 && strstr(navrouter_status_name(code), status) != NULL, "navrouter_event_failure_status");
    }
    FIELD_CHECK(field_same_string(navrouter_event_failure_message(event), field_of(json, "failure")),
                "navrouter_event_failure_message");
    FIELD_CHECK(navrouter_event_flow(event) == field_integer_or(json, "flow", 0), "navrouter_event_flow");
    FIELD_CHECK(navrouter_event_ticket(event) == field_integer_or(json, "ticket", 0), "navrouter_event_ticket");
    FIELD_CHECK(navrouter_event_prevent_dismissal(event) == json_is_true(field_of(json, "prevent_dismissal")),
                "navrouter_event_prevent_dismissal");
    FIELD_CHECK(field_same_json(navrouter_event_info_json(event), field_of(json, "info")), "navrouter_event_info_json");
    json_decref(json);
    return field_check_message[0] ? field_check_message : NULL;
}

/* NULL when every getter of the interception agrees with navrouter_interception_json, else the first that does not
 * (the router it names is the caller's to check). */
static const char *interception_disagreement(const navrouter_interception *interception) {
    json_t *json = navrouter_jansson_parse(navrouter_interception_json(interception));
    uint32_t phase = navrouter_interception_phase(interception);
    const char *phase_name = phase == NAVROUTER_PHASE_BEFORE  ? "before"
                             : phase == NAVROUTER_PHASE_AFTER ? "after"
                             : phase == NAVROUTER_PHASE_LEAVE ? "leave"
                                                              : "?";
    const char *key;
    json_t *value;
    field_check_message[0] = '\0';
    if (json == NULL) return "navrouter_interception_json is not a JSON object";
    FIELD_CHECK(json_is_string(field_of(json, "phase")) &&
                    strcmp(phase_name, json_string_value(field_of(json, "phase"))) == 0,
                "navrouter_interception_phase");
    FIELD_CHECK(field_same_string(navrouter_interception_route(interception), field_of(json, "route")),
                "navrouter_interception_route");
    FIELD_CHECK(field_same_string(navrouter_interception_url(interception), field_of(json, "url")),
                "navrouter_interception_url");
    FIELD_CHECK(field_same_json(navrouter_interception_params_json(interception), field_of(json, "parameters")),
                "navrouter_interception_params_json");
    json_object_foreach(field_of(json, "parameters"), key, value) {
        FIELD_CHECK(field_same_string(navrouter_interception_param(interception, key), value),
                    "navrouter_interception_param");
    }
    FIELD_CHECK(navrouter_interception_param(interception, "no-such-parameter") == NULL,
                "navrouter_interception_param of an unknown name");
    FIELD_CHECK(navrouter_interception_flow(interception) == field_integer_or(json, "flow", 0),
                "navrouter_interception_flow");
    FIELD_CHECK(navrouter_interception_authenticated(interception) == json_is_true(field_of(json, "authenticated")),
                "navrouter_interception_authenticated");
    FIELD_CHECK(navrouter_interception_external(interception) == json_is_true(field_of(json, "external")),
                "navrouter_interception_external");
    json_decref(json);
    return field_check_message[0] ? field_check_message : NULL;
}

#endif
