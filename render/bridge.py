"""Bridge: knights, bishops and kings of pyramids between two coloured home edges."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import engine
from engine.bridge import BridgeGame
from render.canvas import BoardStyle, Scene
from render.palette import SEAT_COLOURS
from render.scene import board_marks, headline, seat_lines
from render.sprites import Look, Shape

MOVES = {engine.Size.SMALL: "K", engine.Size.MEDIUM: "B", engine.Size.LARGE: "N"}
"""The chess piece each size moves like: king, bishop, knight."""


@cache
def bridge_look(size: engine.Size, seat: int) -> Look:
    """A pyramid with the letter of the chess piece it moves like."""
    return Look(Shape.PYRAMID, size, SEAT_COLOURS[seat], letter=MOVES[size])


BRIDGE = BoardStyle(
    "bridge",
    8,
    8,
    looks=tuple(bridge_look(size, seat) for seat in range(2) for size in engine.Size),
    edges=(SEAT_COLOURS[0], SEAT_COLOURS[1]),
)


def bridge_scene(game: engine.Game, names: Sequence[str]) -> Scene:
    """Bridge as it stands; in a match, the round and each player's total."""
    if not isinstance(game, BridgeGame):
        raise TypeError(f"a Bridge picture needs a Bridge game, not {game.name}")
    view = game.view()

    def note(seat: int) -> str:
        if game.is_match:
            return f"{game.totals[seat]} points"
        return f"home rank {1 if seat == 0 else 8}"

    return Scene(
        BRIDGE,
        _bridge_headline(game, names),
        seat_lines(
            game,
            view,
            names,
            lambda seat: bridge_look(engine.Size.LARGE, seat),
            lambda seat: (),
            note,
        ),
        {square: bridge_look(piece.size, piece.colour) for square, piece in view.squares.items()},
        board_marks(view),
    )


def _bridge_headline(game: BridgeGame, names: Sequence[str]) -> str:
    if not game.is_match or game.result is not None:
        return headline(game, names)
    if game.choosing and game.to_move is not None:
        return f"Round {game.round} over: {names[game.to_move]} chooses who starts next"
    return f"Round {game.round} · {headline(game, names)}"
