"""The SQLite side of asynchronous play: settings, reminder choices and turn clocks.

Shares `SqliteStorage`'s database thread: each call is one job on it. Every "what is
due" query walks a partial index of migration 3.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from functools import partial
from typing import Any

from bot.storage.clocks import ServerSettings, Turn
from bot.storage.sqlite_database import Database

_TURN_COLUMNS = (
    "g.id, g.game, g.guild_id, g.channel_id, g.thread_id, g.message_id, "
    "(SELECT count(*) FROM players c WHERE c.game_id = g.id), p.user_id, p.name, "
    "g.turn_started_at, g.time_limit, g.reminder_turn, g.reminded, g.remind_at"
)
_DEADLINE = "g.turn_started_at + g.time_limit"
_PLANNED = "g.reminder_turn = g.turn_started_at"
_TIMED = f"g.time_limit IS NOT NULL ORDER BY {_DEADLINE}"
_REMINDING = f"g.remind_at IS NOT NULL AND {_PLANNED} ORDER BY g.remind_at"


class SqliteClocks:
    """Asynchronous play's queries over the games table and its two settings tables."""

    def __init__(self, database: Database) -> None:
        self._database = database

    async def server_settings(self, guild_id: int) -> ServerSettings:
        rows = await self._fetch(
            "SELECT time_limit, reminder_delay, threads FROM server_settings WHERE guild_id = ?",
            guild_id,
        )
        if not rows:
            return ServerSettings()
        time_limit, reminder_delay, threads = rows[0]
        return ServerSettings(time_limit, reminder_delay, bool(threads))

    async def save_server_settings(self, guild_id: int, settings: ServerSettings) -> None:
        await self._write(
            "INSERT OR REPLACE INTO server_settings "
            "(guild_id, time_limit, reminder_delay, threads) VALUES (?, ?, ?, ?)",
            guild_id,
            settings.time_limit,
            settings.reminder_delay,
            int(settings.threads),
        )

    async def dm_reminders(self, user_id: int) -> bool:
        rows = await self._fetch(
            "SELECT dm_reminders FROM user_settings WHERE user_id = ?", user_id
        )
        return bool(rows and rows[0][0])

    async def set_dm_reminders(self, user_id: int, on: bool) -> None:
        await self._write(
            "INSERT OR REPLACE INTO user_settings (user_id, dm_reminders) VALUES (?, ?)",
            user_id,
            int(on),
        )

    async def turns_in_guild(self, guild_id: int) -> list[Turn]:
        return await self._turns(
            "games_by_guild", "g.guild_id = ? ORDER BY g.turn_started_at", guild_id
        )

    async def turns_of(self, user_id: int) -> list[Turn]:
        return await self._turns(
            "games_by_turn_user", "g.turn_user_id = ? ORDER BY g.turn_started_at", user_id
        )

    async def unplanned_turns(self) -> list[Turn]:
        return await self._turns(
            "games_unplanned", "g.reminder_turn IS NOT g.turn_started_at ORDER BY g.id"
        )

    async def due_time_outs(self, now: float) -> list[Turn]:
        return await self._turns("games_by_deadline", f"{_DEADLINE} <= ? AND {_TIMED}", now)

    async def due_reminders(self, now: float) -> list[Turn]:
        return await self._turns("games_by_reminder", f"g.remind_at <= ? AND {_REMINDING}", now)

    async def next_due(self) -> float | None:
        return await self._database.read(_next_due)

    async def plan_reminders(self, plans: Sequence[tuple[int, float, float | None]]) -> None:
        await self._database.write(
            partial(
                _write_many,
                statement="UPDATE games SET reminder_turn = ?, reminded = 0, remind_at = ? "
                "WHERE id = ? AND status = 'active' AND turn_started_at = ? "
                "AND reminder_turn IS NOT ?",
                rows=[(turn, remind_at, game_id, turn, turn) for game_id, turn, remind_at in plans],
            )
        )

    async def mark_reminder(
        self, game_id: int, turn: float, expected: int, stage: int, remind_at: float | None
    ) -> bool:
        changed = await self._database.write(
            partial(
                _write_many,
                statement="UPDATE games SET reminded = ?, remind_at = ? WHERE id = ? "
                "AND status = 'active' AND turn_started_at = ? "
                "AND reminder_turn = turn_started_at AND reminded = ?",
                rows=[(stage, remind_at, game_id, turn, expected)],
            )
        )
        return changed == 1

    async def _write(self, statement: str, *values: Any) -> None:
        await self._database.write(partial(_write_many, statement=statement, rows=[values]))

    async def _turns(self, index: str, condition: str, *values: Any) -> list[Turn]:
        """Active games with their turn, found through `index` (an error if it cannot be)."""
        rows = await self._fetch(
            f"SELECT {_TURN_COLUMNS} FROM games g INDEXED BY {index} "
            "JOIN players p ON p.game_id = g.id AND p.seat = g.turn_seat "
            f"WHERE g.status = 'active' AND {condition}",
            *values,
        )
        return [Turn(*row) for row in rows]

    async def _fetch(self, query: str, *values: Any) -> list[Any]:
        return await self._database.read(partial(_fetch_all, query=query, values=values))


def _fetch_all(db: sqlite3.Connection, query: str, values: Sequence[Any]) -> list[Any]:
    return db.execute(query, values).fetchall()


def _write_many(db: sqlite3.Connection, statement: str, rows: Sequence[Sequence[Any]]) -> int:
    """Run one statement over every row of values; the number of rows it changed."""
    return db.executemany(statement, rows).rowcount


def _next_due(db: sqlite3.Connection) -> float | None:
    """The earliest planned reminder or deadline of an active game, read off two indexes."""
    times = [
        row[0]
        for index, condition, column in (
            ("games_by_reminder", _REMINDING, "g.remind_at"),
            ("games_by_deadline", _TIMED, _DEADLINE),
        )
        for row in db.execute(
            f"SELECT {column} FROM games g INDEXED BY {index} "
            f"WHERE g.status = 'active' AND {condition} LIMIT 1"
        )
    ]
    return min(times, default=None)
