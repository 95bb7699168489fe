/* The Node binding's native part: a thin N-API layer over libnavrouter.so. It converts arguments and results and maps
 * failures to exceptions; the classes, options and promises are lib/navrouter.js's. Built with gcc against Node's
 * headers (bindings/node/build.sh), no node-gyp or npm: the header is included as C, so the compiler checks every call
 * against navrouter.h.
 *
 * Handles: a registry, router or match is a JS External whose finalizer frees it (once; the JS classes' close()
 * frees earlier and clears the External's pointer). Callbacks: each registered JS function is held by a reference
 * and a thread-safe function in a `callback` record, freed by the library's destroy callback exactly once. A callback
 * that comes on the JS thread (the usual case: commands run synchronously on it) calls the function directly; one
 * that comes on another thread (a command run by a native thread) goes through the thread-safe function, and that
 * thread waits for the answer. */
#define _POSIX_C_SOURCE 200809L
#define NAPI_VERSION 8
#include <node_api.h>
#include <navrouter.h>

#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The JS thread: callbacks arriving on it call JS directly. */
static pthread_t js_thread;
/* The exception a callback threw during the running command (JS thread only): the command throws it. */
static napi_ref callback_exception;

#define CHECK_NAPI(call)                                                                                               \
    do {                                                                                                               \
        if ((call) != napi_ok) {                                                                                       \
            napi_throw_error(env, NULL, "navrouter: a Node-API call failed");                                          \
            return NULL;                                                                                               \
        }                                                                                                              \
    } while (0)

/* Throws a NavRouterError-shaped Error: message from navrouter_last_error(), .status and .code. */
static napi_value throw_status(napi_env env, int status) {
    napi_value message, error, code, number;
    const char *text = navrouter_last_error();
    napi_create_string_utf8(env, text ? text : "failed", NAPI_AUTO_LENGTH, &message);
    napi_create_error(env, NULL, message, &error);
    napi_create_int32(env, status, &number);
    napi_create_string_utf8(env, navrouter_status_name(status), NAPI_AUTO_LENGTH, &code);
    napi_set_named_property(env, error, "status", number);
    napi_set_named_property(env, error, "code", code);
    napi_throw(env, error);
    return NULL;
}

/* Up to 12 arguments. */
typedef struct {
    napi_value values[12];
    size_t count;
} arguments;

static int read_arguments(napi_env env, napi_callback_info info, arguments *out) {
    out->count = 12;
    return napi_get_cb_info(env, info, &out->count, out->values, NULL, NULL) == napi_ok;
}

/* A JS string argument as a malloc'ed C string (NULL for null/undefined when optional). Sets *ok = 0 on failure. */
static char *string_argument(napi_env env, napi_value value, int optional, int *ok) {
    napi_valuetype type;
    size_t length = 0;
    if (napi_typeof(env, value, &type) != napi_ok) {
        *ok = 0;
        return NULL;
    }
    if (optional && (type == napi_null || type == napi_undefined)) return NULL;
    if (type != napi_string) {
        napi_throw_type_error(env, NULL, "navrouter: expected a string");
        *ok = 0;
        return NULL;
    }
    napi_get_value_string_utf8(env, value, NULL, 0, &length);
    char *text = malloc(length + 1);
    if (!text || napi_get_value_string_utf8(env, value, text, length + 1, &length) != napi_ok) {
        free(text);
        *ok = 0;
        return NULL;
    }
    if (strlen(text) != length) { /* a NUL inside: refused, never truncated */
        free(text);
        napi_throw_type_error(env, NULL, "navrouter: a string holds a NUL character");
        *ok = 0;
        return NULL;
    }
    return text;
}

/* A JS array of strings as C strings (freed with free_strings). */
static char **strings_argument(napi_env env, napi_value value, size_t *count, int *ok) {
    uint32_t length = 0;
    bool is_array = false;
    napi_is_array(env, value, &is_array);
    if (!is_array) {
        napi_throw_type_error(env, NULL, "navrouter: expected an array of strings");
        *ok = 0;
        return NULL;
    }
    napi_get_array_length(env, value, &length);
    char **strings = calloc(length + 1, sizeof *strings);
    for (uint32_t index = 0; strings && index < length && *ok; index++) {
        napi_value element;
        napi_get_element(env, value, index, &element);
        strings[index] = string_argument(env, element, 0, ok);
    }
    *count = length;
    return strings;
}

static void free_strings(char **strings, size_t count) {
    for (size_t index = 0; strings && index < count; index++) free(strings[index]);
    free(strings);
}

static double number_argument(napi_env env, napi_value value) {
    double number = 0;
    napi_get_value_double(env, value, &number);
    return number;
}

static napi_value string_value(napi_env env, const char *text) {
    napi_value value;
    if (!text) {
        napi_get_null(env, &value);
        return value;
    }
    napi_create_string_utf8(env, text, NAPI_AUTO_LENGTH, &value);
    return value;
}

/* An owned string the library handed out, as a JS string (freed). */
static napi_value owned_string(napi_env env, char *text) {
    napi_value value = string_value(env, text);
    navrouter_string_free(text);
    return value;
}

static napi_value number_value(napi_env env, double number) {
    napi_value value;
    napi_create_double(env, number, &value);
    return value;
}

/* [status, id]: a command's result (a failure throws; the exception a callback threw meanwhile, when there is one). */
static napi_value outcome(napi_env env, int status, uint64_t id) {
    if (callback_exception) {
        napi_value exception;
        napi_get_reference_value(env, callback_exception, &exception);
        napi_delete_reference(env, callback_exception);
        callback_exception = NULL;
        if (status < 0) {
            napi_throw(env, exception);
            return NULL;
        }
    }
    if (status < 0) return throw_status(env, status);
    napi_value pair;
    napi_create_array_with_length(env, 2, &pair);
    napi_set_element(env, pair, 0, number_value(env, status));
    napi_set_element(env, pair, 1, number_value(env, (double)id));
    return pair;
}

/* ---- handles ---------------------------------------------------------------------------------------------------- */

typedef enum { KIND_REGISTRY, KIND_ROUTER, KIND_MATCH } handle_kind;

typedef struct {
    handle_kind kind;
    void *pointer; /* NULL once freed */
} handle;

static void free_handle(handle *box) {
    if (!box->pointer) return;
    switch (box->kind) {
    case KIND_REGISTRY:
        navrouter_registry_free(box->pointer);
        break;
    case KIND_ROUTER:
        navrouter_router_free(box->pointer);
        break;
    case KIND_MATCH:
        navrouter_match_free(box->pointer);
        break;
    }
    box->pointer = NULL;
}

static void finalize_handle(napi_env env, void *data, void *hint) {
    (void)env;
    (void)hint;
    free_handle(data);
    free(data);
}

static napi_value wrap_handle(napi_env env, handle_kind kind, void *pointer) {
    handle *box = malloc(sizeof *box);
    napi_value external;
    if (!box) {
        napi_throw_error(env, NULL, "navrouter: out of memory");
        return NULL;
    }
    box->kind = kind;
    box->pointer = pointer;
    if (napi_create_external(env, box, finalize_handle, NULL, &external) != napi_ok) {
        free_handle(box);
        free(box);
        napi_throw_error(env, NULL, "navrouter: a Node-API call failed");
        return NULL;
    }
    return external;
}

/* The pointer behind a handle of that kind, or NULL with an exception thrown. */
static void *unwrap(napi_env env, napi_value value, handle_kind kind) {
    handle *box = NULL;
    napi_valuetype type;
    napi_typeof(env, value, &type);
    if (type != napi_external || napi_get_value_external(env, value, (void **)&box) != napi_ok || !box ||
        box->kind != kind) {
        napi_throw_type_error(env, NULL, "navrouter: not a handle of the right kind");
        return NULL;
    }
    if (!box->pointer) {
        napi_value error, message, code, number;
        napi_create_string_utf8(env, "the handle was closed", NAPI_AUTO_LENGTH, &message);
        napi_create_error(env, NULL, message, &error);
        napi_create_int32(env, NAVROUTER_EINVAL, &number);
        napi_create_string_utf8(env, "NAVROUTER_EINVAL", NAPI_AUTO_LENGTH, &code);
        napi_set_named_property(env, error, "status", number);
        napi_set_named_property(env, error, "code", code);
        napi_throw(env, error);
        return NULL;
    }
    return box->pointer;
}

/* close(handle): frees it now (the finalizer then does nothing). */
static napi_value js_close(napi_env env, napi_callback_info info) {
    arguments a;
    handle *box = NULL;
    if (!read_arguments(env, info, &a) || a.count < 1) return NULL;
    if (napi_get_value_external(env, a.values[0], (void **)&box) == napi_ok && box) free_handle(box);
    return NULL;
}

/* ---- callbacks -------------------------------------------------------------------------------------------------- */

typedef enum { CALL_NAVIGATOR, CALL_INTERCEPTOR, CALL_LOGIN, CALL_MAKE_VIEW, CALL_RELEASE_VIEW } call_kind;

/* A registered JS function: called directly on the JS thread, through `tsfn` from any other. */
typedef struct callback {
    napi_env env;
    napi_ref function;
    napi_threadsafe_function tsfn;
    call_kind kind;
    /* The record has two owners: the library (until its destroy callback) and the thread-safe function (until Node
     * finalizes it: after its release, or when the environment is torn down). The last of them frees it. */
    pthread_mutex_t lock;
    int library_done, tsfn_done;
} callback;

/* Marks one owner done; returns whether the other was done already (the caller then frees the record). */
static int owner_done(callback *target, int library) {
    pthread_mutex_lock(&target->lock);
    if (library)
        target->library_done = 1;
    else
        target->tsfn_done = 1;
    int last = target->library_done && target->tsfn_done;
    pthread_mutex_unlock(&target->lock);
    return last;
}

static void free_record(callback *target) {
    pthread_mutex_destroy(&target->lock);
    free(target);
}

/* Node finalized the thread-safe function (released, or the environment is going away). */
static void tsfn_finalized(napi_env env, void *data, void *hint) {
    (void)env;
    (void)hint;
    if (owner_done(data, 0)) free_record(data);
}

/* One call across threads: the arguments as text and the answer, with a semaphore the calling thread waits on; or,
 * with `release`, the release of a callback record on the JS thread (then the crossing is heap-allocated). */
typedef struct {
    callback *target;
    const char *text; /* the event's or interception's JSON, or the login's URL */
    uint64_t flow;
    int answer;
    char *argument; /* an interceptor's reason or URL (malloc'ed) */
    sem_t done;
    int release;
} crossing;

/* Calls the JS function with (text[, flow]) and reads its answer: a navigator's boolean (false refuses), an
 * interceptor's [decision, argument]; runs on the JS thread. */
static void call_js(napi_env env, callback *target, const char *text, uint64_t flow, int *answer, char **argument) {
    napi_value function, global, result, arguments[2];
    napi_handle_scope scope;
    napi_open_handle_scope(env, &scope);
    napi_get_reference_value(env, target->function, &function);
    napi_get_global(env, &global);
    arguments[0] = string_value(env, text);
    arguments[1] = number_value(env, (double)flow);
    *answer = target->kind == CALL_NAVIGATOR ? 1 : 0; /* a failed call refuses (navigator) or proceeds below */
    if (napi_call_function(env, global, function, 2, arguments, &result) != napi_ok) {
        /* The JS function threw: a navigator refuses the change, an interceptor cancels. The exception is
         * reported as uncaught after the command (Node's usual handling of a callback's exception). */
        bool pending = false;
        napi_is_exception_pending(env, &pending);
        if (pending) {
            napi_value exception;
            napi_get_and_clear_last_exception(env, &exception);
            if (!callback_exception) napi_create_reference(env, exception, 1, &callback_exception);
        }
        if (target->kind == CALL_INTERCEPTOR) {
            *answer = NAVROUTER_DECISION_CANCEL;
            *argument = strdup("the interceptor threw");
        }
        napi_close_handle_scope(env, scope);
        return;
    }
    if (target->kind == CALL_NAVIGATOR) {
        bool accepted = true;
        napi_valuetype type;
        napi_typeof(env, result, &type);
        if (type == napi_boolean) napi_get_value_bool(env, result, &accepted);
        *answer = accepted ? 0 : 1;
    } else if (target->kind == CALL_MAKE_VIEW) {
        int ok = 1;
        *argument = string_argument(env, result, 1, &ok); /* the view's id as text, or null: declined */
        if (!ok) {
            napi_value exception;
            napi_get_and_clear_last_exception(env, &exception);
        }
    } else if (target->kind == CALL_INTERCEPTOR) {
        napi_value decision, text_value;
        int32_t code = 0;
        int ok = 1;
        napi_get_element(env, result, 0, &decision);
        napi_get_value_int32(env, decision, &code);
        napi_get_element(env, result, 1, &text_value);
        *answer = code;
        *argument = string_argument(env, text_value, 1, &ok);
        if (!ok) {
            napi_value exception;
            napi_get_and_clear_last_exception(env, &exception);
            *answer = NAVROUTER_DECISION_CANCEL;
            *argument = strdup("the interceptor's answer was not a string");
        }
    }
    napi_close_handle_scope(env, scope);
}

/* The thread-safe function's call on the JS thread: answers a crossing and wakes its thread, or releases a record. */
static void call_from_queue(napi_env env, napi_value function, void *context, void *data) {
    (void)function;
    (void)context;
    crossing *call = data;
    if (call->release) {
        if (env) napi_delete_reference(env, call->target->function);
        napi_release_threadsafe_function(call->target->tsfn, napi_tsfn_release); /* finalized next: it frees */
        free(call);
        return;
    }
    if (env) call_js(env, call->target, call->text, call->flow, &call->answer, &call->argument);
    sem_post(&call->done);
}

/* Calls a callback from whatever thread the library runs it on. */
static int dispatch(callback *target, const char *text, uint64_t flow, char **argument) {
    int answer = 0;
    *argument = NULL;
    if (pthread_equal(pthread_self(), js_thread)) {
        call_js(target->env, target, text, flow, &answer, argument);
        return answer;
    }
    crossing call = {target, text, flow, target->kind == CALL_NAVIGATOR ? 1 : 0, NULL, {{0}}, 0};
    sem_init(&call.done, 0, 0);
    if (napi_call_threadsafe_function(target->tsfn, &call, napi_tsfn_blocking) != napi_ok) {
        sem_destroy(&call.done);
        return call.answer; /* the environment is going away: refuse */
    }
    sem_wait(&call.done);
    sem_destroy(&call.done);
    *argument = call.argument;
    return call.answer;
}

/* The library's destroy callback: the JS function is released on the JS thread, and the record freed by whichever
 * owner is done last. Once Node finalized the thread-safe function (the environment is going away), no Node-API call
 * is made: the environment's references go with it. */
static void destroy_callback(void *user_data) {
    callback *target = user_data;
    pthread_mutex_lock(&target->lock);
    int environment_gone = target->tsfn_done;
    pthread_mutex_unlock(&target->lock);
    if (environment_gone) {
        if (owner_done(target, 1)) free_record(target);
        return;
    }
    owner_done(target, 1); /* the thread-safe function is still alive: its finalizer frees the record */
    if (pthread_equal(pthread_self(), js_thread)) {
        napi_delete_reference(target->env, target->function);
        napi_release_threadsafe_function(target->tsfn, napi_tsfn_release);
        return;
    }
    crossing *call = calloc(1, sizeof *call);
    if (!call) return; /* out of memory: the function stays referenced until the environment goes */
    call->target = target;
    call->release = 1;
    if (napi_call_threadsafe_function(target->tsfn, call, napi_tsfn_blocking) != napi_ok) free(call);
}

/* A callback record for a JS function (NULL with an exception thrown when it is not one). */
static callback *make_callback(napi_env env, napi_value function, call_kind kind) {
    napi_valuetype type;
    napi_value name;
    napi_typeof(env, function, &type);
    if (type != napi_function) {
        napi_throw_type_error(env, NULL, "navrouter: expected a function");
        return NULL;
    }
    callback *target = calloc(1, sizeof *target);
    if (!target) return NULL;
    target->env = env;
    target->kind = kind;
    pthread_mutex_init(&target->lock, NULL);
    napi_create_string_utf8(env, "navrouter callback", NAPI_AUTO_LENGTH, &name);
    napi_create_reference(env, function, 1, &target->function);
    /* Calls from other threads, and the release of the record, go through this; it keeps no event loop alive. */
    napi_create_threadsafe_function(env, NULL, NULL, name, 0, 1, target, tsfn_finalized, NULL, call_from_queue,
                                    &target->tsfn);
    napi_unref_threadsafe_function(env, target->tsfn);
    return target;
}

/* A callback record that was never handed to the library (a failed registration). */
static void discard_callback(napi_env env, callback *target) {
    if (!target) return;
    owner_done(target, 1);
    napi_delete_reference(env, target->function);
    napi_release_threadsafe_function(target->tsfn, napi_tsfn_release); /* its finalizer frees the record */
}

static int navigator_trampoline(const navrouter_event *event, void *user_data) {
    char *argument = NULL;
    int answer = dispatch(user_data, navrouter_event_json(event), 0, &argument);
    free(argument);
    return answer;
}

static int interceptor_trampoline(navrouter_interception *interception, void *user_data) {
    char *argument = NULL;
    int answer = dispatch(user_data, navrouter_interception_json(interception),
                          navrouter_interception_flow(interception), &argument);
    if (argument) navrouter_interception_set_argument(interception, argument);
    free(argument);
    return answer;
}

static void login_trampoline(navrouter_router *router, uint64_t flow, const navrouter_match *destination,
                             void *user_data) {
    char *argument = NULL;
    (void)router;
    dispatch(user_data, navrouter_match_url(destination), flow, &argument);
    free(argument);
}

/* A view handler: the host's make and release functions (the library's one user data for both). */
typedef struct {
    callback *make, *release;
} view_handler;

/* Asks the host for an entry's view: the id it answers becomes the view pointer's bits (null declines). */
static void *make_view_trampoline(const navrouter_entry *entry, void *user_data) {
    view_handler *handler = user_data;
    char *argument = NULL;
    const char *json = navrouter_entry_json(entry);
    if (!json) return NULL;
    dispatch(handler->make, json, 0, &argument);
    uintptr_t id = argument ? (uintptr_t)strtoull(argument, NULL, 10) : 0;
    free(argument);
    return (void *)id;
}

static void release_view_trampoline(void *view, const navrouter_entry *entry, void *user_data) {
    view_handler *handler = user_data;
    char *argument = NULL;
    const char *json = navrouter_entry_json(entry);
    dispatch(handler->release, json ? json : "{}", (uint64_t)(uintptr_t)view, &argument);
    free(argument);
}

static void destroy_view_handler(void *user_data) {
    view_handler *handler = user_data;
    destroy_callback(handler->make);
    destroy_callback(handler->release);
    free(handler);
}

/* ---- registry --------------------------------------------------------------------------------------------------- */

static napi_value js_registry_new(napi_env env, napi_callback_info info) {
    navrouter_registry *registry = NULL;
    (void)info;
    int status = navrouter_registry_new(&registry, 0);
    if (status < 0) return throw_status(env, status);
    return wrap_handle(env, KIND_REGISTRY, registry);
}

static napi_value js_load_manifest(napi_env env, napi_callback_info info) {
    arguments a;
    int ok = 1;
    size_t count = 0;
    if (!read_arguments(env, info, &a)) return NULL;
    navrouter_registry *registry = unwrap(env, a.values[0], KIND_REGISTRY);
    char *json = registry ? string_argument(env, a.values[1], 0, &ok) : NULL;
    if (!registry || !ok) return NULL;
    int status = navrouter_registry_load_manifest(registry, json, &count);
    free(json);
    if (status < 0) return throw_status(env, status);
    return number_value(env, (double)count);
}

static napi_value js_resolve(napi_env env, napi_callback_info info) {
    arguments a;
    int ok = 1;
    navrouter_match *match = NULL;
    if (!read_arguments(env, info, &a)) return NULL;
    navrouter_registry *registry = unwrap(env, a.values[0], KIND_REGISTRY);
    char *url = registry ? string_argument(env, a.values[1], 0, &ok) : NULL;
    if (!registry || !ok) return NULL;
    int status = navrouter_registry_resolve(registry, url, &match);
    free(url);
    if (status < 0) return throw_status(env, status);
    return wrap_handle(env, KIND_MATCH, match);
}

static napi_value js_match_json(napi_env env, napi_callback_info info) {
    arguments a;
    if (!read_arguments(env, info, &a)) return NULL;
    navrouter_match *match = unwrap(env, a.values[0], KIND_MATCH);
    return match ? string_value(env, navrouter_match_json(match)) : NULL;
}

/* matchTyped(match, name, kind): kind 0 int, 1 double, 2 bool. */
static napi_value js_match_typed(napi_env env, napi_callback_info info) {
    arguments a;
    int ok = 1;
    int32_t kind = 0;
    if (!read_arguments(env, info, &a)) return NULL;
    navrouter_match *match = unwrap(env, a.values[0], KIND_MATCH);
    char *name = match ? string_argument(env, a.values[1], 0, &ok) : NULL;
    if (!match || !ok) return NULL;
    napi_get_value_int32(env, a.values[2], &kind);
    int64_t integer = 0;
    double real = 0;
    bool flag = false;
    int status = kind == 0   ? navrouter_match_param_int(match, name, &integer)
                 : kind == 1 ? navrouter_match_param_double(match, name, &real)
                             : navrouter_match_param_bool(match, name, &flag);
    free(name);
    if (status < 0) return throw_status(env, status);
    napi_value value;
    if (kind == 2) {
        napi_get_boolean(env, flag, &value);
        return value;
    }
    if (kind == 0) {
        napi_create_bigint_int64(env, integer, &value);
        return value;
    }
    return number_value(env, real);
}

static napi_value js_build_url(napi_env env, napi_callback_info info) {
    arguments a;
    int ok = 1;
    char *out = NULL;
    if (!read_arguments(env, info, &a)) return NULL;
    navrouter_registry *registry = unwrap(env, a.values[0], KIND_REGISTRY);
    if (!registry) return NULL;
    char *route = string_argument(env, a.values[1], 0, &ok);
    char *params = ok ? string_argument(env, a.values[2], 0, &ok) : NULL;
    char *props = ok ? string_argument(env, a.values[3], 1, &ok) : NULL;
    char *scheme = ok ? string_argument(env, a.values[4], 1, &ok) : NULL;
    int status = ok ? navrouter_registry_build_url(registry, route, params, props, scheme, &out) : 0;
    free(route);
    free(params);
    free(props);
    free(scheme);
    if (!ok) return NULL;
    if (status < 0) return throw_status(env, status);
    return owned_string(env, out);
}

static napi_value js_route_json(napi_env env, napi_callback_info info) {
    arguments a;
    int ok = 1;
    char *out = NULL;
    if (!read_arguments(env, info, &a)) return NULL;
    navrouter_registry *registry = unwrap(env, a.values[0], KIND_REGISTRY);
    char *name = registry ? string_argument(env, a.values[1], 0, &ok) : NULL;
    if (!registry || !ok) return NULL;
    int status = navrouter_registry_route_json(registry, name, &out);
    free(name);
    if (status < 0) return throw_status(env, status);
    return owned_string(env, out);
}

/* setList(registry, which, strings): 0 web domains, 1 schemes. */
static napi_value js_set_list(napi_env env, napi_callback_info info) {
    arguments a;
    int ok = 1;
    int32_t which = 0;
    size_t count = 0;
    if (!read_arguments(env, info, &a)) return NULL;
    navrouter_registry *registry = unwrap(env, a.values[0], KIND_REGISTRY);
    if (!registry) return NULL;
    napi_get_value_int32(env, a.values[1], &which);
    char **strings = strings_argument(env, a.values[2], &count, &ok);
    int status = !ok          ? 0
                 : which == 0 ? navrouter_registry_set_web_domains(registry, (const char *const *)strings, count)
                              : navrouter_registry_set_schemes(registry, (const char *const *)strings, count);
    free_strings(strings, count);
    if (!ok) return NULL;
    if (status < 0) return throw_status(env, status);
    return NULL;
}

static napi_value js_set_authenticated(napi_env env, napi_callback_info info) {
    arguments a;
    bool value = false;
    if (!read_arguments(env, info, &a)) return NULL;
    navrouter_registry *registry = unwrap(env, a.values[0], KIND_REGISTRY);
    if (!registry) return NULL;
    napi_get_value_bool(env, a.values[1], &value);
    int status = navrouter_registry_set_authenticated(registry, value);
    if (status < 0) return throw_status(env, status);
    return NULL;
}

/* addInterceptor(registry, name, phase, priority, pattern|null, routes|null, requiresAuth, fn) → id. */
static napi_value js_add_interceptor(napi_env env, napi_callback_info info) {
    arguments a;
    int ok = 1;
    int32_t phase = 0, priority = 1;
    bool requires_auth = false, has_routes = false;
    size_t count = 0;
    char **routes = NULL;
    uint64_t id = 0;
    if (!read_arguments(env, info, &a) || a.count < 8) return NULL;
    navrouter_registry *registry = unwrap(env, a.values[0], KIND_REGISTRY);
    if (!registry) return NULL;
    char *name = string_argument(env, a.values[1], 0, &ok);
    napi_get_value_int32(env, a.values[2], &phase);
    napi_get_value_int32(env, a.values[3], &priority);
    char *pattern = ok ? string_argument(env, a.values[4], 1, &ok) : NULL;
    napi_is_array(env, a.values[5], &has_routes);
    if (ok && has_routes) routes = strings_argument(env, a.values[5], &count, &ok);
    napi_get_value_bool(env, a.values[6], &requires_auth);
    callback *target = ok ? make_callback(env, a.values[7], CALL_INTERCEPTOR) : NULL;
    int status = 0;
    if (target) {
        status = navrouter_registry_add_interceptor(registry, name, (uint32_t)phase, (uint32_t)priority, pattern,
                                                    (const char *const *)routes, count,
                                                    requires_auth ? NAVROUTER_INTERCEPTOR_REQUIRES_AUTH : 0, NULL,
                                                    interceptor_trampoline, target, destroy_callback, &id);
        if (status < 0) discard_callback(env, target); /* the library did not keep it */
    }
    free(name);
    free(pattern);
    free_strings(routes, count);
    if (!target) return NULL;
    if (status < 0) return throw_status(env, status);
    return number_value(env, (double)id);
}

static napi_value js_remove_interceptor(napi_env env, napi_callback_info info) {
    arguments a;
    if (!read_arguments(env, info, &a)) return NULL;
    navrouter_registry *registry = unwrap(env, a.values[0], KIND_REGISTRY);
    if (!registry) return NULL;
    int status = navrouter_registry_remove_interceptor(registry, (uint64_t)number_argument(env, a.values[1]));
    if (status < 0) return throw_status(env, status);
    return NULL;
}

static napi_value js_set_login_handler(napi_env env, napi_callback_info info) {
    arguments a;
    if (!read_arguments(env, info, &a)) return NULL;
    navrouter_registry *registry = unwrap(env, a.values[0], KIND_REGISTRY);
    if (!registry) return NULL;
    callback *target = make_callback(env, a.values[1], CALL_LOGIN);
    if (!target) return NULL;
    int status = navrouter_registry_set_auth_handler(registry, login_trampoline, NULL, target, destroy_callback);
    if (status < 0) {
        discard_callback(env, target);
        return throw_status(env, status);
    }
    return NULL;
}

/* ---- router ----------------------------------------------------------------------------------------------------- */

static napi_value js_router_new(napi_env env, napi_callback_info info) {
    arguments a;
    navrouter_router *router = NULL;
    if (!read_arguments(env, info, &a)) return NULL;
    navrouter_registry *registry = unwrap(env, a.values[0], KIND_REGISTRY);
    if (!registry) return NULL;
    int status = navrouter_router_new(&router, registry);
    if (status < 0) return throw_status(env, status);
    return wrap_handle(env, KIND_ROUTER, router);
}

static napi_value js_set_navigator(napi_env env, napi_callback_info info) {
    arguments a;
    if (!read_arguments(env, info, &a)) return NULL;
    navrouter_router *router = unwrap(env, a.values[0], KIND_ROUTER);
    if (!router) return NULL;
    callback *target = make_callback(env, a.values[1], CALL_NAVIGATOR);
    if (!target) return NULL;
    int status = navrouter_router_set_navigator(router, navigator_trampoline, target, destroy_callback);
    if (status < 0) {
        discard_callback(env, target);
        return throw_status(env, status);
    }
    return NULL;
}

/* setHandler(router, route|null, make|null, release): make(entryJson) answers the view's id as text (null declines). */
static napi_value js_set_handler(napi_env env, napi_callback_info info) {
    arguments a;
    int ok = 1;
    napi_valuetype type;
    if (!read_arguments(env, info, &a) || a.count < 4) return NULL;
    navrouter_router *router = unwrap(env, a.values[0], KIND_ROUTER);
    if (!router) return NULL;
    char *route = string_argument(env, a.values[1], 1, &ok);
    if (!ok) return NULL;
    napi_typeof(env, a.values[2], &type);
    int status;
    if (type != napi_function) { /* removes the route's handler (or the default one) */
        status = navrouter_router_set_handler(router, route, NULL, NULL, NULL, NULL);
    } else {
        view_handler *handler = calloc(1, sizeof *handler);
        handler->make = make_callback(env, a.values[2], CALL_MAKE_VIEW);
        handler->release = handler->make ? make_callback(env, a.values[3], CALL_RELEASE_VIEW) : NULL;
        if (!handler->release) {
            discard_callback(env, handler->make);
            free(handler);
            free(route);
            return NULL;
        }
        status = navrouter_router_set_handler(router, route, make_view_trampoline, release_view_trampoline, handler,
                                              destroy_view_handler);
        if (status < 0) {
            discard_callback(env, handler->make);
            discard_callback(env, handler->release);
            free(handler);
        }
    }
    free(route);
    if (status < 0) return throw_status(env, status);
    return NULL;
}

/* navigate(router, url, flags, props|null, popUpTo|null, tab|null, deadlineMs) → [status, id]. */
static napi_value js_navigate(napi_env env, napi_callback_info info) {
    arguments a;
    int ok = 1;
    uint64_t id = 0;
    if (!read_arguments(env, info, &a) || a.count < 7) return NULL;
    navrouter_router *router = unwrap(env, a.values[0], KIND_ROUTER);
    if (!router) return NULL;
    navrouter_nav_options options = NAVROUTER_NAV_OPTIONS_INIT;
    char *url = string_argument(env, a.values[1], 0, &ok);
    options.flags = (uint32_t)number_argument(env, a.values[2]);
    char *props = ok ? string_argument(env, a.values[3], 1, &ok) : NULL;
    char *pop_up_to = ok ? string_argument(env, a.values[4], 1, &ok) : NULL;
    char *tab = ok ? string_argument(env, a.values[5], 1, &ok) : NULL;
    options.props_json = props;
    options.pop_up_to = pop_up_to;
    options.tab = tab;
    options.flow_deadline_ms = (int64_t)number_argument(env, a.values[6]);
    int status = ok ? navrouter_router_navigate(router, url, &options, &id) : 0;
    free(url);
    free(props);
    free(pop_up_to);
    free(tab);
    if (!ok) return NULL;
    return outcome(env, status, id);
}

/* command(router, name, ...): the commands that take numbers, strings and lists. */
static napi_value js_command(napi_env env, napi_callback_info info) {
    arguments a;
    int ok = 1;
    char name[32] = {0};
    size_t length = 0;
    uint64_t id = 0;
    int status = NAVROUTER_EINVAL;
    if (!read_arguments(env, info, &a) || a.count < 2) return NULL;
    navrouter_router *router = unwrap(env, a.values[0], KIND_ROUTER);
    if (!router) return NULL;
    napi_get_value_string_utf8(env, a.values[1], name, sizeof name, &length);
    double first = a.count > 2 ? number_argument(env, a.values[2]) : 0;
    if (strcmp(name, "start") == 0) {
        status = navrouter_router_start(router, &id);
    } else if (strcmp(name, "back") == 0) {
        status = navrouter_router_back(router, &id);
    } else if (strcmp(name, "popToRoot") == 0) {
        status = navrouter_router_pop_to_root(router, &id);
    } else if (strcmp(name, "refresh") == 0) {
        status = navrouter_router_refresh(router, &id);
    } else if (strcmp(name, "popTo") == 0) {
        status = navrouter_router_pop_to(router, (uint64_t)first, &id);
    } else if (strcmp(name, "popAfter") == 0) {
        status = navrouter_router_pop_after(router, (size_t)first, &id);
    } else if (strcmp(name, "selectTab") == 0) {
        status = navrouter_router_select_tab(router, (size_t)first, &id);
    } else if (strcmp(name, "userPopped") == 0) {
        status = navrouter_router_user_popped(router, (uint64_t)first, &id);
    } else if (strcmp(name, "userDismissed") == 0) {
        status = navrouter_router_user_dismissed(router, (size_t)first, &id);
    } else if (strcmp(name, "pop") == 0 || strcmp(name, "dismiss") == 0) {
        char *result = string_argument(env, a.values[3], 1, &ok);
        if (ok)
            status = name[0] == 'p' ? navrouter_router_pop(router, (size_t)first, result, &id)
                                    : navrouter_router_dismiss(router, (size_t)first, result, &id);
        free(result);
    } else if (strcmp(name, "selectTabRoute") == 0 || strcmp(name, "restore") == 0) {
        char *text = string_argument(env, a.values[2], 0, &ok);
        if (ok)
            status = name[0] == 's' ? navrouter_router_select_tab_route(router, text, &id)
                                    : navrouter_router_restore(router, text, &id);
        free(text);
    } else if (strcmp(name, "setStack") == 0 || strcmp(name, "setTabs") == 0) {
        size_t count = 0;
        char **urls = strings_argument(env, a.values[2], &count, &ok);
        if (ok)
            status = name[3] == 'S' ? navrouter_router_set_stack(router, (const char *const *)urls, count, &id)
                                    : navrouter_router_set_tabs(router, (const char *const *)urls, count,
                                                                (size_t)number_argument(env, a.values[3]), &id);
        free_strings(urls, count);
    } else if (strcmp(name, "resumeFlow") == 0) {
        char *argument = string_argument(env, a.values[4], 1, &ok);
        if (ok)
            status = navrouter_router_resume_flow(router, (uint64_t)first, (int)number_argument(env, a.values[3]),
                                                  argument, &id);
        free(argument);
    } else if (strcmp(name, "completeLogin") == 0) {
        bool success = false;
        napi_get_value_bool(env, a.values[3], &success);
        status = navrouter_router_complete_login(router, (uint64_t)first, success, &id);
    } else if (strcmp(name, "transitionFinished") == 0) {
        status = navrouter_router_transition_finished(router, (uint64_t)first);
    } else if (strcmp(name, "transitionMode") == 0) {
        status = navrouter_router_set_transition_mode(router, (uint32_t)first);
    } else {
        napi_throw_error(env, NULL, "navrouter: unknown command");
        return NULL;
    }
    if (!ok) return NULL;
    return outcome(env, status, id);
}

/* backGesture(router, op, gesture): "canGoBack" → boolean; "preview" → JSON text or null (nothing to go back to);
 * "begin" → [id, preview JSON]; "commit" → the transition id; "cancel" → undefined. */
static napi_value js_back_gesture(napi_env env, napi_callback_info info) {
    arguments a;
    char op[16] = {0};
    size_t length = 0;
    char *out = NULL;
    napi_value result = NULL;
    if (!read_arguments(env, info, &a) || a.count < 3) return NULL;
    navrouter_router *router = unwrap(env, a.values[0], KIND_ROUTER);
    if (!router) return NULL;
    napi_get_value_string_utf8(env, a.values[1], op, sizeof op, &length);
    uint64_t gesture = (uint64_t)number_argument(env, a.values[2]);
    if (strcmp(op, "canGoBack") == 0) {
        bool can = false;
        int status = navrouter_router_can_go_back(router, &can);
        if (status < 0) return throw_status(env, status);
        napi_get_boolean(env, can, &result);
    } else if (strcmp(op, "preview") == 0) {
        int status = navrouter_router_back_preview(router, &out);
        if (status == NAVROUTER_ENOTFOUND) return string_value(env, NULL);
        if (status < 0) return throw_status(env, status);
        result = owned_string(env, out);
    } else if (strcmp(op, "begin") == 0) {
        uint64_t id = 0;
        int status = navrouter_router_begin_back_gesture(router, &id, &out);
        if (status < 0) return throw_status(env, status);
        napi_create_array_with_length(env, 2, &result);
        napi_set_element(env, result, 0, number_value(env, (double)id));
        napi_set_element(env, result, 1, owned_string(env, out));
    } else if (strcmp(op, "commit") == 0) {
        uint64_t id = 0;
        int status = navrouter_router_commit_back_gesture(router, gesture, &id);
        if (status < 0) return throw_status(env, status);
        result = number_value(env, (double)id);
    } else {
        int status = navrouter_router_cancel_back_gesture(router, gesture);
        if (status < 0) return throw_status(env, status);
    }
    return result;
}

/* text(router, which): 0 snapshot, 1 state JSON. */
static napi_value js_router_text(napi_env env, napi_callback_info info) {
    arguments a;
    int32_t which = 0;
    char *out = NULL;
    if (!read_arguments(env, info, &a)) return NULL;
    navrouter_router *router = unwrap(env, a.values[0], KIND_ROUTER);
    if (!router) return NULL;
    napi_get_value_int32(env, a.values[1], &which);
    int status = which == 0 ? navrouter_router_snapshot(router, &out) : navrouter_router_state_json(router, &out);
    if (status < 0) return throw_status(env, status);
    return owned_string(env, out);
}

/* ---- a native thread, for the tests of callbacks that arrive off the JS thread ----------------------------------- */

typedef struct {
    navrouter_router *router;
    char *url;
    int status;
    napi_deferred deferred;
    napi_async_work work;
} off_thread;

static void off_thread_run(napi_env env, void *data) {
    off_thread *job = data;
    (void)env;
    job->status = navrouter_router_navigate(job->router, job->url, NULL, NULL);
}

static void off_thread_done(napi_env env, napi_status result, void *data) {
    off_thread *job = data;
    (void)result;
    napi_resolve_deferred(env, job->deferred, number_value(env, job->status));
    napi_delete_async_work(env, job->work);
    free(job->url);
    free(job);
}

/* navigateOnAnotherThread(router, url) → Promise of the status: a command run by a worker thread of libuv. */
static napi_value js_navigate_off_thread(napi_env env, napi_callback_info info) {
    arguments a;
    int ok = 1;
    napi_value promise, name;
    if (!read_arguments(env, info, &a)) return NULL;
    navrouter_router *router = unwrap(env, a.values[0], KIND_ROUTER);
    if (!router) return NULL;
    off_thread *job = calloc(1, sizeof *job);
    job->router = router;
    job->url = string_argument(env, a.values[1], 0, &ok);
    if (!ok) {
        free(job);
        return NULL;
    }
    CHECK_NAPI(napi_create_promise(env, &job->deferred, &promise));
    napi_create_string_utf8(env, "navrouter", NAPI_AUTO_LENGTH, &name);
    CHECK_NAPI(napi_create_async_work(env, NULL, name, off_thread_run, off_thread_done, job, &job->work));
    CHECK_NAPI(napi_queue_async_work(env, job->work));
    return promise;
}

/* ---- module ----------------------------------------------------------------------------------------------------- */

static napi_value js_version(napi_env env, napi_callback_info info) {
    (void)info;
    return string_value(env, navrouter_version_string());
}

static napi_value init(napi_env env, napi_value exports) {
    static const struct {
        const char *name;
        napi_callback function;
    } functions[] = {
        {"version", js_version},
        {"close", js_close},
        {"registryNew", js_registry_new},
        {"loadManifest", js_load_manifest},
        {"resolve", js_resolve},
        {"matchJson", js_match_json},
        {"matchTyped", js_match_typed},
        {"buildUrl", js_build_url},
        {"routeJson", js_route_json},
        {"setList", js_set_list},
        {"setAuthenticated", js_set_authenticated},
        {"addInterceptor", js_add_interceptor},
        {"removeInterceptor", js_remove_interceptor},
        {"setLoginHandler", js_set_login_handler},
        {"routerNew", js_router_new},
        {"setNavigator", js_set_navigator},
        {"setHandler", js_set_handler},
        {"navigate", js_navigate},
        {"command", js_command},
        {"routerText", js_router_text},
        {"backGesture", js_back_gesture},
        {"navigateOnAnotherThread", js_navigate_off_thread},
    };
    js_thread = pthread_self();
    for (size_t index = 0; index < sizeof functions / sizeof functions[0]; index++) {
        napi_value function;
        CHECK_NAPI(napi_create_function(env, functions[index].name, NAPI_AUTO_LENGTH, functions[index].function, NULL,
                                        &function));
        CHECK_NAPI(napi_set_named_property(env, exports, functions[index].name, function));
    }
    return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
