"""Rating arithmetic: openskill's Plackett-Luce model over a finished game's ranks.

A player's shown rating is the conservative one, mu - 3 sigma: it starts at 0 and rises
as the system grows sure the player is strong. Records count, for each player:

- a draw when the game is drawn (every seat tied);
- a win when the player has first place in a decided game, alone or shared;
- a loss otherwise (in 3-4 player games, every place after the first).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from openskill.models import PlackettLuce

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
    if len(set(ranks)) == 1:
        return Outcome.DRAW
    return Outcome.WIN if ranks[seat] == min(ranks) else Outcome.LOSS


def rate(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """Every seat's rating after a game in which each seat took its place in `ranks`."""
    if len(ratings) != len(ranks) or len(ratings) < 2:
        raise ValueError("a rated game needs one rank for each of at least two players")
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    rated = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [Rating(team[0].mu, team[0].sigma) for team in rated]
