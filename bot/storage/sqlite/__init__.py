"""The SQLite backend: one WAL-mode file, each call one job on the connection's thread."""

from __future__ import annotations

import dataclasses
import sqlite3
import time
from collections.abc import AsyncIterator, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from bot.storage import rows, standing_queries
from bot.storage.queries import (
    EXPIRE_CHALLENGES,
    GAME,
    INSERT_ANNOUNCEMENT,
    LATEST_GAME_IN,
    OPEN_GAME_IN,
    SQLITE,
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
from bot.storage.sqlite.connection import Database
from bot.storage.sqlite.migrations import MIGRATIONS
from bot.storage.standings import Rater


class SqliteRunner:
    """Runs the shared SQL, each statement one job on the database thread."""

    dialect = SQLITE

    def __init__(self, database: Database) -> None:
        self._database = database

    async def fetch(self, sql: str, *values: Any) -> list[sqlite3.Row]:
        return await self._database.read(partial(_fetch_all, sql=sql, values=values))

    async def execute(self, sql: str, *values: Any) -> int:
        return await self._database.write(partial(_execute_many, sql=sql, rows=[values]))

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._database.write(partial(_execute_many, sql=sql, rows=rows))


class SqliteStorage(SharedTables):
    """Games, players and the move log in one SQLite file."""

    def __init__(self, database: Database, rater: Rater | None) -> None:
        self._database = database
        self._rater = rater
        super().__init__(SqliteRunner(database))

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
        return cls(database, rater)

    async def close(self) -> None:
        await self._database.close()

    async def schema_version(self) -> int:
        return await self._database.read(_schema_version)

    async def create_game(self, draft: GameDraft, now: float) -> GameRecord:
        return await self._database.write(partial(_create_game, draft=draft, now=now))

    async def game(self, game_id: int) -> GameRecord | None:
        return await self._database.read(partial(_read_game, sql=GAME, value=game_id))

    async def latest_game_in(self, place_id: int) -> GameRecord | None:
        return await self._database.read(partial(_read_game, sql=LATEST_GAME_IN, value=place_id))

    async def actions(self, game_id: int) -> list[Action]:
        return await self._database.read(partial(_actions, game_id=game_id))

    async def save(
        self,
        record: GameRecord,
        now: float,
        actions: Sequence[Action] = (),
        take_back: int = 0,
        announcement: Announcement | None = None,
    ) -> GameRecord:
        return await self._database.write(
            partial(
                _save,
                record=record,
                now=now,
                actions=actions,
                take_back=take_back,
                announcement=announcement,
                rater=self._rater,
            )
        )

    async def set_message(self, game_id: int, message_id: int) -> None:
        await self._database.write(partial(_set_message, game_id=game_id, message_id=message_id))

    async def set_offer_message(self, game_id: int, kind: str, message_id: int) -> bool:
        return await self._database.write(
            partial(_set_offer_message, game_id=game_id, kind=kind, message_id=message_id)
        )

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
        await self._database.write(
            partial(
                _execute_many,
                sql=f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",
                rows=rows,
            )
        )

    async def count_rows(self, table: str) -> int:
        found = await self._database.read(
            partial(_fetch_all, sql=f"SELECT count(*) AS n FROM {table}", values=())
        )
        return int(found[0]["n"])

    async def rows_written(self) -> None:
        """Nothing to do: SQLite moves a table's next id past any id written."""


def _prepare(db: sqlite3.Connection) -> None:
    """Set the connection up and apply the migrations it lacks, each in a transaction."""
    for pragma in (
        "journal_mode = WAL",
        "synchronous = NORMAL",
        "foreign_keys = ON",
        "busy_timeout = 5000",
    ):
        db.execute(f"PRAGMA {pragma}")
    db.execute(
        "CREATE TABLE IF NOT EXISTS migrations (number INTEGER PRIMARY KEY, applied_at REAL)"
    )
    current = _schema_version(db)
    for number, script in MIGRATIONS:
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


def _schema_version(db: sqlite3.Connection) -> int:
    (number,) = db.execute("SELECT max(number) FROM migrations").fetchone()
    return int(number or 0)


def _create_game(db: sqlite3.Connection, draft: GameDraft, now: float) -> GameRecord:
    place = draft.place_id
    db.execute(EXPIRE_CHALLENGES, (now, place, now))
    busy = db.execute(OPEN_GAME_IN, (place,)).fetchone()
    if busy is not None:
        raise ChannelBusy(int(busy["id"]))
    marks = ", ".join("?" * len(rows.NEW_GAME_COLUMNS))
    cursor = db.execute(
        f"INSERT INTO games ({', '.join(rows.NEW_GAME_COLUMNS)}) VALUES ({marks})",
        rows.new_game_values(draft, now),
    )
    game_id = cursor.lastrowid
    assert game_id is not None
    db.executemany(
        "INSERT INTO players (game_id, seat, user_id, name, accepted) VALUES (?, ?, ?, ?, ?)",
        [rows.seat_values(game_id, seat) for seat in draft.players],
    )
    record = _read_game(db, GAME, game_id)
    assert record is not None
    return record


def _actions(db: sqlite3.Connection, game_id: int) -> list[Action]:
    found = db.execute(
        f"SELECT {', '.join(rows.ACTION_COLUMNS)} FROM actions "
        "WHERE game_id = ? AND taken_back = 0 ORDER BY id",
        (game_id,),
    )
    return [rows.action(row) for row in found]


def _save(
    db: sqlite3.Connection,
    record: GameRecord,
    now: float,
    actions: Sequence[Action],
    take_back: int,
    announcement: Announcement | None,
    rater: Rater | None,
) -> GameRecord:
    """Write a changed game if it is still at its version; StaleGame when it is not."""
    changes = ", ".join(f"{column} = ?" for column in rows.SAVED_GAME_COLUMNS)
    cursor = db.execute(
        f"UPDATE games SET version = version + 1, {changes} WHERE id = ? AND version = ?",
        (*rows.saved_game_values(record, now), record.id, record.version),
    )
    if cursor.rowcount != 1:
        raise StaleGame(f"game {record.id} is no longer at version {record.version}")
    db.executemany(
        "UPDATE players SET accepted = ?, rank = ? WHERE game_id = ? AND seat = ?",
        rows.seat_changes(record),
    )
    if take_back:
        db.execute(
            "UPDATE actions SET taken_back = 1 WHERE id IN (SELECT id FROM actions "
            "WHERE game_id = ? AND taken_back = 0 ORDER BY id DESC LIMIT ?)",
            (record.id, take_back),
        )
    if actions:
        db.executemany(
            "INSERT INTO actions (game_id, action, seat, user_id, created_at) "
            "VALUES (?, ?, ?, ?, ?)",
            rows.action_values(record.id, actions, now),
        )
    if announcement is not None:
        db.execute(INSERT_ANNOUNCEMENT, rows.announcement_values(announcement, now))
    if rater is not None and record.status is Status.FINISHED:
        _rate_finished_game(db, record, now, rater)
    return dataclasses.replace(record, version=record.version + 1, updated_at=now)


def _rate_finished_game(
    db: sqlite3.Connection, record: GameRecord, now: float, rater: Rater
) -> None:
    """Rate a finished game once, inside the transaction that saves it, so the result and
    the ratings are written together or not at all; a game already rated is left alone."""
    if db.execute(standing_queries.IS_RATED, (record.id,)).fetchone() is not None:
        return
    query, values = standing_queries.known_ratings(record)
    known = {(r.board, r.user_id): r for r in map(rows.board_rating, db.execute(query, values))}
    boards, seats = rows.rating_values(record, rater(record, known), now)
    db.executemany(standing_queries.SAVE_RATINGS, boards)
    db.executemany(standing_queries.SAVE_RATED_SEATS, seats)


def _set_message(db: sqlite3.Connection, game_id: int, message_id: int) -> None:
    db.execute("UPDATE games SET message_id = ? WHERE id = ?", (message_id, game_id))


def _set_offer_message(db: sqlite3.Connection, game_id: int, kind: str, message_id: int) -> bool:
    row = db.execute("SELECT offer FROM games WHERE id = ?", (game_id,)).fetchone()
    noted = rows.offer_with_message(row["offer"] if row else None, kind, message_id)
    if noted is not None:
        db.execute("UPDATE games SET offer = ? WHERE id = ?", (noted, game_id))
    return noted is not None


def _read_game(db: sqlite3.Connection, sql: str, value: int) -> GameRecord | None:
    """One game with its players, in one query (`GAME` or `LATEST_GAME_IN`)."""
    return rows.game_record(db.execute(sql, (value,)).fetchall())


def _execute(db: sqlite3.Connection, sql: str) -> sqlite3.Cursor:
    return db.execute(sql)


def _fetch_more(db: sqlite3.Connection, cursor: sqlite3.Cursor, size: int) -> list[tuple[Any, ...]]:
    return [tuple(row) for row in cursor.fetchmany(size)]


def _fetch_all(db: sqlite3.Connection, sql: str, values: Sequence[Any]) -> list[sqlite3.Row]:
    return db.execute(sql, values).fetchall()


def _execute_many(db: sqlite3.Connection, sql: str, rows: Sequence[Sequence[Any]]) -> int:
    """Run one statement over every row of values; the number of rows it changed."""
    return db.executemany(sql, rows).rowcount
