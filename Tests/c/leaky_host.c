/* A host with a real leak: valgrind with Tests/sanitizers/valgrind.supp must still report it (the suppressions are
 * for the Swift runtime's caches only). */
#include <navrouter.h>

#include <stdlib.h>
#include <string.h>

int main(void) {
    navrouter_registry *registry = NULL;
    char *leaked = malloc(64);
    if (navrouter_registry_new(&registry, 0) != NAVROUTER_OK) return 1;
    navrouter_registry_add_route(registry, "home", "home", 0);
    memset(leaked, 1, 64);
    leaked = NULL; /* lost */
    navrouter_registry_free(registry);
    return 0;
}
