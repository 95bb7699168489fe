"""Runs random command sequences on the library (through the Python binding) and on the reference model
(navmodel.py) side by side, comparing after every step: the command's outcome, the events each navigator received,
and both routers' states. Every disagreement is a bug in one of the two.

    python3 Tests/model/model_check.py SEQUENCES [SEED] [STEPS]

Two routers share the shop registry, with interceptors that cancel (product ids divisible by 7), redirect (the
"sale" category), hold flows (the cart until onboarded; leaving a review when asked), an after interceptor that
redirects from help, a login handler that also claims OAuth callback links, a fallback route, navigators that refuse
an event kind when told, and wait-for-host transitions. Where features meet: the product and review routes have
aliases (`item/...`) while their interceptors are scoped by the routes' own patterns (a route reached by an alias is
the same route to every guard); a mandatory "gate" interceptor is added and removed while flows wait; a route
(`promo`) is added over live entries of another and removed again; router options change mid-sequence (modals per
tab, push dismissing modals, back behaviours); back gestures are begun, committed and cancelled; entries are updated
in place and given saved state; snapshots are restored with a deep link (through the guards) and while logged out,
and damaged ones strictly, tolerantly and through a migration; flows have deadlines of none, 0 or an hour; every
router keeps a transaction log, which is now and then replayed on a fresh router that must end in the model's state.
"""

from __future__ import annotations

import copy
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bindings" / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("NAVROUTER_LIBRARY", str(ROOT / "build" / "lib" / "libnavrouter.so.1"))

import navmodel  # noqa: E402
import navrouter  # noqa: E402
from navmodel import Failure, Options  # noqa: E402

URLS = [
    "/shop/product/1",
    "/shop/product/7",
    "/shop/product/12",
    "/shop/category/sale",
    "/shop/category/hats",
    "/settings",
    "/shop/cart",
    "/shop/home",
    "/shop/catalog",
    "/shop/checkout",
    "/account/orders",
    "/account/profile",
    "/account/orders/123e4567-e89b-12d3-a456-426614174000",
    "/help/a/b",
    "/shop/search?q=x",
    "/nowhere",
    "/onboarding/welcome",
    "/shop/product/3/review",
    "/auth/login",
    "myapp://shop/product/5",
    "/shop/search",
    "/not-found",
    "/item/7",
    "/ITEM/3",
    "/item/14/review",
    "/shop/category/promo",
    "myapp://auth/callback?code=1",
    "/shop/search?q=x&sort=price",
    "/shop/search?q=x&page=two",
    "/shop/kind/sale",
    "/shop/kind/other",
]
KINDS = [None, "push", "pop", "present", "dismiss", "stack_replaced", "tab_selected", "result_delivered", "restored"]


class Disagreement(Exception):
    pass


class Flags:
    onboarded = False
    hold_leaves = False
    veto_leaves = False


def is_callback(url: str) -> bool:
    """The OAuth callback links the login handler claims."""
    return url.startswith("myapp://auth/callback")


def shop_manifest() -> str:
    """The shop manifest, with aliases: old links to products and reviews (`item/...`), a typed alias of categories
    (`shop/kind/<enum(sale|hats|promo):slug>`), and typed query parameters of the search (a default page, a sort)."""
    manifest = json.loads((ROOT / "examples" / "manifests" / "shop.json").read_text())
    for module in manifest["modules"]:
        for route in module["routes"]:
            if route["name"] == "product":
                route["aliases"] = ["item/<int:id>"]
            if route["name"] == "review":
                route["aliases"] = ["item/<int:id>/review"]
            if route["name"] == "category":  # a typed alias: the same route, the same guards
                route["aliases"] = ["shop/kind/<enum(sale|hats|promo):slug>"]
            if route["name"] == "search":  # typed query parameters: a default, and values checked
                route["query"] = {"page": {"type": "int", "default": 1}, "sort": "enum(relevance|price)"}
    return json.dumps(manifest)


def decisions(flags: type[Flags], record: list[int]) -> dict[str, Any]:
    """The interceptors' decisions, shared by the library's and the model's interceptors."""

    def sold_out(route: str, parameters: dict[str, str], flow: int) -> Any:
        return ("cancel", "sold out") if int(parameters.get("id", "1")) % 7 == 0 else "proceed"

    def sale(route: str, parameters: dict[str, str], flow: int) -> Any:
        return ("redirect", "/shop/search?q=sale") if parameters.get("slug") == "sale" else "proceed"

    def onboarding(route: str, parameters: dict[str, str], flow: int) -> Any:
        if flags.onboarded:
            return "proceed"
        record.append(flow)
        return "pending"

    def unsaved(route: str, parameters: dict[str, str], flow: int) -> Any:
        if flags.veto_leaves:
            return ("cancel", "unsaved changes")
        if flags.hold_leaves:
            record.append(flow)
            return "pending"
        return "proceed"

    def then_home(route: str, parameters: dict[str, str], flow: int) -> Any:
        return ("redirect", "/shop/home")

    return {"sold-out": sold_out, "sale": sale, "onboarding": onboarding, "unsaved": unsaved, "then-home": then_home}


INTERCEPTORS = [  # name, phase, priority, routes; and in the library, a pattern scope for some (the route's own)
    ("sold-out", "before", 2, {"product"}),
    ("sale", "before", 1, {"category"}),
    ("onboarding", "before", 3, {"cart"}),
    ("unsaved", "leave", 1, {"review"}),
    ("then-home", "after", 0, {"help"}),
]
PATTERNS = {"sold-out": "shop/product/<int:id>", "unsaved": "shop/product/<int:id>/review"}
GATE_ROUTES = {"cart", "checkout", "orders", "product"}  # the gate: a mandatory cancel, added and removed
PRIORITY_NAMES = {0: "low", 1: "medium", 2: "high", 3: "mandatory"}


def event_tuple(event: navrouter.Event, flows: list[int]) -> tuple[Any, ...]:
    flow = flows.index(event.flow) if event.flow and event.flow in flows else (event.flow or None)
    status = navrouter._errors.STATUS_NAMES.get(event.failure_status) if event.failure_status else None
    return (
        event.kind,
        event.transition,
        event.entry.id if event.entry else None,
        tuple(e.id for e in event.entries),
        tuple(e.id for e in event.removed),
        event.tab,
        event.layer,
        event.style,
        event.result_of,
        event.result if event.has_result else None,
        event.user_initiated,
        event.prevent_dismissal,
        event.ticket or None,
        flow,
        status,
        event_detail(event),
    )


def event_detail(event: navrouter.Event) -> Any:
    """What the model says of an event beyond its fields: how a pending flow ended; what a restore read (the
    snapshot's version before its migration, and the entries it dropped, in order)."""
    info = event.info if isinstance(event.info, dict) else {}
    if event.kind == "pending_ended":
        return info.get("reason")
    if event.kind == "restored" and info:
        return (info["version"], tuple((d["id"], d["route"], d["url"]) for d in info["dropped"]))
    return None


def damage(snapshot: dict[str, Any], kind: str, rng: random.Random) -> dict[str, Any]:
    """A snapshot that no longer fits the registry in one place: an entry of a route since retired, at a URL that
    resolves no more, with parameters its URL does not give, or a tab of a retired route."""
    snapshot = copy.deepcopy(snapshot)
    stacks = [tab["stack"] for tab in snapshot["tabs"]]
    stacks += [layer["stack"] for tab in snapshot["tabs"] for layer in tab.get("hidden_layers", [])]
    stacks += [layer["stack"] for layer in snapshot["layers"]]
    entries = [entry for stack in stacks for entry in stack]
    if kind == "tab":
        # Rather a tab that hides layers (modals per tab): its hidden entries go with it, after its stack's.
        hiding = [tab for tab in snapshot["tabs"] if tab.get("hidden_layers")]
        rng.choice(hiding if hiding and rng.random() < 0.7 else snapshot["tabs"])["route"] = "retired-tab"
    elif entries and kind == "route":
        rng.choice(entries)["route"] = "retired"
    elif entries and kind == "url":
        rng.choice(entries)["url"] = "/gone/for/good"
    elif entries and kind == "parameters":
        rng.choice(entries)["parameters"]["stale"] = "1"
    return snapshot


def rename_routes(snapshot: dict[str, Any], old: str, new: str, version: int) -> dict[str, Any]:
    """The snapshot with every entry of route `old` (and a tab of it) renamed `new`, at `version`: an older app's
    snapshot, and the migration that reads it."""
    for tab in snapshot["tabs"]:
        if tab["route"] == old:
            tab["route"] = new
    stacks = [tab["stack"] for tab in snapshot["tabs"]]
    stacks += [layer["stack"] for tab in snapshot["tabs"] for layer in tab.get("hidden_layers", [])]
    stacks += [layer["stack"] for layer in snapshot["layers"]]
    for stack in stacks:
        for entry in stack:
            if entry["route"] == old:
                entry["route"] = new
    snapshot["version"] = version
    return snapshot


def migrate_from_v1(snapshot: dict[str, Any]) -> dict[str, Any]:
    """The migration of the check's version-1 snapshots, where products were `product-v1`."""
    return rename_routes(snapshot, "product-v1", "product", 2)


def model_event(event: tuple[Any, ...], flows: list[int]) -> tuple[Any, ...]:
    flow = event[13]
    if flow is not None and flow in flows:
        flow = flows.index(flow)
    return event[:13] + (flow, event[14], event[15])


class Session:
    """One sequence: a fresh registry and two routers in the library, and the same in the model."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.flags = Flags
        Flags.onboarded = Flags.hold_leaves = Flags.veto_leaves = False
        self.library_flows: list[int] = []
        self.model_flows: list[int] = []
        self.registry = navrouter.Registry()
        self.registry.load_manifest(shop_manifest())
        self.registry.authenticated = True
        self.before_login = rng.random() < 0.3
        self.registry.set_guard_options(fallback_route="not-found", interceptors_before_login=self.before_login)
        library_decide = decisions(Flags, self.library_flows)
        for name, phase, priority, routes in INTERCEPTORS:
            decide = library_decide[name]

            def interceptor(i: navrouter.Interception, decide: Any = decide) -> Any:
                decision = decide(i.route, i.parameters, i.flow)
                if decision == "proceed":
                    return None
                if decision == "pending":
                    return navrouter.PENDING
                return navrouter.Cancel(decision[1]) if decision[0] == "cancel" else navrouter.Redirect(decision[1])

            if name in PATTERNS:
                self.registry.add_interceptor(
                    interceptor, phase=phase, priority=PRIORITY_NAMES[priority], pattern=PATTERNS[name], name=name
                )
            else:
                self.registry.add_interceptor(
                    interceptor, phase=phase, priority=PRIORITY_NAMES[priority], routes=sorted(routes), name=name
                )
        self.registry.set_auth_handler(
            login=lambda router, flow, match: self.library_flows.append(flow),
            claim=lambda router, url: is_callback(url),
        )
        self.gate: int | None = None  # the library's id of the gate interceptor, while it is registered
        self.schemes: list[str] = []  # the app's custom schemes: none (any is taken) or one refusing myapp://
        self.model_gate: navmodel.Interceptor | None = None
        self.options = self.random_options()
        self.gestures = [1, 1]  # the last gesture each router began (its id), for commits and cancels
        self.events: list[list[navrouter.Event]] = [[], []]
        self.refuse: list[str | None] = [None, None]
        self.routers = []
        for index in range(2):

            def navigate(event: navrouter.Event, index: int = index) -> bool | None:
                self.events[index].append(event)
                return False if event.kind == self.refuse[index] else None

            self.routers.append(navrouter.Router(self.registry, navigator=navigate))
        self.router_options = [dict(self.options), dict(self.options)]
        self.replayable = [True, True]  # whether each router's log began where a fresh router can replay it
        self.log_start = [0, 0]  # each model's count of logged steps where its router's log started again
        for index in range(2):
            self.apply_options(index, self.options)

        routes = {}
        for route in self.registry.routes():
            routes[route["name"]] = navmodel.Route(
                route["name"],
                route["presentation"],
                route.get("style"),
                route["requires_auth"],
                route["external"],
                route.get("parent"),
                route["parameters"],
                route["required_parameters"],
            )
        self.roots = [r["name"] for r in self.registry.routes() if r["presentation"] == "root"]

        def resolve(url: str) -> navrouter.Match:
            try:
                return self.registry.resolve(url)
            except navrouter.NavRouterError as error:
                raise Failure(navrouter._errors.STATUS_NAMES[error.status], error.message) from error

        def build(route: str, parameters: dict[str, str]) -> str:
            try:
                return self.registry.build_url(route, parameters)
            except navrouter.NavRouterError as error:
                raise Failure(navrouter._errors.STATUS_NAMES[error.status], error.message) from error

        own_tables: dict[str, navrouter.Registry] = {}

        def resolve_by(route: str, url: str) -> dict[str, str] | None:
            """The URL's parameters by the route's own patterns alone (a registry of that route only)."""
            if route not in own_tables:
                declared = self.registry.route(route)
                own_tables[route] = navrouter.Registry()
                own = {"name": route, "pattern": declared["pattern"], "aliases": declared["aliases"]}
                own_tables[route].load_manifest({"routes": [own]})
            try:
                return dict(own_tables[route].resolve(url).parameters)
            except navrouter.NavRouterError:
                return None

        self.matcher = navmodel.Matcher(resolve, build, routes, resolve_by)
        model_decide = decisions(Flags, self.model_flows)
        self.guards = navmodel.Guards(fallback="not-found", before_login=self.before_login)
        for name, phase, priority, route_names in INTERCEPTORS:
            self.guards.interceptors.append(
                navmodel.Interceptor(name, phase, priority, route_names, model_decide[name])
            )
        self.guards.login = self.model_flows.append
        self.guards.claims = is_callback
        self.tokens = 0

        def new_token() -> int:
            self.tokens += 1
            return self.tokens

        self.models = [navmodel.Router(self.matcher, self.guards, self.roots, new_token) for _ in range(2)]
        for model in self.models:
            model.options = dict(self.options)

    def random_options(self) -> dict[str, Any]:
        """Router options the model knows: what back does at a tab's root, reselection, modals per tab, pushes
        dismissing modals, supersession, and a flow deadline of none, 0 (a flow expires before the router's next
        piece of work) or an hour (none passes within a sequence)."""
        rng = self.rng
        return {
            "back_behavior": rng.choice(["none", "initial", "order", "history"]),
            "reselect_pops_to_root": rng.random() < 0.5,
            "modals_per_tab": rng.random() < 0.4,
            "push_dismisses_modals": rng.random() < 0.3,
            "supersede_pending_flows": rng.random() < 0.85,
            "flow_deadline_ms": rng.choice([None, None, 0, 3_600_000]),
        }

    def change_registry(self, rng: random.Random) -> None:
        """The registry changes under live entries and waiting flows, the same in the library and the model: the
        mandatory gate interceptor comes or goes; or the promo route (over the category route's
        `/shop/category/promo`, in a module of its own) is added or removed, by name or with its module; or the app's
        schemes change so that `myapp://` links are refused or taken again. A removal and a policy change refresh
        every router."""
        if rng.random() < 0.2:
            self.schemes = [] if self.schemes else ["otherapp"]
            self.registry.set_schemes(self.schemes)
            for model in self.models:
                try:
                    model.perform(("refresh",), urgent=True)
                except Failure:
                    pass
            return
        if rng.random() < 0.5:
            if self.gate is None:

                def gate(interception: navrouter.Interception) -> Any:
                    return navrouter.Cancel("the gate is closed")

                requires_auth = rng.random() < 0.5
                self.gate = self.registry.add_interceptor(
                    gate,
                    phase="before",
                    priority="mandatory",
                    routes=sorted(GATE_ROUTES),
                    requires_auth=requires_auth,
                    name="gate",
                )
                self.model_gate = navmodel.Interceptor(
                    "gate",
                    "before",
                    3,
                    set(GATE_ROUTES),
                    lambda route, parameters, flow: ("cancel", "closed"),
                    requires_auth,
                )
                self.guards.interceptors.append(self.model_gate)
            else:
                self.registry.remove_interceptor(self.gate)
                self.guards.interceptors.remove(self.model_gate)
                self.gate = self.model_gate = None
            return
        if "promo" not in self.matcher.routes:
            self.registry.add_route(
                "promo", "shop/category/promo", parent="catalog", external=True, module="promotions"
            )
            self.matcher.routes["promo"] = navmodel.Route("promo", "push", None, False, True, "catalog", [], [])
        else:
            if rng.random() < 0.5:
                self.registry.remove_route("promo")
            else:
                self.registry.remove_module("promotions")  # the module's one route goes with it
            del self.matcher.routes["promo"]
            for model in self.models:
                try:
                    model.perform(("refresh",), urgent=True)
                except Failure:
                    pass

    def apply_options(self, index: int, options: dict[str, Any]) -> None:
        """A router's options, with its log on and its own seed for flow tokens (so that a replay resumes the same
        flows)."""
        self.router_options[index] = dict(options)
        set_library_options(self.routers[index], dict(options, records_log=True, flow_token_seed=101 + index))

    def restart_logs(self) -> None:
        """After a step that is not a command (guards, authentication, options, the registry, the navigator or the
        transition handshake changed: nothing a log records), the logs start again. A log can be replayed on a fresh
        router when it starts with no flow held, no gesture begun, no transition awaited and no command queued (a
        log's start records the state and the counters, not those)."""
        for side in range(2):
            self.routers[side].clear_transaction_log()
            model = self.models[side]
            self.log_start[side] = model.logged
            self.replayable[side] = not model.flows and model.gesture is None and model.awaiting is None
            self.replayable[side] = self.replayable[side] and not model.queue

    def check_replay(self, index: int) -> Any:
        """The router's log replayed on a fresh router of the same registry, options, token seed, navigator and
        transition mode: every step agrees, and the fresh router ends in the model's state."""
        log = self.routers[index].transaction_log()
        if not log:
            return ("replayed", 0)  # nothing to replay: no start to restore either
        refused = self.refuse[index]
        # The fresh router is first restored to where the log started (when it started on a started router): not a
        # step of the log, so the navigator takes that restore whatever it refuses afterwards.
        restoring = [bool(log[0].get("start", {}).get("started"))]

        def navigate(event: navrouter.Event) -> bool | None:
            if restoring[0] and event.kind == "restored":
                restoring[0] = False
                return None
            return False if event.kind == refused else None

        fresh = navrouter.Router(self.registry, navigator=navigate)
        try:
            options = dict(self.router_options[index], records_log=False, flow_token_seed=101 + index)
            set_library_options(fresh, options)
            fresh.set_transition_mode(self.models[index].wait)  # a replay does not wait for the host either way
            flows = list(self.library_flows)  # the fresh router's login steps are not the session's flows
            report = fresh.replay(log)
            self.library_flows[:] = flows
            state = fresh.snapshot()
        finally:
            fresh.close()
        if report["divergence"] is not None or report["steps"] != len(log):
            return ("replay", report)
        if state != self.models[index].state.snapshot():
            return ("replay ended elsewhere", json.dumps(state, sort_keys=True))
        return ("replayed", len(log))

    def close(self) -> None:
        for router in self.routers:
            router.close()
        self.registry.close()

    # ---- one step ----

    def random_command(self) -> tuple[Any, ...]:
        rng = self.rng
        url = rng.choice(URLS)
        choice = rng.randrange(105)
        if choice >= 103:
            return ("replay",)
        if 100 <= choice < 102:
            return ("expire_flows",)
        if choice < 30:
            options = Options()
            if rng.random() < 0.5:
                options.presentation = rng.choice([None, "push", "sheet", "fullscreen", "root", "replace_top"])
                options.replace = rng.random() < 0.15
                options.prevent_dismissal = rng.random() < 0.2
                options.single_top = rng.random() < 0.2
                options.clear_top = rng.random() < 0.15
                options.pop_up_to = rng.choice([None, None, "product", "catalog", "category"])
                options.pop_up_to_inclusive = rng.random() < 0.5
                options.build_back_stack = rng.choice([None, None, True, False])
                options.expects_result = rng.random() < 0.3
                options.props = rng.choice([None, None, {"from": "fuzz", "n": [1, 2]}])
                options.flow_deadline = rng.choice([None, None, 3600])
            options.external = rng.random() < 0.15
            return ("navigate", url, options)
        if choice < 40:
            return ("pop", rng.randrange(1, 3), rng.choice([None, {"ok": True}, 7]))
        if choice < 44:
            return ("pop_to_root",)
        if choice < 47:
            return ("pop_to", rng.randrange(1, 30))
        if choice < 50:
            return ("pop_after", rng.randrange(0, 4))
        if choice < 54:
            return ("set_stack", [url] + ([rng.choice(URLS)] if rng.random() < 0.5 else []))
        if choice < 60:
            return ("dismiss", rng.randrange(1, 3), rng.choice([None, {"chosen": 3}]))
        if choice < 64:
            return ("select_tab", rng.randrange(0, 5))
        if choice < 66:  # by its root route's name (a root, a route no tab has, a name no route has)
            return ("select_tab", rng.choice([*self.roots, "product", "nowhere"]))
        if choice < 74:
            return ("back",)
        if choice < 77:
            return ("user_popped", rng.randrange(1, 30))
        if choice < 79:
            return ("user_dismissed", 1)
        if choice < 81:
            return ("refresh",)
        if choice < 82:
            return ("restore",)
        if choice < 83 or choice >= 102:
            return ("restore_tolerant",)
        if choice < 88:
            return (
                "resume",
                rng.randrange(0, 4),
                rng.choice(["proceed", "proceed", "cancel", "redirect"]),
                # a redirect starts the pipeline again: a protected route asks for a login, a callback is claimed
                rng.choice(
                    ["/settings", "/shop/product/2", "/nowhere", "/account/profile", "myapp://auth/callback?code=3"]
                ),
            )
        if choice < 89:
            return ("start",)
        if choice < 91:
            return ("restore_with_link", url, rng.random() < 0.5)
        if choice < 94:
            return ("gesture", rng.choice(["begin", "commit", "cancel", "begin_commit"]))
        if choice < 96:
            return (
                "update_entry",
                rng.randrange(1, 30),
                rng.choice([None, {"id": "3"}, {"id": "x"}, {}, {"slug": "hats"}]),
                rng.choice([None, {"v": 1}]),
            )
        if choice < 97:
            return ("set_saved_state", rng.randrange(1, 30), rng.choice([None, {"scroll": 3}]))
        return (
            "set_tabs",
            [
                rng.choice(["/shop/home", "/shop/catalog", "/account/profile", "/shop/cart", "/settings"])
                for _ in range(rng.randrange(1, 3))
            ],
            0,
        )

    def run_library(self, index: int, command: tuple[Any, ...]) -> Any:
        router = self.routers[index]
        kind = command[0]
        try:
            if kind == "navigate":
                options = command[2]
                outcome = router.navigate(
                    command[1],
                    presentation=options.presentation,
                    props=options.props,
                    replace=options.replace,
                    prevent_dismissal=options.prevent_dismissal,
                    single_top=options.single_top,
                    clear_top=options.clear_top,
                    pop_up_to=options.pop_up_to,
                    pop_up_to_inclusive=options.pop_up_to_inclusive,
                    build_back_stack=options.build_back_stack,
                    expects_result=options.expects_result,
                    external=options.external,
                    flow_deadline=options.flow_deadline,
                )
            elif kind == "pop":
                outcome = router.pop(command[1], command[2])
            elif kind == "pop_to_root":
                outcome = router.pop_to_root()
            elif kind == "pop_to":
                outcome = router.pop_to(command[1])
            elif kind == "pop_after":
                outcome = router.pop_after(command[1])
            elif kind == "set_stack":
                outcome = router.set_stack(command[1])
            elif kind == "dismiss":
                outcome = router.dismiss(command[1], command[2])
            elif kind == "select_tab":
                outcome = router.select_tab(command[1])
            elif kind == "back":
                outcome = router.back()
            elif kind == "user_popped":
                outcome = router.user_popped(command[1])
            elif kind == "user_dismissed":
                outcome = router.user_dismissed(command[1])
            elif kind == "refresh":
                outcome = router.refresh()
            elif kind == "restore" and len(command) > 2:
                outcome = router.restore(command[1], tolerant=command[2], migrate=command[3])
            elif kind == "restore":
                outcome = router.restore(command[1])
            elif kind == "resume":
                outcome = router.resume_flow(command[1], command[2], command[3])
            elif kind == "start":
                outcome = router.start()
            elif kind == "restore_with_link":
                outcome = router.restore(command[1], link=command[2], link_options={"external": command[3].external})
            elif kind == "expire_flows":
                router.expire_flows()
                return "ok"
            elif kind == "begin_back_gesture":
                gesture, _ = router.begin_back_gesture()
                return ("gesture", gesture)
            elif kind == "commit_back_gesture":
                outcome = router.commit_back_gesture(command[1])
            elif kind == "cancel_back_gesture":
                router.cancel_back_gesture(command[1])
                return ("applied", 0)
            elif kind == "update_entry":
                outcome = router.update_entry(command[1], parameters=command[2], props=command[3])
            elif kind == "set_saved_state":
                outcome = router.set_saved_state(command[1], command[2])
            else:
                outcome = router.set_tabs(command[1], command[2])
            return (outcome.status, outcome.id)
        except navrouter.NavRouterError as error:
            return navrouter._errors.STATUS_NAMES.get(error.status, str(error.status))

    def run_model(self, index: int, command: tuple[Any, ...]) -> Any:
        try:
            if command[0] == "cancel_back_gesture":
                self.models[index].cancel_back_gesture(command[1])
                return ("applied", 0)
            if command[0] == "begin_back_gesture":
                return self.models[index].begin_back_gesture_from_host()
            if command[0] == "expire_flows":
                self.models[index].expire_flows()
                return "ok"
            return self.models[index].perform(command)
        except Failure as failure:
            return failure.status

    def step(self, number: int) -> None:
        self.ran_command = False
        self.take_step(number)
        if not self.ran_command:
            self.restart_logs()

    def run_command(self, index: int, command: tuple[Any, ...]) -> tuple[Any, Any, Any] | None:
        """Runs one command on a router of the library and of the model: (description, library's outcome, model's),
        or None when there is nothing to run it on."""
        rng = self.rng
        description: tuple[Any, ...]
        if command[0] == "gesture":
            last = self.gestures[index]
            command = {
                "begin": ("begin_back_gesture",),
                "begin_commit": ("begin_back_gesture",),
                "commit": ("commit_back_gesture", last),
                "cancel": ("cancel_back_gesture", last),
            }[command[1]]
        if command[0] == "restore":
            snapshot = self.routers[1 - index].snapshot()
            library_command = model_command = ("restore", snapshot)
        elif command[0] == "restore_tolerant":
            kind = rng.choice(["none", "route", "url", "parameters", "tab"])
            snapshot = damage(self.routers[1 - index].snapshot(), kind, rng)
            migrate = None
            if rng.random() < 0.3:
                snapshot = rename_routes(snapshot, "product", "product-v1", 1)
                migrate = migrate_from_v1
            tolerant = rng.random() < 0.8
            library_command = model_command = ("restore", snapshot, tolerant, migrate)
            command = ("restore_tolerant", kind, tolerant, migrate is not None)
        elif command[0] == "restore_with_link":
            snapshot = self.routers[1 - index].snapshot()
            library_command = model_command = (
                "restore_with_link",
                snapshot,
                command[1],
                Options(external=command[2]),
            )
        elif command[0] == "resume":
            if command[1] >= min(len(self.library_flows), len(self.model_flows)):
                return None
            library_command = ("resume", self.library_flows[command[1]], command[2], command[3])
            model_command = ("resume", self.model_flows[command[1]], command[2], command[3])
        else:
            library_command = model_command = command
        description = command if command[0] != "navigate" else ("navigate", command[1], vars(command[2]))
        library = self.run_library(index, library_command)
        model = self.run_model(index, model_command)
        if isinstance(library, tuple) and library[0] == "gesture":
            self.gestures[index] = library[1]
        if isinstance(library, tuple) and library[0] == "pending" and library[1] in self.library_flows:
            library = ("pending", self.library_flows.index(library[1]))
        if isinstance(model, tuple) and model[0] == "pending" and model[1] in self.model_flows:
            model = ("pending", self.model_flows.index(model[1]))
        return description, library, model

    def take_step(self, number: int) -> None:
        rng = self.rng
        index = rng.randrange(2)
        action = rng.randrange(100)
        description: tuple[Any, ...]
        if action < 3:
            Flags.onboarded = rng.random() < 0.5
            Flags.hold_leaves = rng.random() < 0.3
            Flags.veto_leaves = rng.random() < 0.2
            return
        if action < 6:
            value = rng.random() < 0.6
            description = ("authenticated", value)
            self.registry.authenticated = value
            self.guards.set_authenticated(value)
            library, model = "ok", "ok"
        elif action < 9:
            kind = rng.choice(KINDS)
            self.refuse[index] = kind
            self.models[index].refuse = kind
            return
        elif action < 12:
            wait = rng.random() < 0.5
            description = ("wait", wait)
            self.routers[index].set_transition_mode(wait)
            self.models[index].set_wait(wait)
            library = model = "ok"
        elif action < 13:
            options = self.random_options()
            description = ("options", options)
            self.apply_options(index, options)
            self.models[index].options = dict(options)
            library = model = "ok"
        elif action < 15:
            self.change_registry(rng)
            description = ("registry changed",)
            library = model = "ok"
        elif action < 19:
            awaited = self.models[index].awaiting
            if awaited is None:
                return
            description = ("transition_finished", awaited)
            try:
                self.routers[index].transition_finished(awaited)
                library = "ok"
            except navrouter.NavRouterError as error:
                library = error.message
            try:
                self.models[index].transition_finished(awaited)
                model = "ok"
            except Failure as failure:
                model = str(failure)
        else:
            self.ran_command = True
            command = self.random_command()
            if command[0] == "replay":
                description = command
                # Every step the model ran since the log started is in the log: none left out, none added. A log
                # that began where a fresh router cannot start (a flow held, a gesture begun) is counted, not replayed.
                steps = self.models[index].logged - self.log_start[index]
                if self.replayable[index]:
                    library, model = self.check_replay(index), ("replayed", steps)
                else:
                    library, model = ("logged", len(self.routers[index].transaction_log())), ("logged", steps)
            else:
                ran = self.run_command(index, command)
                if ran is None:
                    return
                description, library, model = ran
        if library != model:
            raise Disagreement(f"step {number} on router {index}: {description}: library {library}, model {model}")
        for side in range(2):
            got = [event_tuple(event, self.library_flows) for event in self.events[side]]
            expected = [model_event(event, self.model_flows) for event in self.models[side].delivered]
            if got != expected:
                raise Disagreement(
                    f"step {number} on router {index}: {description}: router {side}'s events\n"
                    f"  library: {got}\n  model:   {expected}"
                )
            self.events[side].clear()
            self.models[side].delivered.clear()
            library_state = self.routers[side].snapshot()
            model_state = self.models[side].state.snapshot()
            if library_state != model_state:
                raise Disagreement(
                    f"step {number} on router {index}: {description}: router {side}'s state\n"
                    f"  library: {json.dumps(library_state, sort_keys=True)}\n"
                    f"  model:   {json.dumps(model_state, sort_keys=True)}"
                )


def set_library_options(router: navrouter.Router, options: dict[str, Any]) -> None:
    """Sets a library router's options through the C layer's JSON, which takes the zero flow deadline (a flow
    expires before the router's next piece of work) that Python's set_options leaves out (its deadlines are
    seconds, more than 0)."""
    status = navrouter._ffi.lib().navrouter_router_set_options_json(router._ptr(), json.dumps(options).encode())
    if status != 0:
        raise RuntimeError(f"the options {options} were refused: status {status}")


def check(sequences: int, seed: int = 1, steps: int = 40) -> int:
    """Runs the sequences; returns how many steps were compared. Raises Disagreement at the first difference."""
    compared = 0
    for sequence in range(sequences):
        rng = random.Random(seed * 1_000_003 + sequence)
        session = Session(rng)
        try:
            for number in range(steps):
                session.step(number)
                compared += 1
        except Disagreement as disagreement:
            raise Disagreement(f"sequence {sequence} (seed {seed}): {disagreement}") from None
        finally:
            session.close()
    return compared


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    steps = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    try:
        compared = check(count, seed, steps)
    except Disagreement as disagreement:
        print(f"DISAGREEMENT {disagreement}")
        print("model: 0 passed, 1 failed")
        sys.exit(1)
    print(f"{count} sequences, {compared} steps compared, no disagreement")
    print("model: 1 passed, 0 failed")
