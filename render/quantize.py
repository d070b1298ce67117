"""Palette quantising: the few colours a style's pictures are drawn in, and parts put in them.

Each style gets its own small palette, made from a sample of everything it can draw (a
sheet that `paint` draws): the flat colours exactly, every tint of a square that the
chosen colours would miss, and then the colours covering most of the sample. A part is drawn in
RGB once and quantized to the palette, without dithering, so the same part is the same
colour indexes in every picture.
"""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image

from render.palette import (
    BACKGROUND,
    DARK_SQUARE,
    LIGHT_SQUARE,
    MUTED,
    OUTLINE,
    TEXT,
    WHITE,
    Rgb,
)

EXACT_COLOURS = (BACKGROUND, TEXT, MUTED, LIGHT_SQUARE, DARK_SQUARE, OUTLINE, WHITE)
TINT_ERROR = 12
"""How far, in any channel, a tinted square's colour may be drawn from its true colour."""


def palette_for(sample: Image.Image, tints: Iterable[Rgb], colours: int) -> Image.Image:
    """A palette image of `colours` colours for pictures like the RGB `sample`: the flat
    colours, any of the squares' `tints` the others miss, then those covering most of it."""
    exact = list(EXACT_COLOURS)
    chosen = _most_covering(sample, colours - len(exact))
    missed = [tint for tint in tints if not _near(tint, [*exact, *chosen])]
    if missed:
        exact.extend(dict.fromkeys(missed))
        chosen = _most_covering(sample, colours - len(exact))
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for colour in (*exact, *chosen) for channel in colour])
    return palette


def indexed(image: Image.Image, palette: Image.Image) -> Image.Image:
    """The RGB `image` in the colours of `palette`, each pixel its nearest colour."""
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def _most_covering(sheet: Image.Image, count: int) -> list[Rgb]:
    flat = sheet.quantize(count, method=Image.Quantize.MAXCOVERAGE).getpalette() or []
    return [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]


def _near(colour: Rgb, palette: list[Rgb]) -> bool:
    """Whether the palette holds a colour within `TINT_ERROR` of `colour` in every channel:
    a tinted square fills too much of the board to be shown in a neighbouring hue."""
    return any(
        max(abs(a - b) for a, b in zip(colour, other, strict=True)) <= TINT_ERROR
        for other in palette
    )
