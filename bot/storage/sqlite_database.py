"""One SQLite connection whose every call runs whole on the connection's own thread.

A storage method hands the thread one plain function doing all its statements, so it
costs one hop between the event loop and the thread however many statements it makes,
and nothing is locked across an `await`: the single thread runs one job at a time,
which is what keeps transactions apart.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from functools import partial
from typing import TypeVar, cast

import aiosqlite

T = TypeVar("T")

Job = Callable[[sqlite3.Connection], T]
"""Work for the database thread, given the plain `sqlite3` connection."""


class Database:
    """Runs jobs on an aiosqlite connection's thread, one at a time, in arrival order."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.connection = connection

    async def read(self, job: Job[T]) -> T:
        """Run `job` on the database thread and return what it returns."""
        # aiosqlite queues any callable for its thread through `_execute`; its public
        # methods each make a separate hop per statement.
        connection = self.connection
        result = await connection._execute(job, connection._conn)  # type: ignore[no-untyped-call]
        return cast(T, result)

    async def write(self, job: Job[T]) -> T:
        """Run `job` in one immediate transaction, rolled back if it raises."""
        return await self.read(partial(_in_transaction, job))


def _in_transaction(job: Job[T], db: sqlite3.Connection) -> T:
    db.execute("BEGIN IMMEDIATE")
    try:
        result = job(db)
    except BaseException:
        db.rollback()
        raise
    db.commit()
    return result
