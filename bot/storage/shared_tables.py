"""The parts of a storage written once in the SQL both backends share."""

from __future__ import annotations

from bot.storage.announcements import SqlAnnouncements
from bot.storage.clock_queries import SqlClocks
from bot.storage.command_syncs import SqlCommandSyncs
from bot.storage.queries import Runner
from bot.storage.standing_queries import SqlStandings


class SharedTables:
    """Standings, clocks, command registrations and owed announcements, run by a backend's
    statement runner; each backend's storage builds on it."""

    def __init__(self, runner: Runner) -> None:
        self.standings = SqlStandings(runner)
        self.clocks = SqlClocks(runner)
        self.command_syncs = SqlCommandSyncs(runner)
        self.announcements = SqlAnnouncements(runner)
