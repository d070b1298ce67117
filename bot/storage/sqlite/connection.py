"""One SQLite connection living on a thread of its own, every call run whole on it.

A call hands the thread one plain function (a job), run whole in arrival order. A
transaction spanning several jobs has the connection to itself (`alone`): the jobs of
other callers wait for it to end, so nothing else runs in the middle of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from functools import partial
from queue import SimpleQueue
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

Job = Callable[[sqlite3.Connection], T]
"""Work for the database thread, given the plain `sqlite3` connection (rows by name)."""


class Runs(Protocol):
    """Runs a job on the database thread and returns what it returns."""

    def __call__(self, job: Job[T], /) -> Awaitable[T]: ...


_Queued = tuple[asyncio.Future[Any], Callable[[], Any]] | None
"""A job and the future its outcome goes to; None stops the thread."""


class Database:
    """A `sqlite3` connection and the one thread that uses it."""

    def __init__(self) -> None:
        self._jobs: SimpleQueue[_Queued] = SimpleQueue()
        self._connection: sqlite3.Connection | None = None
        self._closed = False
        self._turn = asyncio.Lock()
        """Held by each job, or by a block that has the connection alone."""
        threading.Thread(target=_serve, args=(self._jobs,), name="sqlite", daemon=True).start()

    @classmethod
    async def open(cls, path: str) -> Database:
        """Connect to the file at `path` in autocommit mode, on a new thread."""
        database = cls()
        try:
            database._connection = await database._run(partial(_connect, path))
        except BaseException:
            database._jobs.put(None)
            raise
        return database

    async def read(self, job: Job[T]) -> T:
        """Run `job` on the database thread, outside any transaction, and return what it
        returns. Jobs run in the order they are sent; only a block holding the connection
        alone (`alone`) makes them wait, so they are not queued behind each other here
        as well."""
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
        assert self._connection is not None, "the database is not open"
        return await self._run(partial(job, self._connection))

    async def close(self) -> None:
        """Close the connection once the jobs queued before, and a block holding the
        connection alone, are done, and stop the thread."""
        async with self._turn:
            await self._job(sqlite3.Connection.close)
            self._closed = True
            self._jobs.put(None)

    async def _run(self, call: Callable[[], T]) -> T:
        if self._closed:
            raise sqlite3.ProgrammingError("Cannot operate on a closed database.")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._jobs.put((future, call))
        return await future


def _serve(jobs: SimpleQueue[_Queued]) -> None:
    """The database thread: run jobs in arrival order, handing each outcome to its loop."""
    while (queued := jobs.get()) is not None:
        future, call = queued
        try:
            result = call()
        except BaseException as error:
            future.get_loop().call_soon_threadsafe(_settle, future, None, error)
        else:
            future.get_loop().call_soon_threadsafe(_settle, future, result, None)


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():  # the caller stopped waiting; the job's work stands
        return
    if error is None:
        future.set_result(result)
    else:
        future.set_exception(error)


def _connect(path: str) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=True)
    connection.row_factory = sqlite3.Row
    return connection


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
