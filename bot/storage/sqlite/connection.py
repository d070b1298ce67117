"""One SQLite connection living on a thread of its own, every call run whole on it.

A storage method hands the thread one plain function doing all its statements, so it
costs one hop between the event loop and the thread however many statements it makes,
and nothing is locked across an `await`: the single thread runs one job at a time, in
arrival order, which is what keeps transactions apart.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable
from functools import partial
from queue import SimpleQueue
from typing import Any, TypeVar

T = TypeVar("T")

Job = Callable[[sqlite3.Connection], T]
"""Work for the database thread, given the plain `sqlite3` connection (rows by name)."""

_Queued = tuple[asyncio.Future[Any], Callable[[], Any]] | None
"""A job and the future its outcome goes to; None stops the thread."""


class Database:
    """A `sqlite3` connection and the one thread that uses it."""

    def __init__(self) -> None:
        self._jobs: SimpleQueue[_Queued] = SimpleQueue()
        self._connection: sqlite3.Connection | None = None
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
        """Run `job` on the database thread and return what it returns."""
        assert self._connection is not None, "the database is not open"
        return await self._run(partial(job, self._connection))

    async def write(self, job: Job[T]) -> T:
        """Run `job` in one immediate transaction, rolled back if it raises."""
        return await self.read(partial(_in_transaction, job))

    async def close(self) -> None:
        """Close the connection once the jobs queued before are done, and stop the thread."""
        await self.read(sqlite3.Connection.close)
        self._jobs.put(None)

    async def _run(self, call: Callable[[], T]) -> T:
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


def _in_transaction(job: Job[T], db: sqlite3.Connection) -> T:
    db.execute("BEGIN IMMEDIATE")
    try:
        result = job(db)
    except BaseException:
        db.rollback()
        raise
    db.commit()
    return result
