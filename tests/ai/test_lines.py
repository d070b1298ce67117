"""Reading lines in Tink and Tingle: open twos blocked, open threes blocked at the end that
matters, double threats made when they win, and the longest resistance once lost."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from types import MappingProxyType

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import ai
import engine
from ai.lines import LARGE, LINE_GAMES, MEDIUM, SMALL, Lines, read_lines
from tests.engine.strategies import varied_games

TINY = MappingProxyType({"default": 30})


@pytest.fixture(autouse=True)
def tiny_budgets(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every level thinks a few iterations only, keeping its deliberate mistakes."""
    for name, level in ai.SETTINGS.items():
        monkeypatch.setitem(ai.SETTINGS, name, replace(level, iterations=TINY))
    yield


def played(moves: str, name: str = "tink") -> engine.Game:
    game = engine.new_game(name, 2, seed=5)
    for move in moves.split(", "):
        game.play(move)
    return game


def square_of(move: str) -> str:
    return move.split()[1]


OPEN_TWO = "S d4, S h8, S e5"
"""The first seat has d4 and e5 with c3, b2, f6 and g7 empty: three more there would be
three in a row open at both ends, two squares to win from."""


@pytest.mark.parametrize("level", ["medium", "hard"])
@pytest.mark.parametrize("seed", range(3))
def test_an_open_two_is_blocked_at_one_of_its_ends(level: str, seed: int) -> None:
    game = played(OPEN_TWO)
    move = ai.choose_move(game, level, seed=seed)
    assert square_of(move) in {"c3", "f6"}
    game.play(move)
    assert not read_lines(game).makers(0)


EDGE_TWO = "S c4, S h8, S b4"
"""The first seat has b4 and c4: d4 would make b4-c4-d4, open at a4 and e4; a4 would make
a three with only d4 to win from."""


@pytest.mark.parametrize("seed", range(3))
def test_an_open_two_by_the_edge_is_blocked_on_the_side_that_matters(seed: int) -> None:
    move = ai.choose_move(played(EDGE_TWO), "hard", seed=seed)
    assert square_of(move) in {"d4", "e4"}


MEDIUMS_THREE = (
    "S c4, S a8, S d4, S b8, M c5 c4 d4, M a7 a8 b8, S d4, S a8, S e4, S b8, "
    "M d5 d4 e4, M b7 a8 b8, S e4, S h1, S f4, S h2, M e5 e4 f4, M g1 h1 h2, S f4, S h1, S g4"
)
"""The first seat has mediums on c5, d5 and e5, open at b5 and f5; only f5 has two of its
smalls (f4, g4) next to it to spend for a fourth medium."""


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_an_open_three_of_mediums_is_blocked_at_the_end_it_can_be_finished(level: str) -> None:
    assert square_of(ai.choose_move(played(MEDIUMS_THREE), level)) == "f5"


ATTACK = "S d4, S a8, S e4, S h8"
"""The first seat has d4 and e4 with the whole fourth rank open: c4 or f4 makes three in a
row open at both ends."""


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_double_threat_is_made_when_it_wins(level: str) -> None:
    game = played(ATTACK)
    move = ai.choose_move(game, level)
    game.play(move)
    assert not game.winning_moves()
    for reply in game.legal_moves():
        answered = engine.load_game(game.to_json())
        answered.play(reply)
        assert answered.winning_moves(), (move, reply)


LOST = "S c4, S a8, S d4, S h8, S e4"
"""Three in a row open at both ends (b4 and f4): the second seat cannot stop both."""


@pytest.mark.parametrize("level", ai.LEVELS)
def test_a_lost_position_is_resisted_by_blocking_a_threat(level: str) -> None:
    assert square_of(ai.choose_move(played(LOST), level)) in {"b4", "f4"}


THREAT = "S c3, S b3, S d3, S h8, S e3"
"""The first seat threatens four in a row on f3 only."""


@pytest.mark.parametrize("seed", range(10))
def test_easy_blocks_a_win_in_one_unless_it_slips_on_purpose(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(ai.SETTINGS, "easy", replace(ai.SETTINGS["easy"], miss_block=0.0))
    assert square_of(ai.choose_move(played(THREAT), "easy", seed=seed)) == "f3"


def test_the_lines_after_a_move_count_the_smalls_in_hand() -> None:
    game = played("S d4, S h8, S e5, S h7")
    lines = read_lines(game)
    spent = lines.after(0, (2, 28, 27, 36))
    assert (lines.stash[0], spent.stash[0], spent.after(0, (1, 0, -1, -1)).stash[0]) == (3, 5, 4)


def _windows(lines: Lines, seat: int) -> list[list[list[int]]]:
    return [[sorted(gaps) for gaps in kind] for kind in lines._open_windows(seat)]


@given(st.data())
@settings(max_examples=60, deadline=None)
def test_the_windows_after_a_placement_are_those_read_from_scratch(data: st.DataObject) -> None:
    game = data.draw(varied_games(data.draw(st.sampled_from(LINE_GAMES)), max_plies=40))
    assume(game.result is None)
    lines = read_lines(game)
    seat = game.to_move or 0
    for reader in range(game.players):
        lines._open_windows(reader)
    free = [move for move in game.search_moves() if move[2] < 0]
    assume(free)
    move = data.draw(st.sampled_from(free))
    derived = lines.after(seat, move)
    mover_size = data.draw(st.sampled_from((SMALL, MEDIUM, LARGE)))
    as_size = lines.after(seat, (mover_size, *move[1:]))
    for after in (derived, as_size):
        scratch = replace(after, _origin=None)
        for reader in range(game.players):
            assert _windows(after, reader) == _windows(scratch, reader)


SHORT_OF_COINS = "S d7, S d6, S c6, S e8, S b5, S a4, S a6, S e7, S c4, S c5"
"""Tingle. The first seat's a6-b5-c4 threatens d3 and the second seat's c5-d6-e7 threatens
b4 and f8, but every coin of both is on the board and neither has two pieces to spend next to
those squares."""


def test_a_threat_is_live_only_with_the_piece_to_carry_it_out() -> None:
    game = played(SHORT_OF_COINS, "tingle")
    lines = read_lines(game)
    d3, b4, f8 = (1 << square for square in (23, 31, 75))
    assert (lines.threats(0), lines.threats(1)) == (d3, b4 | f8)
    assert (lines.live_threats(0), lines.live_threats(1)) == (0, 0)
    spent = (MEDIUM, 62, 52, 63)
    assert game.search_text(spent) == "M c7 c6 d7"
    assert lines.after(0, spent).live_threats(0) == d3
