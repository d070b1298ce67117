"""The local console: the same use cases, typed as lines, pictures written to a folder."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.console import Console
from bot.service import Service
from bot.storage.sqlite import SqliteStorage


@pytest.fixture
async def console(tmp_path: Path) -> AsyncIterator[Console]:
    storage = await SqliteStorage.open(str(tmp_path / "console.sqlite3"))
    yield Console(Service(storage), tmp_path / "out")
    await storage.close()


async def test_a_game_played_from_the_console_writes_its_pictures(
    console: Console, tmp_path: Path
) -> None:
    begun = await console.handle("start tink alice bob")
    assert begun.splitlines()[:2] == ["Tink #1 begins: alice and bob.", "Your move, alice."]
    assert (tmp_path / "out" / "tink-1.png").read_bytes().startswith(b"\x89PNG")
    for line in ["alice s c3", "bob s c5", "alice s d3", "bob s d5", "alice s e3", "bob s e5"]:
        assert "played" in await console.handle(line)
    assert "alice wins: four in a row." in await console.handle("alice s f3")
    history = await console.handle("history")
    assert "7. alice: S f3" in history
    assert (tmp_path / "out" / "tink-1.gif").read_bytes().startswith(b"GIF8")


async def test_refusals_and_unknown_lines_are_answered_in_words(console: Console) -> None:
    assert await console.handle("start chess a b") == (
        "Start which game? One of tink, tingle, folio, bridge."
    )
    await console.handle("start folio alice bob grid=fixed")
    assert await console.handle("alice a1") == "It is bob's turn."
    assert await console.handle("dance") == "Unknown command 'dance'; type help."
    assert "give RS: gives the red small" in await console.handle("moves give r")


async def test_a_new_console_resumes_the_open_game(console: Console, tmp_path: Path) -> None:
    await console.handle("start tink alice bob")
    await console.handle("alice s d4")
    later = Console(console.service, tmp_path / "out")
    assert await later.resume() == "Resuming Tink #1: alice, bob."
    assert "played `S e5`" in await later.handle("bob s e5")


async def test_draw_and_undo_are_agreed_at_once(console: Console) -> None:
    await console.handle("start tink alice bob")
    await console.handle("alice s d4")
    assert "last move was taken back" in await console.handle("undo alice")
    assert "The game is drawn: agreed draw." in await console.handle("draw bob")
