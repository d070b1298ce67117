"""Frame differences: which pixels of a band changed between two drawings of it.

A replay frame carries only what its move changed (see `gif`). A changed rank of the
board is compared square by square, from tiles compared once: a move changes a few
squares, and the same changes come back game after game. Any other band is compared
whole, by `difference`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from PIL import Image, ImageChops

from render.model import BoardStyle, Marks, RankSquares
from render.paint import Band, rank_row, tile
from render.sprites import Look


@dataclass(frozen=True)
class Change:
    """Pixels of a band that differ from an earlier drawing, and where they go in the band.

    Only the pixels under `mask` (255) changed; the others are left as they were.
    """

    pixels: Image.Image
    mask: Image.Image
    corner: tuple[int, int]

    @property
    def box(self) -> tuple[int, int, int, int]:
        """Left, top, right, bottom (exclusive)."""
        x, y = self.corner
        return (x, y, x + self.pixels.width, y + self.pixels.height)

    def moved(self, right: int, down: int) -> Change:
        x, y = self.corner
        return Change(self.pixels, self.mask, (x + right, y + down))


_CHANGED = bytes([0] + [255] * 255)
"""Turns a difference of colour indexes into a mask: 0 where equal, 255 where changed."""


def is_rank(band: Band) -> bool:
    """Whether the band is a rank of the board, which `square_changes` compares."""
    return band.draw is rank_row


def square_changes(before: Band, after: Band) -> list[Change]:
    """The squares that changed between two drawings of the same rank, from tiles compared
    once: a move changes a few squares, and the same changes come back game after game."""
    if not (is_rank(before) and is_rank(after)) or before.args[:2] != after.args[:2]:
        raise ValueError("only the same rank of the same board is compared square by square")
    style, rank, was = cast(tuple[BoardStyle, int, RankSquares], before.args)
    return _square_changes(style, rank, was, cast(RankSquares, after.args[2]))


def _square_changes(
    style: BoardStyle, rank: int, before: RankSquares, after: RankSquares
) -> list[Change]:
    was = {file: (marks, look) for file, marks, look in before}
    now = {file: (marks, look) for file, marks, look in after}
    found = []
    for file in sorted(was.keys() | now.keys()):
        old, new = was.get(file, _EMPTY), now.get(file, _EMPTY)
        change = None if old == new else _tile_change(style, style.kind(file, rank), old, new)
        if change is not None:
            found.append(change.moved(style.square_box(file, rank)[0], 0))
    return found


_EMPTY: tuple[Marks, Look | None] = (Marks(), None)


@lru_cache(maxsize=4096)
def _tile_change(
    style: BoardStyle, kind: int, was: tuple[Marks, Look | None], now: tuple[Marks, Look | None]
) -> Change | None:
    return difference(tile(style, kind, *was), tile(style, kind, *now))


def difference(before: Image.Image, after: Image.Image) -> Change | None:
    """The pixels of `after` that differ from `before`, cut to the smallest box holding them."""
    changed = ImageChops.subtract_modulo(after, before).tobytes().translate(_CHANGED)
    mask = Image.frombytes("L", after.size, changed)
    box = mask.getbbox()
    if box is None:
        return None
    return Change(after.crop(box), mask.crop(box), box[:2])
