/*
 * navrouter.h — the C interface of navrouter, an embeddable, UI-agnostic navigation router.
 *
 * Conventions (they hold for every function below unless its comment says otherwise):
 *
 *  - Every symbol starts with navrouter_ / NAVROUTER_. Handles are opaque.
 *  - A function that can fail returns an int status: NAVROUTER_OK (0), a negative NAVROUTER_E... error, or a
 *    positive non-error outcome. On failure, out-parameters are set to NULL / 0 and
 *    navrouter_last_error() says what went wrong.
 *  - Input strings are UTF-8 and NUL-terminated; they are copied before the call returns. Invalid UTF-8 gives
 *    NAVROUTER_EINVAL.
 *  - Borrowed output (const char *) says how long it stays valid. Owned output (char **out_...) must be freed
 *    with navrouter_string_free() and nothing else.
 *  - NULL handles and NULL required arguments give NAVROUTER_EINVAL, never a crash. A handle used after its
 *    _free gives NAVROUTER_EDESTROYED (the library tracks live handles; a freed address reused by a new handle
 *    of the same kind cannot be told apart).
 *  - Thread-safety: every function may be called from any thread at any time, including from inside a
 *    callback of this library. A failed call leaves every state exactly as it was.
 *
 * Link with -lnavrouter (pkg-config: navrouter). The Swift runtime is linked into the library; it needs only
 * libc, libm, libstdc++, libgcc_s and libjansson.
 */
#ifndef NAVROUTER_H
#define NAVROUTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------------------
 * Version
 * ------------------------------------------------------------------------------------------------------- */

/** Major version: changes with incompatible API changes. */
#define NAVROUTER_VERSION_MAJOR 0
/** Minor version: changes with compatible additions. */
#define NAVROUTER_VERSION_MINOR 1
/** Patch version. */
#define NAVROUTER_VERSION_PATCH 0
/** MAJOR * 10000 + MINOR * 100 + PATCH. */
#define NAVROUTER_VERSION_NUMBER (NAVROUTER_VERSION_MAJOR * 10000 + NAVROUTER_VERSION_MINOR * 100 + NAVROUTER_VERSION_PATCH)
/** The version as text. */
#define NAVROUTER_VERSION_STRING "0.1.0"
/** The ABI version: the shared library's soname is libnavrouter.so.<ABI>. */
#define NAVROUTER_ABI_VERSION 1

/* ---------------------------------------------------------------------------------------------------------
 * Status codes (append-only)
 * ------------------------------------------------------------------------------------------------------- */

/** Success. */
#define NAVROUTER_OK 0
/** An argument is invalid: NULL, empty, not UTF-8, out of range, an unknown flag. */
#define NAVROUTER_EINVAL (-1)
/** No route matches the URL, or no route/module has that name. */
#define NAVROUTER_ENOTFOUND (-2)
/** The route's name is taken, or another route matches exactly the same URLs (the message names both). */
#define NAVROUTER_ECONFLICT (-3)
/** Refused by policy: the URL's web domain or scheme is not one of the app's. */
#define NAVROUTER_EDENIED (-4)
/** The command was cancelled. */
#define NAVROUTER_ECANCELLED (-5)
/** A host callback failed or refused. */
#define NAVROUTER_ECALLBACK (-6)
/** The URL is malformed: a bad %XX escape, an empty or dot segment, a control character, invalid UTF-8. */
#define NAVROUTER_EMALFORMED (-7)
/** A route pattern is invalid (the message says what and where). */
#define NAVROUTER_EPATTERN (-8)
/** JSON text is invalid or of the wrong shape (the message carries Jansson's message and position). */
#define NAVROUTER_EJSON (-9)
/** A limit was exceeded: URL length, segment count, a buffer given by the caller. */
#define NAVROUTER_ELIMIT (-10)
/** A required parameter is missing, or a parameter has the wrong type. */
#define NAVROUTER_EPARAM (-11)
/** The handle was already freed. */
#define NAVROUTER_EDESTROYED (-12)

/* ---------------------------------------------------------------------------------------------------------
 * Handles
 * ------------------------------------------------------------------------------------------------------- */

/** A set of routes: register, resolve, explain, build URLs. Shared by any number of threads. */
typedef struct navrouter_registry navrouter_registry;
/** The result of resolving a URL: immutable, readable from any thread until freed. */
typedef struct navrouter_match navrouter_match;

/** A byte range [start, end) into a string the caller passed in. */
typedef struct navrouter_range {
    uint32_t start;
    uint32_t end;
} navrouter_range;

/* ---------------------------------------------------------------------------------------------------------
 * Library
 * ------------------------------------------------------------------------------------------------------- */

/** The library's version as MAJOR * 10000 + MINOR * 100 + PATCH. Thread-safety: any thread. */
uint32_t navrouter_version(void);

/** The library's version as text. @return a static string; never NULL. */
const char *navrouter_version_string(void);

/** The library's ABI version (compare it with NAVROUTER_ABI_VERSION). */
uint32_t navrouter_abi_version(void);

/**
 * The message of the last failure of a navrouter_ call on this thread.
 * @return a borrowed string, valid until the next navrouter_ call on this thread; never NULL ("" when the
 *         last call succeeded). Not the way to detect failure: use the status code.
 */
const char *navrouter_last_error(void);

/**
 * The name of a status code, e.g. "NAVROUTER_ENOTFOUND".
 * @return a static string; "NAVROUTER_UNKNOWN" for a code this version does not know.
 */
const char *navrouter_status_name(int status);

/** Frees a string this library returned through a char ** out-parameter. NULL is a no-op. */
void navrouter_string_free(char *string);

/* ---------------------------------------------------------------------------------------------------------
 * Registry
 * ------------------------------------------------------------------------------------------------------- */

/** navrouter_registry_new flag: literals match case-sensitively (default: case-insensitively). */
#define NAVROUTER_REGISTRY_CASE_SENSITIVE 0x1u

/**
 * Creates an empty registry.
 * @param[out] out the new registry; NULL on failure. Free it with navrouter_registry_free().
 * @param flags 0 or NAVROUTER_REGISTRY_CASE_SENSITIVE.
 * @return NAVROUTER_OK, or NAVROUTER_EINVAL (NULL out, unknown flag).
 */
int navrouter_registry_new(navrouter_registry **out, uint32_t flags);

/** Frees a registry. NULL is a no-op; a second free is detected and ignored. */
void navrouter_registry_free(navrouter_registry *registry);

/**
 * Sets the app's web domains: an http/https URL addresses the app only when its host is one of them
 * (the domain is then dropped). With none set, every http/https URL is refused with NAVROUTER_EDENIED.
 * @param domains an array of count domain names (e.g. "shop.example.com"); may be NULL when count is 0.
 * @return NAVROUTER_OK or NAVROUTER_EINVAL; on failure the old list stays.
 */
int navrouter_registry_set_web_domains(navrouter_registry *registry, const char *const *domains, size_t count);

/**
 * Sets the app's custom schemes: a URL with another custom scheme is refused (NAVROUTER_EDENIED).
 * An empty list (the default) accepts any custom scheme.
 * @return NAVROUTER_OK or NAVROUTER_EINVAL (e.g. "https" is not a custom scheme); on failure the old list stays.
 */
int navrouter_registry_set_schemes(navrouter_registry *registry, const char *const *schemes, size_t count);

/**
 * Sets the limits applied to every URL: its length in bytes (default 8192) and its path segments (default 64).
 * @return NAVROUTER_OK or NAVROUTER_EINVAL (0, or above 2^30 bytes / 4096 segments).
 */
int navrouter_registry_set_limits(navrouter_registry *registry, size_t max_url_length, size_t max_segments);

/** Route flags: pushed onto the current stack (the default). */
#define NAVROUTER_ROUTE_PUSH 0x0u
/** Route flags: presented in a new modal layer as a sheet. */
#define NAVROUTER_ROUTE_MODAL_SHEET 0x1u
/** Route flags: presented in a new modal layer that covers the screen. */
#define NAVROUTER_ROUTE_MODAL_FULLSCREEN 0x2u
/** Route flags: the root of a tab. */
#define NAVROUTER_ROUTE_ROOT 0x3u
/** Route flags: the bits that hold one of the presentations above. */
#define NAVROUTER_ROUTE_PRESENTATION_MASK 0xFu
/** Route flags: only an authenticated user may open the route. */
#define NAVROUTER_ROUTE_REQUIRES_AUTH 0x10u
/** Route flags: the route may be opened by an external link. */
#define NAVROUTER_ROUTE_EXTERNAL 0x20u

/**
 * Registers a route. Patterns: [scheme://]host/seg/...; segments are literals, :name or <name>, <int:name>,
 * <uuid:name>, and a last *name or <path:name> catch-all. For required parameters, metadata and parent
 * routes, use navrouter_registry_load_manifest().
 * @param name a unique, non-empty name.
 * @param pattern the pattern, e.g. "shop/product/<int:id>".
 * @param flags a presentation and NAVROUTER_ROUTE_REQUIRES_AUTH / NAVROUTER_ROUTE_EXTERNAL.
 * @return NAVROUTER_OK, NAVROUTER_EINVAL, NAVROUTER_EPATTERN, or NAVROUTER_ECONFLICT (name taken, or another
 *         route matches exactly the same URLs).
 */
int navrouter_registry_add_route(navrouter_registry *registry, const char *name, const char *pattern, uint32_t flags);

/**
 * Loads a JSON manifest all-or-nothing: {"module": "shop", "routes": [...]}, a list of such modules, or
 * {"modules": [...]}. A route is {"name", "pattern", "presentation": "push"|"modal"|"root",
 * "style": "sheet"|"fullscreen", "requires_auth", "external", "required_parameters": [...], "metadata": {...},
 * "parent": "name"}.
 * @param[out] out_count the number of routes loaded; may be NULL.
 * @return NAVROUTER_OK, NAVROUTER_EJSON / NAVROUTER_EPATTERN / NAVROUTER_EINVAL (the message names the module,
 *         the route and the field), or NAVROUTER_ECONFLICT. On failure no route is registered.
 */
int navrouter_registry_load_manifest(navrouter_registry *registry, const char *json, size_t *out_count);

/** Removes a route by name. @return NAVROUTER_OK, NAVROUTER_EINVAL or NAVROUTER_ENOTFOUND. */
int navrouter_registry_remove_route(navrouter_registry *registry, const char *name);

/**
 * Removes every route of a module.
 * @param[out] out_removed how many routes were removed; may be NULL.
 * @return NAVROUTER_OK (also when none was), or NAVROUTER_EINVAL.
 */
int navrouter_registry_remove_module(navrouter_registry *registry, const char *module, size_t *out_removed);

/** The number of routes. @param[out] out_count receives it. @return NAVROUTER_OK or NAVROUTER_EINVAL. */
int navrouter_registry_route_count(navrouter_registry *registry, size_t *out_count);

/**
 * One route as JSON: {"name", "pattern", "presentation", "style", "requires_auth", "external",
 * "required_parameters", "metadata", "parent", "module", "parameters"}.
 * @param[out] out_json owned; free with navrouter_string_free().
 * @return NAVROUTER_OK, NAVROUTER_EINVAL or NAVROUTER_ENOTFOUND.
 */
int navrouter_registry_route_json(navrouter_registry *registry, const char *name, char **out_json);

/**
 * Every route as a JSON array (registration order), each as in navrouter_registry_route_json().
 * @param[out] out_json owned; free with navrouter_string_free().
 */
int navrouter_registry_routes_json(navrouter_registry *registry, char **out_json);

/**
 * Resolves a deep link: absolute ("myapp://shop/product/42", "https://<listed domain>/shop/product/42") or
 * relative ("/shop/product/42", "shop/product/42").
 * @param[out] out the match; NULL on failure. Free it with navrouter_match_free().
 * @return NAVROUTER_OK, NAVROUTER_EINVAL, NAVROUTER_ELIMIT, NAVROUTER_EDENIED, NAVROUTER_EMALFORMED,
 *         NAVROUTER_ENOTFOUND, NAVROUTER_EJSON (bad props in the URL) or NAVROUTER_EPARAM (a required
 *         parameter is missing).
 */
int navrouter_registry_resolve(navrouter_registry *registry, const char *url, navrouter_match **out);

/**
 * Resolves a URL without allocating: the route's index and each path segment's byte range in url.
 * The query and fragment are checked for control characters only (navrouter_registry_resolve decodes them).
 * @param url the URL's bytes (need not be NUL-terminated).
 * @param length the number of bytes.
 * @param[out] out_route_index the route's index in registration order (see navrouter_registry_route_name()).
 * @param[out] segments receives up to capacity ranges; may be NULL when capacity is 0.
 * @param capacity the size of segments; a path with more segments gives NAVROUTER_ELIMIT.
 * @param[out] out_segment_count the number of segments; may be NULL.
 * @return as navrouter_registry_resolve, without NAVROUTER_EJSON and NAVROUTER_EPARAM.
 */
int navrouter_registry_lookup(navrouter_registry *registry, const char *url, size_t length, uint32_t *out_route_index,
                              navrouter_range *segments, size_t capacity, size_t *out_segment_count);

/**
 * The name of the route at an index (registration order) of the current route list.
 * @param[out] out_name owned; free with navrouter_string_free().
 * @return NAVROUTER_OK, NAVROUTER_EINVAL or NAVROUTER_ENOTFOUND (index out of range).
 */
int navrouter_registry_route_name(navrouter_registry *registry, uint32_t index, char **out_name);

/**
 * Explains how a URL resolves: {"url", "winner", "status", "error", "candidates": [{"route", "pattern",
 * "matched", "won", "reason"}]}. A URL that does not resolve is explained too (status and error say why).
 * @param[out] out_json owned; free with navrouter_string_free().
 * @return NAVROUTER_OK or NAVROUTER_EINVAL.
 */
int navrouter_registry_explain(navrouter_registry *registry, const char *url, char **out_json);

/**
 * Builds a deep link to a route (reverse routing). Values are percent-encoded; parameters not in the path
 * become query items; props travel base64url-encoded in the "_props" query item. Resolving the URL gives
 * back the same route, parameters and props.
 * @param route the route's name.
 * @param params_json a JSON object of string values, or NULL for none.
 * @param props_json a JSON object to carry, or NULL.
 * @param scheme a scheme ("myapp" gives "myapp://..."), or NULL for a relative "/...".
 * @param[out] out_url owned; free with navrouter_string_free().
 * @return NAVROUTER_OK, NAVROUTER_EINVAL, NAVROUTER_ENOTFOUND, NAVROUTER_EPARAM (missing or mistyped),
 *         NAVROUTER_EJSON, or NAVROUTER_ECONFLICT (a value equals a more specific route's literal).
 */
int navrouter_registry_build_url(navrouter_registry *registry, const char *route, const char *params_json,
                                 const char *props_json, const char *scheme, char **out_url);

/* ---------------------------------------------------------------------------------------------------------
 * Match (read-only; every returned const char * is valid until navrouter_match_free)
 * ------------------------------------------------------------------------------------------------------- */

/** The matched route's name; NULL only for a NULL or freed match. */
const char *navrouter_match_route(const navrouter_match *match);

/** The URL as given; NULL only for a NULL or freed match. */
const char *navrouter_match_url(const navrouter_match *match);

/**
 * A parameter's decoded value (path parameters win over query items of the same name).
 * @return the value, or NULL when the match has no such parameter.
 */
const char *navrouter_match_param(const navrouter_match *match, const char *name);

/** The catch-all's part of the path, still percent-encoded; NULL when the route has no catch-all. */
const char *navrouter_match_remainder(const navrouter_match *match);

/** The decoded fragment; NULL when the URL has none. */
const char *navrouter_match_fragment(const navrouter_match *match);

/** The props carried in the URL as compact JSON text (sorted keys); NULL when it carries none. */
const char *navrouter_match_props(const navrouter_match *match);

/** The merged parameters as a JSON object of strings. Borrowed; "{}" when there are none. */
const char *navrouter_match_params_json(const navrouter_match *match);

/** The path parameters as a JSON object of strings. Borrowed. */
const char *navrouter_match_path_params_json(const navrouter_match *match);

/** Every query item in order, repeats included, as a JSON array of [name, value] pairs. Borrowed. */
const char *navrouter_match_query_json(const navrouter_match *match);

/** Frees a match. NULL is a no-op; a second free is detected and ignored. */
void navrouter_match_free(navrouter_match *match);

#ifdef __cplusplus
}
#endif

#endif /* NAVROUTER_H */
