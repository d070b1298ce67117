"""The two kinds of refusal: text that is no move of the game at all (`InvalidMove`) and a
move the rules do not allow in the position (`ForbiddenMove`), for every game."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from tests.engine.strategies import games
from tests.profiles import examples

INVALID = engine.InvalidMove
FORBIDDEN = engine.ForbiddenMove

# (game, options, moves played first, text, kind of refusal, part of its sentence)
CASES = [
    ("tink", {}, (), "", INVALID, "the move is empty"),
    ("tink", {}, (), "S " * 60, INVALID, "too long to be a move"),
    ("tink", {}, (), "X d4", INVALID, "'x' is not a piece or a square"),
    ("tink", {}, (), "S i1", INVALID, "i1 is not on the board"),
    ("tink", {}, (), "M e4 d3", INVALID, "spends two pieces or none, not one"),
    ("tink", {}, (), "M e4 d3 d3", INVALID, "d3 is named twice"),
    ("tink", {}, (), "e4 d3 d5", INVALID, "say which piece goes on e4"),
    ("tink", {}, (), "M", INVALID, "say which square the medium goes on"),
    ("tink", {}, (), "S a1", FORBIDDEN, "the first piece must be a small on c3 to f6"),
    ("tink", {}, (), "pass", FORBIDDEN, "you cannot pass while you have a legal move"),
    ("tink", {}, ("S d4",), "S d4", FORBIDDEN, "d4 is taken"),
    ("tink", {}, ("S d4",), "M e4 d3 d5", FORBIDDEN, "there is no piece on d3"),
    ("tingle", {}, (), "coin k1", INVALID, "k1 is not on the board"),
    ("tingle", {}, (), "pawn", INVALID, "say which square the pawn goes on"),
    ("tingle", {}, (), "coin a1", FORBIDDEN, "the first piece must be a coin on c3 to h8"),
    ("tingle", {}, ("e5",), "pawn f6 e5 g7", FORBIDDEN, "e5 is not your piece"),
    ("folio", {}, (), "give purple", INVALID, "'purple' is not a piece"),
    ("folio", {}, (), "give RS BL", INVALID, "give one piece, not 2"),
    ("folio", {}, (), "i9 give RS", INVALID, "i9 is not on the board"),
    ("folio", {"grid": "fixed"}, ("give RS",), "e1 give BL", INVALID, "e1 is not on the board"),
    ("folio", {}, ("give RS",), "hello", INVALID, "'hello' is not a piece"),
    ("folio", {}, (), "d4 give BL", FORBIDDEN, "you are giving a piece now, not placing one"),
    ("folio", {}, ("give RS",), "give BL", FORBIDDEN, "start with the square for the red small"),
    ("folio", {}, ("give RS",), "d4", FORBIDDEN, "you must also give a piece"),
    ("folio", {}, ("give RS",), "a1 give BL", FORBIDDEN, "the first piece goes on d4"),
    ("folio", {}, ("give BL",), "d4 give BL", FORBIDDEN, "there is no blue large left"),
    ("bridge", {}, (), "c1", INVALID, "'c1' is not a move: write it like c1-d3"),
    ("bridge", {}, (), "hello", INVALID, "'hello' is not a move"),
    ("bridge", {}, (), "i1-d3", INVALID, "i1 is not on the board"),
    ("bridge", {}, (), "c1-c2", FORBIDDEN, "c2 is taken"),
    ("bridge", {}, (), "d4-e6", FORBIDDEN, "d4 is empty"),
    ("bridge", {}, (), "c8-d6", FORBIDDEN, "c8 is not your piece"),
    ("bridge", {}, (), "c1-e5", FORBIDDEN, "cannot reach e5 from c1"),
    ("bridge", {}, (), "first", FORBIDDEN, "who starts is chosen only between rounds"),
    ("bridge", {}, (), "pass", FORBIDDEN, "you have a legal move, so you cannot pass"),
]


def test_both_kinds_are_illegal_moves_and_value_errors() -> None:
    for kind in (INVALID, FORBIDDEN):
        assert issubclass(kind, engine.IllegalMove) and issubclass(kind, ValueError)
    assert not issubclass(INVALID, FORBIDDEN) and not issubclass(FORBIDDEN, INVALID)


@pytest.mark.parametrize(("name", "options", "moves", "text", "kind", "sentence"), CASES)
def test_each_refusal_is_of_its_kind(
    name: str,
    options: dict[str, object],
    moves: tuple[str, ...],
    text: str,
    kind: type[engine.IllegalMove],
    sentence: str,
) -> None:
    game = engine.new_game(name, 2, seed=5, **options)
    for move in moves:
        game.play(move)
    before = game.to_json()
    with pytest.raises(kind, match=sentence):
        game.play(text)
    assert game.to_json() == before


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_actions_around_a_game_refuse_by_kind(name: str) -> None:
    game = engine.new_game(name, 2, seed=5)
    with pytest.raises(FORBIDDEN, match="no move to take back"):
        game.take_back()
    with pytest.raises(INVALID, match="a resignation or time running out"):
        game.forfeit(0, engine.Ending.AGREEMENT)
    with pytest.raises(FORBIDDEN, match="no seat 3"):
        game.forfeit(2)
    with pytest.raises(INVALID, match="must be text"):
        game.play(None)  # type: ignore[arg-type]
    legal = game.legal_moves()[0]
    game.forfeit(0)
    for refused in (lambda: game.play(legal), game.agree_draw, lambda: game.forfeit(1)):
        with pytest.raises(FORBIDDEN, match="the game is over"):
            refused()
    with pytest.raises(INVALID):
        game.play("zz9 what")


def refusal_kind(game: engine.Game, text: str) -> type[engine.IllegalMove] | None:
    """The kind of refusal `text` meets in the game (which it may change), or None."""
    try:
        game.play(text)
    except INVALID:
        return INVALID
    except FORBIDDEN:
        return FORBIDDEN
    return None


@pytest.mark.parametrize("name", sorted(engine.GAMES))
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_whether_text_is_a_move_does_not_depend_on_the_position(
    name: str, data: st.DataObject
) -> None:
    source = data.draw(games(name), label="source")
    game = data.draw(games(name), label="game")
    spelled = [*source.legal_moves(), *source.history]
    text = data.draw(
        st.one_of(st.sampled_from(spelled), st.text(max_size=12)) if spelled else st.text(),
        label="text",
    )
    fresh = engine.new_game(name, game.players, seed=game.seed, **game.options)
    kind, fresh_kind = refusal_kind(game, text), refusal_kind(fresh, text)
    assert (kind is INVALID) == (fresh_kind is INVALID)
    if text in spelled:
        assert kind is not INVALID
