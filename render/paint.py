"""Painting: a scene drawn band by band in its style's palette, and encoded as a PNG.

A picture is put together in palette mode from parts prepared once: the empty
board with its coordinates, one tile per kind of square, piece and highlight, the
words of the headline, and the halves of each player line. Each part is drawn in RGB
and quantized to its style's palette (see `quantize`) the first time it is needed.

A picture is a stack of full-width bands (a rank of the board, a panel line), each
named by the few values it shows. A PNG is strung together from compressed bands,
and the bands of recent pictures are kept compressed, so a move only draws and
compresses the ranks and lines it changed.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from PIL import Image, ImageChops, ImageDraw

from engine import FILES
from render.lettering import fit, font, line, visual, visual_line
from render.model import (
    BoardStyle,
    Layout,
    Marks,
    RankSquares,
    Scene,
    Seat,
    Strip,
    Token,
    square_position,
)
from render.palette import (
    ALLOWED,
    BACKGROUND,
    LAST_MOVE,
    MUTED,
    OUTLINE,
    TEXT,
    WHITE,
    WINNING,
    Rgb,
)
from render.png import Deflated, deflate_rows, palette_png
from render.quantize import indexed, palette_for
from render.sprites import Look, sprite

BRACKET_ARM = 0.3
BRACKET_WIDTH = 0.08
"""The last move's corner marks: arm length and thickness, as shares of a square."""
BAND_CACHE_SIZE = 4096
"""Compressed bands kept (a few kB each): the unchanged parts of recent pictures."""

DRAWING = threading.Lock()
"""Held while drawing: FreeType faces and the caches of drawn parts are shared by threads."""


def encode_png(scene: Scene) -> bytes:
    """The scene as a PNG, drawing and compressing only the bands not seen lately."""
    deflated = [_deflated(band) for band in bands(scene)]
    with DRAWING:
        palette = palette_colours(scene.style)
    return palette_png(scene.style.width, palette, deflated)


def palette_colours(style: BoardStyle) -> list[int]:
    """The style's palette as flat RGB values (call with `DRAWING` held)."""
    return _palette(style).getpalette() or []


# -- bands: the picture in full-width slices, each drawn from a few hashable values ------


@dataclass(frozen=True)
class Band:
    """A full-width slice of a picture: the function drawing it and its arguments."""

    draw: Callable[..., Image.Image]
    args: tuple[Hashable, ...]


def bands(scene: Scene) -> list[Band]:
    """The picture from top to bottom: board edge, ranks, coordinates, panel lines, margin."""
    style = scene.style
    ranks: dict[int, list[tuple[int, Marks, Look | None]]] = {}
    for name in scene.pieces.keys() | scene.marks.keys():
        file, rank = square_position(name)
        square = (file, scene.marks.get(name, Marks()), scene.pieces.get(name))
        ranks.setdefault(rank, []).append(square)
    board_bottom = style.top + style.ranks * style.square
    return [
        Band(_board_rows, (style, 0, style.top)),
        *(
            Band(rank_row, (style, rank, tuple(sorted(ranks.get(rank, []), key=_file))))
            for rank in reversed(range(style.ranks))
        ),
        Band(_board_rows, (style, board_bottom, style.panel_top)),
        Band(_headline, (style, scene.headline)),
        *(Band(_seat_line, (style, seat)) for seat in scene.seats),
        *(Band(_strip_line, (style, strip)) for strip in scene.strips),
        Band(_blank, (style, style.layout.pad)),
    ]


def _file(square: tuple[int, Marks, Look | None]) -> int:
    return square[0]


@lru_cache(maxsize=BAND_CACHE_SIZE)
def _deflated(band: Band) -> Deflated:
    with DRAWING:
        image = band.draw(*band.args)
    return deflate_rows(image)


# -- prepared once per style -------------------------------------------------------


def _indexed(image: Image.Image, style: BoardStyle) -> Image.Image:
    return indexed(image, _palette(style))


@lru_cache(maxsize=16)
def _palette(style: BoardStyle) -> Image.Image:
    """The style's palette, chosen from a sample of the board, pieces and highlights."""
    return palette_for(_sample_sheet(style), _square_tints(style), style.layout.colours)


def _sample_sheet(style: BoardStyle) -> Image.Image:
    """The empty board, a panel line, and every kind of square under every piece and
    highlight, in RGB on one sheet."""
    board = _board_rgb(style)
    panel = _seat_line_rgb(style, _sample_seat(style))
    samples = [_tile_rgb(style, kind, marks, look) for kind, marks, look in _sample_tiles(style)]
    per_row = board.width // style.square
    rows = -(-len(samples) // per_row)
    tiles_top = board.height + panel.height
    sheet = Image.new("RGB", (board.width, tiles_top + rows * style.square), BACKGROUND)
    sheet.paste(board, (0, 0))
    sheet.paste(panel, (0, board.height))
    for index, sample in enumerate(samples):
        row, column = divmod(index, per_row)
        sheet.paste(sample, (column * style.square, tiles_top + row * style.square))
    return sheet


def _square_tints(style: BoardStyle) -> list[Rgb]:
    """The flat colour of every kind of square under each highlight that tints it (a
    winning line, the squares open to the piece in hand)."""
    inside = style.square * 3 // 10
    return [
        cast(Rgb, _tile_rgb(style, kind, marks, None).getpixel((inside, inside)))
        for kind in sorted(_kind_squares(style))
        for marks in (Marks(win=True), Marks(allowed=True))
    ]


def _sample_seat(style: BoardStyle) -> Seat:
    """A panel line with every kind of text and a few pieces, for the palette."""
    stash = tuple((look, 5) for look in style.looks[:3])
    return Seat("Sample Name 0123456789", style.looks[0], True, "wins", stash, won=True)


def _sample_tiles(style: BoardStyle) -> list[tuple[int, Marks, Look | None]]:
    kinds = sorted(_kind_squares(style))
    highlights = (Marks(), Marks(last=True), Marks(win=True), Marks(allowed=True))
    looks: tuple[Look | None, ...] = (None, *style.looks)
    return [(kind, marks, look) for kind in kinds for marks in highlights for look in looks]


@lru_cache(maxsize=16)
def _kind_squares(style: BoardStyle) -> dict[int, tuple[int, int]]:
    """One square of each kind, to cut its empty background from the board."""
    squares: dict[int, tuple[int, int]] = {}
    for rank in range(style.ranks):
        for file in range(style.files):
            squares.setdefault(style.kind(file, rank), (file, rank))
    return squares


@lru_cache(maxsize=16)
def _board_rgb(style: BoardStyle) -> Image.Image:
    """The empty board with its edges and coordinates, as wide as the picture."""
    height, layout = style.panel_top, style.layout
    image = Image.new("RGB", (style.width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    right = style.left + style.files * style.square
    bottom = style.top + style.ranks * style.square
    below, above = style.edges
    if below:
        edge = (style.left, bottom + layout.px(3), right - 1, bottom + layout.edge - 1)
        draw.rectangle(edge, fill=below)
    if above:
        edge = (style.left, style.top - layout.edge, right - 1, style.top - layout.px(4))
        draw.rectangle(edge, fill=above)
    style.paint(draw, style)
    coordinates = font(layout.coordinate_size)
    for file in range(style.files):
        x = style.left + file * style.square + style.square // 2
        y = bottom + layout.edge + layout.gutter // 2
        draw.text((x, y), FILES[file], TEXT, coordinates, "mm")
    for rank in range(style.ranks):
        y = style.top + (style.ranks - 1 - rank) * style.square + style.square // 2
        draw.text((style.left - layout.px(8), y), str(rank + 1), TEXT, coordinates, "rm")
    return image


@lru_cache(maxsize=64)
def _board_rows(style: BoardStyle, top: int, bottom: int) -> Image.Image:
    """Rows of the empty board picture, full width."""
    return _indexed(_board_rgb(style).crop((0, top, style.width, bottom)), style)


def rank_row(style: BoardStyle, rank: int, squares: RankSquares) -> Image.Image:
    """One rank of the board, full width, with the given squares' (file, marks, piece) drawn."""
    top = style.square_box(0, rank)[1]
    image = _board_rows(style, top, top + style.square).copy()
    for file, marks, look in squares:
        drawn = tile(style, style.kind(file, rank), marks, look)
        image.paste(drawn, (style.square_box(file, rank)[0], 0))
    return image


def _tile_rgb(style: BoardStyle, kind: int, marks: Marks, look: Look | None) -> Image.Image:
    file, rank = _kind_squares(style)[kind]
    left, top, right, bottom = style.square_box(file, rank)
    tile = _board_rgb(style).crop((left, top, right + 1, bottom + 1))
    size = style.square
    if marks.win:
        tile = Image.blend(tile, Image.new("RGB", tile.size, WINNING), 0.4)
    if marks.allowed:
        tile = Image.blend(tile, Image.new("RGB", tile.size, ALLOWED), 0.18)
    draw = ImageDraw.Draw(tile)
    if marks.allowed:
        low, high = size * 0.38, size * 0.62
        draw.ellipse((low, low, high, high), fill=ALLOWED)
    if look is not None:
        piece = sprite(look, size)
        tile.paste(piece, (0, 0), piece)
    if marks.win:
        ring = max(style.layout.px(4), size // 11)
        draw.rectangle((0, 0, size - 1, size - 1), outline=WINNING, width=ring)
        draw.rectangle((0, 0, size - 1, size - 1), outline=OUTLINE, width=style.layout.px(2))
    if marks.last:
        _corner_brackets(draw, size)
    return tile


def _corner_brackets(draw: ImageDraw.ImageDraw, size: int) -> None:
    """The last move's mark: an L in each corner of the square, light blue edged in dark."""
    arm, width = round(size * BRACKET_ARM), round(size * BRACKET_WIDTH)
    for colour, thick in ((OUTLINE, width + 1), (LAST_MOVE, width)):
        for near in (0, size - arm):
            for far in (0, size - thick):
                draw.rectangle((near, far, near + arm - 1, far + thick - 1), fill=colour)
                draw.rectangle((far, near, far + thick - 1, near + arm - 1), fill=colour)


@lru_cache(maxsize=2048)
def tile(style: BoardStyle, kind: int, marks: Marks, look: Look | None) -> Image.Image:
    """One square of a kind with its highlights and piece, in the style's palette."""
    return _indexed(_tile_rgb(style, kind, marks, look), style)


# -- the panel ---------------------------------------------------------------------


def _line(style: BoardStyle, height: int, shade: Rgb = BACKGROUND) -> Image.Image:
    return Image.new("RGB", (style.width, height), shade)


@lru_cache(maxsize=64)
def _blank(style: BoardStyle, height: int) -> Image.Image:
    return _indexed(_line(style, height), style)


def _headline(style: BoardStyle, text: str) -> Image.Image:
    """The headline, put together from words drawn once: it changes with every move.

    The words are cut from the line in visual order, so right-to-left names stay whole.
    """
    layout = style.layout
    size = layout.text_size
    image = _blank(style, layout.headline_height).copy()
    pen = layout.pad
    for word in visual(fit(text, size, style.width - 2 * layout.pad)).split(" "):
        if word:
            ink, (left, top) = _word(style, word)
            image.paste(ink, (pen + left, top))
        pen += _advance(word, size) + _advance(" ", size)
    return image


@lru_cache(maxsize=2048)
def _advance(word: str, size: int) -> int:
    """How far a headline word (in visual order) moves the pen, in whole pixels."""
    return round(visual_line(word, size).width)


@lru_cache(maxsize=2048)
def _word(style: BoardStyle, word: str) -> tuple[Image.Image, tuple[int, int]]:
    """A headline word cropped to its ink, and the ink's corner from the pen's place in the line."""
    size, height = style.layout.text_size, style.layout.headline_height
    lettered = visual_line(word, size)
    margin = size
    image = Image.new("RGB", (round(lettered.width) + 2 * margin, height), BACKGROUND)
    lettered.draw(ImageDraw.Draw(image), (margin, height // 2), TEXT)
    box = ImageChops.difference(image, Image.new("RGB", image.size, BACKGROUND)).getbbox()
    left, top, right, bottom = box or (margin, 0, margin + 1, 1)
    ink = image.crop((left, top, right, bottom))
    return _indexed(ink, style), (left - margin, top)


def _seat_line(style: BoardStyle, seat: Seat) -> Image.Image:
    """A player's line from its two parts, each drawn once: name and note, then the stash."""
    left = _stash_left(style, len(seat.stash))
    image = _blank(style, style.layout.row_height).copy()
    image.paste(_seat_name(style, dataclasses.replace(seat, stash=()), left), (0, 0))
    image.paste(_stash(style, seat.stash, style.width - left), (left, 0))
    return image


@lru_cache(maxsize=256)
def _seat_name(style: BoardStyle, seat: Seat, width: int) -> Image.Image:
    return _indexed(_seat_name_rgb(style.layout, seat, width), style)


@lru_cache(maxsize=256)
def _stash(style: BoardStyle, stash: tuple[tuple[Look, int], ...], width: int) -> Image.Image:
    return _indexed(_stash_rgb(style.layout, stash, width), style)


def _seat_line_rgb(style: BoardStyle, seat: Seat) -> Image.Image:
    left = _stash_left(style, len(seat.stash))
    image = _line(style, style.layout.row_height)
    image.paste(_seat_name_rgb(style.layout, seat, left), (0, 0))
    image.paste(_stash_rgb(style.layout, seat.stash, style.width - left), (left, 0))
    return image


NOTE_SHARE = 0.6
"""The most of a player's line beside the icon its note takes: the name keeps the rest,
however long the note is in the reader's language."""


def _seat_name_rgb(layout: Layout, seat: Seat, width: int) -> Image.Image:
    """The turn marker, icon, name and note of a player's line, `width` pixels wide."""
    height, pad, px = layout.row_height, layout.pad, layout.px
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    middle = height // 2
    if seat.to_move:
        marker = ((pad, middle - px(12)), (pad + px(18), middle), (pad, middle + px(12)))
        draw.polygon(marker, fill=TEXT)
    x = pad + px(28)
    if seat.icon is not None:
        _paste_sprite(image, seat.icon, height - px(8), (x, px(4)))
        x += height
    note_width = 0
    if seat.note:
        room = (width - x) * NOTE_SHARE
        note = line(fit(seat.note, layout.small_size, round(room)), layout.small_size)
        note_width = round(note.width) + px(12)
        note.draw(draw, (width - px(8), middle), WINNING if seat.won else MUTED, "rm")
    name = fit(seat.name, layout.text_size, width - x - note_width - px(16))
    line(name, layout.text_size).draw(draw, (x, middle), TEXT)
    return image


@lru_cache(maxsize=64)
def _stash_left(style: BoardStyle, groups: int) -> int:
    """Where a stash of this many `icon xN` groups starts, flush right in a player's line."""
    layout = style.layout
    count = round(font(layout.small_size).getlength("x0"))
    group = layout.stash_icon + count + layout.px(4) + layout.stash_gap
    return style.width - layout.pad - groups * group


def _stash_rgb(layout: Layout, stash: tuple[tuple[Look, int], ...], width: int) -> Image.Image:
    """The `icon xN` groups of a player's line, flush right in `width` pixels."""
    height, icon = layout.row_height, layout.stash_icon
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    counts = font(layout.small_size)
    x = width - layout.pad
    for look, count in reversed(stash):
        x -= round(counts.getlength("x0")) + layout.px(4)
        draw.text((x, height // 2), f"x{count}", TEXT if count else MUTED, counts, "lm")
        x -= icon
        _paste_sprite(image, look, icon, (x, (height - icon) // 2))
        x -= layout.stash_gap
    return image


@lru_cache(maxsize=64)
def _strip_line(style: BoardStyle, strip: Strip) -> Image.Image:
    """The label, then the pieces in rows, each as large as a phone needs to read its code."""
    layout = style.layout
    token = layout.token
    image = _line(style, strip.rows * token)
    if strip.tokens:
        label = line(strip.label, layout.small_size)
        label.draw(ImageDraw.Draw(image), (layout.pad, token // 2), MUTED)
    across = (style.width - layout.pad - layout.token_indent) // token
    for index, piece in enumerate(strip.tokens):
        row, column = divmod(index, across)
        _paste_token(image, layout, piece, (layout.token_indent + column * token, row * token))
    return _indexed(image, style)


def _paste_token(image: Image.Image, layout: Layout, token: Token, corner: tuple[int, int]) -> None:
    """The piece, its code on a white label across its middle, and a badge `x2` if doubled."""
    side, text, small, px = layout.token, layout.text_size, layout.small_size, layout.px
    _paste_sprite(image, token.look, side, corner)
    draw = ImageDraw.Draw(image)
    x, y = corner[0] + side // 2, corner[1] + side // 2
    code = line(token.code, text)
    half_width, half_height = code.width / 2 + px(6), text / 2 + px(2)
    box = (x - half_width, y - half_height, x + half_width, y + half_height)
    draw.rounded_rectangle(box, px(6), fill=WHITE, outline=OUTLINE, width=px(2))
    code.draw(draw, (x, y), OUTLINE, "mm")
    if token.count > 1:
        count = line(f"x{token.count}", small)
        right, middle = corner[0] + side, corner[1] + small // 2
        badge = (right - count.width - px(10), middle - small / 2, right, middle + small / 2)
        draw.rounded_rectangle(badge, px(6), fill=BACKGROUND, outline=TEXT, width=px(2))
        count.draw(draw, (right - px(5), middle), TEXT, "rm")


def _paste_sprite(image: Image.Image, look: Look, pixels: int, corner: tuple[int, int]) -> None:
    piece = sprite(look, pixels)
    image.paste(piece, corner, piece)
