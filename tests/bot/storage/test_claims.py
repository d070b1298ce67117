"""Claimed work: the claim held while the block runs, released when it ends."""

from __future__ import annotations

import asyncio

import pytest

from bot.storage import open_storage
from bot.storage.claims import claimed
from tests.postgres_server import BACKENDS


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_task_cancelled_as_its_claimed_work_ends_stops(database_url: str) -> None:
    """A cancellation arriving while the claim's renewal is being stopped (as a stopping
    process cancels its scheduler) ends the task, not taken for the renewal's; the claim is
    released all the same."""
    storage = await open_storage(database_url, rater=None)
    went_on = asyncio.Event()

    async def work() -> None:
        async with claimed(storage.clocks, "reminder", "1", "one", lambda: 100.0) as mine:
            assert mine
            asyncio.get_running_loop().call_soon(task.cancel)  # lands as the block ends
        went_on.set()

    task = asyncio.create_task(work())
    await asyncio.wait([task])
    try:
        assert task.cancelled() and not went_on.is_set()
        assert await storage.clocks.claim("reminder", "1", "two", 100.0, 160.0), "released"
    finally:
        await storage.close()
