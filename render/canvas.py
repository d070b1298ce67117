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
import threading
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import cast

from PIL import Image, ImageChops, ImageDraw

from engine import FILES
from render.lettering import fit, font, line, visual, visual_line
from render.palette import (
    ALLOWED,
    BACKGROUND,
    DARK_SQUARE,
    LAST_MOVE,
    LIGHT_SQUARE,
    MUTED,
    OUTLINE,
    TEXT,
    WHITE,
    WINNING,
    Rgb,
)
from render.png import Deflated, deflate_rows, palette_png
from render.sprites import Look, sprite


@dataclass(frozen=True)
class Layout:
    """How big everything in a picture is, in pixels: the board, margins, lines, text.

    `FULL` is the board picture's; `scaled` makes a smaller one with everything in
    proportion, its text kept at `MIN_TEXT` pixels or more.
    """

    scale: float = 1.0
    board: int = 672
    pad: int = 16
    gutter: int = 34
    edge: int = 12
    headline_height: int = 52
    row_height: int = 62
    token: int = 96
    """A piece under the players with its code on it: a square this many pixels a side."""
    token_indent: int = 136
    stash_gap: int = 10
    coordinate_size: int = 26
    text_size: int = 30
    small_size: int = 26
    colours: int = 64
    """How many colours the palette holds: few make small files; anti-aliasing still
    looks smooth with these."""

    def scaled(self, factor: float, colours: int | None = None) -> Layout:
        """Everything `factor` times as big, text no smaller than `MIN_TEXT`, with
        `colours` (else as many as this layout)."""
        sizes = {
            name: round(value * factor)
            for name, value in dataclasses.asdict(self).items()
            if name not in ("scale", "colours")
        }
        for text in ("coordinate_size", "text_size", "small_size"):
            sizes[text] = max(MIN_TEXT, sizes[text])
        return Layout(self.scale * factor, colours=colours or self.colours, **sizes)

    def px(self, pixels: int) -> int:
        """A small distance drawn at full size (a line's width, an inset) at this scale."""
        return max(1, round(pixels * self.scale))

    @property
    def stash_icon(self) -> int:
        return self.row_height - self.px(14)


MIN_TEXT = 13
"""Pixels: the smallest text a scaled-down picture draws, still legible on a phone."""
FULL = Layout()
"""The board picture's layout."""
COMPACT = FULL.scaled(0.5, colours=31)
"""Half the board picture's size, about as big as chat shows an image: for replays.
Its 31 colours and a transparent one make 5-bit GIF codes."""
BRACKET_ARM = 0.3
BRACKET_WIDTH = 0.08
"""The last move's corner marks: arm length and thickness, as shares of a square."""
EXACT_COLOURS = (BACKGROUND, TEXT, MUTED, LIGHT_SQUARE, DARK_SQUARE, OUTLINE, WHITE)
TINT_ERROR = 12
"""How far, in any channel, a tinted square's colour may be drawn from its true colour."""
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
    the board (home edges). A style is drawn at its `layout`; `at` gives the same board
    at another.
    """

    name: str
    files: int
    ranks: int
    paint: Painter = paint_chessboard
    kind: Callable[[int, int], int] = chess_kind
    looks: tuple[Look, ...] = ()
    edges: tuple[Rgb | None, Rgb | None] = (None, None)
    layout: Layout = FULL

    @property
    def square(self) -> int:
        return self.layout.board // max(self.files, self.ranks)

    @property
    def left(self) -> int:
        return self.layout.pad + self.layout.gutter

    @property
    def top(self) -> int:
        return self.layout.pad + self.layout.edge

    @property
    def width(self) -> int:
        return self.left + self.files * self.square + self.layout.pad

    @property
    def panel_top(self) -> int:
        return self.top + self.ranks * self.square + self.layout.edge + self.layout.gutter

    def height(self, seats: int, strip_rows: int) -> int:
        """The picture's height with this many player lines and rows of pieces under them."""
        layout = self.layout
        rows = layout.headline_height + seats * layout.row_height + strip_rows * layout.token
        return self.panel_top + rows + layout.pad

    def square_box(self, file: int, rank: int) -> tuple[int, int, int, int]:
        """Left, top, right, bottom pixels of a square (right and bottom inclusive)."""
        x = self.left + file * self.square
        y = self.top + (self.ranks - 1 - rank) * self.square
        return (x, y, x + self.square - 1, y + self.square - 1)

    def at(self, layout: Layout) -> BoardStyle:
        """This board drawn at `layout` (the same style each time it is asked for)."""
        with _REGISTERING:
            found = _STYLES.get((self.name, layout))
            return found or dataclasses.replace(self, layout=layout)

    def __post_init__(self) -> None:
        if _STYLES.setdefault((self.name, self.layout), self) is not self:
            raise ValueError(f"a board style named {self.name!r} exists already")

    def __reduce__(self) -> tuple[Callable[[str, Layout], BoardStyle], tuple[str, Layout]]:
        """Pickled by name: a scene drawn in another process finds the same style there."""
        return style_named, (self.name, self.layout)


_STYLES: dict[tuple[str, Layout], BoardStyle] = {}
_REGISTERING = threading.Lock()
"""Held while a style is made at another layout, so that each is made once."""


def style_named(name: str, layout: Layout = FULL) -> BoardStyle:
    """The board style of that name at `layout` (its module must have been imported)."""
    return _STYLES[(name, FULL)].at(layout)


@dataclass(frozen=True)
class Marks:
    """Highlights on one square: the last move, the winning line, a legal target."""

    last: bool = False
    win: bool = False
    allowed: bool = False


RankSquares = tuple[tuple[int, Marks, Look | None], ...]
"""The squares of a rank that show something: file, highlights, piece."""


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
class Token:
    """A piece under the players, its code written on it, and how many of it there are."""

    look: Look
    code: str
    count: int = 1


@dataclass(frozen=True)
class Strip:
    """Labelled rows of pieces under the players (Folio's piece in hand, its pool).

    Its height is fixed by `rows`, so the picture keeps its size; with no pieces it is
    left blank, label and all.
    """

    label: str
    tokens: tuple[Token, ...]
    rows: int = 1


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
            Band(_rank_row, (style, rank, tuple(sorted(ranks.get(rank, []), key=_file))))
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
    return band.draw is _rank_row


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
    return difference(_tile(style, kind, *was), _tile(style, kind, *now))


def difference(before: Image.Image, after: Image.Image) -> Change | None:
    """The pixels of `after` that differ from `before`, cut to the smallest box holding them."""
    changed = ImageChops.subtract_modulo(after, before).tobytes().translate(_CHANGED)
    mask = Image.frombytes("L", after.size, changed)
    box = mask.getbbox()
    if box is None:
        return None
    return Change(after.crop(box), mask.crop(box), box[:2])


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
    exact = list(EXACT_COLOURS)
    chosen = _most_covering(sheet, style.layout.colours - len(exact))
    missed = [tint for tint in _square_tints(style) if not _near(tint, [*exact, *chosen])]
    if missed:
        exact.extend(dict.fromkeys(missed))
        chosen = _most_covering(sheet, style.layout.colours - len(exact))
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for colour in (*exact, *chosen) for channel in colour])
    return palette


def _most_covering(sheet: Image.Image, count: int) -> list[Rgb]:
    flat = sheet.quantize(count, method=Image.Quantize.MAXCOVERAGE).getpalette() or []
    return [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]


def _square_tints(style: BoardStyle) -> list[Rgb]:
    """The flat colour of every kind of square under each highlight that tints it (a
    winning line, the squares open to the piece in hand)."""
    inside = style.square * 3 // 10
    return [
        cast(Rgb, _tile_rgb(style, kind, marks, None).getpixel((inside, inside)))
        for kind in sorted(_kind_squares(style))
        for marks in (Marks(win=True), Marks(allowed=True))
    ]


def _near(colour: Rgb, palette: list[Rgb]) -> bool:
    """Whether the palette holds a colour within `TINT_ERROR` of `colour` in every channel:
    a tinted square fills too much of the board to be shown in a neighbouring hue."""
    return any(
        max(abs(a - b) for a, b in zip(colour, other, strict=True)) <= TINT_ERROR
        for other in palette
    )


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


def _rank_row(style: BoardStyle, rank: int, squares: RankSquares) -> Image.Image:
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
    if marks.last:
        _corner_brackets(draw, size)
    if marks.win:
        ring = max(style.layout.px(4), size // 11)
        draw.rectangle((0, 0, size - 1, size - 1), outline=WINNING, width=ring)
        draw.rectangle((0, 0, size - 1, size - 1), outline=OUTLINE, width=style.layout.px(2))
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
def _tile(style: BoardStyle, kind: int, marks: Marks, look: Look | None) -> Image.Image:
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
        note = line(seat.note, layout.small_size)
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
