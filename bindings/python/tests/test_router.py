"""The Router binding: commands, events, views, options, failures as transactions, queues and snapshots."""

import threading

import navrouter
import pytest
from helpers import visible_stack
from navrouter import (
    CallbackError,
    DestroyedError,
    ExternalLinkError,
    InvalidArgumentError,
    JSONError,
    MalformedURLError,
    RouteNotFoundError,
    Router,
)


class Host:
    """A headless host: records events, makes views (dicts), counts releases."""

    def __init__(self, registry):
        self.events = []
        self.made = []
        self.released = []
        self.router = Router(registry, navigator=self.events.append)
        self.router.set_handler(None, self.make, self.release)

    def make(self, entry):
        view = {"screen": entry.route, "id": entry.id}
        self.made.append(view)
        return view

    def release(self, view, entry):
        assert view["id"] == entry.id
        self.released.append(view)

    def kinds(self):
        kinds = [event.kind for event in self.events if event.kind != "state_changed"]
        self.events.clear()
        return kinds


@pytest.fixture
def host(shop):
    host = Host(shop)
    host.router.start()
    yield host
    host.router.close()


def test_start_sets_up_one_tab_per_root_route(host):
    event = host.events[0]
    assert event.kind == "tabs_set_up"
    assert [entry.route for entry in event.entries] == ["home", "catalog", "cart", "profile"]
    assert all(entry.view == {"screen": entry.route, "id": entry.id} for entry in event.entries)
    assert host.events[-1].kind == "state_changed"
    assert host.router.snapshot()["selected_tab"] == 0


def test_push_present_pop_dismiss_and_views_released_once(host):
    router = host.router
    host.kinds()
    outcome = router.navigate("/shop/product/42?ref=mail")
    assert outcome.applied and outcome.id > 0
    push = host.events[0]
    assert push.kind == "push" and push.entry.route == "product" and push.tab == 0 and push.layer is None
    assert push.entry.parameters == {"id": "42", "ref": "mail"}
    assert router.view(push.entry.id) == {"screen": "product", "id": push.entry.id}
    assert visible_stack(router) == ["home", "product"]
    host.kinds()

    router.navigate("/settings")
    present = host.events[0]
    assert present.kind == "present" and present.style == "sheet" and present.layer == 0
    router.navigate("/help/shipping/returns")  # a push while a modal is shown goes onto the modal's stack
    assert visible_stack(router) == ["settings", "help"]
    assert host.kinds() == ["present", "push"]

    router.back()
    router.back()  # at the modal's root: dismiss
    assert host.kinds() == ["pop", "dismiss"]
    router.pop()
    pop = host.events[0]
    assert pop.kind == "pop" and [entry.route for entry in pop.removed] == ["product"]
    assert pop.entry.route == "home"
    assert sorted(view["screen"] for view in host.released) == ["help", "product", "settings"]
    with pytest.raises(RouteNotFoundError):
        router.back()  # at a tab's root

    router.close()
    assert len(host.released) == len(host.made)  # every view released exactly once
    assert len({id(view) for view in host.released}) == len(host.released)


def test_navigate_options(host):
    router = host.router
    router.navigate("/shop/product/1", props={"color": "red"}, animated=False)
    event = host.events[-2]
    assert event.entry.props == {"color": "red"} and event.animated is False
    router.navigate("/shop/product/1", single_top=True)
    assert visible_stack(router) == ["home", "product"]
    router.navigate("/shop/product/2")
    router.navigate("/shop/search?q=shoes")
    router.navigate("/shop/category/hats", pop_up_to="product")
    assert visible_stack(router) == ["home", "product", "product", "category"]
    router.navigate("/shop/category/caps", pop_up_to="product", pop_up_to_inclusive=True)
    assert visible_stack(router) == ["home", "product", "category"]
    router.navigate("/shop/product/1", clear_top=True)
    assert visible_stack(router) == ["home", "product"]
    router.navigate("/shop/product/3", replace=True)
    assert visible_stack(router) == ["home", "product"]
    router.navigate("/shop/product/4", presentation="fullscreen", prevent_dismissal=True)
    assert router.snapshot()["layers"][0]["style"] == "fullscreen"
    with pytest.raises(navrouter.DeniedError):
        router.back()  # prevent_dismissal
    router.dismiss(0)
    router.navigate("/shop/cart")  # a root route selects its tab
    assert router.snapshot()["selected_tab"] == 2
    with pytest.raises(ValueError):
        router.navigate("/shop/cart", presentation="sideways")


def test_results_reach_the_opener(host):
    router = host.router
    router.navigate("/shop/product/7")
    opener = host.events[-2].entry
    router.navigate("/shop/search?q=x", expects_result=True)
    host.events.clear()
    router.pop(result={"picked": 3})
    delivered = [event for event in host.events if event.kind == "result_delivered"][0]
    assert delivered.entry.id == opener.id and delivered.has_result and delivered.result == {"picked": 3}
    router.navigate("/shop/search?q=y", expects_result=True)
    host.events.clear()
    router.pop()
    delivered = [event for event in host.events if event.kind == "result_delivered"][0]
    assert not delivered.has_result and delivered.result is None


def test_failed_commands_leave_the_state_exactly_as_it_was(host, shop):
    router = host.router
    router.navigate("/shop/product/5")
    before, made = router.snapshot(), len(host.made)
    with pytest.raises(RouteNotFoundError):
        router.navigate("/nowhere")
    with pytest.raises(MalformedURLError):
        router.navigate("/shop/../cart")
    with pytest.raises(ExternalLinkError):
        router.navigate("/settings", external=True)
    with pytest.raises(JSONError):
        router.restore('{"format": "navrouter-state", "version": 99}')
    with pytest.raises(InvalidArgumentError):
        router.pop_after(99)
    with pytest.raises(InvalidArgumentError):
        router.resume_flow(12345)  # forged token
    router.set_handler("category", lambda entry: None)  # declines
    with pytest.raises(CallbackError):
        router.navigate("/shop/category/x")
    router.set_navigator(lambda event: False if event.kind == "push" else None)  # refuses pushes
    with pytest.raises(CallbackError):
        router.navigate("/shop/product/6")
    assert router.snapshot() == before
    assert len(host.made) - made == len(host.released)  # views made for refused commands were released


def test_exception_in_a_callback_is_raised_by_the_command(host):
    class Boom(Exception):
        pass

    def navigator(event):
        raise Boom("from the navigator")

    before = host.router.snapshot()
    host.router.set_navigator(navigator)
    with pytest.raises(Boom, match="from the navigator"):
        host.router.navigate("/shop/product/5")
    assert host.router.snapshot() == before


def test_an_exception_raised_after_the_commit_says_the_command_stands(host):
    """A release handler runs after the commit, and so does the navigator's state_changed event: the exception is
    still raised, but the command is not rolled back, and the exception says so."""

    class Boom(Exception):
        pass

    def navigator(event):
        if event.kind == "state_changed":
            raise Boom("from state_changed")

    host.router.set_navigator(navigator)
    with pytest.raises(Boom, match="from state_changed") as raised:
        host.router.navigate("/shop/product/5")
    assert host.router.state.top.route == "product"  # applied
    assert any("was applied" in note and "not rolled back" in note for note in raised.value.__notes__)
    host.router.set_navigator(None)

    def release(view, entry):
        raise Boom("from release")

    host.router.set_handler(None, host.make, release)  # views made from now on are released by it
    host.router.navigate("/shop/product/7")
    with pytest.raises(Boom, match="from release") as raised:
        host.router.pop()
    assert host.router.state.top.route == "product" and host.router.state.top.url == "/shop/product/5"
    assert any("was applied" in note for note in raised.value.__notes__)

    def refusing(event):
        raise Boom("from the push event")

    host.router.set_navigator(refusing)
    before = host.router.snapshot()
    with pytest.raises(Boom) as raised:  # before the commit: rolled back, and no such note
        host.router.navigate("/shop/product/6")
    assert host.router.snapshot() == before
    assert not getattr(raised.value, "__notes__", [])


def test_commands_from_inside_the_navigator_are_queued_in_order(shop):
    seen = []
    router = Router(shop)

    def navigator(event):
        seen.append(event.kind)
        if event.kind == "push" and event.entry.route == "product":
            assert router.navigate("/shop/search?q=inner").queued
            assert router.navigate("/shop/category/deeper").queued

    router.set_navigator(navigator)
    router.start()
    assert router.navigate("/shop/product/1").applied
    assert visible_stack(router) == ["home", "product", "search", "category"]
    router.close()


def test_transition_handshake(host):
    router = host.router
    router.set_transition_mode(wait=True)
    first = router.navigate("/shop/product/1")
    assert first.applied
    second = router.navigate("/shop/product/2")
    third = router.pop()
    assert second.queued and third.queued
    assert visible_stack(router) == ["home", "product"]
    with pytest.raises(InvalidArgumentError):
        router.transition_finished(first.id + 1000)
    router.transition_finished(first.id)
    # The queue runs until the next transition is awaited: the second push is applied, the pop still waits.
    assert visible_stack(router) == ["home", "product", "product"]
    transitions = [event.transition for event in host.events if event.kind in ("push", "pop")]
    router.transition_finished(transitions[-1])
    assert visible_stack(router) == ["home", "product"]
    router.set_transition_mode(wait=False)


def test_user_made_changes_are_reported_not_performed(host):
    router = host.router
    router.navigate("/shop/product/1")
    product = host.events[-2].entry
    router.navigate("/shop/product/2")
    router.navigate("/settings")
    host.events.clear()
    router.user_dismissed()
    router.user_popped(product.id)
    changes = [event for event in host.events if event.kind != "state_changed"]
    assert [event.kind for event in changes] == ["dismiss", "pop"]
    assert all(event.user_initiated for event in changes)


def test_tabs_stacks_and_snapshots(host, shop):
    router = host.router
    router.set_tabs(["/shop/home", "/account/profile"], selected=1)
    assert router.snapshot()["selected_tab"] == 1
    router.set_stack(["/help/a", "/help/b"])
    assert visible_stack(router) == ["profile", "help", "help"]
    router.pop_after(0)
    assert visible_stack(router) == ["profile"]
    router.select_tab(0)
    router.navigate("/shop/product/9", props={"k": [1, 2]})
    saved = router.snapshot()
    assert saved["format"] == "navrouter-state" and saved["version"] == 2

    other = Host(shop)
    other.router.restore(saved)
    assert other.router.snapshot() == saved
    restored = [event for event in other.events if event.kind == "restored"][0]
    product = [entry for entry in restored.entries if entry.route == "product"][0]
    assert product.view is not None and product.props == {"k": [1, 2]}
    other.router.close()
    assert len(other.made) == len(other.released)


def test_closed_router_raises(shop):
    router = Router(shop)
    router.close()
    router.close()
    with pytest.raises(DestroyedError):
        router.navigate("/shop/home")


def test_routers_on_one_registry_from_many_threads(shop):
    hosts = [Host(shop), Host(shop)]
    for host in hosts:
        host.router.start()
    errors = []
    urls = ["/shop/product/1", "/shop/search?q=a", "/settings", "/help/x", "/shop/cart", "/nope", "/shop/category/z"]

    def work(seed):
        router = hosts[seed % 2].router
        for step in range(150):
            action = (seed * 31 + step * 7) % 10
            try:
                if action < 6:
                    router.navigate(urls[(seed + step) % len(urls)])
                elif action == 6:
                    router.back()
                elif action == 7:
                    router.dismiss(0)
                elif action == 8:
                    router.select_tab(step % 4)
                else:
                    router.restore(router.snapshot())
            except navrouter.NavRouterError:
                pass
            except BaseException as error:  # noqa: B902
                errors.append(error)

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    for host in hosts:
        host.router.close()
        assert len(host.made) == len(host.released)


def test_callbacks_can_be_removed(host, shop):
    router = host.router
    router.set_navigator(None)
    router.set_handler(None, None)
    router.navigate("/shop/product/1")
    assert host.events[-1].kind == "state_changed" and host.events[-1].transition < 3  # nothing new arrived
    assert router.view(router.snapshot()["tabs"][0]["stack"][-1]["id"]) is None
    shop.set_auth_handler()
    with pytest.raises(navrouter.DeniedError):
        router.navigate("/account/orders")


def test_events_and_entries_are_whole_frozen_dataclasses(app):
    """Events and their entries are made without the dataclasses' __init__ (for speed): each must hold every field in
    its own __dict__, equal and hash as one made by __init__ with the same fields, and stay frozen."""
    import dataclasses

    app.navigate("/shop/product/42?ref=mail")
    app.navigate("/settings")
    app.dismiss()
    app.pop()
    assert len(app.events) > 6
    for event in app.events:
        for item in [event, *(entry for entry in (event.entry, *event.entries, *event.removed) if entry)]:
            kind = type(item)
            names = {field.name for field in dataclasses.fields(kind)}
            assert set(vars(item)) == names, item
            rebuilt = kind(**{name: getattr(item, name) for name in names})
            assert rebuilt == item and hash(rebuilt) == hash(item)
            with pytest.raises(dataclasses.FrozenInstanceError):
                item.id = 0


def test_state_text_is_the_state_as_every_host_prints_it(app):
    app.navigate("/shop/product/7")
    app.navigate("/settings")
    assert app.state_text().splitlines() == [
        "tab 0 home *: home#1 › product#5 id=7",
        "tab 1 catalog: catalog#2",
        "tab 2 cart: cart#3",
        "tab 3 profile: profile#4",
        "layer 0 sheet: settings#6",
    ]
