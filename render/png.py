"""PNG files strung together from bands of rows, each compressed once and then reused.

A PNG holds its pixels in one zlib stream. Here every band of rows is deflated on its own
and ends on a full flush, so compressed bands join in any order into a valid stream; its
checksum is combined from the bands' own. A picture sharing most bands with pictures drawn
before only compresses what changed. zlib runs without holding the GIL, so pictures are
compressed in worker threads while the event loop goes on.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

LEVEL = 3
"""zlib's effort: higher levels make these flat-coloured pictures barely smaller, much slower."""
SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ZLIB_HEADER = zlib.compress(b"", LEVEL)[:2]
_LAST_BLOCK = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS).flush()
_ADLER_BASE = 65521


@dataclass(frozen=True, slots=True)
class Deflated:
    """A band of palette rows, deflated: the data, its rows and the Adler-32 of the raw rows."""

    data: bytes
    height: int
    checksum: int


def deflate_rows(image: Image.Image) -> Deflated:
    """A palette image's rows, each led by PNG filter type 0 (none), deflated on their own."""
    rows = Image.new("P", (image.width + 1, image.height), 0)
    rows.paste(image, (1, 0))
    raw = rows.tobytes()
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
    data = compressor.compress(raw) + compressor.flush(zlib.Z_FULL_FLUSH)
    return Deflated(data, image.height, zlib.adler32(raw))


def palette_png(width: int, palette: Sequence[int], bands: Sequence[Deflated]) -> bytes:
    """An 8-bit palette PNG `width` pixels wide whose rows are the bands, top to bottom."""
    height = sum(band.height for band in bands)
    checksum = 1
    for band in bands:
        checksum = adler32_combine(checksum, band.checksum, band.height * (width + 1))
    stream = b"".join(
        [_ZLIB_HEADER, *(band.data for band in bands), _LAST_BLOCK, struct.pack(">I", checksum)]
    )
    return b"".join(
        [
            SIGNATURE,
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
            _chunk(b"PLTE", bytes(palette)),
            _chunk(b"IDAT", stream),
            _chunk(b"IEND", b""),
        ]
    )


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings end to end, from each one's and the second's length."""
    low = ((first & 0xFFFF) + (second & 0xFFFF) - 1) % _ADLER_BASE
    high = ((first >> 16) + (second >> 16) + second_length * ((first & 0xFFFF) - 1)) % _ADLER_BASE
    return (high << 16) | low


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)
