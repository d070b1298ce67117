"""A tournament's crosstable as a PNG, from plain values: one row per player, a column per
opponent (numbered by their row), then points and the tie-break.

Drawn at twice the size chat shows it (about 360 px wide on a phone) for 16 players, so
its figures stay legible there; a field of fewer players makes a narrower picture.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.lettering import fit, line

TEXT = 22
ROW = 34
CELL = 26
PLACE = 40
NAME = 150
FIGURE = 56
MARGIN = 12
INK = (32, 33, 36)
FAINT = (120, 124, 130)
PAPER = (255, 255, 255)
STRIPE = (242, 244, 247)
ASKER = (255, 240, 196)
SELF = (205, 208, 214)


@dataclass(frozen=True, slots=True)
class CrossRow:
    """A player's row: `cells[i]` is their result against the player of row i (`1`, `½`,
    `0`, empty when not played, None for themselves); `asker` marks whoever asked."""

    place: str
    name: str
    cells: tuple[str | None, ...]
    points: str
    tie_break: str
    asker: bool = False


def crosstable_png(title: str, tie_break: str, rows: Sequence[CrossRow]) -> bytes:
    """The picture of `rows`, headed by `title`; `tie_break` names the last column."""
    count = len(rows)
    width = 2 * MARGIN + PLACE + NAME + count * CELL + 2 * FIGURE
    height = 2 * MARGIN + 2 * ROW + count * ROW
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    line(fit(title, TEXT, width - 2 * MARGIN), TEXT).draw(draw, (MARGIN, MARGIN + ROW / 2), INK)
    top = MARGIN + ROW
    first_cell = MARGIN + PLACE + NAME
    points_x = first_cell + count * CELL
    headings = [(str(i + 1), first_cell + i * CELL + CELL / 2) for i in range(count)]
    headings += [("Pts", points_x + FIGURE / 2), (tie_break, points_x + 1.5 * FIGURE)]
    for text, x in headings:
        line(text, TEXT - 6).draw(draw, (x, top + ROW / 2), FAINT, "mm")
    for index, row in enumerate(rows):
        y = top + ROW * (index + 1)
        fill = ASKER if row.asker else STRIPE if index % 2 else PAPER
        draw.rectangle((MARGIN, y, width - MARGIN, y + ROW - 1), fill=fill)
        middle = y + ROW / 2
        line(row.place, TEXT).draw(draw, (MARGIN + PLACE - 8, middle), INK, "rm")
        name = fit(row.name, TEXT, NAME - 8)
        line(name, TEXT).draw(draw, (MARGIN + PLACE, middle), INK)
        for column, cell in enumerate(row.cells):
            x = first_cell + column * CELL
            if cell is None:
                draw.rectangle((x + 2, y + 2, x + CELL - 2, y + ROW - 3), fill=SELF)
            elif cell:
                line(cell, TEXT).draw(draw, (x + CELL / 2, middle), INK, "mm")
        line(row.points, TEXT).draw(draw, (points_x + FIGURE / 2, middle), INK, "mm")
        line(row.tie_break, TEXT).draw(draw, (points_x + 1.5 * FIGURE, middle), INK, "mm")
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()
