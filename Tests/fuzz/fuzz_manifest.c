/* Manifest loading: any text gives a status (never a crash), all-or-nothing: a refused manifest registers nothing,
 * a loaded one registers exactly the routes it names, which can then be removed module by module; and checking a
 * manifest agrees with loading it: no error in the report exactly when it loads (on an empty registry). */
#include "fuzz_support.h"

#include <stdint.h>

/* navrouter_registry_check_manifest's report on an empty registry has no error exactly when the manifest loads into
 * it, and checking loads nothing. */
static void check_agrees_with_loading(const char *text) {
    navrouter_registry *registry = NULL;
    char *report = NULL;
    size_t loaded = 0, count = 0;
    if (navrouter_registry_new(&registry, 0) != NAVROUTER_OK) fuzz_fail("registry_new");
    int checked = navrouter_registry_check_manifest(registry, text, &report);
    FUZZ_CHECK(fuzz_known_status(checked) && checked <= 0, "check_manifest gave %s", navrouter_status_name(checked));
    FUZZ_CHECK(navrouter_registry_route_count(registry, &count) == NAVROUTER_OK && count == 0,
               "checking a manifest registered %zu routes", count);
    int status = navrouter_registry_load_manifest(registry, text, &loaded);
    if (checked == NAVROUTER_OK) {
        json_t *parsed = navrouter_jansson_parse(report);
        size_t errors = json_array_size(json_object_get(parsed, "errors"));
        FUZZ_CHECK((errors == 0) == (status == NAVROUTER_OK), "check found %zu errors, load gave %s: %s", errors,
                   navrouter_status_name(status), report);
        json_decref(parsed);
    } else {
        FUZZ_CHECK(status != NAVROUTER_OK, "check refused a manifest that loads: %s", navrouter_last_error());
    }
    navrouter_string_free(report);
    navrouter_registry_free(registry);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    navrouter_registry *registry = NULL;
    size_t loaded = 0, count = 0;
    char *text = fuzz_string(data, size);
    if (!text) return 0;
    if (navrouter_registry_new(&registry, 0) != NAVROUTER_OK) fuzz_fail("registry_new");
    navrouter_registry_add_route(registry, "existing", "existing/:id", 0);
    int status = navrouter_registry_load_manifest(registry, text, &loaded);
    FUZZ_CHECK(fuzz_known_status(status) && status <= 0, "load_manifest gave %s", navrouter_status_name(status));
    FUZZ_CHECK(navrouter_registry_route_count(registry, &count) == NAVROUTER_OK, "route_count");
    if (status != NAVROUTER_OK) {
        FUZZ_CHECK(count == 1 && loaded == 0, "a refused manifest left %zu routes", count);
    } else {
        FUZZ_CHECK(count == loaded + 1, "%zu routes after loading %zu", count, loaded);
        char *json = NULL;
        FUZZ_CHECK(navrouter_registry_routes_json(registry, &json) == NAVROUTER_OK, "routes_json");
        json_t *routes = navrouter_jansson_parse(json), *route;
        FUZZ_CHECK(json_array_size(routes) == count, "routes_json lists %zu of %zu", json_array_size(routes), count);
        size_t index;
        /* Removing every module (a parent in another module may refuse: then nothing is removed). */
        json_array_foreach(routes, index, route) {
            const char *module = json_string_value(json_object_get(route, "module"));
            size_t removed = 0, before = 0, after = 0;
            if (!module) continue;
            FUZZ_CHECK(navrouter_registry_route_count(registry, &before) == NAVROUTER_OK, "route_count");
            int removal = navrouter_registry_remove_module(registry, module, &removed);
            FUZZ_CHECK(navrouter_registry_route_count(registry, &after) == NAVROUTER_OK, "route_count");
            FUZZ_CHECK(removal == NAVROUTER_OK || removal == NAVROUTER_ECONFLICT, "remove_module gave %s",
                       navrouter_status_name(removal));
            FUZZ_CHECK(before - after == removed, "remove_module said %zu, removed %zu", removed, before - after);
        }
        json_decref(routes);
        navrouter_string_free(json);
    }
    navrouter_registry_free(registry);
    check_agrees_with_loading(text);
    free(text);
    return 0;
}
