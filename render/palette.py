"""Colours shared by every picture.

Seat and piece colours come from the Okabe-Ito palette, which stays distinct for
the common kinds of colour blindness; every piece also has a dark outline and a
shape or pips, so nothing depends on colour alone.
"""

from __future__ import annotations

Rgb = tuple[int, int, int]

WHITE: Rgb = (250, 250, 247)
OUTLINE: Rgb = (26, 27, 31)
BACKGROUND: Rgb = (36, 40, 48)
TEXT: Rgb = (242, 242, 240)
MUTED: Rgb = (163, 171, 184)
LIGHT_SQUARE: Rgb = (238, 229, 208)
DARK_SQUARE: Rgb = (188, 170, 138)
LAST_MOVE: Rgb = (86, 180, 233)
WINNING: Rgb = (204, 121, 167)
ALLOWED: Rgb = (40, 44, 52)

PAPER: Rgb = (255, 255, 255)
"""The ground of the pictures drawn like a printed table (crosstable, statistics card)."""
INK: Rgb = (32, 33, 36)
FAINT_INK: Rgb = (120, 124, 130)

VERMILLION: Rgb = (213, 94, 0)
BLUE: Rgb = (0, 114, 178)
YELLOW: Rgb = (240, 228, 66)
GREEN: Rgb = (0, 158, 115)
SEAT_COLOURS: tuple[Rgb, ...] = (VERMILLION, BLUE, YELLOW, GREEN)
"""Seat colours in turn order, for every game where seats have colours."""


def mix(colour: Rgb, other: Rgb, amount: float) -> Rgb:
    """`colour` moved `amount` (0-1) of the way towards `other`."""
    r, g, b = (round(a + (b - a) * amount) for a, b in zip(colour, other, strict=True))
    return (r, g, b)
