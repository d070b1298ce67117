"""What a player has won: a trophy for each finished tournament of the server they won or
shared first place in, read from the tournaments' stored results; and the records of
their rated games (the best rating reached, the longest run of wins)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.play.tournaments.reading import tally
from bot.storage.standings import RatedGame
from bot.storage.tournaments import TournamentRecord, TournamentStatus
from bot.storage.tournaments import Tournaments as TournamentStore


@dataclass(frozen=True, slots=True)
class Trophy:
    """A tournament won: `shared` when others tied for first place."""

    tournament: TournamentRecord
    ended_at: float
    shared: bool


@dataclass(frozen=True, slots=True)
class Bests:
    """A player's records on a board: the highest rating a game left them, and the most
    games won in a row."""

    rating: float
    streak: int


async def trophies(store: TournamentStore, guild_id: int, user_id: int) -> list[Trophy]:
    """The server's finished tournaments the player won, newest first."""
    won = []
    for tournament in await store.in_guild(guild_id):
        if tournament.status is not TournamentStatus.FINISHED or tournament.ended_at is None:
            continue
        table = await tally(store, tournament)
        first = [row.player for row in table.rows if row.place == 1]
        if user_id in first:
            won.append(Trophy(tournament, tournament.ended_at, shared=len(first) > 1))
    return sorted(won, key=lambda trophy: -trophy.ended_at)


def bests(games: Sequence[RatedGame]) -> Bests:
    """The records of a player's rated games, given newest first (at least one)."""
    streak = longest = 0
    for game in reversed(games):
        streak = streak + 1 if game.outcome == "win" else 0
        longest = max(longest, streak)
    return Bests(max(game.rating_after for game in games), longest)
