"""A finished game's review as a graph: each player's expected score after every move
(the line in their seat's colour), the graded moves marked on their mover's line.

Drawn at twice the width chat shows it on a phone (about 360 px), in the pictures'
palette and font, so the lines and marks stay legible there.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.lettering import fit, font, line, printable
from render.palette import BACKGROUND, MUTED, SEAT_COLOURS, TEXT, WINNING, YELLOW, mix
from render.words import Label, PictureWords

WIDTH, HEIGHT = 720, 400
LEFT, RIGHT, TOP, BOTTOM = 64, 20, 56, 76
LINE = 4
NAME_WIDTH = 250
"""The most a player's name takes in the legend, in pixels."""
MARK = 7
GRADE_COLOURS = {
    "miss": WINNING,
    "blunder": (230, 60, 50),
    "mistake": (240, 150, 60),
    "inaccuracy": YELLOW,
}
"""Each grade's colour, as the legend says."""
Point = Callable[[int, float], tuple[float, float]]
"""Where a position's value is drawn."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A graded move: the position it led to (1 = after the first move), the seat that
    made it, and its grade's name (a key of `GRADE_COLOURS`)."""

    position: int
    seat: int
    grade: str


def review_graph_png(
    names: Sequence[str],
    curve: Sequence[Sequence[float]],
    marks: Sequence[Mark],
    words: PictureWords,
) -> bytes:
    """The graph of `curve` (each position's expected score of every seat, the start
    first) with `marks`, the players named in the legend, its labels said by `words`."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    plot_width, plot_height = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    last = max(len(curve) - 1, 1)

    def point(position: int, value: float) -> tuple[float, float]:
        return (LEFT + plot_width * position / last, TOP + plot_height * (1 - value))

    _axes(draw, last, point, words.label(Label.MOVES))
    for seat in range(len(names)):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        line = [point(index, values[seat]) for index, values in enumerate(curve)]
        if len(line) > 1:
            draw.line(line, fill=colour, width=LINE, joint="curve")
    for mark in marks:
        x, y = point(mark.position, curve[mark.position][mark.seat])
        colour = GRADE_COLOURS[mark.grade]
        draw.ellipse((x - MARK, y - MARK, x + MARK, y + MARK), fill=colour, outline=BACKGROUND)
    _legend(draw, names, words)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def _axes(draw: ImageDraw.ImageDraw, last: int, point: Point, moves: str) -> None:
    """Lines at 0, 50 and 100 percent, labelled, and the moves counted below."""
    label = font(20)
    for value, text in ((1.0, "100%"), (0.5, "50%"), (0.0, "0%")):
        _, y = point(0, value)
        faint = mix(BACKGROUND, MUTED, 0.5 if value == 0.5 else 0.3)
        draw.line([(LEFT, y), (WIDTH - RIGHT, y)], fill=faint, width=1)
        draw.text((LEFT - 10, y), text, font=label, fill=MUTED, anchor="rm")
    steps = max(1, round(last / 6 / 5) * 5) if last > 10 else 1
    for position in range(0, last + 1, steps):
        x, _ = point(position, 0.0)
        draw.text((x, HEIGHT - BOTTOM + 8), str(position), font=label, fill=MUTED, anchor="mt")
    line(moves, 20).draw(draw, (WIDTH - RIGHT, HEIGHT - BOTTOM + 45), MUTED, "rs")


def _legend(draw: ImageDraw.ImageDraw, names: Sequence[str], words: PictureWords) -> None:
    """The players by their line's colour, then the grades' colours."""
    x = LEFT
    for seat, name in enumerate(names):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        draw.line([(x, 26), (x + 24, 26)], fill=colour, width=LINE)
        shown = line(fit(printable(name, words.player(seat + 1)), 22, NAME_WIDTH), 22)
        shown.draw(draw, (x + 32, 26), TEXT)
        x += 32 + int(shown.width) + 24
    x = LEFT
    for grade, colour in GRADE_COLOURS.items():
        draw.ellipse((x, HEIGHT - 22 - MARK, x + 2 * MARK, HEIGHT - 22 + MARK), fill=colour)
        said = line(words.grade(grade), 18)
        said.draw(draw, (x + 2 * MARK + 6, HEIGHT - 22), MUTED)
        x += 2 * MARK + 12 + int(said.width) + 18
