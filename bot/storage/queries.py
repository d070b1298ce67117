"""What the SQL both backends share runs on: a runner of statements, and the few words
in which SQLite and PostgreSQL differ.

Shared statements are written with `?` placeholders; PostgreSQL's runner numbers them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.storage.rows import ANNOUNCEMENT_COLUMNS, GAME_COLUMNS, SEAT_COLUMNS, Row, columns


class Runner(Protocol):
    """Runs one statement per call, each in a transaction of its own."""

    dialect: Dialect

    async def fetch(self, sql: str, *values: Any) -> Sequence[Row]: ...

    async def execute(self, sql: str, *values: Any) -> int:
        """Run a change; the number of rows it changed."""

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run a change once per row of values, all in one transaction."""


@dataclass(frozen=True, slots=True)
class Dialect:
    """How a backend words what standard SQL leaves open."""

    uses_index_hints: bool
    """Whether `FROM table INDEXED BY index` is understood (SQLite), making a query that
    cannot use the index fail instead of scanning."""
    is_distinct: str
    """The null-safe inequality (`IS NOT` in SQLite, `IS DISTINCT FROM` in PostgreSQL)."""

    def table(self, table: str, index: str) -> str:
        """`table` read through `index`, when the backend can be held to it."""
        return f"{table} INDEXED BY {index}" if self.uses_index_hints else table


PLACE = "coalesce(thread_id, channel_id)"
"""Where a game is played: its thread, else its channel."""
EXPIRE_CHALLENGES = (
    "UPDATE games SET status = 'expired', updated_at = ?, version = version + 1 "
    f"WHERE {PLACE} = ? AND status = 'challenge' AND expires_at <= ?"
)
"""Close a place's challenges expired by a time (the values: now, the place, now)."""
OPEN_GAME_IN = f"SELECT id FROM games WHERE {PLACE} = ? AND status IN ('challenge', 'active')"
"""The open challenge or active game of a place."""
_READ_GAME = (
    f"SELECT {columns('g', GAME_COLUMNS)}, {columns('p', SEAT_COLUMNS)} "
    "FROM games g JOIN players p ON p.game_id = g.id WHERE {condition} ORDER BY p.seat"
)
GAME = _READ_GAME.format(condition="g.id = ?")
"""A game by its id, one row per player in seat order (see `rows.game_record`)."""
LATEST_GAME_IN = _READ_GAME.format(
    condition=f"g.id = (SELECT max(id) FROM games WHERE {PLACE} = ?)"
)
"""The newest game of a place, as `GAME` reads it."""
INSERT_ANNOUNCEMENT = (
    f"INSERT INTO announcements ({', '.join(ANNOUNCEMENT_COLUMNS)}) "
    f"VALUES ({', '.join('?' * len(ANNOUNCEMENT_COLUMNS))})"
)

SQLITE = Dialect(uses_index_hints=True, is_distinct="IS NOT")
POSTGRES = Dialect(uses_index_hints=False, is_distinct="IS DISTINCT FROM")
