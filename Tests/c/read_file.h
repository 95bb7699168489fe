/* The one file reader of the C test programs, the fuzz targets and the stress program. */
#ifndef NAVROUTER_TEST_READ_FILE_H
#define NAVROUTER_TEST_READ_FILE_H

#include <stdio.h>
#include <stdlib.h>

/* A whole file as a NUL-terminated string (malloc'd; the caller frees it), or NULL. */
static char *read_whole_file(const char *path) {
    FILE *file = fopen(path, "rb");
    char *text;
    long size;
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    size = ftell(file);
    fseek(file, 0, SEEK_SET);
    text = size < 0 ? NULL : malloc((size_t)size + 1);
    if (text && fread(text, 1, (size_t)size, file) != (size_t)size) {
        free(text);
        text = NULL;
    }
    if (text) text[size] = '\0';
    fclose(file);
    return text;
}

#endif
