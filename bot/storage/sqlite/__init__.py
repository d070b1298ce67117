"""The SQLite backend: one WAL-mode file, each call one job on its connection."""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from bot.storage.migrations import migrations
from bot.storage.queries import SQLITE, Transaction
from bot.storage.sql_storage import SqlStorage
from bot.storage.sqlite.connection import Database, Job, Runs, begin
from bot.storage.standings import Rater

T = TypeVar("T")


_LISTENERS: dict[tuple[str, str], list[Callable[[], None]]] = {}
"""What each storage of this process listens to, by file and channel."""


class SqliteRunner:
    """Runs the shared SQL, each statement a job of its own on the connection, or several
    in one transaction."""

    dialect = SQLITE

    def __init__(self, database: Database, path: str) -> None:
        self._database = database
        self._path = path
        self._lock_file: int | None = None
        self._listening: list[tuple[str, Callable[[], None]]] = []

    async def fetch(self, sql: str, *values: Any) -> list[sqlite3.Row]:
        return await self._database.read(partial(_fetch_all, sql=sql, values=values))

    async def execute(self, sql: str, *values: Any) -> int:
        return await self._database.write(partial(_execute_many, sql=sql, rows=[values]))

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """No rows, no transaction."""
        if rows:
            await self._database.write(partial(_execute_many, sql=sql, rows=rows))

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        async with contextlib.AsyncExitStack() as stack:
            transaction = SqliteTransaction(self._database, stack)
            try:
                yield transaction
                await transaction.commit()
            except BaseException:
                await transaction.roll_back()
                raise

    async def hold_lock(self, key: int, name: str) -> bool:
        """A SQLite file serves one process, so whatever the lock's name, it is the file's:
        an exclusive lock on a file beside it, which the system frees when the process
        ends."""
        if self._lock_file is not None or self._path == ":memory:":
            return True
        lock_file = os.open(f"{self._path}.lock", os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(lock_file)
            return False
        self._lock_file = lock_file
        return True

    async def lock_free(self, key: int, name: str) -> bool:
        """False: a SQLite file serves one process, so no other slot's work is left to it
        by a process that died (the next process of the file takes up the file's)."""
        return False

    def steady(self) -> bool:
        """True: the file's lock is this process's until it lets go of it."""
        return True

    async def notify(self, channel: str) -> None:
        """Tell the listeners on the same file in this process: a SQLite file serves one
        process, where each storage opened on it hears the others."""
        for heard in list(_LISTENERS.get((self._path, channel), ())):
            heard()

    async def listen(self, channel: str, heard: Callable[[], None]) -> None:
        _LISTENERS.setdefault((self._path, channel), []).append(heard)
        self._listening.append((channel, heard))

    def release_locks(self) -> None:
        """Let go of the file's lock, and stop listening."""
        for channel, heard in self._listening:
            _LISTENERS[(self._path, channel)].remove(heard)
        self._listening.clear()
        if self._lock_file is not None:
            os.close(self._lock_file)
            self._lock_file = None


class SqliteTransaction:
    """The statements of one immediate transaction. What needs no answer (its start, and
    changes made by `execute_many`) is held back and sent with the next statement or the
    commit, so a transaction takes few trips to the database thread.

    A transaction sent whole with its commit is one job, which nothing can come between:
    it runs as any other job does. Only one that needs an answer before its commit has
    the connection to itself from then on (`Database.alone`, held until `stack` closes),
    so that no other job runs in the middle of it."""

    dialect = SQLITE

    def __init__(self, database: Database, stack: contextlib.AsyncExitStack) -> None:
        self._database = database
        self._stack = stack
        self._run: Runs | None = None
        self._held: list[Job[object]] = [begin]

    async def fetch(self, sql: str, *values: Any) -> list[sqlite3.Row]:
        return await self._send(partial(_fetch_all, sql=sql, values=values))

    async def execute(self, sql: str, *values: Any) -> int:
        return await self._send(partial(_execute_many, sql=sql, rows=[values]))

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._held.append(partial(_execute_many, sql=sql, rows=rows))

    async def change_one(self, sql: str, *values: Any, failing: Exception) -> None:
        self._held.append(partial(_change_one, sql=sql, values=values, failing=failing))

    async def lock(self, key: int, name: str) -> None:
        """Nothing to do: SQLite runs one write transaction at a time."""

    async def commit(self) -> None:
        if self._run is None:
            held, self._held = self._held, []
            await self._database.read(partial(_whole, held))
        else:
            await self._send(sqlite3.Connection.commit)

    async def roll_back(self) -> None:
        """Roll back what was sent (a transaction sent whole rolled itself back)."""
        if self._run is not None:
            await self._run(sqlite3.Connection.rollback)

    async def _send(self, job: Job[T]) -> T:
        if self._run is None:
            self._run = await self._stack.enter_async_context(self._database.alone())
        held, self._held = self._held, []
        return await self._run(partial(_after, held, job))


class SqliteStorage(SqlStorage):
    """Games, players and the move log in one SQLite file."""

    def __init__(self, database: Database, path: str, rater: Rater | None) -> None:
        self._database = database
        self._runner = SqliteRunner(database, path)
        super().__init__(self._runner, rater)

    @classmethod
    async def open(cls, path: str, *, rater: Rater | None) -> SqliteStorage:
        """Open (creating it and its folder if needed) the database file, bring its schema
        up to date and check that it can be written: OSError when the folder cannot be
        made, sqlite3.Error when the file cannot be used.

        Games saved as finished are rated by `rater`; without one they are left unrated.
        """
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        database = await Database.open(path)
        try:
            await database.read(_prepare)
        except BaseException:
            await database.close()
            raise
        return cls(database, path, rater)

    async def close(self) -> None:
        await self._database.close()
        self._runner.release_locks()

    async def read_rows(
        self, table: str, columns: Sequence[str], batch: int
    ) -> AsyncIterator[list[tuple[Any, ...]]]:
        cursor = await self._database.read(
            partial(_execute, sql=f"SELECT {', '.join(columns)} FROM {table} ORDER BY 1")
        )
        while found := await self._database.read(partial(_fetch_more, cursor=cursor, size=batch)):
            yield found

    async def write_rows(
        self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
    ) -> None:
        marks = ", ".join("?" * len(columns))
        await self._run.execute_many(
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows
        )

    async def rows_written(self) -> None:
        """Nothing to do: SQLite moves a table's next id past any id written."""


def _prepare(db: sqlite3.Connection) -> None:
    """Set the connection up and apply the migrations it lacks, each in a transaction."""
    for pragma in (
        "journal_mode = WAL",
        "synchronous = NORMAL",
        "foreign_keys = ON",
    ):
        db.execute(f"PRAGMA {pragma}")
    db.execute(
        "CREATE TABLE IF NOT EXISTS migrations (number INTEGER PRIMARY KEY, applied_at REAL)"
    )
    (current,) = db.execute("SELECT coalesce(max(number), 0) FROM migrations").fetchone()
    for number, script in migrations(SQLITE):
        if number > current:
            db.executescript(
                f"BEGIN IMMEDIATE; {script}; "
                f"INSERT INTO migrations VALUES ({number}, {time.time()}); COMMIT;"
            )
    _check_writable(db)


def _check_writable(db: sqlite3.Connection) -> None:
    """Write and roll back, so that a file that cannot be written fails now, not at a move."""
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute("CREATE TABLE write_check (x)")
    finally:
        db.execute("ROLLBACK")


def _after(held: Sequence[Job[object]], job: Job[T], db: sqlite3.Connection) -> T:
    """Run the `held` jobs, then `job`, returning what `job` returns."""
    for earlier in held:
        earlier(db)
    return job(db)


def _whole(held: Sequence[Job[object]], db: sqlite3.Connection) -> None:
    """Run the `held` jobs of a transaction (its start first) and commit them, or roll
    them back if one raises."""
    try:
        for job in held:
            job(db)
        db.commit()
    except BaseException:
        if db.in_transaction:
            db.rollback()
        raise


def _execute(db: sqlite3.Connection, sql: str) -> sqlite3.Cursor:
    return db.execute(sql)


def _fetch_more(db: sqlite3.Connection, cursor: sqlite3.Cursor, size: int) -> list[tuple[Any, ...]]:
    return [tuple(row) for row in cursor.fetchmany(size)]


def _fetch_all(db: sqlite3.Connection, sql: str, values: Sequence[Any]) -> list[sqlite3.Row]:
    return db.execute(sql, values).fetchall()


def _change_one(
    db: sqlite3.Connection, sql: str, values: Sequence[Any], failing: Exception
) -> None:
    if db.execute(sql, values).rowcount != 1:
        raise failing


def _execute_many(db: sqlite3.Connection, sql: str, rows: Sequence[Sequence[Any]]) -> int:
    """Run one statement over every row of values; the number of rows it changed."""
    return db.executemany(sql, rows).rowcount
