"""Names in Devanagari (Hindi) and Thai: kept, drawn by their own fonts, shaped by libraqm
(conjuncts, vowel signs before their consonant, stacked marks), never cut inside a letter,
and still drawn, unshaped, where Pillow has no libraqm."""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Iterator

import pytest
from PIL import Image, ImageChops, ImageDraw

import engine
import render
from bot.play.words.pictures import picture_words
from render import lettering
from render.key_moments import BOARD, CAPTION, GAP, WIDTH, Moment, key_moments_png
from render.lettering import FACES, SHAPED, fit, line, printable
from render.palette import BACKGROUND, TEXT

PICTURE_WORDS = picture_words("en")

DEVANAGARI = FACES.index("NotoSansDevanagari-Regular.ttf")
THAI = FACES.index("NotoSansThai-Regular.ttf")
HINDI_NAME = "राजेश कुमार क्षत्रिय"
THAI_NAME = "สมชาย ใจดี ที่ผู้ใหญ่"
LONG_HINDI_NAME = "श्रीमती प्रियंका क्षत्रिय त्रिपाठी श्रीवास्तव द्विवेदी"
LONG_THAI_NAME = "สมชาย ใจดี ที่ผู้ใหญ่ น้ำใจงาม เกียรติศักดิ์ไทย"
needs_raqm = pytest.mark.skipif(not lettering.SHAPING, reason="Pillow has no libraqm here")


def _forget_layouts() -> None:
    for cached in (lettering.face, lettering.line, lettering.visual_line):
        cached.cache_clear()


@pytest.fixture
def without_raqm(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Lettering as on a machine whose Pillow has no libraqm."""
    monkeypatch.setattr(lettering, "SHAPING", False)
    _forget_layouts()
    yield
    monkeypatch.undo()
    _forget_layouts()


def ink(text: str, size: int = 40) -> Image.Image:
    """`text` drawn by `line` in white on black, on a canvas with room around it."""
    lettered = line(text, size)
    image = Image.new("RGB", (round(lettered.width) + 2 * size, 3 * size))
    lettered.draw(ImageDraw.Draw(image), (size, 2 * size), (255, 255, 255), "ls")
    return image.convert("L")


def ink_box(text: str, size: int = 40) -> tuple[int, int, int, int]:
    box = ink(text, size).getbbox()
    assert box is not None, f"{text!r} drew nothing"
    return box


def tall_stroke_at(text: str, size: int = 40) -> float:
    """Where the first column inked from above the letters' headline to the baseline is,
    as a share of the ink's width from its left."""
    drawn = ink(text, size)
    left, _, right, _ = ink_box(text, size)
    for x in range(left, right):
        column = drawn.crop((x, 0, x + 1, drawn.height)).getbbox()
        if column is not None and column[3] - column[1] > 0.75 * size:
            return (x - left) / (right - left)
    raise AssertionError(f"{text!r} has no tall stroke")


def test_hindi_and_thai_names_are_kept_and_drawn_by_their_own_fonts() -> None:
    assert printable(HINDI_NAME, "Player 1") == HINDI_NAME
    assert printable(THAI_NAME, "Player 2") == THAI_NAME
    assert printable("Dana สมชาย", "Player 3") == "Dana สมชาย"
    assert line(HINDI_NAME, 30).runs == ((HINDI_NAME, DEVANAGARI),)
    assert line(THAI_NAME, 30).runs == ((THAI_NAME, THAI),)
    assert DEVANAGARI in SHAPED and THAI in SHAPED


@needs_raqm
def test_devanagari_is_shaped_into_conjuncts_and_its_vowel_signs_placed() -> None:
    unshaped = lettering._probe(DEVANAGARI)
    # क + ् + ष is one conjunct, narrower than the consonants side by side.
    assert line("क्ष", 20).width < unshaped.getlength("क") + unshaped.getlength("ष") - 5
    # The vowel sign ि is typed after its consonant but drawn before it: its tall stem
    # stands at the left (drawn glyph by glyph, it would come after the क).
    assert tall_stroke_at("कि") < 0.25
    # A joiner keeps the half form: क्‍ष is drawn wider than the conjunct क्ष.
    joined = printable("क्\u200dष", "Player 1")
    assert joined == "क्\u200dष"
    assert line(joined, 40).width > line("क्ष", 40).width + 10
    assert printable("a\u200db \u200dक", "Player 1") == "ab क"


@needs_raqm
def test_thai_marks_are_stacked_above_a_vowel_not_drawn_over_it() -> None:
    # ที่: the tone mark ่ goes above the vowel ี, higher than the vowel alone reaches.
    vowel_top, stacked_top = ink_box("ที")[1], ink_box("ที่")[1]
    assert stacked_top < vowel_top - 4
    # ำ after a tone mark: น้ำ, the tone mark sits over the nikhahit, all above น.
    assert ink_box("น้ำ")[1] < ink_box("นำ")[1] - 4


def test_names_are_cut_between_letters_never_inside_one() -> None:
    for name in (LONG_HINDI_NAME, LONG_THAI_NAME):
        for width in range(60, 700, 7):
            cut = fit(name, 30, width)
            assert line(cut, 30).width <= width
            kept = cut.removesuffix("…")
            assert name.startswith(kept)
            rest = name[len(kept) :]
            if rest.strip():
                rest = rest.lstrip()
                assert unicodedata.category(rest[0])[0] != "M", (kept, rest)
                assert unicodedata.combining(kept[-1]) != lettering.VIRAMA, kept
                assert kept[-1] not in lettering.PREPOSED_VOWELS, kept


def test_without_raqm_the_names_are_still_drawn(without_raqm: None) -> None:
    assert not lettering.SHAPING
    for name in (HINDI_NAME, THAI_NAME):
        box = ink_box(name)
        assert box[2] - box[0] > 0.8 * line(name, 40).width
    assert fit(LONG_HINDI_NAME, 30, 300).endswith("…")


def name_ink(picture: Image.Image, seat: int, full: bool = True) -> tuple[int, int, int, int]:
    """Where text is drawn in a seat's line, right of the to-move marker, left of its stash."""
    board, headline, row, marker = (746, 52, 62, 40) if full else (373, 26, 31, 20)
    top = board + headline + seat * row
    band = picture.crop((marker, top, picture.width // 2, top + row))
    text = Image.new("RGB", band.size, TEXT)
    inked = ImageChops.difference(band, text).convert("L").point(lambda v: 255 if v < 60 else 0)
    box = inked.getbbox()
    assert box is not None, f"seat {seat}'s name drew nothing"
    return box


def test_a_board_picture_draws_hindi_and_thai_names_where_player_n_stood_before() -> None:
    game = engine.new_game("tink", 2, seed=1)
    game.play("S d4")
    names = [HINDI_NAME, THAI_NAME]
    assert [
        seat.name.strip("\u2068\u2069")
        for seat in render.board_scene(game, names, PICTURE_WORDS).seats
    ] == (names)
    picture = Image.open(io.BytesIO(render.board_png(game, names, PICTURE_WORDS))).convert("RGB")
    placeholders = Image.open(io.BytesIO(render.board_png(game, [], PICTURE_WORDS))).convert("RGB")
    for seat, name in enumerate(names):
        left, _, right, _ = name_ink(picture, seat)
        assert abs((right - left) - line(name, 30).width) < 12
        assert name_ink(placeholders, seat) != name_ink(picture, seat)


def test_a_long_hindi_name_s_headline_is_cut_to_fit_the_compact_picture() -> None:
    """The compact picture is about as wide as chat shows it on a phone (340 px or so)."""
    game = engine.new_game("tink", 2, seed=1)
    for move in ("S c3", "S c5", "S d3", "S d5", "S e3", "S e5", "S f3"):
        game.play(move)
    names = [LONG_HINDI_NAME, LONG_THAI_NAME]
    layout = render.COMPACT
    headline = render.board_scene(game, names, PICTURE_WORDS, layout=layout).headline
    animation = Image.open(io.BytesIO(render.replay_gif(game, names, PICTURE_WORDS)))
    animation.seek(animation.n_frames - 1)
    frame = animation.convert("RGB")
    assert frame.width < 370
    room = frame.width - 2 * layout.pad
    assert line(headline, layout.text_size).width > room, "the headline needs cutting"
    top = 373
    band = frame.crop((0, top, frame.width, top + layout.headline_height))
    box = ImageChops.difference(band, Image.new("RGB", band.size, BACKGROUND)).getbbox()
    assert box is not None
    assert layout.pad - 2 <= box[0] and box[2] <= frame.width - layout.pad
    for seat in range(2):
        assert name_ink(frame, seat, full=False) is not None


def key_moment_ink(heading: str, played: str, better: str) -> Image.Image:
    """What a key moment's picture draws above its two boards."""
    game = engine.new_game("tink", 2, seed=1)
    game.play("S d4")
    board = render.board_png(game, [HINDI_NAME, THAI_NAME], PICTURE_WORDS)
    moment = Moment(heading, board, played, board, better)
    picture = Image.open(io.BytesIO(key_moments_png([moment])))
    top = picture.convert("RGB").crop((0, 0, picture.width, GAP + CAPTION))
    return ImageChops.difference(top, Image.new("RGB", top.size, BACKGROUND)).convert("L")


def test_a_key_moments_captions_and_heading_fit_over_their_340_px_boards() -> None:
    assert BOARD == 340
    heading = key_moment_ink(f"3. {LONG_HINDI_NAME} {LONG_HINDI_NAME}: blunder", "a", "b")
    box = heading.getbbox()
    assert box is not None and box[0] >= GAP and box[2] <= WIDTH - GAP
    captions = key_moment_ink("3.", f"{LONG_THAI_NAME} {LONG_THAI_NAME}", LONG_HINDI_NAME * 2)
    below_heading = captions.crop((0, GAP + 32, WIDTH, GAP + CAPTION))
    first = below_heading.crop((0, 0, GAP + BOARD, below_heading.height)).getbbox()
    gap = below_heading.crop((GAP + BOARD, 0, 2 * GAP + BOARD, below_heading.height)).getbbox()
    second = below_heading.crop((2 * GAP + BOARD, 0, WIDTH, below_heading.height)).getbbox()
    assert first is not None and first[0] >= GAP, "the first caption is over the first board"
    assert gap is None, "no caption runs into the gap between the boards"
    assert second is not None and 2 * GAP + BOARD + second[2] <= WIDTH - GAP
