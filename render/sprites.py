"""Anti-aliased pieces: pyramids seen from above, piecepack coins and pawns, their marks.

Every sprite is drawn four times too big and scaled down, once per look and size,
then reused for every picture.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from render.lettering import font
from render.palette import OUTLINE, WHITE, Rgb, mix

SUPERSAMPLE = 4
PYRAMID_SCALES = {1: 0.54, 2: 0.72, 3: 0.9}
COIN_SCALE = 0.66
LIGHT_FILL = 200
"""The luminance (0-255) above which a coin's fill is too light for the light squares."""
DEEPENED = 0.2
"""How much darker such a fill is drawn."""
PAWN_SCALE = 0.86
PIP_RADIUS = 0.06
OUTLINE_WIDTH = 0.035

Point = tuple[float, float]


class Shape(Enum):
    """How a piece is drawn."""

    PYRAMID = "pyramid"
    COIN = "coin"
    PAWN = "pawn"


class Mark(Enum):
    """A symbol on top of a piece: the wild star or a piecepack suit."""

    NONE = ""
    STAR = "star"
    SUNS = "suns"
    MOONS = "moons"
    CROWNS = "crowns"
    ARMS = "arms"


@dataclass(frozen=True)
class Look:
    """Everything that decides a piece's picture.

    `size` is 1-3 (small to large) and sets a pyramid's width; `pips` dots are drawn
    on the face towards the viewer; `letter` goes in a disc on the apex.
    """

    shape: Shape
    size: int
    fill: Rgb
    pips: int = 0
    mark: Mark = Mark.NONE
    letter: str = ""


@lru_cache(maxsize=256)
def sprite(look: Look, pixels: int) -> Image.Image:
    """The piece as an RGBA square of `pixels` a side, transparent around it."""
    big = pixels * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    centre = big / 2
    if look.shape is Shape.PYRAMID:
        _pyramid(draw, centre, big * PYRAMID_SCALES[look.size], look.fill, big)
        _pips(draw, centre, big * PYRAMID_SCALES[look.size], look.pips, big)
        symbol_size = big * 0.3
    elif look.shape is Shape.COIN:
        _coin(draw, centre, big * COIN_SCALE, look.fill, big)
        symbol_size = big * COIN_SCALE * 0.62
    else:
        _pawn(draw, centre, look.fill, big)
        symbol_size = big * 0.4
    if look.mark is not Mark.NONE:
        _paste_symbol(image, look.mark, symbol_size)
    if look.letter:
        _letter_disc(draw, centre, look.letter, big, crowded=look.pips > 0)
    return image.resize((pixels, pixels), Image.Resampling.LANCZOS)


def _width(big: int) -> int:
    return max(2, round(big * OUTLINE_WIDTH))


def _pyramid(draw: ImageDraw.ImageDraw, centre: float, side: float, fill: Rgb, big: int) -> None:
    half = side / 2
    c = (centre, centre)
    nw, ne = (centre - half, centre - half), (centre + half, centre - half)
    sw, se = (centre - half, centre + half), (centre + half, centre + half)
    faces = (
        ((nw, ne, c), mix(fill, WHITE, 0.35)),
        ((nw, sw, c), mix(fill, WHITE, 0.15)),
        ((ne, se, c), mix(fill, OUTLINE, 0.15)),
        ((sw, se, c), mix(fill, OUTLINE, 0.3)),
    )
    for points, shade in faces:
        draw.polygon(points, fill=shade)
    ridge = max(1, _width(big) // 2)
    draw.line((nw, se), fill=mix(fill, OUTLINE, 0.55), width=ridge)
    draw.line((ne, sw), fill=mix(fill, OUTLINE, 0.55), width=ridge)
    draw.rectangle((nw, se), outline=OUTLINE, width=_width(big))


def _circle(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    radius: float,
    fill: Rgb | None,
    width: int,
    outline: Rgb = OUTLINE,
) -> None:
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill, outline, width)


def _pips(draw: ImageDraw.ImageDraw, centre: float, side: float, count: int, big: int) -> None:
    radius = big * PIP_RADIUS
    y = centre + side / 2 - radius * 1.7
    for index in range(count):
        x = centre + (index - (count - 1) / 2) * radius * 2.9
        _circle(draw, (x, y), radius, WHITE, max(1, _width(big) // 2))


def _coin(draw: ImageDraw.ImageDraw, centre: float, diameter: float, fill: Rgb, big: int) -> None:
    """A disc, its rim drawn lighter; a fill as light as the squares (yellow) is deepened,
    or it would fade into them and into the pink of a winning line."""
    red, green, blue = fill
    if 0.299 * red + 0.587 * green + 0.114 * blue > LIGHT_FILL:
        fill = mix(fill, OUTLINE, DEEPENED)
    _circle(draw, (centre, centre), diameter / 2, fill, _width(big))
    rim = mix(fill, WHITE, 0.45)
    _circle(draw, (centre, centre), diameter * 0.4, None, max(1, _width(big) // 2), rim)


def _pawn(draw: ImageDraw.ImageDraw, centre: float, fill: Rgb, big: int) -> None:
    """An octagonal base under a round head: no disc, so that at a glance (and shrunk to a
    phone's width) it is never taken for the coin."""
    base, head = mix(fill, OUTLINE, 0.2), mix(fill, WHITE, 0.2)
    radius = big * PAWN_SCALE / 2 / math.cos(math.pi / 8)
    corners = [
        (centre + radius * math.cos(angle), centre + radius * math.sin(angle))
        for angle in (math.pi / 8 + step * math.pi / 4 for step in range(8))
    ]
    draw.polygon(corners, fill=base, outline=OUTLINE, width=_width(big))
    _circle(draw, (centre, centre), big * 0.28, head, _width(big))


def _letter_disc(
    draw: ImageDraw.ImageDraw, centre: float, letter: str, big: int, crowded: bool
) -> None:
    """A letter in a white disc on the apex, moved up and made smaller to clear any pips."""
    radius = big * (0.14 if crowded else 0.17)
    x, y = centre, centre - (big * 0.06 if crowded else 0)
    _circle(draw, (x, y), radius, WHITE, _width(big))
    draw.text((x, y), letter, fill=OUTLINE, font=font(round(radius * 1.5)), anchor="mm")


def _paste_symbol(image: Image.Image, mark: Mark, size: float) -> None:
    """A white symbol `size` pixels across with a dark rim, centred on the image."""
    box = round(size)
    shape = Image.new("L", (box, box), 0)
    _SYMBOLS[mark](ImageDraw.Draw(shape), box)
    rim_size = 2 * max(1, round(image.width * OUTLINE_WIDTH / 2)) + 1
    rim = shape.filter(ImageFilter.MaxFilter(rim_size))
    corner = ((image.width - box) // 2, (image.height - box) // 2)
    image.paste(Image.new("RGBA", (box, box), (*OUTLINE, 255)), corner, rim)
    image.paste(Image.new("RGBA", (box, box), (*WHITE, 255)), corner, shape)


def _polygon_around(
    cx: float, cy: float, radii: tuple[float, ...], points: int, turn: float = 0.0
) -> list[Point]:
    """Points at the given radii in turn, evenly spaced, starting straight up."""
    count = points * len(radii)
    return [
        (
            cx + radii[i % len(radii)] * math.sin(2 * math.pi * i / count + turn),
            cy - radii[i % len(radii)] * math.cos(2 * math.pi * i / count + turn),
        )
        for i in range(count)
    ]


def _star(draw: ImageDraw.ImageDraw, box: int) -> None:
    c = box / 2
    draw.polygon(_polygon_around(c, c * 1.08, (0.46 * box, 0.2 * box), 5), fill=255)


def _sun(draw: ImageDraw.ImageDraw, box: int) -> None:
    c = box / 2
    draw.polygon(_polygon_around(c, c, (0.44 * box, 0.26 * box), 8), fill=255)
    r = 0.25 * box
    draw.ellipse((c - r, c - r, c + r, c + r), fill=255)


def _moon(draw: ImageDraw.ImageDraw, box: int) -> None:
    c, r = box / 2, 0.4 * box
    draw.ellipse((c - r, c - r, c + r, c + r), fill=255)
    shift = 0.3 * box
    draw.ellipse((c - r + shift, c - r - shift * 0.4, c + r + shift, c + r - shift * 0.4), fill=0)


def _crown(draw: ImageDraw.ImageDraw, box: int) -> None:
    unit = box / 10
    outline = [(1, 8), (1, 2.5), (3, 5.5), (5, 1.5), (7, 5.5), (9, 2.5), (9, 8)]
    draw.polygon([(x * unit, y * unit) for x, y in outline], fill=255)


def _arms(draw: ImageDraw.ImageDraw, box: int) -> None:
    """A fleur-de-lis: a tall middle petal, two curled side petals, a band and a foot."""
    unit = box / 10
    middle = [(5, 0.5), (6.5, 3.5), (5.8, 6.5), (4.2, 6.5), (3.5, 3.5)]
    draw.polygon([(x * unit, y * unit) for x, y in middle], fill=255)
    for side in (-1, 1):
        petal = [(5, 6.5), (5 + side * 4.5, 2.5), (5 + side * 4, 5), (5 + side * 2.5, 7)]
        draw.polygon([(x * unit, y * unit) for x, y in petal], fill=255)
    draw.rectangle((2.5 * unit, 6 * unit, 7.5 * unit, 7.2 * unit), fill=255)
    draw.polygon([(x * unit, y * unit) for x, y in [(4, 7), (6, 7), (5, 9.5)]], fill=255)


_SYMBOLS = {
    Mark.STAR: _star,
    Mark.SUNS: _sun,
    Mark.MOONS: _moon,
    Mark.CROWNS: _crown,
    Mark.ARMS: _arms,
}
