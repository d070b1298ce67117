"""A bot serving its pages on a free port of this machine, driven through the harness."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from bot.discord_ui.app import PyramidBot
from tests.bot.harness import DiscordHarness
from tests.bot.support import Clock, new_bot


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def port() -> int:
    return free_port()


@pytest.fixture
async def discord(tmp_path: Path, clock: Clock, port: int) -> AsyncIterator[DiscordHarness]:
    bot = new_bot(tmp_path, clock=clock, web_port=port, public_url=f"http://127.0.0.1:{port}")
    async with DiscordHarness(bot) as harness:
        yield harness


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


def bot_of(discord: DiscordHarness) -> PyramidBot:
    assert isinstance(discord.client, PyramidBot)
    return discord.client
