/*
 * The navrouter demo host: a terminal "app" for the example shop. It loads the shop manifest, registers view
 * handlers, an onboarding interceptor and a login handler, then plays a session of commands read from a
 * script file (or stdin), one per line, printing the events it receives and the navigation state as a tree:
 *
 *   open URL [PROPS-JSON]     navigate (the route's presentation decides push / modal / tab)
 *   external URL              navigate as a link from outside the app (only external routes; builds the back stack)
 *   push URL | present URL [fullscreen] | replace URL
 *   back | pop | dismiss | root | tab N | popto ENTRY-ID
 *   swipe                     the user swiped back (reported, not vetoable)
 *   onboarded                 finish onboarding: dismiss it and resume the navigation the interceptor held
 *   login ok|fail             finish the pending login flow
 *   logout                    log out: protected entries are pruned
 *   snapshot | restore        save the state as JSON / restore the saved state
 *   resolve URL | explain URL | build ROUTE PARAMS-JSON [PROPS-JSON]
 *   # ...                     a comment, echoed
 *
 * Build and run: scripts/demo.sh (it builds libnavrouter.so first).
 */
#define _POSIX_C_SOURCE 200809L
#include <navrouter.h>
#include <navrouter_jansson.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- the host's views: a heap string per entry, freed on release ---- */

struct app {
    navrouter_registry *registry;
    navrouter_router *router;
    int views_made;
    int views_released;
    int onboarded;
    uint64_t onboarding_flow;
    uint64_t login_flow;
    char *saved_snapshot;
};

static void *make_view(const navrouter_entry *entry, void *user_data) {
    struct app *app = user_data;
    char *view = malloc(96);
    if (!view) return NULL;
    snprintf(view, 96, "%sView#%llu", navrouter_entry_route(entry), (unsigned long long)navrouter_entry_id(entry));
    app->views_made++;
    return view;
}

static void release_view(void *view, const navrouter_entry *entry, void *user_data) {
    struct app *app = user_data;
    (void)entry;
    free(view);
    app->views_released++;
}

/* ---- events: what the host would render ---- */

static void describe_entry(const navrouter_entry *entry, char *buffer, size_t size) {
    json_t *params = navrouter_jansson_entry_params(entry);
    const char *key;
    json_t *value;
    size_t used = (size_t)snprintf(buffer, size, "%s#%llu", navrouter_entry_route(entry),
                                   (unsigned long long)navrouter_entry_id(entry));
    json_object_foreach(params, key, value) {
        if (used < size) used += (size_t)snprintf(buffer + used, size - used, " %s=%s", key, json_string_value(value));
    }
    json_decref(params);
}

static int navigator(const navrouter_event *event, void *user_data) {
    char entry[256] = "";
    int kind = navrouter_event_kind(event);
    (void)user_data;
    if (kind == NAVROUTER_EVENT_STATE_CHANGED) return 0;
    if (navrouter_event_entry(event)) describe_entry(navrouter_event_entry(event), entry, sizeof entry);
    /* A pop or a dismissal names the entry that appears: said so, beside the ones that left. */
    printf("  event %-16s %s%s", navrouter_event_kind_name(event),
           (kind == NAVROUTER_EVENT_POP || kind == NAVROUTER_EVENT_DISMISS) && entry[0] ? "on top: " : "", entry);
    if (navrouter_event_layer(event) >= 0) printf("  (layer %d)", navrouter_event_layer(event));
    if (navrouter_event_tab(event) >= 0 && kind != NAVROUTER_EVENT_TABS_SET_UP)
        printf("  (tab %d)", navrouter_event_tab(event));
    if (navrouter_event_removed_count(event) > 0) { /* which entries left; the event's entry is the one now on top */
        printf("  left:");
        for (size_t i = 0; i < navrouter_event_removed_count(event); i++) {
            const navrouter_entry *gone = navrouter_event_removed_at(event, i);
            printf(" %s#%llu", navrouter_entry_route(gone), (unsigned long long)navrouter_entry_id(gone));
        }
    }
    if (navrouter_event_user_initiated(event)) printf("  [by the user]");
    if (kind == NAVROUTER_EVENT_TABS_SET_UP) printf("%zu tabs", navrouter_event_entry_count(event));
    if (kind == NAVROUTER_EVENT_RESULT_DELIVERED)
        printf(" result %s", navrouter_event_result_json(event) ? navrouter_event_result_json(event) : "(none)");
    if (navrouter_event_failure_message(event)) printf(" %s", navrouter_event_failure_message(event));
    if (navrouter_entry_props_json(navrouter_event_entry(event))) {
        json_t *props = navrouter_jansson_entry_props(navrouter_event_entry(event));
        json_t *title = json_object_get(props, "title");
        if (json_is_string(title)) printf("  props.title=\"%s\"", json_string_value(title));
        json_decref(props);
    }
    printf("\n");
    return 0;
}

/* ---- guards ---- */

/* Onboarding before the catalog: hold the navigation, open the onboarding screen, resume when done. */
static int onboarding_interceptor(navrouter_interception *interception, void *user_data) {
    struct app *app = user_data;
    if (app->onboarded) return NAVROUTER_DECISION_PROCEED;
    app->onboarding_flow = navrouter_interception_flow(interception);
    printf("  onboarding interceptor: holding %s until onboarding is done\n", navrouter_interception_url(interception));
    navrouter_router_navigate(navrouter_interception_router(interception), "/onboarding/welcome", NULL,
                              NULL); /* queued */
    return NAVROUTER_DECISION_PENDING;
}

static void login(navrouter_router *router, uint64_t flow, const navrouter_match *destination, void *user_data) {
    struct app *app = user_data;
    (void)router;
    app->login_flow = flow;
    printf("  login requested to open '%s'\n", navrouter_match_route(destination));
}

/* ---- the state as a tree ---- */

/* The state as every host's tools print it (navrouter play, the Swift and Python hosts): a line per tab and layer. */
static void print_state(navrouter_router *router) {
    char *text = NULL;
    if (navrouter_router_state_text(router, &text) != NAVROUTER_OK) return;
    printf("  state:\n    ");
    for (const char *c = text; *c; c++) {
        putchar(*c);
        if (*c == '\n') printf("    ");
    }
    printf("\n");
    navrouter_string_free(text);
}

/* ---- commands ---- */

static void report(int status, uint64_t id) {
    switch (status) {
    case NAVROUTER_OK:
        break;
    case NAVROUTER_QUEUED:
        printf("  queued (ticket %llu)\n", (unsigned long long)id);
        break;
    case NAVROUTER_PENDING:
        printf("  pending (flow %llx)\n", (unsigned long long)id);
        break;
    case NAVROUTER_HANDLED:
        printf("  handled by the authentication handler\n");
        break;
    default:
        printf("  ! %s: %s\n", navrouter_status_name(status), navrouter_last_error());
    }
}

static void resolve(navrouter_registry *registry, const char *url) {
    navrouter_match *match = NULL;
    json_t *params;
    const char *key;
    json_t *value;
    int status = navrouter_registry_resolve(registry, url, &match);
    if (status != NAVROUTER_OK) {
        report(status, 0);
        return;
    }
    printf("  -> %s", navrouter_match_route(match));
    params = navrouter_jansson_match_params(match);
    json_object_foreach(params, key, value) printf(" %s=%s", key, json_string_value(value));
    if (navrouter_match_props(match)) printf("  props %s", navrouter_match_props(match));
    printf("\n");
    json_decref(params);
    navrouter_match_free(match);
}

static void explain(navrouter_registry *registry, const char *url) {
    char *text = NULL;
    json_t *explanation, *candidate;
    size_t index;
    if (navrouter_registry_explain(registry, url, &text) != NAVROUTER_OK) return;
    explanation = navrouter_jansson_parse(text);
    json_array_foreach(json_object_get(explanation, "candidates"), index, candidate) {
        printf("  %-4s %-10s %-30s %s\n", json_is_true(json_object_get(candidate, "won")) ? "WON" : "",
               json_string_value(json_object_get(candidate, "route")),
               json_string_value(json_object_get(candidate, "pattern")),
               json_string_value(json_object_get(candidate, "reason")));
    }
    json_decref(explanation);
    navrouter_string_free(text);
}

static void build(navrouter_registry *registry, char *arguments) {
    char *route = strtok(arguments, " ");
    char *params_text = strtok(NULL, " ");
    char *props_text = strtok(NULL, "");
    json_error_t error;
    json_t *params = params_text ? json_loads(params_text, 0, &error) : NULL;
    json_t *props = props_text ? json_loads(props_text, 0, &error) : NULL;
    char *url = NULL;
    int status = navrouter_jansson_build_url(registry, route, params, props, "myapp", &url);
    if (status == NAVROUTER_OK)
        printf("  built %s\n", url);
    else
        report(status, 0);
    navrouter_string_free(url);
    json_decref(params);
    json_decref(props);
}

static void navigate(struct app *app, char *arguments, uint32_t flags) {
    char *url = strtok(arguments, " ");
    char *props_text = strtok(NULL, "");
    json_error_t error;
    json_t *props = props_text ? json_loads(props_text, 0, &error) : NULL;
    uint64_t id = 0;
    int status;
    if (props_text && !props) {
        printf("  ! props: %s\n", error.text);
        return;
    }
    status = navrouter_jansson_navigate(app->router, url, flags, props, &id);
    report(status, id);
    json_decref(props);
}

static int run(struct app *app, char *line) {
    char *command = strtok(line, " ");
    char *rest = strtok(NULL, "");
    uint64_t id = 0;
    if (!command) return 0;
    if (strcmp(command, "open") == 0 && rest)
        navigate(app, rest, 0);
    else if (strcmp(command, "external") == 0 && rest)
        navigate(app, rest, NAVROUTER_NAV_EXTERNAL);
    else if (strcmp(command, "push") == 0 && rest)
        navigate(app, rest, NAVROUTER_NAV_PUSH);
    else if (strcmp(command, "replace") == 0 && rest)
        navigate(app, rest, NAVROUTER_NAV_REPLACE_TOP);
    else if (strcmp(command, "present") == 0 && rest) {
        char *url = strtok(rest, " ");
        char *style = strtok(NULL, "");
        while (style && *style == ' ') style++;
        if (style && *style == '\0') style = NULL;
        if (style && strcmp(style, "sheet") != 0 && strcmp(style, "fullscreen") != 0) {
            printf("  ! EINVAL: present's style is sheet or fullscreen, not '%s'\n", style);
            return 0;
        }
        navigate(app, url,
                 style && strcmp(style, "fullscreen") == 0 ? NAVROUTER_NAV_MODAL_FULLSCREEN
                                                           : NAVROUTER_NAV_MODAL_SHEET);
    } else if (strcmp(command, "back") == 0) {
        int status = navrouter_router_back(app->router, &id);
        report(status, id);
    } else if (strcmp(command, "pop") == 0) {
        int status = navrouter_router_pop(app->router, 1, NULL, &id);
        report(status, id);
    } else if (strcmp(command, "dismiss") == 0) {
        int status = navrouter_router_dismiss(app->router, 1, NULL, &id);
        report(status, id);
    } else if (strcmp(command, "root") == 0) {
        int status = navrouter_router_pop_to_root(app->router, &id);
        report(status, id);
    } else if (strcmp(command, "tab") == 0 && rest) {
        int status = navrouter_router_select_tab(app->router, (size_t)atoi(rest), &id);
        report(status, id);
    } else if (strcmp(command, "popto") == 0 && rest) {
        int status = navrouter_router_pop_to(app->router, strtoull(rest, NULL, 10), &id);
        report(status, id);
    } else if (strcmp(command, "swipe") == 0) {
        char *text = NULL;
        json_t *state, *stack;
        if (navrouter_router_snapshot(app->router, &text) != NAVROUTER_OK) {
            report(NAVROUTER_EINVAL, 0);
            return 0;
        }
        state = navrouter_jansson_parse(text);
        stack = json_object_get(json_array_get(json_object_get(state, "tabs"),
                                               (size_t)json_integer_value(json_object_get(state, "selected_tab"))),
                                "stack");
        if (json_array_size(stack) >= 2) {
            json_int_t below =
                json_integer_value(json_object_get(json_array_get(stack, json_array_size(stack) - 2), "id"));
            {
                int status = navrouter_router_user_popped(app->router, (uint64_t)below, &id);
                report(status, id);
            }
        }
        json_decref(state);
        navrouter_string_free(text);
    } else if (strcmp(command, "onboarded") == 0) {
        app->onboarded = 1;
        {
            int status = navrouter_router_dismiss(app->router, 1, NULL, &id);
            report(status, id);
        }
        {
            int status =
                navrouter_router_resume_flow(app->router, app->onboarding_flow, NAVROUTER_DECISION_PROCEED, NULL, &id);
            report(status, id);
        }
    } else if (strcmp(command, "login") == 0 && rest) {
        int success = strcmp(rest, "ok") == 0;
        if (success) navrouter_registry_set_authenticated(app->registry, true);
        {
            int status = navrouter_router_complete_login(app->router, app->login_flow, success, &id);
            report(status, id);
        }
    } else if (strcmp(command, "logout") == 0)
        navrouter_registry_set_authenticated(app->registry, false);
    else if (strcmp(command, "snapshot") == 0) {
        navrouter_string_free(app->saved_snapshot);
        if (navrouter_router_snapshot(app->router, &app->saved_snapshot) != NAVROUTER_OK) app->saved_snapshot = NULL;
        printf("  saved %zu bytes of JSON\n", strlen(app->saved_snapshot));
    } else if (strcmp(command, "restore") == 0) {
        int status = navrouter_router_restore(app->router, app->saved_snapshot, &id);
        report(status, id);
    } else if (strcmp(command, "resolve") == 0 && rest) {
        resolve(app->registry, rest);
        return 0;
    } else if (strcmp(command, "explain") == 0 && rest) {
        explain(app->registry, rest);
        return 0;
    } else if (strcmp(command, "build") == 0 && rest) {
        build(app->registry, rest);
        return 0;
    } else {
        printf("  ? unknown command\n");
        return 0;
    }
    return 1;
}

/* The whole file as a string, or NULL with errno saying why. */
static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    struct stat info;
    char *text = NULL;
    int error = 0;
    if (!file) return NULL;
    if (fstat(fileno(file), &info) != 0) {
        error = errno;
    } else if (S_ISDIR(info.st_mode)) {
        error = EISDIR; /* a directory opens on Linux, and fails only when read */
    } else if (!(text = malloc((size_t)info.st_size + 1))) {
        error = ENOMEM;
    } else if (fread(text, 1, (size_t)info.st_size, file) != (size_t)info.st_size) {
        error = ferror(file) ? errno : EIO;
        free(text);
        text = NULL;
    } else {
        text[info.st_size] = '\0';
    }
    fclose(file);
    errno = error;
    return text;
}

int main(int argc, char **argv) {
    const char *manifest_path = argc > 1 ? argv[1] : "examples/manifests/shop.json";
    const char *onboarding_routes[] = {"catalog"};
    struct app app;
    char *manifest = read_file(manifest_path);
    FILE *script = NULL;
    char *line = NULL; /* one script line of any length (getline grows it) */
    size_t line_capacity = 0;
    size_t count = 0;

    memset(&app, 0, sizeof app);
    if (!manifest) {
        fprintf(stderr, "demo: cannot read the manifest %s: %s\nusage: demo MANIFEST [SCRIPT]\n", manifest_path,
                strerror(errno));
        return 2;
    }
    script = argc > 2 ? fopen(argv[2], "r") : stdin;
    if (!script) {
        fprintf(stderr, "demo: cannot read the script %s: %s\nusage: demo MANIFEST [SCRIPT]\n", argv[2],
                strerror(errno));
        free(manifest);
        return 2;
    }
    printf("navrouter %s — example shop host\n", navrouter_version_string());
    if (navrouter_registry_new(&app.registry, 0) != NAVROUTER_OK ||
        /* the manifest lists the app's web domain ("web_domains"): universal links need nothing more */
        navrouter_registry_load_manifest(app.registry, manifest, &count) != NAVROUTER_OK ||
        navrouter_registry_set_guard_options(app.registry, 8, "not-found") != NAVROUTER_OK ||
        navrouter_registry_set_auth_handler(app.registry, login, NULL, &app, NULL) != NAVROUTER_OK ||
        navrouter_registry_add_interceptor(app.registry, "onboarding", NAVROUTER_PHASE_BEFORE,
                                           NAVROUTER_PRIORITY_MANDATORY, NULL, onboarding_routes, 1, 0, "app",
                                           onboarding_interceptor, &app, NULL, NULL) != NAVROUTER_OK ||
        navrouter_router_new(&app.router, app.registry) != NAVROUTER_OK ||
        navrouter_router_set_navigator(app.router, navigator, &app, NULL) != NAVROUTER_OK ||
        navrouter_router_set_handler(app.router, NULL, make_view, release_view, &app, NULL) != NAVROUTER_OK) {
        fprintf(stderr, "setup failed: %s\n", navrouter_last_error());
        return 1;
    }
    free(manifest);
    printf("loaded %zu routes; web domain shop.example.com; logged out\n", count);
    printf("> start\n");
    navrouter_router_start(app.router, NULL);
    print_state(app.router);

    while (getline(&line, &line_capacity, script) != -1) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0') continue;
        if (line[0] == '#') {
            printf("\n%s\n", line);
            continue;
        }
        printf("> %s\n", line);
        if (run(&app, line)) print_state(app.router);
    }
    free(line);
    if (script != stdin) fclose(script);
    navrouter_router_free(app.router);
    navrouter_registry_free(app.registry);
    navrouter_string_free(app.saved_snapshot);
    printf("\nviews made %d, released %d\n", app.views_made, app.views_released);
    return app.views_made == app.views_released ? 0 : 1;
}
