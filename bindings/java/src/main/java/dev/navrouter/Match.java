package dev.navrouter;

import java.lang.ref.Cleaner;
import java.util.List;
import java.util.Map;

/** A resolved deep link: its route and everything the URL carried. Freed by {@link #close} or when collected. */
public final class Match implements AutoCloseable {
    static final Cleaner CLEANER = Cleaner.create();

    /** The route's name. */
    public final String route;
    /** The URL as given. */
    public final String url;
    /** Path and query parameters merged (the path wins). */
    public final Map<String, String> parameters;
    private final long handle;
    private final Cleaner.Cleanable cleanable;

    @SuppressWarnings("unchecked")
    Match(long handle) {
        this.handle = handle;
        this.cleanable = CLEANER.register(this, () -> Native.matchFree(handle));
        Map<String, Object> json = (Map<String, Object>) Json.parse(Native.matchJson(handle));
        route = (String) json.get("route");
        url = (String) json.get("url");
        parameters = Json.strings(json.get("parameters"));
    }

    /** Every query item in order, as [name, value] pairs. */
    @SuppressWarnings("unchecked")
    public List<List<String>> query() {
        return (List<List<String>>) ((Map<String, Object>) Json.parse(Native.matchJson(handle))).get("query");
    }

    /** A parameter as the 64-bit integer the matcher checked. */
    public long parameterLong(String name) { return Native.matchTyped(handle, name, 0); }

    /** A parameter as a finite double. */
    public double parameterDouble(String name) { return Double.longBitsToDouble(Native.matchTyped(handle, name, 1)); }

    /** A parameter as a boolean. */
    public boolean parameterBoolean(String name) { return Native.matchTyped(handle, name, 2) != 0; }

    @Override
    public void close() { cleanable.clean(); }
}
