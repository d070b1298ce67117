"""Folio: place the piece your opponent gives you; four colours or three sizes in a line win."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import ClassVar, cast

from engine.board import (
    is_square,
    king_distance,
    king_neighbours,
    parse_square,
    square_names,
    tokenize,
)
from engine.core import (
    BoardView,
    Ending,
    ForbiddenMove,
    Game,
    GameInfo,
    InvalidMove,
    InvalidOption,
    MovePart,
    MoveWords,
    Option,
    OptionValue,
    Piece,
    Result,
    SearchMove,
    Size,
    register,
)

COLOUR_LETTERS = "RYGB"
SIZE_LETTERS = "SML"
COLOUR_WORDS = ("red", "yellow", "green", "blue")
SIZE_WORDS = ("small", "medium", "large")
DEFAULT_EXTRAS = "RS YM GL BM"
RANDOM = "random"
CENTRE = ("d4", "e4", "d5", "e5")
REACH = 3
"""On the floating and no grids, every piece is at most this many squares from every other."""
SIZES = len(Size)
NOTHING = -1
"""In a search move `(square, gift)`: no square (the opening give) or no gift."""

_Line = tuple[tuple[int, ...], tuple[int, ...]]
"""A line of four squares through a square, and its other three squares."""
_Half = tuple[int | None, Size | None]
"""A colour or a size: one half of a piece's name."""
_Move = tuple[int | None, Piece | None]
"""A move as read: the square for the piece in hand (None when only giving), the gift."""

_HALVES: dict[str, _Half] = {
    **{word: (i, None) for i, word in enumerate(COLOUR_WORDS)},
    **{letter.lower(): (i, None) for i, letter in enumerate(COLOUR_LETTERS)},
    **{word: (None, Size(i + 1)) for i, word in enumerate(SIZE_WORDS)},
    **{letter.lower(): (None, Size(i + 1)) for i, letter in enumerate(SIZE_LETTERS)},
}
_PIECE_SEPARATORS = re.compile(r"[\s,()\-]+")
_NOT_A_PIECE = "{typed!r} is not a piece (e.g. RS or red small)"
_BAD_EXTRAS = (
    "the extras need a small, a medium and a large in three different colours "
    "and one piece of the fourth colour"
)


def piece_code(piece: Piece) -> str:
    """`RS` for the red small: colour letter, then size letter."""
    return FolioGame.info.piece_code(piece)


def _piece_parts(piece: Piece, prefix: str) -> tuple[tuple[str, str], tuple[str, str]]:
    """A piece's colour and size in words, as parts of a move's words."""
    colour, size = COLOUR_WORDS[piece.colour], SIZE_WORDS[piece.size - 1]
    return (f"{prefix}colour", colour), (f"{prefix}size", size)


def piece_name(piece: Piece) -> str:
    """`red small` for the red small."""
    return f"{COLOUR_WORDS[piece.colour]} {SIZE_WORDS[piece.size - 1]}"


def read_pieces(words: list[str]) -> list[Piece]:
    """Pieces spelt as codes (`rs`, `sr`) or words (`red small`, `small red`), one after another."""
    halves = [half for word in words for half in _halves(word)]
    pieces = [
        _join(first, second) for first, second in zip(halves[::2], halves[1::2], strict=False)
    ]
    if len(halves) % 2 or None in pieces:
        raise InvalidMove.because("not_a_piece", _NOT_A_PIECE, typed=" ".join(words))
    return cast("list[Piece]", pieces)


def _halves(word: str) -> list[_Half]:
    """A word's colours and sizes: `red` gives one half, `rs` two."""
    if word in _HALVES:
        return [_HALVES[word]]
    if len(word) == 2 and all(letter in _HALVES for letter in word):
        return [_HALVES[letter] for letter in word]
    raise InvalidMove.because("not_a_piece", _NOT_A_PIECE, typed=word)


def _join(first: _Half, second: _Half) -> Piece | None:
    """The piece a colour and a size name, in either order; None for two colours or sizes."""
    (colour, _), (_, size) = (first, second) if first[0] is not None else (second, first)
    return None if colour is None or size is None else Piece(size, colour)


def read_extras(text: str, seed: int) -> tuple[Piece, ...]:
    """The four extra pieces named by the `extras` option, or dealt from the seed for `random`."""
    if text == RANDOM:
        return _deal_extras(random.Random(seed))
    words = [word for word in _PIECE_SEPARATORS.split(text.lower()) if word]
    try:
        extras = read_pieces(words)
    except InvalidMove as error:
        raise InvalidOption(str(error), error.reason) from None
    if len(extras) != 4:
        raise InvalidOption.because(
            "four_extras",
            "the extras must be four pieces such as {example}",
            example=DEFAULT_EXTRAS,
        )
    colours = {piece.colour for piece in extras}
    if len(colours) != len(COLOUR_WORDS) or {piece.size for piece in extras} != set(Size):
        raise InvalidOption.because("mixed_extras", _BAD_EXTRAS)
    return tuple(sorted(extras, key=_by_colour))


def _deal_extras(rng: random.Random) -> tuple[Piece, ...]:
    """A random valid set: a small, a medium, a large and any size, in four colours."""
    colours = rng.sample(range(len(COLOUR_WORDS)), len(COLOUR_WORDS))
    sizes = [*Size, rng.choice(list(Size))]
    extras = (Piece(size, colour) for size, colour in zip(sizes, colours, strict=True))
    return tuple(sorted(extras, key=_by_colour))


def _index(piece: Piece) -> int:
    """A piece as a number, in the order of `_by_colour`: the gift half of a search move."""
    return piece.colour * SIZES + piece.size - 1


PIECES = tuple(Piece(size, colour) for colour in range(len(COLOUR_WORDS)) for size in Size)
"""Every piece by `_index`."""


def _by_colour(piece: Piece) -> tuple[int, int]:
    """Sort key: red before yellow, green and blue; small before medium and large."""
    return piece.colour, piece.size


@cache
def _lines_through(width: int, height: int) -> tuple[tuple[_Line, ...], ...]:
    """For each square, every line of four consecutive squares (row, column, diagonal) on it,
    with the line's other three squares."""
    lines = [
        tuple((rank + step * dr) * width + file + step * df for step in range(4))
        for rank in range(height)
        for file in range(width)
        for df, dr in ((1, 0), (0, 1), (1, 1), (-1, 1))
        if 0 <= file + 3 * df < width and rank + 3 * dr < height
    ]
    return tuple(
        tuple(
            (line, (*(other for other in line if other != square),))
            for line in lines
            if square in line
        )
        for square in range(width * height)
    )


@cache
def _within_reach(size: int) -> tuple[frozenset[int], ...]:
    """For each square of a size x size board, the squares at most REACH squares from it."""
    return tuple(
        frozenset(
            other for other in range(size * size) if king_distance(square, other, size) <= REACH
        )
        for square in range(size * size)
    )


def _winning_ending(line: list[Piece]) -> Ending | None:
    """Why four pieces in a line win (four colours, or all three sizes), or None."""
    if len({piece.colour for piece in line}) == len(line):
        return Ending.FOUR_COLOURS
    if len({piece.size for piece in line}) == len(Size):
        return Ending.THREE_SIZES
    return None


@register
class FolioGame(Game):
    """Folio for two players on a floating, fixed or absent grid.

    The second seat opens by giving a piece; from then on each move places the piece
    given and gives the opponent the next one.
    """

    info = GameInfo(
        name="folio",
        title="Folio",
        min_players=2,
        max_players=2,
        summary=(
            "Your opponent chooses the piece you place. Sixteen pyramids in four colours "
            "and three sizes are placed one by one; complete a line of four that holds "
            "four different colours or all three sizes and you win. On the floating grid "
            "the pieces must always fit in a 4x4 square."
        ),
        options=(
            Option(
                "grid",
                str,
                "floating",
                "floating (8x8, all pieces within a 4x4 square), fixed (4x4) or none "
                "(floating, each piece touching one already placed).",
                choices=("floating", "fixed", "none"),
                refusals=(
                    (
                        "freeform",
                        "freeform_grid",
                        "the freeform variant needs pieces placed anywhere on a real "
                        "table, so it is not offered here",
                    ),
                ),
            ),
            Option(
                "extras",
                str,
                DEFAULT_EXTRAS,
                "The four extra pieces as codes (e.g. RS YM GL BM), or random.",
            ),
        ),
        colours=COLOUR_WORDS,
        colour_letters=COLOUR_LETTERS,
        move_parts=(
            MovePart("square", "Where you place the piece you were given, e.g. d4."),
            MovePart("give", "The piece you give the other player, e.g. RS or red small."),
        ),
    )

    def __init__(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> None:
        extras = read_extras(str(options["extras"]), seed)
        if options["extras"] != RANDOM:
            options = {**options, "extras": " ".join(piece_code(piece) for piece in extras)}
        super().__init__(players, seed, options)
        self._extras = extras
        self._grid = str(self.options["grid"])
        self._size = 4 if self._grid == "fixed" else 8
        self._names = square_names(self._size, self._size)
        self._lines = _lines_through(self._size, self._size)
        trios = [Piece(size, colour) for colour in range(len(COLOUR_WORDS)) for size in Size]
        self._pool = sorted([*trios, *extras], key=_by_colour)
        self._hand: Piece | None = None
        self._board: dict[int, Piece] = {}
        self._history: list[str] = []
        self._placed: int | None = None
        self._winning_line: tuple[int, ...] = ()
        self._reachable = tuple(range(len(self._names)))
        """The squares at most REACH squares from every placed piece, in board order."""

    # -- the state beyond the board ----------------------------------------------

    @property
    def grid(self) -> str:
        """`floating`, `fixed` or `none`."""
        return self._grid

    @property
    def extras(self) -> tuple[str, ...]:
        """The codes of the four extra pieces in play, e.g. ("RS", "YM", "GL", "BM")."""
        return tuple(piece_code(piece) for piece in self._extras)

    @property
    def in_hand(self) -> Piece | None:
        """The piece given and not yet placed; None when the next action is a give."""
        return self._hand

    @property
    def pool(self) -> tuple[Piece, ...]:
        """The pieces neither placed nor in hand, by colour then size."""
        return tuple(self._pool)

    def allowed_squares(self) -> tuple[str, ...]:
        """The squares where the piece in hand may go, in board order."""
        return tuple(self._names[square] for square in self._allowed())

    # -- the Game interface --------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self.result is not None else _seat_making(len(self._history))

    @property
    def history(self) -> tuple[str, ...]:
        return tuple(self._history)

    @property
    def movers(self) -> tuple[int, ...]:
        return tuple(_seat_making(ply) for ply in range(len(self._history)))

    def legal_moves(self) -> list[str]:
        return [self.search_text(move) for move in self.search_moves()]

    def winning_moves(self) -> list[str]:
        """The squares where the piece in hand completes a winning line (canonical `d4`)."""
        return [self.search_text(move) for move in self.search_wins()]

    def view(self) -> BoardView:
        return BoardView(
            width=self._size,
            height=self._size,
            squares={self._names[square]: piece for square, piece in self._board.items()},
            placed=None if self._placed is None else self._names[self._placed],
            highlight=tuple(self._names[square] for square in self._winning_line),
            in_hand=self._hand,
            allowed=self.allowed_squares(),
            pool=self.pool,
        )

    MOVE_SENTENCES: ClassVar[Mapping[str, str]] = {
        "give": "gives the {gift_colour} {gift_size}",
        "place": "places the {colour} {size} on {square}",
        "place_and_give": (
            "places the {colour} {size} on {square} and gives the {gift_colour} {gift_size}"
        ),
    }

    def move_words(self, move: str) -> MoveWords:
        """`d4 give BL` -> `place_and_give` with the piece placed (`colour`, `size`), its
        `square`, and the piece given (`gift_colour`, `gift_size`); `give` or `place`
        alone for a move of one part."""
        square, gift = self._parse(move)
        given = () if gift is None else _piece_parts(gift, "gift_")
        if square is None:
            return MoveWords("give", given)
        placed = self._board.get(square, self._hand)
        if placed is None:
            raise InvalidMove.because(
                "not_a_move", "{typed!r} is not a move of this game", typed=move
            )
        parts = (*_piece_parts(placed, ""), ("square", self._names[square]), *given)
        return MoveWords("place_and_give" if given else "place", parts)

    def split_move(self, move: str) -> dict[str, str]:
        """`d4 give BL` -> {"square": "d4", "give": "BL"}; `give RS` and `d4` fill one part."""
        square, _, gift = (text.strip() for text in move.partition("give"))
        return {name: text for name, text in (("square", square), ("give", gift)) if text}

    def join_move(self, parts: Mapping[str, str]) -> str:
        square, gift = parts.get("square", "").strip(), parts.get("give", "").strip()
        return " ".join([square, *(["give", gift] if gift else [])]).strip()

    def _parse(self, text: str) -> _Move:
        words = _move_words(text)
        if not is_square(words[0]):
            return None, self._one_piece(words)
        square = parse_square(words[0], self._size, self._size)
        return square, self._one_piece(words[1:]) if words[1:] else None

    def _play(self, move: _Move) -> str:
        square, gift = move
        hand = self._hand
        checked = self._open(square, gift) if hand is None else self._place(square, gift, hand)
        self.search_push(checked)
        return self._history[-1]

    # -- the search path: moves are (square, gift), see NOTHING and `_index` ----

    def search_copy(self) -> FolioGame:
        clone = self._search_clone()
        clone._pool = list(self._pool)
        clone._board = dict(self._board)
        clone._history = list(self._history)
        return clone

    def search_moves(self) -> Sequence[SearchMove]:
        if self.result is not None:
            return []
        gifts = list(dict.fromkeys(_index(piece) for piece in self._pool))
        hand = self._hand
        if hand is None:
            return [(NOTHING, gift) for gift in gifts]
        moves: list[SearchMove] = []
        for square in self._allowed():
            if not gifts or self._win_on(square, hand):
                moves.append((square, NOTHING))
            else:
                moves.extend((square, gift) for gift in gifts)
        return moves

    def search_wins(self) -> list[SearchMove]:
        hand = self._hand
        if hand is None:
            return []
        return [(square, NOTHING) for square in self._allowed() if self._win_on(square, hand)]

    def search_text(self, move: SearchMove) -> str:
        square, gift = move
        if square == NOTHING:
            return f"give {piece_code(PIECES[gift])}"
        name = self._names[square]
        return name if gift == NOTHING else f"{name} give {piece_code(PIECES[gift])}"

    def search_push(self, move: SearchMove) -> None:
        square, gift = move
        text = self.search_text(move)
        hand = self._hand
        if gift == NOTHING and hand is not None:
            self._end(square, hand)
        else:
            self._hand = PIECES[gift]
            self._pool.remove(self._hand)
        if hand is not None:
            self._put(square, hand)
        self._history.append(text)

    def _end(self, square: int, placed: Piece) -> None:
        """The game ends as `placed` goes on `square`: won, or drawn with every piece placed."""
        self._hand = None
        win = self._win_on(square, placed)
        if win is None:
            self._finish(Result.draw(self.players, Ending.ALL_PLACED))
        else:
            self._winning_line, ending = win
            mover = _seat_making(len(self._history))
            self._finish(Result.win((mover,), self.players, ending))

    # -- checking moves ------------------------------------------------------

    def _open(self, square: int | None, gift: Piece | None) -> SearchMove:
        """The second seat's first move: give a piece to the first seat."""
        if square is not None or gift is None:
            raise ForbiddenMove.because("giving_now", "you are giving a piece now, not placing one")
        return NOTHING, self._gift(gift)

    def _place(self, square: int | None, gift: Piece | None, hand: Piece) -> SearchMove:
        """Place the piece in hand, then give one unless that ends the game."""
        if square is None:
            example = self.legal_moves()[0]
            raise ForbiddenMove.because(
                "square_first",
                "start with the square for the {piece} you were given, e.g. {example}",
                piece=piece_name(hand),
                example=example,
            )
        refusal = self._square_refusal(square)
        if refusal is not None:
            raise refusal
        if self._win_on(square, hand) is not None or not self._pool:
            return square, NOTHING
        if gift is None:
            example = f"{self._names[square]} give {piece_code(self._pool[0])}"
            raise ForbiddenMove.because(
                "give_too", "you must also give a piece, e.g. {example}", example=example
            )
        return square, self._gift(gift)

    def _put(self, square: int, piece: Piece) -> None:
        self._board[square] = piece
        self._placed = square
        near = _within_reach(self._size)[square]
        self._reachable = tuple(other for other in self._reachable if other in near)

    def _one_piece(self, words: list[str]) -> Piece:
        pieces = read_pieces(words)
        if len(pieces) != 1:
            raise InvalidMove.because("give_one", "give one piece, not {count}", count=len(pieces))
        return pieces[0]

    def _gift(self, piece: Piece) -> int:
        """A piece that may be given, as the gift half of a search move."""
        if piece not in self._pool:
            raise ForbiddenMove.because(
                "none_left", "there is no {piece} left to give", piece=piece_name(piece)
            )
        return _index(piece)

    # -- placement and winning -----------------------------------------------

    def _allowed(self) -> list[int]:
        """The squares the piece in hand may go to; none when a give is due or the game is over."""
        if self._hand is None or self.result is not None:
            return []
        board = self._board
        return [s for s in self._reachable if s not in board and self._square_refusal(s) is None]

    def _square_refusal(self, square: int) -> ForbiddenMove | None:
        """Why the piece in hand may not go on `square`, or None when it may."""
        name = self._names[square]
        if square in self._board:
            return ForbiddenMove.because("taken", "{square} is taken", square=name)
        if self._grid == "fixed":
            return None
        if not self._board:
            if name in CENTRE:
                return None
            return ForbiddenMove.because("centre", "the first piece goes on d4, e4, d5 or e5")
        if square not in self._reachable:
            farthest = max(
                self._board, key=lambda placed: king_distance(placed, square, self._size)
            )
            return ForbiddenMove.because(
                "too_far",
                "{square} is more than {reach} squares from {other}",
                square=name,
                reach=REACH,
                other=self._names[farthest],
            )
        neighbours = king_neighbours(self._size, self._size)[square]
        if self._grid == "none" and not any(n in self._board for n in neighbours):
            return ForbiddenMove.because(
                "alone", "{square} does not touch any placed piece", square=name
            )
        return None

    def _win_on(self, square: int, piece: Piece) -> tuple[tuple[int, ...], Ending] | None:
        """The line `piece` completes on `square` and why that wins, if it does."""
        board = self._board
        for line, (a, b, c) in self._lines[square]:
            if a in board and b in board and c in board:
                ending = _winning_ending([piece, board[a], board[b], board[c]])
                if ending is not None:
                    return line, ending
        return None


def _move_words(text: str) -> list[str]:
    """The words of a move, with hyphens (`blue-large`) read as spaces."""
    return tokenize(text.replace("-", " "))


def _seat_making(ply: int) -> int:
    """The seat that makes history entry `ply`: the second seat opens, then turns alternate."""
    return (ply + 1) % 2
