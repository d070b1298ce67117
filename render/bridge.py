"""Bridge: knights, bishops and kings of pyramids between two coloured home edges.

A bridge that waits for the other player's one answering move (the delayed win) is
ringed like a winning one, and the headline says an answer is due.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import cache

import engine
from render.model import BoardStyle, Marks, Scene
from render.palette import SEAT_COLOURS
from render.scene import board_marks, headline, register_scene, seat_lines
from render.sprites import Look, Shape
from render.words import PictureWords

LETTERS = engine.GAMES["bridge"].size_letters
"""K, B, N, smallest first: the chess piece each size moves like, as moves name it."""


@cache
def bridge_look(size: engine.Size, seat: int) -> Look:
    """A pyramid with the letter of the chess piece it moves like."""
    return Look(Shape.PYRAMID, size, SEAT_COLOURS[seat], letter=LETTERS[size - 1])


BRIDGE = BoardStyle(
    "bridge",
    8,
    8,
    looks=tuple(bridge_look(size, seat) for seat in range(2) for size in engine.Size),
    edges=(SEAT_COLOURS[0], SEAT_COLOURS[1]),
)


@register_scene("bridge")
def bridge_scene(game: engine.Game, names: Sequence[str], words: PictureWords) -> Scene:
    """Bridge as it stands; in a match, the round and each player's total."""
    view = game.view()
    match = view.match

    def note(seat: int) -> str:
        if match is not None:
            return words.points(match.totals[seat])
        return words.home_rank(1 if seat == 0 else view.height)

    return Scene(
        BRIDGE,
        _bridge_headline(game, view, names, words),
        seat_lines(
            game,
            view,
            names,
            lambda seat: bridge_look(engine.Size.LARGE, seat),
            lambda seat: (),
            words,
            note,
        ),
        {square: bridge_look(piece.size, piece.colour) for square, piece in view.squares.items()},
        _marks(view),
    )


def _marks(view: engine.BoardView) -> dict[str, Marks]:
    """The last move, and the bridge built or the one waiting for its answer."""
    marks = board_marks(view)
    for square in view.to_answer:
        marks[square] = dataclasses.replace(marks.get(square, Marks()), win=True)
    return marks


def _bridge_headline(
    game: engine.Game, view: engine.BoardView, names: Sequence[str], words: PictureWords
) -> str:
    match = view.match
    if view.to_answer and game.to_move is not None:
        return words.to_answer(names[game.to_move])
    if match is None or game.result is not None:
        return headline(game, names, words)
    if match.between_rounds and game.to_move is not None:
        return words.round_over(match.round, names[game.to_move])
    return words.in_round(match.round, headline(game, names, words))
