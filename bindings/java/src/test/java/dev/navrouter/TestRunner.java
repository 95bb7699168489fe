package dev.navrouter;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Comparator;

/** A small test runner (no JUnit on the machine's package sources needed): runs every public static void method of
 *  the test classes named, prints "ok NAME" or "FAIL NAME" with the cause, and last "java: N passed, N failed". */
public final class TestRunner {
    private TestRunner() {}

    /** Fails with a message unless the condition holds. */
    static void check(boolean condition, String message) {
        if (!condition) throw new AssertionError(message);
    }

    /** Fails unless the two are equal. */
    static void equal(Object actual, Object expected, String message) {
        if (actual == null ? expected != null : !actual.equals(expected)) {
            throw new AssertionError(message + ": expected <" + expected + "> but was <" + actual + ">");
        }
    }

    /** Runs the body and returns what it threw, failing when it threw nothing. */
    static Throwable thrown(Runnable body) {
        try {
            body.run();
        } catch (Throwable error) {
            return error;
        }
        throw new AssertionError("nothing was thrown");
    }

    public static void main(String[] arguments) throws ClassNotFoundException {
        int passed = 0;
        int failed = 0;
        for (String name : arguments) {
            Method[] methods = Class.forName(name).getDeclaredMethods();
            Arrays.sort(methods, Comparator.comparing(Method::getName));
            for (Method method : methods) {
                if (!Modifier.isStatic(method.getModifiers()) || !Modifier.isPublic(method.getModifiers())
                        || method.getParameterCount() != 0) continue;
                try {
                    method.invoke(null);
                    passed++;
                    System.out.println("ok   " + method.getName());
                } catch (InvocationTargetException error) {
                    failed++;
                    System.out.println("FAIL " + method.getName() + ": " + error.getCause());
                    error.getCause().printStackTrace(System.out);
                } catch (IllegalAccessException error) {
                    failed++;
                    System.out.println("FAIL " + method.getName() + ": " + error);
                }
            }
        }
        System.out.println("java: " + passed + " passed, " + failed + " failed");
        System.exit(failed == 0 ? 0 : 1);
    }
}
