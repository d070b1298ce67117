"""The commands of slow games: `/games`, `/mygames`, `/notify` (with quiet hours and the
time-zone autocomplete) and `/gamehost settings`, and the time-limit autocomplete that
`start` shares."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord_ui.activities import activity_line
from bot.discord_ui.features import Feature
from bot.discord_ui.markup import fit, markup
from bot.discord_ui.replies import (
    choices,
    host_of,
    in_time,
    place_language,
    reader,
    reply,
    said_to,
)
from bot.discord_ui.translator import AS_IS
from bot.discord_ui.tree import in_servers, installed_to_servers
from bot.play.clocks.quiet import describe_quiet, describe_span, suggest_zones
from bot.play.clocks.slow_games import Listing, SlowGames
from bot.play.clocks.timing import REMINDER_SUGGESTIONS, suggest_durations, suggest_time_controls
from bot.play.playing.hints import Hints
from bot.play.table.records import OnTimeOut, QuietHours
from bot.play.table.values import Refusal
from bot.play.words.languages import LANGUAGES, SERVERS_OWN, SOURCE, own_name
from bot.play.words.settings import settings_text
from bot.play.words.text import Code, Text, lines, plain, say, t, tn

EMBED_TEXT_LIMIT = 4000
ON_OFF = [app_commands.Choice(name=word, value=word) for word in ("on", "off")]
ON_TIME_OUT = [
    app_commands.Choice(name="lose: running out of time loses at once", value=OnTimeOut.LOSE.value),
    app_commands.Choice(
        name="claim: the others may claim the win; until then, move late",
        value=OnTimeOut.CLAIM.value,
    ),
]
HINTS = [
    app_commands.Choice(
        name="bot games only: winning moves shown against the bot, not between people",
        value=Hints.BOT_GAMES.value,
    ),
    app_commands.Choice(
        name="every game: winning moves shown in every game, between people too",
        value=Hints.EVERY_GAME.value,
    ),
    app_commands.Choice(name="no game: winning moves never shown", value=Hints.NO_GAME.value),
]
SPOKEN = [
    app_commands.Choice(name="the server's own: its Discord settings' language", value=SERVERS_OWN),
    *(
        app_commands.Choice(
            name=app_commands.locale_str(own_name(code), **{AS_IS: True}), value=code
        )
        for code in (SOURCE, *LANGUAGES)
    ),
]
"""The languages a server's posts may be in, each in its own name."""


def slow_games_of(interaction: discord.Interaction) -> SlowGames:
    return host_of(interaction).slow_games


async def suggest_time_limit(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    language = reader(interaction)
    offered = suggest_time_controls(current)
    return choices((plain(words, language=language), value) for value, words in offered)


async def suggest_reminder_delay(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return _choices(suggest_durations(current, REMINDER_SUGGESTIONS, t("The reminder delay")))


def slow_game_commands() -> list[app_commands.Command[Any, ..., None] | app_commands.Group]:
    """Fresh command objects for one command tree."""
    return [_games_command(), _my_games_command(), _notify_command(), _gamehost_group()]


SLOW_GAMES = Feature(slow_game_commands)
"""`/games`, `/mygames`, `/notify` and `/gamehost`: games played over days."""


def _games_command() -> app_commands.Command[Any, ..., None]:
    @app_commands.command(name="games", description="The games being played on this server.")
    @app_commands.guild_only()
    @app_commands.allowed_installs(guilds=True)
    async def games(interaction: discord.Interaction) -> None:
        guild_id = _guild_id(interaction)
        listing = await in_time(interaction, slow_games_of(interaction).server_games(guild_id))
        title, empty = t("Games on this server"), t("No game is being played here.")
        embed = _listing_embed(title, listing, empty, await place_language(interaction))
        await reply(interaction, embed=embed)

    return games


def _my_games_command() -> app_commands.Command[Any, ..., None]:
    @app_commands.command(
        name="mygames", description="Your games, in every server, where it is your move."
    )
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def my_games(interaction: discord.Interaction) -> None:
        work = slow_games_of(interaction).waiting_on(interaction.user.id)
        listing = await in_time(interaction, work, ephemeral=True)
        title, empty = t("Your move"), t("No game is waiting on you.")
        embed = _listing_embed(title, listing, empty, reader(interaction))
        await reply(interaction, embed=embed, ephemeral=True)

    return my_games


def _notify_command() -> app_commands.Command[Any, ..., None]:
    @app_commands.command(
        name="notify", description="How and when the bot reminds and pings you about your turns."
    )
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.describe(
        dm="on: reminders by direct message; off: in the game's channel.",
        quiet="Hours without reminders or pings, like 23:00-08:00; off to have none.",
        timezone="Your time zone for quiet hours, like Europe/Berlin.",
    )
    @app_commands.choices(dm=ON_OFF)
    @app_commands.autocomplete(timezone=suggest_timezone)
    async def notify(
        interaction: discord.Interaction,
        dm: str | None = None,
        quiet: str | None = None,
        timezone: str | None = None,
    ) -> None:
        work = _notifications(interaction, dm, quiet, timezone)
        on, hours = await in_time(interaction, work, ephemeral=True)
        await reply(
            interaction, content=said_to(interaction, _notify_text(on, hours)), ephemeral=True
        )

    return notify


def _notify_text(on: bool, hours: QuietHours | None) -> Text:
    """Where reminders come, and the quiet hours if any."""
    text = (
        t(
            "Reminders come to you by direct message (in the game's channel when your direct "
            "messages are closed)."
        )
        if on
        else t(
            "Reminders come in the game's channel; {command} sends them to you by direct "
            "message instead.",
            command=Code("/notify dm:on"),
        )
    )
    if hours is None:
        return text
    quiet = t(
        "Quiet hours: {hours}. Then no reminder or direct message comes, and posts name you "
        "without a ping; the ping comes when they end. Your clocks keep running meanwhile.",
        hours=describe_quiet(hours),
    )
    return say(text, " ", quiet)


async def suggest_timezone(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return _choices(suggest_zones(current))


async def _notifications(
    interaction: discord.Interaction, dm: str | None, quiet: str | None, timezone: str | None
) -> tuple[bool, QuietHours | None]:
    """Whether the user gets reminders by direct message, and their quiet hours, after
    changing what was asked."""
    play = slow_games_of(interaction)
    user_id = interaction.user.id
    if quiet is not None:
        await play.set_quiet_hours(user_id, quiet, timezone)
    elif timezone is not None:
        hours = await play.quiet_hours(user_id)
        if hours is None:
            raise Refusal(t("Give quiet hours with the time zone, like quiet:23:00-08:00."))
        await play.set_quiet_hours(user_id, describe_span(hours), timezone)
    if dm is not None:
        await play.set_dm_reminders(user_id, dm == "on")
    return await play.dm_reminders(user_id), await play.quiet_hours(user_id)


def _gamehost_group() -> app_commands.Group:
    """`/gamehost settings`, offered by default to members who can manage the server; a
    server admin may offer it to other roles or members (Server Settings > Integrations),
    and Discord, which enforces who may use a command, then lets them use it."""
    group = app_commands.Group(
        name="gamehost",
        description="How games are hosted on this server.",
        guild_only=True,
        allowed_contexts=in_servers(),
        allowed_installs=installed_to_servers(),
        default_permissions=discord.Permissions(manage_guild=True),
    )

    @group.command(name="settings", description="Show or change this server's game settings.")
    @app_commands.describe(
        time_limit="Clock of new games: none, per move like 3d, or a bank like 5d+1d or 5d+1d/10d.",
        reminder_delay="Nudge a player whose turn has waited this long: none, or like 1d.",
        threads="Whether new games open their own thread.",
        timeout="What running out of time means: lose at once, or the others may claim the win.",
        pages="Whether the server's games have pages on the web, to watch and play (Watch links).",
        hints="Where players are shown their winning moves: by default, against the bot only.",
        language="The language of the bot's posts here: by default the server's own.",
    )
    @app_commands.autocomplete(time_limit=suggest_time_limit, reminder_delay=suggest_reminder_delay)
    @app_commands.choices(timeout=ON_TIME_OUT, hints=HINTS, language=SPOKEN)
    async def settings(
        interaction: discord.Interaction,
        time_limit: str | None = None,
        reminder_delay: str | None = None,
        threads: bool | None = None,
        timeout: str | None = None,
        pages: bool | None = None,
        hints: str | None = None,
        language: str | None = None,
    ) -> None:
        play = slow_games_of(interaction)
        guild_id = _guild_id(interaction)
        given = (time_limit, reminder_delay, threads, timeout, pages, hints, language)
        if all(value is None for value in given):
            current = await in_time(interaction, play.settings(guild_id), ephemeral=True)
            heading = t("Settings for this server:")
        else:
            work = play.change_settings(
                guild_id,
                time_limit=time_limit,
                reminder_delay=reminder_delay,
                threads=threads,
                on_time_out=None if timeout is None else OnTimeOut(timeout),
                pages=pages,
                hints=None if hints is None else Hints(hints),
                language=language,
            )
            current = await in_time(interaction, work, ephemeral=True)
            heading = t("Saved. Settings for this server:")
        offered: str | Text = activity_line(interaction.client, current.pages)
        spoken = await place_language(interaction)
        text = lines([heading, settings_text(current, spoken), say(offered)])
        await reply(interaction, content=said_to(interaction, text), ephemeral=True)

    return group


def _listing_embed(title: Text, listing: Listing, empty: Text, language: str) -> discord.Embed:
    """The lines that fit in one embed, and a count of those that did not, in `language`."""
    shown = fit(listing.lines, EMBED_TEXT_LIMIT, language)
    description = "\n".join(shown) or markup(empty, language)
    embed = discord.Embed(title=markup(title, language), description=description)
    more = listing.total - len(shown)
    if more > 0:
        embed.set_footer(text=markup(tn("and {count} more", "and {count} more", more), language))
    return embed


def _guild_id(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise Refusal(t("This command works in servers only."))
    return interaction.guild_id


def _choices(values: list[str]) -> list[app_commands.Choice[str]]:
    return choices((value, value) for value in values)
