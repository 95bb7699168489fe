package dev.navrouter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** A visible change for the host to render; {@link #kind} says which (its {@link #json} has every field). */
public final class Event {
    /** The kinds of events (NAVROUTER_EVENT_... in navrouter.h, by name). */
    public enum Kind {
        TABS_SET_UP, PUSH, POP, PRESENT, DISMISS, STACK_REPLACED, TAB_SELECTED, RESULT_DELIVERED, RESTORED,
        COMMAND_FAILED, FLOW_CANCELLED, STATE_CHANGED, GUARD_ERROR, LAYERS_HIDDEN, LAYERS_SHOWN, NAVIGATION_PENDING,
        PENDING_ENDED, ENTRY_UPDATED, OTHER
    }

    /** Its kind. */
    public final Kind kind;
    /** The kind's name, as {@code push}. */
    public final String kindName;
    /** The command's transition. */
    public final long transition;
    /** The entry it is about, or null. */
    public final Entry entry;
    /** Its list of entries (tabs set up, new stack, restored state). */
    public final List<Entry> entries;
    /** What left the state. */
    public final List<Entry> removed;
    /** The ticket of the queued command it belongs to (0 for none). */
    public final long ticket;
    /** The flow it is about (0 for none). */
    public final long flow;
    /** Every field, as the library wrote it. */
    public final Map<String, Object> json;

    @SuppressWarnings("unchecked")
    Event(String text) {
        json = Collections.unmodifiableMap((Map<String, Object>) Json.parse(text));
        kindName = (String) json.get("kind");
        Kind found = Kind.OTHER;
        for (Kind candidate : Kind.values()) if (candidate.name().equalsIgnoreCase(kindName)) found = candidate;
        kind = found;
        transition = number(json.get("transition"));
        entry = json.get("entry") == null ? null : new Entry(json.get("entry"));
        entries = list(json.get("entries"));
        removed = list(json.get("removed"));
        ticket = number(json.get("ticket"));
        flow = number(json.get("flow"));
    }

    private static long number(Object value) { return value == null ? 0 : ((Number) value).longValue(); }

    private static List<Entry> list(Object value) {
        List<Entry> out = new ArrayList<>();
        if (value instanceof List) for (Object item : (List<?>) value) out.add(new Entry(item));
        return Collections.unmodifiableList(out);
    }

    @Override
    public String toString() { return kindName + (entry == null ? "" : " " + entry.route); }
}
