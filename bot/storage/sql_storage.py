"""A storage written once in the SQL both backends share: each backend gives it a runner
of statements and transactions, and adds only how it opens, closes and copies."""

from __future__ import annotations

from bot.storage.announcements import SqlAnnouncements
from bot.storage.clock_queries import SqlClocks
from bot.storage.command_syncs import SqlCommandSyncs
from bot.storage.game_queries import SqlGames
from bot.storage.queries import Runner
from bot.storage.standing_queries import SqlStandings
from bot.storage.standings import Rater
from bot.storage.tournaments import SqlTournaments


class SqlStorage(SqlGames):
    """Games, standings, clocks, command registrations, owed announcements and tournaments,
    run by a backend's runner; finished games are rated by `rater` (None leaves them
    unrated)."""

    def __init__(self, runner: Runner, rater: Rater | None) -> None:
        super().__init__(runner, rater)
        self.standings = SqlStandings(runner)
        self.clocks = SqlClocks(runner)
        self.command_syncs = SqlCommandSyncs(runner)
        self.announcements = SqlAnnouncements(runner)
        self.tournaments = SqlTournaments(runner)

    async def schema_version(self) -> int:
        """The number of the last migration applied."""
        found = await self._run.fetch("SELECT coalesce(max(number), 0) AS n FROM migrations")
        return int(found[0]["n"])

    async def count_rows(self, table: str) -> int:
        found = await self._run.fetch(f"SELECT count(*) AS n FROM {table}")
        return int(found[0]["n"])
