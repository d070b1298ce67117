"""`python -m bot web`: a process with no shard of its own serves every game's page from
the database the bot's processes share; it hears their moves, plays a move made on its
pages and announces it through Discord's HTTP API, and is healthy without a gateway.

Two bots stand for the two processes, each with its own harness building the same world
(the same guilds, channels and people, with the same ids)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiohttp
import pytest

from bot.__main__ import NO_PAGES, main
from tests.bot.discord_ui.test_slow_game_commands import START
from tests.bot.harness import DiscordHarness, Kind
from tests.bot.harness import discord_internals as internals
from tests.bot.support import Clock, new_bot
from tests.bot.web.conftest import bot_of, free_port
from tests.bot.web.test_pages import _event, text_of
from tests.postgres_server import PostgresServer

OpenHarness = Callable[..., Awaitable[DiscordHarness]]


async def test_a_pages_process_serves_hears_and_plays_the_games_of_the_bots_processes(
    postgres_server: PostgresServer,
    tmp_path: Path,
    open_harness: OpenHarness,
    clock: Clock,
    http: aiohttp.ClientSession,
) -> None:
    url, port = postgres_server.new_database(), free_port()
    shard = await open_harness(new_bot(tmp_path, clock=clock, database_url=url))
    pages = await open_harness(
        new_bot(
            tmp_path,
            clock=clock,
            database_url=url,
            gateway=False,
            web_port=port,
            public_url=f"http://127.0.0.1:{port}",
        )
    )
    alice, bob = shard.user("alice"), shard.user("bob")
    for user in (alice, bob):
        assert pages.user(user.name).id == user.id
    assert pages.channel.id == shard.channel.id
    challenge = await shard.slash(alice, "tink start", {"opponent": bob})
    await shard.click(bob, challenge.message, "Accept")
    links = bot_of(pages).links
    assert links is not None
    internals.mark_disconnected(pages.client)
    assert await text_of(http, f"http://127.0.0.1:{port}/healthz") == (200, "ok\n")
    async with http.get(f"{links.watch(1)}/events") as stream:
        assert await _event(stream) == "version"
        moved_at = time.monotonic()
        await shard.slash(alice, "tink move", {"move": "S d4"})
        assert await asyncio.wait_for(_event(stream), 2.0) == "version"
        assert time.monotonic() - moved_at < 2.0
    record = await bot_of(pages).host.storage.game(1)
    assert record is not None
    chosen = {"chosen": "S e5", "v": str(record.version)}
    async with http.post(links.play(1, bob.id, START), data=chosen) as played:
        assert played.status == 200 and "Your move, alice." in await played.text()
    (announced,) = [r for r in pages.requests if r.kind is Kind.SEND]
    assert announced.content.startswith("**bob** played `S e5`")
    assert announced.params["channel_id"] == str(shard.channel.id)
    answered = await shard.slash(alice, "tink move", {"move": "S c3"})
    assert answered.content.startswith("**alice** played `S c3`")
    assert [r for r in pages.requests if r.kind is Kind.COMMANDS] == []
    assert bot_of(pages).settings.slot != bot_of(shard).settings.slot, "neither takes over"


def test_the_pages_process_needs_a_port(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setenv("WEB_PORT", "off")
    assert main(["web"]) == 1
    assert capsys.readouterr().err.strip() == NO_PAGES
