"""The SQLite side of asynchronous play: settings, reminder choices and turn clocks.

Shares `SqliteStorage`'s connection, lock and transactions. Every "what is due" query
walks a partial index of migration 3.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

import aiosqlite

from bot.storage.clocks import ServerSettings, Turn

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

    def __init__(
        self,
        connection: aiosqlite.Connection,
        lock: asyncio.Lock,
        transaction: Callable[[], AbstractAsyncContextManager[aiosqlite.Connection]],
    ) -> None:
        self._db = connection
        self._lock = lock
        self._transaction = transaction

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
        times = [
            row[0]
            for index, condition, column in (
                ("games_by_reminder", _REMINDING, "g.remind_at"),
                ("games_by_deadline", _TIMED, _DEADLINE),
            )
            for row in await self._fetch(
                f"SELECT {column} FROM games g INDEXED BY {index} "
                f"WHERE g.status = 'active' AND {condition} LIMIT 1"
            )
        ]
        return min(times, default=None)

    async def plan_reminders(self, plans: Sequence[tuple[int, float, float | None]]) -> None:
        async with self._transaction() as db:
            await db.executemany(
                "UPDATE games SET reminder_turn = ?, reminded = 0, remind_at = ? "
                "WHERE id = ? AND status = 'active' AND turn_started_at = ? "
                "AND reminder_turn IS NOT ?",
                [(turn, remind_at, game_id, turn, turn) for game_id, turn, remind_at in plans],
            )

    async def mark_reminder(
        self, game_id: int, turn: float, expected: int, stage: int, remind_at: float | None
    ) -> bool:
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET reminded = ?, remind_at = ? WHERE id = ? AND status = 'active' "
                "AND turn_started_at = ? AND reminder_turn = turn_started_at AND reminded = ?",
                (stage, remind_at, game_id, turn, expected),
            )
            return cursor.rowcount == 1

    async def _write(self, statement: str, *values: Any) -> None:
        async with self._transaction() as db:
            await db.execute(statement, values)

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
        async with self._lock:
            return list(await self._db.execute_fetchall(query, values))
