"""The AI's reading of Bridge positions against the rules."""

from __future__ import annotations

from hypothesis import given, settings

import engine
from ai.bridge import _reach, pieces, read_side
from tests.engine.strategies import varied_games
from tests.engine.test_bridge import BOTH_NEARLY_BUILT, position
from tests.profiles import examples


@settings(max_examples=examples(30))
@given(game=varied_games("bridge"))
def test_the_squares_within_reach_are_the_targets_of_the_legal_moves(game: engine.Game) -> None:
    moves = game.search_moves()
    if game.result is not None or len(moves[0]) != 2:
        return
    mover = pieces(game)[game.to_move or 0]
    occupied = sum(pieces(game)[0]) + sum(pieces(game)[1])
    targets = sum({1 << target for _, target in moves})
    assert _reach(mover, occupied) == targets


def test_a_bridge_one_reachable_square_away_is_one_away() -> None:
    first, second = pieces(position(BOTH_NEARLY_BUILT))
    assert read_side(first, sum(second)).distance == 1
    assert read_side(second, sum(first)).distance == 1


def test_the_starting_position_is_even() -> None:
    first, second = pieces(engine.new_game("bridge", 2, seed=1))
    assert read_side(first, sum(second)).distance == read_side(second, sum(first)).distance > 2
