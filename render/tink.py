"""Tink on a chessboard, Tingle on piecepack tiles: the same scene, two looks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from PIL import ImageDraw

import engine
from render.model import BoardStyle, Layout, Scene
from render.palette import BACKGROUND, DARK_SQUARE, LIGHT_SQUARE, SEAT_COLOURS, mix
from render.scene import board_marks, headline, register_scene, seat_lines
from render.sprites import Look, Mark, Shape
from render.words import PictureWords

SUITS = (Mark.SUNS, Mark.MOONS, Mark.CROWNS, Mark.ARMS)
HOLE = mix(BACKGROUND, LIGHT_SQUARE, 0.18)
TILE_LINE = mix(DARK_SQUARE, BACKGROUND, 0.25)


@cache
def tink_look(size: engine.Size, colour: int) -> Look:
    """A pyramid with 1-3 pips; the large carries a star because it is wild."""
    mark = Mark.STAR if size is engine.Size.LARGE else Mark.NONE
    return Look(Shape.PYRAMID, size, SEAT_COLOURS[colour], pips=size, mark=mark)


@cache
def tingle_look(size: engine.Size, colour: int) -> Look:
    """A coin, a piecepack pyramid or a pawn, each with its suit's symbol."""
    shape = {1: Shape.COIN, 2: Shape.PYRAMID, 3: Shape.PAWN}[size]
    return Look(shape, size, SEAT_COLOURS[colour], mark=SUITS[colour])


def tile_kind(file: int, rank: int) -> int:
    """Which quarter of a 2x2 tile the square is, plus 4 inside the hole."""
    in_hole = file in (4, 5) and rank in (4, 5)
    return file % 2 + 2 * (rank % 2) + 4 * in_hole


def paint_tiles(draw: ImageDraw.ImageDraw, style: BoardStyle) -> None:
    """Twenty-four tiles of 2x2 spaces around the hole, whose four spaces are outlined."""
    step = style.square * 2
    for tile_file in range(5):
        for tile_rank in range(5):
            left, _, _, bottom = style.square_box(tile_file * 2, tile_rank * 2)
            box = (left, bottom + 1 - step, left + step - 1, bottom)
            if (tile_file, tile_rank) == (2, 2):
                _paint_hole(draw, box, style.layout)
            else:
                _paint_tile(draw, box, style.layout)


Box = tuple[int, int, int, int]


def _paint_tile(draw: ImageDraw.ImageDraw, box: Box, layout: Layout) -> None:
    left, top, right, bottom = box
    gap, inset, px = layout.px(2), layout.px(8), layout.px
    draw.rectangle(box, fill=BACKGROUND)
    face = (left + gap, top + gap, right - gap, bottom - gap)
    draw.rounded_rectangle(face, inset, fill=LIGHT_SQUARE)
    middle_x, middle_y = (left + right) // 2, (top + bottom) // 2
    draw.line((middle_x, top + inset, middle_x, bottom - inset), fill=TILE_LINE, width=px(3))
    draw.line((left + inset, middle_y, right - inset, middle_y), fill=TILE_LINE, width=px(3))


def _paint_hole(draw: ImageDraw.ImageDraw, box: Box, layout: Layout) -> None:
    left, top, right, bottom = box
    width = layout.px(2)
    draw.rectangle(box, fill=HOLE)
    middle_x, middle_y = (left + right) // 2, (top + bottom) // 2
    for offset in range(0, right - left, layout.px(12)):
        dash = (offset, offset + layout.px(6))
        draw.line((middle_x, top + dash[0], middle_x, top + dash[1]), fill=TILE_LINE, width=width)
        draw.line((left + dash[0], middle_y, left + dash[1], middle_y), fill=TILE_LINE, width=width)


def _all_looks(look: Callable[[engine.Size, int], Look]) -> tuple[Look, ...]:
    return tuple(look(size, seat) for seat in range(4) for size in engine.Size)


TINK = BoardStyle("tink", 8, 8, looks=_all_looks(tink_look))
TINGLE = BoardStyle(
    "tingle", 10, 10, paint=paint_tiles, kind=tile_kind, looks=_all_looks(tingle_look)
)


@register_scene("tink")
def tink_scene(game: engine.Game, names: Sequence[str], words: PictureWords) -> Scene:
    """Tink as it stands."""
    return _scene(game, names, words, TINK, tink_look)


@register_scene("tingle")
def tingle_scene(game: engine.Game, names: Sequence[str], words: PictureWords) -> Scene:
    """Tingle as it stands: Tink's scene on piecepack tiles."""
    return _scene(game, names, words, TINGLE, tingle_look)


def _scene(
    game: engine.Game,
    names: Sequence[str],
    words: PictureWords,
    style: BoardStyle,
    look: Callable[[engine.Size, int], Look],
) -> Scene:
    view = game.view()

    def stash(seat: int) -> tuple[tuple[Look, int], ...]:
        counts = view.stashes[seat]
        return tuple((look(size, seat), counts.get(size, 0)) for size in engine.Size)

    return Scene(
        style,
        headline(game, names, words),
        seat_lines(game, view, names, lambda seat: None, stash, words),
        {square: look(piece.size, piece.colour) for square, piece in view.squares.items()},
        board_marks(view),
    )
