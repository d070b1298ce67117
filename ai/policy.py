"""How the search treats each game: which moves to try first, and what a position is worth.

Folio is played out to the end, each side taking a win in one when it has one and
otherwise moving at random, though it tries a few moves to find one that hands over no
win in one; a Folio player left only such moves is lost. Random Tink and Tingle games
say little about lines built on purpose, and random Bridge games almost never end, so
their positions are read instead (see `ai.lines` and `ai.bridge`), and the search widens
slowly, trying the moves that read best first.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import engine
from ai import bridge, lines
from ai.playout import Outcome, careful_playout, playout

Assessor = Callable[
    [engine.Game, list[engine.SearchMove], random.Random],
    tuple[list[engine.SearchMove], Outcome],
]
"""Given a position and its moves: the moves in the order to try them, and the rewards."""


@dataclass(frozen=True)
class Policy:
    """How the search treats one game's positions.

    `widening`, when set, lets a node grow only `1 + widening * sqrt(visits)` children,
    the first in the assessor's order, so the search goes deep on the best-looking moves.
    `cornered`, when set, proves a two-player position lost for the seat to move when
    every move it has hands the next player a win in one.
    `settled_at`, when set, is how many pieces must stand on the board before a move gets
    the level's whole budget; with fewer, where imagined games are longest and the choice
    matters least, the budget grows from a quarter in step with the pieces.
    """

    assess: Assessor
    widening: float | None = None
    cornered: bool = False
    settled_at: int | None = None

    def budget(self, game: engine.Game, iterations: int) -> int:
        """The iterations to spend on a move in `game` out of a level's `iterations`."""
        if self.settled_at is None:
            return iterations
        placed = len(game.view().squares)
        share = min(1.0, 0.25 + 0.75 * placed / self.settled_at)
        return max(1, round(iterations * share))


def _played_out(
    game: engine.Game, moves: list[engine.SearchMove], rng: random.Random
) -> tuple[list[engine.SearchMove], Outcome]:
    rng.shuffle(moves)
    return moves, playout(game, rng)


def _read_bridge(
    game: engine.Game, moves: list[engine.SearchMove], _rng: random.Random
) -> tuple[list[engine.SearchMove], Outcome]:
    return bridge.assess(game, moves)


def _played_out_carefully(
    game: engine.Game, moves: list[engine.SearchMove], rng: random.Random
) -> tuple[list[engine.SearchMove], Outcome]:
    rng.shuffle(moves)
    return moves, careful_playout(game, rng)


PLAYED_OUT = Policy(_played_out)
LINES_READ = Policy(lines.assess, widening=2.0)
POLICIES = {
    "bridge": Policy(_read_bridge, widening=1.5),
    "folio": Policy(_played_out_carefully, cornered=True, settled_at=8),
    "tink": LINES_READ,
    "tingle": LINES_READ,
}


def policy(name: str) -> Policy:
    """How positions of the game `name` are searched: played out unless it has a reading."""
    return POLICIES.get(name, PLAYED_OUT)
