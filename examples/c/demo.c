/*
 * The navrouter demo host: a terminal "app" for the example shop. It loads the shop manifest, then plays a
 * session of commands read from a script file (or stdin), one per line:
 *
 *   resolve URL              resolve a deep link and print the route, parameters and props
 *   explain URL              print why the URL resolves as it does
 *   build ROUTE PARAMS [PROPS]  build a deep link from JSON parameters (and JSON props), then resolve it back
 *   domains D1 [D2 ...]      set the app's web domains
 *   # ...                    a comment, echoed
 *
 * Build and run: scripts/demo.sh (it builds libnavrouter.so first).
 */
#define _POSIX_C_SOURCE 200809L
#include <navrouter.h>
#include <navrouter_jansson.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    char *text = NULL;
    long size;
    if (!file) return NULL;
    if (fseek(file, 0, SEEK_END) == 0 && (size = ftell(file)) >= 0 && fseek(file, 0, SEEK_SET) == 0) {
        text = malloc((size_t)size + 1);
        if (text && fread(text, 1, (size_t)size, file) == (size_t)size) {
            text[size] = '\0';
        } else {
            free(text);
            text = NULL;
        }
    }
    fclose(file);
    return text;
}

static void print_failure(int status) {
    printf("  ! %s: %s\n", navrouter_status_name(status), navrouter_last_error());
}

static void print_json_object(const char *label, json_t *object) {
    const char *key;
    json_t *value;
    if (!object || json_object_size(object) == 0) return;
    printf("  %s:\n", label);
    json_object_foreach(object, key, value) {
        char *text = json_dumps(value, JSON_ENCODE_ANY | JSON_COMPACT);
        printf("    %-10s %s\n", key, text ? text : "?");
        free(text);
    }
}

static void resolve(navrouter_registry *registry, const char *url) {
    navrouter_match *match = NULL;
    char *route_json = NULL;
    json_t *params, *props, *route;
    int status = navrouter_registry_resolve(registry, url, &match);
    if (status != NAVROUTER_OK) {
        print_failure(status);
        return;
    }
    navrouter_registry_route_json(registry, navrouter_match_route(match), &route_json);
    route = navrouter_jansson_parse(route_json);
    printf("  -> %s  (%s, %s%s%s)\n", navrouter_match_route(match), json_string_value(json_object_get(route, "pattern")),
           json_string_value(json_object_get(route, "presentation")),
           json_is_true(json_object_get(route, "requires_auth")) ? ", requires auth" : "",
           json_is_true(json_object_get(route, "external")) ? ", external" : "");
    params = navrouter_jansson_match_params(match);
    print_json_object("parameters", params);
    props = navrouter_jansson_match_props(match);
    print_json_object("props", props);
    if (navrouter_match_fragment(match)) printf("  fragment: %s\n", navrouter_match_fragment(match));
    json_decref(params);
    json_decref(props);
    json_decref(route);
    navrouter_string_free(route_json);
    navrouter_match_free(match);
}

static void explain(navrouter_registry *registry, const char *url) {
    char *text = NULL;
    json_t *explanation, *candidate;
    size_t index;
    if (navrouter_registry_explain(registry, url, &text) != NAVROUTER_OK) {
        print_failure(NAVROUTER_EINVAL);
        return;
    }
    explanation = navrouter_jansson_parse(text);
    printf("  winner: %s (%s)\n", json_is_string(json_object_get(explanation, "winner"))
                                      ? json_string_value(json_object_get(explanation, "winner")) : "none",
           json_string_value(json_object_get(explanation, "status")));
    json_array_foreach(json_object_get(explanation, "candidates"), index, candidate) {
        printf("    %-4s %-14s %-30s %s\n", json_is_true(json_object_get(candidate, "won")) ? "WON" : "",
               json_string_value(json_object_get(candidate, "route")), json_string_value(json_object_get(candidate, "pattern")),
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
    if (status == NAVROUTER_OK) {
        printf("  built %s\n", url);
        resolve(registry, url);
    } else {
        print_failure(status);
    }
    navrouter_string_free(url);
    json_decref(params);
    json_decref(props);
}

int main(int argc, char **argv) {
    const char *manifest_path = argc > 1 ? argv[1] : "examples/manifests/shop.json";
    FILE *script = argc > 2 ? fopen(argv[2], "r") : stdin;
    navrouter_registry *registry = NULL;
    char *manifest = read_file(manifest_path);
    char line[4096];
    size_t count = 0;
    int status;

    if (!manifest || !script) {
        fprintf(stderr, "usage: demo MANIFEST [SCRIPT]  (cannot read %s)\n", manifest ? argv[2] : manifest_path);
        return 2;
    }
    printf("navrouter %s — example shop host\n", navrouter_version_string());
    if ((status = navrouter_registry_new(&registry, 0)) != NAVROUTER_OK ||
        (status = navrouter_registry_load_manifest(registry, manifest, &count)) != NAVROUTER_OK) {
        fprintf(stderr, "cannot load %s: %s\n", manifest_path, navrouter_last_error());
        return 1;
    }
    printf("loaded %zu routes from %s\n", count, manifest_path);
    free(manifest);

    while (fgets(line, sizeof line, script)) {
        char *command, *rest;
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0') continue;
        if (line[0] == '#') {
            printf("\n%s\n", line);
            continue;
        }
        printf("> %s\n", line);
        command = strtok(line, " ");
        rest = strtok(NULL, "");
        if (strcmp(command, "resolve") == 0 && rest) {
            resolve(registry, rest);
        } else if (strcmp(command, "explain") == 0 && rest) {
            explain(registry, rest);
        } else if (strcmp(command, "build") == 0 && rest) {
            build(registry, rest);
        } else if (strcmp(command, "domains") == 0 && rest) {
            const char *domains[16];
            size_t n = 0;
            char *domain = strtok(rest, " ");
            while (domain && n < 16) {
                domains[n++] = domain;
                domain = strtok(NULL, " ");
            }
            status = navrouter_registry_set_web_domains(registry, domains, n);
            if (status != NAVROUTER_OK) print_failure(status);
        } else {
            printf("  ? unknown command (resolve, explain, build, domains)\n");
        }
    }
    if (script != stdin) fclose(script);
    navrouter_registry_free(registry);
    return 0;
}
