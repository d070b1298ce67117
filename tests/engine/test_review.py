"""`engine.review`: each move's missed wins in one and the wins in one it handed over."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from tests.engine.strategies import OPTIONS, varied_games


def played(name: str, moves: str, **options: object) -> engine.Game:
    game = engine.new_game(name, 2, seed=3, **options)
    for move in moves.split(", "):
        game.play(move)
    return game


def test_a_missed_win_and_a_threat_left_open_are_named() -> None:
    game = played("tink", "S c3, S a8, S d3, S h8, S e3, S a6, S a1, S b3")
    reviews = engine.review(game)
    assert [(r.ply, r.seat, r.move) for r in reviews[4:]] == [
        (4, 0, "S e3"),
        (5, 1, "S a6"),
        (6, 0, "S a1"),
        (7, 1, "S b3"),
    ]
    assert [(r.missed_wins, r.allowed_wins) for r in reviews[4:]] == [
        ((), ()),
        ((), ("S b3", "S f3")),
        (("S b3", "S f3"), ()),
        ((), ("S f3",)),
    ]


def test_a_win_taken_is_not_a_miss() -> None:
    game = played("folio", "give RS, a1 give YS, b1 give GS, c1 give BS, d1", grid="fixed")
    last = engine.review(game)[-1]
    assert (last.move, last.missed_wins, last.allowed_wins) == ("d1", (), ())
    assert engine.review(game)[-2].allowed_wins == ("d1",)


def test_forced_passes_and_resignations_are_not_reviewed() -> None:
    game = engine.new_game("tink", 3, seed=1)
    game.play("S d4")
    game.forfeit(2)
    game.play("S a1")
    assert [review.move for review in engine.review(game)] == ["S d4", "S a1"]


@settings(max_examples=10)
@given(data=st.data())
def test_every_move_but_forced_passes_is_reviewed_with_its_mover(data: st.DataObject) -> None:
    game = data.draw(varied_games(data.draw(st.sampled_from(list(OPTIONS)))))
    reviews = engine.review(game)
    moves = [move for move in game.history if move != "pass"]
    assert [review.move for review in reviews] == moves
    for review in reviews:
        assert review.seat == game.movers[review.ply]
