"""Fixtures for driving a discord.py client through the Discord-payload harness."""

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import discord
import pytest

from tests.bot.harness import DiscordHarness


@pytest.fixture
async def open_harness() -> AsyncIterator[Callable[..., Awaitable[DiscordHarness]]]:
    """Starts harnesses (`await open_harness(client, timeout=...)`), closed after the test."""
    opened: list[DiscordHarness] = []

    async def open_(client: discord.Client, **options: Any) -> DiscordHarness:
        harness = await DiscordHarness(client, **options).start()
        opened.append(harness)
        return harness

    yield open_
    for harness in reversed(opened):
        await harness.close()
