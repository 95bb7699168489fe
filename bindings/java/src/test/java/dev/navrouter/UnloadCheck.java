package dev.navrouter;

import java.lang.ref.WeakReference;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Run in a JVM of its own by BindingTests: the binding's classes (argument: their directory) are loaded by a class
 *  loader of their own; a thread navigates and lives on; the loader is dropped and collected (the JVM unloads the
 *  JNI library then); the thread ends; the classes are loaded again and navigate again. Exits 1 on any failure. */
public final class UnloadCheck {
    private UnloadCheck() {}

    static void navigate(ClassLoader loader, String manifest) throws ReflectiveOperationException {
        Class<?> registryClass = loader.loadClass("dev.navrouter.Registry");
        Class<?> routerClass = loader.loadClass("dev.navrouter.Router");
        Object registry = registryClass.getConstructor().newInstance();
        registryClass.getMethod("loadManifest", String.class).invoke(registry, manifest);
        Object router = routerClass.getConstructor(registryClass).newInstance(registry);
        Method navigate = routerClass.getMethod("navigate", String.class);
        routerClass.getMethod("start").invoke(router);
        navigate.invoke(router, "/shop/product/1");
        routerClass.getMethod("close").invoke(router);
        registryClass.getMethod("close").invoke(registry);
    }

    public static void main(String[] arguments) throws Exception {
        URL classes = Paths.get(arguments[0]).toUri().toURL();
        String root = System.getProperty("navrouter.root", "../..");
        String manifest = Files.readString(Paths.get(root, "examples", "manifests", "shop.json"));
        CountDownLatch used = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Throwable[] failure = new Throwable[1];
        URLClassLoader loader = new URLClassLoader(new URL[] {classes}, ClassLoader.getPlatformClassLoader());
        WeakReference<ClassLoader> reference = new WeakReference<>(loader);
        Thread worker = new Thread(() -> {
            try {
                navigate(reference.get(), manifest);
            } catch (Throwable error) {
                failure[0] = error;
            }
            used.countDown();
            try {
                release.await(); // lives on, with the library's thread state, past the unloading
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
        });
        worker.setContextClassLoader(null);
        worker.start();
        if (!used.await(30, TimeUnit.SECONDS) || failure[0] != null) {
            System.out.println("the worker failed: " + failure[0]);
            System.exit(1);
        }
        loader.close();
        loader = null;
        for (int attempt = 0; attempt < 100 && reference.get() != null; attempt++) {
            System.gc();
            Thread.sleep(20);
        }
        if (reference.get() != null) {
            System.out.println("the class loader was not collected");
            System.exit(1);
        }
        release.countDown();
        worker.join();
        navigate(new URLClassLoader(new URL[] {classes}, ClassLoader.getPlatformClassLoader()), manifest);
        System.out.println("unloaded; the thread that used the library ended; the library works again");
    }
}
