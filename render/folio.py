"""Folio: pieces in their own four colours, the squares open to the piece in hand, the pool."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import engine
from engine.folio import FolioGame
from render.canvas import BoardStyle, Marks, Scene, Strip
from render.palette import BLUE, GREEN, VERMILLION, YELLOW
from render.scene import board_marks, headline, seat_lines
from render.sprites import Look, Shape

COLOURS = (VERMILLION, YELLOW, GREEN, BLUE)
LETTERS = "RYGB"


@cache
def folio_look(piece: engine.Piece) -> Look:
    """A pyramid with 1-3 pips for its size and its colour's initial on the apex."""
    return Look(
        Shape.PYRAMID,
        piece.size,
        COLOURS[piece.colour],
        pips=piece.size,
        letter=LETTERS[piece.colour],
    )


_LOOKS = tuple(
    folio_look(engine.Piece(size, colour)) for colour in range(4) for size in engine.Size
)
FLOATING = BoardStyle("folio", 8, 8, looks=_LOOKS)
FIXED = BoardStyle("folio-fixed", 4, 4, looks=_LOOKS)


def folio_scene(game: engine.Game, names: Sequence[str]) -> Scene:
    """Folio as it stands, with the piece to place and the pieces left to give."""
    if not isinstance(game, FolioGame):
        raise TypeError(f"a Folio picture needs a Folio game, not {game.name}")
    view = game.view()
    hand = game.in_hand
    marks = board_marks(view)
    if hand is not None and game.result is None:
        for square in game.allowed_squares():
            marks[square] = Marks(allowed=True)

    def note(seat: int) -> str:
        if game.to_move != seat:
            return ""
        return "gives" if hand is None else "places"

    return Scene(
        FIXED if view.width == 4 else FLOATING,
        headline(game, names),
        seat_lines(game, view, names, lambda seat: None, lambda seat: (), note),
        {square: folio_look(piece) for square, piece in view.squares.items()},
        marks,
        (
            Strip("To place", () if hand is None else (folio_look(hand),)),
            Strip("Pool", tuple(folio_look(piece) for piece in game.pool)),
        ),
    )
