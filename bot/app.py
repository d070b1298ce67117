"""The Discord client: storage and service set up in `setup_hook`, commands synced, and
every failure answered by the one error handler."""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Callable

import discord
from discord import app_commands

from bot.async_commands import async_play_commands
from bot.async_play import AsyncPlay
from bot.commands import build_groups
from bot.config import Settings
from bot.courier import DiscordCourier
from bot.drawing import DrawingError, DrawingProcess, Renderer, ThreadDrawing
from bot.replies import answer_failure
from bot.scheduler import Scheduler
from bot.service import Service
from bot.standings_commands import STANDINGS_ITEMS, standings_commands
from bot.storage import Storage, open_storage
from bot.views import DYNAMIC_ITEMS

log = logging.getLogger(__name__)


class PyramidBot(discord.Client):
    """The bot: one command group per game over one game service."""

    service: Service
    async_play: AsyncPlay

    def __init__(
        self,
        settings: Settings,
        *,
        sync_commands: bool = True,
        clock: Callable[[], float] = time.time,
        renderer: Renderer | None = None,
    ) -> None:
        super().__init__(intents=discord.Intents(guilds=True))
        self.settings = settings
        self.renderer = renderer
        self.sync_commands = sync_commands
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = answer_failure  # type: ignore[method-assign]
        self._storage: Storage | None = None
        self.clock = clock
        self.scheduler: Scheduler | None = None

    async def setup_hook(self) -> None:
        self._storage = await open_storage(self.settings.database_url)
        if self.renderer is None:
            self.renderer = await _start_drawing()
        self.service = Service(self._storage, renderer=self.renderer, clock=self.clock)
        self.async_play = AsyncPlay(self.service, clock=self.clock)
        self.scheduler = Scheduler(self.async_play, DiscordCourier(self), clock=self.clock)
        for group in build_groups():
            self.tree.add_command(group)
        for command in standings_commands():
            self.tree.add_command(command)
        for command in async_play_commands():
            self.tree.add_command(command)
        self.add_dynamic_items(*DYNAMIC_ITEMS, *STANDINGS_ITEMS)
        if self.sync_commands:
            await self._sync()
        self.scheduler.start()
        gc.collect()
        gc.freeze()  # what start-up made stays: full collections need not scan it again

    async def _sync(self) -> None:
        """Commands reach one test server at once, or every server within about an hour."""
        guild_id = self.settings.dev_guild_id
        if guild_id is None:
            synced = await self.tree.sync()
            log.info("synced %d command groups globally", len(synced))
            return
        guild = discord.Object(guild_id)
        self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        log.info("synced %d command groups to server %s", len(synced), guild_id)

    async def on_ready(self) -> None:
        log.info("ready as %s in %d servers", self.user, len(self.guilds))

    async def close(self) -> None:
        await super().close()
        if self.scheduler is not None:
            await self.scheduler.stop()
        if self._storage is not None:
            await self._storage.close()
            self._storage = None
        if self.renderer is not None:
            await self.renderer.close()


async def _start_drawing() -> Renderer:
    """The drawing process, or drawing in threads of this process if it cannot start."""
    drawing = DrawingProcess()
    try:
        await drawing.start()
    except (OSError, DrawingError):
        log.exception("the drawing process did not start; pictures are drawn in threads")
        await drawing.close()
        return ThreadDrawing()
    return drawing


def create_bot(
    settings: Settings,
    *,
    sync_commands: bool = True,
    clock: Callable[[], float] = time.time,
    renderer: Renderer | None = None,
) -> PyramidBot:
    """The bot; `clock` (seconds, like `time.time`) times moves, reminders and time-outs.

    Pictures are drawn in a child process unless another `renderer` is given.
    """
    return PyramidBot(settings, sync_commands=sync_commands, clock=clock, renderer=renderer)
