"""The records standings are read as, and the narrow async interface that reads them.

Ratings are kept per server and per board: a board is a game's name, or `OVERALL` for
every game of the server rated together as if they were one. Games played outside any
server (the local console) are kept under server id 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

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


class Standings(Protocol):
    """Reads of the ratings; they are written by `Storage.save` when a game finishes."""

    async def page(self, guild_id: int, board: str, offset: int, limit: int) -> list[Standing]:
        """Players by rating, best first, from place `offset + 1` on."""

    async def count(self, guild_id: int, board: str) -> int:
        """How many players a board holds."""

    async def standing(self, guild_id: int, board: str, user_id: int) -> Standing | None:
        """One player's place on a board, or None before their first rated game there."""

    async def recent(self, guild_id: int, board: str, user_id: int, limit: int) -> list[RatedGame]:
        """A player's latest rated games on a board, newest first."""

    async def opponents(
        self, guild_id: int, board: str, user_id: int, limit: int, within: int
    ) -> list[Opponent]:
        """The people a player met most in their last `within` games on a board, most first."""
