"""Navigation semantics beyond the basics: superseded and slow flows, deep-linked modals, tab back behaviour and
reselection, modals per tab, seed options, back previews and gestures, entries changed in place, restore across
app updates, aliases, the transaction log and plans."""

import time

import navrouter
import pytest
from helpers import visible_stack
from navrouter import PENDING, Cancel, CancelledError, InvalidArgumentError, JSONError, Router


def kinds(app):
    return [event.kind for event in app.events if event.kind != "state_changed"]


def test_a_new_navigation_supersedes_a_pending_flow(shop, app):
    shop.add_interceptor(lambda i: PENDING, routes=["settings"])
    flow = app.navigate("/settings")
    assert flow.pending and kinds(app)[-1] == "navigation_pending"
    assert app.events[-1].info == {"url": "/settings", "stage": "interceptor"}
    app.navigate("/shop/product/1")
    ended = [event for event in app.events if event.kind == "pending_ended"]
    assert ended[-1].flow == flow.id and ended[-1].info == {"reason": "superseded"}
    with pytest.raises(InvalidArgumentError, match="superseded"):
        app.resume_flow(flow.id)
    assert visible_stack(app) == ["home", "product"]


def test_a_flow_past_its_deadline_is_cancelled(shop, app):
    shop.add_interceptor(lambda i: PENDING, routes=["settings"])
    flow = app.navigate("/settings", flow_deadline=0.001)
    time.sleep(0.01)
    app.expire_flows()
    assert app.events[-1].kind == "pending_ended" and app.events[-1].info == {"reason": "expired"}
    with pytest.raises(InvalidArgumentError):
        app.resume_flow(flow.id)
    with pytest.raises(ValueError, match="flow_deadline"):
        app.navigate("/settings", flow_deadline=-1)


def test_a_deep_linked_modal_gets_its_parents_stack(shop, app):
    shop.set_authenticated(True)
    app.navigate("/shop/product/7/review", build_back_stack=True)
    state = app.state
    assert state.tabs[state.selected_tab].route == "catalog"
    assert [entry.route for entry in state.tabs[state.selected_tab].stack] == ["catalog", "product"]
    assert [layer.stack[0].route for layer in state.layers] == ["review"]


def test_tab_back_behaviour_and_reselection(shop):
    with Router(shop, options={"back_behavior": "history", "reselect_pops_to_root": True}) as router:
        router.start()
        assert router.options["back_behavior"] == "history"
        router.select_tab(3)
        router.select_tab(1)
        router.back()
        assert router.state.selected_tab == 3
        router.back()
        assert router.state.selected_tab == 0
        assert not router.can_go_back
        router.push("/shop/product/1")
        router.select_tab(0)
        assert visible_stack(router) == ["home"]
    with pytest.raises(TypeError, match="unknown router options"):
        Router(shop, options={"back": "history"})


def test_modals_per_tab(shop, app):
    app.set_options(modals_per_tab=True)
    app.navigate("/settings")
    app.select_tab(1)
    assert app.state.layers == () and [layer.stack[0].route for layer in app.state.tabs[0].hidden_layers] == [
        "settings"
    ]
    assert "layers_hidden" in kinds(app)
    app.select_tab(0)
    assert [layer.stack[0].route for layer in app.state.layers] == ["settings"]


def test_seed_options(shop, app):
    app.navigate("/settings")
    app.push("/shop/product/2", tab="catalog")
    assert [entry.route for entry in app.state.tabs[1].stack] == ["catalog", "product"]
    assert app.state.selected_tab == 0 and len(app.state.layers) == 1
    app.set_options(push_dismisses_modals=True)
    app.push("/shop/product/3")
    assert app.state.layers == () and visible_stack(app) == ["home", "product"]
    order = []
    shop.set_auth_handler(login=lambda router, flow, match: order.append("login"))
    shop.add_interceptor(lambda i: order.append("terms"), routes=["orders"])
    shop.set_guard_options(interceptors_before_login=True)
    assert app.navigate("/account/orders").pending
    assert order == ["terms", "login"]


def test_back_preview_and_gestures(shop, app):
    assert app.back_preview() is None and not app.can_dismiss
    app.push("/shop/product/1")
    preview = app.back_preview()
    assert preview["action"] == "pop" and preview["appearing"]["route"] == "home"
    gesture, preview = app.begin_back_gesture()
    assert visible_stack(app) == ["home", "product"]
    app.cancel_back_gesture(gesture)
    with pytest.raises(InvalidArgumentError):
        app.commit_back_gesture(gesture)
    gesture, _ = app.begin_back_gesture()
    app.events.clear()
    app.commit_back_gesture(gesture)
    assert visible_stack(app) == ["home"] and app.events[0].user_initiated
    app.push("/shop/product/2")
    shop.add_interceptor(lambda i: Cancel("unsaved"), phase="leave", routes=["product"])
    with pytest.raises(CancelledError, match="unsaved"):
        app.begin_back_gesture()


def test_entries_change_in_place_and_keep_saved_state(app):
    app.push("/shop/product/1")
    entry = app.state.top
    app.update_entry(entry.id, parameters={"id": "2"}, props={"color": "red"})
    updated = app.state.top
    assert (updated.id, updated.url, updated.props) == (entry.id, "/shop/product/2", {"color": "red"})
    assert kinds(app)[-1] == "entry_updated"
    app.set_saved_state(entry.id, {"scroll": 340})
    snapshot = app.snapshot()
    app.set_saved_state(entry.id, None)
    app.restore(snapshot)
    assert app.state.top.saved_state == {"scroll": 340}


def test_restore_across_app_updates(shop, app):
    app.push("/shop/product/1")
    snapshot = app.snapshot(app={"version": "1.0"})
    moved = dict(snapshot)
    text = navrouter._json.dump_json(moved, "snapshot").decode().replace("/shop/product/1", "/old/1")
    with pytest.raises(JSONError):
        app.restore(text)

    def migrate(old):
        assert old["app"] == {"version": "1.0"}
        return navrouter.registry.json.loads(
            navrouter._json.dump_json(old, "s").decode().replace("/old/1", "/shop/product/1")
        )

    app.restore(text, migrate=migrate)
    assert app.state.top.url == "/shop/product/1"
    app.events.clear()
    app.restore(text, tolerant=True)
    restored = [event for event in app.events if event.kind == "restored"][0]
    assert [item["url"] for item in restored.info["dropped"]] == ["/old/1"]
    app.restore(snapshot, link="/shop/product/9")
    assert [entry.route for entry in app.state.tabs[1].stack] == ["catalog", "product"]

    def broken(_):
        raise RuntimeError("migration bug")

    with pytest.raises(RuntimeError, match="migration bug"):
        app.restore(snapshot, migrate=broken)


def test_an_alias_keeps_an_old_link_opening():
    with navrouter.Registry() as registry:
        registry.load_manifest(
            {"routes": [{"name": "product", "pattern": "p/<int:id>", "aliases": ["shop/product/<int:id>"]}]}
        )
        match = registry.resolve("/shop/product/42")
        assert (match.route, match.parameters) == ("product", {"id": "42"})
        assert registry.lookup("/shop/product/42")[0] == "product"
        assert len(registry) == 1


def test_a_log_replays_and_a_plan_changes_nothing(shop):
    def make():
        router = Router(shop, options={"records_log": True, "flow_token_seed": 3})
        router.start()
        return router

    with make() as router:
        router.push("/shop/product/1")
        router.back()
        with pytest.raises(navrouter.RouteNotFoundError):
            router.navigate("/nowhere")
        log = router.transaction_log()
        assert [step["command"]["command"] for step in log] == ["start", "navigate", "back", "navigate"]
        assert log[-1]["error"]["status"] == "ENOTFOUND"
        plan = router.plan("/shop/product/3", external=True)
        assert plan["route"] == "product" and [event["kind"] for event in plan["events"]] == [
            "tab_selected",
            "stack_replaced",
        ]
        assert visible_stack(router) == ["home"]
    with Router(shop, options={"flow_token_seed": 3}) as replay:
        assert replay.replay(log) == {"steps": 4, "divergence": None}
