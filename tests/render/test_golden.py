"""A few fixed positions compared with reference pictures, at a quarter of their size.

Set RENDER_GOLDEN_UPDATE=1 to write the references again after a deliberate change
of look, and check the new files by eye.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

import engine
import render

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
}
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
    assert_like_reference(thumbnail(opened(render.board_png(game, NAMES))), position)


def test_names_in_six_scripts_look_like_their_reference() -> None:
    """The panel at half size: each name whole, in its own script and direction."""
    game = engine.new_game("tink", 4, seed=1)
    game.play("S d4")
    game.forfeit(0, "resignation")
    picture = opened(render.board_png(game, SCRIPTS))
    panel = picture.crop((0, PANEL_TOP, picture.width, picture.height))
    assert_like_reference(thumbnail(panel, 2), "names-six-scripts")


def test_a_compact_replay_frame_looks_like_its_reference() -> None:
    """The last frame of a replay, drawn at the compact layout, compared at half its size."""
    name, players, options, moves = POSITIONS["tink-spend"]
    game = engine.new_game(name, players, seed=1, **options)
    for move in moves:
        game.play(move)
    animation = Image.open(io.BytesIO(render.replay_gif(game, NAMES)))
    animation.seek(animation.n_frames - 1)
    assert_like_reference(thumbnail(animation.convert("RGB"), 2), "tink-spend-compact-replay")
