"""Tink (8x8) and Tingle (10x10): one rule set on two boards.

Inside, a move is a `Move`: the size placed, its target square and the two squares whose
pieces it spends (in board order; -1 for a free small): the game's search moves (see
`Game.search_moves`). `play(text)` parses, checks, applies and logs.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, reduce
from itertools import combinations
from operator import or_
from types import MappingProxyType
from typing import ClassVar

from engine.board import (
    Ray,
    common_neighbours,
    is_square,
    king_neighbours,
    line_rays,
    parse_square,
    square_names,
    tokenize,
)
from engine.core import (
    BoardView,
    Ending,
    Event,
    ForbiddenMove,
    Game,
    GameInfo,
    InvalidMove,
    LineMove,
    MoveWords,
    Option,
    OptionValue,
    Piece,
    Result,
    SearchMove,
    Size,
    register,
)

Move = LineMove
"""Tink's moves as the search plays them (see `LineMove`)."""
SpendTable = tuple[tuple[tuple[Move, ...], ...], ...]
"""At `[a][b]` and `[b][a]`, the moves that spend the pieces on a and b (a < b in each)."""

_OUT_BY = {Ending.RESIGNATION: "resignation", Ending.TIME: "time ran out"}
"""Why a seat that forfeits is out, as the game's notes say it."""

SMALL, MEDIUM, LARGE = 1, 2, 3
STARTING_STASH = (0, 5, 4, 1)
"""Pieces each player starts with, indexed by size."""
NO_SQUARE = -1
LETTERS = ("", "S", "M", "L")
FIRST_PIECE_MARGIN = 2
WINNING_LENGTH = 4

REPETITION = Option(
    "repetition_draw",
    bool,
    True,
    "Draw when the same position with the same player to move occurs a third time.",
)


@dataclass(frozen=True)
class _Tables:
    """Everything about a board size that never changes during a game."""

    size: int
    names: tuple[str, ...]
    neighbours: tuple[frozenset[int], ...]
    spend_for_medium: SpendTable
    spend_for_small: SpendTable
    spend_for_large: SpendTable
    spend_for_small_or_large: SpendTable
    lines: tuple[tuple[tuple[Ray, Ray], ...], ...]
    windows: tuple[tuple[int, ...], ...]
    """Per square, the bit masks of the runs of four squares through it (see `_windows`)."""
    reach: tuple[int, ...]
    """Per square, the bit mask of every square some window through it covers."""
    interior: tuple[int, ...]
    free_smalls: tuple[Move, ...]
    zobrist: tuple[int, ...]
    turn_keys: tuple[int, ...]


@cache
def _tables(width: int, height: int) -> _Tables:
    size = width * height
    keys = random.Random(f"tink {width}x{height}")
    margin = FIRST_PIECE_MARGIN
    lines = line_rays(width, height, WINNING_LENGTH)
    windows = tuple(_windows(square, lines[square]) for square in range(size))
    return _Tables(
        size=size,
        names=square_names(width, height),
        neighbours=tuple(frozenset(n) for n in king_neighbours(width, height)),
        spend_for_medium=_spend_table(width, height, (MEDIUM,)),
        spend_for_small=_spend_table(width, height, (SMALL,)),
        spend_for_large=_spend_table(width, height, (LARGE,)),
        spend_for_small_or_large=_spend_table(width, height, (SMALL, LARGE)),
        lines=lines,
        windows=windows,
        reach=tuple(reduce(or_, masks, 0) for masks in windows),
        interior=tuple(
            rank * width + file
            for rank in range(margin, height - margin)
            for file in range(margin, width - margin)
        ),
        free_smalls=tuple(Move(SMALL, square, NO_SQUARE, NO_SQUARE) for square in range(size)),
        zobrist=tuple(keys.getrandbits(64) for _ in range(size * 16)),
        turn_keys=tuple(keys.getrandbits(64) for _ in range(4)),
    )


def _spend_table(width: int, height: int, sizes: tuple[int, ...]) -> SpendTable:
    """Every move placing one of `sizes` by spending two pieces, per pair of squares."""
    size = width * height
    common = common_neighbours(width, height)
    return tuple(
        tuple(
            tuple(
                Move(placed, target, min(a, b), max(a, b))
                for target in common[a * size + b]
                for placed in sizes
            )
            for b in range(size)
        )
        for a in range(size)
    )


def _windows(square: int, lines: tuple[tuple[Ray, Ray], ...]) -> tuple[int, ...]:
    """Bit masks of every run of `WINNING_LENGTH` consecutive squares through `square`."""
    masks = []
    for forward, backward in lines:
        line = (*reversed(backward), square, *forward)
        at = len(backward)
        for start in range(
            max(0, at - WINNING_LENGTH + 1), min(at, len(line) - WINNING_LENGTH) + 1
        ):
            masks.append(sum(1 << part for part in line[start : start + WINNING_LENGTH]))
    return tuple(masks)


def _fills_a_window(pieces: int, windows: tuple[int, ...]) -> bool:
    """Whether the bit mask `pieces` covers one of `windows`, which no square of it is missing."""
    if pieces.bit_count() < WINNING_LENGTH:
        return False
    missing = ~pieces
    return not all(map(missing.__and__, windows))


def _code(seat: int, size: int) -> int:
    """What a square holds: 0 when empty, else the owner's seat and the piece size."""
    return seat << 2 | size


@register
class TinkGame(Game):
    """Tink: four in a row of one size, with spending to bring out bigger pieces."""

    info = GameInfo(
        name="tink",
        title="Tink",
        min_players=2,
        max_players=4,
        summary=(
            "Place pyramids on a chessboard and get four of your own in a row that all "
            "count as smalls or all count as mediums. A small is free; a medium costs two "
            "of your smalls next to it, returned to your stash; the large or a small costs "
            "two mediums. Your large is wild: it counts as either size and can even be "
            "spent to move itself."
        ),
        options=(REPETITION,),
    )

    def __init__(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> None:
        super().__init__(players, seed, options)
        self._tables = _tables(self.info.width, self.info.height)
        self._words = self.info.size_words
        self._repetition_draw = bool(options.get(REPETITION.name, REPETITION.default))
        self._board = [0] * self._tables.size
        self._vacant = [True] * self._tables.size
        self._open_smalls = dict(enumerate(self._tables.free_smalls))
        self._as_smalls: list[list[int]] = [[] for _ in range(players)]
        self._as_mediums: list[list[int]] = [[] for _ in range(players)]
        self._as_small_bits = [0] * players
        self._as_medium_bits = [0] * players
        self._large = [NO_SQUARE] * players
        self._stash = [list(STARTING_STASH) for _ in range(players)]
        self._turn = 0
        self._in = [True] * players
        self._out_order: list[int] = []
        self._passes = [0] * players
        self._plies: list[SearchMove | None] = []
        self._history: tuple[str, ...] = ()
        self._movers: list[int] = []
        self._hash = 0
        self._seen: dict[int, int] = {}
        self._line: tuple[int, ...] = ()
        self._turn_moves: list[Move] = []
        self._start_turn()

    # -- the public face -----------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self._result is not None else self._turn

    def legal_moves(self) -> list[str]:
        return [self._format(move) for move in sorted(self.search_moves())]

    def winning_moves(self) -> list[str]:
        """The legal moves that win at once: four in a row, or every other player put out."""
        return [self._format(move) for move in sorted(self.search_wins())]

    @property
    def history(self) -> tuple[str, ...]:
        written = self._history
        if len(written) < len(self._plies):
            fresh = self._plies[len(written) :]
            written += tuple("pass" if move is None else self._format(move) for move in fresh)
            self._history = written
        return written

    @property
    def movers(self) -> tuple[int, ...]:
        return tuple(self._movers)

    def view(self) -> BoardView:
        names = self._tables.names
        last = next((move for move in reversed(self._plies) if move is not None), None)
        return BoardView(
            width=self.info.width,
            height=self.info.height,
            squares={
                names[square]: Piece(Size(code & 3), code >> 2, code >> 2)
                for square, code in enumerate(self._board)
                if code
            },
            stashes=tuple(
                MappingProxyType({size: stash[size] for size in Size}) for stash in self._stash
            ),
            placed=None if last is None else names[last[1]],
            cleared=() if last is None or last[2] < 0 else (names[last[2]], names[last[3]]),
            highlight=tuple(names[square] for square in self._line),
            out=frozenset(self._out_order),
        )

    MOVE_SENTENCES: ClassVar[Mapping[str, str]] = {
        "pass": "a forced pass",
        "place": "a {size} on {square}",
        "place_spending": "a {size} on {square}, spending {first} and {second}",
    }

    def move_words(self, move: str) -> MoveWords:
        """`pass`; `place` with `size` (the game's name of it) and `square`; or
        `place_spending`, with the two squares spent, `first` and `second`, too."""
        parsed = self._parse(move)
        if parsed is None:
            return MoveWords("pass")
        size, target, first, second = parsed
        names = self._tables.names
        placed = (("size", self._size_name(size)), ("square", names[target]))
        if first < 0:
            return MoveWords("place", placed)
        return MoveWords(
            "place_spending", (*placed, ("first", names[first]), ("second", names[second]))
        )

    def _play(self, move: Move | None) -> str:
        if move is None:
            raise ForbiddenMove.because("no_pass", "you cannot pass while you have a legal move")
        refusal = self._refusal(move)
        if refusal:
            raise refusal
        self.search_push(move)
        return self._format(move)

    def _forfeit(self, seat: int, ending: Ending) -> None:
        if not self._in[seat]:
            raise ForbiddenMove.because(
                "already_out", "seat {seat} is already out of the game", seat=seat + 1
            )
        if self.players == 2:
            super()._forfeit(seat, ending)
            return
        self._go_out(seat, _OUT_BY[ending])
        still_in = self._seats_in()
        if len(still_in) == 1:
            self._finish(Result(still_in, ending, ()))
        elif self._turn == seat:
            self._turn = self._next_in(seat)
            self._start_turn()

    def _finish(self, result: Result) -> None:
        """Every result gets its ranks here: out players behind, latest out first."""
        super()._finish(Result(result.winners, result.ending, self._ranks(result.winners)))

    # -- the search path -----------------------------------------------------

    def search_copy(self) -> TinkGame:
        clone = self._search_clone()
        clone._board = list(self._board)
        clone._vacant = list(self._vacant)
        clone._open_smalls = dict(self._open_smalls)
        clone._as_smalls = [list(squares) for squares in self._as_smalls]
        clone._as_mediums = [list(squares) for squares in self._as_mediums]
        clone._as_small_bits = list(self._as_small_bits)
        clone._as_medium_bits = list(self._as_medium_bits)
        clone._large = list(self._large)
        clone._stash = [list(stash) for stash in self._stash]
        clone._in = list(self._in)
        clone._out_order = list(self._out_order)
        clone._passes = list(self._passes)
        clone._plies = list(self._plies)
        clone._movers = list(self._movers)
        clone._seen = dict(self._seen)
        return clone

    def search_moves(self) -> Sequence[Move]:
        """Every legal move of the seat to move (listed as the turn began); empty once over."""
        return () if self._result is not None else self._turn_moves

    def search_wins(self) -> list[SearchMove]:
        taking = self._squares_to_take() if self._others_may_go_out() else frozenset()
        ends = self._line_ends(self._turn)
        return [
            move
            for move in self.search_moves()
            if (ends >> move[1] & 1 and self._completes_a_line(move))
            or ((taking is None or move[1] in taking) and self._outlasts_the_rest(move))
        ]

    def _line_ends(self, seat: int) -> int:
        """The empty squares that complete a window holding three of the seat's pieces
        counting as one size, as a bit mask: the only squares where a line can be won."""
        occupied = 0
        for smalls, mediums in zip(self._as_small_bits, self._as_medium_bits, strict=True):
            occupied |= smalls | mediums
        windows, ends = self._tables.windows, 0
        for bits, pieces in (
            (self._as_small_bits[seat], self._as_smalls[seat]),
            (self._as_medium_bits[seat], self._as_mediums[seat]),
        ):
            if len(pieces) < WINNING_LENGTH - 1:
                continue
            for square in pieces:
                for window in windows[square]:
                    missing = window & ~bits
                    if not missing & (missing - 1) and not missing & occupied:
                        ends |= missing
        return ends

    def search_text(self, move: SearchMove) -> str:
        return self._format(move)

    def search_push(self, move: SearchMove) -> None:
        size, target, first, second = move
        seat = self._turn
        if first >= 0:
            self._lift(first)
            self._lift(second)
        self._drop(seat, size, target)
        self._passes[seat] = 0
        self._plies.append(move)
        self._movers.append(seat)
        if self._has_a_line(seat, size, target):
            self._line = self._winning_line(seat, size, target)
            self._finish(Result((seat,), Ending.FOUR_IN_A_ROW, ()))
            return
        self._turn = self._next_in(seat)
        self._start_turn()

    # -- move generation -----------------------------------------------------

    def _free_smalls(self, seat: int) -> list[Move]:
        if not self._stash[seat][SMALL]:
            return []
        tables = self._tables
        if len(self._open_smalls) == tables.size:
            return [tables.free_smalls[square] for square in tables.interior]
        return list(self._open_smalls.values())

    def _spend_moves(self, seat: int) -> list[Move]:
        """The moves that spend two pieces; a large on the board must spend itself."""
        stash, large, tables = self._stash[seat], self._large[seat], self._tables
        smalls, mediums = self._as_smalls[seat], self._as_mediums[seat]
        moves = self._spends(tables.spend_for_medium, smalls) if stash[MEDIUM] else []
        if large >= 0:
            moves += self._spends_of(tables.spend_for_large, large, mediums)
            if stash[SMALL]:
                moves += self._spends(tables.spend_for_small, mediums)
        elif stash[SMALL]:
            moves += self._spends(tables.spend_for_small_or_large, mediums)
        else:
            moves += self._spends(tables.spend_for_large, mediums)
        return moves

    def _spends(self, table: SpendTable, pieces: list[int]) -> list[Move]:
        """The moves of `table` that spend two of `pieces` (sorted) next to an empty square."""
        vacant = self._vacant
        return [move for a, b in combinations(pieces, 2) for move in table[a][b] if vacant[move[1]]]

    def _spends_of(self, table: SpendTable, piece: int, pieces: list[int]) -> list[Move]:
        """The moves of `table` that spend `piece` and one of `pieces` next to an empty square."""
        vacant, row = self._vacant, table[piece]
        return [move for other in pieces for move in row[other] if vacant[move[1]]]

    def _has_move(self, seat: int) -> bool:
        if self._stash[seat][SMALL] and self._open_smalls:
            return True
        return bool(self._spend_moves(seat))

    # -- applying moves ------------------------------------------------------

    def _lift(self, square: int) -> None:
        code = self._board[square]
        seat, size = code >> 2, code & 3
        self._board[square] = 0
        self._vacant[square] = True
        self._open_smalls[square] = self._tables.free_smalls[square]
        self._hash ^= self._tables.zobrist[square << 4 | code]
        self._stash[seat][size] += 1
        if size != MEDIUM:
            self._as_smalls[seat].remove(square)
            self._as_small_bits[seat] ^= 1 << square
        if size != SMALL:
            self._as_mediums[seat].remove(square)
            self._as_medium_bits[seat] ^= 1 << square
        if size == LARGE:
            self._large[seat] = NO_SQUARE

    def _drop(self, seat: int, size: int, square: int) -> None:
        code = _code(seat, size)
        self._board[square] = code
        self._vacant[square] = False
        del self._open_smalls[square]
        self._hash ^= self._tables.zobrist[square << 4 | code]
        self._stash[seat][size] -= 1
        if size != MEDIUM:
            insort(self._as_smalls[seat], square)
            self._as_small_bits[seat] |= 1 << square
        if size != SMALL:
            insort(self._as_mediums[seat], square)
            self._as_medium_bits[seat] |= 1 << square
        if size == LARGE:
            self._large[seat] = square

    def _has_a_line(self, seat: int, size: int, target: int, spent: int = 0) -> bool:
        """Whether the seat has four in a row through `target`, taken to hold a piece of `size`.

        The squares in the bit mask `spent` are taken as empty.
        """
        windows, nearby = self._tables.windows[target], self._tables.reach[target] & ~spent
        placed = 1 << target
        if size != MEDIUM and _fills_a_window(self._as_small_bits[seat] & nearby | placed, windows):
            return True
        return size != SMALL and _fills_a_window(
            self._as_medium_bits[seat] & nearby | placed, windows
        )

    def _completes_a_line(self, move: SearchMove) -> bool:
        """Whether a search move would give the seat to move four in a row."""
        size, target, first, second = move
        spent = 0 if first < 0 else 1 << first | 1 << second
        return self._has_a_line(self._turn, size, target, spent)

    def _winning_line(self, seat: int, size: int, target: int) -> tuple[int, ...]:
        """Every square of the mover's lines of four or more through `target`."""
        winning: set[int] = set()
        for counted in (SMALL, MEDIUM):
            if size in (counted, LARGE):
                for run in self._runs(seat, counted, target):
                    if len(run) >= WINNING_LENGTH:
                        winning.update(run)
        return tuple(sorted(winning))

    def _others_may_go_out(self) -> bool:
        """Whether every other seat still in would be out, not just pass, if it had no move."""
        others = (seat for seat in self._seats_in() if seat != self._turn)
        return all(self._passes[seat] or not any(self._stash[seat]) for seat in others)

    def _squares_to_take(self) -> frozenset[int] | None:
        """Where the seat to move must place to leave no other seat still in with a move:
        None when it may be anywhere (some seat has no move now, and a spent piece may give
        it one); no square when some seat can move onto two squares or more (one piece
        cannot take both, and nothing the mover does takes away the others' pieces)."""
        needed: frozenset[int] | None = None
        for other in self._seats_in():
            if other == self._turn:
                continue
            targets = {move[1] for move in self._spend_moves(other)}
            if self._stash[other][SMALL]:
                targets.update(self._open_smalls)
            if len(targets) >= 2:
                return frozenset()
            if targets:
                needed = frozenset(targets) if needed is None else needed & targets
        return needed

    def _outlasts_the_rest(self, move: SearchMove) -> bool:
        """Whether after a search move only the mover, of the seats still in, has a move.

        The move is applied to the board and taken back: the game is left as it was, down
        to the order its empty squares (and so its moves) are listed in.
        """
        seat = self._turn
        size, target, *spent = move
        spent_codes = [(square, self._board[square]) for square in spent if square >= 0]
        open_smalls = self._open_smalls
        self._open_smalls = dict(open_smalls)
        for square, _ in spent_codes:
            self._lift(square)
        self._drop(seat, size, target)
        others = [other for other in self._seats_in() if other != seat]
        outlasts = self._has_move(seat) and not any(self._has_move(other) for other in others)
        self._lift(target)
        for square, code in spent_codes:
            self._drop(seat, code & 3, square)
        self._open_smalls = open_smalls
        return outlasts

    def _runs(self, seat: int, counted: int, target: int) -> Iterator[list[int]]:
        """Per line through `target`, the run of the seat's pieces counting as `counted` on it."""
        board, code, large = self._board, _code(seat, counted), _code(seat, LARGE)
        for forward, backward in self._tables.lines[target]:
            run = [target]
            for ray in (forward, backward):
                for square in ray:
                    if board[square] != code and board[square] != large:
                        break
                    run.append(square)
            yield run

    # -- turns, passes and players out ---------------------------------------

    def _start_turn(self) -> None:
        """Settle the turn: draw, pass or put out players until someone can move."""
        while True:
            seat = self._turn
            self._turn_moves = self._free_smalls(seat)
            self._turn_moves += self._spend_moves(seat)
            if self._turn_moves:
                self._count_position(seat)
                return
            if not any(self._has_move(other) for other in self._seats_in()):
                self._finish(Result((), Ending.NO_ONE_CAN_MOVE, ()))
                return
            if any(self._stash[seat]):
                self._pass(seat)
            else:
                self._go_out(seat, "ran out of pieces")
            still_in = self._seats_in()
            if len(still_in) == 1:
                self._finish(Result(still_in, Ending.LAST_PLAYER_IN, ()))
                return
            self._turn = self._next_in(seat)

    def _pass(self, seat: int) -> None:
        self._passes[seat] += 1
        self._plies.append(None)
        self._movers.append(seat)
        self._note(f"{{{seat}}} has no legal move and passes.")
        if self._passes[seat] == 2:
            self._go_out(seat, "passed twice")

    def _go_out(self, seat: int, reason: str) -> None:
        self._in[seat] = False
        self._out_order.append(seat)
        spoken = reason.replace("{", "{{").replace("}", "}}")
        self._note(f"{{{seat}}} is out: {spoken}.")

    def repetitions(self) -> int:
        return self._seen.get(self._hash ^ self._tables.turn_keys[self._turn], 1)

    def _count_position(self, seat: int) -> None:
        if not self._repetition_draw:
            return
        key = self._hash ^ self._tables.turn_keys[seat]
        seen = self._seen.get(key, 0) + 1
        self._seen[key] = seen
        if seen == 3:
            self._finish(Result((), Ending.REPETITION, ()))

    def _note(self, text: str) -> None:
        self._events.append(Event(len(self._plies), text))

    def _seats_in(self) -> tuple[int, ...]:
        return tuple(seat for seat in range(self.players) if self._in[seat])

    def _next_in(self, seat: int) -> int:
        for step in range(1, self.players):
            following = (seat + step) % self.players
            if self._in[following]:
                return following
        return seat

    def _ranks(self, winners: tuple[int, ...]) -> tuple[int, ...]:
        ranks = [0] * self.players
        rank = 1 if winners else 0
        others_in = [seat for seat in self._seats_in() if seat not in winners]
        for seat in others_in:
            ranks[seat] = rank
        rank += bool(others_in)
        for seat in reversed(self._out_order):
            ranks[seat] = rank
            rank += 1
        return tuple(ranks)

    # -- move text -----------------------------------------------------------

    def _size_name(self, size: int) -> str:
        return self.info.size_name(size)

    def _format(self, move: SearchMove) -> str:
        size, target, first, second = move
        names = self._tables.names
        text = f"{LETTERS[size]} {names[target]}"
        return text if first < 0 else f"{text} {names[first]} {names[second]}"

    def _parse(self, text: str) -> Move | None:
        """Read a move in any accepted spelling, None for `pass`; check its shape only."""
        tokens = tokenize(text)
        if tokens == ["pass"]:
            return None
        named = self._words.get(tokens[0])
        if named is not None:
            tokens = tokens[1:]
        elif not is_square(tokens[0]):
            raise InvalidMove.because(
                "piece_or_square", "{typed!r} is not a piece or a square", typed=tokens[0]
            )
        size = SMALL if named is None else int(named)
        if not tokens:
            raise InvalidMove.because(
                "which_square", "say which square the {piece} goes on", piece=self._size_name(size)
            )
        squares = [parse_square(token, self.info.width, self.info.height) for token in tokens]
        return self._shape(size, named is not None, squares)

    def _shape(self, size: int, named: bool, squares: list[int]) -> Move:
        names = self._tables.names
        spent = squares[1:]
        if len(spent) not in (0, 2):
            if len(spent) == 1:
                raise InvalidMove.because("spends_one", "a move spends two pieces or none, not one")
            raise InvalidMove.because(
                "spends_many", "a move spends two pieces or none, not {count}", count=len(spent)
            )
        for index, square in enumerate(squares):
            if square in squares[:index]:
                raise InvalidMove.because("twice", "{square} is named twice", square=names[square])
        if spent and not named:
            raise InvalidMove.because(
                "which_piece",
                "say which piece goes on {square}: S, M or L",
                square=names[squares[0]],
            )
        if not spent:
            return Move(size, squares[0], NO_SQUARE, NO_SQUARE)
        first, second = sorted(spent)
        return Move(size, squares[0], first, second)

    def _refusal(self, move: Move) -> ForbiddenMove | None:
        """Why the seat to move may not make this well-formed move, or None."""
        size, target, first, second = move
        tables, board, seat = self._tables, self._board, self._turn
        names, piece = tables.names, self._size_name(size)
        if len(self._open_smalls) == tables.size and (
            size != SMALL or first >= 0 or target not in tables.interior
        ):
            return ForbiddenMove.because(
                "first_piece",
                "the first piece must be a {piece} on {first} to {last}",
                piece=self._size_name(SMALL),
                first=names[tables.interior[0]],
                last=names[tables.interior[-1]],
            )
        if board[target]:
            return ForbiddenMove.because("taken", "{square} is taken", square=names[target])
        if first < 0:
            if size != SMALL:
                return ForbiddenMove.because(
                    "spends", "a {piece} needs two of your pieces to spend", piece=piece
                )
            return self._stash_refusal(seat, SMALL)
        for square in (first, second):
            code = board[square]
            if not code:
                return ForbiddenMove.because(
                    "no_piece", "there is no piece on {square}", square=names[square]
                )
            if code >> 2 != seat:
                return ForbiddenMove.because(
                    "not_yours", "{square} is not your piece", square=names[square]
                )
            if square not in tables.neighbours[target]:
                return ForbiddenMove.because(
                    "not_next_to",
                    "{square} is not next to {target}",
                    square=names[square],
                    target=names[target],
                )
        counted = SMALL if size == MEDIUM else MEDIUM
        if any(board[square] & 3 not in (counted, LARGE) for square in (first, second)):
            return ForbiddenMove.because(
                "count_as",
                "a {piece} needs two pieces that count as {counted}s",
                piece=piece,
                counted=self._size_name(counted),
            )
        large = self._large[seat]
        if size == LARGE and large >= 0 and large not in (first, second):
            return ForbiddenMove.because(
                "large_placed",
                "your {piece} is already on {square}; spend it to move it",
                piece=self._size_name(LARGE),
                square=names[large],
            )
        return None if size == LARGE else self._stash_refusal(seat, size)

    def _stash_refusal(self, seat: int, size: int) -> ForbiddenMove | None:
        if self._stash[seat][size]:
            return None
        return ForbiddenMove.because(
            "stash_empty", "you have no {piece} left in your stash", piece=self._size_name(size)
        )


@register
class TingleGame(TinkGame):
    """Tingle: Tink with piecepack coins, pyramids and pawns on a 10x10 board."""

    info = GameInfo(
        name="tingle",
        title="Tingle",
        min_players=2,
        max_players=4,
        summary=(
            "Tink on piecepack tiles: a 10x10 board with the hole in the middle playable. "
            "Get four coins or four pyramids of your suit in a row; the pawn is wild. A "
            "coin is free; a pyramid costs two of your coins next to it; the pawn or a "
            "coin costs two pyramids."
        ),
        options=(REPETITION,),
        size_names=("coin", "pyramid", "pawn"),
        colours=("Suns", "Moons", "Crowns", "Arms"),
        width=10,
        height=10,
    )
