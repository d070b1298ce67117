"""Tingle: Tink's rules on a 10x10 board, spoken in coins, pyramids and pawns."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import engine
from engine import IllegalMove, Piece, Size
from tests.engine.strategies import games
from tests.profiles import examples


def played(*moves: str, players: int = 2) -> engine.Game:
    game = engine.new_game("tingle", players, seed=0)
    for move in moves:
        game.play(move)
    return game


def refusal(game: engine.Game, move: str) -> str:
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    return str(caught.value)


def test_the_board_is_ten_by_ten_with_the_hole_playable() -> None:
    game = played("e5", "j10", "f6")
    view = game.view()
    assert (view.width, view.height) == (10, 10)
    assert view.squares["j10"] == Piece(Size.SMALL, 1, 1)
    assert view.squares["f6"] == Piece(Size.SMALL, 0, 0)


def test_the_first_coin_goes_on_one_of_the_thirty_six_interior_squares() -> None:
    game = played()
    assert len(game.legal_moves()) == 36
    assert {"S c3", "S h8"} <= set(game.legal_moves())
    assert refusal(game, "b2") == "the first piece must be a coin on c3 to h8"
    assert refusal(game, "pyramid e5 d4 d6") == "the first piece must be a coin on c3 to h8"


def test_move_text_takes_the_piecepack_words_and_stays_canonical() -> None:
    game = played("coin d4", "S a10", "small f4", "s j1")
    assert game.play("pyramid e4 spend f4 d4") == "M e4 d4 f4"
    assert game.history == ("S d4", "S a10", "S f4", "S j1", "M e4 d4 f4")


def test_describe_and_refusals_speak_tingle_words() -> None:
    game = played("d4", "a10", "f4", "j1")
    assert game.describe("M e4 d4 f4") == "a pyramid on e4, spending d4 and f4"
    assert game.describe("L e4 d4 f4") == "a pawn on e4, spending d4 and f4"
    assert refusal(game, "pawn e4 d4 f4") == "a pawn needs two pieces that count as pyramids"
    assert refusal(game, "M e4 d4 j1") == "j1 is not your piece"
    assert refusal(game, "M e4 d4") == "a move spends two pieces or none, not one"
    assert refusal(game, "k1") == "k1 is not on the board (a1 to j10)"


def test_four_coins_in_a_row_win() -> None:
    game = played("c3", "a10", "d3", "j10", "e3", "a8", "f3")
    assert game.result == engine.Result((0,), engine.Ending.FOUR_IN_A_ROW, (0, 1))
    assert game.view().highlight == ("c3", "d3", "e3", "f3")


@settings(max_examples=examples(20))
@given(game=games("tingle", max_plies=40))
def test_random_tingle_games_list_only_accepted_moves(game: engine.Game) -> None:
    legal = game.legal_moves()
    assert (game.result is None) == bool(legal)
    for move in legal[:: max(1, len(legal) // 5)]:
        copy = engine.load_game(game.to_json())
        assert copy.play(move) == move
