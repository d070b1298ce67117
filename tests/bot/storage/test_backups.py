"""`python -m bot backup` while the bot plays, and `python -m bot restore` into a fresh
database, on which a new bot plays the same game on; each backend with its own tools."""

from __future__ import annotations

import asyncio
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
