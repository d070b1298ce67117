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


def thumbnail(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    size = (image.width // SCALE, image.height // SCALE)
    return image.resize(size, Image.Resampling.BOX)


@pytest.mark.parametrize("position", list(POSITIONS))
def test_fixed_positions_look_like_their_reference(position: str) -> None:
    name, players, options, moves = POSITIONS[position]
    game = engine.new_game(name, players, seed=1, **options)
    for move in moves:
        game.play(move)
    picture = thumbnail(render.board_png(game, NAMES))
    path = GOLDEN / f"{position}.png"
    if os.environ.get("RENDER_GOLDEN_UPDATE"):
        picture.quantize(256).save(path, optimize=True)
    reference = Image.open(path).convert("RGB")
    assert picture.size == reference.size
    difference = ImageChops.difference(picture, reference).convert("L")
    changed = sum(difference.point(lambda value: 255 if value > TOLERANCE else 0).histogram()[255:])
    assert changed <= CHANGED_SHARE * picture.width * picture.height
