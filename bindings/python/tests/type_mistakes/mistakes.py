"""Deliberate mistakes a user of the binding could make: mypy --strict reports each, on its line, with the words of
its error comment (tests/test_typing.py). The file is never run."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import navrouter
from navrouter import AsyncRouter, Outcome, Router, TypedRoute


@dataclass(frozen=True)
class ProductRoute(TypedRoute):
    ROUTE: ClassVar[str] = "product"
    PATTERN: ClassVar[str] = "shop/product/<int:id>"
    id: int


async def mistakes(router: Router, aio: AsyncRouter, registry: navrouter.Registry, outcome: Outcome) -> None:
    entry = router.state.top
    assert entry is not None
    router.pop_to(outcome.id)  # error: "int"; expected "EntryId"
    router.resume_flow(entry.id)  # error: "EntryId"; expected "FlowToken"
    router.transition_finished(outcome.ticket)  # error: "Ticket | None"; expected "TransitionId"
    router.navigate(42)  # error: "int"; expected "str | TypedRoute"
    router.navigate("/shop/cart", presentation="modal")  # error: expected "Literal['push', 'sheet'
    router.push("/shop/cart", replce=True)  # error: Unexpected keyword argument "replce"
    router.present("/settings", style="popover")  # error: "Literal['sheet', 'fullscreen']"
    await aio.navigate("/settings", expects_result="yes")  # error: "str"; expected "bool"
    await aio.push(ProductRoute(id="7"))  # error: "str"; expected "int"
    registry.add_interceptor(lambda i: None, phase="during")  # error: expected "Literal['before', 'after', 'leave']"
    registry.register("product")  # error: "str"; expected "type[TypedRoute]"

    def on_event(event: navrouter.Event) -> None:
        if event.kind == "pushed":  # error: Non-overlapping equality check
            print(event)

    router.set_navigator(on_event)

    def on_push(event: navrouter.PushEvent) -> None:
        if event.kind == "pop":  # error: Non-overlapping equality check
            print(event)

    router.set_navigator(on_push)  # error: incompatible type "Callable[[PushEvent], None]"
    print(router.snapshot()["tab"])  # error: TypedDict "Snapshot" has no key "tab"
    preview = router.back_preview()
    print(preview and preview["leavng"])  # error: TypedDict "BackPreview" has no key "leavng"
