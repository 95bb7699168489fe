package dev.navrouter;

import java.util.Map;

/** What an interceptor is asked about. */
public final class Interception {
    /** before, after or leave. */
    public final String phase;
    /** The destination's (or leaving entry's) route. */
    public final String route;
    /** Its URL. */
    public final String url;
    /** Its parameters. */
    public final Map<String, String> parameters;
    /** The flow token a pending answer keeps. */
    public final long flow;
    /** Whether the user is authenticated. */
    public final boolean authenticated;
    /** Whether the navigation came from outside the app. */
    public final boolean external;

    @SuppressWarnings("unchecked")
    Interception(String text) {
        Map<String, Object> json = (Map<String, Object>) Json.parse(text);
        phase = (String) json.get("phase");
        route = (String) json.get("route");
        url = (String) json.get("url");
        parameters = Json.strings(json.get("parameters"));
        flow = json.get("flow") == null ? 0 : ((Number) json.get("flow")).longValue();
        authenticated = Boolean.TRUE.equals(json.get("authenticated"));
        external = Boolean.TRUE.equals(json.get("external"));
    }
}
