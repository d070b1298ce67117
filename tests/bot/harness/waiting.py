"""Tracking the tasks a client runs for each interaction, and waiting until they are idle.

Every task is followed step by step: each time it suspends, the future it waits on gets a
done callback that looks at the task again right after it resumes. No polling, so the cost
grows with the work the bot does, not with the time it takes or the number of tasks.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import socket
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, cast

import discord

from bot.play.table.events import Journal
from tests.bot.harness import discord_internals as internals
from tests.bot.harness.records import HarnessTimeout, NetworkBlocked, Request

Task = asyncio.Task[Any]

CAPTURE: contextvars.ContextVar[Capture | None] = contextvars.ContextVar(
    "harness_capture", default=None
)
"""The capture the running code belongs to; tasks inherit it from whoever created them."""

_SLEEP_CODE = asyncio.sleep.__code__

_WAIT_FOR_CODE = asyncio.wait_for.__code__

_VIEW_WAIT_CODE = internals.VIEW_WAIT_CODE

_STREAM_WAIT_CODE = asyncio.StreamReader._wait_for_data.__code__
_JOURNAL_WAIT_CODE = Journal.wait.__code__

ENDS_WITHIN = 60.0
"""Seconds the tasks a closing harness cancels have to end."""


@dataclass(eq=False)
class Capture:
    """The tasks spawned and requests made while handling one interaction (or `run` call).

    `busy` holds the tasks neither done nor waiting (see `TaskWatch`).
    """

    owner: object
    watch: TaskWatch
    started_at: float
    tasks: list[Task] = field(default_factory=list)
    requests: list[Request] = field(default_factory=list)
    busy: set[Task] = field(default_factory=set)

    def add(self, task: Task) -> None:
        """Files a task created under this capture and starts following it."""
        self.tasks.append(task)
        self.watch.follow(self, task)


class LoopGuard:
    """Task factory filing each new task under the capture it was created in.

    While installed it also makes the loop refuse to open connections or resolve names,
    but for this machine's own addresses (where a test's database server listens) and
    the addresses a server binds to (the bot's pages).
    """

    _BLOCKED = (("create_connection", 1), ("getaddrinfo", 0))
    """The loop's methods guarded, with the position of their `host` argument."""

    def __init__(self, previous: Any) -> None:
        self.previous = previous
        self.users = 0

    @classmethod
    def enter(cls, loop: asyncio.AbstractEventLoop) -> None:
        installed: Any = loop.get_task_factory()
        guard = installed if isinstance(installed, cls) else cls(installed)
        if guard is not installed:
            loop.set_task_factory(cast(Any, guard))
            for name, position in cls._BLOCKED:
                setattr(loop, name, _local_only(getattr(loop, name), position))
        guard.users += 1

    @classmethod
    def leave(cls, loop: asyncio.AbstractEventLoop) -> None:
        guard: Any = loop.get_task_factory()
        if isinstance(guard, cls):
            guard.users -= 1
            if guard.users == 0:
                loop.set_task_factory(guard.previous)
                for name, _ in cls._BLOCKED:
                    delattr(loop, name)

    def __call__(
        self,
        loop: asyncio.AbstractEventLoop,
        coro: Coroutine[Any, Any, Any],
        context: contextvars.Context | None = None,
    ) -> Task:
        if self.previous is not None:
            task: Task = self.previous(loop, coro, context=context)
        else:
            task = asyncio.Task(coro, loop=loop, context=context)
        capture = context.get(CAPTURE) if context is not None else CAPTURE.get()
        if capture is not None:
            capture.add(task)
        return task


LOCAL_HOSTS = frozenset({"127.0.0.1", "::1", "localhost"})


def _local_only(method: Any, position: int) -> Any:
    """`method` (opening a connection or resolving a name) for local hosts only."""

    async def guarded(*args: Any, **options: Any) -> Any:
        host = options.get("host", args[position] if len(args) > position else None)
        binding = host is None and options.get("flags", 0) & socket.AI_PASSIVE
        sock = options.get("sock")
        local_socket = sock is not None and sock.getpeername()[0] in LOCAL_HOSTS
        if host in LOCAL_HOSTS or binding or local_socket:
            return await method(*args, **options)
        raise NetworkBlocked(f"Something tried to open a connection to {args[:2]}.")

    return guarded


class TaskWatch:
    """Tells when a capture's tasks are idle: each is done or waits for something outside.

    A task waits once it sleeps (`asyncio.sleep`: view timeouts, `delete_after`), waits on
    a view (`View.wait`), a journal with nothing to read (`Journal.wait`: the dispatcher),
    a client event (`Client.wait_for`) or data from a stream (a child process's output,
    read by a task of its own). A task resuming from such a wait (a command going on
    after a button press) is busy for every capture until it waits or ends again, so that
    the press's reply includes what it set going.
    """

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._live: set[Task] = set()
        self._woken: set[Task] = set()
        self._failed: list[tuple[Capture, Task]] = []
        self._settling: dict[Capture, asyncio.Future[None]] = {}

    def follow(self, capture: Capture, task: Task) -> None:
        """Starts following a new task, busy until it first waits or ends."""
        self._live.add(task)
        capture.busy.add(task)
        task.get_loop().call_soon(self._look, capture, task)

    async def settle(self, capture: Capture, timeout: float) -> list[BaseException]:
        """Waits until the capture is idle; returns the exceptions no one retrieved, own first."""
        if capture.busy or self._woken:
            idle = asyncio.get_running_loop().create_future()
            self._settling[capture] = idle
            try:
                await asyncio.wait_for(idle, timeout)
            except TimeoutError:
                busy = [*capture.busy, *self._woken]
                raise HarnessTimeout(f"Still busy after {timeout}s: {busy}") from None
            finally:
                del self._settling[capture]
        return self._unretrieved_errors(capture)

    async def cancel(self) -> None:
        """Cancels whatever is still pending (sleepers and waiters) and waits for it to end;
        raises HarnessTimeout naming the tasks still running `ENDS_WITHIN` seconds later
        (ones that went on though cancelled), rather than waiting for them forever."""
        pending = list(self._live)
        for task in pending:
            task.cancel()
        if not pending:
            return
        ended, running = await asyncio.wait(pending, timeout=ENDS_WITHIN)
        for task in ended:
            if not task.cancelled():
                task.exception()  # retrieved: a task failing as it was cancelled is no news
        if running:
            raise HarnessTimeout(f"Still running {ENDS_WITHIN}s after being cancelled: {running}")

    def _look(self, capture: Capture, task: Task, _: object = None) -> None:
        """Sorts the task out after a step: done, waiting, or busy until its future is."""
        if task.done():
            self._live.discard(task)
            if not task.cancelled() and task._log_traceback:
                self._failed.append((capture, task))
            self._rest(capture, task)
            return
        waiter: asyncio.Future[Any] | None = task._fut_waiter  # type: ignore[attr-defined]
        if waiter is None or waiter.done():
            task.get_loop().call_soon(self._look, capture, task)
        elif is_waiting(task, self.client):
            self._rest(capture, task)
            waiter.add_done_callback(functools.partial(self._wake, capture, task))
        else:
            waiter.add_done_callback(functools.partial(self._look, capture, task))

    def _wake(self, capture: Capture, task: Task, _: object = None) -> None:
        capture.busy.add(task)
        self._woken.add(task)
        self._look(capture, task)

    def _rest(self, capture: Capture, task: Task) -> None:
        """The task waits or ended: wake whoever waits for its capture (or for every capture)."""
        capture.busy.discard(task)
        if task in self._woken:
            self._woken.discard(task)
            settled = list(self._settling) if not self._woken else []
        else:
            settled = [capture] if capture in self._settling and not self._woken else []
        for done in settled:
            idle = self._settling[done]
            if not done.busy and not idle.done():
                idle.set_result(None)

    def _unretrieved_errors(self, capture: Capture) -> list[BaseException]:
        """What finished tasks of idle captures raised that nothing has looked at, own first.

        A busy capture's failures wait: the task that awaits them may not have run yet.
        """
        ready = [(owner, task) for owner, task in self._failed if not owner.busy]
        self._failed = [(owner, task) for owner, task in self._failed if owner.busy]
        ready.sort(key=lambda failure: failure[0] is not capture)
        return [error for _, task in ready if (error := _unretrieved(task)) is not None]


def _unretrieved(task: Task) -> BaseException | None:
    """The exception a finished task raised if nothing has looked at it yet."""
    return task.exception() if task._log_traceback else None


def is_waiting(task: Task, client: discord.Client) -> bool:
    """Whether a task sleeps, waits on a view, the journal or a stream, or for one of the
    client's events."""
    frame_owner: Any = task.get_coro()
    while frame_owner is not None and hasattr(frame_owner, "cr_code"):
        code = frame_owner.cr_code
        if code is _SLEEP_CODE:
            return bool(frame_owner.cr_frame.f_locals.get("delay", 0) > 0)
        if code in (_VIEW_WAIT_CODE, _STREAM_WAIT_CODE, _JOURNAL_WAIT_CODE):
            return True
        if code is _WAIT_FOR_CODE:
            return _is_listener(frame_owner.cr_frame.f_locals.get("fut"), client)
        frame_owner = frame_owner.cr_await
    return False


def _is_listener(future: object, client: discord.Client) -> bool:
    """Whether `future` is one a `Client.wait_for` call waits on."""
    return any(f is future for f in internals.listener_futures(client))
