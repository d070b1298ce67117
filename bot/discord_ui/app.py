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
from pathlib import Path
from typing import Any

import discord

from bot.discord_ui.activities import DiscordActivities
from bot.discord_ui.buttons import answer_unknown
from bot.discord_ui.courier import DiscordCourier
from bot.discord_ui.features import Commands, Feature
from bot.discord_ui.game_commands import GAMES
from bot.discord_ui.health import GatewayAbsence, count_invalid_requests
from bot.discord_ui.puzzle_commands import PUZZLES
from bot.discord_ui.replies import NO_PINGS, replies_only
from bot.discord_ui.slow_game_commands import SLOW_GAMES
from bot.discord_ui.standings_commands import STANDINGS
from bot.discord_ui.tournament_commands import TOURNAMENTS, DiscordVenue
from bot.discord_ui.translator import CatalogTranslator, command_payloads, command_texts
from bot.discord_ui.tree import GameTree
from bot.discord_ui.vacation_commands import VACATIONS
from bot.metrics import DATABASE_ERRORS, SHARDS_CONNECTED, interactions
from bot.play.host import Host
from bot.play.playing.ai_turns import DEFAULT_NAME
from bot.play.words.languages import spoken_messages, update_catalogs
from bot.runtime.ai_runner import AiRunner
from bot.runtime.app import App
from bot.runtime.scheduler import Scheduler
from bot.runtime.service import Service
from bot.web.links import WebLinks

log = logging.getLogger(__name__)

IDENTIFY_GAP = 5.0
"""Seconds discord.py waits before each gateway session after the first."""
RATE_LIMIT_WAIT = 30.0
"""Seconds at most discord.py waits out a route's rate limit before it gives up with
`discord.RateLimited` (a post the bot makes by itself is then kept, to be sent again after
at least Discord's Retry-After)."""

ENTRY_POINT = 4
"""The type of an application's entry point command (PRIMARY_ENTRY_POINT)."""
ENTRY_POINT_FIELDS = frozenset(
    {"id", "type", "name", "name_localizations", "description", "description_localizations"}
    | {"default_member_permissions", "contexts", "integration_types", "handler"}
)
"""What of an entry point command read back is sent again to keep it as it is."""

LANGUAGES_KEPT = 100_000
"""Users whose language is known in memory, so that it is saved only when it changes."""

FEATURES: tuple[Feature, ...] = (GAMES, STANDINGS, SLOW_GAMES, PUZZLES, VACATIONS, TOURNAMENTS)
"""Everything the Discord front end offers: a new command or button is added to its
feature, a new feature here."""
BUTTONS = tuple(item for feature in FEATURES for item in feature.buttons)
"""Every kind of restart-proof button the bot's messages carry."""


class LanguagesHeard:
    """The language each user last used the bot in (their Discord's, sent with every
    interaction), remembered for what reaches them outside one (direct messages): saved
    when it changes, known ones kept for `LANGUAGES_KEPT` users."""

    def __init__(self, app: App) -> None:
        self._app = app
        self._known: dict[int, str] = {}
        self._saving: set[asyncio.Task[None]] = set()

    def heard(self, user_id: int, language: str) -> None:
        if self._known.get(user_id) == language or not self._app.is_serving:
            return
        if len(self._known) >= LANGUAGES_KEPT:
            self._known.clear()
        self._known[user_id] = language
        saving = asyncio.get_running_loop().create_task(self._save(user_id, language))
        self._saving.add(saving)
        saving.add_done_callback(self._saving.discard)

    async def _save(self, user_id: int, language: str) -> None:
        try:
            await self._app.host.languages.heard(user_id, language)
        except Exception:
            self._known.pop(user_id, None)
            DATABASE_ERRORS.inc()
            log.exception("could not remember the language of user %s", user_id)


class PyramidBot(discord.AutoShardedClient):
    """The bot: one command group per game over the use cases of the `App` it is handed,
    on the shards the settings name."""

    def __init__(self, app: App, *, sync_commands: bool = True) -> None:
        settings = app.settings
        super().__init__(
            intents=discord.Intents(guilds=True),
            allowed_mentions=NO_PINGS,
            shard_count=settings.shard_count,
            max_ratelimit_timeout=RATE_LIMIT_WAIT,
        )
        if settings.shard_ids is not None:
            self.shard_ids = list(settings.shard_ids)
        self.app = app
        self.settings = settings
        self.sync_commands = sync_commands
        self.tree = GameTree(self)
        self.clock = app.clock
        address = settings.web_address
        self.links = None if address is None else WebLinks(address, settings.link_secret)
        """The pages' links, when the bot serves pages."""
        self._absence = GatewayAbsence(app.clock)
        self._languages = LanguagesHeard(app)
        if settings.gateway:
            app.checks.append(lambda: self._absence.reason(self))
        app.gauges.append(self._count_shards)

    @property
    def is_set_up(self) -> bool:
        """Whether `setup_hook` has built the use cases and their background work."""
        return self.app.is_serving

    @property
    def service(self) -> Service:
        """The use cases and their background work, built in `setup_hook`."""
        return self.app.service

    @property
    def host(self) -> Host:
        return self.app.host

    @property
    def scheduler(self) -> Scheduler:
        return self.service.scheduler

    @property
    def ai_runner(self) -> AiRunner:
        return self.service.ai_runner

    async def login(self, token: str) -> None:
        """Log in, once the app is open (its storage opens first: a database that cannot
        be used stops start-up before Discord is contacted)."""
        assert self.app.is_open, "the bot logs in with its app open"
        count_invalid_requests(self.http)
        await super().login(token)

    async def setup_hook(self) -> None:
        courier = DiscordCourier(self, self.app.storage.reply_places, self.clock)
        name = DEFAULT_NAME if self.user is None else self.user.display_name
        self.tree.add_commands(all_commands())
        await self.tree.set_translator(CatalogTranslator())
        self.add_dynamic_items(*BUTTONS)
        if self.sync_commands and self.settings.runs_first_shard:
            await self._sync()
        activities = DiscordActivities(self, self.settings.client_secret)
        await self.app.serve(
            courier,
            venue=DiscordVenue(self),
            ai_name=name,
            activities=activities,
            server_locale=self._server_locale,
        )

    def _server_locale(self, guild_id: int) -> str | None:
        """The language the server's own Discord settings give it, if the server is known."""
        guild = self.get_guild(guild_id)
        return None if guild is None else guild.preferred_locale.value

    def _count_shards(self) -> None:
        SHARDS_CONNECTED.set(sum(not shard.is_closed() for shard in self.shards.values()))

    async def _sync(self) -> None:
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
        payloads = await command_payloads(self.tree, guild)
        digest = payload_digest(payloads)
        syncs = self.app.storage.command_syncs
        if await syncs.digest(scope) == digest:
            log.info("commands unchanged since they were last synced %s", where)
            return
        assert self.application_id is not None, "commands are synced once logged in"
        if guild is None:
            kept = await self._entry_points(self.application_id)
            synced = await self.http.bulk_upsert_global_commands(
                self.application_id, [*payloads, *kept]
            )
        else:
            synced = await self.http.bulk_upsert_guild_commands(
                self.application_id, guild.id, payloads
            )
        await syncs.save(scope, digest, self.clock())
        log.info("synced %d command groups %s", len(synced), where)

    async def _entry_points(self, application_id: int) -> list[dict[str, Any]]:
        """The application's entry point commands as Discord keeps them (it makes one when
        Activities are enabled), to be kept in an overwrite of the global commands: one
        that leaves them out is refused whole (error 50240)."""
        registered = await self.http.get_global_commands(application_id)
        return [
            {key: value for key, value in command.items() if key in ENTRY_POINT_FIELDS}
            for command in registered
            if command.get("type") == ENTRY_POINT
        ]

    def dispatch(self, event: str, /, *args: Any, **kwargs: Any) -> None:
        """As discord.py's, except that an interaction is counted at once, and handed on
        (to `on_interaction`, in a task of its own) only when there is more to do with
        it: a press, or one where the bot may only answer. Nothing waits for an
        interaction with `wait_for`."""
        if event == "interaction":
            interaction = args[0]
            interactions(interaction.type.name, "received").inc()
            self._languages.heard(interaction.user.id, interaction.locale.value)
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


def all_commands() -> Commands:
    """Fresh objects of every slash command, for one command tree."""
    return [command for feature in FEATURES for command in feature.commands()]


def payload_digest(payloads: list[dict[str, Any]]) -> str:
    """A digest of the commands' payloads, to tell whether they changed."""
    return hashlib.sha256(json.dumps(payloads, sort_keys=True).encode()).hexdigest()


def _answers_only(interaction: discord.Interaction) -> bool:
    """Whether the interaction is answerable (not an autocomplete) where the bot may only
    answer, its token to be noted (see `replies_only`)."""
    answerable = interaction.type is not discord.InteractionType.autocomplete
    return answerable and interaction.channel_id is not None and replies_only(interaction)


def create_bot(app: App, *, sync_commands: bool = True) -> PyramidBot:
    """The Discord front end of `app` (which logs in once the app is open)."""
    return PyramidBot(app, sync_commands=sync_commands)


async def update_language_catalogs() -> list[Path]:
    """Bring the language catalogs up to date with what the bot says and its commands'
    texts (`python -m bot catalogs`); the files written."""
    async with discord.Client(intents=discord.Intents.none()) as client:
        tree = GameTree(client)
        tree.add_commands(all_commands())
        return update_catalogs([*spoken_messages(), *await command_texts(tree)])
