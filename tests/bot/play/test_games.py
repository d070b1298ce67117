"""Lending engine games: back in the cache after use, dropped after a failure."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.play.challenges import Invitation
from bot.play.host import Host
from bot.play.ratings import rate_game
from bot.play.values import Refusal
from bot.storage import GameRecord
from bot.storage.sqlite import SqliteStorage
from tests.bot.support import ALICE, BOB, Clock, built

CHANNEL = 700


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[Host]:
    storage = await SqliteStorage.open(str(tmp_path / "games.sqlite3"), rater=rate_game)
    yield built(storage, Clock()).host
    await storage.close()


async def _begun(host: Host) -> GameRecord:
    post = await host.challenges.start(Invitation("tink", 1, CHANNEL, ALICE, (BOB,)))
    await host.challenges.accept(post.game_id, BOB.user_id)
    record = await host.storage.game(post.game_id)
    assert record is not None
    return record


async def test_a_returned_game_is_lent_again_and_a_refusal_returns_it(host: Host) -> None:
    record = await _begun(host)
    async with host.games.borrow(record) as loan:
        lent = loan.game
    async with host.games.borrow(record) as loan:
        assert loan.game is lent
    with pytest.raises(Refusal):
        async with host.games.borrow(record) as loan:
            raise Refusal("no")
    async with host.games.borrow(record) as loan:
        assert loan.game is lent


async def test_a_game_is_dropped_after_a_failure_and_replayed_next_time(host: Host) -> None:
    record = await _begun(host)
    async with host.games.borrow(record) as loan:
        lent = loan.game
    with pytest.raises(RuntimeError):
        async with host.games.borrow(record) as loan:
            loan.game.play("S d4")
            raise RuntimeError("half done")
    async with host.games.borrow(record) as loan:
        assert loan.game is not lent and not loan.game.history
