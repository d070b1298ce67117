"""The scene model: what a picture shows, in plain values that pickle.

A `Scene` is a board style, a headline, one line per player, the pieces and highlights
on the squares and the strips of pieces under the players. A `BoardStyle` is one kind of
board (its squares, how they are painted, the pieces that may stand on them) drawn at a
`Layout`, which sets how big everything is. Nothing here draws a picture; see `paint`.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from PIL import ImageDraw

from engine import FILES
from render.palette import DARK_SQUARE, LIGHT_SQUARE, Rgb
from render.sprites import Look


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

Painter = Callable[[ImageDraw.ImageDraw, "BoardStyle"], None]
"""Paints a style's empty squares on its board."""


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
    left blank, label and all (and left out of a finished game's still picture).
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


@dataclass(frozen=True)
class BoardMap:
    """Where a board picture shows its squares: the picture's size in pixels and each
    square's box by name (left, top, right, bottom; right and bottom inclusive)."""

    width: int
    height: int
    squares: Mapping[str, tuple[int, int, int, int]]


def board_map(scene: Scene) -> BoardMap:
    """Where the picture of `scene` shows each of its board's squares."""
    style = scene.style
    strip_rows = sum(strip.rows for strip in scene.strips)
    squares = {
        f"{FILES[file]}{rank + 1}": style.square_box(file, rank)
        for file in range(style.files)
        for rank in range(style.ranks)
    }
    return BoardMap(style.width, style.height(len(scene.seats), strip_rows), squares)


def square_position(name: str) -> tuple[int, int]:
    """File and rank indexes (0-based) of a square name such as `e4`."""
    return FILES.index(name[0]), int(name[1:]) - 1
