/* What the fuzz targets share: the example manifest, a failure that stops the fuzzer with a message, and a small
 * JSON reader over Jansson. Each target is a libFuzzer program over the C ABI of a library built with ASan and
 * coverage (scripts/fuzz.sh builds and runs them). */
#ifndef NAVROUTER_FUZZ_SUPPORT_H
#define NAVROUTER_FUZZ_SUPPORT_H

#include <navrouter.h>
#include <navrouter_jansson.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../c/read_file.h"

/* Stops the fuzzer: a broken promise is a finding, as a crash is. */
static void fuzz_fail(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    fprintf(stderr, "FUZZ FINDING: ");
    vfprintf(stderr, format, arguments);
    fprintf(stderr, "\n");
    va_end(arguments);
    abort();
}

#define FUZZ_CHECK(condition, ...)                                                                                     \
    do {                                                                                                               \
        if (!(condition)) fuzz_fail(__VA_ARGS__);                                                                      \
    } while (0)

/* The example shop manifest (NAVROUTER_FUZZ_MANIFEST, else examples/manifests/shop.json from the repository). */
static char *fuzz_shop_manifest(void) {
    const char *path = getenv("NAVROUTER_FUZZ_MANIFEST");
    char *text = read_whole_file(path ? path : "examples/manifests/shop.json");
    if (!text) fuzz_fail("cannot read the shop manifest (run from the repository's root)");
    return text;
}

/* A registry with the shop's routes. */
static navrouter_registry *fuzz_shop_registry(void) {
    navrouter_registry *registry = NULL;
    char *manifest = fuzz_shop_manifest();
    const char *domains[] = {"shop.example.com"};
    if (navrouter_registry_new(&registry, 0) != NAVROUTER_OK ||
        navrouter_registry_load_manifest(registry, manifest, NULL) != NAVROUTER_OK ||
        navrouter_registry_set_web_domains(registry, domains, 1) != NAVROUTER_OK)
        fuzz_fail("cannot set up the shop registry: %s", navrouter_last_error());
    free(manifest);
    return registry;
}

/* Whether a status is one the header lists (a negative error, OK, or a positive outcome). */
static int fuzz_known_status(int status) {
    return status >= NAVROUTER_EEXTERNAL && status <= NAVROUTER_HANDLED;
}

/* A copy of bytes as a NUL-terminated string, or NULL when they contain a NUL. */
static char *fuzz_string(const uint8_t *data, size_t size) {
    char *text;
    if (memchr(data, 0, size)) return NULL;
    text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

#endif
