"""A player's statistics as a PNG card, from plain values: their name and board, the rating
with its place, a line of the rating over the last games, the record, the best rating and
streak, and the tournaments won.

Drawn twice the width chat shows it on a phone (about 340 px), so that its smallest
figures stay legible there.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.lettering import fit, line
from render.palette import FAINT_INK, INK, PAPER
from render.words import PictureWords

WIDTH = 680
MARGIN = 24
TITLE = 34
FIGURE = 64
TEXT = 26
ROW = 38
CHART = 150
LABELS = 96
"""Room at the chart's right for its lowest and highest ratings."""
SHOWN_TROPHIES = 4
TRACK = (232, 235, 240)
LINE = (46, 110, 200)
GOLD = (196, 150, 28)


@dataclass(frozen=True, slots=True)
class StatsCard:
    """What the card shows, as words and figures already written: `history` is the rating
    after each of the last games, oldest first."""

    title: str
    rating: str
    place: str
    history: tuple[float, ...]
    lines: tuple[str, ...]
    trophies: tuple[str, ...] = ()


def stats_card_png(card: StatsCard, words: PictureWords) -> bytes:
    """The picture of `card`, the line under trophies cut short said by `words`."""
    shown = list(card.trophies[:SHOWN_TROPHIES])
    if len(card.trophies) > SHOWN_TROPHIES:
        shown.append(words.more(len(card.trophies) - SHOWN_TROPHIES))
    height = MARGIN * 2 + TITLE + FIGURE + CHART + ROW * (len(card.lines) + len(shown) + 1)
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    inner = WIDTH - 2 * MARGIN
    y = MARGIN + TITLE / 2
    line(fit(card.title, TITLE, inner), TITLE).draw(draw, (MARGIN, y), INK)
    y = MARGIN + TITLE + FIGURE / 2 + 8
    line(card.rating, FIGURE).draw(draw, (MARGIN, y), INK)
    line(fit(card.place, TEXT, inner // 2), TEXT).draw(draw, (WIDTH - MARGIN, y), FAINT_INK, "rm")
    top = MARGIN + TITLE + FIGURE + 16
    _chart(draw, card.history, (MARGIN, top, WIDTH - MARGIN, top + CHART - 24), words)
    y = top + CHART
    for text in card.lines:
        line(fit(text, TEXT, inner), TEXT).draw(draw, (MARGIN, y + ROW / 2), INK)
        y += ROW
    for text in shown:
        draw.ellipse((MARGIN, y + ROW / 2 - 9, MARGIN + 18, y + ROW / 2 + 9), fill=GOLD)
        line(fit(text, TEXT, inner - 30), TEXT).draw(draw, (MARGIN + 30, y + ROW / 2), INK)
        y += ROW
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def _chart(
    draw: ImageDraw.ImageDraw,
    values: Sequence[float],
    box: tuple[int, int, int, int],
    words: PictureWords,
) -> None:
    """The rating over the games, scaled to fill `box`, its lowest and highest marked."""
    left, top, right, bottom = box
    draw.rectangle(box, fill=TRACK)
    if len(values) < 2:
        return
    low, high = min(values), max(values)
    span = high - low or 1.0
    step = (right - left - 8 - LABELS) / (len(values) - 1)
    points = [
        (left + 8 + i * step, bottom - 8 - (value - low) / span * (bottom - top - 16))
        for i, value in enumerate(values)
    ]
    draw.line(points, fill=LINE, width=4, joint="curve")
    line(words.number(high, 1), TEXT - 6).draw(draw, (right - 6, top + 14), FAINT_INK, "rm")
    line(words.number(low, 1), TEXT - 6).draw(draw, (right - 6, bottom - 14), FAINT_INK, "rm")
