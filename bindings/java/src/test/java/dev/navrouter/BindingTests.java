package dev.navrouter;

import static dev.navrouter.TestRunner.check;
import static dev.navrouter.TestRunner.equal;
import static dev.navrouter.TestRunner.thrown;

import java.lang.ref.WeakReference;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The classes over the JNI layer: errors, typed values, callbacks that throw or call their router, callbacks from a
 *  native thread, each callback released once, and the library surviving the unloading of its class loader while a
 *  thread that used it lives on. */
public final class BindingTests {
    private BindingTests() {}

    static Registry shop() {
        Registry registry = new Registry();
        registry.loadManifest(VectorTests.read(VectorTests.ROOT.resolve("examples/manifests/shop.json")));
        return registry;
    }

    @SuppressWarnings("unchecked")
    static List<String> stack(Router router) {
        Map<String, Object> state = router.state();
        int selected = ((Number) state.get("selected_tab")).intValue();
        Map<String, Object> tab = (Map<String, Object>) ((List<Object>) state.get("tabs")).get(selected);
        List<String> names = new ArrayList<>();
        for (Object entry : (List<Object>) tab.get("stack")) {
            names.add((String) ((Map<String, Object>) entry).get("route"));
        }
        return names;
    }

    public static void errorsCarryTheStatusAndTheMessage() {
        try (Registry registry = shop()) {
            NavRouterException error = (NavRouterException) thrown(() -> registry.resolve("/shop/prodcut/1"));
            equal(error.status(), -2, "status");
            equal(error.code(), "NAVROUTER_ENOTFOUND", "code");
            check(error.getMessage().contains("/shop/prodcut/1"), error.getMessage());
            error = (NavRouterException) thrown(() -> registry.buildUrl("prodcut", Map.of("id", "1"), null, null));
            check(error.getMessage().contains("did you mean 'product'?"), error.getMessage());
            check(thrown(() -> registry.resolve("/shop/\0")) instanceof IllegalArgumentException, "a NUL is refused");
        }
    }

    public static void aMatchReadsTypedValues() {
        try (Registry registry = new Registry()) {
            registry.loadManifest("{\"routes\": [{\"name\": \"item\", \"pattern\": \"i/<int:id>/<bool:on>/<double:x>\","
                    + " \"query\": {\"page\": {\"type\": \"int\", \"default\": 1}}}]}");
            try (Match match = registry.resolve("/i/-9223372036854775808/true/2.5")) {
                equal(match.parameterLong("id"), Long.MIN_VALUE, "id");
                equal(match.parameterBoolean("on"), true, "on");
                equal(match.parameterDouble("x"), 2.5, "x");
                equal(match.parameterLong("page"), 1L, "the declared default");
                equal(((NavRouterException) thrown(() -> match.parameterLong("on"))).code(), "NAVROUTER_EPARAM", "on");
            }
            equal(((Map<?, ?>) registry.route("item").get("parameter_types")).get("on"), "bool", "route JSON");
        }
    }

    public static void aCallbackThatThrowsRefusesAndTheCommandThrowsIt() {
        try (Registry registry = shop(); Router router = new Router(registry)) {
            router.start();
            String before = router.snapshot();
            router.setNavigator(event -> {
                if (event.kind == Event.Kind.PUSH) throw new IllegalStateException("the host failed to draw");
                return true;
            });
            Throwable error = thrown(() -> router.navigate("/shop/product/1"));
            check(error instanceof IllegalStateException && error.getMessage().equals("the host failed to draw"),
                    String.valueOf(error));
            equal(router.snapshot(), before, "a refused change leaves the state as it was");
            router.setNavigator(event -> event.kind != Event.Kind.PUSH);
            equal(((NavRouterException) thrown(() -> router.navigate("/shop/product/1"))).code(), "NAVROUTER_ECALLBACK",
                    "refused");
            router.setNavigator(event -> true);
            registry.addInterceptor("boom", "before", List.of("cart"), interception -> {
                throw new IllegalStateException("bug");
            });
            check(thrown(() -> router.navigate("/shop/cart")).getMessage().equals("bug"), "an interceptor's exception");
            equal(router.snapshot(), before, "nothing changed");
        }
    }

    public static void viewsAreMadeReadBackAndReleasedOnce() {
        try (Registry registry = shop(); Router router = new Router(registry)) {
            List<String> released = new ArrayList<>();
            List<Object> seen = new ArrayList<>();
            router.setHandler(null, entry -> new StringBuilder("view of " + entry.route + " " + entry.parameters),
                    (view, entry) -> released.add(view + " #" + entry.id));
            router.setNavigator(event -> {
                if (event.kind == Event.Kind.PUSH) seen.add(router.view(event.entry));
                return true;
            });
            router.start();
            router.navigate("/shop/product/7");
            equal(String.valueOf(seen.get(0)), "view of product {id=7}", "the navigator reads the entry's view");
            router.back();
            equal(released, List.of("view of product {id=7} #5"), "released once, with its entry");
            router.setHandler("search", entry -> null, null);
            Throwable declined = thrown(() -> router.navigate("/shop/search?q=x"));
            equal(((NavRouterException) declined).code(), "NAVROUTER_ECALLBACK", "a handler that declines fails it");
        }
    }

    public static void backGesturesPreviewCommitAndCancel() {
        try (Registry registry = shop(); Router router = new Router(registry)) {
            router.start();
            equal(router.canGoBack(), false, "nothing to go back to");
            equal(router.backPreview(), null, "no preview");
            router.navigate("/shop/product/7");
            equal(router.backPreview().get("action"), "pop", "back would pop");
            Router.BackGesture gesture = router.beginBackGesture();
            equal(gesture.preview.get("action"), "pop", "the gesture's preview");
            gesture.cancel();
            equal(stack(router), List.of("home", "product"), "a cancelled gesture changes nothing");
            router.beginBackGesture().commit();
            equal(stack(router), List.of("home"), "a committed gesture goes back");
            equal(((NavRouterException) thrown(gesture::cancel)).code(), "NAVROUTER_EINVAL", "a replaced gesture");
        }
    }

    public static void routersAreSharedBetweenThreads() throws InterruptedException {
        try (Registry registry = shop(); Router router = new Router(registry)) {
            java.util.concurrent.atomic.AtomicInteger events = new java.util.concurrent.atomic.AtomicInteger();
            router.setNavigator(event -> events.incrementAndGet() > 0);
            router.start();
            List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
            List<Thread> workers = new ArrayList<>();
            for (int worker = 0; worker < 4; worker++) {
                int base = worker * 1000;
                Thread thread = new Thread(() -> {
                    try {
                        for (int step = 0; step < 200; step++) {
                            router.navigate("/shop/product/" + (base + step));
                            try (Match match = registry.resolve("/shop/product/" + (base + step))) {
                                equal(match.parameterLong("id"), (long) (base + step), "id");
                            }
                            router.back();
                        }
                    } catch (Throwable error) {
                        failures.add(error);
                    }
                });
                workers.add(thread);
                thread.start();
            }
            for (Thread thread : workers) thread.join();
            equal(failures, List.of(), "no failure");
            check(events.get() >= 4 * 200 * 2, "every command's events: " + events.get());
            equal(stack(router), List.of("home"), "back where it started");
        }
    }

    public static void aNavigatorMayCallItsRouter() {
        try (Registry registry = shop(); Router router = new Router(registry)) {
            List<Outcome> outcomes = new ArrayList<>();
            router.setNavigator(event -> {
                if (event.kind == Event.Kind.PUSH && event.entry.route.equals("product")) {
                    outcomes.add(router.navigate("/shop/search?q=x"));
                }
                return true;
            });
            router.start();
            router.navigate("/shop/product/1");
            equal(outcomes.get(0).status(), Outcome.Status.QUEUED, "queued");
            equal(stack(router).subList(1, 3), List.of("product", "search"), "it ran next");
        }
    }

    public static void callbacksOfANativeThreadAttachIt() {
        try (Registry registry = shop(); Router router = new Router(registry)) {
            List<String> threads = new ArrayList<>();
            router.setNavigator(event -> {
                synchronized (threads) {
                    threads.add(Thread.currentThread().getName() + " " + event.kindName);
                }
                return true;
            });
            router.start();
            equal(Router.navigateOnNativeThread(router, "/shop/product/5"), 0, "status");
            equal(stack(router), List.of("home", "product"), "the push happened");
            check(threads.size() >= 3 && !threads.get(threads.size() - 2).startsWith("main"), threads.toString());
        }
    }

    /** Waits for the garbage collector to clear a reference. */
    static boolean collected(WeakReference<?> reference) throws InterruptedException {
        for (int attempt = 0; attempt < 50 && reference.get() != null; attempt++) {
            System.gc();
            Thread.sleep(20);
        }
        return reference.get() == null;
    }

    public static void callbacksAreReleasedOnce() throws InterruptedException {
        Registry registry = shop();
        Router router = new Router(registry);
        Object token = new Object(); // captured: each lambda is an object of its own (one without captures is shared)
        Navigator navigator = event -> token != null;
        Interceptor interceptor = interception -> token != null ? Decision.PROCEED : null;
        WeakReference<Navigator> navigatorReference = new WeakReference<>(navigator);
        WeakReference<Interceptor> interceptorReference = new WeakReference<>(interceptor);
        router.setNavigator(navigator);
        long id = registry.addInterceptor("keep", "before", null, interceptor);
        router.start();
        navigator = null;
        interceptor = null;
        check(!collected(interceptorReference), "a registered interceptor is kept");
        registry.removeInterceptor(id);
        check(collected(interceptorReference), "a removed interceptor is released");
        router.close();
        check(collected(navigatorReference), "a closed router's navigator is released");
        registry.close();
    }

    /** The JVM unloads a native library when its class loader is collected: in a JVM of its own (a native library
     *  belongs to one class loader), {@link UnloadCheck} loads the binding's classes by a class loader of their own,
     *  navigates on a thread that then lives on, drops and collects the loader, and lets the thread end. */
    public static void theLibrarySurvivesItsClassLoaderBeingUnloaded() throws Exception {
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-Dnavrouter.jni=" + System.getProperty("navrouter.jni"),
                "-Dnavrouter.root=" + VectorTests.ROOT, "-cp", System.getProperty("navrouter.testClasses",
                "build/test-classes"), "dev.navrouter.UnloadCheck", "build/classes").redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        equal(process.waitFor(), 0, output);
        check(output.contains("unloaded; the thread that used the library ended; the library works again"), output);
    }
}
