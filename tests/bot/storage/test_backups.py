"""`python -m bot backup` while the bot plays, and `python -m bot restore` into a fresh
database, on which a new bot plays the same game on; each backend with its own tools."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path

import pytest

from bot.__main__ import main
from tests.bot.discord_ui.test_slow_game_commands import begin
from tests.bot.harness import DiscordHarness
from tests.bot.support import new_bot
from tests.postgres_server import BACKENDS, PostgresServer


def fresh_database(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """An empty database of the backend: a new file, or a database without any table."""
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'restored' / 'games.sqlite3'}"
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.new_database(empty=True)


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_live_bots_database_is_backed_up_restored_and_played_on(
    backend: str,
    database_url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    request: pytest.FixtureRequest,
) -> None:
    backup = tmp_path / "backups" / "nightly.backup"
    async with DiscordHarness(new_bot(tmp_path, database_url=database_url)) as live:
        await begin(live)
        await live.slash(live.user("alice"), "tink move", {"move": "S d4"})
        monkeypatch.setenv("DATABASE_URL", database_url)
        assert await asyncio.to_thread(main, ["backup", str(backup)]) == 0
        assert await asyncio.to_thread(main, ["backup", str(backup)]) == 1
        assert "already exists: name a new file" in capsys.readouterr().err
        await live.slash(live.user("bob"), "tink move", {"move": "S e5"})
    restored = fresh_database(backend, tmp_path, request)
    monkeypatch.setenv("DATABASE_URL", restored)
    assert await asyncio.to_thread(main, ["restore", str(backup)]) == 0
    assert capsys.readouterr().out.startswith("Restored ")
    async with DiscordHarness(new_bot(tmp_path, database_url=restored)) as again:
        _, bob = again.user("alice"), again.user("bob")  # the same ids as before
        moved = await again.slash(bob, "tink move", {"move": "S e5"})
        assert moved.content.startswith("**bob** played `S e5`")
        assert "Your move, **alice**." in moved.content


async def test_a_restore_never_writes_over_a_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    backup, existing = tmp_path / "old.backup", tmp_path / "games.sqlite3"
    backup.write_bytes(b"")
    existing.write_bytes(b"")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{existing}")
    assert await asyncio.to_thread(main, ["restore", str(backup)]) == 1
    assert "already exists: restore into a new file" in capsys.readouterr().err


def backed_up(url: str, file: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`python -m bot backup FILE` of the database at `url`."""
    monkeypatch.setenv("DATABASE_URL", url)
    assert main(["backup", str(file)]) == 0
    return file


def restoring(file: Path, url: str, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setenv("DATABASE_URL", url)
    return main(["restore", str(file)])


def sqlite_database(path: Path) -> str:
    """A SQLite database holding a table, by its URL."""
    with contextlib.closing(sqlite3.connect(path)) as database:
        database.execute("CREATE TABLE kept (n INTEGER)")
    return f"sqlite:///{path}"


def test_a_restore_into_a_postgresql_database_with_tables_says_to_use_an_empty_one(
    postgres_server: PostgresServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    backup = backed_up(postgres_server.new_database(), tmp_path / "pg.backup", monkeypatch)
    used = postgres_server.new_database()
    assert restoring(backup, used, monkeypatch) == 1
    said = capsys.readouterr().err
    name = used.rpartition("/")[2]
    assert said.startswith(f"The PostgreSQL database {name!r} already has tables")
    assert f"createdb {name}_restored" in said and said.count("\n") == 1
    assert "pg_restore" not in said


def test_a_backup_is_restored_only_into_the_kind_of_database_it_was_taken_from(
    postgres_server: PostgresServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from_sqlite = sqlite_database(tmp_path / "games.sqlite3")
    sqlite_backup = backed_up(from_sqlite, tmp_path / "sqlite.backup", monkeypatch)
    pg_backup = backed_up(postgres_server.new_database(), tmp_path / "pg.backup", monkeypatch)
    capsys.readouterr()
    empty = postgres_server.new_database(empty=True)
    assert restoring(sqlite_backup, empty, monkeypatch) == 1
    assert "is not a backup of a PostgreSQL database" in capsys.readouterr().err
    new_file = tmp_path / "restored.sqlite3"
    assert restoring(pg_backup, f"sqlite:///{new_file}", monkeypatch) == 1
    assert "is not a backup of a SQLite database" in capsys.readouterr().err
    assert not new_file.exists()


def test_a_restore_to_a_three_slash_path_meant_from_the_root_names_four_slashes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    here = tmp_path / "clone"
    here.mkdir()
    monkeypatch.chdir(here)
    backup = backed_up(sqlite_database(tmp_path / "games.sqlite3"), tmp_path / "b", monkeypatch)
    meant = tmp_path / "restored" / "games.sqlite3"
    assert restoring(backup, f"sqlite://{meant}", monkeypatch) == 1
    assert f"write four slashes, sqlite:///{meant}" in capsys.readouterr().err
    assert not any(here.iterdir())
