package dev.navrouter;

import java.lang.ref.Cleaner;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/** A set of routes and the guards on them, shared by every router on it; thread-safe. */
public final class Registry implements AutoCloseable {
    final long handle;
    private final Cleaner.Cleanable cleanable;

    /** An empty registry. */
    public Registry() {
        long made = Native.registryNew();
        this.handle = made;
        this.cleanable = Match.CLEANER.register(this, () -> Native.registryFree(made));
    }

    /** Frees the registry now (routers made on it keep it alive until they are closed). */
    @Override
    public void close() { cleanable.clean(); }

    /** Loads a JSON manifest, all or nothing; returns how many routes it registered. */
    public long loadManifest(String json) { return Native.loadManifest(handle, json); }

    /** Resolves a deep link. */
    public Match resolve(String url) { return new Match(Native.resolve(handle, url)); }

    /** Builds a route's deep link (reverse routing); props (a JSON object's text) and scheme may be null. */
    public String buildUrl(String route, Map<String, String> parameters, String propsJson, String scheme) {
        return Native.buildUrl(handle, route, Json.objectOfStrings(parameters), propsJson, scheme);
    }

    /** One route as JSON: name, pattern, presentation, flags, parameter_types, query, … */
    @SuppressWarnings("unchecked")
    public Map<String, Object> route(String name) {
        return (Map<String, Object>) Json.parse(Native.routeJson(handle, name));
    }

    /** The app's web domains. */
    public void setWebDomains(List<String> domains) { Native.setList(handle, 0, domains.toArray(new String[0])); }

    /** The app's custom schemes (none: any). */
    public void setSchemes(List<String> schemes) { Native.setList(handle, 1, schemes.toArray(new String[0])); }

    /** Logs in or out (logging out prunes protected entries from every router on the registry). */
    public void setAuthenticated(boolean authenticated) { Native.setAuthenticated(handle, authenticated); }

    /**
     * Registers an interceptor for these routes (null: every route) in a phase ("before", "after", "leave"). It runs
     * on the thread running the command; an exception in it cancels the navigation and the command throws it.
     */
    public long addInterceptor(String name, String phase, List<String> routes, Interceptor interceptor) {
        int code = "after".equals(phase) ? 1 : "leave".equals(phase) ? 2 : 0;
        if (!"before".equals(phase) && code == 0) throw new IllegalArgumentException("unknown phase " + phase);
        Native.Callback callback = (text, flow) -> {
            Decision decision = interceptor.intercept(new Interception(text));
            if (decision == null) decision = Decision.PROCEED;
            String answer = Integer.toString(decision.code);
            return decision.argument == null ? answer : answer + ":" + decision.argument;
        };
        return Native.addInterceptor(handle, name, code, 1, null,
                routes == null ? null : routes.toArray(new String[0]), false, callback);
    }

    /** Removes an interceptor by id. */
    public void removeInterceptor(long id) { Native.removeInterceptor(handle, id); }

    /** Sets the login handler: (flow, url) when a protected route is opened while logged out. */
    public void setLoginHandler(BiConsumer<Long, String> login) {
        Native.setLoginHandler(handle, (text, flow) -> {
            login.accept(flow, text);
            return "0";
        });
    }
}
