package dev.navrouter;

import static dev.navrouter.TestRunner.equal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The conformance vectors (Tests/vectors/*.json) through the Java binding: matching, reverse routing and command
 *  scripts with their events and final states, which every other language's suite runs too. */
public final class VectorTests {
    private VectorTests() {}

    static final Path ROOT = Paths.get(System.getProperty("navrouter.root", "../.."));

    @SuppressWarnings("unchecked")
    static Map<String, Object> vectors(String name) {
        return (Map<String, Object>) Json.parse(read(ROOT.resolve("Tests/vectors").resolve(name)));
    }

    static String read(Path path) {
        try {
            return Files.readString(path);
        } catch (IOException error) {
            throw new UncheckedIOException(error);
        }
    }

    static String status(NavRouterException error) { return error.code().replace("NAVROUTER_", ""); }

    static Map<String, Object> object(Object value) {
        @SuppressWarnings("unchecked")
        Map<String, Object> map = (Map<String, Object>) value;
        return map;
    }

    static List<Object> list(Object value) {
        @SuppressWarnings("unchecked")
        List<Object> items = value == null ? new ArrayList<>() : (List<Object>) value;
        return items;
    }

    static List<String> strings(Object value) {
        List<String> out = new ArrayList<>();
        for (Object item : list(value)) out.add((String) item);
        return out;
    }

    static String manifestOf(Object routes) {
        Map<String, Object> manifest = new LinkedHashMap<>();
        manifest.put("routes", routes);
        return Json.write(manifest);
    }

    public static void matching() {
        for (Object item : list(vectors("matching.json").get("tables"))) {
            Map<String, Object> table = object(item);
            try (Registry registry = new Registry()) {
                if (table.containsKey("web_domains")) registry.setWebDomains(strings(table.get("web_domains")));
                if (table.containsKey("schemes")) registry.setSchemes(strings(table.get("schemes")));
                registry.loadManifest(manifestOf(table.get("routes")));
                for (Object entry : list(table.get("cases"))) {
                    Map<String, Object> testCase = object(entry);
                    String url = (String) testCase.get("url");
                    Map<String, Object> got = new LinkedHashMap<>();
                    try (Match match = registry.resolve(url)) {
                        got.put("route", match.route);
                        got.put("parameters", match.parameters);
                    } catch (NavRouterException error) {
                        got.put("error", status(error));
                    }
                    Map<String, Object> expected = new LinkedHashMap<>();
                    if (testCase.containsKey("route")) expected.put("route", testCase.get("route"));
                    if (testCase.containsKey("parameters")) {
                        expected.put("parameters", Json.strings(testCase.get("parameters")));
                    }
                    if (testCase.containsKey("error")) expected.put("error", testCase.get("error"));
                    equal(got, expected, table.get("name") + ": " + url);
                }
            }
        }
    }

    public static void reverseRouting() {
        Map<String, Object> reverse = vectors("reverse.json");
        try (Registry registry = new Registry()) {
            registry.loadManifest(manifestOf(reverse.get("routes")));
            for (Object entry : list(reverse.get("cases"))) {
                Map<String, Object> testCase = object(entry);
                String route = (String) testCase.get("route");
                Map<String, String> parameters = Json.strings(testCase.get("parameters"));
                String props = testCase.containsKey("props") ? Json.write(testCase.get("props")) : null;
                String url;
                try {
                    url = registry.buildUrl(route, parameters, props, (String) testCase.get("scheme"));
                } catch (NavRouterException error) {
                    equal(status(error), testCase.get("error"), Json.write(testCase));
                    continue;
                }
                equal(url, testCase.get("url"), Json.write(testCase));
                try (Match match = registry.resolve(url)) {
                    equal(match.route, route, url);
                    equal(match.parameters, parameters, url);
                }
            }
        }
    }

    static final class Script {
        String saved;
        long flow;
        long login;
    }

    static Router.Options options(Object value) {
        Router.Options options = new Router.Options();
        if (value == null) return options;
        Map<String, Object> given = object(value);
        if (given.get("presentation") != null) options.presentation((String) given.get("presentation"));
        options.external(Boolean.TRUE.equals(given.get("external")));
        options.replace(Boolean.TRUE.equals(given.get("replace")));
        options.singleTop(Boolean.TRUE.equals(given.get("single_top")));
        options.clearTop(Boolean.TRUE.equals(given.get("clear_top")));
        options.preventDismissal(Boolean.TRUE.equals(given.get("prevent_dismissal")));
        options.expectsResult(Boolean.TRUE.equals(given.get("expects_result")));
        options.buildBackStack((Boolean) given.get("build_back_stack"));
        if (given.get("pop_up_to") != null) {
            options.popUpTo((String) given.get("pop_up_to"), Boolean.TRUE.equals(given.get("pop_up_to_inclusive")));
        }
        return options;
    }

    static long number(Map<String, Object> step, String key, long absent) {
        Object value = step.get(key);
        return value == null ? absent : ((Number) value).longValue();
    }

    static String runStep(Router router, Registry registry, Map<String, Object> step, Script script) {
        Outcome outcome = null;
        String result = step.containsKey("result") ? Json.write(step.get("result")) : null;
        switch ((String) step.get("do")) {
            case "navigate": outcome = router.navigate((String) step.get("url"), options(step.get("options"))); break;
            case "back": outcome = router.back(); break;
            case "pop": outcome = router.pop((int) number(step, "count", 1), result); break;
            case "pop_to": outcome = router.popTo(number(step, "entry", 0)); break;
            case "pop_after": outcome = router.popAfter((int) number(step, "index", 0)); break;
            case "pop_to_root": outcome = router.popToRoot(); break;
            case "set_stack": outcome = router.setStack(strings(step.get("urls"))); break;
            case "dismiss": outcome = router.dismiss(1, null); break;
            case "user_dismissed": outcome = router.userDismissed(1); break;
            case "user_popped": outcome = router.userPopped(number(step, "entry", 0)); break;
            case "select_tab": outcome = router.selectTab((int) number(step, "index", 0)); break;
            case "set_tabs":
                outcome = router.setTabs(strings(step.get("urls")), (int) number(step, "selected", 0));
                break;
            case "refresh": outcome = router.refresh(); break;
            case "authenticated": registry.setAuthenticated(Boolean.TRUE.equals(step.get("value"))); break;
            case "snapshot": script.saved = router.snapshot(); break;
            case "restore": outcome = router.restore(script.saved); break;
            case "restore_text": outcome = router.restore((String) step.get("text")); break;
            case "resume":
                outcome = router.resumeFlow(script.flow, (String) step.get("decision"), (String) step.get("url"));
                break;
            case "complete_login":
                outcome = router.completeLogin(script.login, Boolean.TRUE.equals(step.get("success")));
                break;
            default: throw new AssertionError("unknown step " + step.get("do"));
        }
        if (outcome != null && outcome.status() == Outcome.Status.PENDING) {
            script.flow = outcome.id();
            return "pending";
        }
        return "ok";
    }

    static Interceptor decide(Map<String, Object> interceptor) {
        Map<String, String> when = Json.strings(interceptor.get("when"));
        return interception -> {
            for (Map.Entry<String, String> entry : when.entrySet()) {
                if (!entry.getValue().equals(interception.parameters.get(entry.getKey()))) return Decision.PROCEED;
            }
            switch ((String) interceptor.get("decision")) {
                case "cancel": return Decision.cancel((String) interceptor.get("name"));
                case "redirect": return Decision.redirect((String) interceptor.get("url"));
                default: return Decision.PENDING;
            }
        };
    }

    public static void commands() {
        Map<String, Object> commands = vectors("commands.json");
        String manifest = read(ROOT.resolve((String) commands.get("manifest")));
        for (Object item : list(commands.get("scripts"))) {
            Map<String, Object> script = object(item);
            String name = (String) script.get("name");
            Script state = new Script();
            try (Registry registry = new Registry()) {
                registry.loadManifest(manifest);
                for (Object entry : list(script.get("interceptors"))) {
                    Map<String, Object> interceptor = object(entry);
                    registry.addInterceptor((String) interceptor.get("name"), (String) interceptor.get("phase"),
                            strings(interceptor.get("routes")), decide(interceptor));
                }
                if (Boolean.TRUE.equals(script.get("login_handler"))) {
                    registry.setLoginHandler((flow, url) -> state.login = flow);
                }
                List<String> events = new ArrayList<>();
                try (Router router = new Router(registry)) {
                    router.setNavigator(event -> {
                        if (event.kind != Event.Kind.STATE_CHANGED) events.add(event.kindName);
                        return true;
                    });
                    router.start();
                    int number = 0;
                    for (Object stepItem : list(script.get("steps"))) {
                        Map<String, Object> step = object(stepItem);
                        events.clear();
                        String got;
                        try {
                            got = runStep(router, registry, step, state);
                        } catch (NavRouterException error) {
                            got = status(error);
                        }
                        String where = name + ", step " + number++ + ": " + Json.write(step);
                        equal(got, step.get("status"), where);
                        equal(events, strings(step.get("events")), where);
                    }
                    Map<String, Object> current = router.state();
                    Map<String, Object> expected = object(script.get("final"));
                    equal(((Number) current.get("selected_tab")).longValue(),
                            ((Number) expected.get("selected_tab")).longValue(), name);
                    equal(routes(current.get("tabs")), lists(expected.get("tabs")), name);
                    equal(routes(current.get("layers")), lists(expected.get("layers")), name);
                }
            }
        }
    }

    static List<List<String>> routes(Object stacks) {
        List<List<String>> out = new ArrayList<>();
        for (Object item : list(stacks)) {
            List<String> names = new ArrayList<>();
            for (Object entry : list(object(item).get("stack"))) names.add((String) object(entry).get("route"));
            out.add(names);
        }
        return out;
    }

    static List<List<String>> lists(Object value) {
        List<List<String>> out = new ArrayList<>();
        for (Object item : list(value)) out.add(strings(item));
        return out;
    }
}
