/* Pattern registration: any text as a route pattern gives a status (never a crash); a registered pattern
 * conflicts with itself, builds a URL from parameters its own values allow, and that URL resolves back to it. */
#include "fuzz_support.h"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    navrouter_registry *registry = NULL;
    char *pattern = fuzz_string(data, size);
    if (!pattern) return 0;
    if (navrouter_registry_new(&registry, 0) != NAVROUTER_OK) fuzz_fail("registry_new");
    int status = navrouter_registry_add_route(registry, "r", pattern, 0);
    FUZZ_CHECK(status == NAVROUTER_OK || status == NAVROUTER_EPATTERN || status == NAVROUTER_EINVAL ||
                   status == NAVROUTER_ELIMIT,
               "add_route gave %s for '%s'", navrouter_status_name(status), pattern);
    if (status == NAVROUTER_OK) {
        FUZZ_CHECK(navrouter_registry_add_route(registry, "s", pattern, 0) == NAVROUTER_ECONFLICT,
                   "pattern '%s' does not conflict with itself", pattern);
        char *json = NULL;
        FUZZ_CHECK(navrouter_registry_route_json(registry, "r", &json) == NAVROUTER_OK, "route_json");
        json_t *route = navrouter_jansson_parse(json);
        json_t *names = json_object_get(route, "parameters"), *name;
        json_t *parameters = json_object();
        size_t index;
        json_array_foreach(names, index, name) {
            /* A value every parameter type takes: an integer is also a valid plain or catch-all value. */
            json_object_set_new(parameters, json_string_value(name), json_string("7"));
        }
        char *text = json_dumps(parameters, JSON_COMPACT), *url = NULL;
        int built = navrouter_registry_build_url(registry, "r", text, NULL, NULL, &url);
        if (built == NAVROUTER_OK) {
            navrouter_match *match = NULL;
            int resolved = navrouter_registry_resolve(registry, url, &match);
            FUZZ_CHECK(resolved == NAVROUTER_OK, "URL '%s' built for pattern '%s' does not resolve: %s", url, pattern,
                       navrouter_last_error());
            navrouter_match_free(match);
        } else {
            /* A uuid parameter refuses "7"; a pattern of many segments may build past the limits. */
            FUZZ_CHECK(built == NAVROUTER_EPARAM || built == NAVROUTER_ELIMIT, "build_url for '%s' gave %s: %s",
                       pattern, navrouter_status_name(built), navrouter_last_error());
        }
        navrouter_string_free(url);
        free(text);
        json_decref(parameters);
        json_decref(route);
        navrouter_string_free(json);
    }
    char *explained = NULL;
    FUZZ_CHECK(navrouter_registry_explain(registry, "/a/b", &explained) == NAVROUTER_OK, "explain");
    navrouter_string_free(explained);
    navrouter_registry_free(registry);
    free(pattern);
    return 0;
}
