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
    """

    assess: Assessor
    widening: float | None = None
    cornered: bool = False


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
    "folio": Policy(_played_out_carefully, cornered=True),
    "tink": LINES_READ,
    "tingle": LINES_READ,
}


def policy(name: str) -> Policy:
    """How positions of the game `name` are searched: played out unless it has a reading."""
    return POLICIES.get(name, PLAYED_OUT)
