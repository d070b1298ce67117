"""`python -m bot export [--server ID] FILE`: every finished game of DATABASE_URL's
database (of one server, or all) written as JSON Lines of Abstract Play game records,
read from the storage in order of their ids, on both backends."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from pathlib import Path

import pytest

import engine
from bot.__main__ import main
from bot.storage import Action, GameDraft, GameRecord, Seat, Status, Storage, open_storage
from tests.bot.play.test_exports import GAMES, VALIDATOR, finished_record
from tests.postgres_server import BACKENDS

SERVER, OTHER_SERVER = 1, 2


async def stored(
    storage: Storage, game: engine.Game, guild_id: int | None, channel: int
) -> GameRecord:
    """The finished game saved as play saves it: created, then ended with its actions."""
    finished = finished_record(game)
    draft = GameDraft(
        game.name,
        guild_id,
        channel,
        None,
        finished.options,
        game.seed,
        finished.starter_id,
        tuple(dataclasses.replace(seat, rank=None) for seat in finished.players),
        "{}",
        None,
    )
    created = await storage.create_game(draft, now=finished.created_at)
    ended = dataclasses.replace(
        created,
        status=Status.FINISHED,
        players=finished.players,
        state=finished.state,
        ending=finished.ending,
        ended_at=finished.ended_at,
    )
    logged = [Action(action.text, None, None) for action in game.actions]
    return await storage.save(ended, finished.updated_at, logged)


async def fill(storage: Storage) -> dict[str, int]:
    """Finished games in two servers and outside any, and a game still being played: the
    ids of the finished ones by their game."""
    ids = {}
    places = {"tink": SERVER, "folio": SERVER, "tingle": OTHER_SERVER, "bridge": None}
    for channel, (name, guild) in enumerate(places.items(), 600):
        ids[name] = (await stored(storage, GAMES[name](), guild, channel)).id
    challenger = (Seat(0, 11, "Alice", accepted=True),)
    draft = GameDraft("tink", SERVER, 700, None, {}, 1, 11, challenger, "{}", None)
    await storage.create_game(draft, now=1.0)
    return ids


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_the_finished_games_are_listed_by_id_of_one_server_or_all(
    database_url: str,
) -> None:
    storage = await open_storage(database_url, rater=None)
    try:
        ids = await fill(storage)
        everything = sorted(ids.values())
        assert await storage.finished_ids(None, 0, 10) == everything
        assert await storage.finished_ids(SERVER, 0, 10) == [ids["tink"], ids["folio"]]
        assert await storage.finished_ids(OTHER_SERVER, 0, 10) == [ids["tingle"]]
        assert await storage.finished_ids(None, everything[0], 2) == everything[1:3]
        assert await storage.finished_ids(None, everything[-1], 10) == []
    finally:
        await storage.close()


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """DATABASE_URL names a SQLite file holding finished games: their ids by game."""
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.chdir(tmp_path)

    async def filled() -> dict[str, int]:
        storage = await open_storage(url, rater=None)
        try:
            return await fill(storage)
        finally:
            await storage.close()

    return asyncio.run(filled())


def test_export_writes_every_finished_game_as_a_line_of_its_record(
    database: dict[str, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "records.jsonl"
    assert main(["export", str(file)]) == 0
    assert capsys.readouterr().out == f"Wrote 4 finished games into {file}.\n"
    records = [json.loads(line) for line in file.read_text().splitlines()]
    assert [r["header"]["site"]["gameid"] for r in records] == sorted(database.values())
    for record in records:
        assert list(VALIDATOR.iter_errors(record)) == []
    titles = [r["header"]["game"]["name"] for r in records]
    assert titles == ["Tink", "Folio", "Tingle", "Bridge"]


def test_export_writes_one_servers_games_when_asked(
    database: dict[str, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "server.jsonl"
    assert main(["export", "--server", str(OTHER_SERVER), str(file)]) == 0
    assert capsys.readouterr().out == f"Wrote 1 finished game into {file}.\n"
    (line,) = file.read_text().splitlines()
    assert json.loads(line)["header"]["site"]["gameid"] == database["tingle"]


def test_export_refuses_a_database_that_is_not_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "none.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{missing}")
    file = tmp_path / "records.jsonl"
    assert main(["export", str(file)]) == 1
    assert "does not exist" in capsys.readouterr().err
    assert not file.exists() and not missing.exists()


def test_export_leaves_out_a_game_that_does_not_replay_saying_so(
    database: dict[str, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    unfinished = engine.new_game("tingle", 2, seed=2)

    async def damage() -> None:
        storage = await open_storage(f"sqlite:///{tmp_path / 'games.sqlite3'}", rater=None)
        try:
            record = await storage.game(database["tingle"])
            assert record is not None
            await storage.save(dataclasses.replace(record, state=unfinished.to_json()), 5.0)
        finally:
            await storage.close()

    asyncio.run(damage())
    file = tmp_path / "records.jsonl"
    assert main(["export", str(file)]) == 0
    said = capsys.readouterr()
    game = database["tingle"]
    assert said.err == f"Left out game #{game}: Tingle #{game} is not finished.\n"
    assert said.out == f"Wrote 3 finished games into {file}.\n"
    assert len(file.read_text().splitlines()) == 3
