"""Interceptors, pending flows, authentication and login flows, logout pruning, callback URLs, guard options."""

import navrouter
import pytest
from helpers import visible_stack
from navrouter import (
    PENDING,
    Cancel,
    CancelledError,
    DeniedError,
    ExternalLinkError,
    InvalidArgumentError,
    LimitError,
    Redirect,
)


def test_before_interceptors_cancel_redirect_and_run_in_priority_then_registration_order(shop, app):
    order = []
    shop.add_interceptor(lambda i: order.append("low"), priority="low", routes=["product"])
    shop.add_interceptor(lambda i: order.append("medium-1"), routes=["product"])
    shop.add_interceptor(lambda i: order.append("mandatory"), priority="mandatory", pattern="shop/*rest")
    shop.add_interceptor(lambda i: order.append("medium-2"), routes=["product"])
    app.navigate("/shop/product/1")
    assert order == ["mandatory", "medium-1", "medium-2", "low"]

    def only_even(interception):
        assert interception.phase == "before" and interception.route == "product"
        if int(interception.parameter("id")) % 2:
            return Cancel("odd products are sold out")
        return None

    identifier = shop.add_interceptor(only_even, routes=["product"], priority="high")
    before = app.snapshot()
    with pytest.raises(CancelledError, match="odd products are sold out"):
        app.navigate("/shop/product/3")
    assert app.snapshot() == before
    shop.remove_interceptor(identifier)
    app.navigate("/shop/product/3")

    shop.add_interceptor(lambda i: Redirect("/shop/search?q=" + i.parameter("slug")), routes=["category"])
    app.navigate("/shop/category/hats")
    assert visible_stack(app)[-1] == "search"
    assert app.snapshot()["tabs"][0]["stack"][-1]["parameters"]["q"] == "hats"


def test_a_nameless_interceptor_is_named_by_its_id_in_messages(shop, app):
    """name="" is the default: a message says "interceptor #3", never "interceptor ''"."""
    identifier = shop.add_interceptor(lambda i: Cancel("closed"), routes=["product"])
    with pytest.raises(CancelledError) as cancelled:
        app.navigate("/shop/product/1")
    assert f"interceptor #{identifier}" in str(cancelled.value) and "''" not in str(cancelled.value)
    with pytest.raises(navrouter.RouteNotFoundError) as unknown:
        shop.add_interceptor(lambda i: None, routes=["prodcut"])
    assert "an interceptor (no name): no route is named 'prodcut'" in str(unknown.value), str(unknown.value)


def test_pending_flow_resumed_after_onboarding(shop, app):
    flows = []

    def onboarding(interception):
        if interception.route == "onboarding" or flows:
            return None
        flows.append(interception.flow)
        interception.router.navigate("/onboarding/welcome")  # queued: runs once this command is done
        return PENDING

    shop.add_interceptor(onboarding, pattern="shop/cart")
    outcome = app.navigate("/shop/cart")
    assert outcome.pending and outcome.id == flows[0]
    assert visible_stack(app) == ["onboarding"]  # the interceptor opened its screen; the flow waits
    app.dismiss()
    assert app.resume_flow(flows[0]).applied
    assert app.snapshot()["selected_tab"] == 2
    with pytest.raises(InvalidArgumentError):
        app.resume_flow(flows[0])  # used once


def test_pending_flow_cancel_and_redirect(shop, app):
    app.set_options(supersede_pending_flows=False)  # two flows held at once
    tokens = []
    shop.add_interceptor(lambda i: tokens.append(i.flow) or PENDING, routes=["product"])
    first = app.navigate("/shop/product/1")
    second = app.navigate("/shop/product/2")
    app.events.clear()
    app.resume_flow(first.id, "cancel", "changed my mind")
    cancelled = [event for event in app.events if event.kind == "flow_cancelled"][0]
    assert cancelled.flow == first.id and "changed my mind" in cancelled.failure_message
    assert cancelled.failure_status == -5  # NAVROUTER_ECANCELLED, as navrouter_event_failure_status gives it
    app.resume_flow(second.id, "redirect", "/help/redirected")
    assert visible_stack(app) == ["home", "help"]
    with pytest.raises(ValueError):
        app.resume_flow(second.id, "maybe")


def test_after_and_leave_interceptors(shop, app):
    seen = []
    shop.add_interceptor(lambda i: seen.append((i.phase, i.route)), phase="after", routes=["product"])
    unsaved = {"draft": True}
    shop.add_interceptor(
        lambda i: Cancel("unsaved changes") if unsaved["draft"] else None, phase="leave", routes=["search"]
    )
    app.navigate("/shop/product/1")
    assert seen == [("after", "product")]
    app.navigate("/shop/search?q=x")
    with pytest.raises(CancelledError, match="unsaved changes"):
        app.pop()
    assert visible_stack(app)[-1] == "search"
    product = app.snapshot()["tabs"][0]["stack"][1]["id"]
    app.user_popped(product)  # not vetoable
    assert visible_stack(app)[-1] == "product"
    unsaved["draft"] = False


def test_login_flow_resumes_the_original_navigation(shop, app):
    logins = []
    shop.set_auth_handler(login=lambda router, flow, destination: logins.append((router, flow, destination)))
    outcome = app.navigate("/account/orders")
    assert outcome.pending
    router, flow, destination = logins[0]
    assert router is app and flow == outcome.id and destination.route == "orders"
    assert visible_stack(app) == ["home"]
    shop.authenticated = True
    assert app.complete_login(flow, True).applied
    assert visible_stack(app)[-1] == "orders"

    shop.authenticated = False  # logout prunes protected entries
    assert all(entry["route"] != "orders" for tab in app.snapshot()["tabs"] for entry in tab["stack"])

    failed = app.navigate("/account/orders")
    app.events.clear()
    app.complete_login(failed.id, False)
    assert [event.kind for event in app.events] == ["flow_cancelled", "pending_ended"]
    assert not shop.authenticated


def test_without_a_login_handler_protected_routes_are_denied(shop, app):
    with pytest.raises(DeniedError):
        app.navigate("/account/orders")


def test_requires_auth_interceptors_run_only_when_logged_in(shop, app):
    seen = []
    shop.add_interceptor(lambda i: seen.append(i.authenticated), requires_auth=True)
    app.navigate("/help/a")
    shop.authenticated = True
    app.navigate("/help/b")
    assert seen == [True]


def test_callback_urls_are_claimed(shop, app):
    claimed = []
    shop.set_auth_handler(
        login=lambda *args: None,
        claim=lambda router, url: claimed.append(url) or url.startswith("myapp://auth/callback"),
    )
    assert app.navigate("myapp://auth/callback?code=abc").handled
    assert claimed == ["myapp://auth/callback?code=abc"]
    assert app.navigate("/help/x").applied


def test_external_links(shop, app):
    with pytest.raises(ExternalLinkError):
        app.navigate("/settings", external=True)
    shop.set_web_domains(["shop.example.com"])
    app.navigate("https://shop.example.com/shop/product/5", external=True)
    assert visible_stack(app)[-2:] == ["catalog", "product"]  # back stack built from parents


def test_guard_options(shop, app):
    shop.set_guard_options(max_redirects=3, fallback_route="not-found")
    app.navigate("/no/such/page")
    assert app.snapshot()["tabs"][0]["stack"][-1]["parameters"]["url"] == "/no/such/page"
    shop.add_interceptor(lambda i: Redirect("/help/" + str(int(i.url.rsplit("/", 1)[1]) + 1)), pattern="help/*t")
    with pytest.raises(LimitError, match="help/1"):
        app.navigate("/help/0")


def test_modules_remove_their_interceptors(shop, app):
    shop.add_interceptor(lambda i: Cancel("blocked"), module="shop", routes=["help"])
    with pytest.raises(CancelledError):
        app.navigate("/help/a")
    shop.remove_module("shop")
    app.navigate("/help/a")


def test_interceptor_exceptions_propagate_and_bad_decisions_are_type_errors(shop, app):
    shop.add_interceptor(lambda i: 42, routes=["help"])
    with pytest.raises(TypeError, match="not 42"):
        app.navigate("/help/a")
    with pytest.raises(ValueError):
        shop.add_interceptor(lambda i: None, phase="during")
    with pytest.raises(navrouter.PatternError):
        shop.add_interceptor(lambda i: None, pattern="a/<float:x>")


def test_a_leave_guard_that_raises_during_a_gesture_begin_raises_at_the_call(app):
    """The leave guards a gesture's begin asks are callbacks like any: what one raises comes out of the call, not out
    of a later, unrelated one."""

    class Oops(Exception):
        pass

    def guard(interception):
        raise Oops("from the leave guard")

    app.registry.add_interceptor(guard, phase="leave", routes=["product"])
    app.push("/shop/product/1")
    with pytest.raises(Oops):
        app.begin_back_gesture()
    app.registry.set_web_domains(["shop.example.com"])  # raises nothing left over
