"""Folio: place the piece your opponent gives you; four colours or three sizes in a line win."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from functools import cache
from typing import cast

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
    Game,
    GameInfo,
    IllegalMove,
    InvalidOption,
    MovePart,
    Option,
    OptionValue,
    Piece,
    Result,
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

_Half = tuple[int | None, Size | None]
"""A colour or a size: one half of a piece's name."""

_HALVES: dict[str, _Half] = {
    **{word: (i, None) for i, word in enumerate(COLOUR_WORDS)},
    **{letter.lower(): (i, None) for i, letter in enumerate(COLOUR_LETTERS)},
    **{word: (None, Size(i + 1)) for i, word in enumerate(SIZE_WORDS)},
    **{letter.lower(): (None, Size(i + 1)) for i, letter in enumerate(SIZE_LETTERS)},
}
_PIECE_SEPARATORS = re.compile(r"[\s,()\-]+")
_PIECE_HINT = "e.g. RS or red small"
_BAD_EXTRAS = (
    "the extras need a small, a medium and a large in three different colours "
    "and one piece of the fourth colour"
)


def piece_code(piece: Piece) -> str:
    """`RS` for the red small: colour letter, then size letter."""
    return COLOUR_LETTERS[piece.colour] + SIZE_LETTERS[piece.size - 1]


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
        raise IllegalMove(f"{' '.join(words)!r} is not a piece ({_PIECE_HINT})")
    return cast("list[Piece]", pieces)


def _halves(word: str) -> list[_Half]:
    """A word's colours and sizes: `red` gives one half, `rs` two."""
    if word in _HALVES:
        return [_HALVES[word]]
    if len(word) == 2 and all(letter in _HALVES for letter in word):
        return [_HALVES[letter] for letter in word]
    raise IllegalMove(f"{word!r} is not a piece ({_PIECE_HINT})")


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
    except IllegalMove as error:
        raise InvalidOption(str(error)) from None
    if len(extras) != 4:
        raise InvalidOption(f"the extras must be four pieces such as {DEFAULT_EXTRAS}")
    colours = {piece.colour for piece in extras}
    if len(colours) != len(COLOUR_WORDS) or {piece.size for piece in extras} != set(Size):
        raise InvalidOption(_BAD_EXTRAS)
    return tuple(sorted(extras, key=_by_colour))


def _deal_extras(rng: random.Random) -> tuple[Piece, ...]:
    """A random valid set: a small, a medium, a large and any size, in four colours."""
    colours = rng.sample(range(len(COLOUR_WORDS)), len(COLOUR_WORDS))
    sizes = [*Size, rng.choice(list(Size))]
    extras = (Piece(size, colour) for size, colour in zip(sizes, colours, strict=True))
    return tuple(sorted(extras, key=_by_colour))


def _by_colour(piece: Piece) -> tuple[int, int]:
    """Sort key: red before yellow, green and blue; small before medium and large."""
    return piece.colour, piece.size


@cache
def _lines_through(width: int, height: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each square, every line of four consecutive squares (row, column, diagonal) on it."""
    lines = [
        tuple((rank + step * dr) * width + file + step * df for step in range(4))
        for rank in range(height)
        for file in range(width)
        for df, dr in ((1, 0), (0, 1), (1, 1), (-1, 1))
        if 0 <= file + 3 * df < width and rank + 3 * dr < height
    ]
    return tuple(
        tuple(line for line in lines if square in line) for square in range(width * height)
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


def _winning_reason(line: list[Piece]) -> str | None:
    """Why four pieces in a line win (four colours, or all three sizes), or None."""
    if len({piece.colour for piece in line}) == len(line):
        return "four colours in a line"
    if len({piece.size for piece in line}) == len(Size):
        return "three sizes in a line"
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
        self._size = 4 if self.grid == "fixed" else 8
        self._names = square_names(self._size, self._size)
        self._lines = _lines_through(self._size, self._size)
        trios = [Piece(size, colour) for colour in range(len(COLOUR_WORDS)) for size in Size]
        self._pool = sorted([*trios, *extras], key=_by_colour)
        self._hand: Piece | None = None
        self._board: dict[int, Piece] = {}
        self._history: list[str] = []
        self._placed: int | None = None
        self._winning_line: tuple[int, ...] = ()
        self._reachable = frozenset(range(len(self._names)))
        """The squares at most REACH squares from every placed piece."""

    # -- what the renderer and the bot read ----------------------------------

    @property
    def grid(self) -> str:
        """`floating`, `fixed` or `none`."""
        return str(self.options["grid"])

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
        if self.result is not None:
            return []
        gifts = list(dict.fromkeys(piece_code(piece) for piece in self._pool))
        if self._hand is None:
            return [f"give {code}" for code in gifts]
        moves = []
        for square in self._allowed():
            name = self._names[square]
            if not gifts or self._win_on(square, self._hand):
                moves.append(name)
            else:
                moves.extend(f"{name} give {code}" for code in gifts)
        return moves

    def winning_moves(self) -> list[str]:
        """The squares where the piece in hand completes a winning line (canonical `d4`)."""
        hand = self._hand
        if hand is None:
            return []
        return [self._names[square] for square in self._allowed() if self._win_on(square, hand)]

    def view(self) -> BoardView:
        return BoardView(
            width=self._size,
            height=self._size,
            squares={self._names[square]: piece for square, piece in self._board.items()},
            placed=None if self._placed is None else self._names[self._placed],
            highlight=tuple(self._names[square] for square in self._winning_line),
        )

    def describe(self, move: str) -> str:
        """`d4 give BL` -> "places the red small on d4 and gives the blue large"."""
        words = _move_words(move)
        if not is_square(words[0]):
            return f"gives the {piece_name(self._one_piece(words))}"
        placed = self._board.get(parse_square(words[0], self._size, self._size), self._hand)
        if placed is None:
            raise IllegalMove(f"{move!r} is not a move of this game")
        text = f"places the {piece_name(placed)} on {words[0]}"
        if words[1:]:
            text += f" and gives the {piece_name(self._one_piece(words[1:]))}"
        return text

    def split_move(self, move: str) -> dict[str, str]:
        """`d4 give BL` -> {"square": "d4", "give": "BL"}; `give RS` and `d4` fill one part."""
        square, _, gift = (text.strip() for text in move.partition("give"))
        return {name: text for name, text in (("square", square), ("give", gift)) if text}

    def join_move(self, parts: Mapping[str, str]) -> str:
        square, gift = parts.get("square", "").strip(), parts.get("give", "").strip()
        return " ".join([square, *(["give", gift] if gift else [])]).strip()

    def _play(self, text: str) -> str:
        words = _move_words(text)
        canonical = self._open(words) if self._hand is None else self._place(words, self._hand)
        self._history.append(canonical)
        return canonical

    # -- moves ---------------------------------------------------------------

    def _open(self, words: list[str]) -> str:
        """The second seat's first move: give a piece to the first seat."""
        if is_square(words[0]):
            raise IllegalMove("you are giving a piece now, not placing one")
        self._hand = self._take_from_pool(self._one_piece(words))
        return f"give {piece_code(self._hand)}"

    def _place(self, words: list[str], hand: Piece) -> str:
        """Place the piece in hand, then give one unless that ends the game."""
        if not is_square(words[0]):
            example = self.legal_moves()[0]
            raise IllegalMove(
                f"start with the square for the {piece_name(hand)} you were given, e.g. {example}"
            )
        square = parse_square(words[0], self._size, self._size)
        gift = self._one_piece(words[1:]) if words[1:] else None
        refusal = self._square_refusal(square)
        if refusal is not None:
            raise IllegalMove(refusal)
        name = self._names[square]
        win = self._win_on(square, hand)
        if win is None and self._pool:
            if gift is None:
                example = f"{name} give {piece_code(self._pool[0])}"
                raise IllegalMove(f"you must also give a piece, e.g. {example}")
            self._hand = self._take_from_pool(gift)
            self._put(square, hand)
            return f"{name} give {piece_code(gift)}"
        mover = _seat_making(len(self._history))
        self._hand = None
        self._put(square, hand)
        if win is None:
            self._finish(Result.draw(self.players, "all pieces placed"))
        else:
            self._winning_line, reason = win
            self._finish(Result.win((mover,), self.players, reason))
        return name

    def _put(self, square: int, piece: Piece) -> None:
        self._board[square] = piece
        self._placed = square
        self._reachable &= _within_reach(self._size)[square]

    def _one_piece(self, words: list[str]) -> Piece:
        pieces = read_pieces(words)
        if len(pieces) != 1:
            raise IllegalMove(f"give one piece, not {len(pieces)}")
        return pieces[0]

    def _take_from_pool(self, piece: Piece) -> Piece:
        if piece not in self._pool:
            raise IllegalMove(f"there is no {piece_name(piece)} left to give")
        self._pool.remove(piece)
        return piece

    # -- placement and winning -----------------------------------------------

    def _allowed(self) -> list[int]:
        """The squares the piece in hand may go to; none when a give is due or the game is over."""
        if self._hand is None or self.result is not None:
            return []
        return [s for s in sorted(self._reachable) if self._square_refusal(s) is None]

    def _square_refusal(self, square: int) -> str | None:
        """Why the piece in hand may not go on `square`, or None when it may."""
        name = self._names[square]
        if square in self._board:
            return f"{name} is taken"
        if self.grid == "fixed":
            return None
        if not self._board:
            return None if name in CENTRE else "the first piece goes on d4, e4, d5 or e5"
        if square not in self._reachable:
            farthest = max(
                self._board, key=lambda placed: king_distance(placed, square, self._size)
            )
            return f"{name} is more than {REACH} squares from {self._names[farthest]}"
        neighbours = king_neighbours(self._size, self._size)[square]
        if self.grid == "none" and not any(n in self._board for n in neighbours):
            return f"{name} does not touch any placed piece"
        return None

    def _win_on(self, square: int, piece: Piece) -> tuple[tuple[int, ...], str] | None:
        """The line `piece` completes on `square` and why that wins, if it does."""
        for line in self._lines[square]:
            others = [self._board[other] for other in line if other in self._board]
            reason = _winning_reason([piece, *others]) if len(others) == len(line) - 1 else None
            if reason is not None:
                return line, reason
        return None


def _move_words(text: str) -> list[str]:
    """The words of a move, with hyphens (`blue-large`) read as spaces."""
    return tokenize(text.replace("-", " "))


def _seat_making(ply: int) -> int:
    """The seat that makes history entry `ply`: the second seat opens, then turns alternate."""
    return (ply + 1) % 2
