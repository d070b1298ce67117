"""Server settings on both backends: the `hints` setting is kept with the others (another
process hears of a change and reads it), and a server whose settings were stored before
it existed gets the default."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

import pytest

from bot.storage import Storage, open_backend
from bot.storage.clocks import Hints, OnTimeOut, ServerSettings
from tests.bot.storage.test_upgrade import GUILD, restored


async def test_each_hints_value_is_stored_with_the_other_settings(
    storage: Storage, second: Storage
) -> None:
    assert (await storage.clocks.server_settings(1)).hints is Hints.BOT_GAMES
    others = ServerSettings(time_limit=3600.0, on_time_out=OnTimeOut.CLAIM, pages=False)
    for hints in Hints:
        settings = dataclasses.replace(others, hints=hints)
        await storage.clocks.save_server_settings(1, settings)
        assert await storage.clocks.server_settings(1) == settings
        for _ in range(100):  # the other process keeps what it read until it hears
            if await second.clocks.server_settings(1) == settings:
                break
            await asyncio.sleep(0.02)
        assert await second.clocks.server_settings(1) == settings
    assert (await second.clocks.server_settings(2)).hints is Hints.BOT_GAMES


async def test_settings_stored_before_hints_give_them_in_bot_games_only(
    backend: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    store = await open_backend(await restored(backend, request, tmp_path), rater=None)
    try:
        settings = await store.clocks.server_settings(GUILD)
    finally:
        await store.close()
    assert (settings.time_limit, settings.hints) == (86_400, Hints.BOT_GAMES)
