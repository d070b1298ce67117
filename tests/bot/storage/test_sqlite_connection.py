"""The SQLite connection: jobs run at once on the event loop while it is free, and on the
database thread, in order, while another process holds the file's write lock."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest

from bot.storage.sqlite.connection import CHECKPOINT_EVERY, Database


@pytest.fixture
async def database(tmp_path: Path) -> AsyncIterator[Database]:
    opened = await Database.open(str(tmp_path / "games.sqlite3"))
    await opened.read(lambda db: db.execute("PRAGMA journal_mode = WAL"))
    await opened.write(lambda db: db.execute("CREATE TABLE moves (text TEXT)"))
    yield opened
    await opened.close()


@contextmanager
def locked_by_another_process(path: Path) -> Iterator[sqlite3.Connection]:
    """The file's write lock, held by a connection of its own until the block ends."""
    with closing(sqlite3.connect(path, isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")
        other.execute("INSERT INTO moves VALUES ('theirs')")
        yield other
        other.execute("COMMIT")


def written(database: Database, text: str) -> asyncio.Future[object]:
    """A move written as a task of its own."""
    return asyncio.ensure_future(
        database.write(lambda db: db.execute("INSERT INTO moves VALUES (?)", (text,)))
    )


def moves(db: sqlite3.Connection) -> list[str]:
    return [row[0] for row in db.execute("SELECT text FROM moves ORDER BY rowid")]


async def test_a_job_runs_on_the_callers_thread_while_the_connection_is_free(
    database: Database,
) -> None:
    ran_on = await database.read(lambda db: threading.current_thread())
    assert ran_on is threading.current_thread()


async def test_a_write_waits_for_another_process_lock_without_holding_up_the_loop(
    database: Database, tmp_path: Path
) -> None:
    with locked_by_another_process(tmp_path / "games.sqlite3"):
        writing = written(database, "ours")
        started = time.monotonic()
        await asyncio.sleep(0.3)
        assert time.monotonic() - started < 1.0, "the event loop waited on the lock"
        assert not writing.done()
    await asyncio.wait_for(writing, 5)
    assert await database.read(moves) == ["theirs", "ours"]


async def test_jobs_sent_while_one_waits_for_the_lock_run_after_it_in_order(
    database: Database, tmp_path: Path
) -> None:
    with locked_by_another_process(tmp_path / "games.sqlite3"):
        first = written(database, "first")
        await asyncio.sleep(0.05)
        reading = asyncio.ensure_future(database.read(moves))
        await asyncio.sleep(0.05)
        assert not reading.done()
    await asyncio.wait_for(first, 5)
    assert await asyncio.wait_for(reading, 5) == ["theirs", "first"]


async def test_closing_waits_for_the_jobs_on_the_database_thread(tmp_path: Path) -> None:
    database = await Database.open(str(tmp_path / "games.sqlite3"))
    await database.write(lambda db: db.execute("CREATE TABLE moves (text TEXT)"))
    with locked_by_another_process(tmp_path / "games.sqlite3"):
        writing = written(database, "last")
        await asyncio.sleep(0.05)
        closing_it = asyncio.ensure_future(database.close())
        await asyncio.sleep(0.05)
        assert not closing_it.done()
    await asyncio.wait_for(asyncio.gather(writing, closing_it), 5)
    with closing(sqlite3.connect(tmp_path / "games.sqlite3")) as other:
        assert moves(other) == ["theirs", "last"]


async def test_the_write_ahead_log_is_copied_into_the_file_as_it_grows(
    database: Database, tmp_path: Path
) -> None:
    writes = 3 * CHECKPOINT_EVERY
    for number in range(writes):
        await database.write(
            lambda db, number=number: db.execute("INSERT INTO moves VALUES (?)", (str(number),))
        )
        await database.log_copied()
    await database.read(moves)
    with closing(sqlite3.connect(tmp_path / "games.sqlite3")) as other:
        busy, frames, copied = other.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    assert busy == 0
    assert frames < CHECKPOINT_EVERY * 2, "the log was never copied: every write still in it"
    assert copied == frames


async def test_the_log_is_copied_after_a_transaction_held_alone_not_in_its_middle(
    database: Database, caplog: pytest.LogCaptureFixture
) -> None:
    for number in range(CHECKPOINT_EVERY - 2):
        await database.write(
            lambda db, number=number: db.execute("INSERT INTO moves VALUES (?)", (str(number),))
        )
    async with database.alone() as run:
        await run(lambda db: db.execute("BEGIN IMMEDIATE"))
        await run(lambda db: db.execute("INSERT INTO moves VALUES ('inside')"))
        await asyncio.sleep(0.2)
        await run(lambda db: db.execute("COMMIT"))
    assert (await database.read(moves))[-1] == "inside"
    await asyncio.sleep(0.2)
    assert "could not copy" not in caplog.text
