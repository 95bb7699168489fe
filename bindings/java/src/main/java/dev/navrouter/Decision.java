package dev.navrouter;

/** An interceptor's answer. */
public final class Decision {
    final int code;
    final String argument;

    private Decision(int code, String argument) {
        this.code = code;
        this.argument = argument;
    }

    /** Go on. */
    public static final Decision PROCEED = new Decision(0, null);
    /** Hold the navigation as a pending flow (resumed with {@link Router#resumeFlow}). */
    public static final Decision PENDING = new Decision(3, null);

    /** Stop the navigation with this reason. */
    public static Decision cancel(String reason) { return new Decision(1, reason); }

    /** Open this URL instead. */
    public static Decision redirect(String url) { return new Decision(2, url); }
}
