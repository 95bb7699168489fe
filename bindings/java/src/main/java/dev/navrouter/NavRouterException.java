package dev.navrouter;

/** A failed call: the library's status (negative), its name ({@code NAVROUTER_ENOTFOUND}) and its message. */
public class NavRouterException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int status;
    private final String code;

    /** An error of the library (made by the native layer). */
    public NavRouterException(int status, String code, String message) {
        super(message);
        this.status = status;
        this.code = code;
    }

    /** The status code, as {@code NAVROUTER_E...} in navrouter.h (negative). */
    public int status() {
        return status;
    }

    /** The status's name, as {@code NAVROUTER_ENOTFOUND}. */
    public String code() {
        return code;
    }
}
