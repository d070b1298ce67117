"""A database made by an earlier release, opened by this one: it keeps its games, is
brought up to the latest schema version, plays on, and has the very schema a new database gets."""

from __future__ import annotations

import dataclasses
import re
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import asyncpg
import pytest

import engine
from bot.play.ranking.ratings import rate_game
from bot.storage import Action, Announcement, Backend, Status, Writer, open_backend
from bot.storage.migrations import MIGRATIONS
from tests.bot.support import ALICE, BOB
from tests.postgres_server import BACKENDS, PostgresServer

DUMPS = Path(__file__).parent / "version_7"
GUILD = 10
IN_PLAY = 3
"""The dump's game in play, Alice's move answered by nothing yet: Bob's turn."""
NOW = 2_000_000.0
LATEST = MIGRATIONS[-1][0]
"""The schema version every database is brought up to when opened."""


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


async def restored(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database holding the dump of `backend` made at schema version 7."""
    dump = (DUMPS / f"{backend}.sql").read_text()
    if backend == "sqlite":
        path = tmp_path / "version7.sqlite3"
        with closing(sqlite3.connect(path)) as db:
            db.executescript(dump)
        return f"sqlite:///{path}"
    server: PostgresServer = request.getfixturevalue("postgres_server")
    url = server.new_database(empty=True)
    connection = await asyncpg.connect(url)
    try:
        await connection.execute(dump)
    finally:
        await connection.close()
    return url


async def test_a_version_7_database_keeps_its_games_and_plays_on(
    backend: str, request: pytest.FixtureRequest, tmp_path: Path, database_url: str
) -> None:
    url = await restored(backend, request, tmp_path)
    store = await open_backend(url, rater=rate_game)
    try:
        assert await store.schema_version() == LATEST
        await plays_on(store)
    finally:
        await store.close()
    new = await open_backend(database_url, rater=None)
    await new.close()
    assert await schema(backend, url) == await schema(backend, database_url)


async def plays_on(store: Backend) -> None:
    record = await store.game(IN_PLAY)
    assert record is not None and record.status is Status.ACTIVE
    per_move = (record.time_limit, record.time_increment, record.time_cap, record.deadline)
    assert per_move == (86_400, None, None, 1_086_400)
    assert [t.game_id for t in await store.clocks.due_time_outs(NOW)] == [IN_PLAY]
    assert [a.action for a in await store.actions(IN_PLAY)] == ["S e4"]
    (owed,) = await store.announcements.owed(NOW, Writer("all shards", "host:2:b"), 10, now=NOW)
    assert (owed.game_id, owed.writer) == (IN_PLAY, "host:1:a")
    assert await store.clocks.claim("time-out", "3@1.0", "host:2:b", NOW, NOW + 60)
    ranked = tuple(dataclasses.replace(s, rank=s.seat) for s in record.players)
    finished = dataclasses.replace(record, status=Status.FINISHED, players=ranked, ended_at=NOW)
    announcement = Announcement("end", IN_PLAY, record.version + 1, record.place_id, "{}")
    saved = await store.save(finished, NOW, [Action("S d5", 1, BOB.user_id)], 0, announcement)
    assert saved.version == record.version + 1
    assert [a.action for a in await store.actions(IN_PLAY)] == ["S e4", "S d5"]
    assert await store.announcements.is_owed("end")
    standing = await store.standings.standing(GUILD, "tink", ALICE.user_id)
    assert standing is not None and (standing.games, standing.wins) == (3, 2)
    challenge = await store.game(4)
    assert challenge is not None
    created = await store.create_game(dataclasses.replace(challenge, channel_id=5), NOW)
    assert created.id == 5


async def schema(backend: str, url: str) -> list[tuple[Any, ...]]:
    """Every table, column, index and constraint of the database, comparable between two."""
    if backend == "sqlite":
        with closing(sqlite3.connect(url.removeprefix("sqlite:///"))) as db:
            found = db.execute(
                "SELECT type, name, tbl_name, sql FROM sqlite_master "
                "WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
            )
            # Spacing and brackets around an indexed expression are not the schema.
            return [(*row[:3], re.sub(r"[\s()]", "", row[3] or "")) for row in found]
    connection = await asyncpg.connect(url)
    try:
        found = []
        for query in (
            "SELECT table_name, column_name, data_type, is_nullable, column_default, "
            "is_identity, identity_generation FROM information_schema.columns "
            "WHERE table_schema = 'public'",
            "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'",
            "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) "
            "FROM pg_constraint WHERE connamespace = 'public'::regnamespace",
        ):
            found += sorted(tuple(row) for row in await connection.fetch(query))
        return found
    finally:
        await connection.close()


FORFEITED = (
    '{"format":1,"game":"tink","players":2,"seed":7,"options":{},'
    '"actions":["S d4","@forfeit 1 time ran out"],"history":["S d4"]}'
)
"""A game lost on time as releases before endings were codes logged it."""
ENDINGS_AS_CODES = 21
"""The migration that turned how games ended into codes."""


async def test_how_games_ended_becomes_a_code_and_old_time_outs_replay(
    backend: str, request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = await restored(backend, request, tmp_path)
    earlier = tuple(migration for migration in MIGRATIONS if migration[0] < ENDINGS_AS_CODES)
    monkeypatch.setattr("bot.storage.migrations.MIGRATIONS", earlier)
    store = await open_backend(url, rater=rate_game)
    await store.close()
    await execute(
        backend,
        url,
        f"UPDATE games SET result_reason = 'time ran out', state = '{FORFEITED}' WHERE id = 1",
        "UPDATE games SET result_reason = 'four in a row' WHERE id = 2",
        "INSERT INTO actions (game_id, action, seat, user_id, created_at) "
        f"VALUES (1, '@forfeit 1 time ran out', 1, {BOB.user_id}, 1.5)",
    )
    monkeypatch.setattr("bot.storage.migrations.MIGRATIONS", MIGRATIONS)
    store = await open_backend(url, rater=rate_game)
    try:
        lost, won = await store.game(1), await store.game(2)
        assert lost is not None and won is not None
        assert (lost.ending, won.ending) == (engine.Ending.TIME, engine.Ending.FOUR_IN_A_ROW)
        result = engine.load_game(lost.state).result
        assert result == engine.Result((0,), engine.Ending.TIME, (0, 1))
        assert [a.action for a in await store.actions(1)] == ["@forfeit 1 time"]
    finally:
        await store.close()


async def execute(backend: str, url: str, *statements: str) -> None:
    """Run `statements` on the database at `url` as they are."""
    if backend == "sqlite":
        with closing(sqlite3.connect(url.removeprefix("sqlite:///"))) as db, db:
            for statement in statements:
                db.execute(statement)
        return
    connection = await asyncpg.connect(url)
    try:
        for statement in statements:
            await connection.execute(statement)
    finally:
        await connection.close()
