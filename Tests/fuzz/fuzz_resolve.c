/* URL resolution against a table with typed parameters (int, uuid, bool, double, enum), typed query parameters with
 * a default, and catch-alls: every typed value reads back as its type (the typed getters); navrouter_registry_resolve, _lookup and
 * _resolve_packed agree; every path parameter is the decoded URL segment at its position (a catch-all: the decoded
 * segments joined by '/'); the URL navrouter_registry_build_url makes of a match, relative or with a scheme, resolves
 * back to the same route, parameters and props (with a scheme, its host holds no ':' or '@'); an accepted URL has no
 * space at its start or end, no raw '\' in its path, relative without a leading '/' no ':' in its first segment, and
 * as an app link no ':' or '@' in its host. */
#include "fuzz_support.h"

#include <ctype.h>
#include <stdint.h>
#include <strings.h>

static navrouter_registry *registry;

static const char *table = "{\"module\": \"t\", \"routes\": ["
                           "{\"name\": \"home\", \"pattern\": \"home\"},"
                           "{\"name\": \"user\", \"pattern\": \"users/<int:id>\"},"
                           "{\"name\": \"user-name\", \"pattern\": \"users/:name\"},"
                           "{\"name\": \"user-settings\", \"pattern\": \"users/<int:id>/settings\"},"
                           "{\"name\": \"item\", \"pattern\": \"items/<uuid:ref>\"},"
                           "{\"name\": \"files\", \"pattern\": \"files/*path\"},"
                           "{\"name\": \"pair\", \"pattern\": \"a/:x/b/:y\"},"
                           "{\"name\": \"deep\", \"pattern\": \"a/:x/b/:y/c/<path:rest>\"},"
                           "{\"name\": \"literal\", \"pattern\": \"a/b/c\"},"
                           "{\"name\": \"docs\", \"pattern\": \"docs/:section/*rest\"},"
                           "{\"name\": \"search\", \"pattern\": \"search\", \"required_parameters\": [\"q\"]},"
                           "{\"name\": \"flag\", \"pattern\": \"flags/<bool:on>\"},"
                           "{\"name\": \"flag-name\", \"pattern\": \"flags/:name\"},"
                           "{\"name\": \"ratio\", \"pattern\": \"flags/<double:x>/r\"},"
                           "{\"name\": \"sort\", \"pattern\": \"sorts/<enum(new|top|1):order>/<int:page>\"},"
                           "{\"name\": \"sort-any\", \"pattern\": \"sorts/:s/:p\"},"
                           "{\"name\": \"list\", \"pattern\": \"list\", \"query\": {\"page\": {\"type\": \"int\","
                           " \"default\": 1}, \"kind\": \"enum(a|b)\", \"x\": \"double\", \"on\": \"bool\"}},"
                           "{\"name\": \"any\", \"pattern\": \":one\"}"
                           "]}";

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    const char *domains[] = {"shop.example.com"};
    (void)argc;
    (void)argv;
    if (navrouter_registry_new(&registry, 0) != NAVROUTER_OK ||
        navrouter_registry_load_manifest(registry, table, NULL) != NAVROUTER_OK ||
        navrouter_registry_set_web_domains(registry, domains, 1) != NAVROUTER_OK)
        fuzz_fail("setup: %s", navrouter_last_error());
    return 0;
}

/* Whether bytes are valid UTF-8 (no overlongs, no surrogates, at most U+10FFFF). */
static int valid_utf8(const uint8_t *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        uint8_t c = s[i];
        size_t extra;
        uint32_t code;
        if (c < 0x80) {
            i++;
            continue;
        } else if (c >= 0xC2 && c <= 0xDF) {
            extra = 1;
            code = c & 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            extra = 2;
            code = c & 0x0F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            extra = 3;
            code = c & 0x07;
        } else {
            return 0;
        }
        if (i + extra >= n) return 0;
        for (size_t k = 1; k <= extra; k++) {
            if ((s[i + k] & 0xC0) != 0x80) return 0;
            code = code << 6 | (s[i + k] & 0x3F);
        }
        if ((extra == 2 && code < 0x800) || (extra == 3 && (code < 0x10000 || code > 0x10FFFF)) ||
            (code >= 0xD800 && code <= 0xDFFF))
            return 0;
        i += extra + 1;
    }
    return 1;
}

static int hex(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Appends the percent-decoded bytes [start, end) of url to out (the scanner has validated the escapes). */
static size_t decode_into(const char *url, uint32_t start, uint32_t end, char *out, size_t at) {
    for (uint32_t i = start; i < end; i++) {
        if (url[i] == '%' && i + 2 < end && hex(url[i + 1]) >= 0 && hex(url[i + 2]) >= 0) {
            out[at++] = (char)(hex(url[i + 1]) * 16 + hex(url[i + 2]));
            i += 2;
        } else {
            out[at++] = url[i];
        }
    }
    out[at] = '\0';
    return at;
}

/* The pattern's segments of a route (its JSON's "pattern", without a scheme). */
static size_t pattern_segments(const char *route, char segments[][64], size_t capacity) {
    char *json = NULL;
    size_t count = 0;
    if (navrouter_registry_route_json(registry, route, &json) != NAVROUTER_OK) fuzz_fail("route_json(%s)", route);
    json_t *value = navrouter_jansson_parse(json);
    const char *pattern = json_string_value(json_object_get(value, "pattern"));
    const char *scheme = strstr(pattern, "://");
    const char *at = scheme ? scheme + 3 : pattern;
    while (*at == '/') at++;
    while (*at && count < capacity) {
        size_t length = strcspn(at, "/");
        snprintf(segments[count++], 64, "%.*s", (int)length, at);
        at += length;
        while (*at == '/') at++;
    }
    json_decref(value);
    navrouter_string_free(json);
    return count;
}

/* The parameter's name in a pattern segment: ":id", "*rest", "<id>", "<int:id>", "<path:rest>". */
static void parameter_name(const char *segment, char *name, size_t size) {
    if (segment[0] == ':' || segment[0] == '*') {
        snprintf(name, size, "%s", segment + 1);
        return;
    }
    const char *inside = segment + 1, *colon = strchr(inside, ':');
    const char *start = colon ? colon + 1 : inside;
    snprintf(name, size, "%.*s", (int)(strlen(start) - 1), start); /* without the closing '>' */
}

/* A typed segment's value reads back as its type; an enumeration's is one of its values. */
static void check_typed(const navrouter_match *match, const char *segment, const char *name, const char *value) {
    int64_t integer;
    double real;
    bool flag;
    int status = NAVROUTER_OK;
    if (strncmp(segment, "<int:", 5) == 0) status = navrouter_match_param_int(match, name, &integer);
    if (strncmp(segment, "<double:", 8) == 0) status = navrouter_match_param_double(match, name, &real);
    if (strncmp(segment, "<bool:", 6) == 0) status = navrouter_match_param_bool(match, name, &flag);
    FUZZ_CHECK(status == NAVROUTER_OK, "parameter '%s' (%s) does not read as its type: %s", name, segment,
               navrouter_last_error());
    if (strncmp(segment, "<enum(", 6) == 0 && value) {
        char values[64];
        snprintf(values, sizeof values, "|%.*s|", (int)(strchr(segment, ')') - segment - 6), segment + 6);
        char wanted[80];
        snprintf(wanted, sizeof wanted, "|%s|", value);
        FUZZ_CHECK(strstr(values, wanted) != NULL, "parameter '%s' = '%s' is none of %s", name, value, segment);
    }
}

/* The declared query parameters of route "list": each value has its type, and page is there (its default). */
static void check_declared_query(const navrouter_match *match) {
    if (strcmp(navrouter_match_route(match), "list") != 0) return;
    int64_t page;
    double real;
    bool flag;
    FUZZ_CHECK(navrouter_match_param_int(match, "page", &page) == NAVROUTER_OK, "list's page: %s",
               navrouter_last_error());
    const char *kind = navrouter_match_param(match, "kind");
    FUZZ_CHECK(!kind || strcmp(kind, "a") == 0 || strcmp(kind, "b") == 0, "list's kind is '%s'", kind);
    FUZZ_CHECK(!navrouter_match_param(match, "x") || navrouter_match_param_double(match, "x", &real) == NAVROUTER_OK,
               "list's x: %s", navrouter_last_error());
    FUZZ_CHECK(!navrouter_match_param(match, "on") || navrouter_match_param_bool(match, "on", &flag) == NAVROUTER_OK,
               "list's on: %s", navrouter_last_error());
}

static void check_parameters(const char *url, const navrouter_match *match, const navrouter_range *ranges,
                             size_t count) {
    char segments[16][64];
    size_t parts = pattern_segments(navrouter_match_route(match), segments, 16);
    static char expected[1 << 17];
    json_t *path = navrouter_jansson_parse(navrouter_match_path_params_json(match));
    for (size_t i = 0; i < parts && i < count; i++) {
        const char *segment = segments[i];
        int catch_all = segment[0] == '*' || strncmp(segment, "<path:", 6) == 0;
        if (segment[0] != ':' && segment[0] != '<' && !catch_all) continue;
        char name[64];
        parameter_name(segment, name, sizeof name);
        size_t length = 0;
        if (catch_all) {
            for (size_t j = i; j < count; j++) {
                if (j > i) expected[length++] = '/';
                length = decode_into(url, ranges[j].start, ranges[j].end, expected, length);
            }
        } else {
            length = decode_into(url, ranges[i].start, ranges[i].end, expected, 0);
        }
        const char *actual = json_string_value(json_object_get(path, name));
        check_typed(match, segment, name, actual);
        FUZZ_CHECK(actual && strlen(actual) == length && memcmp(actual, expected, length) == 0,
                   "parameter '%s' of %s is '%s', the decoded segment is '%s' (url '%s')", name,
                   navrouter_match_route(match), actual ? actual : "(none)", expected, url);
        if (catch_all) break;
    }
    json_decref(path);
}

/* Built relative (scheme NULL) or with a custom scheme, whose first segment stands where a URL's host is: there it
 * holds no ':' or '@', which other parsers would read as a port or user information. */
static void check_round_trip(const navrouter_match *match, const char *scheme) {
    char *url = NULL;
    navrouter_match *again = NULL;
    const char *props = navrouter_match_props(match);
    int status = navrouter_registry_build_url(registry, navrouter_match_route(match),
                                              navrouter_match_params_json(match), props, scheme, &url);
    if (status == NAVROUTER_ECONFLICT) return; /* a value that equals a more specific route's literal */
    /* A catch-all's value joins its decoded segments with '/': "a%2F/b" gives "a//b", which no URL rebuilds (the
     * raw remainder keeps the difference; README, "Matches"). */
    if (status == NAVROUTER_EINVAL && strstr(navrouter_last_error(), "has an empty or dot segment")) return;
    /* The rebuilt URL is longer (every non-ASCII byte percent-encoded; a catch-all's %2F becomes a separator)
     * and may exceed the registry's limits: refused with ELIMIT, never built wrong. */
    if (status == NAVROUTER_ELIMIT) return;
    FUZZ_CHECK(status == NAVROUTER_OK, "build_url of a match of %s failed: %s (%s)", navrouter_match_route(match),
               navrouter_status_name(status), navrouter_last_error());
    if (scheme) {
        const char *host = url + strlen(scheme) + 3;
        size_t host_length = strcspn(host, "/?");
        FUZZ_CHECK(!memchr(host, ':', host_length) && !memchr(host, '@', host_length),
                   "built URL '%s' has a ':' or '@' where its host is", url);
    }
    status = navrouter_registry_resolve(registry, url, &again);
    FUZZ_CHECK(status == NAVROUTER_OK, "the built URL '%s' does not resolve: %s", url, navrouter_last_error());
    FUZZ_CHECK(strcmp(navrouter_match_route(again), navrouter_match_route(match)) == 0,
               "built URL '%s' resolves to %s, not %s", url, navrouter_match_route(again),
               navrouter_match_route(match));
    FUZZ_CHECK(strcmp(navrouter_match_params_json(again), navrouter_match_params_json(match)) == 0,
               "built URL '%s' gives parameters %s, not %s", url, navrouter_match_params_json(again),
               navrouter_match_params_json(match));
    const char *props_again = navrouter_match_props(again);
    FUZZ_CHECK((props == NULL) == (props_again == NULL) && (!props || strcmp(props, props_again) == 0),
               "built URL '%s' carries other props", url);
    navrouter_match_free(again);
    navrouter_string_free(url);
}

/* The grammar's refusals (the header's URL policy): an accepted URL has no space at its start or end and no raw '\'
 * before its query (browsers drop the one and read the other as '/'), a relative link without its leading '/' no ':' in its first segment (it would read as a scheme), and an
 * app link no ':' or '@' in its host (a port, user information). */
static void check_grammar(const char *url) {
    size_t length = strlen(url);
    FUZZ_CHECK(length == 0 || (url[0] != ' ' && url[length - 1] != ' '), "'%s' was accepted with a space around it",
               url);
    size_t path_end = strcspn(url, "?#");
    FUZZ_CHECK(memchr(url, '\\', path_end) == NULL, "'%s' was accepted with a raw backslash in its path", url);
    size_t scheme = 0;
    if (isalpha((unsigned char)url[0]))
        while (isalnum((unsigned char)url[scheme]) || (url[scheme] && strchr("+.-", url[scheme]))) scheme++;
    int has_scheme = scheme > 0 && url[scheme] == ':';
    if (!has_scheme && url[0] != '/') {
        size_t first = strcspn(url, "/?#");
        FUZZ_CHECK(memchr(url, ':', first) == NULL, "'%s' was accepted with a ':' in its first segment", url);
    } else if (has_scheme) { /* accepted, so scheme:// follows; a web link's domain is the listed one */
        const char *host = url + scheme + 3;
        size_t host_length = strcspn(host, "/?#");
        int web =
            (scheme == 4 && strncasecmp(url, "http", 4) == 0) || (scheme == 5 && strncasecmp(url, "https", 5) == 0);
        if (!web)
            FUZZ_CHECK(!memchr(host, ':', host_length) && !memchr(host, '@', host_length),
                       "'%s' was accepted with a ':' or '@' in its host", url);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    navrouter_range ranges[64];
    uint32_t index = 0;
    size_t count = 0, packed_size = 0;
    static uint32_t packed[1 << 16];
    const char *bytes = (const char *)data;
    int looked = navrouter_registry_lookup(registry, bytes, size, &index, ranges, 64, &count);
    int packed_status = navrouter_registry_resolve_packed(registry, bytes, size, packed, sizeof packed, &packed_size);
    FUZZ_CHECK(fuzz_known_status(looked) && fuzz_known_status(packed_status), "unknown status");
    char *url = fuzz_string(data, size);
    if (!url) return 0; /* a NUL inside: only the length-taking calls apply */
    navrouter_match *match = NULL;
    int resolved = navrouter_registry_resolve(registry, url, &match);
    FUZZ_CHECK(resolved == packed_status, "resolve gave %s, resolve_packed %s ('%s')", navrouter_status_name(resolved),
               navrouter_status_name(packed_status), url);
    if (!valid_utf8(data, size)) {
        /* resolve checks a URL's encoding before anything else; lookup reports what its scan meets first (the
         * header: a length or segment limit, or a malformed segment before the bad byte). Neither matches. */
        FUZZ_CHECK(resolved == NAVROUTER_EMALFORMED, "invalid UTF-8: resolve gave %s", navrouter_status_name(resolved));
        FUZZ_CHECK(looked == NAVROUTER_EMALFORMED || looked == NAVROUTER_ELIMIT, "invalid UTF-8: lookup gave %s",
                   navrouter_status_name(looked));
    } else if (looked != NAVROUTER_OK) {
        FUZZ_CHECK(resolved == looked, "lookup gave %s, resolve %s ('%s')", navrouter_status_name(looked),
                   navrouter_status_name(resolved), url);
    } else if (resolved != NAVROUTER_OK) {
        /* What only a full resolve reads: props, required parameters, the query's and fragment's escapes. */
        FUZZ_CHECK(resolved == NAVROUTER_EJSON || resolved == NAVROUTER_EPARAM || resolved == NAVROUTER_EMALFORMED,
                   "lookup matched but resolve gave %s ('%s'): %s", navrouter_status_name(resolved), url,
                   navrouter_last_error());
    } else {
        char *name = NULL;
        FUZZ_CHECK(navrouter_registry_route_name(registry, index, &name) == NAVROUTER_OK, "route_name");
        FUZZ_CHECK(name && strcmp(name, navrouter_match_route(match)) == 0, "lookup found %s, resolve %s ('%s')", name,
                   navrouter_match_route(match), url);
        navrouter_string_free(name);
        const navrouter_packed_match *head = (const navrouter_packed_match *)packed;
        FUZZ_CHECK(head->route_index == index, "resolve_packed found route %u, lookup %u", head->route_index, index);
        check_parameters(url, match, ranges, count);
        check_declared_query(match);
        check_round_trip(match, NULL);
        check_round_trip(match, "myapp");
        check_grammar(url);
    }
    navrouter_match_free(match);
    free(url);
    return 0;
}
