"""Fixtures: the use cases over a real SQLite file, a stand-in renderer and the test's clock,
and a discord.py client driven through the Discord-payload harness."""

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from discord import Client

from bot.play.host import Host
from bot.play.ranking.ratings import rate_game
from bot.storage.sqlite import SqliteStorage
from tests.bot.drawn_words import Drawn
from tests.bot.harness import DiscordHarness
from tests.bot.support import Clock, built, new_bot


@pytest.fixture
async def open_harness() -> AsyncIterator[Callable[..., Awaitable[DiscordHarness]]]:
    """Starts harnesses (`await open_harness(client, timeout=...)`), closed after the test."""
    opened: list[DiscordHarness] = []

    async def open_(client: Client, **options: Any) -> DiscordHarness:
        harness = await DiscordHarness(client, **options).start()
        opened.append(harness)
        return harness

    yield open_
    for harness in reversed(opened):
        await harness.close()


@pytest.fixture
async def discord(tmp_path: Path, database_url: str) -> AsyncIterator[DiscordHarness]:
    """The bot on a fresh database (a SQLite file unless the test's `backend` says
    otherwise), driven through the harness."""
    async with DiscordHarness(new_bot(tmp_path, database_url=database_url)) as harness:
        yield harness


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """The words the bot's pictures say in the test, as the drawing code is given them."""
    return Drawn(monkeypatch)


@pytest.fixture
def clock() -> Clock:
    """A clock the test moves by hand."""
    return Clock()


@pytest.fixture
async def host(tmp_path: Path, clock: Clock) -> AsyncIterator[Host]:
    """The use cases over a fresh SQLite file, drawing nothing, on the test's clock."""
    storage = await SqliteStorage.open(str(tmp_path / "games.sqlite3"), rater=rate_game)
    yield built(storage, clock).host
    await storage.close()
