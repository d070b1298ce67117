"""Copying a whole database between backends (SQLite to PostgreSQL or back), ids kept.

Every table the bot keeps is copied, in an order that puts each row after what it
refers to; claims on due work are not (they last a minute, and the target's processes
make their own), nor what was last registered as the bot's commands (the target's first
start registers them once). The target must hold no games yet, and the counts of both
sides are checked table by table at the end.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any, Protocol

from bot.storage.records import StorageError
from bot.storage.rows import ANNOUNCEMENT_COLUMNS, SETTINGS_COLUMNS

BATCH = 5_000
"""Rows read and written at a time."""

TABLES: dict[str, tuple[str, ...]] = {
    "games": (
        *("id", "game", "guild_id", "channel_id", "thread_id", "options", "seed"),
        *("starter_id", "status", "version", "state", "message_id", "expires_at"),
        *("turn_seat", "turn_user_id", "turn_started_at", "offer", "ending"),
        *("created_at", "updated_at", "ended_at", "time_limit", "reminder_turn"),
        *("reminded", "remind_at", "time_increment", "time_cap", "clock", "deadline"),
        *("pairing_id", "hinted"),
    ),
    "players": ("game_id", "seat", "user_id", "name", "accepted", "rank"),
    "actions": ("id", "game_id", "action", "seat", "user_id", "created_at", "taken_back"),
    "ratings": (
        *("guild_id", "game", "user_id", "name", "mu", "sigma", "rating", "wins"),
        *("losses", "draws", "games", "updated_at"),
    ),
    "rated_seats": (
        *("game_id", "user_id", "guild_id", "game", "rank", "outcome", "rating_before"),
        *("rating_after", "overall_before", "overall_after", "ended_at"),
    ),
    "server_settings": ("guild_id", *SETTINGS_COLUMNS),
    "user_settings": (
        *("user_id", "dm_reminders", "quiet_start", "quiet_end", "quiet_zone", "language"),
    ),
    "announcements": ANNOUNCEMENT_COLUMNS,
    "held_pings": ("game_id", "turn", "user_id", "place_id", "due_at"),
    "vacations": ("user_id", "started_at", "ends_at", "automatic"),
    "tournaments": (
        *("id", "guild_id", "channel_id", "creator_id", "game", "options", "format"),
        *("rounds", "time_control", "max_players", "starts_at", "status", "round"),
        *("message_id", "created_at", "ended_at", "number"),
    ),
    "entrants": ("tournament_id", "user_id", "name", "rating", "joined_at", "withdrawn"),
    "pairings": (
        *("id", "tournament_id", "round", "board", "first_id", "second_id", "thread_id"),
        *("forfeit_by", "unplayed", "starter_id"),
    ),
    "reply_places": ("place_id", "token", "noted_at"),
    "unsaid_posts": ("id", "place_id", "text", "held_at"),
    "unreachable_places": ("place_id", "reason", "since"),
    "reviews": ("game_id", "version", "review", "made_at"),
    "puzzle_tries": (
        *("user_id", "game_id", "ply", "guild_id", "tries", "solved", "closed", "given_at"),
    ),
}
"""Each copied table's columns, the first its key, in the order they are copied."""


class CopyError(StorageError):
    """The copy cannot be made, or does not match; the message says which in one sentence."""


class Tables(Protocol):
    """Whole-table access, for copying a database (each backend's storage offers it)."""

    def read_rows(
        self, table: str, columns: Sequence[str], batch: int
    ) -> AsyncIterator[list[tuple[Any, ...]]]:
        """Every row of `table`, in batches of at most `batch` rows."""

    async def write_rows(
        self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
    ) -> None:
        """Add rows to `table` as they are, ids included."""

    async def count_rows(self, table: str) -> int: ...

    async def rows_written(self) -> None:
        """Bring what follows from the ids written up to date (the next id to give)."""


async def copy_database(
    source: Tables, target: Tables, say: Callable[[str], None], *, target_name: str
) -> None:
    """Copy every table from `source` into `target` (which must hold no games), then
    `say` each table's row count on both sides; CopyError if the target is not empty
    or the counts differ."""
    games = await target.count_rows("games")
    if games:
        raise CopyError(
            f"{target_name} already holds {games} games: copy-database only copies into a "
            "database without games."
        )
    for table, columns in TABLES.items():
        async for rows in source.read_rows(table, columns, BATCH):
            await target.write_rows(table, columns, rows)
    await target.rows_written()
    differing = []
    for table in TABLES:
        copied, written = await source.count_rows(table), await target.count_rows(table)
        say(f"{table}: {copied} rows in the source, {written} in the target")
        if copied != written:
            differing.append(table)
    if differing:
        raise CopyError(f"The copy's counts differ in {', '.join(differing)}.")
