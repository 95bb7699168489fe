package dev.navrouter;

import static dev.navrouter.TestRunner.check;
import static dev.navrouter.TestRunner.equal;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;

/** docs/java.md's quick start is the example the suite runs, word for word; the examples print what they should. */
public final class DocsTests {
    private DocsTests() {}

    static String run(String className) throws Exception {
        PrintStream saved = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            Method main = Class.forName(className).getMethod("main", String[].class);
            String manifest = VectorTests.ROOT.resolve("examples/manifests/shop.json").toString();
            main.invoke(null, (Object) new String[] {manifest});
        } finally {
            System.setOut(saved);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    public static void theQuickStartInTheDocsIsTheExample() throws Exception {
        String page = VectorTests.read(VectorTests.ROOT.resolve("docs/java.md"));
        String example = VectorTests.read(VectorTests.ROOT.resolve(
                "bindings/java/examples/dev/navrouter/examples/QuickStart.java"));
        int start = page.indexOf("```java\n") + "```java\n".length();
        equal(page.substring(start, page.indexOf("```", start)), example, "docs/java.md's block");
        String output = run("dev.navrouter.examples.QuickStart");
        check(output.endsWith("id 42\npop catalog\nstate_changed \non screen: catalog\n"), output);
    }

    public static void theReadmeExampleIsTheExampleFile() throws Exception {
        String readme = VectorTests.read(VectorTests.ROOT.resolve("README.md"));
        String example = VectorTests.read(VectorTests.ROOT.resolve(
                "bindings/java/examples/dev/navrouter/examples/Readme.java"));
        int start = readme.indexOf("```java\n") + "```java\n".length();
        equal(readme.substring(start, readme.indexOf("```", start)), example, "the README's block");
    }

    public static void theShopSessionPlays() throws Exception {
        String output = run("dev.navrouter.examples.ShopSession");
        check(output.contains("review after login: tab 0 [home, product] layers [[review]]\n"), output);
        check(output.contains("cart: tab 2 [cart] layers []\n"), output);
        check(output.contains("logged out: tab 0 [home, product] layers []\n"), output);
    }
}
