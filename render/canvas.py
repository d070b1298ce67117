"""Composing a picture: board, coordinates, highlights, the player panel, and encoding.

A picture is put together in palette mode from parts prepared once: the empty
board with its coordinates, one tile per kind of square, piece and highlight, the
words of the headline, and the halves of each player line. Each style gets its own
small palette, made from a sample of everything it can draw; a part is quantized to
it the first time it is needed.

A picture is a stack of full-width bands (a rank of the board, a panel line), each
named by the few values it shows. A PNG is strung together from compressed bands,
and the bands of recent pictures are kept compressed, so a move only draws and
compresses the ranks and lines it changed.
"""

from __future__ import annotations

import dataclasses
import io
import threading
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.board import FILES
from render.palette import (
    ALLOWED,
    BACKGROUND,
    DARK_SQUARE,
    LAST_MOVE,
    LIGHT_SQUARE,
    MUTED,
    OUTLINE,
    TEXT,
    TO_MOVE,
    WHITE,
    WINNING,
    Rgb,
    fit,
    font,
)
from render.png import Deflated, deflate_rows, palette_png
from render.sprites import Look, sprite

BOARD_PIXELS = 672
PAD = 16
GUTTER = 34
EDGE = 12
HEADLINE_HEIGHT = 52
ROW_HEIGHT = 62
STRIP_HEIGHT = 66
STASH_ICON = ROW_HEIGHT - 14
STASH_GAP = 10
COORDINATE_SIZE = 26
TEXT_SIZE = 30
SMALL_SIZE = 26
PALETTE_SIZE = 64
"""Few colours make small files; anti-aliasing still looks smooth with these."""
EXACT_COLOURS = (BACKGROUND, TO_MOVE, TEXT, MUTED, LIGHT_SQUARE, DARK_SQUARE, OUTLINE, WHITE)
FRAME_MS = 900
HOLD_MS = 4000
BAND_CACHE_SIZE = 4096
"""Compressed bands kept (a few kB each): the unchanged parts of recent pictures."""

DRAWING = threading.Lock()
"""Held while drawing: FreeType faces and the caches of drawn parts are shared by threads."""

Painter = Callable[[ImageDraw.ImageDraw, "BoardStyle"], None]


def chess_kind(file: int, rank: int) -> int:
    """Light (1) or dark (0), as on a chessboard whose a1 is dark."""
    return (file + rank) % 2


def paint_chessboard(draw: ImageDraw.ImageDraw, style: BoardStyle) -> None:
    """Alternating light and dark squares."""
    for file in range(style.files):
        for rank in range(style.ranks):
            colour = LIGHT_SQUARE if chess_kind(file, rank) else DARK_SQUARE
            draw.rectangle(style.square_box(file, rank), fill=colour)


@dataclass(frozen=True, eq=False)
class BoardStyle:
    """One kind of board: its squares, how they are painted, the pieces that stand on them.

    `kind` sorts squares into groups that look the same when empty; `looks` lists every
    piece that may appear, for the palette; `edges` colours the bands below and above
    the board (home edges).
    """

    name: str
    files: int
    ranks: int
    paint: Painter = paint_chessboard
    kind: Callable[[int, int], int] = chess_kind
    looks: tuple[Look, ...] = ()
    edges: tuple[Rgb | None, Rgb | None] = (None, None)

    @property
    def square(self) -> int:
        return BOARD_PIXELS // max(self.files, self.ranks)

    @property
    def left(self) -> int:
        return PAD + GUTTER

    @property
    def top(self) -> int:
        return PAD + EDGE

    @property
    def width(self) -> int:
        return self.left + self.files * self.square + PAD

    @property
    def panel_top(self) -> int:
        return self.top + self.ranks * self.square + EDGE + GUTTER

    def height(self, seats: int, strips: int) -> int:
        """The picture's height with this many player lines and piece strips."""
        rows = HEADLINE_HEIGHT + seats * ROW_HEIGHT + strips * STRIP_HEIGHT
        return self.panel_top + rows + PAD

    def square_box(self, file: int, rank: int) -> tuple[int, int, int, int]:
        """Left, top, right, bottom pixels of a square (right and bottom inclusive)."""
        x = self.left + file * self.square
        y = self.top + (self.ranks - 1 - rank) * self.square
        return (x, y, x + self.square - 1, y + self.square - 1)

    def __post_init__(self) -> None:
        if _STYLES.setdefault(self.name, self) is not self:
            raise ValueError(f"a board style named {self.name!r} exists already")

    def __reduce__(self) -> tuple[Callable[[str], BoardStyle], tuple[str]]:
        """Pickled by name: a scene drawn in another process finds the same style there."""
        return style_named, (self.name,)


_STYLES: dict[str, BoardStyle] = {}


def style_named(name: str) -> BoardStyle:
    """The board style of that name (its module must have been imported)."""
    return _STYLES[name]


@dataclass(frozen=True)
class Marks:
    """Highlights on one square: the last move, the winning line, a legal target."""

    last: bool = False
    win: bool = False
    allowed: bool = False


@dataclass(frozen=True)
class Seat:
    """One player's line in the panel."""

    name: str
    icon: Look | None
    to_move: bool
    note: str = ""
    stash: tuple[tuple[Look, int], ...] = ()
    won: bool = False


@dataclass(frozen=True)
class Strip:
    """A labelled row of pieces under the players (Folio's piece in hand, its pool)."""

    label: str
    looks: tuple[Look, ...]


@dataclass(frozen=True)
class Scene:
    """Everything one picture shows, in plain values."""

    style: BoardStyle
    headline: str
    seats: tuple[Seat, ...]
    pieces: Mapping[str, Look] = field(default_factory=dict)
    marks: Mapping[str, Marks] = field(default_factory=dict)
    strips: tuple[Strip, ...] = ()


def square_position(name: str) -> tuple[int, int]:
    """File and rank indexes (0-based) of a square name such as `e4`."""
    return FILES.index(name[0]), int(name[1:]) - 1


def compose(scene: Scene) -> Image.Image:
    """The scene as a palette image (call with `DRAWING` held)."""
    parts = [band.draw(*band.args) for band in _bands(scene)]
    image = Image.new("P", (scene.style.width, sum(part.height for part in parts)))
    image.putpalette(_palette(scene.style).getpalette() or [])
    y = 0
    for part in parts:
        image.paste(part, (0, y))
        y += part.height
    return image


def encode_png(scene: Scene) -> bytes:
    """The scene as a PNG, drawing and compressing only the bands not seen lately."""
    bands = [_deflated(band) for band in _bands(scene)]
    with DRAWING:
        palette = _palette(scene.style).getpalette() or []
    return palette_png(scene.style.width, palette, bands)


def encode_gif(frames: Sequence[Image.Image]) -> bytes:
    """An endlessly looping animation; the last frame is held longer."""
    durations = [FRAME_MS] * (len(frames) - 1) + [HOLD_MS]
    buffer = io.BytesIO()
    frames[0].save(
        buffer, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0
    )
    return buffer.getvalue()


# -- bands: the picture in full-width slices, each drawn from a few hashable values ------


@dataclass(frozen=True)
class Band:
    """A full-width slice of a picture: the function drawing it and its arguments."""

    draw: Callable[..., Image.Image]
    args: tuple[Hashable, ...]


def _bands(scene: Scene) -> list[Band]:
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
            Band(_rank_row, (style, rank, tuple(sorted(ranks.get(rank, []), key=_file))))
            for rank in reversed(range(style.ranks))
        ),
        Band(_board_rows, (style, board_bottom, style.panel_top)),
        Band(_headline, (style, scene.headline)),
        *(Band(_seat_line, (style, seat)) for seat in scene.seats),
        *(Band(_strip_line, (style, strip)) for strip in scene.strips),
        Band(_blank, (style, PAD)),
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
    return image.quantize(palette=_palette(style), dither=Image.Dither.NONE)


@lru_cache(maxsize=16)
def _palette(style: BoardStyle) -> Image.Image:
    """The flat colours, and more chosen from a sample of the board, pieces and highlights."""
    board = _board_rgb(style)
    panel = _seat_line_rgb(style, _sample_seat(style))
    samples = [_tile_rgb(style, kind, marks, look) for kind, marks, look in _sample_tiles(style)]
    per_row = board.width // style.square
    rows = -(-len(samples) // per_row)
    tiles_top = board.height + panel.height
    sheet = Image.new("RGB", (board.width, tiles_top + rows * style.square), BACKGROUND)
    sheet.paste(board, (0, 0))
    sheet.paste(panel, (0, board.height))
    for index, tile in enumerate(samples):
        row, column = divmod(index, per_row)
        sheet.paste(tile, (column * style.square, tiles_top + row * style.square))
    chosen = sheet.quantize(PALETTE_SIZE - len(EXACT_COLOURS), method=Image.Quantize.MAXCOVERAGE)
    palette = Image.new("P", (1, 1))
    palette.putpalette(
        [*(c for colour in EXACT_COLOURS for c in colour), *(chosen.getpalette() or [])]
    )
    return palette


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
    height = style.panel_top
    image = Image.new("RGB", (style.width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    right = style.left + style.files * style.square
    bottom = style.top + style.ranks * style.square
    below, above = style.edges
    if below:
        draw.rectangle((style.left, bottom + 3, right - 1, bottom + EDGE - 1), fill=below)
    if above:
        draw.rectangle((style.left, style.top - EDGE, right - 1, style.top - 4), fill=above)
    style.paint(draw, style)
    coordinates = font(COORDINATE_SIZE)
    for file in range(style.files):
        x = style.left + file * style.square + style.square // 2
        draw.text((x, bottom + EDGE + GUTTER // 2), FILES[file], TEXT, coordinates, "mm")
    for rank in range(style.ranks):
        y = style.top + (style.ranks - 1 - rank) * style.square + style.square // 2
        draw.text((style.left - 8, y), str(rank + 1), TEXT, coordinates, "rm")
    return image


@lru_cache(maxsize=64)
def _board_rows(style: BoardStyle, top: int, bottom: int) -> Image.Image:
    """Rows of the empty board picture, full width."""
    return _indexed(_board_rgb(style).crop((0, top, style.width, bottom)), style)


def _rank_row(
    style: BoardStyle, rank: int, squares: tuple[tuple[int, Marks, Look | None], ...]
) -> Image.Image:
    """One rank of the board, full width, with the given squares' (file, marks, piece) drawn."""
    top = style.square_box(0, rank)[1]
    image = _board_rows(style, top, top + style.square).copy()
    for file, marks, look in squares:
        tile = _tile(style, style.kind(file, rank), marks, look)
        image.paste(tile, (style.square_box(file, rank)[0], 0))
    return image


def _tile_rgb(style: BoardStyle, kind: int, marks: Marks, look: Look | None) -> Image.Image:
    file, rank = _kind_squares(style)[kind]
    left, top, right, bottom = style.square_box(file, rank)
    tile = _board_rgb(style).crop((left, top, right + 1, bottom + 1))
    size = style.square
    if marks.last:
        tile = Image.blend(tile, Image.new("RGB", tile.size, LAST_MOVE), 0.5)
    elif marks.win:
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
        ring = max(4, size // 11)
        draw.rectangle((0, 0, size - 1, size - 1), outline=WINNING, width=ring)
        draw.rectangle((0, 0, size - 1, size - 1), outline=OUTLINE, width=2)
    return tile


@lru_cache(maxsize=2048)
def _tile(style: BoardStyle, kind: int, marks: Marks, look: Look | None) -> Image.Image:
    return _indexed(_tile_rgb(style, kind, marks, look), style)


# -- the panel ---------------------------------------------------------------------


def _line(style: BoardStyle, height: int, shade: Rgb = BACKGROUND) -> Image.Image:
    return Image.new("RGB", (style.width, height), shade)


@lru_cache(maxsize=64)
def _blank(style: BoardStyle, height: int) -> Image.Image:
    return _indexed(_line(style, height), style)


def _headline(style: BoardStyle, text: str) -> Image.Image:
    """The headline, put together from words drawn once: it changes with every move."""
    image = _blank(style, HEADLINE_HEIGHT).copy()
    pen = PAD
    for word in fit(text, TEXT_SIZE, style.width - 2 * PAD).split(" "):
        if word:
            ink, (left, top) = _word(style, word)
            image.paste(ink, (pen + left, top))
        pen += _advance(word) + _advance(" ")
    return image


@lru_cache(maxsize=2048)
def _advance(text: str) -> int:
    """How far headline text moves the pen (whole pixels: the font is hinted)."""
    return round(font(TEXT_SIZE).getlength(text))


@lru_cache(maxsize=2048)
def _word(style: BoardStyle, word: str) -> tuple[Image.Image, tuple[int, int]]:
    """A headline word cropped to its ink, and the ink's corner from the pen's place in the line."""
    face = font(TEXT_SIZE)
    left, top, right, bottom = (round(edge) for edge in face.getbbox(word, anchor="lm"))
    image = Image.new("RGB", (right - left, bottom - top), BACKGROUND)
    ImageDraw.Draw(image).text((-left, -top), word, TEXT, face, "lm")
    return _indexed(image, style), (left, HEADLINE_HEIGHT // 2 + top)


def _seat_line(style: BoardStyle, seat: Seat) -> Image.Image:
    """A player's line from its two parts, each drawn once: name and note, then the stash."""
    left = _stash_left(style, len(seat.stash))
    image = _blank(style, ROW_HEIGHT).copy()
    image.paste(_seat_name(style, dataclasses.replace(seat, stash=()), left), (0, 0))
    image.paste(_stash(style, seat.stash, seat.to_move, style.width - left), (left, 0))
    return image


@lru_cache(maxsize=256)
def _seat_name(style: BoardStyle, seat: Seat, width: int) -> Image.Image:
    return _indexed(_seat_name_rgb(seat, width), style)


@lru_cache(maxsize=256)
def _stash(
    style: BoardStyle, stash: tuple[tuple[Look, int], ...], to_move: bool, width: int
) -> Image.Image:
    return _indexed(_stash_rgb(stash, to_move, width), style)


def _seat_line_rgb(style: BoardStyle, seat: Seat) -> Image.Image:
    left = _stash_left(style, len(seat.stash))
    image = _line(style, ROW_HEIGHT)
    image.paste(_seat_name_rgb(seat, left), (0, 0))
    image.paste(_stash_rgb(seat.stash, seat.to_move, style.width - left), (left, 0))
    return image


def _shade(to_move: bool) -> Rgb:
    return TO_MOVE if to_move else BACKGROUND


def _seat_name_rgb(seat: Seat, width: int) -> Image.Image:
    """The turn marker, icon, name and note of a player's line, `width` pixels wide."""
    image = Image.new("RGB", (width, ROW_HEIGHT), _shade(seat.to_move))
    draw = ImageDraw.Draw(image)
    middle = ROW_HEIGHT // 2
    if seat.to_move:
        draw.polygon(((PAD, middle - 12), (PAD + 18, middle), (PAD, middle + 12)), fill=TEXT)
    x = PAD + 28
    if seat.icon is not None:
        _paste_sprite(image, seat.icon, ROW_HEIGHT - 8, (x, 4))
        x += ROW_HEIGHT
    note_width = 0
    if seat.note:
        note_width = round(font(SMALL_SIZE).getlength(seat.note)) + 12
        draw.text(
            (width - 8, middle),
            seat.note,
            WINNING if seat.won else MUTED,
            font(SMALL_SIZE),
            "rm",
        )
    name = fit(seat.name, TEXT_SIZE, width - x - note_width - 16)
    draw.text((x, middle), name, TEXT, font(TEXT_SIZE), "lm")
    return image


def _stash_left(style: BoardStyle, groups: int) -> int:
    """Where a stash of this many `icon xN` groups starts, flush right in a player's line."""
    group = STASH_ICON + round(font(SMALL_SIZE).getlength("x0")) + 4 + STASH_GAP
    return style.width - PAD - groups * group


def _stash_rgb(stash: tuple[tuple[Look, int], ...], to_move: bool, width: int) -> Image.Image:
    """The `icon xN` groups of a player's line, flush right in `width` pixels."""
    image = Image.new("RGB", (width, ROW_HEIGHT), _shade(to_move))
    draw = ImageDraw.Draw(image)
    counts = font(SMALL_SIZE)
    x = width - PAD
    for look, count in reversed(stash):
        x -= round(counts.getlength("x0")) + 4
        draw.text((x, ROW_HEIGHT // 2), f"x{count}", TEXT if count else MUTED, counts, "lm")
        x -= STASH_ICON
        _paste_sprite(image, look, STASH_ICON, (x, (ROW_HEIGHT - STASH_ICON) // 2))
        x -= STASH_GAP
    return image


@lru_cache(maxsize=64)
def _strip_line(style: BoardStyle, strip: Strip) -> Image.Image:
    image = _line(style, STRIP_HEIGHT)
    draw = ImageDraw.Draw(image)
    draw.text((PAD, STRIP_HEIGHT // 2), strip.label, MUTED, font(SMALL_SIZE), "lm")
    x = PAD + 120
    if strip.looks:
        icon = min(STRIP_HEIGHT - 6, (style.width - PAD - x) // len(strip.looks))
        for look in strip.looks:
            _paste_sprite(image, look, icon, (x, (STRIP_HEIGHT - icon) // 2))
            x += icon
    return _indexed(image, style)


def _paste_sprite(image: Image.Image, look: Look, pixels: int, corner: tuple[int, int]) -> None:
    piece = sprite(look, pixels)
    image.paste(piece, corner, piece)
