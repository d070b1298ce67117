"""The SQLite backend against a real file."""

from __future__ import annotations

import asyncio
import dataclasses
import sqlite3
from collections.abc import AsyncIterator
from contextlib import closing
from pathlib import Path

import pytest

from bot.storage import (
    Action,
    ChannelBusy,
    GameDraft,
    Offer,
    Seat,
    StaleGame,
    Status,
    open_storage,
)
from bot.storage.migrations import MIGRATIONS
from bot.storage.sqlite import SqliteStorage

CHANNEL = 500


def draft(
    channel: int = CHANNEL, *, thread: int | None = None, expires: float = 100.0
) -> GameDraft:
    return GameDraft(
        game="tink",
        guild_id=1,
        channel_id=channel,
        thread_id=thread,
        options={"repetition_draw": True},
        seed=7,
        starter_id=11,
        players=(Seat(0, 11, "Alice", accepted=True), Seat(1, 12, "Bob")),
        state="{}",
        expires_at=expires,
    )


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[SqliteStorage]:
    store = await SqliteStorage.open(str(tmp_path / "games.sqlite3"))
    yield store
    await store.close()


async def test_a_new_file_gets_every_migration_and_wal(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "games.sqlite3"
    store = await SqliteStorage.open(str(path))
    assert await store.schema_version() == MIGRATIONS[-1][0]
    await store.close()
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    reopened = await SqliteStorage.open(str(path))
    assert await reopened.schema_version() == MIGRATIONS[-1][0]
    await reopened.close()


async def test_open_storage_reads_sqlite_urls_and_refuses_others(tmp_path: Path) -> None:
    store = await open_storage(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    await store.close()
    with pytest.raises(ValueError, match="unsupported DATABASE_URL"):
        await open_storage("postgres://example/games")


async def test_a_created_game_reads_back_whole(storage: SqliteStorage) -> None:
    created = await storage.create_game(draft(), now=10.0)
    read = await storage.game(created.id)
    assert read == created
    assert read.status is Status.CHALLENGE
    assert read.players == (Seat(0, 11, "Alice", accepted=True), Seat(1, 12, "Bob"))
    assert read.options == {"repetition_draw": True}
    assert read.version == 0
    assert read.created_at == 10.0
    assert await storage.latest_game_in(CHANNEL) == created


async def test_a_channel_holds_one_open_game(storage: SqliteStorage) -> None:
    first = await storage.create_game(draft(), now=10.0)
    with pytest.raises(ChannelBusy) as busy:
        await storage.create_game(draft(), now=11.0)
    assert busy.value.game_id == first.id
    other = await storage.create_game(draft(channel=501), now=11.0)
    assert other.id != first.id


async def test_a_thread_is_its_own_place(storage: SqliteStorage) -> None:
    await storage.create_game(draft(), now=10.0)
    in_thread = await storage.create_game(draft(thread=900), now=11.0)
    assert in_thread.place_id == 900
    assert await storage.latest_game_in(900) == in_thread


async def test_an_expired_challenge_frees_its_channel(storage: SqliteStorage) -> None:
    old = await storage.create_game(draft(expires=50.0), now=10.0)
    new = await storage.create_game(draft(), now=50.0)
    expired = await storage.game(old.id)
    assert expired is not None and expired.status is Status.EXPIRED
    assert await storage.latest_game_in(CHANNEL) == new


async def test_save_bumps_the_version_and_appends_the_log(storage: SqliteStorage) -> None:
    record = await storage.create_game(draft(), now=10.0)
    changed = dataclasses.replace(
        record,
        status=Status.ACTIVE,
        state='{"a":1}',
        turn_seat=1,
        turn_user_id=12,
        turn_started_at=20.0,
    )
    saved = await storage.save(changed, 20.0, [Action("S d4", 0, 11)])
    assert saved.version == 1
    assert (saved.status, saved.state, saved.turn_user_id) == (Status.ACTIVE, '{"a":1}', 12)
    assert await storage.actions(record.id) == [Action("S d4", 0, 11, 20.0)]


async def test_a_stale_save_writes_nothing(storage: SqliteStorage) -> None:
    record = await storage.create_game(draft(), now=10.0)
    await storage.save(record, 11.0, [Action("S d4", 0, 11)])
    with pytest.raises(StaleGame):
        await storage.save(dataclasses.replace(record, state="lost"), 12.0, [Action("S e4", 0, 11)])
    current = await storage.game(record.id)
    assert current is not None and current.state == "{}" and current.version == 1
    assert [a.action for a in await storage.actions(record.id)] == ["S d4"]


async def test_racing_saves_apply_exactly_once(storage: SqliteStorage) -> None:
    record = await storage.create_game(draft(), now=10.0)
    outcomes = await asyncio.gather(
        *(storage.save(record, 11.0, [Action(f"S {sq}", 0, 11)]) for sq in ("d4", "e4")),
        return_exceptions=True,
    )
    assert sum(isinstance(o, StaleGame) for o in outcomes) == 1
    assert len(await storage.actions(record.id)) == 1


async def test_many_tasks_racing_on_one_game_get_one_winner_per_version(
    storage: SqliteStorage,
) -> None:
    record = await storage.create_game(draft(), now=10.0)
    winners: dict[int, int] = {}

    async def player(number: int) -> None:
        for _ in range(5):
            current = await storage.game(record.id)
            assert current is not None
            try:
                await storage.save(current, 11.0, [Action(f"move {number}", 0, 11)])
            except StaleGame:
                continue
            assert current.version not in winners
            winners[current.version] = number

    await asyncio.gather(*(player(number) for number in range(20)))
    final = await storage.game(record.id)
    assert final is not None and sorted(winners) == list(range(final.version))
    logged = [a.action for a in await storage.actions(record.id)]
    assert logged == [f"move {winners[version]}" for version in sorted(winners)]


async def test_a_save_that_fails_halfway_writes_nothing(storage: SqliteStorage) -> None:
    record = await storage.create_game(draft(), now=10.0)
    unranked = dataclasses.replace(record, status=Status.FINISHED, ended_at=11.0)
    with pytest.raises(ValueError, match="without a rank"):
        await storage.save(unranked, 11.0, [Action("S d4", 0, 11)])
    assert await storage.game(record.id) == record
    assert await storage.actions(record.id) == []


async def test_take_back_hides_the_last_actions_from_the_log(storage: SqliteStorage) -> None:
    record = await storage.create_game(draft(), now=10.0)
    record = await storage.save(record, 11.0, [Action("S c3", 0, 11), Action("S c5", 1, 12)])
    record = await storage.save(record, 12.0, take_back=1)
    await storage.save(record, 13.0, [Action("S d5", 1, 12)])
    assert [a.action for a in await storage.actions(record.id)] == ["S c3", "S d5"]


async def test_results_and_offers_are_kept(storage: SqliteStorage) -> None:
    record = await storage.create_game(draft(), now=10.0)
    offered = await storage.save(
        dataclasses.replace(record, offer=Offer("draw", 1, frozenset({0}))), 11.0
    )
    assert offered.offer == Offer("draw", 1, frozenset({0}))
    finished = dataclasses.replace(
        offered,
        status=Status.FINISHED,
        offer=None,
        players=tuple(dataclasses.replace(s, rank=s.seat) for s in offered.players),
        result_reason="four in a row",
        ended_at=12.0,
    )
    saved = await storage.save(finished, 12.0)
    assert [s.rank for s in saved.players] == [0, 1]
    assert (saved.result_reason, saved.ended_at, saved.offer) == ("four in a row", 12.0, None)


async def test_the_opening_message_is_remembered(storage: SqliteStorage) -> None:
    record = await storage.create_game(draft(), now=10.0)
    await storage.set_message(record.id, 4242)
    read = await storage.game(record.id)
    assert read is not None and read.message_id == 4242 and read.version == record.version


async def test_a_new_migration_is_applied_once_at_start_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = str(tmp_path / "games.sqlite3")
    store = await SqliteStorage.open(path)
    created = await store.create_game(draft(), now=10.0)
    await store.close()
    later = (*MIGRATIONS, (MIGRATIONS[-1][0] + 1, "ALTER TABLE games ADD COLUMN rated INTEGER"))
    monkeypatch.setattr("bot.storage.sqlite.MIGRATIONS", later)
    for _ in range(2):
        store = await SqliteStorage.open(path)
        assert await store.schema_version() == later[-1][0]
        assert await store.game(created.id) == created
        await store.close()
