"""Tracking the tasks a client runs for each interaction, and waiting until they are idle."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, cast

import discord

from tests.bot.harness.records import HarnessTimeout, NetworkBlocked, Request

_POLL_SECONDS = 0.005

CAPTURE: contextvars.ContextVar[Capture | None] = contextvars.ContextVar(
    "harness_capture", default=None
)
"""The capture the running code belongs to; tasks inherit it from whoever created them."""

_SLEEP_CODE = asyncio.sleep.__code__

_WAIT_FOR_CODE = asyncio.wait_for.__code__

_VIEW_WAIT_CODE = discord.ui.view.BaseView.wait.__code__


@dataclass
class Capture:
    """The tasks spawned and requests made while handling one interaction (or `run` call)."""

    owner: object
    tasks: list[asyncio.Future[Any]] = field(default_factory=list)
    requests: list[Request] = field(default_factory=list)


class LoopGuard:
    """Task factory filing each new task under the capture it was created in.

    While installed it also makes the loop refuse to open connections or resolve names.
    """

    _BLOCKED = ("create_connection", "getaddrinfo")

    def __init__(self, previous: Any) -> None:
        self.previous = previous
        self.users = 0

    @classmethod
    def enter(cls, loop: asyncio.AbstractEventLoop) -> None:
        installed: Any = loop.get_task_factory()
        guard = installed if isinstance(installed, cls) else cls(installed)
        if guard is not installed:
            loop.set_task_factory(cast(Any, guard))
            for name in cls._BLOCKED:
                setattr(loop, name, _refuse_connection)
        guard.users += 1

    @classmethod
    def leave(cls, loop: asyncio.AbstractEventLoop) -> None:
        guard: Any = loop.get_task_factory()
        if isinstance(guard, cls):
            guard.users -= 1
            if guard.users == 0:
                loop.set_task_factory(guard.previous)
                for name in cls._BLOCKED:
                    delattr(loop, name)

    def __call__(
        self,
        loop: asyncio.AbstractEventLoop,
        coro: Coroutine[Any, Any, Any],
        context: contextvars.Context | None = None,
    ) -> asyncio.Future[Any]:
        if self.previous is not None:
            task: asyncio.Future[Any] = self.previous(loop, coro, context=context)
        else:
            task = asyncio.Task(coro, loop=loop, context=context)
        capture = context.get(CAPTURE) if context is not None else CAPTURE.get()
        if capture is not None:
            capture.tasks.append(task)
        return task


async def _refuse_connection(*args: Any, **_: Any) -> Any:
    raise NetworkBlocked(f"Something tried to open a connection to {args[:2]}.")


class TaskWatch:
    """Waits until none of a client's captured tasks is busy.

    A task counts as idle once it is done, sleeps (`asyncio.sleep`: view timeouts,
    `delete_after`), waits on a view (`View.wait`) or waits for a client event
    (`Client.wait_for`). One watcher task serves every call waiting at the same time.
    """

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._captures: list[Capture] = []
        self._idle: asyncio.Future[None] | None = None
        self._watcher: asyncio.Task[None] | None = None

    async def settle(self, capture: Capture, timeout: float) -> list[BaseException]:
        """Waits until the client is idle; returns the exceptions no one retrieved, own first."""
        self._captures.append(capture)
        if self._idle is None or self._idle.done():
            loop = asyncio.get_running_loop()
            self._idle = loop.create_future()
            self._watcher = loop.create_task(self._watch(self._idle), context=contextvars.Context())
        try:
            await asyncio.wait_for(asyncio.shield(self._idle), timeout)
        except TimeoutError:
            raise HarnessTimeout(f"Still busy after {timeout}s: {self._busy()}") from None
        errors = [_unretrieved(t) for t in capture.tasks + self._tasks()]
        self._captures = [c for c in self._captures if not all(t.done() for t in c.tasks)]
        return [error for error in errors if error is not None]

    async def cancel(self) -> None:
        """Cancels whatever is still pending: sleepers, waiters and the watcher."""
        pending = [t for t in [*self._tasks(), self._watcher] if t is not None and not t.done()]
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)

    async def _watch(self, idle: asyncio.Future[None]) -> None:
        while busy := self._busy():
            await asyncio.wait(busy, timeout=_POLL_SECONDS, return_when=asyncio.FIRST_COMPLETED)
        idle.set_result(None)

    def _busy(self) -> list[asyncio.Future[Any]]:
        listeners = {id(f) for waiting in self.client._listeners.values() for f, _ in waiting}
        return [t for t in self._tasks() if not t.done() and not is_waiting(t, listeners)]

    def _tasks(self) -> list[asyncio.Future[Any]]:
        return [task for capture in self._captures for task in capture.tasks]


def _unretrieved(task: asyncio.Future[Any]) -> BaseException | None:
    """The exception a finished task raised if nothing has looked at it yet."""
    if not task.done() or task.cancelled() or not task._log_traceback:
        return None
    return task.exception()


def is_waiting(task: asyncio.Future[Any], listeners: set[int]) -> bool:
    """Whether a task sleeps, waits on a view, or waits for a client event (`listeners`)."""
    frame_owner: Any = task.get_coro() if isinstance(task, asyncio.Task) else None
    while frame_owner is not None and hasattr(frame_owner, "cr_code"):
        code, local = frame_owner.cr_code, frame_owner.cr_frame.f_locals
        if code is _SLEEP_CODE:
            return bool(local.get("delay", 0) > 0)
        if code is _VIEW_WAIT_CODE or (
            code is _WAIT_FOR_CODE and id(local.get("fut")) in listeners
        ):
            return True
        frame_owner = frame_owner.cr_await
    return False
