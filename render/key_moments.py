"""A review's key moments as one picture: for each, the board after the move played
beside the board after the better move (each with its last move framed, as every board
picture frames it), captioned, one moment a row at about a phone's width each board."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.lettering import fit, font, line
from render.palette import BACKGROUND, MUTED, TEXT, Rgb

BOARD = 340
GAP = 16
CAPTION = 64
WIDTH = 2 * BOARD + 3 * GAP
HEADING_SIZE = 24
CAPTION_SIZE = 20


@dataclass(frozen=True, slots=True)
class Moment:
    """A key moment: its heading, the board after the move played, and the board after
    the better move with its caption (None when no better move is known)."""

    heading: str
    played: bytes
    played_caption: str
    better: bytes | None = None
    better_caption: str = ""


def key_moments_png(moments: Sequence[Moment]) -> bytes:
    """The moments, one a row: the played board left, the better one right."""
    rows = [
        [(_shrunk(moment.played), moment.played_caption)]
        + ([] if moment.better is None else [(_shrunk(moment.better), moment.better_caption)])
        for moment in moments
    ]
    heights = [CAPTION + max(board.height for board, _ in row) + GAP for row in rows]
    image = Image.new("RGB", (WIDTH, GAP + sum(heights)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    top = GAP
    for moment, row, height in zip(moments, rows, heights, strict=True):
        _letter(draw, moment.heading, HEADING_SIZE, (GAP, top), WIDTH - 2 * GAP, TEXT)
        for column, (board, said) in enumerate(row):
            left = GAP + column * (BOARD + GAP)
            _letter(draw, said, CAPTION_SIZE, (left, top + 32), BOARD, MUTED)
            image.paste(board, (left, top + CAPTION))
        top += height
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def _letter(
    draw: ImageDraw.ImageDraw, text: str, size: int, xy: tuple[int, int], width: int, fill: Rgb
) -> None:
    """`text` in any script with its top left at `xy`, cut to `width` pixels (a board's
    caption to the board's width)."""
    x, top = xy
    ascent, _ = font(size).getmetrics()
    line(fit(text, size, width), size).draw(draw, (x, top + ascent), fill, "ls")


def _shrunk(png: bytes) -> Image.Image:
    board = Image.open(io.BytesIO(png)).convert("RGB")
    board.thumbnail((BOARD, BOARD * 3), Image.Resampling.LANCZOS)
    return board
