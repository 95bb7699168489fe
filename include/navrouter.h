/*
 * navrouter.h — the C interface of navrouter, an embeddable, UI-agnostic navigation router.
 *
 * Conventions (they hold for every function below unless its comment says otherwise):
 *
 *  - Every symbol starts with navrouter_ / NAVROUTER_. Handles are opaque.
 *  - A function that can fail returns an int status: NAVROUTER_OK (0), a negative NAVROUTER_E... error, or a
 *    positive non-error outcome. On failure, out-parameters are set to NULL / 0 and
 *    navrouter_last_error() says what went wrong.
 *  - Input strings are UTF-8 and NUL-terminated; they are copied before the call returns. Invalid UTF-8 in a URL
 *    gives NAVROUTER_EMALFORMED (navrouter_registry_lookup says when another error comes first), in any other
 *    string NAVROUTER_EINVAL.
 *  - Borrowed output (const char *) says how long it stays valid. Owned output (char **out_...) must be freed
 *    with navrouter_string_free() and nothing else.
 *  - NULL handles and NULL required arguments give NAVROUTER_EINVAL, never a crash. A handle used after its
 *    _free gives NAVROUTER_EDESTROYED (the library tracks live handles; a freed address reused by a new handle
 *    of the same kind cannot be told apart).
 *  - Thread-safety: every function may be called from any thread at any time, including from inside a
 *    callback of this library, and a handle may be freed from inside its own callbacks (the command in flight
 *    then fails with NAVROUTER_EDESTROYED; views are released once, when it has unwound). A failed call leaves
 *    every state exactly as it was.
 *  - A router runs one command at a time, in the order they were issued. A command issued on another thread
 *    while one runs waits for it, then runs on its own thread and returns its own status. A command issued from
 *    inside a callback of the running command (or by a thread inside a command of another router), or while
 *    the router waits for the host's transition, is queued (NAVROUTER_QUEUED) and run by the thread running
 *    commands; commands queued by a command that fails are discarded with it (each reported by a COMMAND_FAILED
 *    event; a command the navigator issues in reaction to that event is a new one, and runs), and at most 1024
 *    are queued from callbacks in one run (then NAVROUTER_ELIMIT: a callback that issues a command for every
 *    event is stopped).
 *
 * Options cross this boundary three ways, each for one kind: bit flags (uint32_t) for yes/no choices fixed at the
 * call (a route's presentation and flags, a registry's, NAVROUTER_RESTORE_TOLERANT); a versioned structure, initialised
 * with its _INIT macro, for a call's options that grow over releases (navrouter_nav_options,
 * navrouter_restore_options: a library reads every version it knows, and refuses newer ones); JSON for a router's
 * or a value's settings that bindings read and write as data (navrouter_router_set_options_json, props, snapshots).
 *
 * Link with -lnavrouter (pkg-config: navrouter). The Swift runtime is linked into the library; it needs only
 * libc, libm, libstdc++, libgcc_s and libjansson. Its thread-local variables (256 bytes) use glibc's static TLS
 * block: loaded with dlopen(), it takes them from the surplus glibc keeps for that, and fails with "cannot
 * allocate memory in static TLS block" only where other libraries used it up (then raise it, e.g.
 * GLIBC_TUNABLES=glibc.rtld.optional_static_tls=4096). Once loaded it stays loaded: dlclose() does not unmap it
 * (it is linked with -z nodelete), so a thread that used it may outlive a host's dlclose (as the JVM's unloading
 * does) and exit safely.
 */
#ifndef NAVROUTER_H
#define NAVROUTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Every function of the library is NAVROUTER_API (visible from the shared library; the exports map lists exactly
 * these). NAVROUTER_NODISCARD marks the functions whose status says whether what they hand out (through an out_
 * parameter) is there at all: a compiler warns when a call ignores it. (GCC warns even through a (void) cast: read
 * the status.) A host that cannot yet read every such status defines NAVROUTER_NODISCARD as empty before including
 * this header (-DNAVROUTER_NODISCARD=). */
#if defined(__GNUC__) || defined(__clang__)
#define NAVROUTER_API __attribute__((visibility("default")))
#ifndef NAVROUTER_NODISCARD
#define NAVROUTER_NODISCARD __attribute__((warn_unused_result))
#endif
#else
#define NAVROUTER_API
#ifndef NAVROUTER_NODISCARD
#define NAVROUTER_NODISCARD
#endif
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
#define NAVROUTER_VERSION_NUMBER                                                                                       \
    (NAVROUTER_VERSION_MAJOR * 10000 + NAVROUTER_VERSION_MINOR * 100 + NAVROUTER_VERSION_PATCH)
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
/** The URL is malformed: a bad %XX escape, an empty or dot segment, a control character, a space at the start or end,
 * a raw '\' in the path, a ':' in a relative link's first segment, a ':' or '@' in an app link's host, invalid UTF-8.
 */
#define NAVROUTER_EMALFORMED (-7)
/** A route pattern is invalid (the message says what and where). */
#define NAVROUTER_EPATTERN (-8)
/** JSON text is invalid or of the wrong shape (the message carries Jansson's message and position). */
#define NAVROUTER_EJSON (-9)
/** The deepest nesting of arrays and objects a JSON value may have (props, results, metadata, saved state, app
 *  data, options): deeper gives NAVROUTER_EJSON, so that every binding's JSON reader reads what the library writes. */
#define NAVROUTER_JSON_MAX_DEPTH 512
/** The deepest nesting of the library's documents that carry such values (snapshots, manifests, transaction log
 *  lines): their own structure around values at the limit fits in the extra levels. */
#define NAVROUTER_JSON_MAX_DOCUMENT_DEPTH (NAVROUTER_JSON_MAX_DEPTH + 16)
/** A limit was exceeded: URL length, segment count, a buffer given by the caller. */
#define NAVROUTER_ELIMIT (-10)
/** A required parameter is missing, or a parameter has the wrong type. */
#define NAVROUTER_EPARAM (-11)
/** The handle was already freed. */
#define NAVROUTER_EDESTROYED (-12)
/** An external link tried to open a route that is not flagged external. */
#define NAVROUTER_EEXTERNAL (-13)

/** Not an error: the command was queued behind a running command or an unfinished transition (see *out_id). */
#define NAVROUTER_QUEUED 1
/** Not an error: the command waits as a pending flow (an interceptor's or the login step's; *out_id is the flow). */
#define NAVROUTER_PENDING 2
/** Not an error: the authentication handler claimed the URL as a callback; it was not routed. */
#define NAVROUTER_HANDLED 3

/* ---------------------------------------------------------------------------------------------------------
 * Handles
 * ------------------------------------------------------------------------------------------------------- */

/** A set of routes: register, resolve, explain, build URLs. Shared by any number of threads. */
typedef struct navrouter_registry navrouter_registry;
/** The result of resolving a URL: immutable, readable from any thread until freed. */
typedef struct navrouter_match navrouter_match;
/** The navigation state of one window or scene (tabs, modal layers, stacks) over a registry. */
typedef struct navrouter_router navrouter_router;
/** A navigation event, borrowed: valid only during the navigator callback that receives it. */
typedef struct navrouter_event navrouter_event;
/** An entry of a stack, borrowed: valid only during the callback (or the event) that hands it out. */
typedef struct navrouter_entry navrouter_entry;
/** What an interceptor is asked, borrowed: valid only during the interceptor callback. */
typedef struct navrouter_interception navrouter_interception;

/** A byte range [start, end) into a string the caller passed in. */
typedef struct navrouter_range {
    uint32_t start;
    uint32_t end;
} navrouter_range;

/* ---------------------------------------------------------------------------------------------------------
 * Library
 * ------------------------------------------------------------------------------------------------------- */

/** The library's version as MAJOR * 10000 + MINOR * 100 + PATCH. Thread-safety: any thread. */
NAVROUTER_API uint32_t navrouter_version(void);

/** The library's version as text. @return a static string; never NULL. */
NAVROUTER_API const char *navrouter_version_string(void);

/** The library's ABI version (compare it with NAVROUTER_ABI_VERSION). */
NAVROUTER_API uint32_t navrouter_abi_version(void);

/**
 * The message of the last failure of a navrouter_ call on this thread.
 * @return a borrowed string, valid until the next navrouter_ call on this thread; never NULL ("" when the
 *         last call succeeded). Not the way to detect failure: use the status code.
 */
NAVROUTER_API const char *navrouter_last_error(void);

/**
 * The name of a status code, e.g. "NAVROUTER_ENOTFOUND".
 * @return a static string; "NAVROUTER_UNKNOWN" for a code this version does not know.
 */
NAVROUTER_API const char *navrouter_status_name(int status);

/** Frees a string this library returned through a char ** out-parameter. NULL is a no-op. */
NAVROUTER_API void navrouter_string_free(char *string);

/* ---------------------------------------------------------------------------------------------------------
 * Registry
 * ------------------------------------------------------------------------------------------------------- */

/** navrouter_registry_new flag: literals match case-sensitively (default: case-insensitively, with Unicode's full case
 * folding: "STRASSE" matches "straße", "ΣΊΣΥΦΟΣ" matches "σίσυφος"; bytes are never normalised). */
#define NAVROUTER_REGISTRY_CASE_SENSITIVE 0x1u

/**
 * Creates an empty registry.
 * @param[out] out the new registry; NULL on failure. Free it with navrouter_registry_free().
 * @param flags 0 or NAVROUTER_REGISTRY_CASE_SENSITIVE.
 * @return NAVROUTER_OK, or NAVROUTER_EINVAL (NULL out, unknown flag).
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_registry_new(navrouter_registry **out, uint32_t flags);

/**
 * Frees a registry. NULL is a no-op; a second free is detected and ignored. Routers made on it keep it alive
 * until they are freed, and so does another thread's last navrouter_registry_lookup() (see there) for its table.
 */
NAVROUTER_API void navrouter_registry_free(navrouter_registry *registry);

/**
 * Sets the app's web domains: an http/https URL addresses the app only when its host is one of them
 * (the domain is then dropped). With none set, every http/https URL is refused with NAVROUTER_EDENIED. A change of
 * the URL policy (this, navrouter_registry_set_schemes(), navrouter_registry_set_limits()) refreshes every router
 * on the registry, as removing a route does: an entry whose link the new policy refuses goes with the entries above
 * it (POP / DISMISS events to that router's navigator, on this thread), so that a router's state holds only what the
 * registry can read, and its snapshot restores.
 * @param domains an array of count domain names (e.g. "shop.example.com"), any case; may be NULL when count is 0.
 *        A domain is ASCII labels of letters, digits, '-' and '_' as links carry it: a wildcard ("*.example.com"),
 *        a trailing dot, white space, a scheme or port, or an internationalised domain in its Unicode form (list
 *        its "xn--" form, which the message gives: "bücher.example" is "xn--bcher-kva.example") is refused.
 * @return NAVROUTER_OK or NAVROUTER_EINVAL; on failure the old list stays.
 */
NAVROUTER_API int navrouter_registry_set_web_domains(navrouter_registry *registry, const char *const *domains,
                                                     size_t count);

/**
 * Sets the app's custom schemes: a URL with another custom scheme is refused (NAVROUTER_EDENIED).
 * An empty list (the default) accepts any custom scheme but the well-known ones that are never an app's (about,
 * blob, chrome, content, data, file, filesystem, ftp, ftps, intent, javascript, jar, mailto, sms, tel, vbscript,
 * view-source, ws, wss), which every policy refuses. A URL whose scheme is not followed by "//"
 * ("javascript:alert(1)", "mailto:a@b.c") is always refused: every URL that starts with an RFC 3986 scheme is
 * subject to this policy, and a relative link's first segment cannot contain ':'.
 * @return NAVROUTER_OK or NAVROUTER_EINVAL (e.g. "https" or "file" is not a custom scheme); on failure the old list
 *         stays.
 */
NAVROUTER_API int navrouter_registry_set_schemes(navrouter_registry *registry, const char *const *schemes,
                                                 size_t count);

/**
 * Sets the limits applied to every URL: its length in bytes (default 8192) and its path segments (default 64).
 * @return NAVROUTER_OK or NAVROUTER_EINVAL (0, or above 2^30 bytes / 4096 segments).
 */
NAVROUTER_API int navrouter_registry_set_limits(navrouter_registry *registry, size_t max_url_length,
                                                size_t max_segments);

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
 * Registers a route. Patterns: [scheme://]host/seg/...; segments are literals, :name or <name>, typed
 * parameters <int:name>, <uuid:name>, <bool:name> (true or false), <double:name>, <enum(a|b|c):name> (one of the
 * values, exactly), and a last *name or <path:name> catch-all. Per segment a literal wins, then enum > bool > int >
 * uuid > double, then an untyped parameter, then a catch-all. For required and typed query parameters, metadata
 * and parent routes, use navrouter_registry_load_manifest().
 * @param name a unique, non-empty name.
 * @param pattern the pattern, e.g. "shop/product/<int:id>".
 * @param flags a presentation and NAVROUTER_ROUTE_REQUIRES_AUTH / NAVROUTER_ROUTE_EXTERNAL.
 * @return NAVROUTER_OK, NAVROUTER_EINVAL, NAVROUTER_EPATTERN, NAVROUTER_ECONFLICT (name taken, or another
 *         route matches exactly the same URLs), or NAVROUTER_ELIMIT (a pattern of 512 MiB or more, or more than
 *         2^28 routes in the registry).
 */
NAVROUTER_API int navrouter_registry_add_route(navrouter_registry *registry, const char *name, const char *pattern,
                                               uint32_t flags);

/** One route for navrouter_registry_add_routes(): as navrouter_registry_add_route()'s arguments. */
typedef struct navrouter_route_spec {
    const char *name;
    const char *pattern;
    uint32_t flags;
} navrouter_route_spec;

/**
 * Registers many routes at once, all or nothing: the registry compiles its table once instead of once per route
 * (100k routes take about half the time of 100k navrouter_registry_add_route() calls).
 * @param routes count route specs, read during the call only; may be NULL when count is 0.
 * @return as navrouter_registry_add_route(); on failure no route is registered and the message names the failing
 *         spec by its index ("routes[3]: ...") or, for a conflict, both routes.
 */
NAVROUTER_API int navrouter_registry_add_routes(navrouter_registry *registry, const navrouter_route_spec *routes,
                                                size_t count);

/**
 * Loads a JSON manifest all-or-nothing: {"module": "shop", "routes": [...]}, a list of such modules, or
 * {"modules": [...]}. A route is {"name", "pattern", "presentation": "push"|"modal"|"root",
 * "style": "sheet"|"fullscreen", "requires_auth", "external", "required_parameters": [...], "metadata": {...},
 * "parent": "name", "aliases": [...], "query": {NAME: TYPE or {"type": TYPE, "default": VALUE, "required": bool}}}.
 * A declared query parameter's every value must have its type (else a resolve fails with NAVROUTER_EPARAM); a
 * missing one gets its default (added to the match's query items) or, when required, fails with NAVROUTER_EPARAM.
 * A parent must be registered (in the same manifest or before), and parent chains have no cycle and at most 256
 * routes above a route.
 * @param[out] out_count the number of routes loaded; may be NULL.
 * @return NAVROUTER_OK, NAVROUTER_EJSON / NAVROUTER_EPATTERN / NAVROUTER_EINVAL (the message names the module,
 *         the route and the field by its path, e.g. "routes[2].style"), NAVROUTER_ECONFLICT, or NAVROUTER_ELIMIT
 *         (more than 2^28 routes). On failure no route is registered.
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_registry_load_manifest(navrouter_registry *registry, const char *json,
                                                                       size_t *out_count);
/**
 * Checks that the registry holds a route of this name with this pattern, however each is spelt ("/a/:id" and
 * "a/<id>" are one pattern; literals compare as the matcher compares them): what a route declared in a host's code (a
 * typed route of a binding, a generated one) expects of the registry it is given to.
 * @param declared_by the declaration's name for the message ("ProductRoute"), or NULL.
 * @return NAVROUTER_OK, NAVROUTER_ENOTFOUND (no route of that name), NAVROUTER_ECONFLICT (another pattern: a typed
 *         route of another registry), or NAVROUTER_EINVAL.
 */
NAVROUTER_API int navrouter_registry_check_route(navrouter_registry *registry, const char *name, const char *pattern,
                                                 const char *declared_by);
/**
 * Checks a manifest as navrouter_registry_load_manifest would load it into an empty registry with this registry's
 * options (case sensitivity, URL policy), listing every problem where loading stops at the first; the registry is not
 * changed. For a host's own test suite (navrouter check is the same check from the command line).
 * @param[out] out_report_json owned; free with navrouter_string_free(): {"routes": N, "errors": [...], "warnings":
 *        [...], "findings": [...]}, a line per finding, each naming its module and route (warnings only when there is
 *        no error); "findings" has each with where it is: {"severity": "error"|"warning", "message", "path" (of the
 *        field it is about in the document, e.g. "routes[2].parent", else of the route's object), "line", "column"
 *        (from 1, of that field's key; column in Unicode characters; null when unknown)}.
 * @return NAVROUTER_OK (whatever the manifest's findings: the report says), NAVROUTER_EJSON when the document is not a
 *         manifest at all (not JSON, no routes), or NAVROUTER_EINVAL.
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_registry_check_manifest(navrouter_registry *registry, const char *json,
                                                                        char **out_report_json);

/** Removes a route by name. @return NAVROUTER_OK, NAVROUTER_EINVAL, NAVROUTER_ENOTFOUND, or NAVROUTER_ECONFLICT
 *  when other routes name it as their parent (remove them first; nothing is removed). */
NAVROUTER_API int navrouter_registry_remove_route(navrouter_registry *registry, const char *name);

/**
 * Removes every route and interceptor of a module.
 * @param[out] out_removed how many routes were removed; may be NULL.
 * @return NAVROUTER_OK (also when none was), NAVROUTER_EINVAL, or NAVROUTER_ECONFLICT when a route of another
 *         module names one of them as its parent (nothing is removed).
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_registry_remove_module(navrouter_registry *registry, const char *module,
                                                                       size_t *out_removed);

/** The number of routes (a route's aliases are not counted). @param[out] out_count receives it.
 *  @return NAVROUTER_OK or NAVROUTER_EINVAL. */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_registry_route_count(navrouter_registry *registry, size_t *out_count);

/**
 * One route as JSON: {"name", "pattern", "presentation", "style", "requires_auth", "external",
 * "required_parameters", "metadata", "parent", "module", "aliases", "parameters" (the path parameters' names),
 * "parameter_types" ({NAME: "int" | "enum(a|b)" | "path" ...}), "query" ({NAME: {"type", "default", "required"}})}.
 * @param[out] out_json owned; free with navrouter_string_free().
 * @return NAVROUTER_OK, NAVROUTER_EINVAL or NAVROUTER_ENOTFOUND.
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_registry_route_json(navrouter_registry *registry, const char *name,
                                                                    char **out_json);

/**
 * Every route as a JSON array (registration order), each as in navrouter_registry_route_json().
 * @param[out] out_json owned; free with navrouter_string_free().
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_registry_routes_json(navrouter_registry *registry, char **out_json);

/**
 * Resolves a deep link: absolute ("myapp://shop/product/42", "https://<listed domain>/shop/product/42") or
 * relative ("/shop/product/42", "shop/product/42"). NAVROUTER_EMALFORMED for empty or dot segments, control
 * characters, bad escapes, a space at the start or end of the URL (browsers drop it), a raw '\' in the path
 * (browsers read it as '/'; write "%5C"), a ':' in the first segment of a relative link without its leading '/'
 * ("1up:x" would read as a scheme; write "/1up:x") and a ':' or '@' in an app link's host ("myapp://ann@home:1"
 * would read as user information and a port; write %3A, %40).
 * @param[out] out the match; NULL on failure. Free it with navrouter_match_free().
 * @return NAVROUTER_OK, NAVROUTER_EINVAL, NAVROUTER_ELIMIT, NAVROUTER_EDENIED, NAVROUTER_EMALFORMED,
 *         NAVROUTER_ENOTFOUND, NAVROUTER_EJSON (bad props in the URL) or NAVROUTER_EPARAM (a required
 *         parameter is missing).
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_registry_resolve(navrouter_registry *registry, const char *url,
                                                                 navrouter_match **out);

/**
 * Resolves a URL without allocating when it succeeds: the route's index and each path segment's byte range in
 * url (a failure allocates its message for navrouter_last_error()). That holds for relative, web and app links,
 * escaped and non-ASCII segments alike (Tests/c/lookup_allocations.c counts); the one exception is a segment
 * compared with a literal while it holds a non-ASCII letter that case folding changes ("É", "Σ") in a
 * case-insensitive registry, whose folded text may be allocated. The query and fragment are checked for control
 * characters only (navrouter_registry_resolve decodes them).
 * @param url the URL's bytes (need not be NUL-terminated). Bytes that are not UTF-8 give NAVROUTER_EMALFORMED, unless
 *        the URL is refused first for its length (NAVROUTER_ELIMIT) or for a malformed path segment before the
 *        bad byte (NAVROUTER_EMALFORMED). They never match a route.
 * @param length the number of bytes.
 * @param[out] out_route_index the route's index in registration order (see navrouter_registry_route_name()).
 * @param[out] segments receives up to capacity ranges; may be NULL when capacity is 0. Written in place as the path
 *        is split: after a failure it may hold some ranges (out_segment_count says how many are valid: 0).
 * @param capacity the size of segments; a path with more segments gives NAVROUTER_ELIMIT.
 * @param[out] out_segment_count the number of segments; may be NULL.
 * @return as navrouter_registry_resolve, without NAVROUTER_EJSON and NAVROUTER_EPARAM.
 *
 * Thread-safety: any thread. Each thread keeps a reference to the compiled table of the registry it last looked
 * up in and uses it without locking while that registry is unchanged and no registry has been freed; every
 * change of routes or policy and every navrouter_registry_free() is seen by the next look-up. The table is
 * released when the thread looks up in another or a changed registry, frees the registry itself, or ends.
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_registry_lookup(navrouter_registry *registry, const char *url,
                                                                size_t length, uint32_t *out_route_index,
                                                                navrouter_range *segments, size_t capacity,
                                                                size_t *out_segment_count);

/** navrouter_packed_match flags: which optional strings follow the parameters. */
#define NAVROUTER_PACKED_REMAINDER 0x1u
#define NAVROUTER_PACKED_FRAGMENT 0x2u
#define NAVROUTER_PACKED_PROPS 0x4u

/**
 * The head of a match packed by navrouter_registry_resolve_packed(). In the buffer it is followed by string_count
 * NUL-terminated UTF-8 strings, back to back (no string contains a NUL: URLs with %00 are refused, route names
 * have no control characters and JSON text escapes them). The strings, in order: the route's name;
 * path_parameter_count (name, value) pairs in no particular order; query_item_count (name, value) pairs in URL
 * order; merged_parameter_count (name, value) pairs sorted by name (the query items merged with the path
 * parameters, which win; 0 when there are no query items: the merged parameters are then the path parameters);
 * then the catch-all's remainder, the decoded fragment and the props as JSON text, each only when its flag is set.
 */
typedef struct navrouter_packed_match {
    uint32_t route_index; /**< as navrouter_registry_lookup()'s out_route_index */
    uint32_t flags;       /**< NAVROUTER_PACKED_REMAINDER, _FRAGMENT, _PROPS */
    uint32_t path_parameter_count;
    uint32_t query_item_count;
    uint32_t merged_parameter_count;
    uint32_t string_count;
} navrouter_packed_match;

/**
 * Resolves a URL as navrouter_registry_resolve() does and writes the whole match into the caller's buffer, in one
 * call and without allocating a match object (for bindings where every foreign call is costly, such as Python's
 * ctypes). Uses the per-thread table of navrouter_registry_lookup().
 * @param url the URL's bytes (need not be NUL-terminated).
 * @param length the number of bytes.
 * @param buffer receives a navrouter_packed_match and what follows it (see there); aligned for uint32_t. May be
 *        NULL when capacity is 0.
 * @param capacity the buffer's size in bytes.
 * @param[out] out_size the bytes the packed match takes (also set when the buffer is too small).
 * @return as navrouter_registry_resolve(); NAVROUTER_ELIMIT with *out_size > capacity when the buffer is too
 *         small (call again with *out_size bytes). The buffer's contents are unspecified on failure.
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_registry_resolve_packed(navrouter_registry *registry, const char *url,
                                                                        size_t length, void *buffer, size_t capacity,
                                                                        size_t *out_size);

/**
 * The name of the route at a look-up index (navrouter_registry_lookup()'s out_route_index): routes in registration
 * order, each followed by one index per alias (manifest "aliases"), which has the route's name.
 * @param[out] out_name owned; free with navrouter_string_free().
 * @return NAVROUTER_OK, NAVROUTER_EINVAL or NAVROUTER_ENOTFOUND (index out of range).
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_registry_route_name(navrouter_registry *registry, uint32_t index,
                                                                    char **out_name);

/**
 * Explains how a URL resolves: {"url", "winner", "status", "error", "candidates": [{"route", "pattern",
 * "matched", "won", "reason"}]}. A URL that does not resolve is explained too (status and error say why).
 * @param[out] out_json owned; free with navrouter_string_free().
 * @return NAVROUTER_OK or NAVROUTER_EINVAL.
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_registry_explain(navrouter_registry *registry, const char *url,
                                                                 char **out_json);

/**
 * Builds a deep link to a route (reverse routing). Values are percent-encoded; parameters not in the path
 * become query items; props travel base64url-encoded in the "_props" query item. Resolving the URL gives
 * back the same route, parameters and props.
 * @param route the route's name.
 * @param params_json a JSON object of string values, or NULL for none.
 * @param props_json a JSON object to carry, or NULL.
 * @param scheme a scheme ("myapp" gives "myapp://..."), or NULL for a relative "/...". With a scheme, a ':' or '@'
 *        in the first segment (where URLs hold their host) is escaped as %3A or %40.
 * @param[out] out_url owned; free with navrouter_string_free().
 * @return NAVROUTER_OK, NAVROUTER_EINVAL, NAVROUTER_ENOTFOUND, NAVROUTER_EPARAM (missing or mistyped),
 *         NAVROUTER_EJSON, or NAVROUTER_ECONFLICT (a value equals a more specific route's literal).
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_registry_build_url(navrouter_registry *registry, const char *route,
                                                                   const char *params_json, const char *props_json,
                                                                   const char *scheme, char **out_url);
/**
 * Builds a universal link to a route: "https://DOMAIN/...", on one of the app's web domains
 * (navrouter_registry_set_web_domains), which the app reads as its own deep link. Otherwise as
 * navrouter_registry_build_url.
 * @param domain one of the web domains (any case), or NULL when exactly one is listed.
 * @param[out] out_url owned; free with navrouter_string_free().
 * @return navrouter_registry_build_url's statuses; NAVROUTER_EINVAL also when no web domain is listed, or several
 *         and domain is NULL, or domain is not one of them.
 */
NAVROUTER_API NAVROUTER_NODISCARD int
navrouter_registry_build_universal_link(navrouter_registry *registry, const char *route, const char *params_json,
                                        const char *props_json, const char *domain, char **out_url);
/**
 * Builds a deep link from a path rather than a route's name (as CoreLayer's createURL(host:path:props:)): the path
 * ("shop/product/7", or "/shop/product/7?ref=mail"; percent-encoded) is resolved, and the link is built from its
 * route and parameters: the route's canonical URL, carrying props_json (or, when NULL, the props the path carried).
 * @param scheme as in navrouter_registry_build_url.
 * @param[out] out_url owned; free with navrouter_string_free().
 * @return NAVROUTER_OK, the path's resolve statuses (NAVROUTER_ENOTFOUND when no route takes it), or
 *         navrouter_registry_build_url's.
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_registry_build_url_for_path(navrouter_registry *registry,
                                                                            const char *path, const char *props_json,
                                                                            const char *scheme, char **out_url);

/* ---------------------------------------------------------------------------------------------------------
 * Match (read-only; every returned const char * is valid until navrouter_match_free). A match holds its own
 * strings: it stays whole, JSON getters included, after its registry changes or is freed.
 * ------------------------------------------------------------------------------------------------------- */

/** The matched route's name; NULL only for a NULL or freed match. */
NAVROUTER_API const char *navrouter_match_route(const navrouter_match *match);

/** The URL as given; NULL only for a NULL or freed match. */
NAVROUTER_API const char *navrouter_match_url(const navrouter_match *match);

/**
 * A parameter's decoded value (path parameters win over query items of the same name).
 * @return the value, or NULL when the match has no such parameter.
 */
NAVROUTER_API const char *navrouter_match_param(const navrouter_match *match, const char *name);

/** The catch-all's part of the path, still percent-encoded; NULL when the route has no catch-all. */
NAVROUTER_API const char *navrouter_match_remainder(const navrouter_match *match);

/** The decoded fragment; NULL when the URL has none. */
NAVROUTER_API const char *navrouter_match_fragment(const navrouter_match *match);

/** The props carried in the URL as compact JSON text (sorted keys); NULL when it carries none. */
NAVROUTER_API const char *navrouter_match_props(const navrouter_match *match);

/** The merged parameters as a JSON object of strings. Borrowed; "{}" when there are none. */
NAVROUTER_API const char *navrouter_match_params_json(const navrouter_match *match);

/** The path parameters as a JSON object of strings. Borrowed. */
NAVROUTER_API const char *navrouter_match_path_params_json(const navrouter_match *match);

/** Every query item in order, repeats included, as a JSON array of [name, value] pairs. Borrowed. */
NAVROUTER_API const char *navrouter_match_query_json(const navrouter_match *match);

/**
 * The whole match as one JSON object: {"route", "url", "parameters", "path_parameters", "query": [[name, value],
 * ...], "remainder", "fragment", "props"} (absent ones are null). Borrowed; made on first use. For bindings
 * that want everything in one call.
 */
NAVROUTER_API const char *navrouter_match_json(const navrouter_match *match);

/* ---------------------------------------------------------------------------------------------------------
 * Typed parameter values (C layer: TypedParameters.swift; the entry getters are with the entry's, below). A
 * parameter's text read as the type the matcher checked it to be (<int:id>, <double:x>, <bool:on>, a declared
 * query parameter), for a match or an entry alike. Each sets *out (0 / false on failure) and returns NAVROUTER_OK;
 * NAVROUTER_ENOTFOUND when there is no such parameter; NAVROUTER_EPARAM when its text is not of the type
 * ("parameter 'x' is 'abc', not an int"); NAVROUTER_EINVAL for a NULL or freed handle, a NULL name or a NULL out.
 * An int reads as a double too. Thread-safe as the other getters.
 * ------------------------------------------------------------------------------------------------------- */

/** A match's parameter as a signed 64-bit integer. */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_match_param_int(const navrouter_match *match, const char *name,
                                                                int64_t *out);
/** A match's parameter as a finite double. */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_match_param_double(const navrouter_match *match, const char *name,
                                                                   double *out);
/** A match's parameter as a bool ("true" or "false"). */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_match_param_bool(const navrouter_match *match, const char *name,
                                                                 bool *out);

/** Frees a match, from any thread. NULL is a no-op; a second free is detected and ignored; the getters of a freed
 *  match return NULL on every thread. A match and its strings are one allocation. */
NAVROUTER_API void navrouter_match_free(navrouter_match *match);

/* ---------------------------------------------------------------------------------------------------------
 * Callback types
 * ------------------------------------------------------------------------------------------------------- */

/** Frees user data when the registration that holds it is replaced or its handle freed; called exactly once. */
typedef void (*navrouter_destroy_fn)(void *user_data);

/**
 * Receives every navigation event (the host renders them). Runs on the thread that issued the command (or that
 * drains the queue), never while the library holds a lock; it may call the router (commands are then queued).
 * The router's state read from inside it (navrouter_router_state_json, _snapshot) is the state before the command
 * until the command is committed, after its last change event is accepted; NAVROUTER_EVENT_STATE_CHANGED comes after.
 * @return 0 to accept; non-zero refuses the command, which is rolled back and fails with NAVROUTER_ECALLBACK.
 *         The return value of NAVROUTER_EVENT_STATE_CHANGED (sent after the commit) and of events of changes the
 *         navigator cannot refuse (logging out, removed routes) is ignored.
 */
typedef int (*navrouter_navigator_fn)(const navrouter_event *event, void *user_data);

/** Builds the host's view for a new entry. @return the view (any non-NULL pointer), or NULL to decline: the
 *  command then fails with NAVROUTER_ECALLBACK and nothing changes. */
typedef void *(*navrouter_make_view_fn)(const navrouter_entry *entry, void *user_data);

/** Releases the view of an entry that left the state; called exactly once per view made. */
typedef void (*navrouter_release_view_fn)(void *view, const navrouter_entry *entry, void *user_data);

/** Decides about a navigation. @return a NAVROUTER_DECISION_ value; with CANCEL or REDIRECT, set the reason or
 *  the URL with navrouter_interception_set_argument(). */
typedef int (*navrouter_interceptor_fn)(navrouter_interception *interception, void *user_data);

/** The user must log in to open destination: show the login UI, then call navrouter_router_complete_login()
 *  with flow (after navrouter_registry_set_authenticated() on success). destination is borrowed for the call;
 *  router is the handle navrouter_router_new() made for the router asking (NULL once that handle was freed). */
typedef void (*navrouter_login_fn)(navrouter_router *router, uint64_t flow, const navrouter_match *destination,
                                   void *user_data);

/** Whether url is an authentication callback (an OAuth redirect); return true to claim (and handle) it: it is
 *  then not routed and the navigate call returns NAVROUTER_HANDLED. router: as for navrouter_login_fn. */
typedef bool (*navrouter_claim_callback_fn)(navrouter_router *router, const char *url, void *user_data);

/* ---------------------------------------------------------------------------------------------------------
 * Guards: interceptors and authentication (registry-wide, shared by every router on the registry)
 * ------------------------------------------------------------------------------------------------------- */

/** Interceptor phase: before a navigation is applied: may proceed, cancel, redirect (the pipeline goes round
 *  again with the new URL) or hold it pending. */
#define NAVROUTER_PHASE_BEFORE 0u
/** Interceptor phase: after a navigation was applied: may proceed, or redirect (the router navigates there next,
 *  queued behind the command). Cancel and pending cannot be carried out: the navigator gets a GUARD_ERROR event
 *  and the command's status stands. */
#define NAVROUTER_PHASE_AFTER 1u
/** Interceptor phase: before an entry leaves by a command: may proceed, cancel (veto: NAVROUTER_ECANCELLED) or
 *  hold it pending; a redirect fails the command with NAVROUTER_EINVAL. User-made changes are not vetoable. */
#define NAVROUTER_PHASE_LEAVE 2u

/** Interceptor priorities: higher runs first; equal priorities run in registration order. */
#define NAVROUTER_PRIORITY_LOW 0u
#define NAVROUTER_PRIORITY_MEDIUM 1u
#define NAVROUTER_PRIORITY_HIGH 2u
#define NAVROUTER_PRIORITY_MANDATORY 3u

/** Interceptor flag: run only when the user is authenticated (after the login step). */
#define NAVROUTER_INTERCEPTOR_REQUIRES_AUTH 0x1u

/** Decisions an interceptor returns. */
#define NAVROUTER_DECISION_PROCEED 0
#define NAVROUTER_DECISION_CANCEL 1
#define NAVROUTER_DECISION_REDIRECT 2
#define NAVROUTER_DECISION_PENDING 3

/**
 * Registers an interceptor.
 * @param name a name for messages.
 * @param phase NAVROUTER_PHASE_BEFORE, _AFTER or _LEAVE.
 * @param priority NAVROUTER_PRIORITY_LOW .. _MANDATORY.
 * @param pattern applies to routes whose URL path matches this pattern (e.g. "shop/ *rest" without the space);
 *        NULL together with routes == NULL applies to every route.
 * @param routes applies to routes with these names (count route_count); ignored when pattern is set.
 * @param flags 0 or NAVROUTER_INTERCEPTOR_REQUIRES_AUTH.
 * @param module the module it belongs to (navrouter_registry_remove_module removes it), or NULL.
 * @param fn the interceptor; user_data is passed to it; destroy (may be NULL) frees user_data exactly once, when
 *        the interceptor is removed or the registry freed.
 * @param[out] out_id the interceptor's id; may be NULL.
 * @return NAVROUTER_OK, NAVROUTER_EINVAL, NAVROUTER_EPATTERN, or NAVROUTER_ENOTFOUND (a route name the registry does
 *         not have). On failure destroy is not called (user_data stays the caller's).
 */
NAVROUTER_API int navrouter_registry_add_interceptor(navrouter_registry *registry, const char *name, uint32_t phase,
                                                     uint32_t priority, const char *pattern, const char *const *routes,
                                                     size_t route_count, uint32_t flags, const char *module,
                                                     navrouter_interceptor_fn fn, void *user_data,
                                                     navrouter_destroy_fn destroy, uint64_t *out_id);

/** Removes an interceptor. @return NAVROUTER_OK, NAVROUTER_EINVAL or NAVROUTER_ENOTFOUND. */
NAVROUTER_API int navrouter_registry_remove_interceptor(navrouter_registry *registry, uint64_t id);

/**
 * Sets the authenticated state. Logging out prunes protected entries (those whose route required authentication
 * when they were made) from every router on the registry, with events a navigator cannot refuse (a tab keeps its
 * root: tab roots never require authentication), and cancels pending flows towards protected routes. The prune
 * runs at once, also on a router that waits for the host's transition (its own transition is not waited for:
 * the router keeps waiting for the one it did); a router running a command on another thread prunes right after.
 */
NAVROUTER_API int navrouter_registry_set_authenticated(navrouter_registry *registry, bool authenticated);

/** Whether the user is authenticated. @param[out] out receives it. */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_registry_is_authenticated(navrouter_registry *registry, bool *out);

/**
 * Sets the authentication handler (NULL functions: protected routes fail with NAVROUTER_EDENIED while logged out,
 * and no URL is claimed). destroy (may be NULL) frees user_data when the handler is replaced or the registry freed.
 */
NAVROUTER_API int navrouter_registry_set_auth_handler(navrouter_registry *registry, navrouter_login_fn login,
                                                      navrouter_claim_callback_fn claim_callback, void *user_data,
                                                      navrouter_destroy_fn destroy);

/**
 * Sets the guard options: the longest redirect chain (default 8; beyond it a command fails with NAVROUTER_ELIMIT
 * and the chain in its message) and a fallback route opened for unmatched URLs (with the URL as its "url"
 * parameter), or NULL for none. The fallback route follows the external flag like any route: an unmatched
 * external link falls back only when the fallback route is flagged NAVROUTER_ROUTE_EXTERNAL (else it fails with
 * NAVROUTER_ENOTFOUND).
 */
NAVROUTER_API int navrouter_registry_set_guard_options(navrouter_registry *registry, uint32_t max_redirects,
                                                       const char *fallback_route);

/** navrouter_registry_set_guard_flags: before interceptors that do not require authentication run before the login
 *  step, the others after it (NavigationRouter's order). Off: the login step comes first. */
#define NAVROUTER_GUARD_INTERCEPTORS_BEFORE_LOGIN 0x1u
/** Sets the guard flags (NAVROUTER_GUARD_...); the other guard options stay. @return NAVROUTER_OK or
 *  NAVROUTER_EINVAL (unknown flags). */
NAVROUTER_API int navrouter_registry_set_guard_flags(navrouter_registry *registry, uint32_t flags);

/** The interception's phase (NAVROUTER_PHASE_...). */
NAVROUTER_API uint32_t navrouter_interception_phase(const navrouter_interception *interception);
/** The destination route's name (before, after) or the leaving entry's route (leave); never NULL in a callback. */
NAVROUTER_API const char *navrouter_interception_route(const navrouter_interception *interception);
/** The destination URL (before, after) or the leaving entry's URL (leave). */
NAVROUTER_API const char *navrouter_interception_url(const navrouter_interception *interception);
/** A parameter of the destination (or of the leaving entry), or NULL. */
NAVROUTER_API const char *navrouter_interception_param(const navrouter_interception *interception, const char *name);
/** The destination's (or leaving entry's) parameters as a JSON object. */
NAVROUTER_API const char *navrouter_interception_params_json(const navrouter_interception *interception);
/** The whole interception as JSON: {"phase", "route", "url", "parameters", "flow", "authenticated", "external"}.
 *  Borrowed: valid during the callback (for bindings that copy it in one call). */
NAVROUTER_API const char *navrouter_interception_json(const navrouter_interception *interception);
/** The flow token to keep when returning NAVROUTER_DECISION_PENDING (resume it with navrouter_router_resume_flow). */
NAVROUTER_API uint64_t navrouter_interception_flow(const navrouter_interception *interception);
/** Whether the user is authenticated. */
NAVROUTER_API bool navrouter_interception_authenticated(const navrouter_interception *interception);
/** Whether the navigation came from outside the app. */
NAVROUTER_API bool navrouter_interception_external(const navrouter_interception *interception);
/** The router asking: the handle navrouter_router_new() made (commands issued on it from the callback are
 *  queued), or NULL once that handle was freed. Borrowed. */
NAVROUTER_API navrouter_router *navrouter_interception_router(const navrouter_interception *interception);
/**
 * Sets the cancel reason (with NAVROUTER_DECISION_CANCEL) or the redirect URL (with NAVROUTER_DECISION_REDIRECT).
 * The text is copied. @return NAVROUTER_OK or NAVROUTER_EINVAL.
 */
NAVROUTER_API int navrouter_interception_set_argument(navrouter_interception *interception, const char *text);

/* ---------------------------------------------------------------------------------------------------------
 * Router
 * ------------------------------------------------------------------------------------------------------- */

/**
 * Creates a router on a registry (the router retains the registry: free them in any order).
 * The state is empty until navrouter_router_start() or the first command, which starts it: one tab per root
 * route (registration order), or one main stack when there are none.
 * @param[out] out the router; NULL on failure. Free with navrouter_router_free().
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_router_new(navrouter_router **out, navrouter_registry *registry);

/** Frees a router: every view is released (release callbacks run on this thread), queued commands are dropped and
 *  threads waiting to run theirs get NAVROUTER_EDESTROYED. NULL is a no-op. Called from inside one of the router's
 *  callbacks, the command in flight fails with NAVROUTER_EDESTROYED and the views are released when it returns. */
NAVROUTER_API void navrouter_router_free(navrouter_router *router);

/** Sets the navigator (NULL fn: none). destroy (may be NULL) frees user_data when replaced or the router freed. */
NAVROUTER_API int navrouter_router_set_navigator(navrouter_router *router, navrouter_navigator_fn fn, void *user_data,
                                                 navrouter_destroy_fn destroy);

/**
 * Sets the view handler of a route (route NULL: the default for routes without their own; make NULL removes it).
 * A view is always released by the handler that made it, also after that handler was replaced or removed; destroy
 * (may be NULL) frees user_data once the handler is replaced or removed and every view it made was released.
 * @return NAVROUTER_OK, NAVROUTER_EINVAL, or NAVROUTER_ENOTFOUND when the registry has no such route. On failure
 *         destroy is not called (user_data stays the caller's).
 */
NAVROUTER_API int navrouter_router_set_handler(navrouter_router *router, const char *route, navrouter_make_view_fn make,
                                               navrouter_release_view_fn release, void *user_data,
                                               navrouter_destroy_fn destroy);

/** Transition mode: a transition is finished when the navigator callback returns (default). */
#define NAVROUTER_TRANSITION_IMMEDIATE 0u
/** Transition mode: a transition is finished when the host calls navrouter_router_transition_finished(); commands
 *  issued meanwhile are queued (NAVROUTER_QUEUED) and run in order, never dropped. */
#define NAVROUTER_TRANSITION_WAIT 1u

/** Sets the transition mode; switching to IMMEDIATE finishes an awaited transition and runs the queue. */
NAVROUTER_API int navrouter_router_set_transition_mode(navrouter_router *router, uint32_t mode);

/** Tells the router the awaited transition is finished; queued commands then run on this thread. The host may also
 *  finish a transition from inside one of the command's own events: the router then does not wait for it.
 *  @return NAVROUTER_OK, or NAVROUTER_EINVAL when no transition, or another one, is awaited. */
NAVROUTER_API int navrouter_router_transition_finished(navrouter_router *router, uint64_t transition);

/** navigate flags, low 4 bits: the presentation (0 = the route's own). */
#define NAVROUTER_NAV_PUSH 0x1u
#define NAVROUTER_NAV_MODAL_SHEET 0x2u
#define NAVROUTER_NAV_MODAL_FULLSCREEN 0x3u
#define NAVROUTER_NAV_ROOT 0x4u
#define NAVROUTER_NAV_REPLACE_TOP 0x5u
#define NAVROUTER_NAV_PRESENTATION_MASK 0xFu
/** The current stack becomes this entry alone (a tab keeps its root). */
#define NAVROUTER_NAV_REPLACE 0x10u
/** A presented layer may not be dismissed by the user. */
#define NAVROUTER_NAV_PREVENT_DISMISSAL 0x20u
/** Tell the host not to animate (events say animated = false). */
#define NAVROUTER_NAV_NOT_ANIMATED 0x40u
/** Don't push when the top entry has the same route and parameters. */
#define NAVROUTER_NAV_SINGLE_TOP 0x80u
/** Remove the route's existing entry and everything above it before pushing. */
#define NAVROUTER_NAV_CLEAR_TOP 0x100u
/** Build the parent chain underneath (the default for external links). Parents take their parameters from the
 *  link's path only, never from its query; a root route among them is its tab (selected, never pushed). */
#define NAVROUTER_NAV_BUILD_BACK_STACK 0x200u
/** Don't build the parent chain, even for an external link (with NAVROUTER_NAV_BUILD_BACK_STACK: NAVROUTER_EINVAL). */
#define NAVROUTER_NAV_NO_BACK_STACK 0x400u
/** The entry expects a result, delivered to the current top entry when it is popped or dismissed. */
#define NAVROUTER_NAV_EXPECTS_RESULT 0x800u
/** The link comes from outside the app: only routes flagged external may open. */
#define NAVROUTER_NAV_EXTERNAL 0x1000u
/** With pop_up_to: remove that entry too. */
#define NAVROUTER_NAV_POP_UP_TO_INCLUSIVE 0x2000u

/** The version of navrouter_nav_options this header describes (version 1 had the first four fields only; the
 *  library reads either). */
#define NAVROUTER_NAV_OPTIONS_VERSION 2u
/** Options of navrouter_router_navigate. Append-only; initialise with NAVROUTER_NAV_OPTIONS_INIT or _init. */
typedef struct navrouter_nav_options {
    uint32_t version;       /**< NAVROUTER_NAV_OPTIONS_VERSION */
    uint32_t flags;         /**< NAVROUTER_NAV_... */
    const char *props_json; /**< props for the entry (a JSON object; wins over props in the URL), or NULL */
    const char *pop_up_to;  /**< before pushing, pop down to the topmost entry of this route, or NULL */
    /** Version 2: push onto the stack of the tab with this root route, without selecting it and whatever modal is
     *  shown (a message arriving in the inbox tab while the user is elsewhere), or NULL for the current stack. */
    const char *tab;
    /** Version 2: how long the navigation may wait as a pending flow before it is cancelled, in milliseconds;
     *  0 for the router's default (see navrouter_router_set_options_json). */
    int64_t flow_deadline_ms;
} navrouter_nav_options;
/** Static initialiser of navrouter_nav_options. */
#define NAVROUTER_NAV_OPTIONS_INIT {NAVROUTER_NAV_OPTIONS_VERSION, 0u, NULL, NULL, NULL, 0}

/** Initialises options of a version (1 or 2; only that version's fields are written).
 *  @return NAVROUTER_OK, or NAVROUTER_EINVAL for NULL or an unknown version. */
NAVROUTER_API int navrouter_nav_options_init(navrouter_nav_options *options, uint32_t version);

/*
 * Commands. Each is a transaction: on failure (status < 0) the state is exactly as before. On success the
 * status is NAVROUTER_OK (applied; *out_id = its transition id, 0 when nothing changed), NAVROUTER_QUEUED
 * (*out_id = a ticket; if it fails later the navigator gets a COMMAND_FAILED event with that ticket),
 * NAVROUTER_PENDING (*out_id = the flow token) or NAVROUTER_HANDLED. out_id may be NULL. Every command may also
 * fail with NAVROUTER_EDESTROYED (the router was freed) and NAVROUTER_ELIMIT (queued from a callback past the
 * bound). A root route's entry is only ever a tab's root: pushing or presenting one gives NAVROUTER_EINVAL
 * (navigate to it to select its tab).
 */

/** Sets up the tabs from the root routes (or a main stack). */
NAVROUTER_API int navrouter_router_start(navrouter_router *router, uint64_t *out_id);

/** Sets the tabs explicitly: one per URL, selecting index selected. A route that requires authentication cannot be a
 *  tab's root (NAVROUTER_EINVAL): logging out never empties a tab. */
NAVROUTER_API int navrouter_router_set_tabs(navrouter_router *router, const char *const *urls, size_t count,
                                            size_t selected, uint64_t *out_id);

/**
 * Opens a URL as its route's presentation says (push, modal, a tab), unless options override it. Runs the
 * pipeline: callback URLs, resolve (fallback route), external policy, authentication (login flow), before
 * interceptors, apply, leave guards, events, after interceptors.
 * @param options NULL for defaults.
 * @return NAVROUTER_OK, _QUEUED, _PENDING, _HANDLED, or an error: NAVROUTER_ENOTFOUND, _EMALFORMED, _EDENIED,
 *         _EEXTERNAL, _ECANCELLED (by an interceptor), _ELIMIT (redirects), _ECALLBACK, _EJSON (props), ...
 */
NAVROUTER_API int navrouter_router_navigate(navrouter_router *router, const char *url,
                                            const navrouter_nav_options *options, uint64_t *out_id);

/** Pops count entries (never a stack's root); result_json (or NULL) goes to the opener of the top-most one that
 *  expects a result. */
NAVROUTER_API int navrouter_router_pop(navrouter_router *router, size_t count, const char *result_json,
                                       uint64_t *out_id);

/** Pops the current stack to its root. */
NAVROUTER_API int navrouter_router_pop_to_root(navrouter_router *router, uint64_t *out_id);

/** Pops the current stack down to an entry (kept). @return NAVROUTER_ENOTFOUND when it is not in that stack. */
NAVROUTER_API int navrouter_router_pop_to(navrouter_router *router, uint64_t entry, uint64_t *out_id);

/** Keeps the current stack's entries up to index; pops the rest. */
NAVROUTER_API int navrouter_router_pop_after(navrouter_router *router, size_t index, uint64_t *out_id);

/** Replaces the current stack with entries for these URLs (a tab keeps its root). */
NAVROUTER_API int navrouter_router_set_stack(navrouter_router *router, const char *const *urls, size_t count,
                                             uint64_t *out_id);

/** Dismisses the top count modal layers (0: all); result_json (or NULL) as with pop. */
NAVROUTER_API int navrouter_router_dismiss(navrouter_router *router, size_t count, const char *result_json,
                                           uint64_t *out_id);

/** Selects a tab (dismissing modal layers). */
NAVROUTER_API int navrouter_router_select_tab(navrouter_router *router, size_t index, uint64_t *out_id);
/** Selects the (first) tab whose root route is named route, looked up when the command runs (after the commands
 *  queued before it, with no other command in between). NAVROUTER_ENOTFOUND when no tab has it as its root (the
 *  message names the tabs' roots); otherwise as navrouter_router_select_tab. */
NAVROUTER_API int navrouter_router_select_tab_route(navrouter_router *router, const char *route, uint64_t *out_id);

/** Pops, or dismisses at a modal's root (NAVROUTER_EDENIED when it prevents dismissal); NAVROUTER_ENOTFOUND at a
 *  tab's root. */
NAVROUTER_API int navrouter_router_back(navrouter_router *router, uint64_t *out_id);

/** Reports that the user popped to entry directly (swipe back): the state follows; events say user_initiated. */
NAVROUTER_API int navrouter_router_user_popped(navrouter_router *router, uint64_t entry, uint64_t *out_id);

/** Reports that the user dismissed the top count layers directly (sheet dragged down). NAVROUTER_EDENIED when one
 *  of them prevents dismissal by the user (the host should not have let the user dismiss it). */
NAVROUTER_API int navrouter_router_user_dismissed(navrouter_router *router, size_t count, uint64_t *out_id);

/** Re-checks the state against the guards and the registry: while logged out, protected entries go; entries a
 *  before interceptor now cancels or redirects go; entries of removed routes go (a tab whose root route was
 *  removed goes whole). The navigator cannot refuse this change. Logging out and removing routes run it on every
 *  router of the registry. */
NAVROUTER_API int navrouter_router_refresh(navrouter_router *router, uint64_t *out_id);

/**
 * Resumes a pending flow. decision: NAVROUTER_DECISION_PROCEED (apply the original command on the state as it is
 * now), _CANCEL (drop it; argument is the reason, the navigator gets FLOW_CANCELLED) or _REDIRECT (argument is
 * the URL to open instead).
 * @return the resumed command's status; NAVROUTER_EINVAL for a stale, reused or forged token.
 */
NAVROUTER_API int navrouter_router_resume_flow(navrouter_router *router, uint64_t flow, int decision,
                                               const char *argument, uint64_t *out_id);

/** Completes a login flow: on success the original navigation goes on, else it is dropped (FLOW_CANCELLED). */
NAVROUTER_API int navrouter_router_complete_login(navrouter_router *router, uint64_t flow, bool success,
                                                  uint64_t *out_id);

/* ---------------------------------------------------------------------------------------------------------
 * Snapshots and restore (the C layer: Sources/NavRouterCABI/Snapshots.swift)
 * ------------------------------------------------------------------------------------------------------- */

/**
 * The whole state as versioned JSON: {"format": "navrouter-state", "version": 2, "next_entry_id", "selected_tab",
 * "tab_history", "app", "tabs": [{"route", "stack": [ENTRY], "hidden_layers": [LAYER]}], "layers": [LAYER]},
 * LAYER = {"style", "prevent_dismissal", "stack": [ENTRY]}, ENTRY = {"id", "route", "url", "parameters", "props",
 * "expects_result", "opener", "saved_state"}. Views are not included. Version 1 snapshots (without "tab_history",
 * "app", "hidden_layers" and "saved_state") are still restored. A snapshot nests at most
 * NAVROUTER_JSON_MAX_DOCUMENT_DEPTH levels, each value in it at most NAVROUTER_JSON_MAX_DEPTH.
 * @param[out] out_json owned; free with navrouter_string_free().
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_router_snapshot(navrouter_router *router, char **out_json);

/** Replaces the state with a snapshot, validated against the registry; views are rebuilt through the handlers
 *  and the old ones released. A bad snapshot gives NAVROUTER_EJSON and the state is kept. While the user is logged
 *  out, the snapshot's protected entries (and what is above them in their stacks; a layer whose root is protected)
 *  are left out before any view is made: no event names them, and the RESTORED event's info lists them under
 *  "dropped". */
NAVROUTER_API int navrouter_router_restore(navrouter_router *router, const char *json, uint64_t *out_id);

/** navrouter_router_restore_ex flag: drop what no longer fits (an entry whose route is gone or whose URL no longer
 *  resolves to it, with the entries above it; a tab or layer whose root goes) instead of refusing the snapshot. The
 *  RESTORED event's info lists what was dropped: {"dropped": [{"id", "route", "url", "reason"}], "version"}. */
#define NAVROUTER_RESTORE_TOLERANT 0x1u

/**
 * A snapshot migration hook: gets the snapshot's JSON (with its "version" and the host's "app" value) and returns
 * the JSON to restore, malloc'd (the library frees it with free()), or NULL to refuse the snapshot. Called once,
 * during the navrouter_router_restore_ex() call and on its thread, also when the restore is queued
 * (NAVROUTER_QUEUED) and read later: user_data need only live for the call.
 */
typedef char *(*navrouter_migrate_fn)(const char *snapshot_json, void *user_data);

/**
 * Restores with options: NAVROUTER_RESTORE_TOLERANT, a migration hook (or NULL), and a deep link applied on top of
 * the restored state in the same transaction (or NULL), with its options (NULL: an external link). The link's
 * route must be external when the link is, and the link goes through the guards as any navigation does: a cancel
 * (or a protected route while logged out without an authentication handler, NAVROUTER_EDENIED) fails the whole
 * restore and the state is kept; a redirect is followed; a login step or a holding interceptor restores the snapshot
 * without the link and holds the link as a pending flow (NAVROUTER_PENDING, its token in out_id). If the link
 * fails, the whole restore fails and the state is kept.
 * @return as navrouter_router_restore(); NAVROUTER_EJSON when the hook returns NULL or bad JSON.
 */
NAVROUTER_API int navrouter_router_restore_ex(navrouter_router *router, const char *json, uint32_t flags,
                                              navrouter_migrate_fn migrate, void *user_data, const char *link,
                                              const navrouter_nav_options *link_options, uint64_t *out_id);

/** The version of navrouter_restore_options this header describes. */
#define NAVROUTER_RESTORE_OPTIONS_VERSION 1u
/** Options of navrouter_router_restore_with(), as navrouter_router_restore_ex()'s arguments. Append-only, as
 *  navrouter_nav_options: initialise with NAVROUTER_RESTORE_OPTIONS_INIT, then set what you need. */
typedef struct navrouter_restore_options {
    uint32_t version;                          /**< NAVROUTER_RESTORE_OPTIONS_VERSION */
    uint32_t flags;                            /**< NAVROUTER_RESTORE_TOLERANT, or 0 */
    navrouter_migrate_fn migrate;              /**< a migration hook, or NULL */
    void *user_data;                           /**< handed to migrate, during the call only */
    const char *link;                          /**< a deep link applied on top (through the guards), or NULL */
    const navrouter_nav_options *link_options; /**< the link's options, or NULL for an external link */
} navrouter_restore_options;
/** Static initialiser of navrouter_restore_options. */
#define NAVROUTER_RESTORE_OPTIONS_INIT {NAVROUTER_RESTORE_OPTIONS_VERSION, 0u, NULL, NULL, NULL, NULL}

/**
 * navrouter_router_restore_ex() with its options in a versioned structure (NULL: a plain restore), so that options
 * added later keep old callers working, as navrouter_nav_options does for navigations.
 * @return as navrouter_router_restore_ex(); NAVROUTER_EINVAL for an unknown version or flag.
 */
NAVROUTER_API int navrouter_router_restore_with(navrouter_router *router, const char *json,
                                                const navrouter_restore_options *options, uint64_t *out_id);

/** navrouter_router_snapshot with the host's own value (a JSON text, e.g. its app version, or NULL) in the
 *  snapshot's "app" field, for its migration hook. @param[out] out_json owned; free with navrouter_string_free(). */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_router_snapshot_ex(navrouter_router *router, const char *app_json,
                                                                   char **out_json);

/* ---------------------------------------------------------------------------------------------------------
 * Entries changed in place (the C layer: Sources/NavRouterCABI/EntryChanges.swift)
 * ------------------------------------------------------------------------------------------------------- */

/**
 * Changes an entry in place: new parameters (a JSON object of strings: the route's path and query parameters; the
 * entry's URL is built again) and/or props (a JSON object); NULL keeps what the entry has. Its id and view stay;
 * the navigator gets an ENTRY_UPDATED event. @return NAVROUTER_OK, NAVROUTER_ENOTFOUND (no such entry),
 * NAVROUTER_EJSON, NAVROUTER_EPARAM (a parameter the route needs), or another command status.
 */
NAVROUTER_API int navrouter_router_update_entry(navrouter_router *router, uint64_t entry, const char *parameters_json,
                                                const char *props_json, uint64_t *out_id);

/** Keeps the host's saved state for an entry (a JSON object, or NULL to clear it): it is in snapshots and comes back
 *  with the entry after a restore (navrouter_entry_saved_state_json). No event. */
NAVROUTER_API int navrouter_router_set_saved_state(navrouter_router *router, uint64_t entry, const char *state_json,
                                                   uint64_t *out_id);

/* ---------------------------------------------------------------------------------------------------------
 * Router options (the C layer: Sources/NavRouterCABI/Options.swift)
 * ------------------------------------------------------------------------------------------------------- */

/**
 * Sets the router's options from JSON; absent fields take their defaults: {"back_behavior": "none" | "initial" |
 * "order" | "history" (what back does at a tab's root), "reselect_pops_to_root": false (selecting the selected tab
 * pops it to its root), "modals_per_tab": false (layers belong to the tab that presented them and come back with
 * it; LAYERS_HIDDEN / LAYERS_SHOWN events), "push_dismisses_modals": false (a push while a modal is shown dismisses
 * it and pushes onto the tab), "supersede_pending_flows": true (a new navigation cancels pending flows),
 * "flow_deadline_ms": null (how long a flow may wait), "records_log": false (navrouter_router_transaction_log; the
 * log grows with every command until cleared),
 * "flow_token_seed": null (random flow tokens) or an integer (deterministic ones: a 64-bit seed, written as its signed
 * pattern, so that seeds from 2^63 are negative numbers in this JSON)}.
 * @return NAVROUTER_OK, NAVROUTER_EJSON (the message names the field) or NAVROUTER_EINVAL.
 */
NAVROUTER_API int navrouter_router_set_options_json(navrouter_router *router, const char *json);
/** The router's options as JSON (every field). @param[out] out_json owned; free with navrouter_string_free(). */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_router_options_json(navrouter_router *router, char **out_json);

/* ---------------------------------------------------------------------------------------------------------
 * Back: previews and gestures (the C layer: Sources/NavRouterCABI/Gestures.swift)
 * ------------------------------------------------------------------------------------------------------- */

/** Whether back would do something now (pop, dismiss, or select a tab by the back behaviour). */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_router_can_go_back(navrouter_router *router, bool *out);
/** Whether the user may dismiss the top modal layer now (there is one and it does not prevent dismissal). */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_router_can_dismiss(navrouter_router *router, bool *out);
/**
 * What back would do, without doing it: {"action": "pop" | "dismiss" | "select_tab", "leaving": [ENTRY],
 * "appearing": ENTRY, "tab" | "layer"}. Leave guards are not asked.
 * @param[out] out_json owned; free with navrouter_string_free().
 * @return NAVROUTER_OK, or NAVROUTER_ENOTFOUND when back would do nothing.
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_router_back_preview(navrouter_router *router, char **out_json);
/**
 * Begins an interactive back gesture (iOS swipe, Android predictive back, browser back): asks the leave guards of
 * what back would remove (a veto, or a guard that would wait, refuses the gesture with NAVROUTER_ECANCELLED) and
 * gives a gesture id and the preview. Nothing changes until navrouter_router_commit_back_gesture(); a cancel leaves
 * everything as it is. One gesture at a time: a new one replaces the last. It keeps to the router's order as a
 * command does: it waits for a command another thread runs, and a command a leave guard issues is queued behind it
 * (that command then changes the state, and the commit is refused).
 * @param[out] out_preview_json may be NULL; else owned, free with navrouter_string_free().
 * @return NAVROUTER_OK, NAVROUTER_ENOTFOUND (nothing to go back to), NAVROUTER_ECANCELLED, or NAVROUTER_EINVAL
 *  when called from inside a callback of a command (a gesture is begun by the host, not by a callback).
 */
NAVROUTER_API NAVROUTER_NODISCARD int
navrouter_router_begin_back_gesture(navrouter_router *router, uint64_t *out_gesture, char **out_preview_json);
/** Commits a back gesture: back, as the user did it (events are user-initiated). NAVROUTER_EINVAL for an unknown
 *  or replaced gesture, or when the state changed since it began. */
NAVROUTER_API int navrouter_router_commit_back_gesture(navrouter_router *router, uint64_t gesture, uint64_t *out_id);
/** Cancels a back gesture (nothing changed; nothing does). NAVROUTER_EINVAL for an unknown or replaced gesture. */
NAVROUTER_API int navrouter_router_cancel_back_gesture(navrouter_router *router, uint64_t gesture);

/* ---------------------------------------------------------------------------------------------------------
 * Plans and flows (the C layer: Sources/NavRouterCABI/Plans.swift)
 * ------------------------------------------------------------------------------------------------------- */

/**
 * What navigating to a URL would do, without doing it: {"route", "needs_login", "interceptors": [names asked, in
 * order], "events": [EVENT as navrouter_event_json gives, entries without views]}.
 * @param options may be NULL. @param[out] out_json owned; free with navrouter_string_free().
 * @return NAVROUTER_OK, or the status the navigation would fail with before its guards.
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_router_plan(navrouter_router *router, const char *url,
                                                            const navrouter_nav_options *options, char **out_json);

/** Cancels the pending flows whose deadline passed (FLOW_CANCELLED and PENDING_ENDED events). Runs before each
 *  command anyway; call it from a timer to hear of expiries sooner. It keeps to the router's order: it waits for a
 *  command another thread runs (its events never reach the navigator beside that command's), and from inside a
 *  callback, or while the router waits for the host's transition, it runs once the current work is done. */
NAVROUTER_API int navrouter_router_expire_flows(navrouter_router *router);

/* ---------------------------------------------------------------------------------------------------------
 * The transaction log (the C layer: Sources/NavRouterCABI/TransactionLog.swift)
 * ------------------------------------------------------------------------------------------------------- */

/**
 * The transaction log (with "records_log" on): one JSON object per line and per command, in the order they ran:
 * {"seq", "command", "outcome": {"status", "id"} | "error": {"status", "message"}, "events", "state", "transition"
 * (the next transition number when it began: events between commands spend numbers of their own)}; a restore
 * through a migration hook is logged with the snapshot the hook made. A back
 * gesture begun or cancelled is a step too ({"command": "begin_back_gesture"}, whose "id" is the gesture, and
 * {"command": "cancel_back_gesture", "gesture"}). The first step also says where the log started: "start":
 * {"state" (a snapshot), "started", "next_transition", "next_gesture", "token_state"}.
 * @param[out] out_jsonl owned; free with navrouter_string_free().
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_router_transaction_log(navrouter_router *router, char **out_jsonl);
/** Empties the transaction log. */
NAVROUTER_API int navrouter_router_clear_transaction_log(navrouter_router *router);
/**
 * Runs the commands of a transaction log on this router (set it up as the logging router was: registry, handlers,
 * guards, options with a flow_token_seed), comparing each outcome and state with the log's; a router not in the
 * state the log started from is first restored to it (a log begun mid-session replays on a fresh router). Each
 * step runs alone, as it ran: a command a callback issues meanwhile is answered "queued" and not run (the log holds
 * it as a later step), and the replay does not wait for the host between steps, whatever the transition mode:
 * {"steps", "divergence": null | {"seq", "field", "expected", "actual"}}.
 * @param[out] out_report_json owned; free with navrouter_string_free().
 * @return NAVROUTER_OK (even when the replay diverged: the report says where), or NAVROUTER_EJSON for a bad log.
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_router_replay(navrouter_router *router, const char *jsonl,
                                                              char **out_report_json);

/* ---------------------------------------------------------------------------------------------------------
 * Reading the state (the C layer: Sources/NavRouterCABI/StateReading.swift)
 * ------------------------------------------------------------------------------------------------------- */

/**
 * The current state as JSON, for hosts and bindings that read it: the snapshot's form, with each entry's "view"
 * (the view's pointer bits as an integer) where it has one. Not a snapshot to restore (views are not restorable).
 * @param[out] out_json owned; free with navrouter_string_free().
 * @return NAVROUTER_OK, NAVROUTER_EINVAL or NAVROUTER_EDESTROYED.
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_router_state_json(navrouter_router *router, char **out_json);

/**
 * The current state as the tools print it, the same in every host (navrouter play, the C demo, the Swift and Python
 * hosts): one line per tab and per modal layer, "tab 0 home *: home#1 › product#5 id=7" (the selected tab starred;
 * each entry its route, id and parameters; "(+1 hidden layer)" when modals per tab hide the tab's layers), "layer 0
 * sheet: settings#9" (", fixed" when it prevents dismissal); lines separated by "\n", none after the last.
 * @param[out] out_text owned; free with navrouter_string_free().
 * @return NAVROUTER_OK, NAVROUTER_EINVAL or NAVROUTER_EDESTROYED.
 */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_router_state_text(navrouter_router *router, char **out_text);

/** The view of an entry in the state. @param[out] out_view receives it (NULL when it has none).
 *  @return NAVROUTER_OK or NAVROUTER_ENOTFOUND. */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_router_entry_view(navrouter_router *router, uint64_t entry,
                                                                  void **out_view);

/* ---------------------------------------------------------------------------------------------------------
 * Events and entries (borrowed views; read them during the callback)
 * ------------------------------------------------------------------------------------------------------- */

/* An event costs no allocation until the host asks for one of its entries or strings; those are made once, on first
 * demand, and any thread may read the event (for example, one the navigator hands it to) until the callback returns.
 * A pointer kept past its callback dangles. */

/** Event kinds. */
#define NAVROUTER_EVENT_TABS_SET_UP 1      /**< entries: each tab's root entry */
#define NAVROUTER_EVENT_PUSH 2             /**< entry pushed onto the stack at tab/layer */
#define NAVROUTER_EVENT_POP 3              /**< removed popped; entry is the new top */
#define NAVROUTER_EVENT_PRESENT 4          /**< a layer presented with entry as root; style */
#define NAVROUTER_EVENT_DISMISS 5          /**< a layer dismissed with its removed entries; entry the new top */
#define NAVROUTER_EVENT_STACK_REPLACED 6   /**< entries: the new stack; removed: what left */
#define NAVROUTER_EVENT_TAB_SELECTED 7     /**< tab selected; entry its top */
#define NAVROUTER_EVENT_RESULT_DELIVERED 8 /**< entry (the opener) gets the result of result_of */
#define NAVROUTER_EVENT_RESTORED 9         /**< entries: everything in the restored state */
#define NAVROUTER_EVENT_COMMAND_FAILED 10  /**< a queued command failed: failure status and message */
#define NAVROUTER_EVENT_FLOW_CANCELLED 11  /**< a pending flow was dropped: flow, failure message */
#define NAVROUTER_EVENT_STATE_CHANGED 12   /**< once per command, after the change is committed */
#define NAVROUTER_EVENT_GUARD_ERROR 13     /**< an interceptor answered what its phase cannot do: failure says why */
#define NAVROUTER_EVENT_LAYERS_HIDDEN 14   /**< modals per tab: the layers of tab (roots in entries) were hidden */
#define NAVROUTER_EVENT_LAYERS_SHOWN 15    /**< modals per tab: the layers of tab (roots in entries) are shown again */
#define NAVROUTER_EVENT_NAVIGATION_PENDING 16 /**< flow waits (info: url, stage): a host may show a spinner */
#define NAVROUTER_EVENT_PENDING_ENDED 17      /**< the flow ended; info.reason: resumed, cancelled, superseded, ... */
#define NAVROUTER_EVENT_ENTRY_UPDATED 18      /**< entry changed in place (same id, same view) */

/** Modal styles. */
#define NAVROUTER_STYLE_NONE 0u
#define NAVROUTER_STYLE_SHEET 1u
#define NAVROUTER_STYLE_FULLSCREEN 2u

/** The event's kind (NAVROUTER_EVENT_...); 0 for NULL. */
NAVROUTER_API int navrouter_event_kind(const navrouter_event *event);
/** The kind's name, e.g. "push"; a static string. */
NAVROUTER_API const char *navrouter_event_kind_name(const navrouter_event *event);
/** The command's transition id (all events of a command share it). */
NAVROUTER_API uint64_t navrouter_event_transition(const navrouter_event *event);
/** The entry the event is about (pushed, presented, new top, result opener), or NULL. */
NAVROUTER_API const navrouter_entry *navrouter_event_entry(const navrouter_event *event);
/** The number of entries in the event's list (tabs set up, new stack, restored state). */
NAVROUTER_API size_t navrouter_event_entry_count(const navrouter_event *event);
/** An entry of the list, or NULL when index is out of range. */
NAVROUTER_API const navrouter_entry *navrouter_event_entry_at(const navrouter_event *event, size_t index);
/** The number of entries that left the state (pop, dismiss, stack replaced); their views are released after. */
NAVROUTER_API size_t navrouter_event_removed_count(const navrouter_event *event);
/** A removed entry, or NULL when index is out of range. */
NAVROUTER_API const navrouter_entry *navrouter_event_removed_at(const navrouter_event *event, size_t index);
/** The tab index where the change happened, or -1 (a layer, or none). */
NAVROUTER_API int32_t navrouter_event_tab(const navrouter_event *event);
/** The modal layer index (0 = lowest) where the change happened, or -1 (a tab, or none). */
NAVROUTER_API int32_t navrouter_event_layer(const navrouter_event *event);
/** The modal style (present, dismiss): NAVROUTER_STYLE_... */
NAVROUTER_API uint32_t navrouter_event_style(const navrouter_event *event);
/** Whether the host should animate. */
NAVROUTER_API bool navrouter_event_animated(const navrouter_event *event);
/** Whether the user made the change directly (the host need not perform it). */
NAVROUTER_API bool navrouter_event_user_initiated(const navrouter_event *event);
/** For RESULT_DELIVERED: the id of the entry whose result it is. */
NAVROUTER_API uint64_t navrouter_event_result_of(const navrouter_event *event);
/** For RESULT_DELIVERED: the result as JSON text, or NULL when the entry closed without one. */
NAVROUTER_API const char *navrouter_event_result_json(const navrouter_event *event);
/** For COMMAND_FAILED and FLOW_CANCELLED: the status (NAVROUTER_E...), else 0. */
NAVROUTER_API int navrouter_event_failure_status(const navrouter_event *event);
/** For COMMAND_FAILED and FLOW_CANCELLED: the message, else NULL. */
NAVROUTER_API const char *navrouter_event_failure_message(const navrouter_event *event);
/** For FLOW_CANCELLED: the flow's token. */
NAVROUTER_API uint64_t navrouter_event_flow(const navrouter_event *event);
/** The ticket of a command that was queued (NAVROUTER_QUEUED's *out_id): every event of its run carries it, and so
 *  does its COMMAND_FAILED event; 0 for a command that was not queued. */
NAVROUTER_API uint64_t navrouter_event_ticket(const navrouter_event *event);
/** For PRESENT: whether the presented layer prevents dismissal by the user. */
NAVROUTER_API bool navrouter_event_prevent_dismissal(const navrouter_event *event);
/** The whole event as JSON text (kind, transition, entry, entries, removed, tab, layer, style, ...). */
NAVROUTER_API const char *navrouter_event_json(const navrouter_event *event);
/** More about the event as JSON text, or NULL (RESTORED: dropped entries; NAVIGATION_PENDING: url and stage;
 *  PENDING_ENDED: reason). Borrowed: valid during the callback. */
NAVROUTER_API const char *navrouter_event_info_json(const navrouter_event *event);

/** The entry's id (unique in its router, never reused); 0 for NULL. */
NAVROUTER_API uint64_t navrouter_entry_id(const navrouter_entry *entry);
/** The entry's route name. */
NAVROUTER_API const char *navrouter_entry_route(const navrouter_entry *entry);
/** The URL the entry was opened with. */
NAVROUTER_API const char *navrouter_entry_url(const navrouter_entry *entry);
/** A parameter's value, or NULL. */
NAVROUTER_API const char *navrouter_entry_param(const navrouter_entry *entry, const char *name);
/** The parameters as a JSON object of strings. */
NAVROUTER_API const char *navrouter_entry_params_json(const navrouter_entry *entry);
/** An entry's parameter as a signed 64-bit integer (as navrouter_match_param_int). */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_entry_param_int(const navrouter_entry *entry, const char *name,
                                                                int64_t *out);
/** An entry's parameter as a finite double (as navrouter_match_param_double). */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_entry_param_double(const navrouter_entry *entry, const char *name,
                                                                   double *out);
/** An entry's parameter as a bool (as navrouter_match_param_bool). */
NAVROUTER_API NAVROUTER_NODISCARD int navrouter_entry_param_bool(const navrouter_entry *entry, const char *name,
                                                                 bool *out);
/** The props as JSON text, or NULL when the entry has none. */
NAVROUTER_API const char *navrouter_entry_props_json(const navrouter_entry *entry);
/** The whole entry as one JSON object, as an event's entries are written: {"id", "route", "url", "parameters",
 *  "props", "expects_result", "opener", "saved_state", "view"}. Borrowed, as the other getters. For bindings that
 *  hand an entry to a handler in one call. */
NAVROUTER_API const char *navrouter_entry_json(const navrouter_entry *entry);
/** The host's view for the entry, or NULL. */
NAVROUTER_API void *navrouter_entry_view(const navrouter_entry *entry);
/** Whether the entry expects a result. */
NAVROUTER_API bool navrouter_entry_expects_result(const navrouter_entry *entry);
/** The host's saved state for the entry as JSON text (navrouter_router_set_saved_state), or NULL. */
NAVROUTER_API const char *navrouter_entry_saved_state_json(const navrouter_entry *entry);

#ifdef __cplusplus
}
#endif

#endif /* NAVROUTER_H */
