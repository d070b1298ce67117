"""The Discord client: storage and use cases set up in `setup_hook`, commands synced, and
every failure answered by the one error handler.

The client runs the shards the settings give it (every shard by default). Processes running
other shards share the database: any of them may do any due work, posting through Discord's
REST API, which needs no gateway connection to the server posted in. The process running
shard 0 registers the commands, and only when they changed since the last time.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

import discord

from bot.config import Settings
from bot.discord_ui.buttons import answer_unknown
from bot.discord_ui.courier import DiscordCourier
from bot.discord_ui.game_commands import build_groups
from bot.discord_ui.health import GatewayAbsence, count_invalid_requests, database_trouble
from bot.discord_ui.picker_views import PICKER_ITEMS
from bot.discord_ui.puzzle_commands import puzzle_command
from bot.discord_ui.puzzle_views import PUZZLE_ITEMS
from bot.discord_ui.replies import NO_PINGS, replies_only
from bot.discord_ui.review_commands import REVIEW_ITEMS
from bot.discord_ui.rules_pages import RULES_ITEMS
from bot.discord_ui.slow_game_commands import slow_game_commands
from bot.discord_ui.standings_commands import STANDINGS_ITEMS, standings_commands
from bot.discord_ui.tournament_commands import (
    TOURNAMENT_ITEMS,
    DiscordVenue,
    tournament_commands,
)
from bot.discord_ui.tree import GameTree
from bot.discord_ui.vacation_commands import vacation_group
from bot.discord_ui.views import DYNAMIC_ITEMS
from bot.metrics import (
    AI_QUEUE,
    DATABASE_ERRORS,
    OUTBOX_BACKLOG,
    PAGES_OPEN,
    SHARDS_CONNECTED,
    exposition,
    interactions,
)
from bot.play.ai_turns import DEFAULT_NAME, Thinker
from bot.play.host import Host
from bot.play.pictures import Renderer
from bot.play.ratings import rate_game
from bot.runtime.ai_runner import AiRunner
from bot.runtime.orphans import OrphanWatch
from bot.runtime.scheduler import Scheduler
from bot.runtime.service import Service, build
from bot.storage import Storage, open_storage
from bot.storage.claims import holder
from bot.web.links import WebLinks
from bot.web.server import WebFront
from bot.workers.child import WorkerError
from bot.workers.drawing import DrawingProcess, ThreadDrawing
from bot.workers.thinking import ThinkingProcesses, ThreadThinking

log = logging.getLogger(__name__)

IDENTIFY_GAP = 5.0
"""Seconds discord.py waits before each gateway session after the first."""
RATE_LIMIT_WAIT = 30.0
"""Seconds at most discord.py waits out a route's rate limit before it gives up with
`discord.RateLimited` (a post the bot makes by itself is then kept, to be sent again after
at least Discord's Retry-After)."""

BUTTONS = (
    *DYNAMIC_ITEMS,
    *PICKER_ITEMS,
    *PUZZLE_ITEMS,
    *REVIEW_ITEMS,
    *RULES_ITEMS,
    *STANDINGS_ITEMS,
    *TOURNAMENT_ITEMS,
)
"""Every kind of restart-proof button the bot's messages carry."""


class PyramidBot(discord.AutoShardedClient):
    """The bot: one command group per game over the use cases of one `Host`, on the shards
    the settings name."""

    def __init__(
        self,
        settings: Settings,
        *,
        sync_commands: bool = True,
        clock: Callable[[], float] = time.time,
        renderer: Renderer | None = None,
        thinker: Thinker | None = None,
    ) -> None:
        super().__init__(
            intents=discord.Intents(guilds=True),
            allowed_mentions=NO_PINGS,
            shard_count=settings.shard_count,
            max_ratelimit_timeout=RATE_LIMIT_WAIT,
        )
        if settings.shard_ids is not None:
            self.shard_ids = list(settings.shard_ids)
        self.settings = settings
        self.renderer = renderer
        self.thinker = thinker
        self.sync_commands = sync_commands
        self.tree = GameTree(self)
        self._storage: Storage | None = None
        self.clock = clock
        address = settings.web_address
        self.links = None if address is None else WebLinks(address, settings.link_secret)
        """The pages' links, when the bot serves pages."""
        self._service: Service | None = None
        self._web: WebFront | None = None
        self.orphans: OrphanWatch | None = None
        self._absence = GatewayAbsence(clock)

    @property
    def is_set_up(self) -> bool:
        """Whether `setup_hook` has built the use cases and their background work."""
        return self._service is not None

    @property
    def serves_pages(self) -> bool:
        """Whether the games' pages are served (set up in `setup_hook`)."""
        return self._web is not None

    @property
    def service(self) -> Service:
        """The use cases and their background work, built in `setup_hook`."""
        assert self._service is not None, "the service is built in setup_hook"
        return self._service

    @property
    def host(self) -> Host:
        return self.service.host

    @property
    def scheduler(self) -> Scheduler:
        return self.service.scheduler

    @property
    def ai_runner(self) -> AiRunner:
        return self.service.ai_runner

    async def login(self, token: str) -> None:
        """Open the storage first: a database that cannot be used stops start-up (with
        DatabaseUnusable) before Discord is contacted."""
        self._storage = await open_storage(self.settings.database_url, rater=rate_game)
        count_invalid_requests(self.http)
        await super().login(token)

    async def setup_hook(self) -> None:
        assert self._storage is not None, "the storage opens when the bot logs in"
        renderer, thinker = await self._start_workers()
        courier = DiscordCourier(self, self._storage.reply_places, self.clock)
        self._service = build(
            self._storage,
            renderer,
            courier,
            clock=self.clock,
            slot=self.settings.slot,
            thinker=thinker,
            vacation_days=self.settings.vacation_days,
            venue=DiscordVenue(self),
            ai_name=DEFAULT_NAME if self.user is None else self.user.display_name,
            ai_at_once=self.settings.ai_processes,
        )
        commands = [
            *build_groups(),
            *standings_commands(),
            *slow_game_commands(),
            puzzle_command(),
        ]
        self.tree.add_commands([*commands, vacation_group(), *tournament_commands()])
        self.add_dynamic_items(*BUTTONS)
        if self.sync_commands and self.settings.runs_first_shard:
            await self._sync(self._storage)
        await self._take_over(self._storage)
        self.orphans = OrphanWatch(self._storage.clocks, self.settings.slot, self._work_given_back)
        self.service.start()
        self.orphans.start()
        await self._serve_pages()

    async def _serve_pages(self) -> None:
        """Serve the games' pages, `/healthz` and `/metrics`, when a port is set."""
        port = self.settings.web_port
        if port is None or self.links is None:
            return
        web = WebFront(
            self.host, self.links, self.scheduler.deliver, self.health, self.metrics, self.clock
        )
        try:
            await web.start(port)
        except OSError as error:
            log.error(
                "could not serve the pages on port %d (%s): set WEB_PORT to a free port, "
                "or to off; the bot runs without them",
                port,
                error.strerror or error,
            )
            await web.stop()
            return
        self._web = web

    async def health(self) -> str | None:
        """Why the bot is unhealthy (see `bot.discord_ui.health`), or None when it is."""
        away = self._absence.reason(self) if self.settings.gateway else None
        return away or await database_trouble(self.host.storage, self.clock())

    async def metrics(self) -> bytes:
        """The metrics in Prometheus' format, the gauges read now."""
        SHARDS_CONNECTED.set(sum(not shard.is_closed() for shard in self.shards.values()))
        AI_QUEUE.set(self.ai_runner.queued)
        PAGES_OPEN.set(0 if self._web is None else self._web.live.pages)
        try:
            OUTBOX_BACKLOG.set(await self.host.storage.announcements.backlog())
        except Exception:
            DATABASE_ERRORS.inc()
            log.exception("could not count the announcements owed")
        return exposition()

    async def _start_workers(self) -> tuple[Renderer, Thinker]:
        """Start the drawing and thinking processes not given, side by side (each imports
        its libraries), falling back to threads for one that cannot start."""
        drawing: Awaitable[Renderer] = (
            _started(DrawingProcess(), ThreadDrawing(), "drawing")
            if self.renderer is None
            else _given(self.renderer)
        )
        thinking: Awaitable[Thinker] = (
            _started(ThinkingProcesses(self.settings.ai_processes), ThreadThinking(), "thinking")
            if self.thinker is None
            else _given(self.thinker)
        )
        renderer, thinker = await asyncio.gather(drawing, thinking)
        self.renderer, self.thinker = renderer, thinker
        return renderer, thinker

    async def _take_over(self, storage: Storage) -> None:
        """Serve this process's shards: what the process that ran them before left claimed
        is freed at once, unless another live process runs them."""
        writer = self.host.games.writer
        if not await storage.clocks.take_over(writer.slot, holder(writer)):
            log.warning(
                "another process runs %s on this database, or its machine stopped without "
                "closing its connection: each shard must run in exactly one process; the "
                "work that process claimed is taken up once its claims lapse",
                writer.slot,
            )
        await storage.clocks.on_let_go(self._work_given_back)

    def _work_given_back(self) -> None:
        """A process stopped, giving its work back (or died, leaving it): look for it at
        once."""
        if self._service is not None:
            self._service.scheduler.wake()
            self._service.ai_runner.look_soon()

    async def _let_go(self, storage: Storage) -> None:
        """Release the claims this process holds, so that others take the work at once."""
        try:
            released = await storage.clocks.let_go(holder(self.host.games.writer))
        except Exception:
            log.exception("could not release this process's claims; they lapse in a minute")
            return
        if released:
            log.info("released %d claims on due work", released)

    async def _sync(self, storage: Storage) -> None:
        """Commands reach one test server at once, or every server within about an hour.

        They are registered only when they differ from those last registered (as the
        database remembers), since Discord limits how often that may be done.
        """
        guild_id = self.settings.dev_guild_id
        guild = None if guild_id is None else discord.Object(guild_id)
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        where = "globally" if guild is None else f"to server {guild_id}"
        scope = f"{self.application_id}:{'global' if guild is None else guild_id}"
        digest = command_digest(self.tree, guild)
        if await storage.command_syncs.digest(scope) == digest:
            log.info("commands unchanged since they were last synced %s", where)
            return
        synced = await self.tree.sync(guild=guild)
        await storage.command_syncs.save(scope, digest, self.clock())
        log.info("synced %d command groups %s", len(synced), where)

    def dispatch(self, event: str, /, *args: Any, **kwargs: Any) -> None:
        """As discord.py's, except that an interaction is counted at once, and handed on
        (to `on_interaction`, in a task of its own) only when there is more to do with
        it: a press, or one where the bot may only answer. Nothing waits for an
        interaction with `wait_for`."""
        if event == "interaction":
            interaction = args[0]
            interactions(interaction.type.name, "received").inc()
            pressed = interaction.type is discord.InteractionType.component
            if not pressed and not _answers_only(interaction):
                return
        super().dispatch(event, *args, **kwargs)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Note the token of an interaction where the bot may only answer (its own posts go
        as follow-ups to the latest); a button no dynamic item takes is answered here
        (discord.py drops it)."""
        place_id = interaction.channel_id
        if place_id is not None and _answers_only(interaction):
            await self.host.answering.note(place_id, interaction.token)
        await answer_unknown(interaction, BUTTONS)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Wait before opening a gateway session: as discord.py does between sessions
        (`IDENTIFY_GAP`), and longer once the day's sessions near Discord's allowance (see
        `IdentifyBudget`)."""
        wait = 0.0 if initial else IDENTIFY_GAP
        try:
            wait = max(wait, await self.service.identifies.wait(shard_id))
        except Exception:
            DATABASE_ERRORS.inc()
            log.exception("could not count the gateway sessions opened")
        await asyncio.sleep(wait)

    async def on_disconnect(self) -> None:
        """Note when the bot lost the gateway (see `health`)."""
        self._absence.lost()

    async def on_ready(self) -> None:
        log.info(
            "ready as %s in %d servers, on shards %s of %s",
            self.user,
            len(self.guilds),
            ",".join(map(str, sorted(self.shards))) or "none yet",
            self.shard_count,
        )

    async def close(self) -> None:
        if self._web is not None:
            await self._web.stop()
        await super().close()
        if self.orphans is not None:
            await self.orphans.stop()
        if self._service is not None:
            await self._service.stop()
        if self._storage is not None:
            if self._service is not None:
                await self._let_go(self._storage)
            await self._storage.close()
            self._storage = None
        if self.renderer is not None:
            await self.renderer.close()
        if self.thinker is not None:
            await self.thinker.close()


def command_digest(tree: GameTree, guild: discord.abc.Snowflake | None) -> str:
    """A digest of the commands `tree.sync(guild=guild)` would register."""
    payload = [command.to_dict(tree) for command in tree.get_commands(guild=guild)]
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


class _ChildWorker(Protocol):
    async def start(self) -> None: ...

    async def close(self) -> None: ...


Child = TypeVar("Child", bound=_ChildWorker)
Threads = TypeVar("Threads")
Given = TypeVar("Given")


def _answers_only(interaction: discord.Interaction) -> bool:
    """Whether the interaction is answerable (not an autocomplete) where the bot may only
    answer, its token to be noted (see `replies_only`)."""
    answerable = interaction.type is not discord.InteractionType.autocomplete
    return answerable and interaction.channel_id is not None and replies_only(interaction)


async def _given(worker: Given) -> Given:
    return worker


async def _started(child: Child, threads: Threads, what: str) -> Child | Threads:
    """A worker process started and ready, or `threads` (doing the same work in threads of
    this process) if it cannot start."""
    try:
        await child.start()
    except (OSError, WorkerError):
        log.exception("the %s process did not start; its work is done in threads", what)
        await child.close()
        return threads
    return child


def create_bot(
    settings: Settings,
    *,
    sync_commands: bool = True,
    clock: Callable[[], float] = time.time,
    renderer: Renderer | None = None,
    thinker: Thinker | None = None,
) -> PyramidBot:
    """The bot; `clock` (seconds, like `time.time`) times moves, reminders and time-outs.

    Pictures are drawn, and the AI thinks (in `settings.ai_processes` processes, playing as
    many games' turns at once), in child processes unless another `renderer` or `thinker`
    is given.
    """
    return PyramidBot(
        settings, sync_commands=sync_commands, clock=clock, renderer=renderer, thinker=thinker
    )
