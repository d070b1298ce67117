"""Folio: pieces in their own four colours, the squares open to the piece in hand, the pool."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

import engine
from render.model import BoardStyle, Marks, Scene, Strip, Token
from render.palette import BLUE, GREEN, VERMILLION, YELLOW
from render.scene import board_marks, headline, register_scene, seat_lines
from render.sprites import Look, Shape
from render.words import Label, PictureWords

COLOURS = (VERMILLION, YELLOW, GREEN, BLUE)
FOLIO = engine.GAMES["folio"]
"""The game's naming: the letters of its colours and sizes, and the codes they make."""


@cache
def folio_look(piece: engine.Piece) -> Look:
    """A pyramid with 1-3 pips for its size and its colour's initial on the apex."""
    return Look(
        Shape.PYRAMID,
        piece.size,
        COLOURS[piece.colour],
        pips=piece.size,
        letter=FOLIO.colour_letters[piece.colour],
    )


_LOOKS = tuple(
    folio_look(engine.Piece(size, colour)) for colour in range(4) for size in engine.Size
)
FLOATING = BoardStyle("folio", 8, 8, looks=_LOOKS)
FIXED = BoardStyle("folio-fixed", 4, 4, looks=_LOOKS)


@register_scene("folio")
def folio_scene(game: engine.Game, names: Sequence[str], words: PictureWords) -> Scene:
    """Folio as it stands, with the piece to place and the pieces left to give."""
    view = game.view()
    hand = view.in_hand
    over = game.result is not None
    marks = board_marks(view)
    for square in view.allowed:
        marks[square] = Marks(allowed=True)

    def note(seat: int) -> str:
        if game.to_move != seat:
            return ""
        return words.label(Label.GIVES if hand is None else Label.PLACES)

    return Scene(
        FIXED if view.width == 4 else FLOATING,
        headline(game, names, words),
        seat_lines(game, view, names, lambda seat: None, lambda seat: (), words, note),
        {square: folio_look(piece) for square, piece in view.squares.items()},
        marks,
        (
            Strip(words.label(Label.TO_PLACE), () if hand is None or over else (_token(hand),)),
            Strip(words.label(Label.POOL), () if over else _tokens(view.pool), rows=2),
        ),
    )


@cache
def _token(piece: engine.Piece, count: int = 1) -> Token:
    """A piece under the board: plain, with its code (`RS`) written large on it."""
    look = Look(Shape.PYRAMID, piece.size, COLOURS[piece.colour])
    return Token(look, FOLIO.piece_code(piece), count)


def _tokens(pool: Sequence[engine.Piece]) -> tuple[Token, ...]:
    """The pool, each kind of piece once with how many there are, in the pool's order."""
    counts = Counter(pool)
    return tuple(_token(piece, count) for piece, count in counts.items())
