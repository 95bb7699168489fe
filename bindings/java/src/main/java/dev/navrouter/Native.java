package dev.navrouter;

/**
 * The JNI layer (src/main/c/navrouter_jni.c): handles are {@code long}s, structured values cross as JSON text, and a
 * negative status throws {@link NavRouterException}. Callbacks are {@link Callback} objects the native side holds by a
 * global reference, released exactly once when the library drops them.
 */
final class Native {
    private Native() {}

    static {
        String path = System.getProperty("navrouter.jni");
        if (path != null) System.load(path);
        else System.loadLibrary("navrouter_jni");
    }

    /** A callback as the native layer calls it: the text (an event's or interception's JSON, a login's URL) and a
     *  flow; answers "0" / "1" (a navigator: accept / refuse) or "CODE" / "CODE:ARGUMENT" (an interceptor). */
    interface Callback {
        String call(String text, long flow);
    }

    static native String version();

    static native long registryNew();
    static native void registryFree(long registry);
    static native long loadManifest(long registry, String json);
    static native long resolve(long registry, String url);
    static native String matchJson(long match);
    /** kind 0: int (a long), 1: double, 2: bool (1 or 0): as a double's bits for 1, else the value. */
    static native long matchTyped(long match, String name, int kind);
    static native void matchFree(long match);
    static native String buildUrl(long registry, String route, String parametersJson, String propsJson, String scheme);
    static native String routeJson(long registry, String name);
    static native void setList(long registry, int which, String[] values);
    static native void setAuthenticated(long registry, boolean authenticated);
    static native long addInterceptor(long registry, String name, int phase, int priority, String pattern,
            String[] routes, boolean requiresAuth, Callback callback);
    static native void removeInterceptor(long registry, long id);
    static native void setLoginHandler(long registry, Callback callback);

    static native long routerNew(long registry);
    static native void routerFree(long router);
    static native void setNavigator(long router, Callback callback);
    /** make.call(entry JSON, 0) answers the view's id ("0" declines); release.call(entry JSON, view id). A null make
     *  removes the handler. */
    static native void setHandler(long router, String route, Callback make, Callback release);
    static native long[] navigate(long router, String url, int flags, String props, String popUpTo, String tab,
            long deadlineMs);
    /** The other commands by name, with a number, a second number, a text and a list as each needs. */
    static native long[] command(long router, String name, long first, long second, String text, String[] list);
    static native String routerText(long router, int which);
    /** "canGoBack", "preview", "begin", "commit" or "cancel" (see navrouter_jni.c). */
    static native String backGesture(long router, String op, long gesture);
    /** Test support: navigate on a native thread the JVM does not know (its callbacks attach it). */
    static native int navigateOnNativeThread(long router, String url);
}
