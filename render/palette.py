"""Colours and lettering shared by every picture.

Seat and piece colours come from the Okabe-Ito palette, which stays distinct for
the common kinds of colour blindness; every piece also has a dark outline and a
shape or pips, so nothing depends on colour alone.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from PIL import ImageFont

Rgb = tuple[int, int, int]

WHITE: Rgb = (250, 250, 247)
OUTLINE: Rgb = (26, 27, 31)
BACKGROUND: Rgb = (36, 40, 48)
TEXT: Rgb = (242, 242, 240)
TO_MOVE: Rgb = (58, 62, 70)
MUTED: Rgb = (163, 171, 184)
LIGHT_SQUARE: Rgb = (238, 229, 208)
DARK_SQUARE: Rgb = (188, 170, 138)
LAST_MOVE: Rgb = (86, 180, 233)
WINNING: Rgb = (204, 121, 167)
ALLOWED: Rgb = (40, 44, 52)

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


@lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled scalable font, so pictures look the same on every machine."""
    bundled = ImageFont.load_default(size=size)
    if not isinstance(bundled, ImageFont.FreeTypeFont):
        raise RuntimeError("Pillow was built without FreeType, which board pictures need")
    return bundled.font_variant(layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=1024)
def _drawable(character: str) -> bool:
    return character == " " or bytes(font(20).getmask(character)) != _missing_glyph()


@lru_cache(maxsize=1)
def _missing_glyph() -> bytes:
    return bytes(font(20).getmask("\uffff"))


def printable(name: str, fallback: str) -> str:
    """`name` with accents dropped and characters the font lacks removed; `fallback` if empty."""
    decomposed = unicodedata.normalize("NFKD", name)
    kept = "".join(c for c in decomposed if not unicodedata.combining(c) and _drawable(c))
    text = " ".join(kept.split())
    return text if any(c.isalnum() for c in text) else fallback


def fit(text: str, size: int, width: int) -> str:
    """`text` shortened with an ellipsis so that it is at most `width` pixels wide."""
    face = font(size)
    if face.getlength(text) <= width:
        return text
    short, long = 0, min(len(text), width)
    while short < long:
        middle = (short + long + 1) // 2
        if face.getlength(text[:middle] + "…") <= width:
            short = middle
        else:
            long = middle - 1
    return text[:short].rstrip() + "…"
