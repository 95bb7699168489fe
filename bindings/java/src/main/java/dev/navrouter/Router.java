package dev.navrouter;

import java.lang.ref.Cleaner;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The navigation state (tabs, stacks, modal layers) and the commands that change it, as transactions. Every method is
 * thread-safe; callbacks run on the thread that issued the command (a native thread is attached for them) and may call
 * the router: their commands are queued ({@link Outcome.Status#QUEUED}) and run in order.
 */
public final class Router implements AutoCloseable {
    private final long handle;
    private final Cleaner.Cleanable cleanable;
    /** The views the handlers made, by id, while their entries are in the state. */
    private final Map<Long, Object> views = new ConcurrentHashMap<>();
    private final AtomicLong nextView = new AtomicLong();

    /** A router on a registry (it keeps the registry alive). */
    public Router(Registry registry) {
        long made = Native.routerNew(registry.handle);
        this.handle = made;
        this.cleanable = Match.CLEANER.register(this, () -> Native.routerFree(made));
    }

    /** Frees the router now (its navigator is released then). */
    @Override
    public void close() { cleanable.clean(); }

    /** Sets the navigator. An exception in it refuses the change, and the command throws it. */
    public void setNavigator(Navigator navigator) {
        Native.setNavigator(handle, (text, flow) -> navigator.onEvent(new Event(text)) ? "0" : "1");
    }

    /**
     * Sets the view handler of a route (null: the default for routes without their own): {@code make} builds the
     * host's view for a new entry (null declines: the command fails and nothing changes), {@code release} gets it back
     * exactly once when the entry leaves the state. {@link #view} reads an entry's view meanwhile.
     */
    public <V> void setHandler(String route, Function<Entry, V> make, BiConsumer<V, Entry> release) {
        Native.setHandler(handle, route, (text, flow) -> {
            V view = make.apply(new Entry(Json.parse(text)));
            if (view == null) return "0";
            long id = nextView.incrementAndGet();
            views.put(id, view);
            return Long.toString(id);
        }, (text, id) -> {
            @SuppressWarnings("unchecked")
            V view = (V) views.remove(id);
            if (view != null && release != null) release.accept(view, new Entry(Json.parse(text)));
            return "0";
        });
    }

    /** Removes a route's handler (null: the default one); views it made are still released by it. */
    public void removeHandler(String route) { Native.setHandler(handle, route, null, null); }

    /** The view a handler made for an entry, while the entry is in the state (else null). */
    public Object view(Entry entry) { return entry == null || entry.view == 0 ? null : views.get(entry.view); }

    /** Navigate options: a presentation ("push", "sheet", "fullscreen", "root", "replace_top") and flags. */
    public static final class Options {
        String presentation;
        int flags;
        String props;
        String popUpTo;
        String tab;

        /** Overrides the route's presentation. */
        public Options presentation(String value) { presentation = value; return this; }
        /** The link comes from outside the app. */
        public Options external(boolean on) { return flag(0x1000, on); }
        /** The current stack becomes this entry alone. */
        public Options replace(boolean on) { return flag(0x10, on); }
        /** Don't push the same route and parameters twice. */
        public Options singleTop(boolean on) { return flag(0x80, on); }
        /** Remove the route's entry and what is above it first. */
        public Options clearTop(boolean on) { return flag(0x100, on); }
        /** A presented layer may not be dismissed by the user. */
        public Options preventDismissal(boolean on) { return flag(0x20, on); }
        /** The entry expects a result. */
        public Options expectsResult(boolean on) { return flag(0x800, on); }
        /** Build (true) or never build (false) the parent chain; null: the default. */
        public Options buildBackStack(Boolean on) {
            flags &= ~0x600;
            if (on != null) flags |= on ? 0x200 : 0x400;
            return this;
        }
        /** Pop down to the topmost entry of this route before pushing (inclusive: that entry too). */
        public Options popUpTo(String route, boolean inclusive) { popUpTo = route; return flag(0x2000, inclusive); }
        /** Props (a JSON object's text). */
        public Options props(String json) { props = json; return this; }
        /** Push onto the stack of the tab with this root route. */
        public Options tab(String route) { tab = route; return this; }

        private Options flag(int bit, boolean on) {
            flags = on ? flags | bit : flags & ~bit;
            return this;
        }

        int allFlags() {
            if (presentation == null) return flags;
            switch (presentation) {
                case "push": return flags | 0x1;
                case "sheet": return flags | 0x2;
                case "fullscreen": return flags | 0x3;
                case "root": return flags | 0x4;
                case "replace_top": return flags | 0x5;
                default: throw new IllegalArgumentException("unknown presentation " + presentation);
            }
        }
    }

    private Outcome run(String name, long first, long second, String text, String[] list) {
        return new Outcome(Native.command(handle, name, first, second, text, list));
    }

    /** Sets up the tabs (one per root route) when the state is empty. */
    public Outcome start() { return run("start", 0, 0, null, null); }
    /** Opens a deep link as its route's presentation says. */
    public Outcome navigate(String url) { return navigate(url, new Options()); }
    /** Opens a deep link with options. */
    public Outcome navigate(String url, Options options) {
        return new Outcome(Native.navigate(handle, url, options.allFlags(), options.props, options.popUpTo, options.tab,
                0));
    }
    /** Pops count entries; resultJson (or null) goes to the opener that expects one. */
    public Outcome pop(int count, String resultJson) { return run("pop", count, 0, resultJson, null); }
    /** Pops the current stack to its root. */
    public Outcome popToRoot() { return run("popToRoot", 0, 0, null, null); }
    /** Pops the current stack down to an entry. */
    public Outcome popTo(long entry) { return run("popTo", entry, 0, null, null); }
    /** Keeps the current stack's entries up to index. */
    public Outcome popAfter(int index) { return run("popAfter", index, 0, null, null); }
    /** Replaces the current stack with entries for these URLs. */
    public Outcome setStack(List<String> urls) { return run("setStack", 0, 0, null, urls.toArray(new String[0])); }
    /** Sets the tabs to these root URLs. */
    public Outcome setTabs(List<String> urls, int selected) {
        return run("setTabs", selected, 0, null, urls.toArray(new String[0]));
    }
    /** Dismisses the top count modal layers (0: all). */
    public Outcome dismiss(int count, String resultJson) { return run("dismiss", count, 0, resultJson, null); }
    /** Selects a tab by index. */
    public Outcome selectTab(int index) { return run("selectTab", index, 0, null, null); }
    /** Selects the tab whose root route is this. */
    public Outcome selectTab(String route) { return run("selectTabRoute", 0, 0, route, null); }
    /** Pops, or dismisses at a modal's root. */
    public Outcome back() { return run("back", 0, 0, null, null); }
    /** The user popped to an entry directly. */
    public Outcome userPopped(long entry) { return run("userPopped", entry, 0, null, null); }
    /** The user dismissed the top count layers directly. */
    public Outcome userDismissed(int count) { return run("userDismissed", count, 0, null, null); }
    /** Runs the guards again over the state. */
    public Outcome refresh() { return run("refresh", 0, 0, null, null); }
    /** Answers a pending flow: "proceed", "cancel" (argument: reason) or "redirect" (argument: URL). */
    public Outcome resumeFlow(long flow, String decision, String argument) {
        int code = "cancel".equals(decision) ? 1 : "redirect".equals(decision) ? 2 : 0;
        return run("resumeFlow", flow, code, argument, null);
    }
    /** Completes a login flow. */
    public Outcome completeLogin(long flow, boolean success) {
        return run("completeLogin", flow, success ? 1 : 0, null, null);
    }
    /** Restores a snapshot (its JSON text), all or nothing. */
    public Outcome restore(String snapshot) { return run("restore", 0, 0, snapshot, null); }
    /** The whole state as a snapshot's JSON text. */
    public String snapshot() { return Native.routerText(handle, 0); }
    /** The current state. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> state() { return (Map<String, Object>) Json.parse(Native.routerText(handle, 1)); }

    /** Whether back would do something now. */
    public boolean canGoBack() { return "true".equals(Native.backGesture(handle, "canGoBack", 0)); }

    /** What back would do, without doing it ({"action", "leaving", "appearing", …}), or null when nothing. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> backPreview() {
        String json = Native.backGesture(handle, "preview", 0);
        return json == null ? null : (Map<String, Object>) Json.parse(json);
    }

    /** An interactive back gesture (Android's predictive back, iOS's swipe): begun by {@link #beginBackGesture}. */
    public final class BackGesture {
        /** Its id. */
        public final long id;
        /** What back would do: {"action", "leaving", "appearing", …}. */
        public final Map<String, Object> preview;

        BackGesture(long id, Map<String, Object> preview) {
            this.id = id;
            this.preview = preview;
        }

        /** Goes back, as the user did it (the events say user_initiated). */
        public Outcome commit() {
            return new Outcome(new long[] {0, Long.parseLong(Native.backGesture(handle, "commit", id))});
        }

        /** Cancels it: nothing changed, nothing does. */
        public void cancel() { Native.backGesture(handle, "cancel", id); }
    }

    /** Begins a back gesture: asks the leave guards (a veto refuses it) and previews what back would do. */
    @SuppressWarnings("unchecked")
    public BackGesture beginBackGesture() {
        String text = Native.backGesture(handle, "begin", 0);
        int space = text.indexOf(' ');
        return new BackGesture(Long.parseLong(text.substring(0, space)),
                (Map<String, Object>) Json.parse(text.substring(space + 1)));
    }

    /** Test support: a navigation run by a native thread the JVM does not know (its callbacks attach it). */
    static int navigateOnNativeThread(Router router, String url) {
        return Native.navigateOnNativeThread(router.handle, url);
    }
}
