/* The C ABI's registry and match functions, tested from C against the installed header and library. */
#define _POSIX_C_SOURCE 200809L
#include <navrouter.h>
#include <navrouter_jansson.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#include <stddef.h>

/* The library writes its segment ranges straight into a caller's navrouter_range array: the header's layout must
 * stay two 32-bit offsets, start then end (the library checks its own side when a registry is made). */
/* C99 has no _Static_assert: an array of negative size fails the build instead. */
typedef char range_is_8_bytes[sizeof(navrouter_range) == 8 ? 1 : -1];
typedef char range_start_comes_first[offsetof(navrouter_range, start) == 0 ? 1 : -1];
typedef char range_end_follows_start[offsetof(navrouter_range, end) == 4 ? 1 : -1];

static navrouter_registry *shop_registry(void) {
    navrouter_registry *registry = harness_manifest_registry();
    size_t count = 0;
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_route_count(registry, &count));
    CHECK(count >= 10);
    return registry;
}

static void test_versions_and_status_names(void) {
    CHECK(navrouter_version() == NAVROUTER_VERSION_NUMBER);
    CHECK_STR(NAVROUTER_VERSION_STRING, navrouter_version_string());
    CHECK(navrouter_abi_version() == NAVROUTER_ABI_VERSION);
    CHECK_STR("NAVROUTER_OK", navrouter_status_name(NAVROUTER_OK));
    CHECK_STR("NAVROUTER_EINVAL", navrouter_status_name(NAVROUTER_EINVAL));
    CHECK_STR("NAVROUTER_ENOTFOUND", navrouter_status_name(NAVROUTER_ENOTFOUND));
    CHECK_STR("NAVROUTER_ECONFLICT", navrouter_status_name(NAVROUTER_ECONFLICT));
    CHECK_STR("NAVROUTER_EDENIED", navrouter_status_name(NAVROUTER_EDENIED));
    CHECK_STR("NAVROUTER_ECANCELLED", navrouter_status_name(NAVROUTER_ECANCELLED));
    CHECK_STR("NAVROUTER_ECALLBACK", navrouter_status_name(NAVROUTER_ECALLBACK));
    CHECK_STR("NAVROUTER_EMALFORMED", navrouter_status_name(NAVROUTER_EMALFORMED));
    CHECK_STR("NAVROUTER_EPATTERN", navrouter_status_name(NAVROUTER_EPATTERN));
    CHECK_STR("NAVROUTER_EJSON", navrouter_status_name(NAVROUTER_EJSON));
    CHECK_STR("NAVROUTER_ELIMIT", navrouter_status_name(NAVROUTER_ELIMIT));
    CHECK_STR("NAVROUTER_EPARAM", navrouter_status_name(NAVROUTER_EPARAM));
    CHECK_STR("NAVROUTER_EDESTROYED", navrouter_status_name(NAVROUTER_EDESTROYED));
    CHECK_STR("NAVROUTER_EEXTERNAL", navrouter_status_name(NAVROUTER_EEXTERNAL));
    CHECK_STR("NAVROUTER_QUEUED", navrouter_status_name(NAVROUTER_QUEUED));
    CHECK_STR("NAVROUTER_PENDING", navrouter_status_name(NAVROUTER_PENDING));
    CHECK_STR("NAVROUTER_HANDLED", navrouter_status_name(NAVROUTER_HANDLED));
    CHECK_STR("NAVROUTER_UNKNOWN", navrouter_status_name(12345));
    navrouter_string_free(NULL);
}

static void test_registry_lifecycle_and_bad_handles(void) {
    navrouter_registry *registry = (navrouter_registry *)&registry;
    navrouter_match *match = NULL;
    size_t count = 99;
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_new(NULL, 0));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_new(&registry, 0x80));
    CHECK(registry == NULL);
    CHECK_CONTAINS("unknown registry flags", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&registry, NAVROUTER_REGISTRY_CASE_SENSITIVE));
    CHECK_STR("", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_route(registry, "a", "a/:x", 0));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, "/a/1", &match));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_route_count((navrouter_registry *)match, &count));
    CHECK_CONTAINS("a match handle was passed where a registry handle belongs", navrouter_last_error());
    navrouter_match_free(match);
    navrouter_match_free(match); /* a second free is ignored */
    CHECK(navrouter_match_route(match) == NULL);
    navrouter_registry_free(registry);
    navrouter_registry_free(registry);
    CHECK_STATUS(NAVROUTER_EDESTROYED, navrouter_registry_route_count(registry, &count));
    CHECK(count == 0);
    CHECK_STATUS(NAVROUTER_EDESTROYED, navrouter_registry_add_route(registry, "b", "b", 0));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_route_count(NULL, &count));
    CHECK_CONTAINS("registry handle is NULL", navrouter_last_error());
    navrouter_registry_free(NULL);
    navrouter_match_free(NULL);
}

static void test_add_route_errors(void) {
    navrouter_registry *registry = NULL;
    const char invalid_utf8[] = {'a', (char)0xC3, (char)0x28, 0};
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&registry, 0));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_route(registry, "user", "user/:id", NAVROUTER_ROUTE_EXTERNAL));
    CHECK_STATUS(NAVROUTER_ECONFLICT, navrouter_registry_add_route(registry, "user2", "user/<name>", 0));
    CHECK_CONTAINS("'user2'", navrouter_last_error());
    CHECK_CONTAINS("'user'", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_ECONFLICT, navrouter_registry_add_route(registry, "user", "other", 0));
    CHECK_STATUS(NAVROUTER_EPATTERN, navrouter_registry_add_route(registry, "bad", "a/*rest/b", 0));
    CHECK_CONTAINS("catch-all must be the last segment", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_EPATTERN, navrouter_registry_add_route(registry, "bad", "a/<float:x>", 0));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_add_route(registry, NULL, "a", 0));
    CHECK_CONTAINS("name is NULL", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_add_route(registry, "x", NULL, 0));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_add_route(registry, invalid_utf8, "a", 0));
    CHECK_CONTAINS("not valid UTF-8", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_add_route(registry, "", "a", 0));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_add_route(registry, "x", "x", 0x1000));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_add_route(registry, "x", "x", 0x7));
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_registry_add_route(registry, "typed", "user/<int:id>", NAVROUTER_ROUTE_MODAL_SHEET));
    navrouter_registry_free(registry);
}

/* A batch registers all its routes or none, and names a failing spec by its index. */
static void test_add_routes_all_or_nothing(void) {
    navrouter_registry *registry = NULL;
    size_t count = 99;
    navrouter_route_spec good[] = {{"list", "items", 0},
                                   {"item", "items/<int:id>", NAVROUTER_ROUTE_MODAL_SHEET},
                                   {"login", "login", NAVROUTER_ROUTE_EXTERNAL}};
    navrouter_route_spec bad_flags[] = {{"a", "a", 0}, {"b", "b", 0x1000}};
    navrouter_route_spec conflict[] = {{"c", "c", 0}, {"item2", "items/<int:other>", 0}};
    navrouter_route_spec null_name[] = {{NULL, "n", 0}};
    navrouter_match *match = NULL;
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&registry, 0));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_routes(registry, NULL, 0));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_add_routes(registry, NULL, 2));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_routes(registry, good, 3));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_route_count(registry, &count));
    CHECK(count == 3);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, "/items/7", &match));
    CHECK_STR("item", navrouter_match_route(match));
    navrouter_match_free(match);
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_add_routes(registry, bad_flags, 2));
    CHECK_CONTAINS("routes[1]: unknown route flags", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_ECONFLICT, navrouter_registry_add_routes(registry, conflict, 2));
    CHECK_CONTAINS("'item2'", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_add_routes(registry, null_name, 1));
    CHECK_CONTAINS("routes[0]: name is NULL", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_route_count(registry, &count));
    CHECK(count == 3); /* none of the failed batches' routes */
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_registry_resolve(registry, "/a", &match));
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_registry_resolve(registry, "/c", &match));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_add_routes(NULL, good, 3));
    navrouter_registry_free(registry);
}

static void test_manifest_and_route_json(void) {
    navrouter_registry *registry = shop_registry();
    char *json = NULL;
    size_t count = 0;
    json_t *route;
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_route_json(registry, "review", &json));
    route = navrouter_jansson_parse(json);
    CHECK(route != NULL);
    CHECK_STR("modal", json_string_value(json_object_get(route, "presentation")));
    CHECK_STR("sheet", json_string_value(json_object_get(route, "style")));
    CHECK_STR("product", json_string_value(json_object_get(route, "parent")));
    CHECK(json_is_true(json_object_get(route, "requires_auth")));
    CHECK_STR("id", json_string_value(json_array_get(json_object_get(route, "parameters"), 0)));
    json_decref(route);
    navrouter_string_free(json);
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_registry_route_json(registry, "nope", &json));
    CHECK(json == NULL);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_routes_json(registry, &json));
    route = navrouter_jansson_parse(json);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_route_count(registry, &count));
    CHECK(json_array_size(route) == count);
    json_decref(route);
    navrouter_string_free(json);
    CHECK_STATUS(NAVROUTER_EJSON,
                 navrouter_registry_load_manifest(registry, "{\"module\": \"m\", \"routes\": [{}", NULL));
    CHECK_CONTAINS("line 1", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_EJSON,
                 navrouter_registry_load_manifest(
                     registry,
                     "{\"module\": \"m\", \"routes\": [{\"name\": \"z\", \"pattern\": \"z\", \"external\": 1}]}",
                     NULL));
    CHECK_CONTAINS("module 'm', route 'z': routes[0].external: must be true or false", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_ECONFLICT, navrouter_registry_load_manifest(
                                          registry,
                                          "{\"module\": \"m\", \"routes\": [{\"name\": \"z\", \"pattern\": \"z\"},"
                                          " {\"name\": \"p2\", \"pattern\": \"shop/product/<int:x>\"}]}",
                                          &count));
    CHECK(count == 0);
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_registry_route_json(registry, "z", &json)); /* all-or-nothing */
    navrouter_registry_free(registry);
}

static void test_resolve(void) {
    navrouter_registry *registry = shop_registry();
    navrouter_match *match = NULL;
    json_t *params;
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_registry_resolve(registry, "myapp://SHOP/product/42?ref=mail&tag=a&tag=b#top", &match));
    CHECK_STR("product", navrouter_match_route(match));
    CHECK_STR("42", navrouter_match_param(match, "id"));
    CHECK_STR("mail", navrouter_match_param(match, "ref"));
    CHECK_STR("b", navrouter_match_param(match, "tag"));
    CHECK(navrouter_match_param(match, "nope") == NULL);
    CHECK(navrouter_match_param(match, NULL) == NULL);
    CHECK_STR("top", navrouter_match_fragment(match));
    CHECK(navrouter_match_props(match) == NULL);
    CHECK(navrouter_match_remainder(match) == NULL);
    const char *path_json = navrouter_match_path_params_json(match);
    const char *query_json = navrouter_match_query_json(match);
    CHECK_STR("{\"id\":\"42\"}", path_json);
    CHECK_STR("[[\"ref\",\"mail\"],[\"tag\",\"a\"],[\"tag\",\"b\"]]", query_json);
    params = navrouter_jansson_match_params(match);
    CHECK_STR("42", json_string_value(json_object_get(params, "id")));
    CHECK(json_object_size(params) == 3);
    json_decref(params);
    { /* the whole match in one JSON text */
        json_error_t error;
        json_t *whole = json_loads(navrouter_match_json(match), 0, &error);
        CHECK(whole != NULL);
        CHECK_STR("product", json_string_value(json_object_get(whole, "route")));
        CHECK_STR("b", json_string_value(json_object_get(json_object_get(whole, "parameters"), "tag")));
        CHECK_STR("42", json_string_value(json_object_get(json_object_get(whole, "path_parameters"), "id")));
        CHECK(json_array_size(json_object_get(whole, "query")) == 3);
        CHECK_STR("top", json_string_value(json_object_get(whole, "fragment")));
        CHECK(json_is_null(json_object_get(whole, "remainder")) && json_is_null(json_object_get(whole, "props")));
        json_decref(whole);
        CHECK(navrouter_match_json(match) == navrouter_match_json(match)); /* made once, kept */
        /* the first text made, and a later one, are the same strings when asked again after others */
        CHECK(navrouter_match_path_params_json(match) == path_json);
        CHECK(navrouter_match_query_json(match) == query_json);
        CHECK(navrouter_match_json(NULL) == NULL);
    }
    navrouter_match_free(match);

    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, "/help/orders/Return%20Policy", &match));
    CHECK_STR("orders/Return%20Policy", navrouter_match_remainder(match));
    CHECK_STR("orders/Return Policy", navrouter_match_param(match, "topic"));
    navrouter_match_free(match);

    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_registry_resolve(registry, "/shop/nothing", &match));
    CHECK(match == NULL);
    CHECK_CONTAINS("no route matches '/shop/nothing'", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_EMALFORMED, navrouter_registry_resolve(registry, "/shop//cart", &match));
    CHECK_STATUS(NAVROUTER_EMALFORMED, navrouter_registry_resolve(registry, "/shop/category/%zz", &match));
    CHECK_STATUS(NAVROUTER_EPARAM, navrouter_registry_resolve(registry, "/shop/search", &match));
    CHECK_CONTAINS("'q'", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_EDENIED, navrouter_registry_resolve(registry, "https://evil.example.com/shop/cart", &match));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_resolve(registry, NULL, &match));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_resolve(registry, "/shop/cart", NULL));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_resolve(registry, "", &match));
    navrouter_registry_free(registry);
}

static void test_huge_and_invalid_input(void) {
    navrouter_registry *registry = shop_registry();
    navrouter_match *match = NULL;
    size_t size = 1u << 20;
    char *huge = malloc(size + 1);
    char bad[] = "/shop/category/\xff\xfe";
    memset(huge, 'a', size);
    memcpy(huge, "/shop/category/", 15);
    huge[size] = '\0';
    CHECK_STATUS(NAVROUTER_ELIMIT, navrouter_registry_resolve(registry, huge, &match));
    CHECK_CONTAINS("limit is 8192 bytes", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_route(registry, "huge", huge + 1, 0)); /* a 1 MiB literal */
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_remove_route(registry, "huge"));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_limits(registry, 2u << 20, 64));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, huge, &match));
    CHECK(navrouter_match_param(match, "slug") != NULL && strlen(navrouter_match_param(match, "slug")) == size - 15);
    navrouter_match_free(match);
    CHECK_STATUS(NAVROUTER_EMALFORMED, navrouter_registry_resolve(registry, bad, &match)); /* a URL's bytes */
    CHECK_CONTAINS("not valid UTF-8", navrouter_last_error());
    /* Over the limit and not UTF-8: the resolves report the encoding first (the header), the look-up the limit. */
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_limits(registry, 8192, 64));
    huge[size - 1] = (char)0xFF;
    uint32_t packed[64], index = 0;
    size_t packed_size = 0, count = 0;
    CHECK_STATUS(NAVROUTER_EMALFORMED, navrouter_registry_resolve(registry, huge, &match));
    CHECK_CONTAINS("not valid UTF-8", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_EMALFORMED,
                 navrouter_registry_resolve_packed(registry, huge, size, packed, sizeof packed, &packed_size));
    CHECK_STATUS(NAVROUTER_ELIMIT, navrouter_registry_lookup(registry, huge, size, &index, NULL, 0, &count));
    huge[size - 1] = 'a';
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_add_route(registry, "x", bad, 0)); /* other text */
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_set_limits(registry, 0, 64));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_load_manifest(registry, bad, NULL));
    CHECK_STATUS(NAVROUTER_EJSON, navrouter_registry_load_manifest(registry, huge, NULL));
    free(huge);
    navrouter_registry_free(registry);
}

static void test_policy(void) {
    navrouter_registry *registry = shop_registry();
    navrouter_match *match = NULL;
    const char *domains[] = {"Shop.Example.com"};
    const char *schemes[] = {"myapp"};
    const char *not_custom[] = {"https"};
    /* The shop manifest lists its web domain ("web_domains"): its links resolve with nothing more said. */
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, "https://shop.example.com/shop/cart", &match));
    navrouter_match_free(match);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_web_domains(registry, NULL, 0));
    CHECK_STATUS(NAVROUTER_EDENIED, navrouter_registry_resolve(registry, "https://shop.example.com/shop/cart", &match));
    CHECK_CONTAINS("none is configured", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_web_domains(registry, domains, 1));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_schemes(registry, schemes, 1));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, "https://shop.example.com/shop/cart", &match));
    CHECK_STR("cart", navrouter_match_route(match));
    navrouter_match_free(match);
    CHECK_STATUS(NAVROUTER_EDENIED, navrouter_registry_resolve(registry, "otherapp://shop/cart", &match));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_set_schemes(registry, not_custom, 1));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_set_schemes(registry, NULL, 1));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, "myapp://shop/cart", &match)); /* old list kept */
    navrouter_match_free(match);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_web_domains(registry, NULL, 0));
    CHECK_STATUS(NAVROUTER_EDENIED, navrouter_registry_resolve(registry, "https://shop.example.com/shop/cart", &match));
    navrouter_registry_free(registry);
}

static void test_lookup_without_allocation(void) {
    navrouter_registry *registry = shop_registry();
    const char *url = "/shop/product/42/review?x=1";
    navrouter_range ranges[8];
    uint32_t index = 0;
    size_t count = 0;
    char *name = NULL;
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_lookup(registry, url, strlen(url), &index, ranges, 8, &count));
    CHECK(count == 4);
    CHECK(ranges[2].start == 14 && ranges[2].end == 16);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_route_name(registry, index, &name));
    CHECK_STR("review", name);
    navrouter_string_free(name);
    CHECK_STATUS(NAVROUTER_ELIMIT, navrouter_registry_lookup(registry, url, strlen(url), &index, ranges, 2, &count));
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_registry_lookup(registry, url, 6, &index, ranges, 8, &count));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_lookup(registry, url, strlen(url), &index, NULL, 8, &count));
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_registry_route_name(registry, 100000, &name));
    /* UTF-8 is checked on the bytes given (past the ASCII fast path, too). */
    const char *accented = "/shop/category/caf\xC3\xA9-cr\xC3\xA8me-long-enough";
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_registry_lookup(registry, accented, strlen(accented), &index, ranges, 8, &count));
    CHECK(count == 3 && ranges[2].end == strlen(accented));
    const char *truncated = "/shop/category/caf\xC3";
    CHECK_STATUS(NAVROUTER_EMALFORMED,
                 navrouter_registry_lookup(registry, truncated, strlen(truncated), &index, ranges, 8, &count));
    CHECK(strstr(navrouter_last_error(), "UTF-8") != NULL);
    const char *overlong = "/shop/category/abcdefgh\xC0\xAF";
    CHECK_STATUS(NAVROUTER_EMALFORMED,
                 navrouter_registry_lookup(registry, overlong, strlen(overlong), &index, ranges, 8, &count));
    CHECK_STATUS(NAVROUTER_EMALFORMED,
                 navrouter_registry_lookup(registry, accented, 19, &index, ranges, 8, &count)); /* cut mid-character */
    /* Shorter than a word, and a bad byte only in the last (overlapping) word. */
    const char *short_bad = "/a\xC3";
    CHECK_STATUS(NAVROUTER_EMALFORMED,
                 navrouter_registry_lookup(registry, short_bad, strlen(short_bad), &index, ranges, 8, &count));
    const char *tail_bad = "/shop/categor\xFF";
    CHECK_STATUS(NAVROUTER_EMALFORMED,
                 navrouter_registry_lookup(registry, tail_bad, strlen(tail_bad), &index, ranges, 8, &count));
    /* Past the path (query, fragment), and in a URL that also matches no route: still EMALFORMED. */
    const char *elsewhere[] = {"/shop/product/42?q=\xC3", "/shop/product/42#\xFF", "/shop/product/42?a=1#b\xC3",
                               "/nowhere/\xFF"};
    for (size_t i = 0; i < sizeof elsewhere / sizeof *elsewhere; i++) {
        CHECK_STATUS(NAVROUTER_EMALFORMED, navrouter_registry_lookup(registry, elsewhere[i], strlen(elsewhere[i]),
                                                                     &index, ranges, 8, &count));
        CHECK_CONTAINS("not valid UTF-8", navrouter_last_error());
    }
    /* The resolves check the same bytes the same way (in their scan, as the look-up does). */
    const char *bad_urls[] = {truncated,    overlong,     short_bad,
                              tail_bad,     elsewhere[0], elsewhere[1],
                              elsewhere[2], elsewhere[3], "myapp://shop/product/\xC3"};
    for (size_t i = 0; i < sizeof bad_urls / sizeof *bad_urls; i++) {
        navrouter_match *bad_match = NULL;
        uint32_t packed[64];
        size_t packed_size = 0;
        CHECK_STATUS(NAVROUTER_EMALFORMED, navrouter_registry_resolve(registry, bad_urls[i], &bad_match));
        CHECK(bad_match == NULL);
        CHECK_STATUS(NAVROUTER_EMALFORMED, navrouter_registry_resolve_packed(registry, bad_urls[i], strlen(bad_urls[i]),
                                                                             packed, sizeof packed, &packed_size));
        CHECK_CONTAINS("not valid UTF-8", navrouter_last_error());
    }
    /* One bad byte at every position of every length up to 48 (16-byte steps, the overlapping last 16 or 8 bytes,
     * the byte loop): always refused; the same bytes all ASCII: never refused for their encoding. */
    char probe[49];
    int refused = 0, accepted = 0;
    for (size_t length = 1; length <= 48; length++) {
        memset(probe, 'a', length);
        probe[0] = '/';
        if (navrouter_registry_lookup(registry, probe, length, &index, ranges, 8, &count) != NAVROUTER_EMALFORMED)
            accepted++;
        for (size_t bad = 0; bad < length; bad++) {
            memset(probe, 'a', length);
            probe[0] = '/';
            probe[bad] = (char)0xFF;
            if (navrouter_registry_lookup(registry, probe, length, &index, ranges, 8, &count) == NAVROUTER_EMALFORMED)
                refused++;
        }
    }
    CHECK(accepted == 48);
    CHECK(refused == 48 * 49 / 2);
    navrouter_registry_free(registry);
}

static void test_resolve_packed(void) {
    navrouter_registry *registry = shop_registry();
    uint32_t buffer[256];
    size_t size = 0, expected_size = sizeof(navrouter_packed_match);
    const char *url = "myapp://Shop/product/42?ref=a+b#top";
    const char *strings[] = {"product", "id", "42", "ref", "a b", "id", "42", "ref", "a b", "top"};
    const navrouter_packed_match *head = (const navrouter_packed_match *)buffer;
    const char *text = (const char *)(head + 1);
    char *name = NULL;
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_registry_resolve_packed(registry, url, strlen(url), buffer, sizeof buffer, &size));
    CHECK(head->path_parameter_count == 1 && head->query_item_count == 1 && head->merged_parameter_count == 2);
    CHECK(head->flags == NAVROUTER_PACKED_FRAGMENT && head->string_count == 10);
    for (size_t i = 0; i < 10; i++) {
        CHECK_STR(strings[i], text);
        expected_size += strlen(strings[i]) + 1;
        text += strlen(text) + 1;
    }
    CHECK(size == expected_size);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_route_name(registry, head->route_index, &name));
    CHECK_STR("product", name);
    navrouter_string_free(name);
    /* Too small (or no buffer): the size needed comes back. */
    CHECK_STATUS(NAVROUTER_ELIMIT, navrouter_registry_resolve_packed(registry, url, strlen(url), buffer, 16, &size));
    CHECK(size == expected_size);
    CHECK_STATUS(NAVROUTER_ELIMIT, navrouter_registry_resolve_packed(registry, url, strlen(url), NULL, 0, &size));
    CHECK(size == expected_size);
    /* Exactly the size asked for is enough; a byte less is not. */
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve_packed(registry, url, strlen(url), buffer, size, &size));
    CHECK_STATUS(NAVROUTER_ELIMIT,
                 navrouter_registry_resolve_packed(registry, url, strlen(url), buffer, expected_size - 1, &size));
    /* Bad arguments, bad URLs, a freed registry. */
    CHECK_STATUS(NAVROUTER_EINVAL,
                 navrouter_registry_resolve_packed(registry, url, strlen(url), buffer, sizeof buffer, NULL));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_resolve_packed(registry, NULL, 3, buffer, sizeof buffer, &size));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_resolve_packed(registry, url, strlen(url), NULL, 64, &size));
    CHECK_STATUS(NAVROUTER_EINVAL,
                 navrouter_registry_resolve_packed(registry, url, strlen(url), (char *)buffer + 1, 64, &size));
    CHECK_STATUS(NAVROUTER_EMALFORMED,
                 navrouter_registry_resolve_packed(registry, "/shop/caf\xC3", 11, buffer, sizeof buffer, &size));
    CHECK_STATUS(NAVROUTER_ENOTFOUND,
                 navrouter_registry_resolve_packed(registry, "/nope", 5, buffer, sizeof buffer, &size));
    CHECK(size == 0);
    CHECK_STATUS(NAVROUTER_EPARAM,
                 navrouter_registry_resolve_packed(registry, "/shop/search", 12, buffer, sizeof buffer, &size));
    navrouter_registry_free(registry);
    CHECK_STATUS(NAVROUTER_EDESTROYED,
                 navrouter_registry_resolve_packed(registry, url, strlen(url), buffer, sizeof buffer, &size));
}

/* Route names of every length around the 64 bytes a match's writer copies through the stack (and small ones, kept
 * inside a Swift string, and one of several-byte characters): both C resolves give each name whole, and a packed
 * buffer that ends inside the name is reported too small, never overrun. */
static void test_route_names_of_every_length(void) {
    static const size_t lengths[] = {1, 14, 15, 16, 17, 62, 63, 64, 65, 66, 127, 300};
    enum { count = sizeof lengths / sizeof lengths[0] };
    navrouter_registry *registry = NULL;
    char names[count][301], patterns[count][32];
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&registry, 0));
    for (size_t i = 0; i < count; i++) {
        for (size_t k = 0; k < lengths[i]; k++) names[i][k] = (char)('a' + (i + k) % 26);
        names[i][lengths[i]] = '\0';
        if (lengths[i] >= 64) memcpy(names[i] + lengths[i] - 4, "\xC3\xA9\xC3\xA9", 4); /* "éé" across 64 */
        snprintf(patterns[i], sizeof patterns[i], "n%zu/:id", lengths[i]);
        CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_route(registry, names[i], patterns[i], 0));
    }
    for (size_t i = 0; i < count; i++) {
        char url[48];
        uint64_t buffer[64];
        size_t size = 0;
        const char *text = (const char *)buffer + sizeof(navrouter_packed_match);
        navrouter_match *match = NULL;
        snprintf(url, sizeof url, "/n%zu/7", lengths[i]);
        CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, url, &match));
        CHECK_STR(names[i], navrouter_match_route(match));
        CHECK_STR("7", navrouter_match_param(match, "id"));
        navrouter_match_free(match);
        memset(buffer, 0xAB, sizeof buffer);
        CHECK_STATUS(NAVROUTER_OK,
                     navrouter_registry_resolve_packed(registry, url, strlen(url), buffer, sizeof buffer, &size));
        CHECK(strlen(text) == lengths[i]);
        CHECK_STR(names[i], text);
        CHECK_STR("id", text + lengths[i] + 1);
        CHECK(size == sizeof(navrouter_packed_match) + lengths[i] + 1 + 3 + 2);
        /* Room for the head and part of the name: too small, and nothing written past the capacity. */
        memset(buffer, 0xAB, sizeof buffer);
        CHECK_STATUS(NAVROUTER_ELIMIT,
                     navrouter_registry_resolve_packed(registry, url, strlen(url), buffer,
                                                       sizeof(navrouter_packed_match) + lengths[i] / 2, &size));
        CHECK(size == sizeof(navrouter_packed_match) + lengths[i] + 1 + 3 + 2);
        for (size_t k = sizeof(navrouter_packed_match) + lengths[i] / 2; k < sizeof buffer; k++)
            CHECK(((const unsigned char *)buffer)[k] == 0xAB);
    }
    navrouter_registry_free(registry);
}

/* Parameter names and values of every length from 0 to 40 bytes (the writer copies strings of up to 16 bytes with
 * overlapping loads and stores of 1, 4 and 8 bytes, longer ones with memcpy): both C resolves give each whole, with
 * nothing of a neighbouring string in it. */
static void test_strings_of_every_short_length(void) {
    navrouter_registry *registry = NULL;
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&registry, 0));
    for (size_t length = 1; length <= 40; length++) {
        char name[48], value[48], query_value[48], pattern[64], url[160];
        for (size_t k = 0; k < length; k++) {
            name[k] = (char)('a' + (length + k) % 26);
            value[k] = (char)('A' + (length * 3 + k) % 26);
            query_value[k] = (char)('0' + (length + k * 7) % 10);
        }
        name[length] = value[length] = '\0';
        query_value[length - 1] = '\0'; /* 0 to 39 bytes */
        snprintf(pattern, sizeof pattern, "len%zu/:%s", length, name);
        CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_route(registry, pattern, pattern, 0));
        snprintf(url, sizeof url, "/len%zu/%s?q%s=%s", length, value, name, query_value);
        navrouter_match *match = NULL;
        CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, url, &match));
        CHECK_STR(pattern, navrouter_match_route(match));
        CHECK_STR(value, navrouter_match_param(match, name));
        char query_name[50];
        snprintf(query_name, sizeof query_name, "q%s", name);
        CHECK_STR(query_value, navrouter_match_param(match, query_name));
        navrouter_match_free(match);
        uint64_t buffer[64];
        size_t size = 0;
        CHECK_STATUS(NAVROUTER_OK,
                     navrouter_registry_resolve_packed(registry, url, strlen(url), buffer, sizeof buffer, &size));
        const char *expected[] = {pattern, name, value, query_name, query_value};
        const char *text = (const char *)buffer + sizeof(navrouter_packed_match);
        for (size_t i = 0; i < 5; i++) {
            CHECK_STR(expected[i], text);
            text += strlen(text) + 1;
        }
    }
    navrouter_registry_free(registry);
}

/* Matches of every size around a thread's reusable match block (1 KiB, head and offsets included): values of 0 to
 * ~2,000 bytes, several matches held at once and freed in different orders (so that a freed block is reused by the
 * next resolve while others are live), and a URL with so many query items that their offsets alone overflow the
 * block. Every string reads back whole, and a stale handle of a freed match is refused. */
static void test_matches_of_every_size_share_no_memory(void) {
    navrouter_registry *registry = NULL;
    navrouter_match *held[3] = {NULL, NULL, NULL};
    char values[3][2100];
    char url[2200];
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&registry, 0));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_route(registry, "item", "/item/:value", 0));
    for (size_t length = 1, round = 0; length < 2050; length += 1 + length / 9, round++) {
        size_t slot = round % 3;
        if (held[slot]) navrouter_match_free(held[slot]);
        for (size_t k = 0; k < length; k++) values[slot][k] = (char)('a' + (round + k) % 26);
        values[slot][length] = '\0';
        snprintf(url, sizeof url, "/item/%s?q=%zu#f%zu", values[slot], length, round);
        CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, url, &held[slot]));
        for (size_t other = 0; other < 3; other++) { /* every held match still reads whole */
            if (!held[other]) continue;
            CHECK_STR(values[other], navrouter_match_param(held[other], "value"));
            CHECK_STR("item", navrouter_match_route(held[other]));
        }
        CHECK_STR(url, navrouter_match_url(held[slot]));
        char expected[32];
        snprintf(expected, sizeof expected, "%zu", length);
        CHECK_STR(expected, navrouter_match_param(held[slot], "q"));
        snprintf(expected, sizeof expected, "f%zu", round);
        CHECK_STR(expected, navrouter_match_fragment(held[slot]));
    }
    for (size_t slot = 0; slot < 3; slot++) navrouter_match_free(held[slot]);
    { /* A freed match's handle is refused, even after its block was reused by the next resolve. */
        navrouter_match *first = NULL, *second = NULL;
        CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, "/item/one", &first));
        navrouter_match_free(first);
        navrouter_match_free(first); /* a double free is ignored */
        CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, "/item/two", &second));
        CHECK_STR("two", navrouter_match_param(second, "value"));
        navrouter_match_free(second);
        CHECK(navrouter_match_route(second) == NULL);
    }
    { /* 300 query items: 600 offsets, more than the reusable block holds */
        char *many = malloc(300 * 16 + 32);
        size_t used = (size_t)sprintf(many, "/item/x?");
        for (int i = 0; i < 300; i++) used += (size_t)sprintf(many + used, "k%d=v%d&", i, i);
        many[used - 1] = '\0';
        navrouter_match *match = NULL;
        CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, many, &match));
        CHECK_STR("x", navrouter_match_param(match, "value"));
        CHECK_STR("v0", navrouter_match_param(match, "k0"));
        CHECK_STR("v299", navrouter_match_param(match, "k299"));
        CHECK_STR(many, navrouter_match_url(match));
        navrouter_match_free(match);
        free(many);
    }
    navrouter_registry_free(registry);
}

/* A route with more path parameters than a match keeps byte ranges for (eight; the others are found by scanning the
 * URL again), with escapes past the kept ones and a catch-all last: both C resolves give every value, decoded. */
static void test_resolve_many_parameters(void) {
    navrouter_registry *registry = NULL;
    navrouter_match *match = NULL;
    uint32_t buffer[256];
    size_t size = 0;
    const char *url = "/v0/v1/v2/v3/v4/v5/v6/v7/v%208/v9%2F/tail%20a/b";
    const char *names[] = {"p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "rest"};
    const char *values[] = {"v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v 8", "v9/", "tail a/b"};
    const navrouter_packed_match *head = (const navrouter_packed_match *)buffer;
    const char *text = (const char *)(head + 1);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&registry, 0));
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_registry_add_route(registry, "many", ":p0/:p1/:p2/:p3/:p4/:p5/:p6/:p7/:p8/:p9/*rest", 0));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, url, &match));
    for (size_t i = 0; i < 11; i++) CHECK_STR(values[i], navrouter_match_param(match, names[i]));
    CHECK_STR("tail%20a/b", navrouter_match_remainder(match));
    navrouter_match_free(match);
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_registry_resolve_packed(registry, url, strlen(url), buffer, sizeof buffer, &size));
    CHECK(head->path_parameter_count == 11 && head->flags == NAVROUTER_PACKED_REMAINDER && head->string_count == 24);
    CHECK_STR("many", text);
    text += strlen(text) + 1;
    for (size_t i = 0; i < 11; i++) {
        CHECK_STR(names[i], text);
        text += strlen(text) + 1;
        CHECK_STR(values[i], text);
        text += strlen(text) + 1;
    }
    CHECK_STR("tail%20a/b", text); /* the remainder, as the URL has it */
    navrouter_registry_free(registry);
}

/* navrouter_registry_lookup keeps the table it used per thread: every change must still be seen at once. */
static int lookup_route(navrouter_registry *registry, const char *url, char *name, size_t name_size) {
    navrouter_range ranges[8];
    uint32_t index = 0;
    size_t count = 0;
    char *found = NULL;
    int status = navrouter_registry_lookup(registry, url, strlen(url), &index, ranges, 8, &count);
    if (status != NAVROUTER_OK) return status;
    status = navrouter_registry_route_name(registry, index, &found);
    if (status == NAVROUTER_OK) snprintf(name, name_size, "%s", found);
    navrouter_string_free(found);
    return status;
}

struct lookup_before_and_after_free {
    navrouter_registry *registry;
    pthread_barrier_t looked_up, freed;
    int before, after;
};

/* Looks up (filling this thread's cache), waits while the main thread frees the registry, looks up again. */
static void *lookup_before_and_after_free(void *raw) {
    struct lookup_before_and_after_free *shared = raw;
    navrouter_range ranges[8];
    uint32_t index = 0;
    size_t count = 0;
    shared->before = navrouter_registry_lookup(shared->registry, "/a", 2, &index, ranges, 8, &count);
    pthread_barrier_wait(&shared->looked_up);
    pthread_barrier_wait(&shared->freed);
    shared->after = navrouter_registry_lookup(shared->registry, "/a", 2, &index, ranges, 8, &count);
    return NULL;
}

static void test_lookup_sees_every_change(void) {
    navrouter_registry *first = NULL, *second = NULL;
    char name[32] = "";
    struct lookup_before_and_after_free shared;
    pthread_t thread;
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&first, 0));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&second, 0));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_route(first, "first-a", "a", 0));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_route(second, "second-a", "a", 0));
    /* Alternating registries: each look-up answers from its own. */
    CHECK_STATUS(NAVROUTER_OK, lookup_route(first, "/a", name, sizeof name));
    CHECK_STR("first-a", name);
    CHECK_STATUS(NAVROUTER_OK, lookup_route(second, "/a", name, sizeof name));
    CHECK_STR("second-a", name);
    CHECK_STATUS(NAVROUTER_OK, lookup_route(first, "/a", name, sizeof name));
    CHECK_STR("first-a", name);
    /* Routes added, removed; the policy changed. */
    CHECK_STATUS(NAVROUTER_ENOTFOUND, lookup_route(first, "/b/1", name, sizeof name));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_route(first, "first-b", "b/:id", 0));
    CHECK_STATUS(NAVROUTER_OK, lookup_route(first, "/b/1", name, sizeof name));
    CHECK_STR("first-b", name);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_remove_route(first, "first-b"));
    CHECK_STATUS(NAVROUTER_ENOTFOUND, lookup_route(first, "/b/1", name, sizeof name));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_limits(first, 2048, 1));
    CHECK_STATUS(NAVROUTER_ELIMIT, lookup_route(first, "/a/b", name, sizeof name));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_limits(first, 2048, 32));
    CHECK_STATUS(NAVROUTER_ENOTFOUND, lookup_route(first, "/a/b", name, sizeof name));
    /* Freed on this thread, and freed here after another thread looked up in it. */
    navrouter_registry_free(first);
    CHECK_STATUS(NAVROUTER_EDESTROYED, lookup_route(first, "/a", name, sizeof name));
    CHECK_STATUS(NAVROUTER_OK, lookup_route(second, "/a", name, sizeof name));
    shared.registry = second;
    pthread_barrier_init(&shared.looked_up, NULL, 2);
    pthread_barrier_init(&shared.freed, NULL, 2);
    pthread_create(&thread, NULL, lookup_before_and_after_free, &shared);
    pthread_barrier_wait(&shared.looked_up);
    navrouter_registry_free(second);
    pthread_barrier_wait(&shared.freed);
    pthread_join(thread, NULL);
    CHECK_STATUS(NAVROUTER_OK, shared.before);
    CHECK_STATUS(NAVROUTER_EDESTROYED, shared.after);
    pthread_barrier_destroy(&shared.looked_up);
    pthread_barrier_destroy(&shared.freed);
}

/* The segment limit is each registry's own, whichever registry the thread resolved in before (a resolve scans into
 * a buffer the thread keeps, sized for the largest limit it has met). */
static void test_each_registry_keeps_its_segment_limit(void) {
    navrouter_registry *wide = NULL, *narrow = NULL;
    navrouter_match *match = NULL;
    size_t size = 0;
    uint32_t buffer[64];
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&wide, 0));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&narrow, 0));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_route(wide, "deep", "a/*rest", 0));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_add_route(narrow, "deep", "a/*rest", 0));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_limits(wide, 2048, 64));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_limits(narrow, 2048, 3));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(wide, "/a/b/c/d/e", &match));
    navrouter_match_free(match);
    match = NULL;
    CHECK_STATUS(NAVROUTER_ELIMIT, navrouter_registry_resolve(narrow, "/a/b/c/d/e", &match));
    CHECK(match == NULL);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve_packed(wide, "/a/b/c/d/e", 10, buffer, sizeof buffer, &size));
    CHECK_STATUS(NAVROUTER_ELIMIT,
                 navrouter_registry_resolve_packed(narrow, "/a/b/c/d/e", 10, buffer, sizeof buffer, &size));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(narrow, "/a/b/c", &match));
    navrouter_match_free(match);
    navrouter_registry_free(wide);
    navrouter_registry_free(narrow);
}

static void test_explain(void) {
    navrouter_registry *registry = shop_registry();
    char *json = NULL;
    json_t *explanation;
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_explain(registry, "/shop/product/abc", &json));
    explanation = navrouter_jansson_parse(json);
    CHECK_STR("ENOTFOUND", json_string_value(json_object_get(explanation, "status")));
    CHECK(json_is_null(json_object_get(explanation, "winner")));
    CHECK_CONTAINS("is not an int", json);
    json_decref(explanation);
    navrouter_string_free(json);
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_explain(registry, "/x", NULL));
    navrouter_registry_free(registry);
}

static void test_build_url_round_trip(void) {
    navrouter_registry *registry = shop_registry();
    navrouter_match *match = NULL;
    char *url = NULL;
    json_t *params = json_pack("{s:s, s:s}", "id", "42", "from", "a b&c");
    json_t *props = json_pack("{s:s, s:i, s:[b]}", "title", "Ünïcode", "count", 3, "flags", 1);
    json_t *back;
    CHECK_STATUS(NAVROUTER_OK, navrouter_jansson_build_url(registry, "product", params, props, "myapp", &url));
    CHECK_CONTAINS("myapp://shop/product/42?from=a%20b%26c&_props=", url);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, url, &match));
    CHECK_STR("product", navrouter_match_route(match));
    CHECK_STR("a b&c", navrouter_match_param(match, "from"));
    back = navrouter_jansson_match_props(match);
    CHECK(json_equal(back, props));
    json_decref(back);
    navrouter_match_free(match);
    navrouter_string_free(url);
    CHECK_STATUS(NAVROUTER_EPARAM,
                 navrouter_registry_build_url(registry, "product", "{\"id\": \"x\"}", NULL, NULL, &url));
    CHECK(url == NULL);
    CHECK_STATUS(NAVROUTER_EJSON, navrouter_registry_build_url(registry, "product", "{\"id\": 42}", NULL, NULL, &url));
    CHECK_STATUS(NAVROUTER_EJSON,
                 navrouter_registry_build_url(registry, "product", "{\"id\": \"1\"}", "[1]", NULL, &url));
    CHECK_STATUS(NAVROUTER_EJSON, navrouter_registry_build_url(registry, "product", "{bad", NULL, NULL, &url));
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_registry_build_url(registry, "nope", NULL, NULL, NULL, &url));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_build_url(registry, "cart", NULL, NULL, NULL, NULL));
    json_decref(params);
    json_decref(props);
    navrouter_registry_free(registry);
}

static void test_universal_links_and_links_from_paths(void) {
    navrouter_registry *registry = shop_registry();
    navrouter_match *match = NULL;
    char *url = NULL;
    const char *domains[] = {"shop.example.com"};
    /* No web domain listed (the manifest's taken away): a universal link has nowhere to point. */
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_web_domains(registry, NULL, 0));
    CHECK_STATUS(NAVROUTER_EINVAL,
                 navrouter_registry_build_universal_link(registry, "product", "{\"id\": \"7\"}", NULL, NULL, &url));
    CHECK_CONTAINS("no web domain is listed", navrouter_last_error());
    CHECK(url == NULL);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_set_web_domains(registry, domains, 1));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_build_universal_link(registry, "product", "{\"id\": \"7\"}",
                                                                       "{\"n\": 1}", NULL, &url));
    CHECK_CONTAINS("https://shop.example.com/shop/product/7?_props=", url);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, url, &match));
    CHECK_STR("product", navrouter_match_route(match));
    navrouter_match_free(match);
    navrouter_string_free(url);
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_build_universal_link(registry, "product", "{\"id\": \"7\"}", NULL,
                                                                           "example.org", &url));
    CHECK_CONTAINS("'example.org' is not one of the app's web domains", navrouter_last_error());
    /* From a path: the route's canonical link, with a scheme if asked. */
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_registry_build_url_for_path(registry, "SHOP/product/7?b=2&a=1", NULL, "myapp", &url));
    CHECK_STR("myapp://shop/product/7?a=1&b=2", url);
    navrouter_string_free(url);
    CHECK_STATUS(NAVROUTER_ENOTFOUND,
                 navrouter_registry_build_url_for_path(registry, "shop/nowhere", NULL, NULL, &url));
    CHECK(url == NULL);
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_build_url_for_path(registry, NULL, NULL, NULL, &url));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_build_url_for_path(registry, "shop/cart", NULL, NULL, NULL));
    navrouter_registry_free(registry);
}

static void test_a_host_checks_a_manifest_with_its_registry(void) {
    navrouter_registry *registry = shop_registry();
    char *report = NULL;
    size_t before = 0, after = 0;
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_route_count(registry, &before));
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_registry_check_manifest(
                     registry, "{\"routes\": [{\"name\": \"a\", \"pattern\": \"a\", \"parent\": \"hom\"}]}", &report));
    CHECK_CONTAINS("\"errors\":[\"route 'a': its parent 'hom' is not registered\"]", report);
    CHECK_CONTAINS("\"routes\":1", report);
    /* each finding with where it is: the parent field's key, line 1, column 43 */
    CHECK_CONTAINS("{\"column\":43,\"line\":1,\"message\":\"route 'a': its parent 'hom' is not registered\","
                   "\"path\":\"routes[0].parent\",\"severity\":\"error\"}",
                   report);
    navrouter_string_free(report);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_route_count(registry, &after));
    CHECK(after == before); /* checking loads nothing */
    CHECK_STATUS(NAVROUTER_EJSON, navrouter_registry_check_manifest(registry, "not json", &report));
    CHECK(report == NULL);
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_check_manifest(registry, NULL, &report));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_check_manifest(registry, "{}", NULL));
    navrouter_registry_free(registry);
}

static void test_a_declared_route_is_checked_against_the_registry(void) {
    navrouter_registry *registry = shop_registry();
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_check_route(registry, "product", "shop/product/<int:id>", NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_check_route(registry, "category", "/SHOP/Category/<slug>", "X"));
    CHECK_STATUS(NAVROUTER_ECONFLICT, navrouter_registry_check_route(registry, "product", "products/<int:id>", "P"));
    CHECK_CONTAINS("and P has 'products/<int:id>': a typed route of another registry?", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_registry_check_route(registry, "prodcut", "a", "P"));
    CHECK_CONTAINS("route 'prodcut' of P is not registered", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_check_route(registry, NULL, "a", NULL));
    navrouter_registry_free(registry);
}

static void test_remove_route_and_module(void) {
    navrouter_registry *registry = shop_registry();
    navrouter_match *match = NULL;
    size_t removed = 0, before = 0, after = 0;
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_route_count(registry, &before));
    /* A parent goes after its children. */
    CHECK_STATUS(NAVROUTER_ECONFLICT, navrouter_registry_remove_route(registry, "cart"));
    CHECK_CONTAINS("'cart' is the parent of 'checkout'", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_remove_route(registry, "checkout"));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_remove_route(registry, "cart"));
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_registry_remove_route(registry, "cart"));
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_registry_resolve(registry, "/shop/cart", &match));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_remove_module(registry, "account", &removed));
    CHECK(removed == 5);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_route_count(registry, &after));
    CHECK(after == before - 7);
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_remove_module(registry, "nothing", &removed));
    CHECK(removed == 0);
    navrouter_registry_free(registry);
}

static void *own_error_thread(void *unused) {
    static int ok = 1;
    (void)unused;
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_new(NULL, 0));
    return strstr(navrouter_last_error(), "out is NULL") != NULL ? (void *)&ok : NULL;
}

static void test_last_error_is_per_thread(void) {
    pthread_t thread;
    void *result = NULL;
    navrouter_registry *registry = NULL;
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_registry_resolve(NULL, "/x", NULL));
    pthread_create(&thread, NULL, own_error_thread, NULL);
    pthread_join(thread, &result);
    CHECK(result != NULL);
    CHECK_CONTAINS("NULL", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&registry, 0));
    CHECK_STR("", navrouter_last_error());
    navrouter_registry_free(registry);
}

struct stress_args {
    navrouter_registry *registry;
    int worker;
    int failures;
    uint32_t product_index; /* routes are only added meanwhile, so this index stays the product's */
};

static void *stress_worker(void *raw) {
    struct stress_args *args = raw;
    char name[64], url[64];
    int step;
    for (step = 0; step < 300; step++) {
        navrouter_match *match = NULL;
        if (args->worker % 4 == 0) {
            snprintf(name, sizeof name, "w%d-%d", args->worker, step);
            snprintf(url, sizeof url, "w%d/r%d/:x", args->worker, step);
            if (navrouter_registry_add_route(args->registry, name, url, 0) != NAVROUTER_OK) args->failures++;
        } else {
            snprintf(url, sizeof url, "/shop/product/%d", step);
            if (navrouter_registry_resolve(args->registry, url, &match) != NAVROUTER_OK ||
                strcmp(navrouter_match_route(match), "product") != 0)
                args->failures++;
            navrouter_match_free(match);
            if (navrouter_registry_resolve(args->registry, "/nope/x", &match) != NAVROUTER_ENOTFOUND) args->failures++;
            if (strstr(navrouter_last_error(), "no route matches '/nope/x'") == NULL) args->failures++;
            /* The lock-free look-up path, while another thread keeps changing the routes. */
            navrouter_range ranges[8];
            uint32_t index = 0;
            size_t count = 0;
            if (navrouter_registry_lookup(args->registry, url, strlen(url), &index, ranges, 8, &count) !=
                    NAVROUTER_OK ||
                index != args->product_index || count != 3)
                args->failures++;
            snprintf(url, sizeof url, "/w0/r%d/x", step);
            int status = navrouter_registry_lookup(args->registry, url, strlen(url), &index, ranges, 8, &count);
            if (status != NAVROUTER_OK && status != NAVROUTER_ENOTFOUND) args->failures++; /* added yet or not */
        }
    }
    return NULL;
}

static void test_threads_share_a_registry(void) {
    navrouter_registry *registry = shop_registry();
    pthread_t threads[8];
    struct stress_args args[8];
    size_t count = 0;
    int index;
    navrouter_range ranges[8];
    uint32_t product_index = 0;
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_registry_lookup(registry, "/shop/product/1", 15, &product_index, ranges, 8, &count));
    for (index = 0; index < 8; index++) {
        args[index].registry = registry;
        args[index].worker = index;
        args[index].failures = 0;
        args[index].product_index = product_index;
        pthread_create(&threads[index], NULL, stress_worker, &args[index]);
    }
    for (index = 0; index < 8; index++) {
        pthread_join(threads[index], NULL);
        CHECK(args[index].failures == 0);
    }
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_route_count(registry, &count));
    CHECK(count == 17 + 2 * 300);
    navrouter_registry_free(registry);
}

/* Many handles made and freed in a scrambled order: every live one keeps working, every freed one is detected
 * (the library's table of live handles grows, and shifts entries back when one leaves). */
static void test_many_handles_made_and_freed(void) {
    enum { COUNT = 600 };
    navrouter_registry *registries[COUNT];
    bool live[COUNT];
    size_t count = 0;
    unsigned seed = 12345u;
    for (size_t i = 0; i < COUNT; i++) {
        CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&registries[i], 0));
        live[i] = true;
    }
    for (int round = 0; round < 3; round++) {
        for (size_t i = 0; i < COUNT; i++) {
            seed = seed * 1103515245u + 12345u;
            if (live[i] && (seed >> 16) % 3 == 0) {
                navrouter_registry_free(registries[i]);
                live[i] = false;
            }
        }
        for (size_t i = 0; i < COUNT; i++) {
            int status = navrouter_registry_route_count(registries[i], &count);
            if (live[i] ? status != NAVROUTER_OK : status != NAVROUTER_EDESTROYED) {
                CHECK(!"a live handle was lost or a freed one was still accepted");
                break;
            }
        }
    }
    for (size_t i = 0; i < COUNT; i++)
        if (live[i]) navrouter_registry_free(registries[i]);
    CHECK_STATUS(NAVROUTER_EDESTROYED, navrouter_registry_route_count(registries[0], &count));
}

/* Handles made and freed in turn for long (the table of live handles removes by shifting the entries after a gap
 * back, also where a run of entries wraps around the table's end): every live one is still found after each change
 * of many, and a freed one is refused. */
static void test_handles_churning_stay_found(void) {
    enum { COUNT = 31, ROUNDS = 3000, SPACERS = 61 }; /* the table's first 64 slots half full: long runs */
    navrouter_registry *registries[COUNT];
    void *spacers[SPACERS] = {0};
    bool live[COUNT];
    size_t count = 0, spacer = 0;
    unsigned seed = 987654321u;
    bool lost = false;
    for (size_t i = 0; i < COUNT; i++) {
        CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&registries[i], 0));
        live[i] = true;
    }
    for (int round = 0; round < ROUNDS && !lost; round++) {
        for (size_t i = 0; i < COUNT; i++) {
            seed = seed * 1103515245u + 12345u;
            if ((seed >> 16) % 4 != 0) continue;
            if (live[i]) {
                navrouter_registry_free(registries[i]);
                live[i] = false;
            } else {
                /* A block of another size held between, so that the new registry lands at a new address: a freed
                 * one's address would come back, and a few addresses, their slots fixed, may never make a run
                 * that wraps around the table's end. */
                free(spacers[spacer]);
                spacers[spacer] = malloc(16 + (seed >> 8) % 2048);
                spacer = (spacer + 1) % SPACERS;
                if (navrouter_registry_new(&registries[i], 0) == NAVROUTER_OK) live[i] = true;
            }
            for (size_t j = 0; j < COUNT; j++) {
                if (live[j] && navrouter_registry_route_count(registries[j], &count) != NAVROUTER_OK) lost = true;
            }
        }
    }
    CHECK(!lost); /* a live handle was no longer found */
    for (size_t i = 0; i < COUNT; i++)
        if (live[i]) navrouter_registry_free(registries[i]);
    for (size_t i = 0; i < SPACERS; i++) free(spacers[i]);
}

/* Typed parameters: <bool>, <double> and <enum(...)> in patterns, typed query parameters with defaults, and the
 * typed getters of a match and of an entry. */
struct typed_reader {
    int64_t id;
    double ratio;
    bool on;
    int statuses[3];
};

static int read_typed_entry(const navrouter_event *event, void *user_data) {
    struct typed_reader *reader = user_data;
    const navrouter_entry *entry = navrouter_event_entry(event);
    if (navrouter_event_kind(event) != NAVROUTER_EVENT_PUSH || entry == NULL) return 0;
    reader->statuses[0] = navrouter_entry_param_int(entry, "id", &reader->id);
    reader->statuses[1] = navrouter_entry_param_double(entry, "ratio", &reader->ratio);
    reader->statuses[2] = navrouter_entry_param_bool(entry, "on", &reader->on);
    return 0;
}

static void test_typed_parameters(void) {
    navrouter_registry *registry = NULL;
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_new(&registry, 0));
    const char *manifest = "{\"routes\": [{\"name\": \"home\", \"pattern\": \"home\"},"
                           " {\"name\": \"item\", \"pattern\": \"item/<int:id>/<bool:on>/<enum(a|b):kind>\","
                           " \"query\": {\"ratio\": {\"type\": \"double\", \"default\": 0.5}}},"
                           " {\"name\": \"any\", \"pattern\": \"item/:id/:on/:kind\"}]}";
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_load_manifest(registry, manifest, NULL));
    navrouter_match *match = NULL;
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, "/item/42/true/b", &match));
    CHECK_STR("item", navrouter_match_route(match));
    int64_t id = 0;
    double ratio = 0;
    bool on = false;
    CHECK_STATUS(NAVROUTER_OK, navrouter_match_param_int(match, "id", &id));
    CHECK(id == 42);
    CHECK_STATUS(NAVROUTER_OK, navrouter_match_param_double(match, "ratio", &ratio));
    CHECK(ratio == 0.5); /* the declared default */
    CHECK_STATUS(NAVROUTER_OK, navrouter_match_param_bool(match, "on", &on));
    CHECK(on);
    CHECK_STATUS(NAVROUTER_EPARAM, navrouter_match_param_int(match, "kind", &id));
    CHECK(id == 0);
    CHECK_CONTAINS("parameter 'kind' is 'b', not an int", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_match_param_bool(match, "missing", &on));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_match_param_int(match, "id", NULL));
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_match_param_int(NULL, "id", &id));
    navrouter_match_free(match);
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_match_param_int(match, "id", &id));
    /* A segment of another type falls to the untyped route; a query value of another type is an error. */
    CHECK_STATUS(NAVROUTER_ENOTFOUND, navrouter_registry_resolve(registry, "/item/42/true/c/d", &match));
    CHECK_CONTAINS("(nearest: route '", navrouter_last_error());
    CHECK_CONTAINS("the URL has 5 segments; the pattern has only 4)", navrouter_last_error());
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, "/item/42/yes/b", &match));
    CHECK_STR("any", navrouter_match_route(match));
    navrouter_match_free(match);
    CHECK_STATUS(NAVROUTER_EPARAM, navrouter_registry_resolve(registry, "/item/1/false/a?ratio=x", &match));
    CHECK_CONTAINS("query parameter 'ratio' must be a double, not 'x'", navrouter_last_error());
    CHECK(match == NULL);

    navrouter_router *router = NULL;
    struct typed_reader reader = {0, 0, false, {1, 1, 1}};
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_new(&router, registry));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_set_navigator(router, read_typed_entry, &reader, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_navigate(router, "/item/-7/false/a?ratio=2.5", NULL, NULL));
    CHECK(reader.statuses[0] == NAVROUTER_OK && reader.id == -7);
    CHECK(reader.statuses[1] == NAVROUTER_OK && reader.ratio == 2.5);
    CHECK(reader.statuses[2] == NAVROUTER_OK && !reader.on);
    CHECK_STATUS(NAVROUTER_EINVAL, navrouter_entry_param_int(NULL, "id", &id));
    navrouter_router_free(router);
    navrouter_registry_free(registry);
}

/* A registration that fails leaves user_data to the caller: destroy is not called (the caller frees it). */
static int destroyed;
static void count_destroy(void *user_data) {
    (void)user_data;
    destroyed++;
}
static int proceed(navrouter_interception *interception, void *user_data) {
    (void)interception;
    (void)user_data;
    return NAVROUTER_DECISION_PROCEED;
}
static void *make_nothing(const navrouter_entry *entry, void *user_data) {
    (void)entry;
    return user_data;
}

static void test_a_failed_registration_does_not_call_destroy(void) {
    navrouter_registry *registry = harness_manifest_registry();
    navrouter_router *router = NULL;
    const char *unknown[] = {"prodcut"};
    destroyed = 0;
    CHECK_STATUS(NAVROUTER_EPATTERN, navrouter_registry_add_interceptor(
                                         registry, "bad", NAVROUTER_PHASE_BEFORE, NAVROUTER_PRIORITY_MEDIUM,
                                         "a/<float:x>", NULL, 0, 0, NULL, proceed, NULL, count_destroy, NULL));
    CHECK_STATUS(NAVROUTER_ENOTFOUND,
                 navrouter_registry_add_interceptor(registry, "bad", NAVROUTER_PHASE_BEFORE, NAVROUTER_PRIORITY_MEDIUM,
                                                    NULL, unknown, 1, 0, NULL, proceed, NULL, count_destroy, NULL));
    CHECK_STATUS(NAVROUTER_OK, navrouter_router_new(&router, registry));
    CHECK_STATUS(NAVROUTER_ENOTFOUND,
                 navrouter_router_set_handler(router, "prodcut", make_nothing, NULL, NULL, count_destroy));
    CHECK(destroyed == 0);
    CHECK_STATUS(NAVROUTER_OK,
                 navrouter_registry_add_interceptor(registry, "good", NAVROUTER_PHASE_BEFORE, NAVROUTER_PRIORITY_MEDIUM,
                                                    NULL, NULL, 0, 0, NULL, proceed, NULL, count_destroy, NULL));
    navrouter_router_free(router);
    navrouter_registry_free(registry);
    CHECK(destroyed == 1); /* the one that was kept, once */
}

int main(int argc, char **argv) {
    harness_init(argc, argv);
    RUN(test_versions_and_status_names);
    RUN(test_registry_lifecycle_and_bad_handles);
    RUN(test_add_route_errors);
    RUN(test_add_routes_all_or_nothing);
    RUN(test_manifest_and_route_json);
    RUN(test_resolve);
    RUN(test_typed_parameters);
    RUN(test_a_failed_registration_does_not_call_destroy);
    RUN(test_huge_and_invalid_input);
    RUN(test_policy);
    RUN(test_lookup_without_allocation);
    RUN(test_lookup_sees_every_change);
    RUN(test_each_registry_keeps_its_segment_limit);
    RUN(test_resolve_packed);
    RUN(test_route_names_of_every_length);
    RUN(test_strings_of_every_short_length);
    RUN(test_matches_of_every_size_share_no_memory);
    RUN(test_resolve_many_parameters);
    RUN(test_explain);
    RUN(test_build_url_round_trip);
    RUN(test_universal_links_and_links_from_paths);
    RUN(test_a_host_checks_a_manifest_with_its_registry);
    RUN(test_a_declared_route_is_checked_against_the_registry);
    RUN(test_remove_route_and_module);
    RUN(test_last_error_is_per_thread);
    RUN(test_threads_share_a_registry);
    RUN(test_handles_churning_stay_found); /* first: before the next test grows the table */
    RUN(test_many_handles_made_and_freed);
    return HARNESS_SUMMARY("c registry");
}
