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

/** An entry's parameters as a JSON object of strings. @return a new reference, or NULL for NULL. */
static inline json_t *navrouter_jansson_entry_params(const navrouter_entry *entry) {
    return navrouter_jansson_parse(navrouter_entry_params_json(entry));
}

/** An entry's props. @return a new reference, or NULL when it has none. */
static inline json_t *navrouter_jansson_entry_props(const navrouter_entry *entry) {
    return navrouter_jansson_parse(navrouter_entry_props_json(entry));
}

/** An event's result (RESULT_DELIVERED). @return a new reference, or NULL when there is none. */
static inline json_t *navrouter_jansson_event_result(const navrouter_event *event) {
    return navrouter_jansson_parse(navrouter_event_result_json(event));
}

/** The whole event as a JSON object. @return a new reference, or NULL for NULL. */
static inline json_t *navrouter_jansson_event(const navrouter_event *event) {
    return navrouter_jansson_parse(navrouter_event_json(event));
}

/**
 * navrouter_router_navigate() with props as a json_t * object (borrowed; may be NULL) and flags.
 * @return as navrouter_router_navigate(); NAVROUTER_EINVAL when props cannot be written as JSON.
 */
static inline int navrouter_jansson_navigate(navrouter_router *router, const char *url, uint32_t flags,
                                             const json_t *props, uint64_t *out_id) {
    navrouter_nav_options options = NAVROUTER_NAV_OPTIONS_INIT;
    char *props_text = props ? json_dumps(props, JSON_COMPACT) : NULL;
    int status = NAVROUTER_EINVAL;
    options.flags = flags;
    options.props_json = props_text;
    if (props == NULL || props_text != NULL) status = navrouter_router_navigate(router, url, &options, out_id);
    free(props_text);
    return status;
}

/** navrouter_router_pop() with the result as a json_t * (borrowed; may be NULL). */
static inline int navrouter_jansson_pop(navrouter_router *router, size_t count, const json_t *result,
                                        uint64_t *out_id) {
    char *text = result ? json_dumps(result, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
    int status =
        (result == NULL || text != NULL) ? navrouter_router_pop(router, count, text, out_id) : NAVROUTER_EINVAL;
    free(text);
    return status;
}

/** navrouter_router_dismiss() with the result as a json_t * (borrowed; may be NULL). */
static inline int navrouter_jansson_dismiss(navrouter_router *router, size_t count, const json_t *result,
                                            uint64_t *out_id) {
    char *text = result ? json_dumps(result, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
    int status =
        (result == NULL || text != NULL) ? navrouter_router_dismiss(router, count, text, out_id) : NAVROUTER_EINVAL;
    free(text);
    return status;
}

#ifdef __cplusplus
}
#endif

#endif /* NAVROUTER_JANSSON_H */
