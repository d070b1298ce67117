"""Both storage backends: a real SQLite file and a real PostgreSQL server."""

from __future__ import annotations

import asyncio
import dataclasses
import socket
import sqlite3
from contextlib import closing
from pathlib import Path

import asyncpg
import pytest

import engine
from bot.play.ranking.ratings import rate_game
from bot.storage import (
    Action,
    Announcement,
    ChannelBusy,
    DatabaseUnusable,
    GameDraft,
    GameRecord,
    Offer,
    OfferKind,
    Seat,
    StaleGame,
    Status,
    Storage,
    TurnClock,
    Writer,
    open_backend,
    open_storage,
)
from bot.storage.claims import holder
from bot.storage.clocks import HeldPing, QuietHours, ServerSettings, Vacation
from bot.storage.migrations import MIGRATIONS
from bot.storage.postgres import PostgresStorage
from bot.storage.sqlite import SqliteStorage
from tests.postgres_server import PostgresServer

CHANNEL = 500
WRITER = Writer("shards 0 of 2", "host:1:a")
SUCCESSOR = Writer(WRITER.slot, "host:2:b")
"""The process serving the writer's slot after it stopped."""
OTHER_SLOT = Writer("shards 1 of 2", "host:3:c")


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


def signed(announcement: Announcement) -> Announcement:
    """The announcement as `WRITER` saves it."""
    return dataclasses.replace(announcement, slot=WRITER.slot, writer=WRITER.process)


async def test_a_new_file_gets_every_migration_and_wal(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "games.sqlite3"
    store = await SqliteStorage.open(str(path), rater=rate_game)
    assert await store.schema_version() == MIGRATIONS[-1][0]
    await store.close()
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    reopened = await SqliteStorage.open(str(path), rater=rate_game)
    assert await reopened.schema_version() == MIGRATIONS[-1][0]
    await reopened.close()


async def test_open_storage_opens_the_database_a_url_names(database_url: str) -> None:
    store = await open_storage(database_url, rater=None)
    assert await store.game(1) is None
    await store.close()


async def test_an_unknown_scheme_is_refused_in_one_sentence() -> None:
    with pytest.raises(DatabaseUnusable) as refused:
        await open_storage("mysql://bot:secret@db/games", rater=None, setting="TO_URL")
    assert str(refused.value) == (
        "TO_URL must look like sqlite:///path/to/file.sqlite3 or "
        "postgresql://user:password@host:port/dbname, not 'mysql://...'."
    )


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("data/pyramids.sqlite3", "must look like sqlite:///.* or postgresql://.*, not 'data/"),
        ("sqlite://data/pyramids.sqlite3", "not 'sqlite://...'"),
        ("sqlite:///", "must name a file after sqlite:///, like .*, not 'sqlite:///'"),
        ("sqlite:///data/", "must name a file after sqlite:///"),
    ],
)
async def test_a_url_naming_no_database_is_refused(url: str, message: str) -> None:
    with pytest.raises(DatabaseUnusable, match=f"^DATABASE_URL .*{message}"):
        await open_storage(url, rater=None)


async def test_the_database_folder_and_file_are_created_and_written_to(tmp_path: Path) -> None:
    path = tmp_path / "data" / "games" / "pyramids.sqlite3"
    store = await open_storage(f"sqlite:///{path}", rater=None)
    await store.close()
    with closing(sqlite3.connect(path)) as db:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
    assert "games" in tables and "write_check" not in tables


async def test_a_folder_that_cannot_be_made_is_refused(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file where a folder should be")
    path = tmp_path / "taken" / "games.sqlite3"
    with pytest.raises(DatabaseUnusable) as refused:
        await open_storage(f"sqlite:///{path}", rater=None)
    assert str(refused.value) == (
        f"DATABASE_URL names the SQLite file {str(path)!r}, whose folder "
        f"{str(tmp_path / 'taken')!r} cannot be created (File exists): point DATABASE_URL at "
        "a file in a folder this user may write to."
    )


async def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not a database, just notes\n" * 10)
    with pytest.raises(DatabaseUnusable) as refused:
        await open_storage(f"sqlite:///{tmp_path / 'notes.txt'}", rater=None)
    assert str(refused.value).endswith(
        "notes.txt', which is not a SQLite database: point DATABASE_URL at a new file name "
        "(the bot creates it), or put the right file back."
    )


async def test_a_folder_in_place_of_the_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    with pytest.raises(DatabaseUnusable, match="games', which cannot be written"):
        await open_storage(f"sqlite:///{tmp_path / 'games'}", rater=None)


async def test_an_unreachable_server_is_refused() -> None:
    with closing(socket.socket()) as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    url = f"postgresql://bot:secret@127.0.0.1:{port}/games"
    with pytest.raises(DatabaseUnusable) as refused:
        await open_storage(url, rater=None)
    assert str(refused.value).startswith(
        f"DATABASE_URL: the PostgreSQL server at 127.0.0.1:{port} cannot be reached ("
    )


async def test_a_wrong_password_is_refused(postgres_server: PostgresServer) -> None:
    url = postgres_server.url("postgres", password="wrong")
    with pytest.raises(DatabaseUnusable) as refused:
        await open_storage(url, rater=None)
    assert str(refused.value) == (
        f"DATABASE_URL: the PostgreSQL server at 127.0.0.1:{postgres_server.port} "
        "refused the password of user 'postgres'."
    )


async def test_a_missing_database_is_refused(postgres_server: PostgresServer) -> None:
    with pytest.raises(DatabaseUnusable) as refused:
        await open_storage(postgres_server.url("nowhere"), rater=None)
    assert str(refused.value) == (
        f"DATABASE_URL: the PostgreSQL server at 127.0.0.1:{postgres_server.port} has no "
        "database 'nowhere': create it (createdb nowhere) or correct the name."
    )


async def test_processes_starting_together_migrate_once(postgres_server: PostgresServer) -> None:
    url = postgres_server.new_database(empty=True)
    stores = await asyncio.gather(*(PostgresStorage.open(url, rater=None) for _ in range(4)))
    for store in stores:
        assert await store.schema_version() == MIGRATIONS[-1][0]
        await store.close()
    applied = postgres_server.psql("SELECT count(*) FROM migrations", url.rsplit("/", 1)[1])
    assert int(applied) == len(MIGRATIONS)


async def test_a_created_game_reads_back_whole(storage: Storage) -> None:
    created = await storage.create_game(draft(), now=10.0)
    read = await storage.game(created.id)
    assert read == created
    assert read.status is Status.CHALLENGE
    assert read.players == (Seat(0, 11, "Alice", accepted=True), Seat(1, 12, "Bob"))
    assert read.options == {"repetition_draw": True}
    assert read.version == 0
    assert read.created_at == 10.0
    assert await storage.latest_game_in(CHANNEL) == created


async def test_a_channel_holds_one_open_game(storage: Storage) -> None:
    first = await storage.create_game(draft(), now=10.0)
    with pytest.raises(ChannelBusy) as busy:
        await storage.create_game(draft(), now=11.0)
    assert busy.value.game_id == first.id
    other = await storage.create_game(draft(channel=501), now=11.0)
    assert other.id != first.id


async def test_a_thread_is_its_own_place(storage: Storage) -> None:
    await storage.create_game(draft(), now=10.0)
    in_thread = await storage.create_game(draft(thread=900), now=11.0)
    assert in_thread.place_id == 900
    assert await storage.latest_game_in(900) == in_thread


async def test_an_expired_challenge_frees_its_channel(storage: Storage) -> None:
    old = await storage.create_game(draft(expires=50.0), now=10.0)
    new = await storage.create_game(draft(), now=50.0)
    expired = await storage.game(old.id)
    assert expired is not None and expired.status is Status.EXPIRED
    assert await storage.latest_game_in(CHANNEL) == new


async def test_save_bumps_the_version_and_appends_the_log(storage: Storage) -> None:
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


async def test_a_stale_save_writes_nothing(storage: Storage) -> None:
    record = await storage.create_game(draft(), now=10.0)
    await storage.save(record, 11.0, [Action("S d4", 0, 11)])
    with pytest.raises(StaleGame):
        await storage.save(dataclasses.replace(record, state="lost"), 12.0, [Action("S e4", 0, 11)])
    current = await storage.game(record.id)
    assert current is not None and current.state == "{}" and current.version == 1
    assert [a.action for a in await storage.actions(record.id)] == ["S d4"]


async def test_racing_saves_apply_exactly_once(storage: Storage) -> None:
    record = await storage.create_game(draft(), now=10.0)
    outcomes = await asyncio.gather(
        *(storage.save(record, 11.0, [Action(f"S {sq}", 0, 11)]) for sq in ("d4", "e4")),
        return_exceptions=True,
    )
    assert sum(isinstance(o, StaleGame) for o in outcomes) == 1
    assert len(await storage.actions(record.id)) == 1


async def test_many_tasks_racing_on_one_game_get_one_winner_per_version(
    storage: Storage,
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


async def test_a_save_that_fails_halfway_writes_nothing(storage: Storage) -> None:
    record = await storage.create_game(draft(), now=10.0)
    unranked = dataclasses.replace(record, status=Status.FINISHED, ended_at=11.0)
    with pytest.raises(ValueError, match="without a rank"):
        await storage.save(unranked, 11.0, [Action("S d4", 0, 11)])
    assert await storage.game(record.id) == record
    assert await storage.actions(record.id) == []


async def test_a_change_failing_as_the_save_commits_writes_nothing(storage: Storage) -> None:
    record = await storage.create_game(draft(), now=10.0)
    nameless = Action(None, 0, 11)  # type: ignore[arg-type]
    with pytest.raises((sqlite3.IntegrityError, asyncpg.NotNullViolationError)):
        await storage.save(record, 11.0, [nameless])
    assert await storage.game(record.id) == record
    saved = await storage.save(record, 12.0, [Action("S d4", 0, 11)])
    assert saved.version == 1
    assert [a.action for a in await storage.actions(record.id)] == ["S d4"]


async def test_take_back_hides_the_last_actions_from_the_log(storage: Storage) -> None:
    record = await storage.create_game(draft(), now=10.0)
    record = await storage.save(record, 11.0, [Action("S c3", 0, 11), Action("S c5", 1, 12)])
    record = await storage.save(record, 12.0, take_back=1)
    await storage.save(record, 13.0, [Action("S d5", 1, 12)])
    assert [a.action for a in await storage.actions(record.id)] == ["S c3", "S d5"]


async def test_results_and_offers_are_kept(storage: Storage) -> None:
    record = await storage.create_game(draft(), now=10.0)
    offered = await storage.save(
        dataclasses.replace(record, offer=Offer(OfferKind.DRAW, 1, frozenset({0}))), 11.0
    )
    assert offered.offer == Offer(OfferKind.DRAW, 1, frozenset({0}))
    finished = dataclasses.replace(
        offered,
        status=Status.FINISHED,
        offer=None,
        players=tuple(dataclasses.replace(s, rank=s.seat) for s in offered.players),
        ending=engine.Ending.FOUR_IN_A_ROW,
        ended_at=12.0,
    )
    saved = await storage.save(finished, 12.0)
    assert [s.rank for s in saved.players] == [0, 1]
    assert (saved.ending, saved.ended_at, saved.offer) == (engine.Ending.FOUR_IN_A_ROW, 12.0, None)


async def test_the_players_rows_are_written_unless_no_seat_changed(storage: Storage) -> None:
    record = await storage.create_game(draft(), now=10.0)
    accepted = tuple(dataclasses.replace(s, accepted=True) for s in record.players)
    moved = await storage.save(
        dataclasses.replace(record, players=accepted), 11.0, [Action("S c3", 0, 11)]
    )
    ranked = tuple(dataclasses.replace(s, rank=s.seat) for s in moved.players)
    await storage.save(dataclasses.replace(moved, players=ranked), 12.0, seats_changed=False)
    stored = await storage.game(record.id)
    assert stored is not None
    assert [(s.accepted, s.rank) for s in stored.players] == [(True, None), (True, None)]


async def two_moves_announced(storage: Storage) -> tuple[GameRecord, Announcement, Announcement]:
    """A game with two moves saved, each with its announcement (a1 at 11.0, a2 at 12.0):
    the game as created, and the announcements."""
    record = await storage.create_game(draft(), now=10.0)
    first = signed(Announcement("a1", record.id, record.version + 1, CHANNEL, '{"n": 1}'))
    moved = await storage.save(record, 11.0, [Action("S c3", 0, 11)], announcement=first)
    second = signed(Announcement("a2", record.id, moved.version + 1, CHANNEL, '{"n": 2}'))
    await storage.save(moved, 12.0, [Action("S d5", 1, 12)], announcement=second)
    return record, first, second


async def test_an_announcement_is_kept_with_its_change_until_struck_off(
    storage: Storage,
) -> None:
    record, first, second = await two_moves_announced(storage)
    with pytest.raises(StaleGame):
        await storage.save(record, 12.0, announcement=Announcement("lost", record.id, 1, 1, "{}"))
    assert await storage.announcements.first_owed(WRITER, 5.0) == 16.0
    assert await storage.announcements.owed(10.5, WRITER, 10, now=10.5) == []
    owed = await storage.announcements.owed(12.0, WRITER, 10, now=12.0)
    assert owed == [dataclasses.replace(first, created_at=11.0)], "a2 goes after a1"
    assert [a.id for a in await storage.announcements.owed(12.0, WRITER, 1, now=12.0)] == ["a1"]
    assert await storage.announcements.owed(10.5, OTHER_SLOT, 10, now=10.5) == []
    assert await storage.announcements.first_owed(OTHER_SLOT, 5.0) == 16.0
    assert await storage.announcements.owed(10.5, SUCCESSOR, 10, now=10.5) == owed
    assert await storage.announcements.first_owed(SUCCESSOR, 5.0) == 11.0
    assert await storage.announcements.owed_before(record.id, "a2")
    assert not await storage.announcements.owed_before(record.id, "a1")
    assert not await storage.announcements.owed_before(record.id + 1, "a2")
    assert await storage.announcements.replying("a2", "token"), "a1 is owed before it"
    await storage.announcements.announced("a1")
    assert not await storage.announcements.is_owed("a1")
    assert await storage.announcements.is_owed("a2")
    assert not await storage.announcements.owed_before(record.id, "a2")
    assert not await storage.announcements.replying("a2", "token")
    assert await storage.announcements.owed(99.0, WRITER, 10, now=99.0) == [
        dataclasses.replace(second, created_at=12.0, reply_token="token")
    ]
    assert await storage.announcements.first_owed(WRITER, 5.0) == 17.0
    await storage.announcements.announced("a2")
    assert await storage.announcements.first_owed(SUCCESSOR, 5.0) is None


async def test_an_announcement_discord_failed_to_take_waits_and_its_game_waits_behind_it(
    storage: Storage,
) -> None:
    await two_moves_announced(storage)
    announcements = storage.announcements
    assert await announcements.tried("a1") == 1
    assert await announcements.tried("a1") == 2
    assert await announcements.tried("gone") == 0
    await announcements.retry(["a1"], 30.0)
    assert await announcements.owed(99.0, WRITER, 10, now=29.0) == [], "a2 waits behind a1"
    assert await announcements.first_owed(WRITER, 5.0) == 30.0
    (due,) = await announcements.owed(0.0, WRITER, 10, now=30.0)
    assert (due.id, due.tries, due.retry_at) == ("a1", 2, 30.0)
    await announcements.announced("a1")
    assert await announcements.first_owed(WRITER, 5.0) == 17.0
    await announcements.retry(["a2"], 13.0)
    assert [a.id for a in await announcements.owed(0.0, WRITER, 10, now=13.0)] == ["a2"]
    assert await announcements.first_owed(WRITER, 5.0) == 13.0


async def test_an_offers_message_is_noted_once_without_a_new_version(storage: Storage) -> None:
    record = await storage.create_game(draft(), now=10.0)
    assert not await storage.set_offer_message(record.id, OfferKind.DRAW, 77)
    offered = await storage.save(dataclasses.replace(record, offer=Offer(OfferKind.DRAW, 1)), 11.0)
    assert not await storage.set_offer_message(record.id, OfferKind.UNDO, 77)
    assert await storage.set_offer_message(record.id, OfferKind.DRAW, 77)
    assert not await storage.set_offer_message(record.id, OfferKind.DRAW, 78)
    read = await storage.game(record.id)
    assert read is not None and read.version == offered.version
    assert read.offer == Offer(OfferKind.DRAW, 1, frozenset(), message_id=77)
    agreed = dataclasses.replace(read.offer, accepted=frozenset({0}))
    kept = await storage.save(dataclasses.replace(read, offer=agreed), 12.0)
    assert kept.offer is not None and kept.offer.message_id == 77


async def test_a_claims_message_is_noted_once_while_the_turn_awaits_a_claim(
    storage: Storage,
) -> None:
    record = await storage.create_game(draft(), now=10.0)
    running = TurnClock((100.0, 100.0), turns=((0, 5.0),))
    started = await storage.save(dataclasses.replace(record, clock=running), 11.0)
    assert not await storage.set_claim_message(record.id, 77), "no one ran out of time"
    flagged = dataclasses.replace(running, flagged=True)
    ran_out = await storage.save(dataclasses.replace(started, clock=flagged), 12.0)
    assert await storage.set_claim_message(record.id, 77)
    assert await storage.set_claim_message(record.id, 77), "the same message, posted again"
    assert not await storage.set_claim_message(record.id, 78)
    read = await storage.game(record.id)
    assert read is not None and read.version == ran_out.version
    assert read.clock == dataclasses.replace(flagged, claim_message_id=77)
    moved = await storage.save(dataclasses.replace(read, clock=TurnClock((90.0, 100.0))), 13.0)
    assert moved.clock.claim_message_id is None
    assert not await storage.set_claim_message(record.id, 79), "a late move came first"


async def test_the_opening_message_is_remembered(storage: Storage) -> None:
    record = await storage.create_game(draft(), now=10.0)
    await storage.set_message(record.id, 4242)
    read = await storage.game(record.id)
    assert read is not None and read.message_id == 4242 and read.version == record.version


async def test_a_new_migration_is_applied_once_at_start_up(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await open_backend(database_url, rater=rate_game)
    created = await store.create_game(draft(), now=10.0)
    await store.close()
    later = (*MIGRATIONS, (MIGRATIONS[-1][0] + 1, "ALTER TABLE games ADD COLUMN rated {REAL}"))
    monkeypatch.setattr("bot.storage.migrations.MIGRATIONS", later)
    for _ in range(2):
        store = await open_backend(database_url, rater=rate_game)
        assert await store.schema_version() == later[-1][0]
        assert await store.game(created.id) == created
        await store.close()


async def test_racing_saves_from_two_processes_apply_exactly_once(
    storage: Storage, second: Storage
) -> None:
    record = await storage.create_game(draft(), now=10.0)
    for turn in range(5):
        outcomes = await asyncio.gather(
            storage.save(record, 11.0, [Action(f"S a{turn}", 0, 11)]),
            second.save(record, 11.0, [Action(f"S b{turn}", 0, 11)]),
            return_exceptions=True,
        )
        assert sum(isinstance(o, StaleGame) for o in outcomes) == 1
        (record,) = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(await second.actions(record.id)) == 5


async def test_two_processes_opening_games_in_one_channel_get_one(
    storage: Storage, second: Storage
) -> None:
    outcomes = await asyncio.gather(
        *(store.create_game(draft(), now=10.0) for store in (storage, second, storage, second)),
        return_exceptions=True,
    )
    assert sum(isinstance(o, ChannelBusy) for o in outcomes) == 3


async def test_finishing_games_at_once_in_two_processes_counts_every_game(
    storage: Storage, second: Storage
) -> None:
    async def finish(store: Storage, channel: int) -> None:
        record = await store.create_game(draft(channel), now=10.0)
        ranked = tuple(dataclasses.replace(s, rank=s.seat) for s in record.players)
        await store.save(dataclasses.replace(record, status=Status.FINISHED, players=ranked), 11.0)

    await asyncio.gather(*(finish((storage, second)[n % 2], 600 + n) for n in range(6)))
    standing = await second.standings.standing(1, "tink", 11)
    assert standing is not None and (standing.games, standing.wins) == (6, 6)
    assert [r.game_id for r in await storage.standings.recent(1, "tink", 12, 10)] == list(
        range(6, 0, -1)
    )


async def test_due_work_is_claimed_by_exactly_one_process(
    storage: Storage, second: Storage
) -> None:
    for key in map(str, range(5)):
        taken = await asyncio.gather(
            storage.clocks.claim("time-out", key, "one", 100.0, 160.0),
            second.clocks.claim("time-out", key, "two", 100.0, 160.0),
        )
        assert sorted(taken) == [False, True]


async def test_a_lapsed_claim_can_be_taken_and_a_live_one_renewed(
    storage: Storage, second: Storage
) -> None:
    assert await storage.clocks.claim("reminder", "7", "one", 100.0, 160.0)
    assert not await second.clocks.claim("reminder", "7", "two", 159.0, 219.0)
    assert await storage.clocks.renew("reminder", "7", "one", 200.0)
    assert not await second.clocks.claim("reminder", "7", "two", 199.0, 259.0)
    assert await second.clocks.claim("reminder", "7", "two", 200.0, 260.0)
    assert not await storage.clocks.renew("reminder", "7", "one", 300.0)
    await storage.clocks.release("reminder", "7", "one")
    assert not await storage.clocks.claim("reminder", "7", "one", 201.0, 261.0)
    await second.clocks.release("reminder", "7", "two")
    assert await storage.clocks.claim("reminder", "7", "one", 201.0, 261.0)


async def test_lapsed_claims_are_forgotten_and_live_ones_kept(
    storage: Storage, second: Storage
) -> None:
    assert await storage.clocks.claim("time-out", "1", "dead", 100.0, 160.0)
    assert await second.clocks.claim("time-out", "2", "alive", 150.0, 210.0)
    assert await second.clocks.prune(160.0) == 0
    assert await second.clocks.prune(161.0) == 1
    assert not await storage.clocks.claim("time-out", "2", "other", 200.0, 260.0)
    assert await storage.clocks.prune(211.0) == 1


async def test_a_stopping_process_lets_go_of_its_claims(storage: Storage, second: Storage) -> None:
    for key in ("1", "2"):
        assert await storage.clocks.claim("reminder", key, "one", 100.0, 160.0)
    assert await second.clocks.claim("reminder", "3", "two", 100.0, 160.0)
    assert await storage.clocks.let_go("one") == 2
    assert await second.clocks.claim("reminder", "1", "two", 101.0, 161.0)
    assert not await storage.clocks.claim("reminder", "3", "one", 101.0, 161.0)


async def test_the_next_process_of_a_slot_takes_over_its_claims_at_once(
    database_url: str, storage: Storage, second: Storage
) -> None:
    earlier, later = holder(WRITER), holder(SUCCESSOR)
    running = await open_storage(database_url, rater=None)
    assert await running.clocks.take_over(WRITER.slot, earlier)
    assert await running.clocks.claim("ai-turn", "1", earlier, 100.0, 130.0)
    assert await storage.clocks.claim("ai-turn", "2", holder(OTHER_SLOT), 100.0, 130.0)
    assert not await second.clocks.take_over(WRITER.slot, later), "the earlier one still runs"
    assert not await second.clocks.claim("ai-turn", "1", later, 101.0, 131.0)
    await running.close()  # as when its process dies: its claims stay
    assert await second.clocks.take_over(WRITER.slot, later)
    assert await second.clocks.claim("ai-turn", "1", later, 101.0, 131.0)
    assert not await storage.clocks.claim("ai-turn", "2", later, 101.0, 131.0)


async def test_the_work_of_a_dead_process_of_another_slot_is_adopted(
    database_url: str, storage: Storage, second: Storage
) -> None:
    record = await storage.create_game(draft(), 0.0)
    dying = await open_storage(database_url, rater=None)
    assert await dying.clocks.take_over(OTHER_SLOT.slot, holder(OTHER_SLOT))
    assert await dying.clocks.claim("ai-turn", "1", holder(OTHER_SLOT), 100.0, 160.0)
    left = Announcement(
        "left", record.id, record.version + 1, CHANNEL, "{}", 0.0, *dataclasses.astuple(OTHER_SLOT)
    )
    await dying.save(record, 11.0, announcement=left)
    if database_url.startswith("sqlite"):
        await dying.close()
        assert await second.clocks.orphaned(WRITER.slot) == [], "a SQLite file serves one process"
        return
    assert await second.clocks.take_over(WRITER.slot, holder(WRITER))
    assert await second.clocks.orphaned(WRITER.slot) == [], "its process still runs"
    await dying.close()  # as when its process dies: its claims and announcements stay
    assert await second.clocks.orphaned(WRITER.slot) == [OTHER_SLOT.slot]
    assert await second.announcements.owed(10.0, WRITER, 10, now=10.0) == []
    await second.clocks.adopt(OTHER_SLOT.slot, WRITER.slot)
    assert await second.clocks.claim("ai-turn", "1", holder(WRITER), 101.0, 161.0)
    assert [a.id for a in await second.announcements.owed(10.0, WRITER, 10, now=10.0)] == ["left"]
    assert await second.clocks.orphaned(WRITER.slot) == []


async def test_quiet_hours_kept_once_read_follow_a_change_in_any_process(
    database_url: str, storage: Storage, second: Storage
) -> None:
    hours = QuietHours(23 * 60, 8 * 60, "Europe/Berlin")
    assert await storage.clocks.quiet_hours(7) is None
    await storage.clocks.set_quiet_hours(7, hours)
    assert await storage.clocks.quiet_hours(7) == hours
    assert await second.clocks.quiet_hours(7) == hours
    await storage.clocks.set_quiet_hours(7, None)
    for _ in range(100):
        if await second.clocks.quiet_hours(7) is None:
            break
        await asyncio.sleep(0.02)
    assert await second.clocks.quiet_hours(7) is None, "the other process heard of the change"


async def test_server_settings_kept_once_read_follow_a_change_in_any_process(
    database_url: str, storage: Storage, second: Storage
) -> None:
    assert (await storage.clocks.server_settings(5)).language is None
    assert (await second.clocks.server_settings(5)).language is None  # kept there now
    await storage.clocks.save_server_settings(5, ServerSettings(language="pl"))
    assert (await storage.clocks.server_settings(5)).language == "pl"
    for _ in range(100):
        if (await second.clocks.server_settings(5)).language == "pl":
            break
        await asyncio.sleep(0.02)
    assert (await second.clocks.server_settings(5)).language == "pl", "the other heard of it"
    assert (await second.clocks.server_settings(6)).language is None


async def test_a_held_ping_is_kept_once_and_struck_off_by_one_process(
    storage: Storage, second: Storage
) -> None:
    record = await storage.create_game(draft(), 0.0)
    ping = HeldPing(record.id, 50.0, 12, CHANNEL, 300.0)
    await storage.clocks.hold_pings([ping])
    await second.clocks.hold_pings([dataclasses.replace(ping, due_at=900.0)])
    assert await storage.clocks.due_pings(299.0) == []
    assert await second.clocks.due_pings(300.0) == [ping]
    assert await storage.clocks.next_due() == 300.0
    dropped = await asyncio.gather(
        storage.clocks.drop_ping(record.id, 50.0), second.clocks.drop_ping(record.id, 50.0)
    )
    assert sorted(dropped) == [False, True]
    assert await storage.clocks.due_pings(1000.0) == []


async def test_a_players_vacations_never_overlap_and_end_once(
    storage: Storage, second: Storage
) -> None:
    day = 86_400.0
    added = await asyncio.gather(
        storage.clocks.add_vacation(Vacation(7, 0.0, 3 * day)),
        second.clocks.add_vacation(Vacation(7, day, 2 * day, automatic=True)),
    )
    assert sorted(added) == [False, True]
    assert await storage.clocks.add_vacation(Vacation(8, day, 2 * day))
    (kept,) = await storage.clocks.vacations(7, 0.0)
    assert await second.clocks.end_vacation(7, kept.started_at, kept.started_at + 60.0)
    assert not await storage.clocks.end_vacation(7, kept.started_at, kept.started_at + 120.0)
    assert await storage.clocks.vacations(7, kept.started_at + 60.0) == []
    assert [v.ends_at for v in await storage.clocks.vacations(7, 0.0)] == [kept.started_at + 60.0]


async def test_a_vacations_notices_are_owed_only_when_it_is_kept_or_ended(
    storage: Storage, second: Storage
) -> None:
    day = 86_400.0
    record = await storage.create_game(draft(), 0.0)

    def notice(name: str) -> Announcement:
        return Announcement(name, record.id, record.version, CHANNEL, "{}", 5.0, "s", "w")

    added = await asyncio.gather(
        storage.clocks.add_vacation(Vacation(7, 0.0, 3 * day), [notice("first")]),
        second.clocks.add_vacation(Vacation(7, day, 2 * day), [notice("second")]),
    )
    (kept,) = await storage.clocks.vacations(7, 0.0)
    assert not await storage.clocks.end_vacation(7, kept.started_at + 1, 60.0, [notice("none")])
    assert await second.clocks.end_vacation(7, kept.started_at, day + 60.0, [notice("back")])
    owed = await storage.announcements.owed(5.0, Writer("other", "x"), 10, now=5.0)
    won = "first" if added[0] else "second"
    assert sorted(a.id for a in owed) == sorted([won, "back"])
