"""AsyncRouter: commands complete when the host has finished their transitions (INNavigation's
``await router.pop(); await router.push(...)``), and queued commands carry tickets that can be awaited."""

from __future__ import annotations

import asyncio

import navrouter
import pytest
from navrouter import PENDING, AsyncRouter, Event


def test_commands_return_when_the_host_finished_the_transition(shop):
    log: list[tuple[str, str]] = []

    async def render(event: Event) -> None:
        if event.kind in ("push", "pop"):
            log.append(("begin", event.kind))
            await asyncio.sleep(0.02)  # the animation
            log.append(("end", event.kind))

    async def main() -> None:
        async with AsyncRouter(shop, navigator=render) as router:
            await router.start()
            outcome = await router.push("/shop/product/1")
            assert outcome.applied and log == [("begin", "push"), ("end", "push")]
            await router.pop()
            await router.push("/shop/product/2")
            assert log[2:] == [("begin", "pop"), ("end", "pop"), ("begin", "push"), ("end", "push")]
            assert [entry.route for entry in router.state.current_stack] == ["home", "product"]
            assert router.router.state.top is not None and router.state.top.parameters == {"id": "2"}

    asyncio.run(main())


def test_a_command_issued_during_a_transition_is_queued_and_its_ticket_awaited(shop):
    async def render(event: Event) -> None:
        await asyncio.sleep(0.01)

    async def main() -> None:
        async with AsyncRouter(shop, navigator=render) as router:
            await router.start()
            first = asyncio.ensure_future(router.push("/shop/product/1"))
            await asyncio.sleep(0)  # the push runs and waits for its transition
            queued = router.router.navigate("/shop/product/2")
            assert queued.queued
            failing = router.router.navigate("/nowhere")
            assert failing.queued
            done = await router.wait_for_ticket(queued.id)
            assert done.applied and done.id > 0
            with pytest.raises(navrouter.RouteNotFoundError):
                await router.wait_for_ticket(failing.id)
            await first
            assert [entry.parameters.get("id") for entry in router.state.current_stack] == [None, "1", "2"]

    asyncio.run(main())


def test_a_sync_navigator_and_failures(shop):
    kinds: list[str] = []

    async def main() -> None:
        router = AsyncRouter(shop, navigator=lambda event: kinds.append(event.kind))
        await router.start()
        await router.navigate("/shop/product/1")
        with pytest.raises(navrouter.RouteNotFoundError):
            await router.navigate("/nowhere")
        unchanged = await router.navigate("/shop/product/1", single_top=True)
        assert unchanged.applied and unchanged.id == 0  # nothing changed: nothing to wait for
        router.close()
        with pytest.raises(navrouter.DestroyedError):
            await router.pop()

    asyncio.run(main())
    assert kinds[:2] == ["tabs_set_up", "state_changed"] and "push" in kinds


def test_a_queued_command_held_by_a_guard_resolves_as_pending(shop):
    shop.add_interceptor(lambda interception: PENDING, routes=["settings"], name="hold settings")

    async def render(event: Event) -> None:
        await asyncio.sleep(0.01)

    async def main() -> None:
        async with AsyncRouter(shop, navigator=render) as router:
            await router.start()
            first = asyncio.ensure_future(router.push("/shop/product/1"))
            await asyncio.sleep(0)  # the push runs and waits for its transition
            queued = router.router.navigate("/settings")
            assert queued.queued
            held = await router.wait_for_ticket(queued.id)
            assert held.status == "pending" and held.id > 0  # the flow's token
            await router.resume_flow(held.id, "cancel")
            await first

    asyncio.run(main())
