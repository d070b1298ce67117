"""The records standings are read and written as, and the narrow async interface that reads them.

Ratings are kept per server and per board: a board is a game's name, or `OVERALL` for
every game of the server rated together as if they were one. Games played outside any
server (the local console) are kept under server id 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from bot.storage.records import GameRecord

OVERALL = "*"
"""The board that rates every game of a server together."""
NO_GUILD = 0
"""The server id standing in for games played outside a server."""


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's place on a board: rank 1 is the top."""

    rank: int
    user_id: int
    name: str
    rating: float
    wins: int
    losses: int
    draws: int
    games: int


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One finished game from one player's side, with the rating it left them on a board."""

    game_id: int
    game: str
    outcome: str
    rating_before: float
    rating_after: float
    ended_at: float
    guild_id: int | None
    place_id: int
    message_id: int | None
    opponents: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Opponent:
    """Someone a player met often, and the player's record against them."""

    user_id: int
    name: str
    games: int
    wins: int
    losses: int
    draws: int


@dataclass(frozen=True, slots=True)
class BoardRating:
    """A player's stored rating and record on one board (`mu`, `sigma`: the skill estimate;
    `rating`: the conservative rating ranked by)."""

    board: str
    user_id: int
    name: str
    mu: float
    sigma: float
    rating: float
    wins: int
    losses: int
    draws: int
    games: int


@dataclass(frozen=True, slots=True)
class RatedSeat:
    """What one finished game did to one player: their place, and their ratings before and
    after on the game's board and the overall one."""

    user_id: int
    rank: int
    outcome: str
    rating_before: float
    rating_after: float
    overall_before: float
    overall_after: float


@dataclass(frozen=True, slots=True)
class GameRating:
    """Everything rating a finished game writes: the players' new board ratings, and a
    rated seat for each player."""

    ratings: tuple[BoardRating, ...]
    seats: tuple[RatedSeat, ...]


class Rater(Protocol):
    """Rates a finished game, given the stored ratings of its players on its two boards
    (keyed by board and user id; a player not yet rated on a board is missing)."""

    def __call__(
        self, record: GameRecord, known: Mapping[tuple[str, int], BoardRating]
    ) -> GameRating: ...


def boards_of(record: GameRecord) -> tuple[str, str]:
    """The boards a finished game is rated on: its own game's and the overall one."""
    return (record.game, OVERALL)


def rated_guild(record: GameRecord) -> int:
    """The server id a game's ratings are kept under."""
    return NO_GUILD if record.guild_id is None else record.guild_id
