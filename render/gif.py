"""Replays as animated GIFs whose frames carry only what changed.

A picture is a stack of bands named by the values they show (see `paint`), so the bands
a move changed are known without looking at pixels. A changed rank of the board is
compared square by square, from tiles compared once (a move changes a few squares, and
the same changes come back again and again); any other changed band is drawn and compared
whole. Only the pixels that differ from the frame before are written, in the smallest
rectangle holding them; every other pixel of that rectangle is transparent, and each
frame is left in place for the next one to draw over. Every frame therefore decodes to
the whole picture of its position, the same pixels as its board PNG. Frames are written
as they are drawn, so a long replay needs little memory.

Changes far apart (a square near the top of the board and the line under it that names
the move) would share one tall rectangle that is nearly all transparent, and
transparent pixels still cost bytes. Such a move is written as up to `MAX_PARTS`
images, top to bottom: each but the last is shown for `SETTLE_MS`, too short to see,
and the last for the rest of the move's time.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence

from PIL import Image

from render.changes import Change, difference, is_rank, square_changes
from render.model import BoardStyle, Scene
from render.paint import DRAWING, Band, bands, palette_colours

LEAVE_IN_PLACE = 1
"""GIF disposal method 1: the next frame is drawn over this one."""

SETTLE_MS = 20
"""How long a move's earlier parts show: the shortest delay that browsers and phones
honour (shorter ones are shown for 100 ms)."""

MAX_PARTS = 6
"""The most images one move's change is written as."""

JOIN_BELOW = 1000
"""Two groups of changes go in one image when that adds fewer pixels than this."""

Placed = tuple[Image.Image, tuple[int, int]]
"""An image and where its top left corner goes in the picture."""


class _Frame:
    """The bands of the frame shown last, where each starts, and the pixels of those not
    compared square by square (see `changes.square_changes`)."""

    def __init__(self) -> None:
        self.style: BoardStyle | None = None
        self.bands: list[Band] = []
        self.tops: list[int] = []
        self.images: dict[int, Image.Image] = {}

    def advance(self, scene: Scene) -> list[Placed]:
        """Move on to `scene`: the changed pixels (others transparent) and where they go.

        The whole picture first, and again if the bands no longer line up.
        """
        after = bands(scene)
        if scene.style is not self.style or len(after) != len(self.bands):
            return [(self._draw_all(scene, after), (0, 0))]
        placed: list[Change] = []
        for index, (was, now) in enumerate(zip(self.bands, after, strict=True)):
            if was == now:
                continue
            if index in self.images:
                found = self._whole_band_change(index, now)
                if found is None:
                    return [(self._draw_all(scene, after), (0, 0))]
            else:
                found = square_changes(was, now)
            self.bands[index] = now
            placed += [change.moved(0, self.tops[index]) for change in found]
        return _patches(placed, transparent_index(scene.style))

    def _whole_band_change(self, index: int, band: Band) -> list[Change] | None:
        """The band drawn anew and compared whole; None if its height changed."""
        image = band.draw(*band.args)
        if image.size != self.images[index].size:
            return None
        change = difference(self.images[index], image)
        self.images[index] = image
        return [] if change is None else [change]

    def _draw_all(self, scene: Scene, after: list[Band]) -> Image.Image:
        drawn = [band.draw(*band.args) for band in after]
        self.style, self.bands, self.tops = scene.style, after, _tops(drawn)
        self.images = {i: image for i, image in enumerate(drawn) if not is_rank(after[i])}
        picture = Image.new("P", (scene.style.width, self.tops[-1]), transparent_index(scene.style))
        for top, image in zip(self.tops, drawn, strict=False):
            picture.paste(image, (0, top))
        return picture


def _patches(changes: Sequence[Change], transparent: int) -> list[Placed]:
    """The changes on transparent rectangles just holding them: one for each group of
    changes that lie close together, top to bottom (a pixel if nothing changed)."""
    if not changes:
        return [(Image.new("P", (1, 1), transparent), (0, 0))]
    return [_patch(box, group, transparent) for box, group in _groups(changes)]


Box = tuple[int, int, int, int]
"""Left, top, right, bottom (exclusive)."""


def _groups(changes: Sequence[Change]) -> list[tuple[Box, list[Change]]]:
    """The changes in groups whose rectangles waste little, with their rectangles: the two
    groups whose joint rectangle adds the fewest transparent pixels are joined while that
    is under `JOIN_BELOW` pixels or there are more than `MAX_PARTS` groups; by top."""
    groups = [(change.box, [change]) for change in changes]
    while len(groups) > 1:
        waste, first, second = min(
            (_waste(groups[i][0], groups[j][0]), i, j)
            for i in range(len(groups))
            for j in range(i + 1, len(groups))
        )
        if waste >= JOIN_BELOW and len(groups) <= MAX_PARTS:
            break
        box, joined = groups.pop(second)
        groups[first] = (_joined(groups[first][0], box), groups[first][1] + joined)
    return sorted(groups, key=lambda group: group[0][1])


def _joined(first: Box, second: Box) -> Box:
    """The smallest rectangle holding both."""
    return (
        min(first[0], second[0]),
        min(first[1], second[1]),
        max(first[2], second[2]),
        max(first[3], second[3]),
    )


def _area(box: Box) -> int:
    return (box[2] - box[0]) * (box[3] - box[1])


def _waste(first: Box, second: Box) -> int:
    """The pixels that joining two rectangles into one adds to them."""
    return _area(_joined(first, second)) - _area(first) - _area(second)


def _patch(box: Box, changes: Sequence[Change], transparent: int) -> Placed:
    """The changes on one transparent rectangle, `box`, just holding them."""
    left, top, right, bottom = box
    patch = Image.new("P", (right - left, bottom - top), transparent)
    for change in changes:
        x, y = change.corner
        patch.paste(change.pixels, (x - left, y - top), change.mask)
    return patch, (left, top)


def encode_gif(scenes: Sequence[Scene], durations: Sequence[int]) -> bytes:
    """An endlessly looping animation of the scenes, each shown for its duration (ms)."""
    frame = _Frame()
    with DRAWING:
        ((picture, _),) = frame.advance(scenes[0])
        colours = palette_colours(scenes[0].style)
    transparent = transparent_index(scenes[0].style)
    parts = [
        _header(picture.size, colours, transparent),
        _image(picture, (0, 0), durations[0], transparent),
    ]
    for scene, duration in zip(scenes[1:], durations[1:], strict=True):
        with DRAWING:
            changes = frame.advance(scene)
        transparent = transparent_index(scene.style)
        settled = SETTLE_MS * (len(changes) - 1)
        for index, (image, corner) in enumerate(changes):
            shown = duration - settled if index == len(changes) - 1 else SETTLE_MS
            parts.append(_image(image, corner, shown, transparent))
    parts.append(b";")
    return b"".join(parts)


def _tops(images: Sequence[Image.Image]) -> list[int]:
    """Where each band starts, and last where the picture ends."""
    tops = [0]
    for image in images:
        tops.append(tops[-1] + image.height)
    return tops


def transparent_index(style: BoardStyle) -> int:
    """The colour index of pixels a frame leaves as they were: one past the style's palette."""
    return style.layout.colours


def _code_size(transparent: int) -> int:
    """LZW's smallest code size: bits for the palette and the transparent index after it."""
    return max(2, transparent.bit_length())


def _header(size: tuple[int, int], colours: Sequence[int], transparent: int) -> bytes:
    """The screen, the global colour table (the palette, room for the transparent index,
    padded to a power of two), and the loop-forever extension."""
    bits = _code_size(transparent) - 1
    table = bytes(colours[: 3 * transparent]).ljust(3 * 2 ** (bits + 1), b"\0")
    screen = struct.pack("<HHBBB", *size, 0x80 | bits << 4 | bits, 0, 0)
    loop = b"!\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", 0) + b"\0"
    return b"GIF89a" + screen + table + loop


def _image(image: Image.Image, corner: tuple[int, int], duration: int, transparent: int) -> bytes:
    """One frame: its delay, transparency and disposal, its rectangle, its LZW pixels."""
    flags = LEAVE_IN_PLACE << 2 | 1
    control = b"!\xf9\x04" + struct.pack("<BHBB", flags, duration // 10, transparent, 0)
    descriptor = b"," + struct.pack("<HHHHB", *corner, *image.size, 0)
    code_size = _code_size(transparent)
    pixels = image.tobytes("gif", "P", code_size, 0)
    return control + descriptor + bytes([code_size]) + pixels + b"\0"
