/* The conformance vectors (the JSON files of Tests/vectors), run through the C ABI. The XCTest and pytest suites run the same
 * files and must agree. Run from the repository's root (Tests/c/run.sh does). */
#define _POSIX_C_SOURCE 200809L
#include <navrouter.h>
#include <navrouter_jansson.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

static json_t *load_vectors(const char *path) {
    char *text = read_whole_file(path);
    json_t *value = text ? navrouter_jansson_parse(text) : NULL;
    if (!value) fprintf(stderr, "  cannot read %s\n", path);
    free(text);
    return value;
}

/* A registry with the vector's routes (and policy, when given). */
static navrouter_registry *registry_of(json_t *table) {
    navrouter_registry *registry = NULL;
    json_t *manifest = json_pack("{s:O}", "routes", json_object_get(table, "routes"));
    char *text = json_dumps(manifest, 0);
    const char *list[8];
    size_t count = 0, index;
    json_t *item;
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&registry, 0));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_load_manifest(registry, text, NULL));
    json_array_foreach(json_object_get(table, "web_domains"), index, item) if (count < 8) list[count++] =
        json_string_value(item);
    if (count) CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_web_domains(registry, list, count));
    count = 0;
    json_array_foreach(json_object_get(table, "schemes"), index, item) if (count < 8) list[count++] =
        json_string_value(item);
    if (count) CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_schemes(registry, list, count));
    free(text);
    json_decref(manifest);
    return registry;
}

/* The status's name without its prefix ("ENOTFOUND"). */
static const char *status_name(int status) {
    const char *name = navrouter_status_name(status);
    return strncmp(name, "NAVROUTER_", 10) == 0 ? name + 10 : name;
}

/* A step's status as the vectors write it: ok, pending, or the error's name. */
static const char *status_text(int status) {
    return status == NAVROUTER_OK ? "ok" : status == NAVROUTER_PENDING ? "pending" : status_name(status);
}

/* Whether a match's merged parameters are exactly the expected object's. */
static int same_parameters(const navrouter_match *match, json_t *expected) {
    json_t *got = navrouter_jansson_match_params(match);
    int same = json_equal(got, expected ? expected : json_object());
    json_decref(got);
    return same;
}

static void test_matching(void) {
    json_t *vectors = load_vectors("Tests/vectors/matching.json"), *table, *vector;
    size_t t, v;
    json_array_foreach(json_object_get(vectors, "tables"), t, table) {
        navrouter_registry *registry = registry_of(table);
        json_array_foreach(json_object_get(table, "cases"), v, vector) {
            const char *url = json_string_value(json_object_get(vector, "url"));
            const char *route = json_string_value(json_object_get(vector, "route"));
            const char *error = json_string_value(json_object_get(vector, "error"));
            navrouter_match *match = NULL;
            int status = navrouter_registry_resolve(registry, url, &match);
            if (status == NAVROUTER_OK) {
                CHECK(route != NULL);
                if (route) CHECK_STR(route, navrouter_match_route(match));
                if (!same_parameters(match, json_object_get(vector, "parameters")))
                    CHECK_STR("the expected parameters", url);
            } else {
                if (!error) fprintf(stderr, "  %s: %s\n", url, navrouter_last_error());
                CHECK(error != NULL);
                if (error) CHECK_STR(error, status_name(status));
            }
            navrouter_match_free(match);
        }
        navrouter_registry_free(registry);
    }
    json_decref(vectors);
}

static void test_reverse_routing(void) {
    json_t *vectors = load_vectors("Tests/vectors/reverse.json"), *vector;
    navrouter_registry *registry = registry_of(vectors);
    size_t v;
    json_array_foreach(json_object_get(vectors, "cases"), v, vector) {
        const char *route = json_string_value(json_object_get(vector, "route"));
        const char *expected = json_string_value(json_object_get(vector, "url"));
        const char *error = json_string_value(json_object_get(vector, "error"));
        char *url = NULL;
        int status = navrouter_jansson_build_url(registry, route, json_object_get(vector, "parameters"),
                                                 json_object_get(vector, "props"),
                                                 json_string_value(json_object_get(vector, "scheme")), &url);
        if (status == NAVROUTER_OK) {
            navrouter_match *match = NULL;
            CHECK(expected != NULL);
            if (expected) CHECK_STR(expected, url);
            CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, url, &match));
            if (match) {
                CHECK_STR(route, navrouter_match_route(match));
                if (!same_parameters(match, json_object_get(vector, "parameters")))
                    CHECK_STR("the same parameters", url);
            }
            navrouter_match_free(match);
        } else {
            CHECK(error != NULL);
            if (error) CHECK_STR(error, status_name(status));
        }
        navrouter_string_free(url);
    }
    navrouter_registry_free(registry);
    json_decref(vectors);
}

/* The event kinds a navigator saw, space-separated (state_changed left out). */
static char kinds[1024];

static int record_kind(const navrouter_event *event, void *user_data) {
    (void)user_data;
    if (navrouter_event_kind(event) == NAVROUTER_EVENT_STATE_CHANGED) return 0;
    strncat(kinds, navrouter_event_kind_name(event), sizeof kinds - strlen(kinds) - 2);
    strcat(kinds, " ");
    return 0;
}

/* Navigation options from a vector's {"presentation", "external", ...}. */
static navrouter_nav_options options_of(json_t *object) {
    navrouter_nav_options options = NAVROUTER_NAV_OPTIONS_INIT;
    const char *presentation = json_string_value(json_object_get(object, "presentation"));
    static const struct {
        const char *name;
        uint32_t flag;
    } flags[] = {{"replace", NAVROUTER_NAV_REPLACE},
                 {"prevent_dismissal", NAVROUTER_NAV_PREVENT_DISMISSAL},
                 {"single_top", NAVROUTER_NAV_SINGLE_TOP},
                 {"clear_top", NAVROUTER_NAV_CLEAR_TOP},
                 {"external", NAVROUTER_NAV_EXTERNAL},
                 {"expects_result", NAVROUTER_NAV_EXPECTS_RESULT},
                 {"build_back_stack", NAVROUTER_NAV_BUILD_BACK_STACK},
                 {"pop_up_to_inclusive", NAVROUTER_NAV_POP_UP_TO_INCLUSIVE}};
    size_t index;
    for (index = 0; index < sizeof flags / sizeof *flags; index++)
        if (json_is_true(json_object_get(object, flags[index].name))) options.flags |= flags[index].flag;
    if (presentation) {
        if (strcmp(presentation, "push") == 0) options.flags |= NAVROUTER_NAV_PUSH;
        if (strcmp(presentation, "sheet") == 0) options.flags |= NAVROUTER_NAV_MODAL_SHEET;
        if (strcmp(presentation, "fullscreen") == 0) options.flags |= NAVROUTER_NAV_MODAL_FULLSCREEN;
        if (strcmp(presentation, "root") == 0) options.flags |= NAVROUTER_NAV_ROOT;
        if (strcmp(presentation, "replace_top") == 0) options.flags |= NAVROUTER_NAV_REPLACE_TOP;
    }
    return options;
}

/* What a script's steps need besides the router: the last snapshot, pending flow and login flow. */
struct script_state {
    char *saved;
    uint64_t flow;
    uint64_t login;
};

/* A vector interceptor: decides only when every "when" parameter matches (user_data: its JSON object). */
static int vector_interceptor(navrouter_interception *interception, void *user_data) {
    json_t *interceptor = user_data, *value;
    const char *key, *decision = json_string_value(json_object_get(interceptor, "decision"));
    json_object_foreach(json_object_get(interceptor, "when"), key, value) {
        const char *got = navrouter_interception_param(interception, key);
        if (!got || strcmp(got, json_string_value(value)) != 0) return NAVROUTER_DECISION_PROCEED;
    }
    if (strcmp(decision, "cancel") == 0) {
        navrouter_interception_set_argument(interception, json_string_value(json_object_get(interceptor, "name")));
        return NAVROUTER_DECISION_CANCEL;
    }
    if (strcmp(decision, "redirect") == 0) {
        navrouter_interception_set_argument(interception, json_string_value(json_object_get(interceptor, "url")));
        return NAVROUTER_DECISION_REDIRECT;
    }
    return NAVROUTER_DECISION_PENDING;
}

static void record_login(navrouter_router *router, uint64_t flow, const navrouter_match *destination, void *user_data) {
    struct script_state *state = user_data;
    (void)router;
    (void)destination;
    state->login = flow;
}

static int run_step(navrouter_router *router, navrouter_registry *registry, json_t *step, struct script_state *state) {
    const char *action = json_string_value(json_object_get(step, "do"));
    uint64_t id = 0;
    int status;
    if (strcmp(action, "navigate") == 0) {
        navrouter_nav_options options = options_of(json_object_get(step, "options"));
        options.pop_up_to = json_string_value(json_object_get(json_object_get(step, "options"), "pop_up_to"));
        status = navrouter_router_navigate(router, json_string_value(json_object_get(step, "url")), &options, &id);
        if (status == NAVROUTER_PENDING) state->flow = id;
        return status;
    }
    if (strcmp(action, "back") == 0) return navrouter_router_back(router, &id);
    if (strcmp(action, "pop") == 0) {
        json_t *count = json_object_get(step, "count"), *result = json_object_get(step, "result");
        char *text = result ? json_dumps(result, JSON_ENCODE_ANY) : NULL;
        status = navrouter_router_pop(router, count ? (size_t)json_integer_value(count) : 1, text, &id);
        free(text);
        return status;
    }
    if (strcmp(action, "pop_to") == 0)
        return navrouter_router_pop_to(router, (uint64_t)json_integer_value(json_object_get(step, "entry")), &id);
    if (strcmp(action, "pop_after") == 0)
        return navrouter_router_pop_after(router, (size_t)json_integer_value(json_object_get(step, "index")), &id);
    if (strcmp(action, "set_stack") == 0) {
        const char *urls[16];
        size_t count = 0, index;
        json_t *url;
        json_array_foreach(json_object_get(step, "urls"), index, url) if (count < 16) urls[count++] =
            json_string_value(url);
        return navrouter_router_set_stack(router, urls, count, &id);
    }
    if (strcmp(action, "set_tabs") == 0) {
        const char *urls[16];
        size_t count = 0, index;
        json_t *url;
        json_array_foreach(json_object_get(step, "urls"), index, url) if (count < 16) urls[count++] =
            json_string_value(url);
        return navrouter_router_set_tabs(router, urls, count,
                                         (size_t)json_integer_value(json_object_get(step, "selected")), &id);
    }
    if (strcmp(action, "refresh") == 0) return navrouter_router_refresh(router, &id);
    if (strcmp(action, "user_popped") == 0)
        return navrouter_router_user_popped(router, (uint64_t)json_integer_value(json_object_get(step, "entry")), &id);
    if (strcmp(action, "restore_text") == 0)
        return navrouter_router_restore(router, json_string_value(json_object_get(step, "text")), &id);
    if (strcmp(action, "resume") == 0) {
        const char *decision = json_string_value(json_object_get(step, "decision"));
        int code = strcmp(decision, "cancel") == 0     ? NAVROUTER_DECISION_CANCEL
                   : strcmp(decision, "redirect") == 0 ? NAVROUTER_DECISION_REDIRECT
                                                       : NAVROUTER_DECISION_PROCEED;
        return navrouter_router_resume_flow(router, state->flow, code, json_string_value(json_object_get(step, "url")),
                                            &id);
    }
    if (strcmp(action, "complete_login") == 0)
        return navrouter_router_complete_login(router, state->login, json_is_true(json_object_get(step, "success")),
                                               &id);
    if (strcmp(action, "pop_to_root") == 0) return navrouter_router_pop_to_root(router, &id);
    if (strcmp(action, "dismiss") == 0) return navrouter_router_dismiss(router, 1, NULL, &id);
    if (strcmp(action, "user_dismissed") == 0) return navrouter_router_user_dismissed(router, 1, &id);
    if (strcmp(action, "select_tab") == 0)
        return navrouter_router_select_tab(router, (size_t)json_integer_value(json_object_get(step, "index")), &id);
    if (strcmp(action, "authenticated") == 0)
        return navrouter_registry_set_authenticated(registry, json_is_true(json_object_get(step, "value")));
    if (strcmp(action, "snapshot") == 0) {
        navrouter_string_free(state->saved);
        state->saved = NULL;
        return navrouter_router_snapshot(router, &state->saved);
    }
    if (strcmp(action, "restore") == 0) return navrouter_router_restore(router, state->saved, &id);
    fprintf(stderr, "  unknown step '%s'\n", action);
    return NAVROUTER_EINVAL;
}

/* {"selected_tab", "tabs": [[route...]...], "layers": [[route...]...]} of a router's snapshot. */
static json_t *final_of(navrouter_router *router) {
    char *text = NULL;
    json_t *state, *result, *tabs = json_array(), *layers = json_array(), *group, *entry;
    size_t index, position;
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_snapshot(router, &text));
    state = navrouter_jansson_parse(text);
    json_array_foreach(json_object_get(state, "tabs"), index, group) {
        json_t *names = json_array();
        json_array_foreach(json_object_get(group, "stack"), position, entry)
            json_array_append(names, json_object_get(entry, "route"));
        json_array_append_new(tabs, names);
    }
    json_array_foreach(json_object_get(state, "layers"), index, group) {
        json_t *names = json_array();
        json_array_foreach(json_object_get(group, "stack"), position, entry)
            json_array_append(names, json_object_get(entry, "route"));
        json_array_append_new(layers, names);
    }
    result = json_pack("{s:O,s:o,s:o}", "selected_tab", json_object_get(state, "selected_tab"), "tabs", tabs, "layers",
                       layers);
    json_decref(state);
    navrouter_string_free(text);
    return result;
}

static void test_commands(void) {
    json_t *vectors = load_vectors("Tests/vectors/commands.json"), *script, *step, *event;
    char *manifest = read_whole_file(json_string_value(json_object_get(vectors, "manifest")));
    size_t s, n, e;
    json_array_foreach(json_object_get(vectors, "scripts"), s, script) {
        const char *name = json_string_value(json_object_get(script, "name"));
        navrouter_registry *registry = NULL;
        navrouter_router *router = NULL;
        struct script_state state = {NULL, 0, 0};
        uint64_t id = 0;
        json_t *final, *interceptor;
        CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&registry, 0));
        CHECK_STATUS(NAVROUTER_OK, navrouter_registry_load_manifest(registry, manifest, NULL));
        json_array_foreach(json_object_get(script, "interceptors"), n, interceptor) {
            const char *routes[8];
            size_t count = 0, index;
            json_t *route;
            json_array_foreach(json_object_get(interceptor, "routes"), index, route) if (count < 8) routes[count++] =
                json_string_value(route);
            CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_interceptor(
                                           registry, json_string_value(json_object_get(interceptor, "name")),
                                           NAVROUTER_PHASE_BEFORE, NAVROUTER_PRIORITY_MEDIUM, NULL, routes, count, 0,
                                           NULL, vector_interceptor, interceptor, NULL, NULL));
        }
        if (json_is_true(json_object_get(script, "login_handler")))
            CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_auth_handler(registry, record_login, NULL, &state, NULL));
        CHECK_STATUS(NAVROUTER_OK, navrouter_router_new(&router, registry));
        CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_navigator(router, record_kind, NULL, NULL));
        CHECK_STATUS(NAVROUTER_OK, navrouter_router_start(router, &id));
        json_array_foreach(json_object_get(script, "steps"), n, step) {
            char expected[1024] = "";
            int status;
            kinds[0] = '\0';
            status = run_step(router, registry, step, &state);
            json_array_foreach(json_object_get(step, "events"), e, event) {
                strncat(expected, json_string_value(event), sizeof expected - strlen(expected) - 2);
                strcat(expected, " ");
            }
            if (strcmp(status_text(status), json_string_value(json_object_get(step, "status"))) != 0 ||
                strcmp(expected, kinds) != 0) {
                fprintf(stderr, "  %s, step %zu: %s [%s], expected %s [%s] (%s)\n", name, n, status_text(status), kinds,
                        json_string_value(json_object_get(step, "status")), expected, navrouter_last_error());
                harness_failures_in_test++;
            }
        }
        final = final_of(router);
        if (!json_equal(final, json_object_get(script, "final"))) {
            char *got = json_dumps(final, JSON_COMPACT);
            fprintf(stderr, "  %s: final state %s\n", name, got);
            free(got);
            harness_failures_in_test++;
        }
        json_decref(final);
        navrouter_string_free(state.saved);
        navrouter_router_free(router);
        navrouter_registry_free(registry);
    }
    free(manifest);
    json_decref(vectors);
}

int main(int argc, char **argv) {
    harness_init(argc, argv);
    RUN(test_matching);
    RUN(test_reverse_routing);
    RUN(test_commands);
    return HARNESS_SUMMARY("c vectors");
}
