"""Taking up at once the work of a process that died without a word.

Each bot process holds its slot (the shards it runs) in the database for as long as it
runs (see `Claims.take_over`), and the database lets go of that hold as soon as the
process's connection ends, which it does when the process is killed. Every few seconds
the watch looks for other slots that left claims or announcements but that no live
process holds, takes up their work, and wakes the background work so that it is done now
rather than once the dead process's claims lapse.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from bot.storage.claims import Claims
from bot.tasks import cancel_and_wait

log = logging.getLogger(__name__)

LOOK_EVERY = 2.0
"""Seconds between looks for the work of dead processes."""


class OrphanWatch:
    """Looks every `LOOK_EVERY` seconds for the work of dead processes of other slots,
    adopts it for `own_slot`, and calls `woken` when it did."""

    def __init__(
        self,
        claims: Claims,
        own_slot: str,
        woken: Callable[[], None],
        *,
        every: float = LOOK_EVERY,
    ) -> None:
        self._claims = claims
        self._own_slot = own_slot
        self._woken = woken
        self._every = every
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="orphan watch")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            await cancel_and_wait(task)

    async def look(self) -> list[str]:
        """Adopt the work every dead process of another slot left; those slots."""
        orphaned = await self._claims.orphaned(self._own_slot)
        for slot in orphaned:
            await self._claims.adopt(slot, self._own_slot)
            log.info("took up the work left by the stopped process of %s", slot)
        if orphaned:
            self._woken()
        return orphaned

    async def _run(self) -> None:
        while True:
            try:
                await self.look()
            except Exception:
                log.exception("could not look for the work of stopped processes")
            await asyncio.sleep(self._every)
