/* What the C hosts that load libnavrouter.so with dlopen share: the function types they look up, opening the
 * library named on the command line, and copying a symbol into a function pointer. */
#ifndef NAVROUTER_TESTS_DLOPEN_HELPERS_H
#define NAVROUTER_TESTS_DLOPEN_HELPERS_H

#include "navrouter.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

typedef int (*registry_new_fn)(navrouter_registry **, uint32_t);
typedef int (*add_route_fn)(navrouter_registry *, const char *, const char *, uint32_t);
typedef int (*lookup_fn)(navrouter_registry *, const char *, size_t, uint32_t *, navrouter_range *, size_t, size_t *);
typedef void (*registry_free_fn)(navrouter_registry *);

/* Opens the library given as the only argument (RTLD_NOW | RTLD_LOCAL, as ctypes does). Returns NULL after saying
 * why on stderr; *status is then the exit status to return (2: usage, 1: dlopen failed). */
static void *open_library(int argc, char **argv, int *status) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s PATH_TO_LIBNAVROUTER\n", argv[0]);
        *status = 2;
        return NULL;
    }
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr, "dlopen failed: %s\n", dlerror());
        *status = 1;
    }
    return library;
}

/* Copies a dlsym result into a function pointer (ISO C has no cast between object and function pointers).
 * Returns whether the symbol was found. */
static int load(void *library, const char *name, void *function_pointer, size_t size) {
    void *address = dlsym(library, name);
    memcpy(function_pointer, &address, size);
    return address != NULL;
}

#endif
