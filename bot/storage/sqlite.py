"""The SQLite backend: one WAL-mode connection, each call one job on its thread."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage import (
    Action,
    ChannelBusy,
    GameDraft,
    GameRecord,
    Offer,
    Seat,
    StaleGame,
    Status,
)
from bot.storage.migrations import MIGRATIONS
from bot.storage.sqlite_clocks import SqliteClocks
from bot.storage.sqlite_database import Database
from bot.storage.sqlite_standings import SqliteStandings, record_result

_GAME_COLUMNS = ", ".join(
    f"g.{column}"
    for column in [
        "id",
        "game",
        "guild_id",
        "channel_id",
        "thread_id",
        "options",
        "seed",
        "starter_id",
        "status",
        "version",
        "state",
        "created_at",
        "updated_at",
        "expires_at",
        "message_id",
        "turn_seat",
        "turn_user_id",
        "turn_started_at",
        "offer",
        "result_reason",
        "ended_at",
        "time_limit",
    ]
)
_OPEN = "status IN ('challenge', 'active')"
_PLACE = "coalesce(thread_id, channel_id)"


class SqliteStorage:
    """Games, players and the move log in one SQLite file."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._database = Database(connection)
        self.standings = SqliteStandings(self._database)
        self.clocks = SqliteClocks(self._database)

    @classmethod
    async def open(cls, path: str) -> SqliteStorage:
        """Open (creating if needed) the database file and bring its schema up to date."""
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path, isolation_level=None)
        storage = cls(connection)
        await storage._database.read(_prepare)
        return storage

    async def close(self) -> None:
        await self._db.close()

    async def schema_version(self) -> int:
        return await self._database.read(_schema_version)

    async def create_game(self, draft: GameDraft, now: float) -> GameRecord:
        return await self._database.write(partial(_create_game, draft=draft, now=now))

    async def game(self, game_id: int) -> GameRecord | None:
        return await self._database.read(partial(_read_game, game_id=game_id))

    async def latest_game_in(self, place_id: int) -> GameRecord | None:
        return await self._database.read(
            partial(
                _read_game_where,
                condition=f"g.id = (SELECT max(id) FROM games WHERE {_PLACE} = ?)",
                value=place_id,
            )
        )

    async def actions(self, game_id: int) -> list[Action]:
        return await self._database.read(partial(_actions, game_id=game_id))

    async def save(
        self, record: GameRecord, now: float, actions: Sequence[Action] = (), take_back: int = 0
    ) -> GameRecord:
        return await self._database.write(
            partial(_save, record=record, now=now, actions=actions, take_back=take_back)
        )

    async def set_message(self, game_id: int, message_id: int) -> None:
        await self._database.write(partial(_set_message, game_id=game_id, message_id=message_id))


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


def _schema_version(db: sqlite3.Connection) -> int:
    (number,) = db.execute("SELECT max(number) FROM migrations").fetchone()
    return int(number or 0)


def _create_game(db: sqlite3.Connection, draft: GameDraft, now: float) -> GameRecord:
    place = draft.place_id
    db.execute(
        "UPDATE games SET status = 'expired', updated_at = ?, version = version + 1 "
        f"WHERE {_PLACE} = ? AND status = 'challenge' AND expires_at <= ?",
        (now, place, now),
    )
    busy = db.execute(f"SELECT id FROM games WHERE {_PLACE} = ? AND {_OPEN}", (place,)).fetchone()
    if busy is not None:
        raise ChannelBusy(int(busy[0]))
    cursor = db.execute(
        "INSERT INTO games (game, guild_id, channel_id, thread_id, options, seed, "
        "starter_id, status, state, expires_at, created_at, updated_at, time_limit) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            draft.game,
            draft.guild_id,
            draft.channel_id,
            draft.thread_id,
            json.dumps(dict(draft.options)),
            draft.seed,
            draft.starter_id,
            Status.CHALLENGE.value,
            draft.state,
            draft.expires_at,
            now,
            now,
            draft.time_limit,
        ),
    )
    game_id = cursor.lastrowid
    assert game_id is not None
    db.executemany(
        "INSERT INTO players (game_id, seat, user_id, name, accepted) VALUES (?, ?, ?, ?, ?)",
        [(game_id, s.seat, s.user_id, s.name, int(s.accepted)) for s in draft.players],
    )
    record = _read_game(db, game_id)
    assert record is not None
    return record


def _actions(db: sqlite3.Connection, game_id: int) -> list[Action]:
    rows = db.execute(
        "SELECT action, seat, user_id, created_at FROM actions "
        "WHERE game_id = ? AND taken_back = 0 ORDER BY id",
        (game_id,),
    )
    return [Action(*row) for row in rows]


def _save(
    db: sqlite3.Connection,
    record: GameRecord,
    now: float,
    actions: Sequence[Action],
    take_back: int,
) -> GameRecord:
    """Write a changed game if it is still at its version; StaleGame when it is not."""
    cursor = db.execute(
        "UPDATE games SET status = ?, version = version + 1, state = ?, turn_seat = ?, "
        "turn_user_id = ?, turn_started_at = ?, offer = ?, result_reason = ?, "
        "ended_at = ?, updated_at = ? WHERE id = ? AND version = ?",
        (
            record.status.value,
            record.state,
            record.turn_seat,
            record.turn_user_id,
            record.turn_started_at,
            _offer_text(record.offer),
            record.result_reason,
            record.ended_at,
            now,
            record.id,
            record.version,
        ),
    )
    if cursor.rowcount != 1:
        raise StaleGame(f"game {record.id} is no longer at version {record.version}")
    db.executemany(
        "UPDATE players SET accepted = ?, rank = ? WHERE game_id = ? AND seat = ?",
        [(int(s.accepted), s.rank, record.id, s.seat) for s in record.players],
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
            [(record.id, a.action, a.seat, a.user_id, now) for a in actions],
        )
    record_result(db, record, now)
    return dataclasses.replace(record, version=record.version + 1, updated_at=now)


def _set_message(db: sqlite3.Connection, game_id: int, message_id: int) -> None:
    db.execute("UPDATE games SET message_id = ? WHERE id = ?", (message_id, game_id))


def _read_game(db: sqlite3.Connection, game_id: int) -> GameRecord | None:
    return _read_game_where(db, "g.id = ?", game_id)


def _read_game_where(db: sqlite3.Connection, condition: str, value: int) -> GameRecord | None:
    """One game with its players, in one query."""
    rows = db.execute(
        f"SELECT {_GAME_COLUMNS}, p.seat, p.user_id, p.name, p.accepted, p.rank "
        f"FROM games g JOIN players p ON p.game_id = g.id WHERE {condition} ORDER BY p.seat",
        (value,),
    ).fetchall()
    if not rows:
        return None
    players = tuple(Seat(r[-5], r[-4], r[-3], bool(r[-2]), r[-1]) for r in rows)
    return _game_from_row(rows[0][:-5], players)


def _game_from_row(row: Any, players: tuple[Seat, ...]) -> GameRecord:
    (
        game_id,
        game,
        guild_id,
        channel_id,
        thread_id,
        options,
        seed,
        starter_id,
        status,
        version,
        state,
        created_at,
        updated_at,
        expires_at,
        message_id,
        turn_seat,
        turn_user_id,
        turn_started_at,
        offer,
        result_reason,
        ended_at,
        time_limit,
    ) = row
    return GameRecord(
        id=game_id,
        game=game,
        guild_id=guild_id,
        channel_id=channel_id,
        thread_id=thread_id,
        options=json.loads(options),
        seed=seed,
        starter_id=starter_id,
        players=players,
        status=Status(status),
        version=version,
        state=state,
        created_at=created_at,
        updated_at=updated_at,
        expires_at=expires_at,
        message_id=message_id,
        turn_seat=turn_seat,
        turn_user_id=turn_user_id,
        turn_started_at=turn_started_at,
        offer=_offer_from_text(offer),
        result_reason=result_reason,
        ended_at=ended_at,
        time_limit=time_limit,
    )


def _offer_text(offer: Offer | None) -> str | None:
    if offer is None:
        return None
    return json.dumps({"kind": offer.kind, "seat": offer.seat, "accepted": sorted(offer.accepted)})


def _offer_from_text(text: str | None) -> Offer | None:
    if text is None:
        return None
    data = json.loads(text)
    return Offer(data["kind"], data["seat"], frozenset(data["accepted"]))
