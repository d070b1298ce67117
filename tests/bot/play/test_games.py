"""Lending engine games: back in the cache after use, dropped after a failure; the
record after a change, its clock worked out once."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

from bot.play.clocks.clock import DAY, HOUR, SeatClock, runs_out, seat_clocks
from bot.play.host import Host
from bot.play.playing.challenges import Invitation
from bot.play.ranking.ratings import rate_game
from bot.play.table.changes import Changes
from bot.play.table.pictures import BoardPictures
from bot.play.table.posts import BoardPosts
from bot.play.table.values import Refusal
from bot.storage import GameRecord
from bot.storage.records import Interval
from bot.storage.sqlite import SqliteStorage
from tests.bot.support import ALICE, BOB, Clock, StubRenderer, built

CHANNEL = 700


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[Host]:
    storage = await SqliteStorage.open(str(tmp_path / "games.sqlite3"), rater=rate_game)
    yield built(storage, Clock()).host
    await storage.close()


async def _begun(host: Host, time_limit: str | None = None) -> GameRecord:
    invitation = Invitation("tink", 1, CHANNEL, ALICE, (BOB,), time_limit=time_limit)
    post = await host.challenges.start(invitation)
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


async def test_a_change_asks_once_for_each_players_absences_and_works_the_clock_out_once(
    host: Host,
) -> None:
    record = await _begun(host, time_limit="5d+1d")
    asked: list[int] = []
    bob_away = (record.turn_started_at + 2 * HOUR, record.turn_started_at + DAY)

    async def away(user_id: int, since: float) -> Sequence[Interval]:
        asked.append(user_id)
        return [bob_away] if user_id == BOB.user_id else []

    clock = Clock(record.turn_started_at + HOUR)
    pictures = BoardPictures(StubRenderer(), host.languages)
    changes = Changes(BoardPosts(pictures), pictures, clock, away=away)
    async with host.games.borrow(record) as loan:
        loan.game.play("S d4")
        following = await changes.following(loan)
    assert asked == [ALICE.user_id, BOB.user_id]
    turned = following.record
    assert turned.turn_user_id == BOB.user_id and turned.turn_started_at == clock()
    assert turned.deadline == runs_out(turned, [bob_away])
    assert turned.deadline == clock() + 5 * DAY + (DAY - 2 * HOUR)
    both = (SeatClock(5 * DAY), SeatClock(5 * DAY))
    assert following.clocks == seat_clocks(turned, clock(), [bob_away]) == both
