package dev.navrouter.examples;

import dev.navrouter.Registry;
import dev.navrouter.Router;
import java.nio.file.Files;
import java.nio.file.Path;

public final class Readme {
    public static void main(String[] arguments) throws Exception {
        try (Registry registry = new Registry(); Router router = new Router(registry)) {
            registry.loadManifest(Files.readString(Path.of("examples/manifests/shop.json")));
            System.out.println(registry.resolve("myapp://shop/product/42").parameterLong("id")); // 42
            router.setNavigator(event -> {
                System.out.println(event.kindName); // render it; false would refuse it
                return true;
            });
            router.start();
            router.navigate("/shop/product/42");
        }
    }
}
