"""The PostgreSQL backend: a pool of asyncpg connections, for any number of bot processes
sharing one database.

A game's save takes the game row's lock with its version check, so of two racing saves
one applies and the other, seeing the version moved, raises StaleGame. Migrations run
under an advisory lock, so processes starting together apply each one once.

The pool makes its connections again as they are lost. The runner's own connection, which
holds the process's slot lock and listens for the other processes, is watched: when the
server restarts (or the connection is cut), it is made again within seconds of the server
answering, the locks it held are taken back and its listening resumed, each listener
called once for what it may have missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable, Sequence
from functools import cache
from typing import Any, TypeAlias

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.storage.migrations import migrations
from bot.storage.queries import POSTGRES, Transaction
from bot.storage.sql_storage import SqlStorage
from bot.storage.standings import Rater
from bot.tasks import cancel_and_wait

log = logging.getLogger(__name__)

MIGRATION_LOCK = (0x5059, 1)
"""The advisory lock (two int keys) held while migrating."""
POOL_SIZE = 10
CLOSE_WITHIN = 5.0
CONNECT_WITHIN = 5.0
"""Seconds a connection has to be made."""
"""Seconds a connection has to close gracefully when the storage closes."""
WATCH_EVERY = 1.0
"""Seconds between two looks at the runner's own connection."""
RECONNECT_EVERY = 0.5
"""Seconds between two tries to connect again while the server does not answer."""
STEADY_AFTER = 8.0
"""Seconds after its own connection was made again before the runner is steady: every
other process has had the time to take its locks back too (see `PostgresRunner.steady`)."""
KEEPALIVES = {
    "tcp_keepalives_idle": "10",
    "tcp_keepalives_interval": "5",
    "tcp_keepalives_count": "3",
}
"""The server's probes of an idle connection: after 10 s, then every 5 s, 3 unanswered
ending it."""

Connection: TypeAlias = "PoolConnectionProxy[asyncpg.Record]"
"""A connection lent by the pool."""


@cache
def numbered(sql: str) -> str:
    """`sql` with its `?` placeholders numbered the way PostgreSQL wants: $1, $2..."""
    parts = sql.split("?")
    return parts[0] + "".join(f"${n}{part}" for n, part in enumerate(parts[1:], 1))


class PostgresStatements:
    """Runs the shared SQL on the pool (each statement on its own) or on one connection."""

    dialect = POSTGRES

    def __init__(self, db: asyncpg.Pool[asyncpg.Record] | Connection) -> None:
        self._db = db

    async def fetch(self, sql: str, *values: Any) -> list[asyncpg.Record]:
        return await self._db.fetch(numbered(sql), *values)

    async def execute(self, sql: str, *values: Any) -> int:
        return changed(await self._db.execute(numbered(sql), *values))

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._db.executemany(numbered(sql), rows)

    async def change_one(self, sql: str, *values: Any, failing: Exception) -> None:
        if changed(await self._db.execute(numbered(sql), *values)) != 1:
            raise failing

    async def lock(self, key: int, name: str) -> None:
        """Take the transaction-level advisory lock on `key` and a hash of `name`."""
        await self._db.execute("SELECT pg_advisory_xact_lock($1, hashtext($2))", key, name)


class PostgresRunner(PostgresStatements):
    """Runs each statement on a pooled connection, or several in one transaction."""

    def __init__(self, pool: asyncpg.Pool[asyncpg.Record], url: str) -> None:
        super().__init__(pool)
        self._pool = pool
        self._url = url
        self._own: asyncpg.Connection[asyncpg.Record] | None = None
        """A connection of the runner's own, holding its locks and listening, once needed."""
        self._using_own = asyncio.Lock()
        self._held: list[tuple[int, str]] = []
        self._listening: list[tuple[str, Callable[[], None]]] = []
        self._watch: asyncio.Task[None] | None = None
        self._made_again_at: float | None = None
        """When (event-loop time) the own connection was last made again after a loss."""

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        async with self._pool.acquire() as connection, connection.transaction():
            yield PostgresStatements(connection)

    async def hold_lock(self, key: int, name: str) -> bool:
        """An advisory lock of a connection of its own, kept open until the runner is
        closed (and taken back when that connection is made again): the server frees it
        when that connection ends, as it does when the process dies."""
        async with self._own_connection() as own:
            held = bool(await own.fetchval(TRY_LOCK, key, name))
        if held:
            self._held.append((key, name))
        return held

    async def lock_free(self, key: int, name: str) -> bool:
        """Read from the server's table of locks: nothing is taken, nothing waits."""
        held = await self._pool.fetchval(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted "
            "AND classid = $1::bigint::oid AND objid = hashtext($2)::oid AND objsubid = 2",
            key,
            name,
        )
        return bool(held == 0)

    def steady(self) -> bool:
        """Whether the own connection has held its locks without a break for long enough
        that every live process has taken its own back after a restart of the server
        (`STEADY_AFTER`): until then a free lock may be a live process's still."""
        made_again = self._made_again_at
        return made_again is None or asyncio.get_running_loop().time() >= made_again + STEADY_AFTER

    async def notify(self, channel: str) -> None:
        await self._pool.execute("SELECT pg_notify($1, '')", channel)

    async def listen(self, channel: str, heard: Callable[[], None]) -> None:
        async with self._own_connection() as own:
            await own.add_listener(channel, _caller(heard))
        self._listening.append((channel, heard))

    async def release_locks(self) -> None:
        """Close the runner's own connection, freeing its locks and ending its listening."""
        watch, self._watch = self._watch, None
        if watch is not None:
            await cancel_and_wait(watch)
        self._held.clear()
        self._listening.clear()
        if self._own is not None:
            own, self._own = self._own, None
            with contextlib.suppress(TimeoutError):  # cut, having had its time
                await own.close(timeout=CLOSE_WITHIN)

    @contextlib.asynccontextmanager
    async def _own_connection(self) -> AsyncIterator[asyncpg.Connection[asyncpg.Record]]:
        """The runner's own connection for the block, made on first use and watched from
        then on. The server probes it when idle, so that it finds it gone (freeing its
        locks) within half a minute of this process's machine stopping without a word."""
        async with self._using_own:
            if self._own is None:
                self._own = await _connect(self._url)
                self._watch = asyncio.create_task(self._watched(), name="database watch")
            yield self._own

    async def _watched(self) -> None:
        """Look at the own connection every `WATCH_EVERY` seconds; make it again, with its
        locks and listening, once it is lost."""
        while True:
            await asyncio.sleep(WATCH_EVERY)
            async with self._using_own:
                if await _answers(self._own):
                    continue
                log.warning("the connection holding this process's locks was lost")
                if self._own is not None:
                    self._own.terminate()
                self._own = await self._made_again()

    async def _made_again(self) -> asyncpg.Connection[asyncpg.Record]:
        """The own connection made again (as soon as the server answers), holding the
        locks it held and listening as it did; each listener is called once."""
        while True:
            try:
                own = await _connect(self._url)
                break
            except LOST:
                await asyncio.sleep(RECONNECT_EVERY)
        for key, name in self._held:
            if not await own.fetchval(TRY_LOCK, key, name):
                log.warning(
                    "another process took the lock %s (%s) while the database was away", name, key
                )
        for channel, heard in self._listening:
            await own.add_listener(channel, _caller(heard))
        self._made_again_at = asyncio.get_running_loop().time()
        log.info(
            "the database answers again: %d locks and %d channels taken back",
            len(self._held),
            len(self._listening),
        )
        for _, heard in self._listening:
            heard()
        return own


TRY_LOCK = "SELECT pg_try_advisory_lock($1, hashtext($2))"
LOST = (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError)
"""What a connection to a server that went away (or is not back yet) raises."""


async def _connect(url: str) -> asyncpg.Connection[asyncpg.Record]:
    return await asyncpg.connect(url, server_settings=KEEPALIVES, timeout=CONNECT_WITHIN)


async def _answers(own: asyncpg.Connection[asyncpg.Record] | None) -> bool:
    """Whether the connection is open and answers within `WATCH_EVERY` seconds."""
    if own is None or own.is_closed():
        return False
    try:
        await asyncio.wait_for(own.fetchval("SELECT 1"), WATCH_EVERY)
    except LOST:
        return False
    return True


def _caller(heard: Callable[[], None]) -> Callable[..., None]:
    """An asyncpg listener calling `heard` (asyncpg passes what `heard` does not need)."""
    return lambda *_: heard()


class PostgresStorage(SqlStorage):
    """Games, players and the move log in a PostgreSQL database."""

    def __init__(self, pool: asyncpg.Pool[asyncpg.Record], url: str, rater: Rater | None) -> None:
        self._pool = pool
        self._runner = PostgresRunner(pool, url)
        super().__init__(self._runner, rater)

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
        return cls(pool, url, rater)

    async def close(self) -> None:
        """Close every connection, cutting those still busy after `CLOSE_WITHIN` seconds."""
        await self._runner.release_locks()
        try:
            await asyncio.wait_for(self._pool.close(), CLOSE_WITHIN)  # cut when cancelled
        except TimeoutError:
            log.warning("database connections still busy after %s s were cut", CLOSE_WITHIN)

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

    async def rows_written(self) -> None:
        """Move the next ids of the tables with ids of their own past every id written."""
        for table in ("games", "actions", "tournaments", "pairings", "unsaid_posts"):
            await self._pool.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"coalesce(max(id), 0) + 1, false) FROM {table}"
            )


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
        current = await db.fetchval("SELECT coalesce(max(number), 0) FROM migrations")
        for number, script in migrations(POSTGRES):
            if number > current:
                async with db.transaction():
                    await db.execute(script)
                    await db.execute("INSERT INTO migrations VALUES ($1, $2)", number, time.time())
    finally:
        await db.execute("SELECT pg_advisory_unlock($1, $2)", *MIGRATION_LOCK)
