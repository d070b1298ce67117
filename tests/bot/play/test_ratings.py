"""Rating arithmetic: the ratings stored when games finish, checked against openskill itself."""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import AsyncIterator
from contextlib import closing
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openskill.models import PlackettLuce, PlackettLuceRating

from bot.play.ranking import ratings
from bot.play.ranking.ratings import Outcome, Rating, rate_game
from bot.storage import StaleGame, Status
from bot.storage.sqlite import SqliteStorage
from bot.storage.standings import OVERALL
from engine import Ending
from tests.bot.rated_games import GUILD, finish

USERS = [11, 12, 13, 14]


@pytest.fixture
def database(tmp_path: Path) -> Path:
    """The file the storage keeps its games and ratings in."""
    return tmp_path / "games.sqlite3"


@pytest.fixture
async def storage(database: Path) -> AsyncIterator[SqliteStorage]:
    store = await SqliteStorage.open(str(database), rater=rate_game)
    yield store
    await store.close()


def stored(database: Path, board: str, user_id: int) -> tuple[float, float]:
    """A player's (mu, sigma) on a board, read straight from the database file."""
    with closing(sqlite3.connect(database)) as db:
        (row,) = db.execute(
            "SELECT mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
            (GUILD, board, user_id),
        ).fetchall()
    return row[0], row[1]


def expect(
    model: PlackettLuce, before: dict[int, PlackettLuceRating], users: list[int], ranks: list[int]
) -> dict[int, PlackettLuceRating]:
    rated = model.rate([[before[u]] for u in users], ranks=[float(r) for r in ranks])
    return {**before, **{u: team[0] for u, team in zip(users, rated, strict=True)}}


@pytest.mark.parametrize(
    "ranks",
    [
        [0, 1],
        [1, 0],
        [0, 0],
        [0, 1, 1],
        [2, 0, 1],
        [0, 0, 1],
        [0, 0, 0],
        [0, 1, 2, 3],
        [1, 0, 1, 2],
        [3, 2, 0, 0],
        [0, 0, 0, 0],
    ],
)
async def test_stored_ratings_are_openskills_plackett_luce(
    storage: SqliteStorage, database: Path, ranks: list[int]
) -> None:
    model = PlackettLuce()
    users = USERS[: len(ranks)]
    expected = {u: model.rating() for u in users}
    # A second game from the ratings the first left, with the order turned round.
    for game_ranks in (ranks, [max(ranks) - r for r in ranks]):
        await finish(storage, users, game_ranks)
        expected = expect(model, expected, users, game_ranks)
    for user in users:
        mu, sigma = stored(database, "tink", user)
        assert (mu, sigma) == pytest.approx((expected[user].mu, expected[user].sigma))
        standing = await storage.standings.standing(GUILD, "tink", user)
        assert standing is not None
        assert standing.rating == pytest.approx(expected[user].ordinal())


async def test_the_overall_board_rates_every_game_in_the_order_played(
    storage: SqliteStorage, database: Path
) -> None:
    model = PlackettLuce()
    games = [
        ("folio", [11, 12], [0, 1]),
        ("tink", [12, 13, 11], [0, 1, 2]),
        ("bridge", [13, 11], [0, 0]),
    ]
    overall = {u: model.rating() for u in USERS[:3]}
    for game, users, ranks in games:
        await finish(storage, users, ranks, game=game)
        overall = expect(model, overall, users, ranks)
    for user in USERS[:3]:
        mu, sigma = stored(database, OVERALL, user)
        assert (mu, sigma) == pytest.approx((overall[user].mu, overall[user].sigma))
    folio_only = expect(model, {u: model.rating() for u in (11, 12)}, [11, 12], [0, 1])
    assert stored(database, "folio", 11) == pytest.approx((folio_only[11].mu, folio_only[11].sigma))


async def test_records_count_first_place_alone_as_a_win_and_shared_as_a_draw(
    storage: SqliteStorage,
) -> None:
    await finish(storage, USERS[:3], [0, 1, 1])
    await finish(storage, USERS[:3], [1, 0, 2])
    await finish(storage, USERS[:3], [0, 0, 1])
    await finish(storage, USERS[:3], [0, 0, 0])
    records = {}
    for user in USERS[:3]:
        standing = await storage.standings.standing(GUILD, "tink", user)
        assert standing is not None
        records[user] = (standing.wins, standing.losses, standing.draws, standing.games)
    assert records == {11: (1, 1, 2, 4), 12: (1, 1, 2, 4), 13: (0, 3, 1, 4)}


async def test_a_game_is_rated_once_whatever_is_saved_after(storage: SqliteStorage) -> None:
    record = await finish(storage, USERS[:2], [0, 1])
    resaved = await storage.save(dataclasses.replace(record, ending=Ending.AGREEMENT), now=3.0)
    await storage.save(dataclasses.replace(resaved, status=Status.ACTIVE), now=4.0)
    current = await storage.game(record.id)
    assert current is not None
    await storage.save(dataclasses.replace(current, status=Status.FINISHED), now=5.0)
    with pytest.raises(StaleGame):
        await storage.save(record, now=6.0)
    standing = await storage.standings.standing(GUILD, "tink", USERS[0])
    assert standing is not None and standing.games == 1
    overall = await storage.standings.standing(GUILD, OVERALL, USERS[0])
    assert overall is not None and overall.games == 1


async def test_aborted_games_are_not_rated(storage: SqliteStorage) -> None:
    await finish(storage, USERS[:2], [None, None], status=Status.ABORTED)
    assert await storage.standings.count(GUILD, "tink") == 0
    assert await storage.standings.count(GUILD, OVERALL) == 0


async def test_a_result_that_cannot_be_rated_is_not_saved_either(
    storage: SqliteStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(ValueError, match="without a rank"):
        await finish(storage, USERS[:2], [0, None])

    def broken(*args: object) -> list[Rating]:
        raise RuntimeError("no maths today")

    monkeypatch.setattr(ratings, "rate", broken)
    with pytest.raises(RuntimeError):
        await finish(storage, USERS[:2], [0, 1])
    for game_id in (1, 2):
        record = await storage.game(game_id)
        assert record is not None and record.status is Status.CHALLENGE
    assert await storage.standings.count(GUILD, OVERALL) == 0


@pytest.mark.parametrize(
    ("ranks", "outcomes"),
    [
        ([0, 1], "WL"),
        ([0, 0], "DD"),
        ([1, 0, 2], "LWL"),
        ([0, 0, 1, 2], "DDLL"),
        ([0, 1, 0], "DLD"),
        ([1, 1, 1], "DDD"),
    ],
)
def test_outcomes(ranks: list[int], outcomes: str) -> None:
    letters = {Outcome.WIN: "W", Outcome.LOSS: "L", Outcome.DRAW: "D"}
    assert "".join(letters[ratings.outcome(ranks, seat)] for seat in range(len(ranks))) == outcomes


@given(st.lists(st.integers(0, 3), min_size=2, max_size=4))
def test_from_equal_ratings_no_one_falls_below_a_player_they_beat(ranks: list[int]) -> None:
    after = ratings.rate([Rating()] * len(ranks), ranks)
    for x in range(len(ranks)):
        for y in range(len(ranks)):
            if ranks[x] < ranks[y]:
                assert after[x].mu >= after[y].mu - 1e-9
            elif ranks[x] == ranks[y]:
                assert after[x] == pytest.approx(after[y])
    best = [after[s].mu for s in range(len(ranks)) if ranks[s] == min(ranks)]
    worst = [after[s].mu for s in range(len(ranks)) if ranks[s] == max(ranks)]
    assert min(best) > max(worst) or len(set(ranks)) == 1


def test_a_rated_game_needs_a_rank_for_each_of_two_players_or_more() -> None:
    with pytest.raises(ValueError, match="at least two players"):
        ratings.rate([Rating()], [0])
    with pytest.raises(ValueError, match="one rank for each"):
        ratings.rate([Rating(), Rating()], [0])
