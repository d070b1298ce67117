"""A storage written once in the SQL both backends share: each backend gives it a runner
of statements and transactions, and adds only how it opens, closes and copies."""

from __future__ import annotations

from bot.storage.announcements import Announcements
from bot.storage.clock_queries import ClockStorage
from bot.storage.command_syncs import CommandSyncs
from bot.storage.game_queries import SqlGames
from bot.storage.identifies import Identifies
from bot.storage.puzzles import PuzzleTries
from bot.storage.queries import Runner
from bot.storage.reply_places import ReplyPlaces
from bot.storage.reviews import KeptReviews
from bot.storage.standing_queries import Standings
from bot.storage.standings import Rater
from bot.storage.tournaments import Tournaments


class SqlStorage(SqlGames):
    """Games, standings, clocks, command registrations, owed announcements, tournaments
    and the places the bot only answers in, run by a backend's runner; finished games are
    rated by `rater` (None leaves them unrated)."""

    def __init__(self, runner: Runner, rater: Rater | None) -> None:
        super().__init__(runner, rater)
        self.standings = Standings(runner)
        self.clocks = ClockStorage(runner)
        self.command_syncs = CommandSyncs(runner)
        self.identifies = Identifies(runner)
        self.announcements = Announcements(runner)
        self.tournaments = Tournaments(runner)
        self.reply_places = ReplyPlaces(runner)
        self.puzzles = PuzzleTries(runner)
        self.reviews = KeptReviews(runner)

    async def ping(self) -> None:
        await self._run.fetch("SELECT 1 AS one")

    async def write_check(self, now: float) -> None:
        await self._run.execute(
            "INSERT INTO health_checks (id, checked_at) VALUES (1, ?) "
            "ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at",
            now,
        )

    async def schema_version(self) -> int:
        """The number of the last migration applied."""
        found = await self._run.fetch("SELECT coalesce(max(number), 0) AS n FROM migrations")
        return int(found[0]["n"])

    async def count_rows(self, table: str) -> int:
        found = await self._run.fetch(f"SELECT count(*) AS n FROM {table}")
        return int(found[0]["n"])
