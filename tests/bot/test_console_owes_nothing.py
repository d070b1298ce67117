"""The console's games owe Discord nothing: a bot started on the console's database (as
`python -m bot local` leaves it) posts none of what the console already showed."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.console import run_console
from tests.bot.discord_ui.test_slow_game_commands import scheduler_of
from tests.bot.harness import DiscordHarness, Kind
from tests.bot.support import StubRenderer, new_bot
from tests.bot.test_console import scripted

MOVES = ["start tink alice bob", "alice s c3", "bob s c5", "alice s d3", "resign bob", "y"]
"""A game played out, and one left open with its moves."""


def console_session(url: str, out: Path, lines: list[str]) -> list[str]:
    """What the console writes for the lines typed, run as `python -m bot local` runs it."""
    written: list[str] = []
    run_console(
        url, out, read=scripted([*lines, "quit"]), write=written.append, renderer=StubRenderer()
    )
    return written


async def test_a_bot_on_the_consoles_database_posts_nothing_the_console_showed(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'console.sqlite3'}"
    played = [*MOVES, "start tink alice ai", "alice s c3"]
    written = await asyncio.to_thread(console_session, url, tmp_path / "out", played)
    assert any("alice wins: resignation." in line for line in written)
    async with DiscordHarness(new_bot(tmp_path, database_url=url)) as discord:
        await discord.run(scheduler_of(discord).run_due())
        assert [r for r in discord.requests if r.kind is Kind.SEND] == []
        assert await discord.client.host.storage.announcements.backlog() == 0  # type: ignore[attr-defined]
        begun = await discord.slash(
            discord.user("carol"), "tink start", {"opponent": discord.user("dan")}
        )
    assert "carol" in begun.content
