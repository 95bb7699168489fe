/* The Java binding's native part: a thin JNI layer over libnavrouter.so. It converts arguments and results and maps
 * failures to NavRouterException; the classes are dev.navrouter's. Built with gcc against the JDK's jni.h and
 * navrouter.h (bindings/java/build.sh, -Werror: the compiler checks every call against the header).
 *
 * Callbacks: each registered dev.navrouter.Native.Callback is held by a global reference in a `callback` record,
 * released exactly once by the library's destroy callback. The library calls a callback on the thread that runs the
 * command: a Java thread already attached, or a native thread, which is attached for the call and detached after.
 * An exception a callback throws refuses the change (navigator) or cancels the navigation (interceptor); it is kept
 * for the thread and rethrown by the command once the library returns. */
#define _POSIX_C_SOURCE 200809L
#include <jni.h>
#include <navrouter.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static JavaVM *java_vm;
/* dev.navrouter.NavRouterException, by a weak global reference: a strong one would keep the binding's class loader, and
 * so this library, loaded for ever (the JVM unloads a JNI library when its class loader is collected). */
static jweak exception_class;
static jmethodID exception_init; /* (int, String, String) */
static jmethodID callback_call;  /* Native.Callback.call(String, long) → String */
/* The exception a callback threw during this thread's command (a global reference), rethrown by the command. */
static __thread jobject pending_exception;

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved) {
    JNIEnv *env;
    (void)reserved;
    java_vm = vm;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK) return JNI_ERR;
    jclass found = (*env)->FindClass(env, "dev/navrouter/NavRouterException");
    jclass callback = (*env)->FindClass(env, "dev/navrouter/Native$Callback");
    if (!found || !callback) return JNI_ERR;
    exception_class = (*env)->NewWeakGlobalRef(env, found);
    exception_init = (*env)->GetMethodID(env, found, "<init>", "(ILjava/lang/String;Ljava/lang/String;)V");
    callback_call = (*env)->GetMethodID(env, callback, "call", "(Ljava/lang/String;J)Ljava/lang/String;");
    return exception_init && callback_call ? JNI_VERSION_1_8 : JNI_ERR;
}

/* The class loader was collected: the JVM unloads this library (libnavrouter.so itself stays mapped: -z nodelete). */
JNIEXPORT void JNICALL JNI_OnUnload(JavaVM *vm, void *reserved) {
    JNIEnv *env;
    (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) == JNI_OK && exception_class) {
        (*env)->DeleteWeakGlobalRef(env, exception_class);
    }
    exception_class = NULL;
}

/* Throws NavRouterException for a failed status (the thread's last message); returns 1 when it threw. A pending
 * callback exception is thrown instead, when there is one. */
static int failed(JNIEnv *env, int status) {
    if (pending_exception) {
        jobject exception = pending_exception;
        pending_exception = NULL;
        if (status < 0) (*env)->Throw(env, exception);
        (*env)->DeleteGlobalRef(env, exception);
        if (status < 0) return 1;
    }
    if (status >= 0) return 0;
    const char *message = navrouter_last_error();
    jstring text = (*env)->NewStringUTF(env, message ? message : "failed");
    jstring code = (*env)->NewStringUTF(env, navrouter_status_name(status));
    jclass class = (*env)->NewLocalRef(env, exception_class); /* alive: a class of the loader running this call */
    jobject error = class ? (*env)->NewObject(env, class, exception_init, (jint)status, code, text) : NULL;
    if (error) (*env)->Throw(env, error);
    return 1;
}

/* A Java string as a malloc'ed UTF-8 C string (NULL for null); *ok = 0 with IllegalArgumentException thrown for a
 * string holding U+0000 (refused, never truncated). Modified UTF-8 writes U+0000 as two bytes: it is found here. */
static char *c_string(JNIEnv *env, jstring value, int *ok) {
    if (!value || !*ok) return NULL;
    const char *chars = (*env)->GetStringUTFChars(env, value, NULL);
    if (!chars) {
        *ok = 0;
        return NULL;
    }
    if (strstr(chars, "\xC0\x80")) {
        (*env)->ReleaseStringUTFChars(env, value, chars);
        jclass argument = (*env)->FindClass(env, "java/lang/IllegalArgumentException");
        (*env)->ThrowNew(env, argument, "a string holds a NUL character");
        *ok = 0;
        return NULL;
    }
    char *copy = strdup(chars);
    (*env)->ReleaseStringUTFChars(env, value, chars);
    return copy;
}

static char **c_strings(JNIEnv *env, jobjectArray values, size_t *count, int *ok) {
    *count = values ? (size_t)(*env)->GetArrayLength(env, values) : 0;
    if (!values) return NULL;
    char **strings = calloc(*count + 1, sizeof *strings);
    for (size_t index = 0; strings && index < *count && *ok; index++) {
        jstring element = (*env)->GetObjectArrayElement(env, values, (jsize)index);
        strings[index] = c_string(env, element, ok);
        (*env)->DeleteLocalRef(env, element);
    }
    return strings;
}

static void free_strings(char **strings, size_t count) {
    for (size_t index = 0; strings && index < count; index++) free(strings[index]);
    free(strings);
}

static jstring java_string(JNIEnv *env, const char *text) {
    return text ? (*env)->NewStringUTF(env, text) : NULL;
}

static jstring owned_string(JNIEnv *env, char *text) {
    jstring value = java_string(env, text);
    navrouter_string_free(text);
    return value;
}

static jlongArray outcome(JNIEnv *env, int status, uint64_t id) {
    if (failed(env, status)) return NULL;
    jlongArray pair = (*env)->NewLongArray(env, 2);
    jlong values[2] = {status, (jlong)id};
    if (pair) (*env)->SetLongArrayRegion(env, pair, 0, 2, values);
    return pair;
}

/* ---- callbacks -------------------------------------------------------------------------------------------------- */

typedef struct {
    jobject target; /* a global reference to the Native.Callback */
} callback;

/* The JNIEnv of this thread, attaching it when the JVM does not know it (*attached = 1: detach after). */
static JNIEnv *thread_env(int *attached) {
    JNIEnv *env = NULL;
    *attached = 0;
    jint found = (*java_vm)->GetEnv(java_vm, (void **)&env, JNI_VERSION_1_8);
    if (found == JNI_EDETACHED) {
        if ((*java_vm)->AttachCurrentThread(java_vm, (void **)&env, NULL) != JNI_OK) return NULL;
        *attached = 1;
    }
    return found == JNI_OK || *attached ? env : NULL;
}

/* Calls a callback; returns its answer (a malloc'ed string, "1" when it threw or the thread could not attach). */
static char *call(jobject target, const char *text, uint64_t flow) {
    int attached;
    JNIEnv *env = thread_env(&attached);
    if (!env) return strdup("1");
    char *answer = NULL;
    (*env)->PushLocalFrame(env, 8);
    jstring argument = java_string(env, text);
    jstring result = (*env)->CallObjectMethod(env, target, callback_call, argument, (jlong)flow);
    if ((*env)->ExceptionCheck(env)) {
        jthrowable exception = (*env)->ExceptionOccurred(env);
        (*env)->ExceptionClear(env);
        if (!attached && !pending_exception) pending_exception = (*env)->NewGlobalRef(env, exception);
        answer = strdup("1:the callback threw");
    } else if (result) {
        const char *chars = (*env)->GetStringUTFChars(env, result, NULL);
        answer = strdup(chars ? chars : "1");
        if (chars) (*env)->ReleaseStringUTFChars(env, result, chars);
    } else {
        answer = strdup("0");
    }
    (*env)->PopLocalFrame(env, NULL);
    if (attached) (*java_vm)->DetachCurrentThread(java_vm);
    return answer;
}

static void destroy_callback(void *user_data) {
    callback *target = user_data;
    int attached;
    JNIEnv *env = thread_env(&attached);
    if (env) (*env)->DeleteGlobalRef(env, target->target);
    if (attached) (*java_vm)->DetachCurrentThread(java_vm);
    free(target);
}

static callback *make_callback(JNIEnv *env, jobject function) {
    if (!function) {
        jclass argument = (*env)->FindClass(env, "java/lang/NullPointerException");
        (*env)->ThrowNew(env, argument, "the callback is null");
        return NULL;
    }
    callback *target = malloc(sizeof *target);
    if (target) target->target = (*env)->NewGlobalRef(env, function);
    return target;
}

/* A record the library did not keep (a failed registration). */
static void discard_callback(JNIEnv *env, callback *target) {
    (*env)->DeleteGlobalRef(env, target->target);
    free(target);
}

static int navigator_trampoline(const navrouter_event *event, void *user_data) {
    char *answer = call(((callback *)user_data)->target, navrouter_event_json(event), 0);
    int refused = answer[0] != '0';
    free(answer);
    return refused;
}

static int interceptor_trampoline(navrouter_interception *interception, void *user_data) {
    char *answer = call(((callback *)user_data)->target, navrouter_interception_json(interception),
                        navrouter_interception_flow(interception));
    int decision = atoi(answer);
    char *argument = strchr(answer, ':');
    if (argument) navrouter_interception_set_argument(interception, argument + 1);
    free(answer);
    return decision;
}

static void login_trampoline(navrouter_router *router, uint64_t flow, const navrouter_match *destination,
                             void *user_data) {
    (void)router;
    free(call(((callback *)user_data)->target, navrouter_match_url(destination), flow));
}

/* A view handler: the host's make and release callbacks, one record (the library's user data for both). */
typedef struct {
    jobject make, release; /* global references to Native.Callback objects */
} view_handler;

/* Asks the host for an entry's view: its answer is the view's id (decimal; "0" declines), handed to the library as
 * the view pointer's bits. */
static void *make_view_trampoline(const navrouter_entry *entry, void *user_data) {
    view_handler *handler = user_data;
    const char *json = navrouter_entry_json(entry);
    if (!json) return NULL;
    char *answer = call(handler->make, json, 0);
    uintptr_t id = (uintptr_t)strtoull(answer, NULL, 10);
    free(answer);
    return (void *)id;
}

static void release_view_trampoline(void *view, const navrouter_entry *entry, void *user_data) {
    view_handler *handler = user_data;
    const char *json = navrouter_entry_json(entry);
    free(call(handler->release, json ? json : "{}", (uint64_t)(uintptr_t)view));
}

static void destroy_view_handler(void *user_data) {
    view_handler *handler = user_data;
    int attached;
    JNIEnv *env = thread_env(&attached);
    if (env) {
        (*env)->DeleteGlobalRef(env, handler->make);
        (*env)->DeleteGlobalRef(env, handler->release);
    }
    if (attached) (*java_vm)->DetachCurrentThread(java_vm);
    free(handler);
}

/* ---- natives ---------------------------------------------------------------------------------------------------- */

#define NATIVE(result, name) JNIEXPORT result JNICALL Java_dev_navrouter_Native_##name
#define REGISTRY(handle) ((navrouter_registry *)(intptr_t)(handle))
#define ROUTER(handle) ((navrouter_router *)(intptr_t)(handle))
#define MATCH(handle) ((navrouter_match *)(intptr_t)(handle))

NATIVE(jstring, version)(JNIEnv *env, jclass class) {
    (void)class;
    return java_string(env, navrouter_version_string());
}

NATIVE(jlong, registryNew)(JNIEnv *env, jclass class) {
    navrouter_registry *registry = NULL;
    (void)class;
    if (failed(env, navrouter_registry_new(&registry, 0))) return 0;
    return (jlong)(intptr_t)registry;
}

NATIVE(void, registryFree)(JNIEnv *env, jclass class, jlong registry) {
    (void)env;
    (void)class;
    navrouter_registry_free(REGISTRY(registry));
}

NATIVE(jlong, loadManifest)(JNIEnv *env, jclass class, jlong registry, jstring json) {
    int ok = 1;
    size_t count = 0;
    (void)class;
    char *text = c_string(env, json, &ok);
    int status = ok ? navrouter_registry_load_manifest(REGISTRY(registry), text, &count) : 0;
    free(text);
    if (!ok || failed(env, status)) return 0;
    return (jlong)count;
}

NATIVE(jlong, resolve)(JNIEnv *env, jclass class, jlong registry, jstring url) {
    int ok = 1;
    navrouter_match *match = NULL;
    (void)class;
    char *text = c_string(env, url, &ok);
    int status = ok ? navrouter_registry_resolve(REGISTRY(registry), text, &match) : 0;
    free(text);
    if (!ok || failed(env, status)) return 0;
    return (jlong)(intptr_t)match;
}

NATIVE(jstring, matchJson)(JNIEnv *env, jclass class, jlong match) {
    (void)class;
    return java_string(env, navrouter_match_json(MATCH(match)));
}

NATIVE(jlong, matchTyped)(JNIEnv *env, jclass class, jlong match, jstring name, jint kind) {
    int ok = 1;
    int64_t integer = 0;
    double real = 0;
    bool flag = false;
    (void)class;
    char *key = c_string(env, name, &ok);
    if (!ok) return 0;
    int status = kind == 0   ? navrouter_match_param_int(MATCH(match), key, &integer)
                 : kind == 1 ? navrouter_match_param_double(MATCH(match), key, &real)
                             : navrouter_match_param_bool(MATCH(match), key, &flag);
    free(key);
    if (failed(env, status)) return 0;
    if (kind == 1) {
        jlong bits;
        memcpy(&bits, &real, sizeof bits); /* Double.longBitsToDouble reads it back */
        return bits;
    }
    return kind == 0 ? (jlong)integer : (jlong)flag;
}

NATIVE(void, matchFree)(JNIEnv *env, jclass class, jlong match) {
    (void)env;
    (void)class;
    navrouter_match_free(MATCH(match));
}

NATIVE(jstring, buildUrl)(JNIEnv *env, jclass class, jlong registry, jstring route, jstring parameters, jstring props,
                          jstring scheme) {
    int ok = 1;
    char *out = NULL;
    (void)class;
    char *name = c_string(env, route, &ok), *params = c_string(env, parameters, &ok);
    char *props_text = c_string(env, props, &ok), *scheme_text = c_string(env, scheme, &ok);
    int status = ok ? navrouter_registry_build_url(REGISTRY(registry), name, params, props_text, scheme_text, &out) : 0;
    free(name);
    free(params);
    free(props_text);
    free(scheme_text);
    if (!ok || failed(env, status)) return NULL;
    return owned_string(env, out);
}

NATIVE(jstring, routeJson)(JNIEnv *env, jclass class, jlong registry, jstring name) {
    int ok = 1;
    char *out = NULL;
    (void)class;
    char *text = c_string(env, name, &ok);
    int status = ok ? navrouter_registry_route_json(REGISTRY(registry), text, &out) : 0;
    free(text);
    if (!ok || failed(env, status)) return NULL;
    return owned_string(env, out);
}

NATIVE(void, setList)(JNIEnv *env, jclass class, jlong registry, jint which, jobjectArray values) {
    int ok = 1;
    size_t count = 0;
    (void)class;
    char **strings = c_strings(env, values, &count, &ok);
    int status = !ok ? 0
                 : which == 0
                     ? navrouter_registry_set_web_domains(REGISTRY(registry), (const char *const *)strings, count)
                     : navrouter_registry_set_schemes(REGISTRY(registry), (const char *const *)strings, count);
    free_strings(strings, count);
    if (ok) failed(env, status);
}

NATIVE(void, setAuthenticated)(JNIEnv *env, jclass class, jlong registry, jboolean authenticated) {
    (void)class;
    failed(env, navrouter_registry_set_authenticated(REGISTRY(registry), authenticated));
}

NATIVE(jlong, addInterceptor)(JNIEnv *env, jclass class, jlong registry, jstring name, jint phase, jint priority,
                              jstring pattern, jobjectArray routes, jboolean requires_auth, jobject function) {
    int ok = 1;
    size_t count = 0;
    uint64_t id = 0;
    (void)class;
    char *label = c_string(env, name, &ok), *scope = c_string(env, pattern, &ok);
    char **names = c_strings(env, routes, &count, &ok);
    callback *target = ok ? make_callback(env, function) : NULL;
    int status = 0;
    if (target) {
        status = navrouter_registry_add_interceptor(REGISTRY(registry), label, (uint32_t)phase, (uint32_t)priority,
                                                    scope, (const char *const *)names, count,
                                                    requires_auth ? NAVROUTER_INTERCEPTOR_REQUIRES_AUTH : 0, NULL,
                                                    interceptor_trampoline, target, destroy_callback, &id);
        if (status < 0) discard_callback(env, target);
    }
    free(label);
    free(scope);
    free_strings(names, count);
    if (!target || failed(env, status)) return 0;
    return (jlong)id;
}

NATIVE(void, removeInterceptor)(JNIEnv *env, jclass class, jlong registry, jlong id) {
    (void)class;
    failed(env, navrouter_registry_remove_interceptor(REGISTRY(registry), (uint64_t)id));
}

NATIVE(void, setLoginHandler)(JNIEnv *env, jclass class, jlong registry, jobject function) {
    (void)class;
    callback *target = make_callback(env, function);
    if (!target) return;
    int status =
        navrouter_registry_set_auth_handler(REGISTRY(registry), login_trampoline, NULL, target, destroy_callback);
    if (status < 0) discard_callback(env, target);
    failed(env, status);
}

NATIVE(jlong, routerNew)(JNIEnv *env, jclass class, jlong registry) {
    navrouter_router *router = NULL;
    (void)class;
    if (failed(env, navrouter_router_new(&router, REGISTRY(registry)))) return 0;
    return (jlong)(intptr_t)router;
}

NATIVE(void, routerFree)(JNIEnv *env, jclass class, jlong router) {
    (void)env;
    (void)class;
    navrouter_router_free(ROUTER(router));
}

NATIVE(void, setNavigator)(JNIEnv *env, jclass class, jlong router, jobject function) {
    (void)class;
    callback *target = make_callback(env, function);
    if (!target) return;
    int status = navrouter_router_set_navigator(ROUTER(router), navigator_trampoline, target, destroy_callback);
    if (status < 0) discard_callback(env, target);
    failed(env, status);
}

NATIVE(void, setHandler)(JNIEnv *env, jclass class, jlong router, jstring route, jobject make, jobject release) {
    int ok = 1;
    (void)class;
    char *name = c_string(env, route, &ok);
    if (!ok) return;
    if (!make) { /* removes the route's handler (or the default one) */
        int status = navrouter_router_set_handler(ROUTER(router), name, NULL, NULL, NULL, NULL);
        free(name);
        failed(env, status);
        return;
    }
    view_handler *handler = malloc(sizeof *handler);
    if (!handler) {
        free(name);
        return;
    }
    handler->make = (*env)->NewGlobalRef(env, make);
    handler->release = (*env)->NewGlobalRef(env, release);
    int status = navrouter_router_set_handler(ROUTER(router), name, make_view_trampoline, release_view_trampoline,
                                              handler, destroy_view_handler);
    free(name);
    if (status < 0) { /* the library did not keep it */
        (*env)->DeleteGlobalRef(env, handler->make);
        (*env)->DeleteGlobalRef(env, handler->release);
        free(handler);
    }
    failed(env, status);
}

NATIVE(jlongArray, navigate)(JNIEnv *env, jclass class, jlong router, jstring url, jint flags, jstring props,
                             jstring pop_up_to, jstring tab, jlong deadline) {
    int ok = 1;
    uint64_t id = 0;
    (void)class;
    navrouter_nav_options options = NAVROUTER_NAV_OPTIONS_INIT;
    char *link = c_string(env, url, &ok), *props_text = c_string(env, props, &ok);
    char *target = c_string(env, pop_up_to, &ok), *tab_text = c_string(env, tab, &ok);
    options.flags = (uint32_t)flags;
    options.props_json = props_text;
    options.pop_up_to = target;
    options.tab = tab_text;
    options.flow_deadline_ms = deadline;
    int status = ok ? navrouter_router_navigate(ROUTER(router), link, &options, &id) : 0;
    free(link);
    free(props_text);
    free(target);
    free(tab_text);
    if (!ok) return NULL;
    return outcome(env, status, id);
}

NATIVE(jlongArray, command)(JNIEnv *env, jclass class, jlong handle, jstring command, jlong first, jlong second,
                            jstring text, jobjectArray list) {
    int ok = 1;
    size_t count = 0;
    uint64_t id = 0;
    int status = NAVROUTER_EINVAL;
    (void)class;
    navrouter_router *router = ROUTER(handle);
    char *name = c_string(env, command, &ok), *argument = c_string(env, text, &ok);
    char **urls = c_strings(env, list, &count, &ok);
    if (ok) {
        if (!strcmp(name, "start"))
            status = navrouter_router_start(router, &id);
        else if (!strcmp(name, "back"))
            status = navrouter_router_back(router, &id);
        else if (!strcmp(name, "popToRoot"))
            status = navrouter_router_pop_to_root(router, &id);
        else if (!strcmp(name, "refresh"))
            status = navrouter_router_refresh(router, &id);
        else if (!strcmp(name, "pop"))
            status = navrouter_router_pop(router, (size_t)first, argument, &id);
        else if (!strcmp(name, "dismiss"))
            status = navrouter_router_dismiss(router, (size_t)first, argument, &id);
        else if (!strcmp(name, "popTo"))
            status = navrouter_router_pop_to(router, (uint64_t)first, &id);
        else if (!strcmp(name, "popAfter"))
            status = navrouter_router_pop_after(router, (size_t)first, &id);
        else if (!strcmp(name, "selectTab"))
            status = navrouter_router_select_tab(router, (size_t)first, &id);
        else if (!strcmp(name, "selectTabRoute"))
            status = navrouter_router_select_tab_route(router, argument, &id);
        else if (!strcmp(name, "userPopped"))
            status = navrouter_router_user_popped(router, (uint64_t)first, &id);
        else if (!strcmp(name, "userDismissed"))
            status = navrouter_router_user_dismissed(router, (size_t)first, &id);
        else if (!strcmp(name, "restore"))
            status = navrouter_router_restore(router, argument, &id);
        else if (!strcmp(name, "setStack"))
            status = navrouter_router_set_stack(router, (const char *const *)urls, count, &id);
        else if (!strcmp(name, "setTabs"))
            status = navrouter_router_set_tabs(router, (const char *const *)urls, count, (size_t)first, &id);
        else if (!strcmp(name, "resumeFlow"))
            status = navrouter_router_resume_flow(router, (uint64_t)first, (int)second, argument, &id);
        else if (!strcmp(name, "completeLogin"))
            status = navrouter_router_complete_login(router, (uint64_t)first, second != 0, &id);
    }
    free(name);
    free(argument);
    free_strings(urls, count);
    if (!ok) return NULL;
    return outcome(env, status, id);
}

/* backGesture(router, op, gesture): "canGoBack" → "true"/"false"; "preview" → the preview's JSON, or null when back
 * would do nothing; "begin" → "ID JSON"; "commit" → the transition id; "cancel" → "". */
NATIVE(jstring, backGesture)(JNIEnv *env, jclass class, jlong handle, jstring op, jlong gesture) {
    int ok = 1;
    char *out = NULL, *name = c_string(env, op, &ok);
    navrouter_router *router = ROUTER(handle);
    (void)class;
    if (!ok) return NULL;
    jstring result = NULL;
    if (!strcmp(name, "canGoBack")) {
        bool can = false;
        if (!failed(env, navrouter_router_can_go_back(router, &can))) result = java_string(env, can ? "true" : "false");
    } else if (!strcmp(name, "preview")) {
        int status = navrouter_router_back_preview(router, &out);
        if (status != NAVROUTER_ENOTFOUND && !failed(env, status)) result = owned_string(env, out);
    } else if (!strcmp(name, "begin")) {
        uint64_t id = 0;
        if (!failed(env, navrouter_router_begin_back_gesture(router, &id, &out))) {
            size_t room = strlen(out) + 32;
            char *text = malloc(room);
            if (text) {
                snprintf(text, room, "%llu %s", (unsigned long long)id, out);
                result = java_string(env, text);
                free(text);
            }
            navrouter_string_free(out);
        }
    } else if (!strcmp(name, "commit")) {
        uint64_t id = 0;
        if (!failed(env, navrouter_router_commit_back_gesture(router, (uint64_t)gesture, &id))) {
            char text[32];
            snprintf(text, sizeof text, "%llu", (unsigned long long)id);
            result = java_string(env, text);
        }
    } else if (!strcmp(name, "cancel")) {
        if (!failed(env, navrouter_router_cancel_back_gesture(router, (uint64_t)gesture)))
            result = java_string(env, "");
    }
    free(name);
    return result;
}

NATIVE(jstring, routerText)(JNIEnv *env, jclass class, jlong router, jint which) {
    char *out = NULL;
    (void)class;
    int status = which == 0 ? navrouter_router_snapshot(ROUTER(router), &out)
                            : navrouter_router_state_json(ROUTER(router), &out);
    if (failed(env, status)) return NULL;
    return owned_string(env, out);
}

typedef struct {
    navrouter_router *router;
    char *url;
    int status;
} native_job;

static void *run_job(void *data) {
    native_job *job = data;
    job->status = navrouter_router_navigate(job->router, job->url, NULL, NULL);
    return NULL;
}

NATIVE(jint, navigateOnNativeThread)(JNIEnv *env, jclass class, jlong router, jstring url) {
    int ok = 1;
    pthread_t thread;
    (void)class;
    native_job job = {ROUTER(router), c_string(env, url, &ok), 0};
    if (!ok) return 0;
    if (pthread_create(&thread, NULL, run_job, &job) != 0) {
        free(job.url);
        return NAVROUTER_ELIMIT;
    }
    pthread_join(thread, NULL);
    free(job.url);
    return job.status;
}
