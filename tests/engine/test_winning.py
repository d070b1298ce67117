"""`winning_moves()` against the slow truth: every legal move played on a reloaded copy.

Bridge, whose winning moves win a round, is checked in test_bridge.py.
"""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import engine
from engine.core import Game
from tests.engine.strategies import varied_games
from tests.profiles import examples

NAMES = ("tink", "tingle", "folio")
MAX_PLIES = 200


def moves_that_win(game: engine.Game) -> list[str]:
    """The legal moves that end the game with the mover among the winners, found by playing."""
    wins = []
    for move in game.legal_moves():
        trial = engine.load_game(game.to_json())
        trial.play(move)
        if trial.result is not None and game.to_move in trial.result.winners:
            wins.append(move)
    return wins


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=examples(10))
@given(data=st.data())
def test_winning_moves_are_the_moves_that_end_the_game_won(name: str, data: st.DataObject) -> None:
    game = data.draw(varied_games(name, max_plies=MAX_PLIES))
    for state in (game.take_back(), game) if game.actions else (game,):
        wins = state.winning_moves()
        event(f"winning moves: {bool(wins)}")
        assert wins == moves_that_win(state)


FIXED = {"grid": "fixed"}


@pytest.mark.parametrize(
    ("name", "options", "moves", "wins"),
    [
        ("tink", {}, "S c3, S a8, S d3, S h8, S e3, S a6", ["S b3", "S f3"]),
        ("tink", {}, "S c3, S a8, S d3, S h8, S e3, S a6, S f3", []),
        ("folio", FIXED, "give RS, a1 give YS, b1 give GS, c1 give BS", ["d1"]),
        ("folio", FIXED, "give RS", []),
    ],
)
def test_the_default_finds_the_same_wins_by_replaying(
    name: str, options: dict[str, str], moves: str, wins: list[str]
) -> None:
    game = engine.new_game(name, 2, seed=1, **options)
    for move in moves.split(", "):
        game.play(move)
    assert game.winning_moves() == Game.winning_moves(game) == wins
