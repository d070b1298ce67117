"""Text in every script: fonts bundled with the package, right-to-left order, fallback.

Text is drawn with Noto Sans (Latin, Greek, Cyrillic); a character it lacks is drawn
with the first bundled font that has it: Noto Sans Hebrew, Noto Sans Arabic, Noto Sans
Devanagari, Noto Sans Thai, Noto Sans CJK, then Symbola for emoji. A character no font has
is left out, never the whole name.

Arabic letters are joined first (arabic-reshaper turns them into their presentation
forms), then the Unicode bidirectional algorithm (python-bidi) puts the line in visual
order, which is drawn left to right as runs of characters sharing a font. Pillow's basic
layout draws those runs glyph by glyph, the same on every machine, except in the scripts
whose letters change with their neighbours (`SHAPED`): Devanagari joins consonants into
conjuncts and puts vowel signs before, above or below them, Thai stacks its vowel and tone
marks. Their runs are shaped by libraqm where Pillow has it (`SHAPING`); without it they
are drawn glyph by glyph too, still legible but with their marks unplaced.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import arabic_reshaper  # type: ignore[import-untyped]
from bidi import get_display  # type: ignore[import-untyped]
from PIL import ImageDraw, ImageFont, features

from render.palette import Rgb

FONTS = Path(__file__).parent / "fonts"
FACES = (
    "NotoSans-Regular.ttf",
    "NotoSansHebrew-Regular.ttf",
    "NotoSansArabic-Regular.ttf",
    "NotoSansDevanagari-Regular.ttf",
    "NotoSansThai-Regular.ttf",
    "NotoSansCJKsc-Names.otf",
    "Symbola-Emoji.ttf",
)
"""The bundled fonts, in the order they are tried for a character."""
SHAPED = frozenset(
    FACES.index(name) for name in ("NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf")
)
"""The fonts (by place in `FACES`) whose runs libraqm shapes with their OpenType layout."""
SHAPING = features.check("raqm") is True
"""Whether this Pillow lays text out with libraqm (its wheels do where FriBiDi is found)."""
JOINERS = ("\u200c", "\u200d")
"""Zero width non-joiner and joiner: they choose a conjunct's form, so they are kept
between two letters of a shaped script (and left out elsewhere, like other format marks)."""
PROBE_SIZE = 20
FIRST_STRONG_ISOLATE = "\u2068"
POP_DIRECTIONAL_ISOLATE = "\u2069"

_RIGHT_TO_LEFT = re.compile(
    "[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\U00010800-\U00010fff\U0001e800-\U0001efff]"
)
_ARABIC = re.compile("[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff]")
_VISIBLE = ("L", "N", "S")
"""Categories of which a name needs one character to be worth drawing: letters, digits, symbols."""
VIRAMA = 9
"""The canonical combining class of a virama (Devanagari's halant ्): it joins two consonants."""
PREPOSED_VOWELS = frozenset("\u0e40\u0e41\u0e42\u0e43\u0e44\u0ec0\u0ec1\u0ec2\u0ec3\u0ec4")
"""Thai and Lao vowels typed before the consonant they are said after."""


@lru_cache(maxsize=64)
def face(index: int, size: int) -> ImageFont.FreeTypeFont:
    """One of the bundled fonts (by its place in `FACES`) at a size in pixels, laid out
    with libraqm if it is a shaped script's and Pillow has libraqm, else glyph by glyph."""
    shaped = SHAPING and index in SHAPED
    engine = ImageFont.Layout.RAQM if shaped else ImageFont.Layout.BASIC
    return ImageFont.truetype(str(FONTS / FACES[index]), size, layout_engine=engine)


def font(size: int) -> ImageFont.FreeTypeFont:
    """The main font, for text known to be Latin (coordinates, counts, labels)."""
    return face(0, size)


def isolated(text: str) -> str:
    """`text` marked to keep its own direction inside a sentence (a name in the headline)."""
    return f"{FIRST_STRONG_ISOLATE}{text}{POP_DIRECTIONAL_ISOLATE}"


def printable(name: str, fallback: str) -> str:
    """`name` without control characters and characters no font has; `fallback` if empty."""
    composed = unicodedata.normalize("NFC", name)
    kept = "".join(
        c
        for i, c in enumerate(composed)
        if c.isspace() or (_drawn(c) and _face_of(c) is not None) or _joining(composed, i)
    )
    text = " ".join(kept.split())
    visible = any(unicodedata.category(c)[0] in _VISIBLE for c in text)
    return text if visible else fallback


@dataclass(frozen=True)
class Line:
    """A line of text in visual order, as runs of characters that share a font."""

    runs: tuple[tuple[str, int], ...]
    size: int
    width: float = field(init=False)
    """Its advance in pixels."""

    def __post_init__(self) -> None:
        width = sum(_length(run, index, self.size) for run, index in self.runs)
        object.__setattr__(self, "width", width)

    def draw(
        self, draw: ImageDraw.ImageDraw, xy: tuple[float, float], fill: Rgb, anchor: str = "lm"
    ) -> None:
        """Draw it with `anchor` as Pillow's: l/m/r across, m (middle) or s (baseline) down."""
        x, y = xy
        horizontal, vertical = anchor[0], anchor[1]
        x -= {"l": 0.0, "m": self.width / 2, "r": self.width}[horizontal]
        if vertical == "m":
            ascent, descent = font(self.size).getmetrics()
            y += (ascent - descent) / 2
        for run, index in self.runs:
            draw.text((x, y), run, fill, face(index, self.size), "ls", direction=_direction(index))
            x += _length(run, index, self.size)


@lru_cache(maxsize=4096)
def line(text: str, size: int) -> Line:
    """`text` (in reading order) laid out: Arabic joined, put in visual order, split by font."""
    return visual_line(visual(text), size)


@lru_cache(maxsize=4096)
def visual_line(text: str, size: int) -> Line:
    """Text already in visual order (a piece of `visual`'s answer) split by font."""
    runs: list[tuple[str, int]] = []
    for character in text:
        current = runs[-1][1] if runs else None
        if character in JOINERS and current in SHAPED and _has_glyph(current, character):
            runs[-1] = (runs[-1][0] + character, current)
            continue
        if not _drawn(character):
            continue
        if current is not None and _shared(character) and _has_glyph(current, character):
            index: int | None = current
        else:
            index = _face_of(character)
        if index is None:
            continue
        if index == current:
            runs[-1] = (runs[-1][0] + character, index)
        else:
            runs.append((character, index))
    return Line(tuple(runs), size)


def visual(text: str) -> str:
    """`text` in the order it is drawn, left to right, with Arabic letters joined."""
    if not _RIGHT_TO_LEFT.search(text):
        return text
    if _ARABIC.search(text):
        text = arabic_reshaper.reshape(text)
    ordered: str = get_display(text)
    return ordered


def fit(text: str, size: int, width: int) -> str:
    """`text` shortened with an ellipsis so that it is at most `width` pixels wide.

    It is cut between letters, never inside one: a letter's marks and a conjunct stay whole.
    """
    if line(text, size).width <= width:
        return text
    cuts = [end for end in range(len(text)) if _may_cut(text, end)]
    short, long = 0, len(cuts) - 1
    while short < long:
        middle = (short + long + 1) // 2
        if line(text[: cuts[middle]].rstrip() + "…", size).width <= width:
            short = middle
        else:
            long = middle - 1
    return text[: cuts[short]].rstrip() + "…"


def _may_cut(text: str, end: int) -> bool:
    """Whether `text[:end]` ends between two letters: not before a mark or after a virama,
    joiner or a vowel written before the consonant it follows (Thai's เ, แ, โ, ใ, ไ)."""
    if end in (0, len(text)):
        return True
    after, before = text[end], text[end - 1]
    return not (
        unicodedata.category(after)[0] == "M"
        or after in JOINERS
        or before in JOINERS
        or unicodedata.combining(before) == VIRAMA
        or before in PREPOSED_VOWELS
    )


def _joining(text: str, at: int) -> bool:
    """Whether `text[at]` is a joiner between two letters of a shaped script."""
    if text[at] not in JOINERS or at == 0 or at + 1 == len(text):
        return False
    return all(
        _drawn(c) and _face_of(c) in SHAPED and unicodedata.category(c)[0] in "LM"
        for c in (text[at - 1], text[at + 1])
    )


def _length(run: str, index: int, size: int) -> float:
    """How far a run moves the pen."""
    return face(index, size).getlength(run, direction=_direction(index))


def _direction(index: int) -> str | None:
    """Left to right for a shaped run (the line is in visual order already), else the
    basic layout's (which takes no direction)."""
    return "ltr" if SHAPING and index in SHAPED else None


def _drawn(character: str) -> bool:
    """Whether the character is drawn at all: not a control, format or variation mark."""
    category = unicodedata.category(character)
    return category not in ("Cc", "Cf", "Cs", "Co", "Cn") and not (
        "\ufe00" <= character <= "\ufe0f"
    )


def _shared(character: str) -> bool:
    """Spaces, punctuation and digits: kept in the font of the run they stand in."""
    return character.isspace() or unicodedata.category(character)[0] in ("P", "Z", "N")


@lru_cache(maxsize=8192)
def _face_of(character: str) -> int | None:
    """The first bundled font that has the character, or None."""
    if character.isspace():
        return 0
    return next((i for i in range(len(FACES)) if _has_glyph(i, character)), None)


@lru_cache(maxsize=16384)
def _has_glyph(index: int, character: str) -> bool:
    """Whether a font draws the character as something other than its missing-glyph box."""
    return bytes(_probe(index).getmask(character)) != _missing_glyph(index)


@lru_cache(maxsize=len(FACES))
def _missing_glyph(index: int) -> bytes:
    return bytes(_probe(index).getmask("\uffff"))


@lru_cache(maxsize=len(FACES))
def _probe(index: int) -> ImageFont.FreeTypeFont:
    """A font laid out glyph by glyph, to see its own glyph for a character: shaping would
    draw a lone vowel sign on a dotted circle."""
    path = str(FONTS / FACES[index])
    return ImageFont.truetype(path, PROBE_SIZE, layout_engine=ImageFont.Layout.BASIC)
