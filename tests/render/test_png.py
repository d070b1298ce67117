"""PNG files strung together from separately compressed bands of rows."""

from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw

import engine
from render.png import adler32_combine, deflate_rows, palette_png
from render.sprites import sprite
from render.tink import tingle_look

PALETTE = [channel for index in range(64) for channel in (index * 4, 255 - index * 4, index)]


def band(width: int, height: int, seed: int) -> Image.Image:
    """A palette image of runs of random colours, like a drawn picture."""
    chooser = random.Random(seed)
    pixels = bytearray()
    while len(pixels) < width * height:
        pixels += bytes([chooser.randrange(64)]) * chooser.randrange(1, 40)
    image = Image.frombytes("P", (width, height), bytes(pixels[: width * height]))
    image.putpalette(PALETTE)
    return image


def chunks(data: bytes) -> dict[bytes, bytes]:
    """The chunks of a PNG by type, each checked against its CRC."""
    found, at = {}, 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(kind + body)
        found[kind] = body
        at += 12 + length
    return found


@given(st.binary(max_size=3000), st.binary(max_size=3000))
def test_checksums_combine_like_the_checksum_of_the_bytes_end_to_end(
    first: bytes, second: bytes
) -> None:
    combined = adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second))
    assert combined == zlib.adler32(first + second)


def test_a_long_run_of_equal_bytes_combines_too() -> None:
    first, second = b"\xff" * 70_000, b"\xfe" * 200_000
    combined = adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second))
    assert combined == zlib.adler32(first + second)


@given(st.lists(st.integers(1, 40), min_size=1, max_size=6), st.integers(1, 90))
def test_bands_join_into_the_picture_of_them_stacked(heights: list[int], width: int) -> None:
    bands = [band(width, height, seed) for seed, height in enumerate(heights)]
    data = palette_png(width, PALETTE, [deflate_rows(b) for b in bands])
    picture = Image.open(io.BytesIO(data))
    picture.load()
    assert (picture.mode, picture.size) == ("P", (width, sum(heights)))
    assert picture.getpalette() == PALETTE
    assert picture.tobytes() == b"".join(b.tobytes() for b in bands)
    rows = zlib.decompress(chunks(data)[b"IDAT"])
    assert rows == b"".join(b"\0" + row for b in bands for row in _rows(b))


def _rows(image: Image.Image) -> list[bytes]:
    pixels = image.tobytes()
    return [pixels[y * image.width : (y + 1) * image.width] for y in range(image.height)]


def test_bands_can_be_reused_in_any_order() -> None:
    top, bottom = deflate_rows(band(50, 7, 1)), deflate_rows(band(50, 9, 2))
    for order in ([top, bottom, top], [bottom, bottom]):
        picture = Image.open(io.BytesIO(palette_png(50, PALETTE, order)))
        picture.load()
        assert picture.height == sum(b.height for b in order)


def off_a_disc(mask: Image.Image) -> float:
    """The share of a piece's silhouette (alpha over half) that a disc filling the same box
    would not match: about none for a disc, a twentieth for an octagon."""
    solid = mask.point(lambda alpha: 255 if alpha > 128 else 0)
    left, top, right, bottom = solid.getbbox() or (0, 0, 1, 1)
    disc = Image.new("L", solid.size, 0)
    ImageDraw.Draw(disc).ellipse((left, top, right - 1, bottom - 1), fill=255)
    differing = ImageChops.difference(solid, disc).histogram()[255]
    return differing / solid.histogram()[255]


@pytest.mark.parametrize("colour", range(4))
def test_tingle_coin_and_pawn_differ_in_outline(colour: int) -> None:
    """The coin is a disc and the pawn an octagon, so that shrunk to a phone's width they
    are not taken for each other (they were a disc and a disc within a disc)."""
    coin = sprite(tingle_look(engine.Size.SMALL, colour), 48).getchannel("A")
    pawn = sprite(tingle_look(engine.Size.LARGE, colour), 48).getchannel("A")
    assert off_a_disc(coin) < 0.01 < 0.03 < off_a_disc(pawn)
