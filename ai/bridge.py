"""Reading a Bridge position: how far each side is from a bridge, and which moves matter.

Random Bridge games almost never end, so positions are valued by the shortest bridge
each side could still build (its own pieces free, empty squares one, the opponent's
squares `OPPONENT_COST`), one more when no piece can step into a gap of it at once,
instead of being played out. Moves onto either side's shortest bridges,
and not off one's own, are tried first.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import engine
from ai.bits import squares
from ai.playout import Outcome

SIDE = 8
FULL = (1 << SIDE * SIDE) - 1
RANK_1 = 0xFF
RANK_8 = 0xFF << 56
NOT_FILE_A = 0xFEFEFEFEFEFEFEFE
NOT_FILE_H = 0x7F7F7F7F7F7F7F7F
SQUARES = {f"{'abcdefgh'[i % SIDE]}{i // SIDE + 1}": i for i in range(SIDE * SIDE)}
OPPONENT_COST = 2
"""Squares the opponent stands on count as this many empty ones: they may move away."""
NO_BRIDGE = 16
STEEPNESS = 0.8
"""How sharply a lead in distance turns into winning chances."""
TEMPO = 0.5
"""What having the move is worth, in squares of distance."""
EXACT_WITHIN = 2
"""Distances at which each piece's moves into the gaps are tried, not just guessed."""
DOUBLE_THREAT = 0.25
"""The distance of a side one square from a bridge by two squares it can fill at once."""


def _steps(square: int, steps: tuple[tuple[int, int], ...]) -> int:
    """The squares one of `steps` (file, rank offsets) leads to from `square`, as a mask."""
    file, rank = square % SIDE, square // SIDE
    mask = 0
    for df, dr in steps:
        if 0 <= file + df < SIDE and 0 <= rank + dr < SIDE:
            mask |= 1 << (rank + dr) * SIDE + file + df
    return mask


KNIGHT = tuple(
    _steps(s, ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)))
    for s in range(SIDE * SIDE)
)
KING = tuple(
    _steps(s, tuple((df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr))
    for s in range(SIDE * SIDE)
)
DIAGONAL_SHIFTS = ((9, NOT_FILE_A), (7, NOT_FILE_H), (-7, NOT_FILE_A), (-9, NOT_FILE_H))
"""Bit shifts one square along each diagonal, with the file a step may not land on."""


def _slide(pieces: int, empty: int) -> int:
    """The empty squares pieces sliding diagonally (mediums) reach, over empty squares only."""
    reach = 0
    for shift, landing in DIAGONAL_SHIFTS:
        ray = pieces
        while ray:
            ray = (ray << shift if shift > 0 else ray >> -shift) & landing & empty
            reach |= ray
    return reach


def _reach(sizes: tuple[int, int, int], occupied: int) -> int:
    """The empty squares the pieces (masks of smalls, mediums, larges) can move to at once."""
    smalls, mediums, larges = sizes
    reach = 0
    for square in squares(smalls):
        reach |= KING[square]
    for square in squares(larges):
        reach |= KNIGHT[square]
    empty = FULL & ~occupied
    return (reach | _slide(mediums, empty)) & empty


def _as_size(squares: int, size: int) -> tuple[int, int, int]:
    """`squares` as pieces of one size (0 small, 1 medium, 2 large), for `_reach`.

    Moves are symmetric, so what pieces of a size on `squares` reach is also where
    a piece of that size must stand to reach `squares`.
    """
    masks = [0, 0, 0]
    masks[size] = squares
    return masks[0], masks[1], masks[2]


def _grow(squares: int) -> int:
    """The squares and their orthogonal neighbours."""
    return (
        squares
        | (squares << SIDE) & FULL
        | squares >> SIDE
        | (squares << 1) & NOT_FILE_A & FULL
        | (squares >> 1) & NOT_FILE_H
    )


def _joined(seeds: int, within: int) -> int:
    """The squares of `within` joined orthogonally, through `within`, to `seeds`."""
    group = seeds & within
    while True:
        grown = _grow(group) & within
        if grown == group:
            return group
        group = grown


def _layers(own: int, other: int, start: int, goal: int) -> list[int]:
    """The squares a bridge from the `start` edge reaches at each cost, up to the `goal` edge."""
    empty = FULL & ~(own | other)
    layers = [_joined(start, own)]
    while len(layers) < NO_BRIDGE and not layers[-1] & goal:
        entered = (_grow(layers[-1]) | start) & empty
        if len(layers) >= OPPONENT_COST:
            entered |= (_grow(layers[-OPPONENT_COST]) | start) & other
        seeds = layers[-1] | entered
        layers.append(_joined(seeds, own | seeds))
    return layers


@dataclass(frozen=True)
class Side:
    """One side's shortest bridges: their cost, the squares still to fill, its pieces on them."""

    distance: float
    gaps: int
    chain: int


def _distance(own: int, other: int) -> int:
    layers = _layers(own, other, RANK_1, RANK_8)
    return len(layers) - 1 if layers[-1] & RANK_8 else NO_BRIDGE


def _fills(sizes: tuple[int, int, int], other: int, gaps: int, distance: int) -> int:
    """The gaps some piece can move into at once, bringing the bridge one square closer."""
    own = sizes[0] | sizes[1] | sizes[2]
    occupied = own | other
    fills = 0
    for size, pieces in enumerate(sizes):
        for square in squares(pieces):
            for gap in squares(gaps & ~fills & _reach(_as_size(1 << square, size), occupied)):
                if _distance(own ^ (1 << square) | (1 << gap), other) < distance:
                    fills |= 1 << gap
    return fills


def read_side(sizes: tuple[int, int, int], other: int) -> Side:
    """A side's shortest bridges, from its pieces by size and the other side's squares.

    Close to a bridge, the gaps that can be filled at once are found by trying each
    piece; further away, any piece that can step into a gap is taken to help.
    """
    own = sizes[0] | sizes[1] | sizes[2]
    forward = _layers(own, other, RANK_1, RANK_8)
    if not forward[-1] & RANK_8:
        return Side(NO_BRIDGE, 0, 0)
    distance = len(forward) - 1
    backward = _layers(own, other, RANK_8, RANK_1)
    on_shortest = 0
    for cost in range(distance + 1):
        on_shortest |= forward[cost] & backward[min(distance - cost + 1, len(backward) - 1)]
    gaps, chain = on_shortest & ~own & ~other, on_shortest & own
    if not distance:
        return Side(0, gaps, chain)
    if distance <= EXACT_WITHIN:
        fills = _fills(sizes, other, gaps, distance)
    else:
        fills = gaps & _reach(sizes, own | other)
    if not fills:
        return Side(distance + 1, gaps, chain)
    if distance == 1 and fills.bit_count() > 1:
        return Side(DOUBLE_THREAT, gaps, chain)
    return Side(distance, gaps, chain)


def pieces(game: engine.Game) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """Each seat's smalls, mediums and larges as bit masks of squares (a1 is bit 0)."""
    masks = [[0, 0, 0], [0, 0, 0]]
    for name, piece in game.view().squares.items():
        masks[piece.colour][piece.size - 1] |= 1 << SQUARES[name]
    first, second = masks
    return (first[0], first[1], first[2]), (second[0], second[1], second[2])


def assess(
    game: engine.Game, moves: list[engine.SearchMove]
) -> tuple[list[engine.SearchMove], Outcome]:
    """The moves, most promising first, and each seat's chances from the two distances."""
    first, second = pieces(game)
    sides = (read_side(first, sum(second)), read_side(second, sum(first)))
    mover = game.to_move or 0
    lead: float = sides[1].distance - sides[0].distance
    lead += TEMPO if mover == 0 else -TEMPO
    chances = 1 / (1 + math.exp(-STEEPNESS * lead))
    own, theirs = sides[mover], sides[1 - mover]
    sizes = (first, second)[mover]
    occupied = sum(first) + sum(second)
    approaches = [
        (pieces, _reach(_as_size(own.gaps, size), occupied)) for size, pieces in enumerate(sizes)
    ]

    def promise(move: engine.SearchMove) -> int:
        if len(move) != 2:
            return 0
        origin, target = 1 << move[0], 1 << move[1]
        approach = any(origin & pieces and target & squares for pieces, squares in approaches)
        return (
            2 * bool(target & own.gaps)
            + bool(target & theirs.gaps)
            + approach
            - 2 * bool(origin & own.chain)
        )

    return sorted(moves, key=promise, reverse=True), (chances, 1 - chances)
