/* The typed link builders `navrouter gen c` wrote for the shop (examples/c/shop_routes.h), compiled with -Werror:
 * each builds its route's link, and a resolve gives back the route and the parameters given. */
#include "../../examples/c/shop_routes.h"
#include "harness.h"

static navrouter_registry *shop(void) {
    return harness_manifest_registry();
}

static void test_each_builder_builds_its_routes_link(void) {
    navrouter_registry *registry = shop();
    navrouter_match *match = NULL;
    char *url = NULL;
    CHECK_STATUS(NAVROUTER_OK, nr_url_product(registry, INT64_C(-42), NULL, &url));
    CHECK_STR("/shop/product/-42", url);
    navrouter_string_free(url);
    CHECK_STATUS(NAVROUTER_OK, nr_url_category(registry, "a \"quoted\\\" b/c\n", "myapp", &url));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_resolve(registry, url, &match));
    CHECK_STR(NR_ROUTE_CATEGORY, navrouter_match_route(match));
    CHECK_STR("a \"quoted\\\" b/c\n", navrouter_match_param(match, "slug"));
    navrouter_match_free(match);
    navrouter_string_free(url);
    CHECK_STATUS(NAVROUTER_OK, nr_url_search(registry, "garden hose", NULL, &url));
    CHECK_STR("/shop/search?q=garden%20hose", url);
    navrouter_string_free(url);
    CHECK_STATUS(NAVROUTER_OK, nr_url_help(registry, "shipping/returns", NULL, &url));
    CHECK_STR("/help/shipping/returns", url);
    navrouter_string_free(url);
    CHECK_STATUS(NAVROUTER_OK, nr_url_home(registry, NULL, &url));
    CHECK_STR("/shop/home", url);
    navrouter_string_free(url);
    navrouter_registry_free(registry);
}

static void test_a_builder_refuses_what_its_route_refuses(void) {
    navrouter_registry *registry = shop();
    char *url = (char *)"untouched";
    CHECK_STATUS(NAVROUTER_EINVAL, nr_url_category(registry, NULL, NULL, &url));
    CHECK(url == NULL);
    CHECK_STATUS(NAVROUTER_EINVAL, nr_url_order(registry, "", NULL, &url));
    CHECK_STATUS(NAVROUTER_EPARAM, nr_url_order(registry, "not-a-uuid", NULL, &url));
    CHECK_STATUS(NAVROUTER_OK, navrouter_registry_remove_route(registry, "not-found"));
    CHECK_STATUS(NAVROUTER_ENOTFOUND, nr_url_not_found(registry, NULL, &url));
    navrouter_registry_free(registry);
}

int main(int argc, char **argv) {
    harness_init(argc, argv);
    RUN(test_each_builder_builds_its_routes_link);
    RUN(test_a_builder_refuses_what_its_route_refuses);
    return HARNESS_SUMMARY("c generated routes");
}
