"""Round robin and Swiss pairings, and the standings with their tie-breaks."""

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.play.tournaments.pairings import (
    BYE_POINTS,
    DRAW,
    LOSS,
    WIN,
    Pairing,
    Played,
    round_robin,
    standings,
    swiss_round,
    swiss_rounds,
)


@given(st.integers(2, 24))
def test_round_robin_meets_everyone_once_with_balanced_first_moves(size: int) -> None:
    players = list(range(100, 100 + size))
    rounds = round_robin(players)
    assert len(rounds) == size - 1 + size % 2
    meetings = Counter(
        frozenset((g.first, g.second)) for r in rounds for g in r if g.second is not None
    )
    assert len(meetings) == size * (size - 1) // 2
    assert set(meetings.values()) == {1}
    firsts = Counter(g.first for r in rounds for g in r if g.second is not None)
    seconds = Counter(g.second for r in rounds for g in r if g.second is not None)
    for r in rounds:
        seated = [p for g in r for p in (g.first, g.second) if p is not None]
        assert sorted(seated) == players
    for p in players:
        assert abs(firsts[p] - seconds[p]) <= 1
    assert Counter(g.first for r in rounds for g in r if g.second is None) == Counter(
        players if size % 2 else []
    )


def _results(pairings: list[Pairing], rng: random.Random) -> list[Played]:
    return [
        Played(g.first, g.second, BYE_POINTS if g.second is None else rng.choice((WIN, DRAW, LOSS)))
        for g in pairings
    ]


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 40), st.randoms(use_true_random=False))
def test_swiss_never_pairs_twice_nor_gives_two_byes(size: int, rng: random.Random) -> None:
    players = list(range(1, size + 1))
    played: list[Played] = []
    for _ in range(min(swiss_rounds(size), max(1, size // 2 - 1))):
        balance = Counter[int]()
        for g in played:
            if g.second is not None:
                balance[g.first] += 1
                balance[g.second] -= 1
        pairings = swiss_round(players, played)
        seated = [p for g in pairings for p in (g.first, g.second) if p is not None]
        assert sorted(seated) == players
        byes = [g for g in pairings if g.second is None]
        assert len(byes) == size % 2
        for g in pairings:
            assert g.second is None or balance[g.first] <= balance[g.second]
        played += _results(pairings, rng)
        meetings = Counter(frozenset((g.first, g.second)) for g in played if g.second)
        assert set(meetings.values()) <= {1}
        assert set(Counter(g.first for g in played if g.second is None).values()) <= {1}


def test_swiss_pairs_winners_with_winners_and_gives_the_bye_to_the_last() -> None:
    players = list(range(1, 10))
    first = [Played(1, 2, WIN), Played(3, 4, WIN), Played(5, 6, WIN), Played(7, 8, WIN)]
    first.append(Played(9, None, BYE_POINTS))
    ratings = {p: float(-p) for p in players}
    pairings = swiss_round(players, first, ratings)
    winners = {1, 3, 5, 7}
    for g in pairings:
        if g.second is not None and g.first in winners | {9}:
            assert g.second in winners | {9} or {g.first, g.second} & {9}
    bye = next(g.first for g in pairings if g.second is None)
    assert bye in {2, 4, 6, 8}
    assert 9 not in [g.first for g in pairings if g.second is None]


def test_swiss_refuses_when_only_rematches_are_left() -> None:
    players = [1, 2, 3, 4]
    played = [Played(g.first, g.second, DRAW) for r in round_robin(players) for g in r]
    with pytest.raises(ValueError, match="rematch"):
        swiss_round(players, played)


def test_default_swiss_rounds_follow_log2() -> None:
    assert [swiss_rounds(n) for n in (2, 6, 8, 9, 64, 1000)] == [2, 4, 4, 5, 7, 11]


def test_standings_with_sonneborn_berger_buchholz_and_direct_encounter() -> None:
    played = [
        Played(1, 2, WIN),
        Played(3, 1, WIN),
        Played(2, 3, WIN),
        Played(4, 1, LOSS),
        Played(4, 2, DRAW),
        Played(3, 4, DRAW),
    ]
    ratings = {1: 5.0, 2: 1.0, 3: 1.0, 4: 0.0}
    robin = standings([1, 2, 3, 4], played, ratings, swiss=False)
    assert [(r.place, r.player, r.points) for r in robin] == [
        (1, 1, Fraction(2)),
        (2, 3, Fraction(3, 2)),
        (3, 2, Fraction(3, 2)),
        (4, 4, Fraction(1)),
    ]
    half = Fraction(1, 2)
    assert [r.sonneborn_berger for r in robin] == [5 * half, 5 * half, 2, 3 * half]
    swiss = standings([1, 2, 3, 4], played, ratings, swiss=True)
    assert [(r.player, r.buchholz, r.direct) for r in swiss] == [
        (1, 4, None),
        (2, Fraction(9, 2), 1),
        (3, Fraction(9, 2), 0),
        (4, 5, None),
    ]
    assert all(r.games == 3 for r in swiss)


def test_standings_share_a_place_when_level_on_everything() -> None:
    rows = standings([1, 2], [Played(1, 2, DRAW)], swiss=True)
    assert [r.place for r in rows] == [1, 1]
    assert [r.direct for r in rows] == [None, None], "a drawn direct game decides nothing"


def test_direct_encounter_is_given_only_where_the_players_were_level_before_it() -> None:
    played = [Played(1, 2, WIN), Played(3, 4, WIN), Played(1, 3, DRAW), Played(2, 4, WIN)]
    rows = standings([1, 2, 3, 4], played, swiss=False)
    by_player = {r.player: r for r in rows}
    assert by_player[1].points == by_player[3].points == Fraction(3, 2)
    assert by_player[1].sonneborn_berger != by_player[3].sonneborn_berger
    assert all(r.direct is None for r in rows), "Sonneborn-Berger separated everyone"
