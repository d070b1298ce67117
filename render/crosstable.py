"""A tournament's crosstable as a PNG, from plain values: one row per player, a column per
opponent (numbered by their row), then a bye column when someone had one, points, the
tie-break, and a direct encounter column when it decided a place.

Drawn at most twice the size chat shows it (about 360 px wide on a phone) for 16 players,
so its figures stay legible there: the names give up width to the bye and direct
encounter columns; a field of fewer players makes a narrower picture.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.lettering import fit, line
from render.palette import FAINT_INK, INK, PAPER
from render.words import Label, PictureWords

TEXT = 22
ROW = 34
CELL = 26
PLACE = 36
NAME = 150
FIGURE = 52
BYE = 34
DIRECT = 34
MARGIN = 12
WIDEST = 752
"""The widest picture: 16 players with every column, about twice a phone's width."""
STRIPE = (242, 244, 247)
ASKER = (255, 240, 196)
SELF = (205, 208, 214)


@dataclass(frozen=True, slots=True)
class CrossRow:
    """A player's row: `cells[i]` is their result against the player of row i (`1`, `½`,
    `0`, empty when not played, None for themselves); `bye` the points of their bye (`+1`,
    empty without one); `direct` their direct encounter score, empty where it decided
    nothing; `asker` marks whoever asked."""

    place: str
    name: str
    cells: tuple[str | None, ...]
    points: str
    tie_break: str
    asker: bool = False
    bye: str = ""
    direct: str = ""


def crosstable_png(
    title: str, tie_break: str, rows: Sequence[CrossRow], words: PictureWords
) -> bytes:
    """The picture of `rows`, headed by `title`; `tie_break` names the column after the
    points, `words` the others. A bye column and a direct encounter column are drawn only
    when a row has something in them."""
    count = len(rows)
    bye = BYE if any(row.bye for row in rows) else 0
    direct = DIRECT if any(row.direct for row in rows) else 0
    rest = 2 * MARGIN + PLACE + count * CELL + bye + 2 * FIGURE + direct
    name_width = min(NAME, WIDEST - rest)
    width = rest + name_width
    height = 2 * MARGIN + 2 * ROW + count * ROW
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    line(fit(title, TEXT, width - 2 * MARGIN), TEXT).draw(draw, (MARGIN, MARGIN + ROW / 2), INK)
    top = MARGIN + ROW
    first_cell = MARGIN + PLACE + name_width
    bye_x = first_cell + count * CELL + bye / 2
    points_x = first_cell + count * CELL + bye + FIGURE / 2
    tie_break_x = points_x + FIGURE
    direct_x = tie_break_x + FIGURE / 2 + direct / 2
    small = TEXT - 6

    def heading(text: str, room: int) -> str:
        return fit(text, small, room - 4)

    headings = [(str(i + 1), first_cell + i * CELL + CELL / 2) for i in range(count)]
    headings += [(heading(words.label(Label.BYE), BYE), bye_x)] if bye else []
    headings += [(heading(words.label(Label.POINTS), FIGURE), points_x)]
    headings += [(heading(tie_break, FIGURE), tie_break_x)]
    headings += [(heading(words.label(Label.DIRECT), DIRECT), direct_x)] if direct else []
    for text, x in headings:
        line(text, small).draw(draw, (x, top + ROW / 2), FAINT_INK, "mm")
    for index, row in enumerate(rows):
        y = top + ROW * (index + 1)
        fill = ASKER if row.asker else STRIPE if index % 2 else PAPER
        draw.rectangle((MARGIN, y, width - MARGIN, y + ROW - 1), fill=fill)
        middle = y + ROW / 2
        line(row.place, TEXT).draw(draw, (MARGIN + PLACE - 8, middle), INK, "rm")
        name = fit(row.name, TEXT, name_width - 8)
        line(name, TEXT).draw(draw, (MARGIN + PLACE, middle), INK)
        for column, cell in enumerate(row.cells):
            x = first_cell + column * CELL
            if cell is None:
                draw.rectangle((x + 2, y + 2, x + CELL - 2, y + ROW - 3), fill=SELF)
            elif cell:
                line(cell, TEXT).draw(draw, (x + CELL / 2, middle), INK, "mm")
        figures = [(row.bye, bye_x), (row.points, points_x), (row.tie_break, tie_break_x)]
        figures += [(row.direct, direct_x)]
        for text, x in figures:
            if text:
                line(text, TEXT).draw(draw, (x, middle), INK, "mm")
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()
