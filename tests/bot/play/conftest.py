"""The use cases over a real SQLite file, a stand-in renderer and the test's clock."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.play.host import Host
from bot.play.ratings import rate_game
from bot.storage.sqlite import SqliteStorage
from tests.bot.support import Clock, StubRenderer


@pytest.fixture
async def host(tmp_path: Path, clock: Clock) -> AsyncIterator[Host]:
    storage = await SqliteStorage.open(str(tmp_path / "games.sqlite3"), rater=rate_game)
    yield Host(storage, StubRenderer(), clock=clock)
    await storage.close()
