"""The PostgreSQL backend: a pool of asyncpg connections, for any number of bot processes
sharing one database.

A game's save takes the game row's lock with its version check, so of two racing saves
one applies and the other, seeing the version moved, raises StaleGame. Migrations run
under an advisory lock, so processes starting together apply each one once.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import AsyncIterator, Sequence
from functools import cache
from typing import Any, TypeAlias

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.storage import rows, standing_queries
from bot.storage.postgres.migrations import MIGRATIONS
from bot.storage.queries import (
    EXPIRE_CHALLENGES,
    GAME,
    INSERT_ANNOUNCEMENT,
    LATEST_GAME_IN,
    OPEN_GAME_IN,
    POSTGRES,
)
from bot.storage.records import (
    Action,
    Announcement,
    ChannelBusy,
    GameDraft,
    GameRecord,
    StaleGame,
    Status,
)
from bot.storage.shared_tables import SharedTables
from bot.storage.standings import Rater, rated_guild

MIGRATION_LOCK = (0x5059, 1)
"""The advisory lock (two int keys) held while migrating."""
RATING_LOCK = 0x5059_0002
"""The first key of the advisory lock on a server's ratings (the second hashes its id)."""
POOL_SIZE = 10

Connection: TypeAlias = "PoolConnectionProxy[asyncpg.Record]"
"""A connection lent by the pool."""

@cache
def numbered(sql: str) -> str:
    """`sql` with its `?` placeholders numbered the way PostgreSQL wants: $1, $2..."""
    parts = sql.split("?")
    return parts[0] + "".join(f"${n}{part}" for n, part in enumerate(parts[1:], 1))


class PostgresRunner:
    """Runs the shared SQL on a pooled connection."""

    dialect = POSTGRES

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    async def fetch(self, sql: str, *values: Any) -> list[asyncpg.Record]:
        return await self._pool.fetch(numbered(sql), *values)

    async def execute(self, sql: str, *values: Any) -> int:
        return changed(await self._pool.execute(numbered(sql), *values))

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._pool.executemany(numbered(sql), rows)


class PostgresStorage(SharedTables):
    """Games, players and the move log in a PostgreSQL database."""

    def __init__(self, pool: asyncpg.Pool, rater: Rater | None) -> None:
        self._pool = pool
        self._rater = rater
        super().__init__(PostgresRunner(pool))

    @classmethod
    async def open(cls, url: str, *, rater: Rater | None) -> PostgresStorage:
        """Connect to the database at `url` and bring its schema up to date.

        Games saved as finished are rated by `rater`; without one they are left unrated.
        asyncpg's errors (refused, unknown database...) are left for the caller to word.
        """
        pool = await asyncpg.create_pool(
            url, min_size=1, max_size=POOL_SIZE, timeout=10, reset=_keep_session
        )
        try:
            async with pool.acquire() as connection:
                await _migrate(connection)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, rater)

    async def close(self) -> None:
        await self._pool.close()

    async def schema_version(self) -> int:
        async with self._pool.acquire() as connection:
            return await _schema_version(connection)

    async def create_game(self, draft: GameDraft, now: float) -> GameRecord:
        place = draft.place_id
        try:
            async with self._pool.acquire() as db, db.transaction():
                await db.execute(numbered(EXPIRE_CHALLENGES), now, place, now)
                busy = await db.fetchval(numbered(OPEN_GAME_IN), place)
                if busy is not None:
                    raise ChannelBusy(busy)
                marks = ", ".join(f"${n}" for n in range(1, len(rows.NEW_GAME_COLUMNS) + 1))
                game_id = await db.fetchval(
                    f"INSERT INTO games ({', '.join(rows.NEW_GAME_COLUMNS)}) VALUES ({marks}) "
                    "RETURNING id",
                    *rows.new_game_values(draft, now),
                )
                await db.executemany(
                    "INSERT INTO players (game_id, seat, user_id, name, accepted) "
                    "VALUES ($1, $2, $3, $4, $5)",
                    [rows.seat_values(game_id, seat) for seat in draft.players],
                )
                record = await _read_game(db, GAME, game_id)
        except asyncpg.UniqueViolationError:
            # Another process opened a game in this channel between our look and our insert.
            busy = await self._pool.fetchval(numbered(OPEN_GAME_IN), place)
            if busy is None:
                return await self.create_game(draft, now)
            raise ChannelBusy(busy) from None
        assert record is not None
        return record

    async def game(self, game_id: int) -> GameRecord | None:
        return await _read_game(self._pool, GAME, game_id)

    async def latest_game_in(self, place_id: int) -> GameRecord | None:
        return await _read_game(self._pool, LATEST_GAME_IN, place_id)

    async def actions(self, game_id: int) -> list[Action]:
        found = await self._pool.fetch(
            f"SELECT {', '.join(rows.ACTION_COLUMNS)} FROM actions "
            "WHERE game_id = $1 AND taken_back = 0 ORDER BY id",
            game_id,
        )
        return [rows.action(row) for row in found]

    async def save(
        self,
        record: GameRecord,
        now: float,
        actions: Sequence[Action] = (),
        take_back: int = 0,
        announcement: Announcement | None = None,
    ) -> GameRecord:
        changes = ", ".join(
            f"{column} = ${n}" for n, column in enumerate(rows.SAVED_GAME_COLUMNS, 1)
        )
        last = len(rows.SAVED_GAME_COLUMNS)
        async with self._pool.acquire() as db, db.transaction():
            status = await db.execute(
                f"UPDATE games SET version = version + 1, {changes} "
                f"WHERE id = ${last + 1} AND version = ${last + 2}",
                *rows.saved_game_values(record, now),
                record.id,
                record.version,
            )
            if changed(status) != 1:
                raise StaleGame(f"game {record.id} is no longer at version {record.version}")
            await db.executemany(
                "UPDATE players SET accepted = $1, rank = $2 WHERE game_id = $3 AND seat = $4",
                rows.seat_changes(record),
            )
            if take_back:
                await db.execute(
                    "UPDATE actions SET taken_back = 1 WHERE id IN (SELECT id FROM actions "
                    "WHERE game_id = $1 AND taken_back = 0 ORDER BY id DESC LIMIT $2)",
                    record.id,
                    take_back,
                )
            if actions:
                await db.executemany(
                    "INSERT INTO actions (game_id, action, seat, user_id, created_at) "
                    "VALUES ($1, $2, $3, $4, $5)",
                    rows.action_values(record.id, actions, now),
                )
            if announcement is not None:
                await db.execute(
                    numbered(INSERT_ANNOUNCEMENT), *rows.announcement_values(announcement, now)
                )
            if self._rater is not None and record.status is Status.FINISHED:
                await _rate_finished_game(db, record, now, self._rater)
        return dataclasses.replace(record, version=record.version + 1, updated_at=now)

    async def read_rows(
        self, table: str, columns: Sequence[str], batch: int
    ) -> AsyncIterator[list[tuple[Any, ...]]]:
        async with self._pool.acquire() as db, db.transaction():
            cursor = await db.cursor(f"SELECT {', '.join(columns)} FROM {table} ORDER BY 1")
            while found := await cursor.fetch(batch):
                yield [tuple(row) for row in found]

    async def write_rows(
        self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
    ) -> None:
        """Rows go in by COPY, PostgreSQL's fast path for many rows."""
        async with self._pool.acquire() as db:
            await db.copy_records_to_table(table, records=rows, columns=list(columns))

    async def count_rows(self, table: str) -> int:
        return int(await self._pool.fetchval(f"SELECT count(*) FROM {table}"))

    async def rows_written(self) -> None:
        """Move the games' and actions' next ids past every id written."""
        for table in ("games", "actions"):
            await self._pool.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"coalesce(max(id), 0) + 1, false) FROM {table}"
            )

    async def set_message(self, game_id: int, message_id: int) -> None:
        await self._pool.execute(
            "UPDATE games SET message_id = $1 WHERE id = $2", message_id, game_id
        )

    async def set_offer_message(self, game_id: int, kind: str, message_id: int) -> bool:
        async with self._pool.acquire() as db, db.transaction():
            stored = await db.fetchval("SELECT offer FROM games WHERE id = $1 FOR UPDATE", game_id)
            noted = rows.offer_with_message(stored, kind, message_id)
            if noted is not None:
                await db.execute("UPDATE games SET offer = $1 WHERE id = $2", noted, game_id)
        return noted is not None


async def _keep_session(connection: asyncpg.Connection[asyncpg.Record]) -> None:
    """Hand a connection back to the pool as it is, without asyncpg's reset query (a round
    trip on every release): the storage changes no session state, holds its one
    session-level lock (migrating) only inside `_migrate`, and asyncpg still rolls back a
    transaction left open."""


def changed(status: str) -> int:
    """The number of rows a command changed, from its status ("UPDATE 1", "INSERT 0 1")."""
    return int(status.rsplit(" ", 1)[-1])


async def _migrate(db: Connection) -> None:
    """Apply the migrations the database lacks, each in a transaction, holding the
    migration lock so that processes starting together apply each once."""
    await db.execute("SELECT pg_advisory_lock($1, $2)", *MIGRATION_LOCK)
    try:
        await db.execute(
            "CREATE TABLE IF NOT EXISTS migrations "
            "(number INTEGER PRIMARY KEY, applied_at DOUBLE PRECISION)"
        )
        current = await _schema_version(db)
        for number, script in MIGRATIONS:
            if number > current:
                async with db.transaction():
                    await db.execute(script)
                    await db.execute("INSERT INTO migrations VALUES ($1, $2)", number, time.time())
    finally:
        await db.execute("SELECT pg_advisory_unlock($1, $2)", *MIGRATION_LOCK)


async def _schema_version(db: Connection) -> int:
    return int(await db.fetchval("SELECT coalesce(max(number), 0) FROM migrations"))


async def _rate_finished_game(db: Connection, record: GameRecord, now: float, rater: Rater) -> None:
    """Rate a finished game once, inside the transaction that saves it.

    The server's ratings are locked first, so games finishing at once in two processes
    are rated one after the other, each from the ratings the other left.
    """
    await db.execute(
        "SELECT pg_advisory_xact_lock($1, hashtext($2))", RATING_LOCK, str(rated_guild(record))
    )
    if await db.fetchval(numbered(standing_queries.IS_RATED), record.id) is not None:
        return
    query, values = standing_queries.known_ratings(record)
    found = await db.fetch(numbered(query), *values)
    known = {(r.board, r.user_id): r for r in map(rows.board_rating, found)}
    boards, seats = rows.rating_values(record, rater(record, known), now)
    await db.executemany(numbered(standing_queries.SAVE_RATINGS), boards)
    await db.executemany(numbered(standing_queries.SAVE_RATED_SEATS), seats)


async def _read_game(
    db: asyncpg.Pool[asyncpg.Record] | Connection, sql: str, value: int
) -> GameRecord | None:
    """One game with its players, in one query (`GAME` or `LATEST_GAME_IN`)."""
    return rows.game_record(await db.fetch(numbered(sql), value))
