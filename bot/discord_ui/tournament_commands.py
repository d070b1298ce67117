"""`/tournament create <game>|start|cancel|standings|withdraw`, `/tournaments`, the announcement's
restart-proof Join and Leave buttons, and the venue where tournaments open their games'
threads and post their news."""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, Self

import discord
from discord import app_commands
from discord.ui import Button, DynamicItem, View

import engine
from bot.discord_ui.buttons import NO_LONGER_WORKS, Buttons, label
from bot.discord_ui.command_options import CommandOptions
from bot.discord_ui.features import Feature
from bot.discord_ui.markup import markup
from bot.discord_ui.presses import ID, guarded
from bot.discord_ui.replies import (
    DISCORD_TROUBLE,
    NO_PINGS,
    channel_language,
    host_of,
    in_time,
    message_kwargs,
    place_language,
    reply,
    update,
)
from bot.discord_ui.slow_game_commands import suggest_time_limit
from bot.discord_ui.standings_commands import with_link
from bot.discord_ui.tree import in_servers, installed_to_servers
from bot.discord_ui.views import NONCE_LENGTH
from bot.play.table.values import Person, Post, Refusal
from bot.play.tournaments.entries import (
    FORMATS,
    MANUAL,
    MOST_ROUNDS,
    MOST_TOURNAMENTS,
    Entry,
    Tournaments,
)
from bot.play.tournaments.venue import ThreadRefused, VenueError
from bot.play.words.languages import SOURCE
from bot.play.words.text import Text, t
from bot.web.links import WebLinks

log = logging.getLogger(__name__)

THREAD_ALREADY_CREATED = 160004
"""Discord's error code for a thread asked of a message that has one already."""
MOST_PLAYERS = 1000
TournamentNumber = app_commands.Range[int, 1, MOST_TOURNAMENTS]
"""A tournament as people name it: its number in their server."""
START_SUGGESTIONS = (MANUAL, "1h", "2h", "12h", "1d", "2d")
IN_SERVERS_ONLY = t("Tournaments are held in servers only.")
JOIN, LEAVE = t("Join"), t("Leave")


class DiscordVenue:
    """Threads opened under a tournament's channel."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client

    async def post_starter(self, channel_id: int, text: Text, key: str) -> int:
        channel = self._client.get_partial_messageable(channel_id)
        with _venue_errors(f"the starter of a thread in channel {channel_id}"):
            language = await channel_language(self._client, channel_id)
            message = await channel.send(
                content=markup(text, language),
                allowed_mentions=NO_PINGS,
                nonce=key[:NONCE_LENGTH],
            )
        return message.id

    async def open_thread(self, channel_id: int, starter_id: int, name: str) -> int:
        """A refusal for good (403 Missing Access or Permissions, 404 Unknown Channel or
        Message) raises `ThreadRefused`; one that may pass (429, 5xx, the network) raises
        `VenueError`. A thread opened from the starter before is the one adopted (a
        thread's id is its starter message's)."""
        with _venue_errors(f"a thread in channel {channel_id}"):
            channel = self._client.get_channel(channel_id) or await self._client.fetch_channel(
                channel_id
            )
            if not isinstance(channel, discord.TextChannel):
                raise ThreadRefused(f"channel {channel_id} cannot hold threads")
            try:
                thread = await channel.get_partial_message(starter_id).create_thread(name=name)
            except discord.HTTPException as error:
                if error.code == THREAD_ALREADY_CREATED:
                    return starter_id
                raise
        return thread.id

    async def edit(self, place_id: int, message_id: int, post: Post) -> None:
        message = self._client.get_partial_messageable(place_id).get_partial_message(message_id)
        try:
            language = await channel_language(self._client, place_id)
            await message.edit(content=markup(post.text, language), view=None)
        except DISCORD_TROUBLE as error:
            log.info("could not update the announcement %s: %s", message_id, error)


@contextlib.contextmanager
def _venue_errors(what: str) -> Iterator[None]:
    """Discord's refusals as the venue's: for good (403, 404) or for now (429, 5xx...)."""
    try:
        yield
    except (discord.Forbidden, discord.NotFound) as error:
        raise ThreadRefused(f"Discord refuses {what}: {error}") from error
    except (discord.HTTPException, discord.RateLimited) as error:
        raise VenueError(f"could not post or open {what}: {error}") from error


def tournaments_of(interaction: discord.Interaction) -> Tournaments:
    return host_of(interaction).tournaments


def tournament_commands() -> list[app_commands.Command[Any, ..., None] | app_commands.Group]:
    return [_tournament_group(), _tournaments_command()]


def _tournament_group() -> app_commands.Group:
    group = app_commands.Group(
        name="tournament",
        description="Round robin and Swiss tournaments in this server.",
        guild_only=True,
        allowed_contexts=in_servers(),
        allowed_installs=installed_to_servers(),
    )

    group.add_command(_create_group())

    @group.command(name="start", description="Close the entries and begin the first round.")
    @app_commands.describe(number="The tournament's number in this server.")
    async def start(interaction: discord.Interaction, number: TournamentNumber) -> None:
        await _organise(interaction, tournaments_of(interaction).start, number)

    @group.command(name="cancel", description="End a tournament; unfinished games are aborted.")
    @app_commands.describe(number="The tournament's number in this server.")
    async def cancel(interaction: discord.Interaction, number: TournamentNumber) -> None:
        await _organise(interaction, tournaments_of(interaction).cancel, number)

    @group.command(name="withdraw", description="Leave a tournament; your unplayed games are lost.")
    @app_commands.describe(number="The tournament's number in this server.")
    async def withdraw(interaction: discord.Interaction, number: TournamentNumber) -> None:
        work = tournaments_of(interaction).withdraw(
            _guild_id(interaction), number, interaction.user.id
        )
        await _say(interaction, await in_time(interaction, work))

    @group.command(
        name="standings", description="Places, points and tie-breaks, with a crosstable."
    )
    @app_commands.describe(number="The tournament's number in this server (default: the newest).")
    async def standings(
        interaction: discord.Interaction, number: TournamentNumber | None = None
    ) -> None:
        guild_id, language = _guild_id(interaction), await place_language(interaction)
        asker = interaction.user.id
        work = tournaments_of(interaction).standings(guild_id, number, asker, language)
        post = await in_time(interaction, work)
        links = getattr(interaction.client, "links", None)
        if not isinstance(links, WebLinks):
            await _say(interaction, post)
            return
        view = with_link(Buttons(), links.tournament(guild_id, number), language)
        await reply(interaction, **message_kwargs(post, view, language))

    return group


def _create_group() -> app_commands.Group:
    """`/tournament create <game>`: one subcommand per two-player game of the registry,
    each with the tournament's options and the game's own."""
    group = app_commands.Group(name="create", description="Open a tournament here.")
    for info in engine.GAMES.values():
        if info.min_players <= 2:
            group.add_command(_create_command(info))
    return group


def _create_command(info: engine.GameInfo) -> app_commands.Command[Any, ..., None]:
    async def create(interaction: discord.Interaction, **values: Any) -> None:
        await _create(interaction, info, values)

    options = CommandOptions()
    options.add(
        "format",
        str,
        "round-robin: everyone meets everyone; swiss: rounds of equal scores.",
        required=True,
        choices=FORMATS,
    )
    options.add(
        "swiss_rounds",
        app_commands.Range[int, 1, MOST_ROUNDS] | None,
        "How many rounds a Swiss has (default: about log2 of the players, plus 1).",
    )
    options.add(
        "time_limit",
        str | None,
        "Clock of the games: none, per move like 3d, or a bank like 5d+1d or 5d+1d/10d.",
    )
    options.add(
        "max_players",
        app_commands.Range[int, 2, MOST_PLAYERS] | None,
        "The most players who may join.",
    )
    options.add(
        "starts", str | None, "When entries close and play begins: like 2h or 1d, or manual."
    )
    if info.max_players > 2:
        options.add(
            "players",
            app_commands.Range[int, 2, info.max_players] | None,
            "Players per game: tournaments are for two.",
        )
    options.add_game_options(info)
    command = options.command(info.name, f"A {info.title} tournament; players press Join.", create)
    command.autocomplete("starts")(_suggest_start)
    command.autocomplete("time_limit")(suggest_time_limit)
    return command


async def _create(
    interaction: discord.Interaction, info: engine.GameInfo, values: dict[str, Any]
) -> None:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise Refusal(IN_SERVERS_ONLY)
    given = {name: value for name, value in values.items() if value is not None}
    entry = Entry(
        game=info.name,
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        creator=Person(interaction.user.id, interaction.user.display_name),
        format=given.pop("format"),
        rounds=given.pop("swiss_rounds", None),
        time_limit=given.pop("time_limit", None),
        max_players=given.pop("max_players", None),
        starts=given.pop("starts", None),
        players=given.pop("players", 2),
        options=given,
    )
    tournaments = tournaments_of(interaction)
    number, post = await in_time(interaction, tournaments.create(entry))
    language = await place_language(interaction)
    message_id = await reply(
        interaction, **message_kwargs(post, entry_view(number, language), language)
    )
    if message_id is not None:
        await tournaments.note_message(entry.guild_id, number, message_id)


def _tournaments_command() -> app_commands.Command[Any, ..., None]:
    @app_commands.command(name="tournaments", description="This server's tournaments.")
    @app_commands.guild_only()
    @app_commands.allowed_installs(guilds=True)
    async def tournaments(interaction: discord.Interaction) -> None:
        work = tournaments_of(interaction).listing(_guild_id(interaction))
        listing = await in_time(interaction, work)
        await reply(interaction, content=markup(listing, await place_language(interaction)))

    return tournaments


async def _suggest_start(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    typed = current.strip().lower()
    return [app_commands.Choice(name=s, value=s) for s in START_SUGGESTIONS if s.startswith(typed)]


async def _organise(
    interaction: discord.Interaction, action: Callable[..., Awaitable[Post]], number: int
) -> None:
    """Start or cancel one of this server's tournaments: for its creator, or members who
    can manage this server."""
    moderator = interaction.permissions.manage_guild
    work = action(_guild_id(interaction), number, interaction.user.id, moderator=moderator)
    await _say(interaction, await in_time(interaction, work))


def _guild_id(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise Refusal(IN_SERVERS_ONLY)
    return interaction.guild_id


async def _say(interaction: discord.Interaction, post: Post) -> None:
    await reply(interaction, **message_kwargs(post, language=await place_language(interaction)))


def entry_view(number: int, language: str) -> View:
    view = Buttons()
    view.add_item(EntryButton(number, join=True, language=language))
    view.add_item(EntryButton(number, join=False, language=language))
    return view


class EntryButton(
    DynamicItem[Button[View]], template=rf"pyr:tournament:(?P<number>{ID}):(?P<way>join|leave)"
):
    """Join or Leave on a tournament's announcement; its text then lists the entrants."""

    def __init__(self, number: int, *, join: bool, language: str = SOURCE) -> None:
        super().__init__(
            Button(
                label=label(JOIN if join else LEAVE, language),
                style=discord.ButtonStyle.success if join else discord.ButtonStyle.secondary,
                custom_id=f"pyr:tournament:{number}:{'join' if join else 'leave'}",
            )
        )
        self.number = number
        self.join = join

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["number"]), join=match["way"] == "join")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, None, self._answer(interaction))

    async def _answer(self, interaction: discord.Interaction) -> None:
        tournaments = tournaments_of(interaction)
        message, guild_id = interaction.message, interaction.guild_id
        if (
            message is None
            or guild_id is None
            or not await tournaments.announced_in(guild_id, self.number, message.id)
        ):
            raise Refusal(NO_LONGER_WORKS)
        user = interaction.user
        if self.join:
            person = Person(user.id, user.display_name, user.bot)
            work = tournaments.join(guild_id, self.number, person)
        else:
            work = tournaments.leave(guild_id, self.number, user.id)
        post = await in_time(interaction, work, updating=True)
        language = await place_language(interaction)
        content = markup(post.text, language)
        await update(interaction, content=content, view=entry_view(self.number, language))


TOURNAMENTS = Feature(tournament_commands, (EntryButton,))
"""`/tournament` and `/tournaments`, and the Join and Leave buttons of announcements."""
