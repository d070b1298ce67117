"""The four levels: how much each one thinks and which mistakes it makes on purpose."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum
from types import MappingProxyType

LEVELS = ("beginner", "easy", "medium", "hard")
"""The levels, weakest first."""


class Reading(IntEnum):
    """How far a level reads the lines of Tink and Tingle (see `ai.lines`)."""

    WINS = 0
    """Wins in one only, its own and the opponent's."""
    THREATS = 1
    """Also double threats and chains of threats (`Level.threat_depth`): making them,
    and keeping the opponent from them."""
    FORKS = 2
    """Also forks: squares that make double threats no single answer takes away."""


@dataclass(frozen=True)
class Level:
    """A level's thinking budget and its deliberate, human-looking mistakes.

    `iterations` counts search iterations per move, by game name (`default` for the
    games not named: Tink and Tingle), so the same position, level and seed always
    give the same move.
    `miss_block` is the chance of overlooking the opponent's threat to win at once, or
    in Tink and Tingle the double threat it could make next, and playing on with its
    own plan. The move is picked among the `top_k` best by a
    softmax of their values at `temperature` (0: always the best).
    """

    iterations: Mapping[str, int]
    miss_block: float = 0.0
    miss_block_first: float | None = None
    """`miss_block` when it has the first seat of a two-player game, whose tempo is worth
    much to a weak player's opponent (None: the same in every seat)."""
    top_k: int = 1
    temperature: float = 0.0
    exploration: float = 0.7
    """The UCT exploration constant."""
    threat_depth: int = 1
    """In Tink and Tingle, how many threats in a row it reads from `Reading.THREATS` on
    (1: a double threat): it plays a win by a chain of threats that long and keeps the
    opponent from one (see `ai.threat_space`)."""
    threat_checks: int = 4000
    """Positions that reading may visit in a move to keep the opponent from a chain."""
    reading: Reading = Reading.THREATS
    """How far it reads lines in Tink and Tingle."""
    exact_replies: bool = False
    """In Tink and Tingle, whether the moves it would play are also read by the rules'
    exact reader, and one after which the opponent forces a win in two left out."""

    def __post_init__(self) -> None:
        if "default" not in self.iterations or min(self.iterations.values()) < 1:
            raise ValueError("a level needs at least one iteration per game, and a default")

    def misses(self, seat: int, players: int) -> float:
        """The chance of overlooking a threat, in this seat of a game of this many."""
        first = seat == 0 and players == 2 and self.miss_block_first is not None
        return (
            self.miss_block_first
            if first and self.miss_block_first is not None
            else self.miss_block
        )

    def budget(self, game: str) -> int:
        """Search iterations per move in `game`."""
        return self.iterations.get(game, self.iterations["default"])


def _budgets(**by_game: int) -> Mapping[str, int]:
    return MappingProxyType(by_game)


SETTINGS: dict[str, Level] = {
    "beginner": Level(
        _budgets(default=70, folio=300, bridge=8),
        miss_block=0.35,
        miss_block_first=0.9,
        top_k=4,
        temperature=0.15,
        reading=Reading.WINS,
    ),
    "easy": Level(
        _budgets(default=100, folio=300, bridge=200),
        miss_block=0.3,
        top_k=3,
        temperature=0.08,
    ),
    "medium": Level(
        _budgets(default=900, folio=700, bridge=1500),
        top_k=3,
        temperature=0.05,
        reading=Reading.FORKS,
        threat_depth=2,
    ),
    "hard": Level(
        _budgets(default=10000, folio=6000, bridge=7000),
        reading=Reading.FORKS,
        threat_depth=3,
        threat_checks=5000,
        exact_replies=True,
    ),
}
"""Each level's settings by name; replace an entry to change a level everywhere."""

REVIEW = "review"
"""Not a level anyone plays: the settings a finished game's review judges every position
with, the same for every game (so a game always gives the same review), its best move
its best judged (no deliberate mistakes)."""
SETTINGS[REVIEW] = Level(
    _budgets(default=400, folio=400, bridge=400),
    reading=Reading.FORKS,
    threat_depth=3,
)
