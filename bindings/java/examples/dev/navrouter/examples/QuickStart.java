package dev.navrouter.examples;

import dev.navrouter.Match;
import dev.navrouter.Registry;
import dev.navrouter.Router;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;

/** The quick start (docs/java.md): load the shop manifest, start a router (a tab per root route), open a deep link from
 *  outside the app, go back, and print what is on screen. */
public final class QuickStart {
    private QuickStart() {}

    @SuppressWarnings("unchecked")
    public static void main(String[] arguments) throws Exception {
        String path = arguments.length > 0 ? arguments[0] : "examples/manifests/shop.json";
        String manifest = Files.readString(Paths.get(path));
        try (Registry registry = new Registry(); Router router = new Router(registry)) {
            registry.loadManifest(manifest);
            router.setNavigator(event -> {
                System.out.println(event.kindName + " " + (event.entry == null ? "" : event.entry.route));
                return true; // accept the change; false refuses it and the command is rolled back
            });
            router.start();
            router.navigate("myapp://shop/product/42", new Router.Options().external(true)); // catalog > product
            try (Match product = registry.resolve("myapp://shop/product/42")) {
                System.out.println("id " + product.parameterLong("id"));
            }
            router.back();
            Map<String, Object> state = router.state();
            int selected = ((Number) state.get("selected_tab")).intValue();
            Map<String, Object> tab = (Map<String, Object>) ((List<Object>) state.get("tabs")).get(selected);
            for (Object entry : (List<Object>) tab.get("stack")) {
                System.out.println("on screen: " + ((Map<String, Object>) entry).get("route"));
            }
        }
    }
}
