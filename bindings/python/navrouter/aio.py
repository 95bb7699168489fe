"""asyncio: a router whose commands complete when the host has finished their transitions.

    router = navrouter.AsyncRouter(registry, navigator=render)   # render may be a coroutine function
    await router.start()
    await router.pop()                # returns once the pop's animation is done
    await router.navigate("/shop/product/7")

The router runs in waiting mode (see Router.set_transition_mode): each command's events go to the navigator; when
the navigator is a coroutine function, its coroutines run as tasks, and once every task of a transition is done the
transition is finished and the awaiting command returns. A command issued while another transition is unfinished
is queued (NAVROUTER_QUEUED): awaiting it waits for its own transition (or raises its failure, or returns "pending"
with the flow's token when a guard holds it). Cancelling the await of a command (asyncio.wait_for's timeout,
task.cancel()) stops the waiting, not the command: it stays applied, its render goes on, and the next command runs
once that transition is finished. Use one event loop per AsyncRouter; its commands are not for other threads. An async
navigator cannot refuse a change (a sync one may return False, as with Router).

Events another thread causes (logging out with ``registry.authenticated = False``, ``expire_flows()`` on a timer
thread, a registry change) are handed to the router's loop (the one its first command ran on) and rendered there.
Inside the navigator (and in tasks it starts), a command of the same AsyncRouter returns its outcome at once (often
"queued") instead of waiting: its transition can only start once the render that issued it is over. Await the
ticket from a task of its own (``wait_for_ticket``) if the render must know when it is done.
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from ._constants import EDESTROYED
from ._errors import NavRouterError, error_for
from .registry import Registry
from .router import Router
from .typed import TypedRoute
from .types import (
    JSON,
    AnyEvent,
    EntryId,
    FlowToken,
    NavigateOptions,
    Outcome,
    Presentation,
    Resumption,
    Snapshot,
    State,
    Ticket,
    TransitionId,
)

if TYPE_CHECKING:
    from typing import Unpack  # annotations only: Python 3.9 and 3.10 never import it

#: A navigator for AsyncRouter: a function or a coroutine function taking an Event.
AsyncNavigator = Callable[[AnyEvent], Any]


_T = TypeVar("_T")
#: The AsyncRouter whose navigator runs in this context (set for the render tasks and the tasks they start).
_rendering: contextvars.ContextVar[object | None] = contextvars.ContextVar("navrouter_rendering", default=None)
#: Events outside any transition (each has a fresh transition id and no state_changed follows).
_NOTICES = frozenset({"command_failed", "navigation_pending", "pending_ended", "flow_cancelled", "guard_error"})


def _report_unawaited(what: str) -> Callable[[asyncio.Future[Any]], None]:
    """A done callback for a render no command awaits: its failure goes to the loop's exception handler at once."""

    def report(task: asyncio.Future[Any]) -> None:
        if not task.cancelled() and task.exception() is not None:
            task.get_loop().call_exception_handler(
                {
                    "message": f"navrouter: the navigator failed on {what}, which no command awaits",
                    "exception": task.exception(),
                    "future": task,
                }
            )

    return report


def _settle(future: asyncio.Future[_T] | None, result: _T, cancelled: bool, failure: BaseException | None) -> None:
    """Completes a future someone awaits (if it is still pending): cancelled, with the failure, or with the result."""
    if future is None or future.done():
        return
    if cancelled:
        future.cancel()
    elif failure is not None:
        future.set_exception(failure)
    else:
        future.set_result(result)


class AsyncRouter:
    """A Router whose commands are awaitables (see the module's documentation). ``router`` is the Router beneath."""

    def __init__(self, registry: Registry, navigator: AsyncNavigator | None = None) -> None:
        self.router = Router(registry)
        self._navigator = navigator
        self._work: dict[int, list[asyncio.Future[Any]]] = {}
        self._transitions: dict[int, asyncio.Future[None]] = {}
        self._unfinished: set[int] = set()
        self._tickets: dict[int, asyncio.Future[Outcome]] = {}
        self._ticket_transitions: dict[int, int] = {}
        try:
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None  # the first command's loop
        self.router.set_navigator(self._on_event)
        self.router.set_transition_mode(True)

    # ---- the handshake ----

    def _transition(self, transition: int) -> asyncio.Future[None]:
        future = self._transitions.get(transition)
        if future is None:
            future = asyncio.get_running_loop().create_future()
            self._transitions[transition] = future
        return future

    def _ticket(self, ticket: int) -> asyncio.Future[Outcome]:
        future = self._tickets.get(ticket)
        if future is None:
            future = asyncio.get_running_loop().create_future()
            self._tickets[ticket] = future
        return future

    def _on_event(self, event: AnyEvent) -> Any:
        try:
            running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        loop = self._loop
        if loop is not None and running is not loop:
            # Another thread's doing (a logout, an expiry): rendered on the router's loop. Such changes cannot be
            # refused (the guards enforce them), so the answer does not matter.
            try:
                loop.call_soon_threadsafe(self._on_event, event)
            except RuntimeError:
                pass  # the loop is closed: nobody renders any more
            return True
        if event.kind == "command_failed" and event.ticket:
            future = self._ticket(event.ticket)
            if not future.done():
                future.set_exception(error_for(event.failure_status, event.failure_message or "failed"))
        if event.kind == "navigation_pending" and event.ticket:
            self._resolve_ticket(event.ticket, Outcome("pending", event.flow))
        result = self._navigator(event) if self._navigator is not None else None
        if inspect.isawaitable(result):
            marker = _rendering.set(self)  # the task copies the context: commands from inside the render know it
            try:
                task = asyncio.ensure_future(result)
            finally:
                _rendering.reset(marker)
            if event.kind in _NOTICES:
                task.add_done_callback(_report_unawaited(f"a {event.kind} event"))
            else:
                self._work.setdefault(event.transition, []).append(task)
            result = None
        if event.kind == "state_changed":
            if event.ticket:
                self._ticket_transitions[event.ticket] = event.transition
            self._unfinished.add(event.transition)
            work = self._work.pop(event.transition, [])
            # Renders of earlier transitions that never finished (their command was rolled back): nobody awaits them.
            for stale in [earlier for earlier in self._work if earlier < event.transition]:
                for render in self._work.pop(stale):
                    render.add_done_callback(_report_unawaited("an event of a command that was rolled back"))
            asyncio.ensure_future(self._finish(event.transition, work))
        return result

    async def _finish(self, transition: TransitionId, work: list[asyncio.Future[Any]]) -> None:
        """Waits for the host's work on a transition, then finishes it (queued commands run now)."""
        failure: BaseException | None = None
        cancelled = False
        try:
            # Every render task is awaited (an error of one not awaited would be reported as never retrieved).
            results = await asyncio.gather(*work, return_exceptions=True) if work else []
            failure = next((result for result in results if isinstance(result, BaseException)), None)
        except asyncio.CancelledError:
            cancelled = True  # the loop is shutting down: finish, cancel the awaiter, re-raise
        if isinstance(failure, asyncio.CancelledError):
            cancelled, failure = True, None  # the host's render was cancelled
        try:
            self.router.transition_finished(transition)  # queued commands run now, with their callbacks
        except NavRouterError:
            pass  # closed, or already finished: nothing waits for it any more
        except BaseException as error:  # noqa: B036 - a host callback of a queued command raised: handed on below
            failure = failure or error
        self._unfinished.discard(transition)
        # The command that made the transition awaits it (made by _complete before this task runs); a queued
        # command's transition is awaited through its ticket.
        tickets: list[asyncio.Future[Outcome]] = []
        for ticket, finished in list(self._ticket_transitions.items()):
            if finished == transition:
                del self._ticket_transitions[ticket]
                tickets.append(self._ticket(ticket))
        _settle(self._transitions.get(transition), None, cancelled, failure)
        for future in tickets:
            _settle(future, Outcome("applied", transition), cancelled, failure)
        if not self._unfinished:
            # The queue ran dry: every queued command has run; those that changed nothing had no transition.
            for ticket in [ticket for ticket in self._tickets if ticket not in self._ticket_transitions]:
                self._resolve_ticket(ticket, Outcome("applied", 0))
        if cancelled:
            raise asyncio.CancelledError

    def _resolve_ticket(self, ticket: int, outcome: Outcome) -> None:
        _settle(self._ticket(ticket), outcome, False, None)

    async def _complete(self, outcome: Outcome) -> Outcome:
        """Waits until a command's transition is finished (or its queued run is over); from inside the navigator's
        render, returns the outcome at once."""
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        if _rendering.get() is self:
            return outcome
        if outcome.status == "applied" and outcome.id:
            try:
                await self._transition(outcome.id)
            finally:
                self._transitions.pop(outcome.id, None)
            return outcome
        if outcome.status == "queued":
            return await self.wait_for_ticket(Ticket(outcome.id))
        return outcome

    async def wait_for_ticket(self, ticket: Ticket) -> Outcome:
        """Waits for a queued command (an Outcome with status "queued"): its Outcome once its transition finished
        ("applied", with the transition id, 0 when it changed nothing; "pending" with the flow's token when a guard
        holds it), or its failure raised."""
        if not self._unfinished and ticket not in self._tickets:
            return Outcome("applied", 0)  # nothing runs: it has run already
        try:
            return await self._ticket(ticket)
        finally:
            self._tickets.pop(ticket, None)

    # ---- commands (each as Router's, completing when its transition is finished) ----

    async def start(self) -> Outcome:
        """Router.start: sets up the tabs from the registry's root routes (or one main stack); returns once that
        transition is finished."""
        return await self._complete(self.router.start())

    async def set_tabs(self, urls: Sequence[str], selected: int = 0) -> Outcome:
        """Router.set_tabs: one tab per URL, `selected` selected; returns once the transition is finished."""
        return await self._complete(self.router.set_tabs(urls, selected))

    async def navigate(
        self, url: str | TypedRoute, *, presentation: Presentation | None = None, **options: Unpack[NavigateOptions]
    ) -> Outcome:
        """Router.navigate: resolves and applies a deep link (with its options); returns once the transition is
        finished, or "pending" when a guard holds it."""
        return await self._complete(self.router.navigate(url, presentation=presentation, **options))

    async def push(self, url: str | TypedRoute, **options: Unpack[NavigateOptions]) -> Outcome:
        """Router.push: pushes the URL onto the current stack; returns once the transition is finished."""
        return await self._complete(self.router.push(url, **options))

    async def present(
        self, url: str | TypedRoute, style: Literal["sheet", "fullscreen"] = "sheet", **options: Unpack[NavigateOptions]
    ) -> Outcome:
        """Router.present: presents the URL in a new modal layer of `style`; returns once the transition is finished."""
        return await self._complete(self.router.present(url, style, **options))

    async def pop(self, count: int = 1, result: JSON = None) -> Outcome:
        """Router.pop: pops `count` entries (`result` to the opener); returns once the transition is finished."""
        return await self._complete(self.router.pop(count, result))

    async def pop_to_root(self) -> Outcome:
        """Router.pop_to_root; returns once the transition is finished."""
        return await self._complete(self.router.pop_to_root())

    async def pop_to(self, entry: EntryId) -> Outcome:
        """Router.pop_to: pops down to the entry with this id; returns once the transition is finished."""
        return await self._complete(self.router.pop_to(entry))

    async def pop_after(self, index: int) -> Outcome:
        """Router.pop_after: keeps the stack's entries up to `index`; returns once the transition is finished."""
        return await self._complete(self.router.pop_after(index))

    async def set_stack(self, urls: Sequence[str]) -> Outcome:
        """Router.set_stack: replaces the current stack with entries for these URLs (a tab keeps its root); returns
        once the transition is finished."""
        return await self._complete(self.router.set_stack(urls))

    async def dismiss(self, count: int = 1, result: JSON = None) -> Outcome:
        """Router.dismiss: dismisses `count` modal layers (0: all; `result` to the opener); returns once the transition
        is finished."""
        return await self._complete(self.router.dismiss(count, result))

    async def select_tab(self, tab: int | str | type[TypedRoute]) -> Outcome:
        """Router.select_tab (by index, root route name or TypedRoute class); returns once the transition is
        finished."""
        return await self._complete(self.router.select_tab(tab))

    async def back(self) -> Outcome:
        """Router.back: pops, or dismisses at a modal's root; returns once the transition is finished."""
        return await self._complete(self.router.back())

    async def user_popped(self, entry: EntryId) -> Outcome:
        """Router.user_popped: the user popped to this entry directly (swipe back; the host already shows it);
        returns once the router's events for it are rendered."""
        return await self._complete(self.router.user_popped(entry))

    async def user_dismissed(self, count: int = 1) -> Outcome:
        """Router.user_dismissed: the user dragged `count` layers down; returns once the router's events for it
        are rendered."""
        return await self._complete(self.router.user_dismissed(count))

    async def refresh(self) -> Outcome:
        """Router.refresh: checks the state against the guards and the registry again; returns once its transition
        is finished."""
        return await self._complete(self.router.refresh())

    async def resume_flow(
        self, flow: FlowToken, decision: Resumption = "proceed", argument: str | None = None
    ) -> Outcome:
        """Router.resume_flow: resumes a pending flow ("proceed", "cancel" with a reason, "redirect" with a URL);
        returns once the resumed command's transition is finished."""
        return await self._complete(self.router.resume_flow(flow, decision, argument))

    async def complete_login(self, flow: FlowToken, success: bool) -> Outcome:
        """Router.complete_login: ends a login flow (on success the original navigation goes on); returns once
        its transition is finished."""
        return await self._complete(self.router.complete_login(flow, success))

    async def restore(self, snapshot: Snapshot | Mapping[str, Any] | str) -> Outcome:
        """Router.restore: replaces the state by a snapshot; returns once the transition is finished."""
        return await self._complete(self.router.restore(snapshot))

    # ---- reading and closing ----

    @property
    def state(self) -> State:
        """The current state (see Router.state)."""
        return self.router.state

    def state_text(self) -> str:
        """The state as every host's tools print it (see Router.state_text)."""
        return self.router.state_text()

    def snapshot(self) -> Snapshot:
        """The whole state as a snapshot dict (see Router.snapshot)."""
        return self.router.snapshot()

    def close(self) -> None:
        """Frees the router; commands still awaited fail with DestroyedError (also when a view's release raises,
        which close() then re-raises)."""
        try:
            self.router.close()
        finally:
            for renders in self._work.values():  # renders of transitions that will never finish
                for render in renders:
                    render.add_done_callback(_report_unawaited("an event of a command the close interrupted"))
            self._work.clear()
            futures: list[asyncio.Future[Any]] = [*self._transitions.values(), *self._tickets.values()]
            for future in futures:
                if not future.done():
                    future.set_exception(error_for(EDESTROYED, "the router is closed"))

    async def __aenter__(self) -> AsyncRouter:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        self.close()

    def __enter__(self) -> AsyncRouter:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<navrouter.AsyncRouter on {self.router!r}>"
