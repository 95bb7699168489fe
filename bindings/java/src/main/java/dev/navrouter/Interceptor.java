package dev.navrouter;

/** A guard on navigation: answers each interception with a {@link Decision}. */
@FunctionalInterface
public interface Interceptor {
    /** Decides about a navigation (null proceeds). */
    Decision intercept(Interception interception);
}
