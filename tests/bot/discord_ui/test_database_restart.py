"""After PostgreSQL restarts under two bot processes (shards 0 and 1 of 2), each takes back
what it held within seconds: its slot lock and its listening; neither adopts the other's
work; a process wrongly started on a running slot is still refused."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

from bot.storage import Storage, open_storage
from bot.storage.claims import holder
from tests.bot.discord_ui.test_shards import OpenHarness
from tests.bot.harness import DiscordHarness
from tests.bot.support import Clock, new_bot
from tests.postgres_server import PostgresServer

TAKEN_BACK_WITHIN = 5.0
"""Seconds after the server answers again within which each process holds its slot and
listens again."""
SHARDS = 2


@pytest.fixture
def own_server(request: pytest.FixtureRequest) -> Iterator[PostgresServer]:
    """A server of the test's own, as restarting it cuts every connection to it."""
    request.getfixturevalue("postgres_server")  # skipped, or required, as the others
    server = PostgresServer()
    yield server
    server.stop()


def storage_of(discord: DiscordHarness) -> Storage:
    storage: Storage = discord.client.host.storage  # type: ignore[attr-defined]
    return storage


def slot_of(discord: DiscordHarness) -> str:
    return str(discord.client.settings.slot)  # type: ignore[attr-defined]


def holder_of(discord: DiscordHarness) -> str:
    return holder(discord.client.host.games.writer)  # type: ignore[attr-defined]


async def slot_locks(url: str) -> int:
    """How many advisory locks the server's sessions hold now."""
    connection = await asyncpg.connect(url)
    try:
        held = await connection.fetchval(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted"
        )
    finally:
        await connection.close()
    return int(held)


async def test_after_a_restart_each_process_takes_back_its_slot_and_listening(
    own_server: PostgresServer,
    tmp_path: Path,
    open_harness: OpenHarness,
    clock: Clock,
    caplog: pytest.LogCaptureFixture,
) -> None:
    url = own_server.new_database()
    processes = [
        await open_harness(
            new_bot(tmp_path, clock=clock, database_url=url, shard_count=SHARDS, shard_ids=(n,))
        )
        for n in range(SHARDS)
    ]
    first, second = processes
    heard: list[str] = []
    await storage_of(second).clocks.on_let_go(lambda: heard.append("let go"))
    other = storage_of(second).clocks
    assert await other.claim("time-out", "9@1.0", holder_of(second), clock.now, clock.now + 3600)
    assert await slot_locks(url) == SHARDS

    with caplog.at_level(logging.INFO):
        await asyncio.to_thread(own_server.restart)
        answering_at = asyncio.get_running_loop().time()
        while await slot_locks(url) < SHARDS:
            assert asyncio.get_running_loop().time() - answering_at < TAKEN_BACK_WITHIN
            await asyncio.sleep(0.1)
        taken_back = asyncio.get_running_loop().time() - answering_at
        assert taken_back < TAKEN_BACK_WITHIN
        assert heard == ["let go"], "a listener is called once for what it may have missed"
        await first.run(storage_of(first).clocks.let_go(holder_of(first)))
        while len(heard) < 2:
            assert asyncio.get_running_loop().time() - answering_at < TAKEN_BACK_WITHIN
            await asyncio.sleep(0.05)
        await asyncio.sleep(12.0)  # past every process's steadying and several orphan looks
    assert "took up the work left by the stopped process" not in caplog.text
    assert await other.renew("time-out", "9@1.0", holder_of(second), clock.now + 3600)
    wrongly_started = await open_storage(url, rater=None)
    try:
        assert not await wrongly_started.clocks.take_over(slot_of(first), "another:1:x")
    finally:
        await wrongly_started.close()
