"""Events as a union of frozen dataclasses, one per kind: each event is its kind's class, and a host narrows them by
class with `match` (Python 3.10+) or by their Literal kind."""

import sys

import navrouter
import pytest
from navrouter import Router


def test_each_event_is_its_kinds_class(shop):
    events = []
    with Router(shop, navigator=events.append) as router:
        router.start()
        router.navigate("/shop/product/1")
        router.pop()
    assert [type(event).__name__ for event in events if event.kind != "state_changed"] == [
        "TabsSetUpEvent",
        "PushEvent",
        "PopEvent",
    ]
    for event in events:
        assert type(event) is navrouter.EVENT_CLASSES[event.kind]
        assert isinstance(event, navrouter.Event)
    assert sorted(navrouter.EVENT_CLASSES) == sorted(navrouter.types.EventKind.__args__)
    assert events[1] == events[1] and hash(events[1]) == hash(events[1])


@pytest.mark.skipif(sys.version_info < (3, 10), reason="match needs Python 3.10")
def test_a_host_matches_events_by_class(shop):
    # The match statement is compiled here so that this file stays Python 3.9 syntax (the binding's floor).
    namespace = {"navrouter": navrouter}
    exec(
        "def describe(event):\n"
        "    match event:\n"
        "        case navrouter.TabsSetUpEvent(entries=entries):\n"
        "            return f'tabs {len(entries)}'\n"
        "        case navrouter.PushEvent(entry=entry):\n"
        "            return f'push {entry.route}'\n"
        "        case navrouter.PopEvent(removed=removed):\n"
        "            return f'pop {[entry.route for entry in removed]}'\n"
        "        case navrouter.StateChangedEvent():\n"
        "            return None\n"
        "    return event.kind\n",
        namespace,
    )
    described = []
    with Router(shop, navigator=lambda event: described.append(namespace["describe"](event))) as router:
        router.start()
        router.navigate("/shop/product/1")
        router.pop()
    assert [text for text in described if text] == ["tabs 4", "push product", "pop ['product']"]
