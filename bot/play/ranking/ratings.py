"""Rating arithmetic: openskill's Plackett-Luce model over a finished game's ranks.

A player's shown rating is the conservative one, mu - 3 sigma: it starts at 0 and rises
as the system grows sure the player is strong. Records count, for each player:

- a win when the player has first place alone;
- a draw when the player shares first place: a drawn game, between the players still
  in when it was drawn (those who went out earlier finish behind them);
- a loss otherwise (in 3-4 player games, every place after the first).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from openskill.models import PlackettLuce

from bot.storage import BoardRating, GameRating, GameRecord, RatedSeat, boards_of

MODEL = PlackettLuce()
CAUTION = 3.0
"""How many standard deviations the conservative rating stays below the estimate."""


class Outcome(StrEnum):
    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class Rating:
    """A skill estimate: mean `mu` and uncertainty `sigma`."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def conservative(self) -> float:
        """The rating shown and ranked by: mu - 3 sigma."""
        return self.mu - CAUTION * self.sigma


def outcome(ranks: Sequence[int], seat: int) -> Outcome:
    """How a finished game counts in one seat's record (ranks: 0 best, ties equal)."""
    first = min(ranks)
    if ranks[seat] != first:
        return Outcome.LOSS
    return Outcome.DRAW if ranks.count(first) > 1 else Outcome.WIN


def rate(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """Every seat's rating after a game in which each seat took its place in `ranks`."""
    if len(ratings) != len(ranks) or len(ratings) < 2:
        raise ValueError("a rated game needs one rank for each of at least two players")
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    rated = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [Rating(team[0].mu, team[0].sigma) for team in rated]


def rate_game(record: GameRecord, known: Mapping[tuple[str, int], BoardRating]) -> GameRating:
    """A finished game's effect on its players' ratings and records, on its own board and
    the overall one, from their stored ratings (`known`, keyed by board and user id)."""
    ranks = [seat.rank for seat in record.players if seat.rank is not None]
    if len(ranks) != len(record.players):
        raise ValueError(f"game {record.id} finished without a rank for every seat")
    outcomes = [outcome(ranks, seat.seat) for seat in record.players]
    changes = [_rate_board(record, board, ranks, outcomes, known) for board in boards_of(record)]
    (own, overall) = changes
    seats = tuple(
        RatedSeat(
            seat.user_id,
            ranks[seat.seat],
            outcomes[seat.seat].value,
            own[seat.seat][0].rating,
            own[seat.seat][1].rating,
            overall[seat.seat][0].rating,
            overall[seat.seat][1].rating,
        )
        for seat in record.players
    )
    return GameRating(tuple(after for change in changes for _, after in change), seats)


def _rate_board(
    record: GameRecord,
    board: str,
    ranks: Sequence[int],
    outcomes: Sequence[Outcome],
    known: Mapping[tuple[str, int], BoardRating],
) -> list[tuple[BoardRating, BoardRating]]:
    """Every seat's (before, after) rating and record on one board."""
    before = [
        known.get((board, seat.user_id)) or _unrated(board, seat.user_id, seat.name)
        for seat in record.players
    ]
    after = rate([Rating(b.mu, b.sigma) for b in before], ranks)
    return [
        (old, _counted(old, seat.name, new, result))
        for old, seat, new, result in zip(before, record.players, after, outcomes, strict=True)
    ]


def _unrated(board: str, user_id: int, name: str) -> BoardRating:
    start = Rating()
    return BoardRating(board, user_id, name, start.mu, start.sigma, start.conservative, 0, 0, 0, 0)


def _counted(old: BoardRating, name: str, new: Rating, result: Outcome) -> BoardRating:
    """`old` with one more game, ending in `result`, and the rating `new` after it."""
    return BoardRating(
        old.board,
        old.user_id,
        name,
        new.mu,
        new.sigma,
        new.conservative,
        old.wins + (result is Outcome.WIN),
        old.losses + (result is Outcome.LOSS),
        old.draws + (result is Outcome.DRAW),
        old.games + 1,
    )
