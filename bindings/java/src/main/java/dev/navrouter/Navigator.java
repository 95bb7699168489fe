package dev.navrouter;

/** Receives every event of a router, on the thread that ran the command; false refuses the change. */
@FunctionalInterface
public interface Navigator {
    /** Renders an event; returns false to refuse it (the command fails and the state stays as it was). */
    boolean onEvent(Event event);
}
