"""One SQLite connection, every call run whole on it: at once on the event loop's thread
when it can be, else on a thread of its own.

A call is one plain function (a job). A statement on a local file takes microseconds,
and handing it to a thread and back costs more than running it (two thread switches and
a wake of the event loop), so a job runs at once, on the caller's thread, whenever the
connection is free: no job is waiting for or running on the database thread. The caller
still lets other tasks run after it, as it would while waiting for a thread. Otherwise,
or when another process holds the file's write lock (the connection does not wait for
it on the event loop), the job goes to the database thread, which runs jobs whole in
arrival order and waits out another process's lock. Every job starts by taking the write
lock (`begin`), is one statement, or (bringing the schema up to date) can be run again,
so one refused for the lock is sent again whole. A transaction spanning several jobs has
the connection to itself (`alone`): the jobs of other callers wait for it to end, so
nothing else runs in the middle of it.

A commit that grows the write-ahead log past SQLite's threshold would copy it into the
file there and then; the connection leaves that to the database thread every
`CHECKPOINT_EVERY` jobs instead, so the event loop never waits on the disk. The thread
copies the log on a second connection of its own, while jobs go on running at once; then
what they wrote meanwhile (a few pages) with the jobs waiting for it, once no transaction
held alone is open, so that the next write starts the log afresh and the log does not
grow for good.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from functools import partial
from queue import SimpleQueue
from typing import Any, Protocol, TypeVar

T = TypeVar("T")
log = logging.getLogger(__name__)

Job = Callable[[sqlite3.Connection], T]
"""Work for the connection, given the plain `sqlite3` connection (rows by name)."""


class Runs(Protocol):
    """Runs a job on the database thread and returns what it returns."""

    def __call__(self, job: Job[T], /) -> Awaitable[T]: ...


_Settle = Callable[[asyncio.Future[Any], Any, BaseException | None], None]
_Queued = tuple[asyncio.Future[Any], Callable[[], Any], _Settle] | None
"""A job, the future its outcome goes to and what hands it over on the future's loop;
None stops the thread."""

LOCK_PATIENCE_MS = 5000
"""How long a job on the database thread waits for another process's write lock."""
CHECKPOINT_EVERY = 500
"""Jobs after which the database thread copies the write-ahead log into the file (a
move's few jobs add a few pages each: about SQLite's own threshold of 1000 pages)."""


class Database:
    """A `sqlite3` connection, and the thread that runs the jobs that cannot run at once."""

    def __init__(self) -> None:
        self._jobs: SimpleQueue[_Queued] = SimpleQueue()
        self._connection: sqlite3.Connection | None = None
        self._checkpointer: sqlite3.Connection | None = None
        """The database thread's own connection, which copies the log into the file."""
        self._closed = False
        self._turn = asyncio.Lock()
        """Held by a block that has the connection alone."""
        self._on_thread = 0
        """Jobs handed to the database thread and not yet settled."""
        self._jobs_done = 0
        """Jobs since the write-ahead log was last copied into the file."""
        self._copying: asyncio.Future[None] | None = None
        """The last copy of the log beside the jobs."""
        self._copying_rest: asyncio.Future[None] | None = None
        """The copy of the rest of the log, waiting for the connection's turn."""
        self._rest_copied: asyncio.Future[None] | None = None
        """The copy of the rest of the log, on the database thread."""
        threading.Thread(target=_serve, args=(self._jobs,), name="sqlite", daemon=True).start()

    @classmethod
    async def open(cls, path: str) -> Database:
        """Connect to the file at `path` in autocommit mode, on a new thread."""
        database = cls()
        try:
            database._connection = await database._send(partial(_connect, path))
            database._checkpointer = await database._send(partial(_connect, path))
        except BaseException:
            if database._connection is not None:
                database._connection.close()
            database._jobs.put(None)
            raise
        return database

    async def read(self, job: Job[T]) -> T:
        """Run `job` outside any transaction and return what it returns. Jobs run in the
        order they are sent; only a block holding the connection alone (`alone`) makes
        them wait, so they are not queued behind each other here as well."""
        if not self._turn.locked():
            return await self._job(job)
        async with self._turn:
            return await self._job(job)

    async def write(self, job: Job[T]) -> T:
        """Run `job` in one immediate transaction, rolled back if it raises."""
        return await self.read(partial(_in_transaction, job))

    @contextlib.asynccontextmanager
    async def alone(self) -> AsyncIterator[Runs]:
        """The connection for the block alone, given what runs jobs on it: the jobs of
        others wait until the block ends (a transaction spanning several jobs)."""
        async with self._turn:
            yield self._job

    async def _job(self, job: Job[T]) -> T:
        connection = self._connection
        assert connection is not None, "the database is not open"
        self._jobs_done += 1
        if self._jobs_done >= CHECKPOINT_EVERY:
            self._jobs_done = 0
            copied = self._copying = self._queue(
                partial(_copy_log, self._checkpointer), _settle_aside
            )
            copied.add_done_callback(self._copy_rest)
        if not self._on_thread:
            try:
                result = job(connection)
            except sqlite3.OperationalError as error:
                if error.sqlite_errorcode & 0xFF != sqlite3.SQLITE_BUSY:
                    raise
            else:
                await asyncio.sleep(0)
                return result
        return await self._send(partial(_patiently, job, connection))

    async def close(self) -> None:
        """Close the connection once the jobs queued before, and a block holding the
        connection alone, are done, and stop the thread."""
        async with self._turn:
            assert self._connection is not None, "the database is not open"
            assert self._checkpointer is not None
            closed = self._send(partial(_close, self._connection, self._checkpointer))
            self._closed = True
            self._jobs.put(None)
            await closed

    def _send(self, call: Callable[[], T]) -> asyncio.Future[T]:
        """Hand a call on the connection to the database thread; the future of its
        outcome. Until it is settled, jobs wait for the thread rather than run at once."""
        future = self._queue(call, self._settle)
        self._on_thread += 1
        return future

    def _queue(self, call: Callable[[], T], settle: _Settle) -> asyncio.Future[T]:
        """Put a call in the database thread's queue, its outcome handed over by `settle`."""
        if self._closed:
            raise sqlite3.ProgrammingError("Cannot operate on a closed database.")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._jobs.put((future, call, settle))
        return future

    def _copy_rest(self, copied: asyncio.Future[None]) -> None:
        """Once the log was copied beside the jobs, copy what they wrote meanwhile with the
        jobs waiting on the database thread (see the module's docstring)."""
        _log_failure(copied)
        self._copying_rest = asyncio.ensure_future(self._copy_rest_in_turn())

    async def _copy_rest_in_turn(self) -> None:
        """Copy the rest of the log once no block has the connection alone: a copy cannot
        run in the middle of its transaction."""
        async with self._turn:
            if not self._closed:
                self._rest_copied = self._send(partial(_copy_log, self._connection))
                self._rest_copied.add_done_callback(_log_failure)

    async def log_copied(self) -> None:
        """Wait for the copies of the write-ahead log started so far: the one beside the
        jobs, then the one of the rest it starts (their failures are logged)."""
        if self._copying is not None:
            await asyncio.wait([self._copying])
        if self._copying_rest is not None:  # set once the copy beside the jobs ended
            await asyncio.wait([self._copying_rest])
        if self._rest_copied is not None:
            await asyncio.wait([self._rest_copied])

    def _settle(
        self, future: asyncio.Future[Any], result: Any, error: BaseException | None
    ) -> None:
        """Hand a job's outcome over, once the database thread is done with it."""
        self._on_thread -= 1
        _settle_aside(future, result, error)


def _settle_aside(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    """Hand over the outcome of a call the database thread ran beside the connection's
    jobs (a checkpoint)."""
    if future.done():  # the caller stopped waiting; the job's work stands
        return
    if error is None:
        future.set_result(result)
    else:
        future.set_exception(error)


def _serve(jobs: SimpleQueue[_Queued]) -> None:
    """The database thread: run jobs in arrival order, handing each outcome to its loop."""
    while (queued := jobs.get()) is not None:
        future, call, settle = queued
        try:
            result = call()
        except BaseException as error:
            future.get_loop().call_soon_threadsafe(settle, future, None, error)
        else:
            future.get_loop().call_soon_threadsafe(settle, future, result, None)


def _connect(path: str) -> sqlite3.Connection:
    """The connection, used by one thread at a time: the event loop's or the database's.
    It does not wait for another process's write lock (see `_patiently`) and leaves
    copying the write-ahead log into the file to `_copy_log`."""
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=0)
    connection.row_factory = sqlite3.Row
    connection.execute("PRAGMA wal_autocheckpoint = 0")
    return connection


def _patiently(job: Job[T], db: sqlite3.Connection) -> T:
    """Run a job on the database thread, waiting for another process's write lock."""
    db.execute(f"PRAGMA busy_timeout = {LOCK_PATIENCE_MS}")
    try:
        return job(db)
    finally:
        db.execute("PRAGMA busy_timeout = 0")


def _copy_log(db: sqlite3.Connection | None) -> None:
    """Copy what it can of the write-ahead log into the file, waiting for no lock."""
    assert db is not None, "the database is not open"
    db.execute("PRAGMA wal_checkpoint(PASSIVE)")


def _close(*connections: sqlite3.Connection) -> None:
    for connection in connections:
        connection.close()


def _log_failure(done: asyncio.Future[Any]) -> None:
    if not done.cancelled() and done.exception() is not None:
        log.warning("could not copy the write-ahead log into the file: %s", done.exception())


def begin(db: sqlite3.Connection) -> None:
    """Start an immediate transaction: it holds the file's write lock from the start."""
    db.execute("BEGIN IMMEDIATE")


def _in_transaction(job: Job[T], db: sqlite3.Connection) -> T:
    begin(db)
    try:
        result = job(db)
        db.commit()
    except BaseException:
        db.rollback()
        raise
    return result
