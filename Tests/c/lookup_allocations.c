/* navrouter_registry_lookup allocates nothing when it succeeds, as the header promises. This program counts
 * allocations (allocation_counter.h, which defines malloc and its kin): the calls made during 1,000 look-ups of each
 * kind of URL after a first one (which compiles the registry's table), and fails if any kind allocated: relative,
 * web and app links, a port, uppercase, escaped and non-ASCII segments, ASCII and non-ASCII literals. Not a test_*
 * program: run.sh runs it once, natively (valgrind has its own allocator). */
#define _GNU_SOURCE
#include <navrouter.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "allocation_counter.h"

int main(void) {
    navrouter_registry *registry;
    const char *domains[] = {"shop.example.com"};
    if (navrouter_registry_new(&registry, 0) != NAVROUTER_OK ||
        navrouter_registry_add_route(registry, "product", "shop/product/:id", 0) != NAVROUTER_OK ||
        navrouter_registry_add_route(registry, "cafe", "caf\xC3\xA9/:table", 0) != NAVROUTER_OK ||
        navrouter_registry_add_route(registry, "files", "files/*path", 0) != NAVROUTER_OK ||
        navrouter_registry_set_web_domains(registry, domains, 1) != NAVROUTER_OK) {
        printf("setup: %s\n", navrouter_last_error());
        return 1;
    }
    static char long_escaped[1024] = "/files/";
    for (int i = 0; i < 300; i++) strcat(long_escaped, "%41");
    const char *urls[] = {
        "/shop/product/42",
        "shop/product/42",
        "/SHOP/Product/42",
        "https://shop.example.com/shop/product/42",
        "HTTPS://SHOP.Example.COM:443/shop/product/42",
        "myapp://shop/product/42",
        "/shop/product/%34%32",
        "/shop/product/caf\xC3\xA9-cr\xC3\xA8me-br\xC3\xBBl\xC3\xA9"
        "e",
        "/caf\xC3\xA9/1",
        "/CAF%C3%A9/1",
        "/caf%C3%A9/1",
        "/files/a/b/c?x=1#top",
        long_escaped,
    };
    int failed = 0;
    for (size_t u = 0; u < sizeof urls / sizeof *urls; u++) {
        navrouter_range ranges[16];
        uint32_t route;
        size_t count;
        size_t length = strlen(urls[u]);
        if (navrouter_registry_lookup(registry, urls[u], length, &route, ranges, 16, &count) != NAVROUTER_OK) {
            printf("FAIL %.60s: %s\n", urls[u], navrouter_last_error());
            failed = 1;
            continue;
        }
        allocation_counter_start();
        for (int i = 0; i < 1000; i++)
            if (navrouter_registry_lookup(registry, urls[u], length, &route, ranges, 16, &count) != NAVROUTER_OK)
                return 1;
        allocation_counter_stop();
        printf("%-4s %ld allocations in 1,000 look-ups of %.60s\n", allocation_calls ? "FAIL" : "ok", allocation_calls,
               urls[u]);
        failed |= allocation_calls != 0;
    }
    navrouter_registry_free(registry);
    return failed;
}
