package dev.navrouter.examples;

import dev.navrouter.Decision;
import dev.navrouter.Outcome;
import dev.navrouter.Registry;
import dev.navrouter.Router;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/** A small host playing the shop session: tabs, a product, its review sheet behind a login, a guard that holds the
 *  cart until onboarding is done, a snapshot restored, and logout pruning protected screens. */
public final class ShopSession {
    private ShopSession() {}

    @SuppressWarnings("unchecked")
    static void show(String step, Router router) {
        Map<String, Object> state = router.state();
        int selected = ((Number) state.get("selected_tab")).intValue();
        StringBuilder line = new StringBuilder(step + ": tab " + selected + " ");
        Map<String, Object> tab = (Map<String, Object>) ((List<Object>) state.get("tabs")).get(selected);
        line.append(routes((List<Object>) tab.get("stack"))).append(" layers [");
        for (Object layer : (List<Object>) state.get("layers")) {
            line.append(routes((List<Object>) ((Map<String, Object>) layer).get("stack")));
        }
        System.out.println(line.append("]"));
    }

    @SuppressWarnings("unchecked")
    static String routes(List<Object> stack) {
        StringBuilder out = new StringBuilder("[");
        for (Object entry : stack) {
            if (out.length() > 1) out.append(", ");
            out.append(((Map<String, Object>) entry).get("route"));
        }
        return out.append("]").toString();
    }

    public static void main(String[] arguments) throws Exception {
        String path = arguments.length > 0 ? arguments[0] : "examples/manifests/shop.json";
        String manifest = Files.readString(Paths.get(path));
        AtomicBoolean onboarded = new AtomicBoolean();
        AtomicLong login = new AtomicLong();
        try (Registry registry = new Registry(); Router router = new Router(registry)) {
            registry.loadManifest(manifest);
            registry.addInterceptor("onboarding", "before", List.of("cart"),
                    interception -> onboarded.get() ? Decision.PROCEED : Decision.PENDING);
            registry.setLoginHandler((flow, url) -> {
                System.out.println("  (login asked for " + url + ")");
                login.set(flow);
            });
            router.setNavigator(event -> {
                if (!event.kindName.equals("state_changed")) System.out.println("  " + event);
                return true;
            });
            router.start();
            show("start", router);
            router.navigate("/shop/product/7");
            show("product", router);
            if (router.navigate("/shop/product/7/review").status() == Outcome.Status.PENDING) {
                registry.setAuthenticated(true);
                router.completeLogin(login.get(), true);
            }
            show("review after login", router);
            String snapshot = router.snapshot();
            router.dismiss(0, null);
            Outcome cart = router.navigate("/shop/cart");
            if (cart.status() == Outcome.Status.PENDING) {
                show("cart held", router);
                onboarded.set(true);
                router.resumeFlow(cart.id(), "proceed", null);
            }
            show("cart", router);
            router.restore(snapshot);
            show("restored", router);
            registry.setAuthenticated(false);
            show("logged out", router);
        }
    }
}
