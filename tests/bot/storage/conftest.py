"""Every storage test runs on both backends: a SQLite file and a PostgreSQL server."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.play.ranking.ratings import rate_game
from bot.storage import Storage, open_storage
from tests.postgres_server import BACKENDS


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """Every test taking a storage runs on each backend."""
    return str(request.param)


@pytest.fixture
async def storage(database_url: str) -> AsyncIterator[Storage]:
    store = await open_storage(database_url, rater=rate_game)
    yield store
    await store.close()


@pytest.fixture
async def second(database_url: str) -> AsyncIterator[Storage]:
    """Another storage on the same database, as another bot process would open it."""
    store = await open_storage(database_url, rater=rate_game)
    yield store
    await store.close()
