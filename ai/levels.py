"""The four levels: how much each one thinks and which mistakes it makes on purpose."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
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
    A level may play other settings in the first seat of two (`first`), and in Tink and
    Tingle against an opponent that does not block (`lenient`); the choice depends only
    on the game so far, so a move still depends only on the game, the level and the seed.
    """

    iterations: Mapping[str, int]
    miss_block: float = 0.0
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
    games: Mapping[str, Level] = field(default_factory=lambda: MappingProxyType({}))
    """The settings it plays by instead in the games named (a game of pieces given or of
    bridges weighs slips otherwise than one of lines)."""
    first: Level | None = None
    """The settings it plays by in the first seat of a two-player game (None: these)."""
    lenient: Level | None = None
    """In Tink and Tingle between two, the settings it plays by against an opponent that
    does not block: one that has let its lines of two or more be `lenient_after` times
    and never blocked them (None: these, whatever the opponent does)."""
    lenient_after: int = 1
    """How many times the opponent lets its lines be, never blocking them, before it
    plays by `lenient`."""
    exact_replies: bool = False
    """In Tink and Tingle, whether the moves it would play are also read by the rules'
    exact reader, and one after which the opponent forces a win in two left out."""

    def __post_init__(self) -> None:
        if "default" not in self.iterations or min(self.iterations.values()) < 1:
            raise ValueError("a level needs at least one iteration per game, and a default")

    def misses(self, seat: int, players: int) -> float:
        """The chance of overlooking a threat, in this seat of a game of this many."""
        first = seat == 0 and players == 2 and self.first is not None
        return self.first.miss_block if first and self.first is not None else self.miss_block

    def budget(self, game: str) -> int:
        """Search iterations per move in `game`."""
        return self.iterations.get(game, self.iterations["default"])


def _budgets(**by_game: int) -> Mapping[str, int]:
    return MappingProxyType(by_game)


_LOOSE_BRIDGE = Level(_budgets(default=8), miss_block=0.35, top_k=12, temperature=1.5)
"""The beginner's Bridge in the second seat: one of its twelve best moves almost at random."""

SETTINGS: dict[str, Level] = {
    # The newcomer's opponent, meant to lose about half its games from either seat both
    # to a newcomer who only builds a line and to one who blocks first. It reads double
    # threats: in the second seat it always keeps the opponent from them and picks
    # between its two best moves; in the first seat, whose tempo a newcomer cannot make
    # up, it overlooks them seven times in ten and picks among its four best. Against an
    # opponent that lets its lines be and never blocks them (a newcomer who only builds;
    # twice in the second seat, once in the first), it reads wins in one only, overlooks
    # threats (always, nine times in ten in the first seat) and plays loosely. In Folio
    # it overlooks a gift that hands the opponent a win about one time in seven; in Bridge
    # it plays one of its twelve best moves almost at random, and overlooks a threat as
    # the old beginner did (one in three, nine in ten in the first seat).
    "beginner": Level(
        _budgets(default=150),
        top_k=2,
        temperature=0.1,
        lenient=Level(
            _budgets(default=70),
            miss_block=1.0,
            top_k=8,
            temperature=1.0,
            reading=Reading.WINS,
        ),
        lenient_after=2,
        first=Level(
            _budgets(default=70),
            miss_block=0.7,
            top_k=4,
            temperature=0.15,
            lenient=Level(
                _budgets(default=70),
                miss_block=0.9,
                top_k=6,
                temperature=0.5,
                reading=Reading.WINS,
            ),
        ),
        games=MappingProxyType(
            {
                "folio": Level(_budgets(default=300), miss_block=0.15, top_k=4, temperature=0.15),
                "bridge": replace(_LOOSE_BRIDGE, first=replace(_LOOSE_BRIDGE, miss_block=0.9)),
            }
        ),
    ),
    # Between the beginner and medium; in Folio it slips less than in the games of lines,
    # where the beginner slips less than it did.
    "easy": Level(
        _budgets(default=100, bridge=200),
        miss_block=0.3,
        top_k=3,
        temperature=0.08,
        games=MappingProxyType(
            {"folio": Level(_budgets(default=400), miss_block=0.07, top_k=3, temperature=0.08)}
        ),
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
