"""A finished game's review: how each move changed its mover's expected score, graded as
chess sites grade moves, and each player's accuracy.

Every position before a move is appraised by the search (`ai.appraise`, at a fixed
budget, so a game always gives the same review): each seat's expected score after the
best move draws the curve, and what the move played loses against the best one, valued
alike from the same position, grades it. The exact reader's marks (`engine.review`) win
over the search: a missed win in one or a missed forced win in two is a **miss**, a move
handing the next player a win in one or a forced win in two a **blunder** (unless every
move handed a win in one: the game was lost before it), and a position the reader proves
won is worth at least `PROVEN` to its mover.

    positions = review_positions(game)           # what to appraise, move by move
    appraisals = [ai.appraise(p.game, LEVEL, p.move) for p in positions]
    reviewed = grade_game(game, positions, appraisals)
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

import engine
from ai import Appraisal
from ai.levels import REVIEW

LEVEL = REVIEW
"""The settings that value every position of a review."""
INACCURACY, MISTAKE, BLUNDER = 0.05, 0.10, 0.20
"""Expected score lost by a move from which it is graded so (chess.com's thresholds)."""
PROVEN = 0.95
"""The least a position the exact reader proves won is worth to its mover."""
KEY_MOMENTS = 5
MOST_FORCED_WINS = 4
FORCED_WIN_PUSHES = 40_000
"""Moves the exact reader tries looking for forced wins in two, over a whole game (about
0.8 s on one core): a longer game's earliest positions stay unread."""


class Grade(StrEnum):
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"
    MISS = "miss"


@dataclass(frozen=True, slots=True)
class Position:
    """The position before a move: the game there, who moves, the move played, and the
    exact reader's wins for the mover (in one, or forcing a win in two)."""

    game: engine.Game
    ply: int
    seat: int
    move: str
    wins: tuple[str, ...]
    forced_wins: tuple[str, ...]
    allowed: bool
    """Whether the move handed the next player a win in one or a forced win in two, when
    some other move would not have handed them a win in one (see `_lost_already`)."""


@dataclass(frozen=True, slots=True)
class ReviewedMove:
    """A move with its mover's expected score before and after it, what it lost, its
    grade (None: a good move) and, when graded, a better move where one is known."""

    ply: int
    seat: int
    move: str
    before: float
    after: float
    grade: Grade | None
    better: str | None = None

    @property
    def lost(self) -> float:
        return max(self.before - self.after, 0.0)


@dataclass(frozen=True, slots=True)
class GameReview:
    """The curve of each seat's expected score over the positions (the start, then after
    each move), the moves graded, and each seat's accuracy (0-100)."""

    curve: tuple[tuple[float, ...], ...]
    moves: tuple[ReviewedMove, ...]
    accuracy: tuple[float, ...]

    def shown_curve(self) -> tuple[tuple[float, ...], ...]:
        """Each position's expected scores as a graph shows them. With two players, the
        value after a move is taken from both sides: the mover's after their move and the
        next mover's before theirs, averaged, which cancels the search's optimism for
        whoever is to move (a curve of one side's values zigzags with the turn); where
        either side's value is decided (proven won or lost, or the game over), it
        stands."""
        if len(self.curve[0]) != 2:
            return self.curve
        shown: list[tuple[float, ...]] = [self.curve[0]]
        for move, following in zip(self.moves, self.curve[1:], strict=True):
            mine = _shown_value(move.after, following[move.seat])
            shown.append(tuple(mine if seat == move.seat else 1 - mine for seat in range(2)))
        return tuple(shown)

    def key_moments(self) -> list[ReviewedMove]:
        """The moves where the game turned: the graded ones that lost most, in order."""
        graded = [move for move in self.moves if move.grade is not None]
        worst = sorted(graded, key=lambda move: (move.grade is not Grade.MISS, -move.lost))
        return sorted(worst[:KEY_MOMENTS], key=lambda move: move.ply)


def _shown_value(after: float, following: float) -> float:
    """A move's value to its mover as the graph shows it: the next position's when it is
    decided, else the mover's own when that is, else their mean."""
    for value in (following, after):
        if value >= PROVEN or value <= 1 - PROVEN:
            return value
    return (after + following) / 2


def review_to_json(review: GameReview) -> str:
    """The review as JSON, which `review_from_json` reads back."""
    moves = [
        [m.ply, m.seat, m.move, m.before, m.after, m.grade and m.grade.value, m.better]
        for m in review.moves
    ]
    return json.dumps({"curve": review.curve, "moves": moves, "accuracy": review.accuracy})


def review_from_json(text: str) -> GameReview:
    """A review from `review_to_json`'s JSON."""
    data = json.loads(text)
    moves = tuple(
        ReviewedMove(ply, seat, move, before, after, grade and Grade(grade), better)
        for ply, seat, move, before, after, grade, better in data["moves"]
    )
    curve = tuple(tuple(values) for values in data["curve"])
    return GameReview(curve, moves, tuple(data["accuracy"]))


def position_before(game: engine.Game, ply: int) -> engine.Game:
    """The game as it stood before move `ply` of its history (after any forced passes
    before it): a new game, `game` left as it is. Raises ValueError past the last move."""
    replayed = engine.replay(game.name, game.players, game.seed, game.options, ())
    for index, action in enumerate(game.actions):
        replayed.apply(action)
        if len(replayed.history) > ply:
            before = game.actions[:index]
            return engine.replay(game.name, game.players, game.seed, game.options, before)
    raise ValueError(f"the game has no move {ply}")


def review_positions(game: engine.Game) -> list[Position]:
    """Every position before a player's move (forced passes left out), with the exact
    reader's marks."""
    marks = engine.review(
        game, most_forced_wins=MOST_FORCED_WINS, forced_win_pushes=FORCED_WIN_PUSHES
    )
    replayed = engine.replay(game.name, game.players, game.seed, game.options, ())
    positions: list[Position] = []
    handed: tuple[str, ...] = ()
    for action in game.actions:
        before = replayed.search_copy()
        ply = len(replayed.history)
        replayed.apply(action)
        if len(replayed.history) == ply:
            continue
        mark = marks[len(positions)]
        wins = tuple(before.winning_moves())
        positions.append(
            Position(
                engine.load_game(before.to_json()),
                ply,
                mark.seat,
                mark.move,
                wins,
                () if wins else handed,
                bool(mark.allowed_wins or mark.allowed_forced_wins) and not _lost_already(before),
            )
        )
        handed = mark.allowed_forced_wins
    return positions


def _lost_already(game: engine.Game) -> bool:
    """Whether every move of the player to move hands the next player a win in one (two
    threats at once, say): handing it then is no blunder, the game was lost before."""
    for move in game.legal_moves():
        after = game.search_copy()
        after.play(move)
        if after.result is not None or not after.winning_moves():
            return False
    return True


def result_values(result: engine.Result, players: int) -> tuple[float, ...]:
    """Each seat's score once the game is over: a win shared among the winners, a draw
    among everyone."""
    if result.is_draw or not result.winners:
        return tuple(1 / players for _ in range(players))
    return tuple(
        1 / len(result.winners) if seat in result.winners else 0.0 for seat in range(players)
    )


def grade_game(
    game: engine.Game, positions: Sequence[Position], appraisals: Sequence[Appraisal]
) -> GameReview:
    """The review of a finished game from each position's appraisal of its move."""
    assert game.result is not None, "a review is of a finished game"
    curve = [
        _proven(position, appraisal.values)
        for position, appraisal in zip(positions, appraisals, strict=True)
    ]
    curve.append(result_values(game.result, game.players))
    moves = []
    for index, (position, appraisal) in enumerate(zip(positions, appraisals, strict=True)):
        before = curve[index][position.seat]
        after = min(appraisal.played, before) if position.move != appraisal.best else before
        grade = _grade(position, before - after)
        better = _better(position, appraisal.best) if grade is not None else None
        moves.append(
            ReviewedMove(position.ply, position.seat, position.move, before, after, grade, better)
        )
    return GameReview(tuple(curve), tuple(moves), _accuracies(moves, game.players))


def _proven(position: Position, values: tuple[float, ...]) -> tuple[float, ...]:
    """The values, the mover's raised to `PROVEN` where the exact reader proves a win."""
    if not (position.wins or position.forced_wins) or values[position.seat] >= PROVEN:
        return values
    others = [seat for seat in range(len(values)) if seat != position.seat]
    rest = sum(values[seat] for seat in others)
    return tuple(
        PROVEN
        if seat == position.seat
        else (values[seat] / rest * (1 - PROVEN) if rest else (1 - PROVEN) / len(others))
        for seat in range(len(values))
    )


def _grade(position: Position, lost: float) -> Grade | None:
    missed = (position.wins or position.forced_wins) and position.move not in (
        *position.wins,
        *position.forced_wins,
    )
    if missed:
        return Grade.MISS
    if position.allowed or lost >= BLUNDER:
        return Grade.BLUNDER
    if lost >= MISTAKE:
        return Grade.MISTAKE
    if lost >= INACCURACY:
        return Grade.INACCURACY
    return None


def _better(position: Position, best: str) -> str | None:
    """A winning move where the mover had one, else the search's best if not the one played."""
    known = position.wins or position.forced_wins
    if known:
        return known[0]
    return None if best == position.move else best


def move_accuracy(lost: float) -> float:
    """A move's accuracy (0-100) from the expected score it lost (0-1), by lichess's
    formula for the win percentage lost: 103.1668 e^(-0.04354 x) - 3.1669."""
    return min(max(103.1668 * math.exp(-0.04354 * lost * 100) - 3.1669, 0.0), 100.0)


def _accuracies(moves: Sequence[ReviewedMove], players: int) -> tuple[float, ...]:
    """Each seat's accuracy: the mean of its moves' (100 for a seat that made none)."""
    by_seat: list[list[float]] = [[] for _ in range(players)]
    for move in moves:
        by_seat[move.seat].append(move_accuracy(move.lost))
    return tuple(sum(scores) / len(scores) if scores else 100.0 for scores in by_seat)
