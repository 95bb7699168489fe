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


def test_cancelling_the_await_of_a_command_stops_the_waiting_not_the_command(shop):
    """asyncio.wait_for's timeout or task.cancel() on an awaited command: the command stays applied, its render goes
    on, and the next command runs once that transition is finished (the router is never left waiting)."""
    log: list[tuple[str, str | None]] = []

    async def render(event: Event) -> None:
        if event.kind in ("push", "pop"):
            log.append(("begin", event.kind))
            await asyncio.sleep(0.05)
            log.append(("end", event.kind))

    async def main() -> None:
        async with AsyncRouter(shop, navigator=render) as router:
            await router.start()
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(router.push("/shop/product/1"), 0.01)
            assert [entry.parameters.get("id") for entry in router.state.current_stack] == [None, "1"]
            await asyncio.wait_for(router.push("/shop/product/2"), 5)
            assert log == [("begin", "push"), ("end", "push"), ("begin", "push"), ("end", "push")]
            popping = asyncio.ensure_future(router.pop())
            await asyncio.sleep(0.01)
            popping.cancel()
            with pytest.raises(asyncio.CancelledError):
                await popping
            await asyncio.wait_for(router.pop(), 5)
            assert [entry.route for entry in router.state.current_stack] == ["home"]
            assert log[-4:] == [("begin", "pop"), ("end", "pop"), ("begin", "pop"), ("end", "pop")]

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


class Boom(Exception):
    pass


def test_a_callback_error_while_queued_commands_run_leaves_no_awaiter_hanging(shop):
    """Found by the binding fuzzer: an exception a host callback raised while transition_finished ran the queued
    commands ended the task that finishes transitions, and the commands awaiting them never completed."""

    def navigator(event: Event) -> None:  # a plain function: its exception comes out of transition_finished
        if event.kind == "present":
            raise Boom("cannot present")

    async def main() -> None:
        async with AsyncRouter(shop, navigator=navigator) as router:
            await router.start()
            first = asyncio.ensure_future(router.push("/shop/product/1"))
            second = asyncio.ensure_future(router.navigate("/settings"))  # queued behind the push; refused
            results = await asyncio.wait_for(asyncio.gather(first, second, return_exceptions=True), 5)
            assert not isinstance(results[0], asyncio.TimeoutError)
            assert isinstance(results[1], (navrouter.CallbackError, Boom)), results
            assert [entry.route for entry in router.state.current_stack] == ["home", "product"]
            assert await asyncio.wait_for(router.pop(), 5)  # the router goes on

    asyncio.run(main())


def test_closing_while_a_release_handler_raises_still_fails_the_awaiters(shop):
    """Found by the binding fuzzer: when a view's release raised during close(), close() raised before it failed
    the commands still awaiting their transitions, which then waited forever."""

    async def slow(event: Event) -> None:
        await asyncio.sleep(0.5)

    def release(view: object, entry: object) -> None:
        raise Boom("release failed")

    async def main() -> None:
        router = AsyncRouter(shop, navigator=slow)
        router.router.set_handler(None, lambda entry: object(), release)
        await router.start()
        pending = asyncio.ensure_future(router.push("/shop/product/1"))
        await asyncio.sleep(0.05)  # the push's transition runs
        with pytest.raises(Boom):
            router.close()
        with pytest.raises(navrouter.DestroyedError):
            await asyncio.wait_for(pending, 5)

    asyncio.run(main())


def test_render_failures_reach_their_awaiters_and_nothing_goes_unretrieved(shop):
    """Every render task of a transition is awaited (not only the first to fail), and a queued command's render
    failure reaches whoever awaits its ticket: asyncio reports no exception as never retrieved."""
    reported: list[str] = []

    async def render(event: Event) -> None:
        await asyncio.sleep(0)
        if event.kind in ("push", "present"):
            raise Boom(f"cannot draw {event.kind}")

    async def main() -> None:
        asyncio.get_running_loop().set_exception_handler(lambda loop, context: reported.append(context["message"]))
        async with AsyncRouter(shop, navigator=render) as router:
            await router.start()
            first = asyncio.ensure_future(router.push("/shop/product/1"))  # push + state_changed: two render tasks
            queued = asyncio.ensure_future(router.navigate("/settings"))  # queued behind it, its present fails too
            results = await asyncio.wait_for(asyncio.gather(first, queued, return_exceptions=True), 5)
            assert [str(result) for result in results] == ["cannot draw push", "cannot draw present"], results
        import gc

        gc.collect()
        await asyncio.sleep(0)

    asyncio.run(main())
    assert reported == [], reported


def test_a_render_failure_no_command_awaits_is_reported_at_once(shop):
    """A render of an event outside any transition (a queued command's COMMAND_FAILED) or of a command rolled back
    has no awaiter: its failure goes to the loop's exception handler, saying so, instead of staying in a task that
    asyncio reports (if ever) as never retrieved."""
    reported: list[str] = []

    async def render(event: Event) -> None:
        await asyncio.sleep(0)
        if event.kind == "command_failed":
            raise Boom("cannot show the failure")

    async def main() -> None:
        asyncio.get_running_loop().set_exception_handler(lambda loop, context: reported.append(context["message"]))
        async with AsyncRouter(shop, navigator=render) as router:
            await router.start()
            first = asyncio.ensure_future(router.push("/shop/product/1"))
            failing = asyncio.ensure_future(router.navigate("/nowhere"))  # queued: fails when it runs
            results = await asyncio.wait_for(asyncio.gather(first, failing, return_exceptions=True), 5)
            assert isinstance(results[1], navrouter.RouteNotFoundError), results
            await router.pop()  # a later transition: whatever rendered before it is settled
            for _ in range(3):
                await asyncio.sleep(0)
        assert reported and all("command_failed event, which no command awaits" in message for message in reported)

    asyncio.run(main())


def test_logging_out_on_a_worker_thread_reaches_the_routers_loop(shop):
    """Events a worker thread causes (logging out, expiring flows) are handed to the router's loop, and the prune's
    renders run there: the host never keeps drawing a protected screen."""
    import threading

    rendered: list[str] = []
    failures: list[BaseException] = []

    async def render(event: Event) -> None:
        rendered.append(event.kind)

    async def main() -> None:
        shop.authenticated = True
        async with AsyncRouter(shop, navigator=render) as router:
            await router.start()
            await router.select_tab(3)
            await router.push("/account/orders")
            rendered.clear()

            def log_out() -> None:
                try:
                    shop.authenticated = False
                    router.router.expire_flows()
                except BaseException as error:  # noqa: BLE001 - the test reports what the worker met
                    failures.append(error)

            worker = threading.Thread(target=log_out)
            worker.start()
            await asyncio.get_running_loop().run_in_executor(None, worker.join)
            for _ in range(50):
                if "pop" in rendered:
                    break
                await asyncio.sleep(0.01)
            assert failures == []
            assert "pop" in rendered
            assert [entry.route for entry in router.state.current_stack] == ["profile"]

    asyncio.run(main())


def test_a_render_that_awaits_its_own_routers_command_does_not_deadlock(shop):
    """Inside the navigator (and tasks it starts), a command of the same AsyncRouter returns its outcome at once
    instead of waiting for a transition that waits for the navigator itself."""
    outcomes: list[navrouter.Outcome] = []

    async def render(event: Event) -> None:
        if event.kind == "push" and event.entry is not None and event.entry.parameters.get("id") == "1":
            outcomes.append(await router.push("/shop/product/2"))

    async def main() -> None:
        nonlocal router
        router = AsyncRouter(shop, navigator=render)
        with router:
            await router.start()
            await asyncio.wait_for(router.push("/shop/product/1"), timeout=5)
            for _ in range(50):
                if len(router.state.current_stack) == 3:
                    break
                await asyncio.sleep(0.01)
            assert len(outcomes) == 1 and outcomes[0].queued
            assert [entry.parameters.get("id") for entry in router.state.current_stack] == [None, "1", "2"]

    router: AsyncRouter
    asyncio.run(main())
