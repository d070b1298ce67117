"""Square names, neighbour tables and the tokenizer every game's move parser shares."""

from __future__ import annotations

import re
from functools import cache

from engine.core import InvalidMove

FILES = "abcdefghij"
"""The files' letters from the left: squares are named like chess, `a1` bottom left."""
MAX_MOVE_TEXT = 100
FILLER_WORDS = frozenset({"from", "spend", "give", "to"})
_SEPARATORS = re.compile(r"[\s,()]+")
_SQUARE = re.compile(r"([a-z])(\d{1,2})")


def square_name(index: int, width: int) -> str:
    """`a1` for index 0; index = rank * width + file."""
    return f"{FILES[index % width]}{index // width + 1}"


@cache
def square_names(width: int, height: int) -> tuple[str, ...]:
    """Every square's name, in board order (a1, b1, ..., a2, ...)."""
    return tuple(square_name(i, width) for i in range(width * height))


@cache
def square_indexes(width: int, height: int) -> dict[str, int]:
    return {name: i for i, name in enumerate(square_names(width, height))}


def is_square(token: str) -> bool:
    """Whether a token is shaped like a square name (a letter, then a number)."""
    return _SQUARE.fullmatch(token) is not None


def parse_square(token: str, width: int, height: int) -> int:
    """The index of a square name such as `e4`; refuses names off the board."""
    index = square_indexes(width, height).get(token.lower())
    if index is None:
        last = square_name(width * height - 1, width)
        if is_square(token.lower()):
            raise InvalidMove.because(
                "off_board", "{square} is not on the board (a1 to {last})", square=token, last=last
            )
        raise InvalidMove.because(
            "not_a_square", "{typed!r} is not a square (a1 to {last})", typed=token, last=last
        )
    return index


@cache
def king_neighbours(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """For each square, the up to 8 squares next to it (diagonals included)."""
    table = []
    for index in range(width * height):
        file, rank = index % width, index // width
        table.append(
            tuple(
                (rank + dr) * width + file + df
                for dr in (-1, 0, 1)
                for df in (-1, 0, 1)
                if (df or dr) and 0 <= file + df < width and 0 <= rank + dr < height
            )
        )
    return tuple(table)


def king_distance(a: int, b: int, width: int) -> int:
    """Moves a chess king needs between two squares."""
    return max(abs(a % width - b % width), abs(a // width - b // width))


def tokenize(text: str) -> list[str]:
    """Lower-case words of a move, without separators and filler words.

    Refuses text that is empty or too long to be a move.
    """
    if len(text) > MAX_MOVE_TEXT:
        raise InvalidMove.because("too_long", "that is too long to be a move")
    tokens = [t for t in _SEPARATORS.split(text.lower()) if t and t not in FILLER_WORDS]
    if not tokens:
        raise InvalidMove.because("empty", "the move is empty")
    return tokens


@cache
def common_neighbours(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """For squares a and b, at index `a * width * height + b`, the squares next to both."""
    neighbours = [frozenset(n) for n in king_neighbours(width, height)]
    size = width * height
    return tuple(
        tuple(sorted(neighbours[a] & neighbours[b])) if a != b else ()
        for a in range(size)
        for b in range(size)
    )


Ray = tuple[int, ...]


@cache
def line_rays(width: int, height: int, length: int) -> tuple[tuple[tuple[Ray, Ray], ...], ...]:
    """For each square, the lines through it at least `length` squares long.

    Each line is a pair of rays: the squares going one way from the square, nearest
    first, and the squares going the other way. Rows, columns and both diagonals count.
    """
    table = []
    for index in range(width * height):
        file, rank = index % width, index // width
        lines = []
        for df, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            forward = _ray(file, rank, df, dr, width, height)
            backward = _ray(file, rank, -df, -dr, width, height)
            if len(forward) + len(backward) + 1 >= length:
                lines.append((forward, backward))
        table.append(tuple(lines))
    return tuple(table)


def _ray(file: int, rank: int, df: int, dr: int, width: int, height: int) -> Ray:
    squares = []
    file, rank = file + df, rank + dr
    while 0 <= file < width and 0 <= rank < height:
        squares.append(rank * width + file)
        file, rank = file + df, rank + dr
    return tuple(squares)
