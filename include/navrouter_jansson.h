/*
 * navrouter_jansson.h — static inline helpers for hosts that use Jansson: parameters and props as json_t *.
 *
 * Header-only: nothing here is exported by libnavrouter.so. Include it after <jansson.h> is available
 * (compile with $(pkg-config --cflags --libs navrouter jansson)).
 *
 * References follow Jansson's rules, written into each comment: "new reference" means the caller owns the
 * returned json_t * and must json_decref() it; arguments are borrowed (never stolen).
 * Thread-safety: as the navrouter_ functions they call.
 */
#ifndef NAVROUTER_JANSSON_H
#define NAVROUTER_JANSSON_H

#include <jansson.h>
#include <stdlib.h>

#include "navrouter.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Parses JSON text that navrouter returned; NULL for NULL text. @return a new reference, or NULL. */
static inline json_t *navrouter_jansson_parse(const char *text) {
    json_error_t error;
    return text ? json_loads(text, JSON_DECODE_ANY, &error) : NULL;
}

/** A match's merged parameters as a JSON object of strings. @return a new reference, or NULL for a bad match. */
static inline json_t *navrouter_jansson_match_params(const navrouter_match *match) {
    return navrouter_jansson_parse(navrouter_match_params_json(match));
}

/** A match's props object. @return a new reference, or NULL when the URL carried none. */
static inline json_t *navrouter_jansson_match_props(const navrouter_match *match) {
    return navrouter_jansson_parse(navrouter_match_props(match));
}

/** A match's query items as an array of [name, value] pairs. @return a new reference, or NULL for a bad match. */
static inline json_t *navrouter_jansson_match_query(const navrouter_match *match) {
    return navrouter_jansson_parse(navrouter_match_query_json(match));
}

/**
 * navrouter_registry_build_url() with parameters and props as json_t * objects (borrowed; either may be NULL).
 * @param[out] out_url owned; free with navrouter_string_free().
 * @return as navrouter_registry_build_url(); NAVROUTER_EINVAL when an object cannot be written as JSON.
 */
static inline int navrouter_jansson_build_url(navrouter_registry *registry, const char *route, const json_t *params,
                                              const json_t *props, const char *scheme, char **out_url) {
    char *params_text = params ? json_dumps(params, JSON_COMPACT) : NULL;
    char *props_text = props ? json_dumps(props, JSON_COMPACT) : NULL;
    int status = NAVROUTER_EINVAL;
    if ((params == NULL || params_text != NULL) && (props == NULL || props_text != NULL)) {
        status = navrouter_registry_build_url(registry, route, params_text, props_text, scheme, out_url);
    } else if (out_url) {
        *out_url = NULL;
    }
    free(params_text);
    free(props_text);
    return status;
}

#ifdef __cplusplus
}
#endif

#endif /* NAVROUTER_JANSSON_H */
