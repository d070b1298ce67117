"""The one background task of slow games: it sleeps until the next deadline or reminder,
does what fell due, and sleeps again.

It wakes early when a game is saved or settings change, and its first pass, right after
start-up, catches up with everything that fell due while the bot was down. Deadlines live
in the database, so nothing is lost in a restart, and each time-out or reminder is
decided in one transaction, so nothing is done twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Protocol

from bot.async_play import AsyncPlay, Delivery
from bot.service import Post, Refusal
from bot.storage.clocks import Turn

log = logging.getLogger(__name__)

LONGEST_NAP = 3600.0
"""Seconds the scheduler sleeps at most, in case the clock jumps."""
SHORTEST_NAP = 1.0
RETRY_AFTER = 60.0
"""Seconds before due work that failed is tried again."""


class Courier(Protocol):
    """What delivers the scheduler's posts (Discord, in the bot)."""

    async def ready(self) -> None:
        """Return once posts can be delivered."""

    async def to_channel(self, place_id: int, post: Post) -> None: ...

    async def to_user(self, user_id: int, post: Post) -> bool:
        """Send by direct message; False when the user cannot be reached that way."""


class Scheduler:
    """Runs the due work of `AsyncPlay` on time, delivering it through a `Courier`."""

    def __init__(
        self, play: AsyncPlay, courier: Courier, *, clock: Callable[[], float] = time.time
    ) -> None:
        self.play = play
        self._courier = courier
        self._clock = clock
        self._lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._napping: asyncio.Task[None] | None = None
        self._again = False
        self._failed = False
        self.online_since = clock()
        play.service.on_saved.append(lambda _record: self.wake())
        play.on_change.append(self.wake)

    def start(self) -> None:
        """Start the background task; its first pass catches up on what fell due."""
        self.online_since = self._clock()
        self._task = asyncio.create_task(self._run(), name="scheduler")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def wake(self) -> None:
        """Look again at once: something changed what is due, or when."""
        if self._task is None:
            return
        if self._napping is self._task:
            self._task.cancel()
            self._napping = None
            self._task = asyncio.create_task(self._loop(), name="scheduler")
        else:
            self._again = True

    async def run_due(self) -> float | None:
        """Do everything due by now; return when the next thing falls due, if anything."""
        async with self._lock:
            self._failed = False
            for turn in await self.play.due_time_outs():
                await self._attempt_turn(
                    turn, self.play.time_out(turn, online_since=self.online_since)
                )
            await self._attempt("planning reminders", self.play.plan_turns())
            for turn in await self.play.due_reminders():
                await self._attempt_turn(turn, self.play.remind(turn))
            return await self.play.next_due()

    async def _run(self) -> None:
        await self._courier.ready()
        await self._loop()

    async def _loop(self) -> None:
        while True:
            self._again = False
            try:
                next_due = await self.run_due()
            except Exception:
                log.exception("the scheduler could not read what is due")
                next_due, self._failed = None, True
            if self._again:
                continue
            self._napping = asyncio.current_task()
            try:
                await asyncio.sleep(self._nap(next_due))
            finally:
                if self._napping is asyncio.current_task():
                    self._napping = None

    def _nap(self, next_due: float | None) -> float:
        nap = LONGEST_NAP if next_due is None else next_due - self._clock()
        if self._failed:
            nap = max(nap, RETRY_AFTER)
        return min(max(nap, SHORTEST_NAP), LONGEST_NAP)

    async def _attempt_turn(self, turn: Turn, work: Awaitable[Delivery | None]) -> None:
        await self._attempt(f"game {turn.game_id} in channel {turn.place_id}", work)

    async def _attempt(self, what: str, work: Awaitable[Delivery | None]) -> None:
        """Do one piece of due work and deliver its post; a failure is logged, not fatal."""
        try:
            delivery = await work
            if delivery is not None:
                await self._deliver(delivery)
        except Refusal as refusal:
            log.info("due work for %s skipped: %s", what, refusal)
        except Exception:
            log.exception("due work for %s failed", what)
            self._failed = True

    async def _deliver(self, delivery: Delivery) -> None:
        user_id = delivery.dm_user_id
        if user_id is not None and await self._courier.to_user(user_id, delivery.post):
            return
        await self._courier.to_channel(delivery.place_id, delivery.post)
