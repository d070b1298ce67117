"""Bridge: move knights, bishops and kings of pyramids to join your two edges."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import ClassVar

from engine.board import king_neighbours, parse_square, square_names, tokenize
from engine.core import (
    BoardView,
    Ending,
    ForbiddenMove,
    Game,
    GameInfo,
    InvalidMove,
    MatchView,
    MoveWords,
    Option,
    OptionValue,
    Piece,
    Result,
    SearchMove,
    Size,
    register,
)

SIDE = 8
NAMES = square_names(SIDE, SIDE)
RANK_1 = 0xFF
RANK_8 = 0xFF << 56
NOT_FILE_A = 0xFEFEFEFEFEFEFEFE
NOT_FILE_H = 0x7F7F7F7F7F7F7F7F

FIRST = "first"
SECOND = "second"
CHOICES = (FIRST, SECOND)
CHOICE_MOVES = ((0,), (1,))
"""The search moves for `first` and `second`."""
PASS = "pass"
CHOICE_WORDS = {"first": FIRST, "1st": FIRST, "me": FIRST}
CHOICE_WORDS |= {"second": SECOND, "2nd": SECOND, "opponent": SECOND, "them": SECOND}

_DASHES = str.maketrans({"-": " ", "\u2013": " ", "\u2014": " ", ":": " ", ">": " "})


def _code(seat: int, size: Size) -> int:
    """A square's content as a small int: 0 empty, 1-3 the first seat's sizes, 4-6 the second's."""
    return seat * 3 + int(size)


def _steps(square: int, moves: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    file, rank = square % SIDE, square // SIDE
    return tuple(
        sorted(
            (rank + dr) * SIDE + file + df
            for df, dr in moves
            if 0 <= file + df < SIDE and 0 <= rank + dr < SIDE
        )
    )


def _ray(square: int, df: int, dr: int) -> tuple[int, ...]:
    file, rank = square % SIDE, square // SIDE
    squares = []
    while 0 <= file + df < SIDE and 0 <= rank + dr < SIDE:
        file, rank = file + df, rank + dr
        squares.append(rank * SIDE + file)
    return tuple(squares)


KNIGHT_JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
KNIGHT = tuple(_steps(square, KNIGHT_JUMPS) for square in range(SIDE * SIDE))
KING = king_neighbours(SIDE, SIDE)
RAYS = tuple(
    tuple(ray for ray in (_ray(s, df, dr) for df in (-1, 1) for dr in (-1, 1)) if ray)
    for s in range(SIDE * SIDE)
)
BETWEEN = {
    (s, ray[i]): ray[:i] for s in range(SIDE * SIDE) for ray in RAYS[s] for i in range(len(ray))
}
"""For every medium's diagonal move, the squares it slides over (which must be empty)."""

MOVE_TEXTS = tuple(
    tuple(f"{NAMES[origin]}-{NAMES[target]}" for target in range(SIDE**2))
    for origin in range(SIDE**2)
)
"""Canonical text of every move by from-square and to-square index."""

_ZOBRIST_RANDOM = random.Random(2012)
ZOBRIST = tuple(tuple(_ZOBRIST_RANDOM.getrandbits(64) for _ in range(7)) for _ in range(SIDE**2))
SECOND_TO_MOVE = _ZOBRIST_RANDOM.getrandbits(64)


def _home(seat: int) -> Iterator[tuple[int, Size]]:
    """A seat's starting squares: mediums and larges on its edge, smalls in front."""
    back, front = (0, 1) if seat == 0 else (SIDE - 1, SIDE - 2)
    for file in range(SIDE):
        yield back * SIDE + file, Size.LARGE if 2 <= file <= 5 else Size.MEDIUM
    for file in range(2, 6):
        yield front * SIDE + file, Size.SMALL


def _bits(mask: int) -> Iterator[int]:
    """The squares of a bitboard, in board order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def joined_to(seeds: int, within: int) -> int:
    """Every square of `within` joined orthogonally, through `within`, to one of `seeds`."""
    group = seeds & within
    while True:
        east, west = (group << 1) & NOT_FILE_A, (group >> 1) & NOT_FILE_H
        grown = (group | group << 8 | group >> 8 | east | west) & within
        if grown == group:
            return group
        group = grown


def bridge_of(pieces: int) -> int:
    """The squares of the pieces (a bitboard) that join rank 1 to rank 8, or 0 for no bridge."""
    if not pieces & RANK_1 or not pieces & RANK_8:
        return 0
    from_first = joined_to(RANK_1, pieces)
    if not from_first & RANK_8:
        return 0
    return joined_to(RANK_8, from_first)


_BoardMove = tuple[Size | None, int, int]
"""A board move as read: the size it names (if any), from-square and to-square."""


def _move_pattern(piece_words: Iterable[str]) -> re.Pattern[str]:
    """A board move with its separators taken out: maybe a piece's word, then two squares."""
    words = "|".join(re.escape(word) for word in sorted(piece_words, key=len, reverse=True))
    return re.compile(rf"({words})?([a-z][0-9]{{1,2}})([a-z][0-9]{{1,2}})")


def _reachable(size: Size, origin: int, target: int) -> bool:
    """Whether the board's geometry lets a piece of this size go there, ignoring pieces."""
    if size is Size.LARGE:
        return target in KNIGHT[origin]
    if size is Size.SMALL:
        return target in KING[origin]
    return (origin, target) in BETWEEN


Move = tuple[int, int]
"""A board move as (from-square, to-square) indexes."""

PIECES = {_code(seat, size): Piece(size, seat, seat) for seat in (0, 1) for size in Size}


@register
class BridgeGame(Game):
    """Bridge for two players, one round or a scored match.

    The board is a list of square codes (0 empty, see `_code`) with one bitboard of
    squares per seat, used for bridge detection, and a Zobrist hash for repetitions.
    """

    info = GameInfo(
        name="bridge",
        title="Bridge",
        min_players=2,
        max_players=2,
        random_seating=True,
        summary=(
            "Build a bridge of your own pieces, joined side to side, from rank 1 to rank "
            "8. Knights (N, the large pyramids) jump like chess knights, bishops (B, the "
            "mediums) slide diagonally, kings (K, the smalls) step one square; nothing is "
            "captured. Play one round, or a match scored like golf: every piece outside "
            "your bridge costs a point."
        ),
        size_names=("king", "bishop", "knight"),
        size_letters=("K", "B", "N"),
        options=(
            Option(
                "win",
                str,
                "instant",
                "instant: a bridge wins at once; delayed: the second player gets one "
                "more move to answer.",
                choices=("instant", "delayed"),
            ),
            Option("rounds", int, 1, "How many rounds the match lasts.", minimum=1, maximum=50),
            Option(
                "point_limit",
                int,
                None,
                "End the match as soon as a total passes this (replaces rounds).",
                minimum=1,
                maximum=1000,
            ),
            Option(
                "repetition_draw",
                bool,
                True,
                "Draw a round when the same position with the same player to move occurs "
                "a third time.",
            ),
        ),
    )

    _MOVE_TEXT: ClassVar[re.Pattern[str]] = _move_pattern(info.size_words)

    _last: Move | None
    _seen: dict[int, int]
    _answering: bool

    def __init__(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> None:
        super().__init__(players, seed, options)
        rounds = self.options.get("rounds")
        limit = self.options.get("point_limit")
        self._delayed = self.options.get("win") == "delayed"
        self._rounds = rounds if isinstance(rounds, int) else 1
        self._point_limit = limit if isinstance(limit, int) else None
        self._repetition_draw = self.options.get("repetition_draw") is not False
        self._history: list[str] = []
        self._movers: list[int] = []
        self._totals = [0, 0]
        self._round_scores: list[tuple[int, int]] = []
        self._round = 1
        self._choosing = False
        self._start_round(0)

    # -- the state beyond the board --------------------------------------------

    @property
    def round(self) -> int:
        """The round being played, or just finished while its loser chooses (1-based)."""
        return self._round

    @property
    def totals(self) -> tuple[int, int]:
        """Each seat's points from the completed rounds."""
        return self._totals[0], self._totals[1]

    @property
    def round_scores(self) -> tuple[tuple[int, int], ...]:
        """Each completed round's points, per seat."""
        return tuple(self._round_scores)

    @property
    def starter(self) -> int:
        """The seat that started the current round."""
        return self._starter

    @property
    def choosing(self) -> bool:
        """Whether the loser of the last round must now choose who starts the next."""
        return self._choosing and self._result is None

    @property
    def is_match(self) -> bool:
        """Whether the game is scored over several rounds or up to a point limit."""
        return self._rounds > 1 or self._point_limit is not None

    @property
    def to_move(self) -> int | None:
        return None if self._result is not None else self._turn

    @property
    def history(self) -> tuple[str, ...]:
        return tuple(self._history)

    @property
    def movers(self) -> tuple[int, ...]:
        return tuple(self._movers)

    def legal_moves(self) -> list[str]:
        return [self.search_text(move) for move in self.search_moves()]

    def winning_moves(self) -> list[str]:
        """The moves completing the mover's bridge that win the round at once.

        In a match a round won counts as a win. With `win=delayed` the starter's
        bridge-completing move is not listed, since the other player still answers it;
        no answer is listed either, since the best an answer can do is draw the round.
        """
        return [self.search_text(move) for move in self.search_wins()]

    def view(self) -> BoardView:
        squares = {NAMES[s]: PIECES[code] for s, code in enumerate(self._board) if code}
        match = MatchView(self._round, self.totals, self.choosing) if self.is_match else None
        if self._last is None:
            return BoardView(SIDE, SIDE, squares, match=match)
        origin, target = self._last
        answering = self._answering and not self._choosing and self._result is None
        unanswered = bridge_of(self._pieces[1 - self._turn]) if answering else 0
        return BoardView(
            SIDE,
            SIDE,
            squares,
            placed=NAMES[target],
            cleared=(NAMES[origin],),
            highlight=tuple(NAMES[s] for s in _bits(self._highlight)),
            to_answer=tuple(NAMES[s] for s in _bits(unanswered)),
            match=match,
        )

    MOVE_SENTENCES: ClassVar[Mapping[str, str]] = {
        "start_next_round": "chooses to start the next round",
        "let_opponent_start": "lets the opponent start",
        "pass": "has no legal move and passes",
        "move": "{piece} {origin} to {target}",
    }

    def move_words(self, move: str) -> MoveWords:
        """`start_next_round`, `let_opponent_start`, `pass`, or `move` with the `piece`
        (the game's name of its size, or `piece`), its `origin` and `target`."""
        chosen = {FIRST: "start_next_round", SECOND: "let_opponent_start", PASS: "pass"}
        if move in chosen:
            return MoveWords(chosen[move])
        size, origin, target = self._parse_board_move(move)
        size = size or self._guess_size(origin, target)
        name = self.info.size_name(size) if size else "piece"
        return MoveWords(
            "move", (("piece", name), ("origin", NAMES[origin]), ("target", NAMES[target]))
        )

    # -- playing ---------------------------------------------------------------

    def _parse(self, text: str) -> str | _BoardMove:
        """`first`, `second`, `pass`, or a board move with the size it names, if any."""
        words = " ".join(tokenize(text.translate(_DASHES)))
        if words == PASS:
            return PASS
        return CHOICE_WORDS.get(words) or self._parse_board_move(words)

    def _parse_board_move(self, text: str) -> _BoardMove:
        """A board move's piece (if named), from-square and to-square; refuses anything else."""
        tokens = tokenize(text.translate(_DASHES))
        match = self._MOVE_TEXT.fullmatch("".join(tokens))
        if match is None:
            raise InvalidMove.because(
                "bridge_shape",
                "{typed!r} is not a move: write it like c1-d3",
                typed=" ".join(tokens),
            )
        word, origin, target = match.groups()
        size = self.info.size_words[word] if word else None
        return size, parse_square(origin, SIDE, SIDE), parse_square(target, SIDE, SIDE)

    def _play(self, move: str | _BoardMove) -> str:
        if self._choosing:
            if move not in (FIRST, SECOND):
                raise ForbiddenMove.because("choose", "choose first or second")
            self._choose(move)
            return move
        if move == PASS:
            raise ForbiddenMove.because("no_pass", "you have a legal move, so you cannot pass")
        if isinstance(move, str):
            raise ForbiddenMove.because(
                "between_rounds", "who starts is chosen only between rounds"
            )
        size, origin, target = move
        self._check(size, origin, target)
        self.search_push((origin, target))
        return MOVE_TEXTS[origin][target]

    def _check(self, size: Size | None, origin: int, target: int) -> None:
        """Refuse a move the rules do not allow, naming what is wrong."""
        here, there = NAMES[origin], NAMES[target]
        code = self._board[origin]
        if not code:
            raise ForbiddenMove.because("empty_square", "{square} is empty", square=here)
        piece = PIECES[code]
        name = self.info.size_name(piece.size)
        if piece.colour != self._turn:
            raise ForbiddenMove.because("not_yours", "{square} is not your piece", square=here)
        if size is not None and size != piece.size:
            raise ForbiddenMove.because(
                "holds_another",
                "{square} holds a {piece}, not a {named}",
                square=here,
                piece=name,
                named=self.info.size_name(size),
            )
        if origin == target:
            raise ForbiddenMove.because(
                "stays",
                "the {piece} on {square} must move to another square",
                piece=name,
                square=here,
            )
        if self._board[target]:
            raise ForbiddenMove.because("taken", "{square} is taken", square=there)
        if not _reachable(piece.size, origin, target):
            raise ForbiddenMove.because(
                "out_of_reach",
                "a {piece} cannot reach {target} from {square}",
                piece=name,
                target=there,
                square=here,
            )
        blockers = [s for s in BETWEEN.get((origin, target), ()) if self._board[s]]
        if piece.size is Size.MEDIUM and blockers:
            raise ForbiddenMove.because(
                "blocked",
                "the {piece} on {square} is blocked at {blocker}",
                piece=name,
                square=here,
                blocker=NAMES[blockers[0]],
            )

    # -- the search path ---------------------------------------------------------

    def search_copy(self) -> BridgeGame:
        clone = self._search_clone()
        clone._board = list(self._board)
        clone._pieces = list(self._pieces)
        clone._seen = dict(self._seen)
        clone._history = list(self._history)
        clone._movers = list(self._movers)
        clone._totals = [0, 0]
        clone._round_scores = []
        clone._rounds = 1
        clone._point_limit = None
        return clone

    def search_moves(self) -> Sequence[SearchMove]:
        """Board moves `(from, to)` in board order; `first` and `second` are (0,) and (1,)."""
        if self._result is not None:
            return []
        if self._choosing:
            return CHOICE_MOVES
        return [
            (origin, target)
            for origin in _bits(self._pieces[self._turn])
            for target in self._targets(origin)
        ]

    def search_wins(self) -> list[SearchMove]:
        mover = self._turn
        if self._choosing or self._answering or (self._delayed and mover == self._starter):
            return []
        pieces = self._pieces[mover]
        return [
            move
            for move in self.search_moves()
            if bridge_of(pieces ^ (1 << move[0]) ^ (1 << move[1]))
        ]

    def search_text(self, move: SearchMove) -> str:
        if len(move) == 1:
            return CHOICES[move[0]]
        return MOVE_TEXTS[move[0]][move[1]]

    def search_push(self, move: SearchMove) -> None:
        if len(move) == 1:
            self._choose(CHOICES[move[0]])
            return
        origin, target = move
        mover = self._turn
        self._put(target, self._lift(origin))
        self._last = (origin, target)
        self._record(MOVE_TEXTS[origin][target], mover)
        self._after_move(mover)

    def _after_move(self, mover: int) -> None:
        """End the round on a bridge, or hand the turn over."""
        other = 1 - mover
        built = bridge_of(self._pieces[mover]) != 0
        if self._answering:
            if built:
                clause = f"{{{mover}}} answers with a bridge too, so the round is drawn"
                self._end_round(None, Ending.BOTH_BRIDGES, clause)
            else:
                self._end_starter_win(mover)
            return
        if built and (mover != self._starter or not self._delayed):
            clause = f"{{{mover}}} completes a bridge and wins the round"
            self._end_round(mover, Ending.BRIDGE, clause)
            return
        if built:
            self._answering = True
            self._note(f"{{{mover}}} completes a bridge; {{{other}}} has one more move.")
        self._turn = other
        self._settle()

    def _settle(self) -> None:
        """Apply a repetition draw or a forced pass before the next decision.

        The player who just moved can always move the same piece back, so after a
        pass the other player always has a move: neither player is ever stuck.
        """
        if self._repeated():
            return
        seat = self._turn
        if self._has_move(seat):
            return
        self._record(PASS, seat)
        self._note(f"{{{seat}}} has no legal move and passes.")
        if self._answering:
            self._end_starter_win(seat)
            return
        self._turn = 1 - seat
        self._repeated()

    def repetitions(self) -> int:
        return self._seen.get(self._hash ^ (SECOND_TO_MOVE if self._turn else 0), 1)

    def _repeated(self) -> bool:
        """Count the position; on its third occurrence (if the option is on) draw the round."""
        key = self._hash ^ (SECOND_TO_MOVE if self._turn else 0)
        count = self._seen.get(key, 0) + 1
        self._seen[key] = count
        if not self._repetition_draw or count < 3:
            return False
        clause = "the same position occurs a third time, so the round is drawn"
        self._end_round(None, Ending.REPETITION, clause)
        return True

    def _choose(self, choice: str) -> None:
        loser = self._turn
        self._record(choice, loser)
        self._round += 1
        self._start_round(loser if choice == FIRST else 1 - loser)

    # -- rounds ----------------------------------------------------------------

    def _start_round(self, starter: int) -> None:
        self._starter = starter
        placement = [(s, _code(seat, size)) for seat in (0, 1) for s, size in _home(seat)]
        self._arrange(placement, starter)

    def _arrange(self, placement: list[tuple[int, int]], to_move: int) -> None:
        """Set up a round's board from (square, code) pairs."""
        self._board = [0] * SIDE**2
        self._pieces = [0, 0]
        self._hash = 0
        for square, code in placement:
            self._put(square, code)
        self._turn = to_move
        self._choosing = False
        self._answering = False
        self._last = None
        self._highlight = 0
        self._seen = {}
        self._repeated()

    def _set_position(self, pieces: Mapping[str, Piece], starter: int, to_move: int) -> None:
        """Replace the board with a hand-built one (tests only); the action log stops matching.

        Keys are square names; each piece's `colour` is its seat.
        """
        self._starter = starter
        placement = [
            (parse_square(n, SIDE, SIDE), _code(p.colour, p.size)) for n, p in pieces.items()
        ]
        self._arrange(placement, to_move)

    def _end_starter_win(self, answerer: int) -> None:
        starter = 1 - answerer
        clause = f"{{{answerer}}} does not answer with a bridge, so {{{starter}}} wins the round"
        self._end_round(starter, Ending.BRIDGE, clause)

    def _end_round(self, winner: int | None, ending: Ending, clause: str) -> None:
        """Score the round, tell what happened, then end the match or go on."""
        bridges = [bridge_of(pieces) for pieces in self._pieces]
        scores = (self._score(0, bridges[0]), self._score(1, bridges[1]))
        self._round_scores.append(scores)
        self._totals = [self._totals[0] + scores[0], self._totals[1] + scores[1]]
        self._highlight = bridges[0] | bridges[1]
        over = self._match_over()
        self._note(self._round_report(clause, winner, over))
        if over:
            self._finish(self._final_result(winner, ending))
        elif winner is None:
            self._round += 1
            self._start_round(1 - self._starter)
        else:
            self._choosing = True
            self._turn = 1 - winner

    def _score(self, seat: int, bridge: int) -> int:
        """One point per piece outside the seat's completed bridge."""
        return self._pieces[seat].bit_count() - bridge.bit_count()

    def _match_over(self) -> bool:
        if self._point_limit is not None:
            return max(self._totals) > self._point_limit
        return len(self._round_scores) >= self._rounds

    def _final_result(self, winner: int | None, ending: Ending) -> Result:
        """A single round's own result, or the match decided by the lowest total."""
        if not self.is_match:
            if winner is None:
                return Result.draw(self.players, ending)
            return Result.win((winner,), self.players, ending)
        first, second = self._totals
        if first == second:
            return Result.draw(self.players, Ending.EQUAL_TOTALS)
        return Result.win((0 if first < second else 1,), self.players, Ending.LOWEST_TOTAL)

    def _round_report(self, clause: str, winner: int | None, over: bool) -> str:
        """The event text for a round's end, with seats as {0} and {1}."""
        if not self.is_match:
            return f"{clause[0].upper()}{clause[1:]}."
        first, second = self._totals
        report = f"Round {self._round}: {clause}; totals {{0}} {first}, {{1}} {second}."
        if over:
            return report
        if winner is None:
            return f"{report} {{{1 - self._starter}}} starts round {self._round + 1}."
        return f"{report} {{{1 - winner}}} chooses who starts round {self._round + 1}."

    # -- the board ---------------------------------------------------------------

    def _put(self, square: int, code: int) -> None:
        self._board[square] = code
        self._pieces[PIECES[code].colour] |= 1 << square
        self._hash ^= ZOBRIST[square][code]

    def _lift(self, square: int) -> int:
        code = self._board[square]
        self._board[square] = 0
        self._pieces[PIECES[code].colour] ^= 1 << square
        self._hash ^= ZOBRIST[square][code]
        return code

    def _record(self, entry: str, seat: int) -> None:
        self._history.append(entry)
        self._movers.append(seat)

    def _targets(self, origin: int) -> list[int]:
        """The empty squares the piece on `origin` can move to, in board order."""
        board = self._board
        size = PIECES[board[origin]].size
        if size is not Size.MEDIUM:
            return [t for t in (KNIGHT if size is Size.LARGE else KING)[origin] if not board[t]]
        targets = []
        for ray in RAYS[origin]:
            for target in ray:
                if board[target]:
                    break
                targets.append(target)
        return sorted(targets)

    def _has_move(self, seat: int) -> bool:
        return any(self._targets(origin) for origin in _bits(self._pieces[seat]))

    def _guess_size(self, origin: int, target: int) -> Size | None:
        """The size a move is made with: from its shape, else from the board."""
        sizes = [size for size in Size if _reachable(size, origin, target)]
        if len(sizes) == 1:
            return sizes[0]
        for code in (self._board[origin], self._board[target]):
            if code and PIECES[code].size in sizes:
                return PIECES[code].size
        return None
