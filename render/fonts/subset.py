"""How the bundled fonts were cut from their full releases; run by hand, never by the bot.

    python -m render.fonts.subset SOURCE_DIR

SOURCE_DIR holds NotoSans-Regular.ttf, NotoSansHebrew-Regular.ttf, NotoSansArabic-Regular.ttf,
NotoSansDevanagari-Regular.ttf, NotoSansThai-Regular.ttf, NotoSansCJK-Regular.ttc and
Symbola_hint.ttf (Debian's fonts-noto-core, fonts-noto-cjk and fonts-symbola ship them).
Each keeps the characters of its scripts; the CJK font keeps the kana, the Hangul of
KS X 1001 and the Han characters of GB 2312, JIS X 0208, KS X 1001 and Big5's frequent
level, which together write nearly every name (3 MB instead of 19); the Devanagari font
leaves out the Vedic accents, which names do not use.
Hints are kept where they sharpen small text: Latin, Greek, Cyrillic, Hebrew, Arabic,
Devanagari, Thai. The Devanagari and Thai fonts keep their OpenType layout (the conjuncts,
vowel signs and mark positions that libraqm shapes with, see `render.lettering`); the
others are drawn glyph by glyph and need none.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset  # type: ignore[import-untyped]
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

HERE = Path(__file__).parent
CJK_FACE = 2
"""Noto Sans CJK SC in the collection: one face draws Chinese, Japanese and Korean."""

Ranges = tuple[tuple[int, int], ...]

LATIN_GREEK_CYRILLIC: Ranges = (
    (0x0020, 0x024F),
    (0x0250, 0x02FF),
    (0x0300, 0x036F),
    (0x0370, 0x03FF),
    (0x0400, 0x052F),
    (0x1E00, 0x1FFF),
    (0x2000, 0x206F),
    (0x20A0, 0x20CF),
    (0x2100, 0x214F),
)
CJK_BLOCKS: Ranges = (
    (0x3000, 0x30FF),
    (0x3130, 0x318F),
    (0x31F0, 0x31FF),
    (0xFF00, 0xFFEF),
)
SYMBOLS: Ranges = (
    (0x2190, 0x21FF),
    (0x2300, 0x23FF),
    (0x25A0, 0x27BF),
    (0x2B00, 0x2BFF),
    (0x1F300, 0x1FAFF),
)
"""The blocks emoji come from; others (mahjong tiles, enclosed letters) stay out."""
VEDIC: Ranges = (
    (0x1CD0, 0x1CFF),
    (0x20F0, 0x20F0),
    (0xA8E0, 0xA8F1),
)
"""Vedic Extensions, the combining asterisk and the cantillation marks of Devanagari
Extended: accents of recited Sanskrit."""


def _characters(ranges: Ranges) -> set[int]:
    return {code for low, high in ranges for code in range(low, high + 1)}


def _double_byte(codec: str, leads: range, trails: list[int]) -> set[int]:
    """Every character a double-byte legacy encoding can write in those byte ranges."""
    found: set[int] = set()
    for lead in leads:
        for trail in trails:
            try:
                found.update(map(ord, bytes((lead, trail)).decode(codec)))
            except UnicodeDecodeError:
                continue
    return found


def _cjk_characters() -> set[int]:
    euc = list(range(0xA1, 0xFF))
    big5_trails = [*range(0x40, 0x7F), *range(0xA1, 0xFF)]
    return (
        _characters(CJK_BLOCKS)
        | _double_byte("gb2312", range(0xA1, 0xFF), euc)
        | _double_byte("euc_jp", range(0xA1, 0xFF), euc)
        | _double_byte("euc_kr", range(0xA1, 0xFF), euc)
        | _double_byte("big5", range(0xA4, 0xC7), big5_trails)
    )


def _cut(
    source: Path,
    target: str,
    characters: set[int] | None,
    face: int = -1,
    hinted: bool = True,
    shaped: bool = False,
) -> None:
    """Keep `characters` (None: all the font has); `shaped` keeps every layout feature and
    the glyphs they reach (conjuncts, stacked marks), else the font loses its features."""
    font = TTFont(source, fontNumber=face)
    options = subset.Options()
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.layout_features = ["*"] if shaped else []
    options.hinting = hinted
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=characters if characters is not None else font.getBestCmap())
    cutter.subset(font)
    font.save(HERE / target)
    print(f"{target}: {(HERE / target).stat().st_size / 1024:.0f} KiB")


def main(source: Path) -> None:
    _cut(source / "NotoSans-Regular.ttf", "NotoSans-Regular.ttf", _characters(LATIN_GREEK_CYRILLIC))
    _cut(source / "NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Regular.ttf", None)
    _cut(source / "NotoSansArabic-Regular.ttf", "NotoSansArabic-Regular.ttf", None)
    devanagari = source / "NotoSansDevanagari-Regular.ttf"
    spoken = set(TTFont(devanagari).getBestCmap()) - _characters(VEDIC)
    _cut(devanagari, "NotoSansDevanagari-Regular.ttf", spoken, shaped=True)
    _cut(source / "NotoSansThai-Regular.ttf", "NotoSansThai-Regular.ttf", None, shaped=True)
    cjk = _cjk_characters()
    _cut(source / "NotoSansCJK-Regular.ttc", "NotoSansCJKsc-Names.otf", cjk, CJK_FACE, False)
    _cut(source / "Symbola_hint.ttf", "Symbola-Emoji.ttf", _characters(SYMBOLS), hinted=False)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
