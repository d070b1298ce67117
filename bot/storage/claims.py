"""Due work done once among any number of bot processes sharing one database.

Before acting on a piece of due work (a time-out, a reminder, an AI turn...), a process
claims it in the database for a lease: `claimed_by` names the process (see `holder`) and
`claimed_until` when the claim lapses. Only one process holds a live claim at a time;
the holder renews it while working and releases it when done.

A process that stops cleanly lets go of every claim it holds. A process starting on the
same shards as one before it (its slot) takes over the claims that one left at once, as
it alone serves the slot while it runs (see `Claims.take_over`). Only the claims of a
process that died and has no successor lapse, within `LEASE` seconds, when any process
may take the work up.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import uuid
from collections.abc import AsyncIterator, Callable
from typing import Protocol

from bot.storage.records import Writer
from bot.tasks import cancel_and_wait

log = logging.getLogger(__name__)

LEASE = 60.0
"""Seconds a claim lasts unless renewed."""


class Claims(Protocol):
    """Leases on due work, each named by its kind and a key unique within the kind."""

    async def claim(self, kind: str, key: str, owner: str, now: float, until: float) -> bool:
        """Take the work for `owner` until `until`, unless another holds it past `now`.

        Exactly one of any number of racing claimants gets True.
        """

    async def renew(self, kind: str, key: str, owner: str, until: float) -> bool:
        """Extend `owner`'s claim; False when it lapsed and another took the work."""

    async def release(self, kind: str, key: str, owner: str) -> None:
        """Give up `owner`'s claim (the work is done, or given back)."""

    async def take_over(self, slot: str, holder: str) -> bool:
        """Serve `slot` as its one live process (`holder`) while the storage is open, and
        free at once the claims its earlier processes left. False, and nothing freed, when
        another live process serves the slot: one wrongly started on the same shards, or
        one whose machine stopped without a word (the database has not seen it go yet)."""

    async def let_go(self, holder: str) -> int:
        """Release every claim of `holder`, a process that stops, and tell the other
        processes (see `on_let_go`); return how many."""

    async def on_let_go(self, heard: Callable[[], None]) -> None:
        """Call `heard` whenever a process lets go of its claims, while the storage is open,
        so that this one takes up the work at once."""

    async def orphaned(self, own_slot: str) -> list[str]:
        """The other slots with claims or announcements left that no live process serves:
        their process died (its connection, and with it its hold on the slot, ended).
        None while this process is taking its own hold back after the database restarted
        (the others may be doing the same)."""

    async def adopt(self, slot: str, own_slot: str) -> None:
        """Take up the work a dead process of `slot` left: its claims are freed at once and
        its announcements become this slot's to send."""

    async def prune(self, lapsed_before: float) -> int:
        """Forget claims that lapsed before `lapsed_before` (their holders died); return
        how many. A lapsed claim binds no one, so forgetting it changes nothing else."""


def new_owner() -> str:
    """A name for this process, unique among processes and restarts."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


SLOT_END = " | "
"""What ends the slot in a holder's name."""


def holder(writer: Writer) -> str:
    """How a process names itself in its claims: the slot it serves, then itself, so that
    the next process of the slot knows the claims of the ones before."""
    return f"{writer.slot}{SLOT_END}{writer.process}"


@contextlib.asynccontextmanager
async def claimed(
    claims: Claims,
    kind: str,
    key: str,
    owner: str,
    clock: Callable[[], float],
    lease: float = LEASE,
) -> AsyncIterator[bool]:
    """Claim a piece of due work for the block: True inside when this process holds it,
    renewed every third of the `lease` until the block ends, then released."""
    now = clock()
    if not await claims.claim(kind, key, owner, now, now + lease):
        yield False
        return
    renewal = asyncio.create_task(_renew(claims, kind, key, owner, clock, lease))
    try:
        yield True
    finally:
        try:
            await cancel_and_wait(renewal)
        finally:
            await claims.release(kind, key, owner)


async def _renew(
    claims: Claims, kind: str, key: str, owner: str, clock: Callable[[], float], lease: float
) -> None:
    while True:
        await asyncio.sleep(lease / 3)
        if not await claims.renew(kind, key, owner, clock() + lease):
            log.warning("the claim on %s %s lapsed while this process worked on it", kind, key)
            return
