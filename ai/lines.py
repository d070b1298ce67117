"""Reading lines in Tink and Tingle: threats, double threats, and the moves that make them.

A seat *threatens* an empty square when one of its runs of four squares (a window) holds
three of its pieces that count as one size and the square is the fourth: placing there
may win. Two threatened squares are a *double threat*: one move cannot block both.
A *maker* is an empty square where one piece gives the seat a double threat; an open
two (two in a row with room at both ends) has makers at both ends.

Squares are bit positions `rank * width + file`; a Tink search move is an
`engine.LineMove` (its size, target square, and the two squares it spends, -1 for a free
small).
Readings are patterns only, so they may see a threat that a short stash cannot carry out,
never miss one; moves found by them are checked on the game itself before they are played.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import cast

import engine
from ai.bits import squares

LINE_GAMES = ("tink", "tingle")
LENGTH = 4
SMALL, MEDIUM, LARGE = 1, 2, 3
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
WEIGHTS = (0.0, 1.0, 4.0, 16.0, 64.0)
"""What an open window is worth by the pieces of one seat in it."""
HAND = 6.0
"""What each of the first three smalls in hand is worth: a line needs pieces to finish."""
DOUBLE = 48.0
"""What two threatened squares, or a square to make them from with the move, are worth."""
FORK_PIECES = 3
"""The smalls a fork needs in hand: itself, the double threat, the win."""
SCALE = 12.0
"""The lead in worth that makes a side about three times as likely to win as the other."""


@dataclass(frozen=True)
class Geometry:
    """A board's windows (bit masks of four squares in a row) and each square's neighbours."""

    width: int
    windows: tuple[int, ...]
    through: tuple[tuple[int, ...], ...]
    """Per square, the windows through it."""
    neighbours: tuple[int, ...]


@cache
def geometry(width: int, height: int) -> Geometry:
    windows = []
    for rank in range(height):
        for file in range(width):
            for df, dr in DIRECTIONS:
                end_file, end_rank = file + df * (LENGTH - 1), rank + dr * (LENGTH - 1)
                if 0 <= end_file < width and 0 <= end_rank < height:
                    windows.append(
                        sum(1 << (rank + dr * k) * width + file + df * k for k in range(LENGTH))
                    )
    size = width * height
    neighbours = []
    for square in range(size):
        file, rank = square % width, square // width
        neighbours.append(
            sum(
                1 << (rank + dr) * width + file + df
                for df in (-1, 0, 1)
                for dr in (-1, 0, 1)
                if (df or dr) and 0 <= file + df < width and 0 <= rank + dr < height
            )
        )
    return Geometry(
        width,
        tuple(windows),
        tuple(tuple(w for w in windows if w >> square & 1) for square in range(size)),
        tuple(neighbours),
    )


Gaps = tuple[list[int], list[int], list[int], list[int], list[int]]
"""The empty squares of open windows, listed by how many there are (0 to 4)."""


@dataclass(frozen=True)
class Lines:
    """Who stands where: every occupied square, and per seat its pieces counting as smalls
    and as mediums (the large in both)."""

    geometry: Geometry
    occupied: int
    smalls: tuple[int, ...]
    mediums: tuple[int, ...]
    stash: tuple[int, ...] = ()
    """Per seat, the smalls it has off the board, if read."""
    _read: dict[int, tuple[Gaps, Gaps]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    """Per seat, its open windows once read (see `_open_windows`)."""
    _origin: tuple[Lines, int, int, int] | None = field(default=None, compare=False, repr=False)
    """After a piece placed without spending: the lines before, the seat, the square and
    the size, from whose open windows these lines derive their own."""

    def after(self, seat: int, move: engine.LineMove) -> Lines:
        """The lines after `seat` makes the Tink search move `move`."""
        size, target, first, second = move
        smalls, mediums = list(self.smalls), list(self.mediums)
        occupied = self.occupied
        stash = list(self.stash)
        if stash:
            stash[seat] -= size == SMALL
        if first >= 0:
            spent = 1 << first | 1 << second
            if stash:
                stash[seat] += (spent & smalls[seat] & ~mediums[seat]).bit_count()
            occupied &= ~spent
            smalls[seat] &= ~spent
            mediums[seat] &= ~spent
        placed = 1 << target
        occupied |= placed
        if size != MEDIUM:
            smalls[seat] |= placed
        if size != SMALL:
            mediums[seat] |= placed
        origin = (self, seat, target, size) if first < 0 else None
        return Lines(self.geometry, occupied, tuple(smalls), tuple(mediums), tuple(stash), origin)

    def threats(self, seat: int) -> int:
        """The empty squares where one piece of the seat would complete a window."""
        return _union(self._gaps(seat, 1))

    def live_threats(self, seat: int) -> int:
        """The threatened squares the seat may have the piece for: a small in hand (when
        the stash is read), or two pieces next to the square to spend for one that counts."""
        smalls, mediums = self._gaps(seat, 1)
        if not smalls and not mediums:
            return 0
        near_mediums = self._near(self.mediums[seat])
        small_at = -1 if not self.stash or self.stash[seat] else near_mediums
        return _union_of(smalls) & small_at | _union_of(mediums) & (
            self._near(self.smalls[seat]) | near_mediums
        )

    def threat_makers(self, seat: int) -> int:
        """The empty squares where one piece gives the seat a threatened square."""
        return _union(self._gaps(seat, 2))

    def two_makers(self, seat: int) -> int:
        """The empty squares where one piece gives the seat an open window holding two."""
        return _union(self._gaps(seat, 3))

    def critical(self, seat: int) -> int:
        """The empty squares of the seat's open windows holding two or more of its pieces:
        where a piece may block what the seat threatens or may soon threaten."""
        return self.threats(seat) | self.threat_makers(seat)

    def makers(self, seat: int) -> int:
        """The empty squares where one piece gives the seat two or more threatened squares.

        A medium or large counts only where two of the seat's smalls stand next to the
        square, ready to be spent for it.
        """
        threatened = self.threats(seat)
        found = 0
        for gaps, needed in zip(self._gaps(seat, 2), self._spendable(seat), strict=True):
            follow: dict[int, int] = {}
            for missing in gaps:
                low = missing & -missing
                high = missing ^ low
                follow[low] = follow.get(low, 0) | high
                follow[high] = follow.get(high, 0) | low
            for placed, gained in follow.items():
                if placed & needed and ((threatened | gained) & ~placed).bit_count() >= 2:
                    found |= placed
        return found

    def blockers(self, seat: int) -> int:
        """The other seats' pieces that each block a window holding three of the seat's
        pieces counting as one size."""
        found = 0
        others = self.occupied & ~(self.smalls[seat] | self.mediums[seat])
        for pieces in (self.smalls[seat], self.mediums[seat]):
            for window in self.geometry.windows:
                if window & others and (window & pieces).bit_count() == LENGTH - 1:
                    found |= window & others
        return found

    def forks(self, seat: int) -> int:
        """The empty squares where one piece gives the seat double threats to make that one
        answer of the opponent cannot all take away: two open twos at once, say."""
        other = 1 - seat
        found = 0
        for size, gaps, needed in zip(
            (SMALL, MEDIUM), self._gaps(seat, 3), self._spendable(seat), strict=True
        ):
            for square in squares(_union_of(gaps) & needed & ~found):
                after = self.after(seat, engine.LineMove(size, square, -1, -1))
                makers = after.makers(seat)
                if makers and all(
                    after.after(other, engine.LineMove(SMALL, block, -1, -1)).makers(seat)
                    for block in squares(makers)
                ):
                    found |= 1 << square
        return found

    def pressure(self, seat: int) -> float:
        """How close the seat's lines are to four: its open windows, weighed by the pieces
        in them, with the smalls it has in hand to go on."""
        total = 0.0
        for by_missing in self._open_windows(seat):
            for missing, gaps in enumerate(by_missing):
                total += WEIGHTS[LENGTH - missing] * len(gaps)
        return total + HAND * min(self.stash[seat], 3) if self.stash else total

    def _spendable(self, seat: int) -> tuple[int, int]:
        """Where the seat can put a piece counting as a small, and one counting as a medium
        (next to two of its smalls to spend)."""
        return ~self.occupied, self._near(self.smalls[seat])

    def _near(self, pieces: int) -> int:
        """The empty squares next to two or more of `pieces`."""
        neighbours = self.geometry.neighbours
        once = twice = 0
        for square in squares(pieces):
            twice |= once & neighbours[square]
            once |= neighbours[square]
        return twice & ~self.occupied

    def _gaps(self, seat: int, missing: int) -> tuple[list[int], list[int]]:
        """For pieces counting as smalls, then as mediums: the empty squares of each window
        holding the seat's pieces and `missing` empty squares, nothing else."""
        smalls, mediums = self._open_windows(seat)
        return smalls[missing], mediums[missing]

    def _open_windows(self, seat: int) -> tuple[Gaps, Gaps]:
        """For pieces counting as smalls, then as mediums: the empty squares of each window
        holding the seat's pieces and nothing else, listed by how many there are. Read
        once per seat."""
        found = self._read.get(seat)
        if found is None:
            found = self._read[seat] = self._derived(seat) or (
                self._windows_of(self.smalls[seat]),
                self._windows_of(self.mediums[seat]),
            )
        return found

    def _derived(self, seat: int) -> tuple[Gaps, Gaps] | None:
        """The seat's open windows from those before a piece was placed, if they were read:
        the windows through its square close to the other seats, and to the placer's kind
        the piece does not count as; for the placer they lose an empty square, and the
        windows through it empty until now open."""
        if self._origin is None:
            return None
        before, placer, square, size = self._origin
        earlier = before._read.get(seat)
        if earlier is None:
            return None
        bit = 1 << square
        if seat != placer:
            return _closed(earlier[0], bit), _closed(earlier[1], bit)
        opened = [
            window ^ bit for window in self.geometry.through[square] if not window & before.occupied
        ]
        return (
            _closed(earlier[0], bit) if size == MEDIUM else _filled(earlier[0], bit, opened),
            _closed(earlier[1], bit) if size == SMALL else _filled(earlier[1], bit, opened),
        )

    def _windows_of(self, own: int) -> Gaps:
        by_missing: Gaps = ([], [], [], [], [])
        blockers = self.occupied & ~own
        through = self.geometry.through
        for square in squares(own):
            # a window is met first at its lowest square of `own`: skip those met below
            skipped = blockers | own & ((1 << square) - 1)
            for window in through[square]:
                if not window & skipped:
                    empty = window & ~own
                    by_missing[empty.bit_count()].append(empty)
        return by_missing


def _closed(gaps: Gaps, square: int) -> Gaps:
    """The open windows of `gaps` without those through `square` (a bit)."""
    kept = [[gap for gap in by_missing if not gap & square] for by_missing in gaps]
    return kept[0], kept[1], kept[2], kept[3], kept[4]


def _filled(gaps: Gaps, square: int, opened: list[int]) -> Gaps:
    """The open windows of `gaps` once `square` (a bit) holds a piece of their seat's kind,
    with the windows `opened` (their gaps) that only now hold one of its pieces."""
    filled = [
        [gap for gap in gaps[missing] if not gap & square]
        + [gap ^ square for gap in gaps[missing + 1] if gap & square]
        for missing in range(LENGTH)
    ]
    return filled[0], filled[1], filled[2], filled[3] + opened, []


def _union_of(masks: list[int]) -> int:
    union = 0
    for mask in masks:
        union |= mask
    return union


def _union(gaps: tuple[list[int], list[int]]) -> int:
    return _union_of(gaps[0]) | _union_of(gaps[1])


def near_action(lines: Lines) -> int:
    """The empty squares within two squares (king distance) of a piece; all, on an empty board."""
    if not lines.occupied:
        return -1
    neighbours = lines.geometry.neighbours
    ring = lines.occupied
    for _ in range(2):
        grown = ring
        for square in squares(ring):
            grown |= neighbours[square]
        ring = grown
    return ring & ~lines.occupied


def assess(
    game: engine.Game, moves: list[engine.SearchMove], rng: random.Random
) -> tuple[list[engine.SearchMove], tuple[float, ...]]:
    """The moves, the most urgent first, and each seat's chances read from its lines.

    Urgent: a square the previous player threatens to win on; then squares that make a
    threat, or block a window of the previous player's holding two; then squares near the
    pieces; the rest last, each group in random order.
    """
    lines = read_lines(game)
    mover = game.to_move or 0
    previous = (mover - 1) % game.players
    worth = [lines.pressure(seat) for seat in range(game.players)]
    for seat in range(game.players):
        if seat != mover and lines.threats(seat).bit_count() >= 2:
            worth[seat] += DOUBLE
    if lines.makers(mover):
        worth[mover] += DOUBLE
    top = max(worth)
    shares = [math.exp((value - top) / SCALE) for value in worth]
    total = sum(shares)
    chances = tuple(share / total for share in shares)
    urgent = lines.threats(previous)
    building = lines.threat_makers(mover) | lines.threat_makers(previous)
    near = near_action(lines)
    rng.shuffle(moves)

    def rank(move: engine.SearchMove) -> int:
        _, square, spent_first, _ = move
        target = 1 << square
        return (
            0 if target & urgent else 1 if target & building else 2 if target & near else 3
        ) * 2 + (spent_first >= 0)

    return sorted(moves, key=rank), chances


def line_moves(game: engine.Game) -> Sequence[engine.LineMove]:
    """The search moves of a Tink or Tingle game, which are `LineMove`s."""
    return as_lines(game.search_moves())


def line_wins(game: engine.Game) -> list[engine.LineMove]:
    """The winning search moves of a Tink or Tingle game."""
    return list(as_lines(game.search_wins()))


def as_lines(moves: Sequence[engine.SearchMove]) -> Sequence[engine.LineMove]:
    """Search moves known to be a Tink or Tingle game's, as what they are."""
    return cast(Sequence[engine.LineMove], moves)


def read_lines(game: engine.Game) -> Lines:
    """The lines of a Tink or Tingle position."""
    view = game.view()
    width = view.width
    smalls = [0] * game.players
    mediums = [0] * game.players
    stash = tuple(pieces[engine.Size.SMALL] for pieces in view.stashes)
    occupied = 0
    for name, piece in view.squares.items():
        bit = 1 << (int(name[1:]) - 1) * width + engine.FILES.index(name[0])
        occupied |= bit
        if piece.size != engine.Size.MEDIUM:
            smalls[piece.colour] |= bit
        if piece.size != engine.Size.SMALL:
            mediums[piece.colour] |= bit
    return Lines(geometry(width, view.height), occupied, tuple(smalls), tuple(mediums), stash)


def guarded(
    game: engine.Game, lines: Lines, candidates: Sequence[engine.SearchMove], *, forks: bool = True
) -> list[engine.LineMove]:
    """The `candidates` worth searching when no threat to win in one is pending.

    They are narrowed in turn, as far as each matters: to those that leave the opponent
    the fewest squares it threatens to win on, then the fewest squares it could make a
    double threat from. When neither narrowed them, the mover's own forks come first,
    if it has any and the smalls in hand to follow one up (`FORK_PIECES`); else, where
    the opponent has a fork to make, the moves that leave it none. Forks are read only
    when `forks` says so.
    """
    seat = game.to_move or 0
    other = 1 - seat
    moves = list(as_lines(candidates))
    pool = moves
    for reading in (Lines.threats, Lines.makers):
        if pool and reading(lines, other):
            left = {move: reading(lines.after(seat, move), other).bit_count() for move in pool}
            fewest = min(left.values())
            pool = [move for move in pool if left[move] == fewest]
    if not forks:
        return pool
    if pool is moves and lines.stash[seat] >= FORK_PIECES:
        mine = lines.forks(seat)
        forking = [move for move in moves if mine >> move.target & 1 and move.spent_first < 0]
        if forking:
            return forking
    theirs = lines.forks(other)
    if theirs:
        near = _union_of(
            [window for square in squares(theirs) for window in lines.geometry.through[square]]
        )
        left = {
            move: lines.after(seat, move).forks(other).bit_count()
            for move in pool
            if near >> move.target & 1
        }
        safe = [move for move in pool if left.get(move) == 0]
        if safe:
            return safe
    return pool
