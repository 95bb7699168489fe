package dev.navrouter;

/** What a command did: {@code applied} (its transition), {@code queued} (a ticket), {@code pending} (a flow token) or
 *  {@code handled} (an authentication callback link was claimed). */
public final class Outcome {
    /** The kinds of outcome. */
    public enum Status { APPLIED, QUEUED, PENDING, HANDLED }

    private final Status status;
    private final long id;

    Outcome(long[] result) {
        this.status = result[0] == 1 ? Status.QUEUED : result[0] == 2 ? Status.PENDING
                : result[0] == 3 ? Status.HANDLED : Status.APPLIED;
        this.id = result[1];
    }

    /** The kind. */
    public Status status() { return status; }
    /** The transition (applied), ticket (queued) or flow token (pending). */
    public long id() { return id; }

    @Override
    public String toString() { return status.name().toLowerCase() + "(" + id + ")"; }
}
