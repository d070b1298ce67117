"""The search path (`search_copy`, `search_moves`, `search_push`, ...) against the public one."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from tests.engine.strategies import OPTIONS, varied_games
from tests.engine.test_bridge import won_round_one
from tests.profiles import examples

NAMES = tuple(OPTIONS)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=examples(25))
@given(data=st.data())
def test_search_moves_and_wins_are_the_legal_and_winning_moves(
    name: str, data: st.DataObject
) -> None:
    game = data.draw(varied_games(name))
    assert sorted(map(game.search_text, game.search_moves())) == sorted(game.legal_moves())
    assert sorted(map(game.search_text, game.search_wins())) == sorted(game.winning_moves())


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=examples(25))
@given(data=st.data())
def test_pushing_a_search_move_on_a_copy_is_playing_it(name: str, data: st.DataObject) -> None:
    game = data.draw(varied_games(name))
    moves = game.search_moves()
    if not moves:
        return
    move = data.draw(st.sampled_from(list(moves)))
    before = game.to_json()
    copy = game.search_copy()
    copy.search_push(move)
    assert game.to_json() == before
    game.play(game.search_text(move))
    assert copy.history == game.history
    match = game.view().match
    if match is not None and copy.result is not None:
        return  # a copy of a match ends with its round; the match goes on
    assert copy.to_move == game.to_move
    assert copy.legal_moves() == game.legal_moves()
    assert copy.view().squares == game.view().squares
    if match is None:
        assert copy.view() == game.view()
        assert copy.result == game.result


@settings(max_examples=examples(10))
@given(seed=st.integers(0, 2**32 - 1))
def test_a_bridge_match_copy_ends_with_its_round(seed: int) -> None:
    match = engine.new_game("bridge", 2, seed=seed, rounds=3)
    copy = match.search_copy()
    while copy.result is None and len(copy.history) < 2000:
        copy.search_push(copy.search_moves()[0])
    assert match.result is None
    assert copy.result is not None
    assert copy.result.ending is not engine.Ending.LOWEST_TOTAL


def test_bridge_offers_the_choice_of_who_starts_as_search_moves() -> None:
    game = won_round_one(rounds=2)
    copy = game.search_copy()
    assert [copy.search_text(move) for move in copy.search_moves()] == ["first", "second"]
    copy.search_push(copy.search_moves()[1])
    assert copy.history[-1] == "second"
    assert copy.to_move == 0 and copy.result is None
