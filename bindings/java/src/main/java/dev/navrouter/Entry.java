package dev.navrouter;

import java.util.Map;

/** One screen in the navigation state. */
public final class Entry {
    /** Unique in its router, never reused. */
    public final long id;
    /** The route's name. */
    public final String route;
    /** The URL it was opened with. */
    public final String url;
    /** Its parameters (path and query). */
    public final Map<String, String> parameters;
    /** The id of the view a handler made for it (0: none); {@link Router#view} reads the view. */
    public final long view;

    @SuppressWarnings("unchecked")
    Entry(Object json) {
        Map<String, Object> map = (Map<String, Object>) json;
        this.id = ((Number) map.get("id")).longValue();
        this.route = (String) map.get("route");
        this.url = (String) map.get("url");
        this.parameters = Json.strings(map.get("parameters"));
        this.view = map.get("view") == null ? 0 : ((Number) map.get("view")).longValue();
    }

    @Override
    public String toString() { return route + "#" + id; }
}
