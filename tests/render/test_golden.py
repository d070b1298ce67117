"""A few fixed positions compared with reference pictures, at a quarter of their size.

Set RENDER_GOLDEN_UPDATE=1 to write the references again after a deliberate change
of look, and check the new files by eye.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

import engine
import render
from bot.play.words.pictures import picture_words
from render.review_graph import Mark, review_graph_png

PICTURE_WORDS = picture_words("en")

GOLDEN = Path(__file__).parent / "golden"
SCALE = 4
TOLERANCE = 24
"""How far (0-255) a channel may drift before a pixel counts as changed."""
CHANGED_SHARE = 0.002

POSITIONS = {
    "tink-spend": (
        "tink",
        3,
        {},
        ["S d4", "S e4", "S f4", "S d5", "S e5", "S f5", "S c3", "S e6", "S f6", "M c4 c3 d4"],
    ),
    "tingle-hole": ("tingle", 2, {}, ["S e5", "S d4", "S f6", "S c3", "S g7"]),
    "folio-fixed-win": (
        "folio",
        2,
        {"grid": "fixed"},
        ["give RS", "a1 give YM", "b2 give GL", "c3 give BM", "d4"],
    ),
    "bridge-match": ("bridge", 2, {"rounds": 3}, ["c2-c3", "c7-c6", "b1-a2"]),
    "tink-won": ("tink", 2, {}, ["S c3", "S c5", "S d3", "S d5", "S e3", "S e5", "S f3"]),
    "tingle-won": ("tingle", 2, {}, ["S c3", "S c5", "S d3", "S d5", "S e3", "S e5", "S f3"]),
    "tingle-pieces": (
        "tingle",
        2,
        {},
        [
            *("S c3", "S c5", "S d3", "S d5", "S e3", "S e5", "M c2 c3 d3", "M d4 c5 d5"),
            *("S a2", "S b6", "S d3", "S c10", "M e2 d3 e3", "S g4", "L d3 c2 e2"),
        ],
    ),
    "bridge-won": (
        "bridge",
        2,
        {},
        [
            *("b1-a2", "a8-b7", "c1-b3", "h8-g7", "b3-a5", "g7-h8", "d1-b2", "h8-g7"),
            *("b2-a4", "g7-h8", "c2-b3", "h8-g7", "b3-a3", "g7-h8", "f2-g2", "h8-g7"),
            *("g1-a7", "g7-h8", "e1-d3", "h8-g7", "d3-b4", "g7-h8", "b4-a6", "h8-g7"),
            *("f1-e3", "g7-h8", "e3-c4", "h8-g7", "c4-b6", "g7-h8", "b6-a8"),
        ],
    ),
}
"""The won boards show their last move over the winning line; a finished Folio board ends
where its content ends; Tingle's coin (small), pyramid (medium) and pawn (large) differ in
outline."""
NAMES = ["Alice", "Bob 🦊 whose name is far too long for the panel", "山田"]


SCRIPTS = ["Zoë Ångström 🎲", "Ψυχή · Дмитрий", "山田太郎", "محمد علي · דוד כהן"]
"""Latin with diacritics, Greek, Cyrillic, CJK, Arabic and Hebrew, and an emoji."""
PANEL_TOP = 746


def thumbnail(image: Image.Image, scale: int = SCALE) -> Image.Image:
    size = (image.width // scale, image.height // scale)
    return image.resize(size, Image.Resampling.BOX)


def opened(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def assert_like_reference(picture: Image.Image, name: str) -> None:
    path = GOLDEN / f"{name}.png"
    if os.environ.get("RENDER_GOLDEN_UPDATE"):
        picture.quantize(256).save(path, optimize=True)
    reference = Image.open(path).convert("RGB")
    assert picture.size == reference.size
    difference = ImageChops.difference(picture, reference).convert("L")
    changed = sum(difference.point(lambda value: 255 if value > TOLERANCE else 0).histogram()[255:])
    assert changed <= CHANGED_SHARE * picture.width * picture.height


@pytest.mark.parametrize("position", list(POSITIONS))
def test_fixed_positions_look_like_their_reference(position: str) -> None:
    name, players, options, moves = POSITIONS[position]
    game = engine.new_game(name, players, seed=1, **options)
    for move in moves:
        game.play(move)
    assert_like_reference(thumbnail(opened(render.board_png(game, NAMES, PICTURE_WORDS))), position)


def test_names_in_six_scripts_look_like_their_reference() -> None:
    """The panel at half size: each name whole, in its own script and direction."""
    game = engine.new_game("tink", 4, seed=1)
    game.play("S d4")
    game.forfeit(0, engine.Ending.RESIGNATION)
    picture = opened(render.board_png(game, SCRIPTS, PICTURE_WORDS))
    panel = picture.crop((0, PANEL_TOP, picture.width, picture.height))
    assert_like_reference(thumbnail(panel, 2), "names-six-scripts")


def test_a_compact_replay_frame_looks_like_its_reference() -> None:
    """The last frame of a replay, drawn at the compact layout, compared at half its size."""
    name, players, options, moves = POSITIONS["tink-spend"]
    game = engine.new_game(name, players, seed=1, **options)
    for move in moves:
        game.play(move)
    animation = Image.open(io.BytesIO(render.replay_gif(game, NAMES, PICTURE_WORDS)))
    animation.seek(animation.n_frames - 1)
    assert_like_reference(thumbnail(animation.convert("RGB"), 2), "tink-spend-compact-replay")


def test_a_reviews_graph_looks_like_its_reference() -> None:
    """The graph of a real Tink game's review (hard against medium; its values are kept
    beside the reference), at full size: the example the README shows."""
    review = json.loads((GOLDEN / "review-graph.json").read_text())
    marks = [Mark(position, seat, grade) for position, seat, grade in review["marks"]]
    png = review_graph_png(review["names"], review["curve"], marks, PICTURE_WORDS)
    assert_like_reference(opened(png), "review-graph")
