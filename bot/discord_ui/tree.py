"""The command tree and the one place failures are answered: one ephemeral sentence for
what a user caused, an apology (and a log line with context) for what we caused."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterable
from typing import Any

import asyncpg
import discord
from discord import app_commands

import engine
from bot.discord_ui.markup import markup
from bot.discord_ui.replies import DISCORD_ERRORS, replies_only, reply
from bot.metrics import DATABASE_ERRORS, interactions
from bot.play.table.records import StorageError
from bot.play.table.values import DamagedGame, Refusal
from bot.play.words.reasons import refusal_text
from bot.play.words.text import Number, Text, names, plain, t, tn

log = logging.getLogger(__name__)

DATABASE_FAILURES = (
    StorageError,
    sqlite3.Error,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    OSError,
)
"""What a failing database raises (OSError: a connection lost or refused)."""

APOLOGY = t("Sorry, something went wrong on my side; it has been logged. Please try again later.")
SERVERS_ONLY = t("That works only in servers I have been added to.")


def in_servers() -> app_commands.AppCommandContext:
    """Where a server's commands work: its channels and threads."""
    return app_commands.AppCommandContext(guild=True)


def installed_to_servers() -> app_commands.AppInstallationType:
    """A server's commands come with the bot added to the server."""
    return app_commands.AppInstallationType(guild=True)


def anywhere() -> app_commands.AppCommandContext:
    """Where a player's commands work: servers, DMs with the bot, and group DMs or DMs
    between friends (the app installed to someone's account)."""
    return app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)


def installed_to_anyone() -> app_commands.AppInstallationType:
    """A player's commands come with the bot in a server or the app on one's account."""
    return app_commands.AppInstallationType(guild=True, user=True)


def works_here(
    command: app_commands.Command[Any, ..., Any], interaction: discord.Interaction
) -> bool:
    """Whether the command's declared contexts and installs cover where it was used: a
    server the bot is in, a DM with the bot, a group DM, or a server it was not added to."""
    root = command.root_parent or command
    contexts = root.allowed_contexts
    if interaction.guild_id is None:
        private = interaction.context.private_channel
        if contexts is None:
            return not root.guild_only and not private
        if not (contexts.private_channel if private else contexts.dm_channel):
            return False
    installs = root.allowed_installs
    return not replies_only(interaction) or bool(installs is not None and installs.user)


class OptionOutOfRange(app_commands.CheckFailure):
    """An option past a limit its command declares: Discord's client never sends one, a
    forged or stale request may. `text` is the sentence refusing it."""

    def __init__(self, text: Text) -> None:
        super().__init__(plain(text))
        self.text = text


class GameTree(app_commands.CommandTree[discord.Client]):
    """The bot's slash commands; a command that fails is answered by `answer_failure`."""

    def add_commands(
        self, commands: Iterable[app_commands.Command[Any, ..., Any] | app_commands.Group]
    ) -> None:
        """Add commands, each holding its options to the limits it declares to Discord."""
        for command in commands:
            self.add_command(command)
            walked = command.walk_commands() if isinstance(command, app_commands.Group) else ()
            for each in (command, *walked):
                if isinstance(each, app_commands.Command):
                    each.add_check(within_declared_limits)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Refuses, in a sentence, a command used where it does not work: a server's
        command outside a server the bot is in (a client that still shows it there, or a
        forged request)."""
        command = interaction.command
        if isinstance(command, app_commands.Command) and not works_here(command, interaction):
            raise app_commands.NoPrivateMessage(plain(SERVERS_ONLY))
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await answer_failure(interaction, error)


def within_declared_limits(interaction: discord.Interaction) -> bool:
    """Raise `OptionOutOfRange` for an option past its declared range, length or choices."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return True
    given = vars(interaction.namespace)
    for parameter in command.parameters:
        refusal = _outside_limits(parameter, given.get(parameter.display_name))
        if refusal is not None:
            raise OptionOutOfRange(refusal)
    return True


def _outside_limits(parameter: app_commands.Parameter, value: object) -> Text | None:
    """The sentence refusing a value past the parameter's limits; None when within."""
    name = parameter.display_name
    if parameter.choices and value is not None:
        if value not in [choice.value for choice in parameter.choices]:
            return t("Choose the {option} from the list offered.", option=name)
        return None
    low, high = parameter.min_value, parameter.max_value
    measured: int | float
    if isinstance(value, str):
        measured, long = len(value), True
    elif isinstance(value, int | float) and not isinstance(value, bool):
        measured, long = value, False
    else:
        return None
    if (low is not None and measured < low) or (high is not None and measured > high):
        return _span(name, low, high, long)
    return None


def _span(option: str, low: int | float | None, high: int | float | None, long: bool) -> Text:
    """`The page must be from 2 to 1,000.`, `... at least 1 characters long.`"""
    shown: dict[str, str | Number] = {
        "option": option,
        "low": Number(low or 0),
        "high": Number(high or 0),
    }
    if low is None:
        if long:
            return t("The {option} must be at most {high} characters long.", **shown)
        return t("The {option} must be at most {high}.", **shown)
    if high is None:
        if long:
            return t("The {option} must be at least {low} characters long.", **shown)
        return t("The {option} must be at least {low}.", **shown)
    if long:
        return t("The {option} must be from {low} to {high} characters long.", **shown)
    return t("The {option} must be from {low} to {high}.", **shown)


def failure_text(error: BaseException) -> Text | None:
    """The sentence for a failure a user caused, or None when it is our fault."""
    if isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        error = error.__cause__ or error
    if isinstance(error, Refusal):
        return error.text
    if isinstance(error, engine.GameError):
        return refusal_text(error)
    return _check_text(error)


def _check_text(error: BaseException) -> Text | None:
    """The sentence for what discord.py refused before a command ran."""
    if isinstance(error, app_commands.TransformerError):
        kind = error.type.name
        return t("I could not use that {kind}; please choose it again from the list.", kind=kind)
    if isinstance(error, app_commands.CommandNotFound):
        return t("That command no longer exists; restart Discord to see the current commands.")
    if isinstance(error, app_commands.NoPrivateMessage):
        return SERVERS_ONLY
    if isinstance(error, app_commands.BotMissingPermissions):
        missing = error.missing_permissions
        named = names([_permission_name(p) for p in missing])
        return tn(
            "I need the {names} permission in this channel; ask a server admin to grant it.",
            "I need the {names} permissions in this channel; ask a server admin to grant them.",
            len(missing),
            names=named,
        )
    if isinstance(error, OptionOutOfRange):
        return error.text
    if isinstance(error, app_commands.CommandOnCooldown):
        seconds = round(error.retry_after)
        return tn(
            "Slow down: try again in {count} second.",
            "Slow down: try again in {count} seconds.",
            seconds,
        )
    if isinstance(error, app_commands.CheckFailure):
        return t("You cannot use that command here.")
    return None


def _permission_name(name: str) -> str:
    """A permission as Discord's settings name it: attach_files is Attach Files."""
    return " ".join(w if w == "in" else w.capitalize() for w in name.split("_"))


async def answer_failure(
    interaction: discord.Interaction, error: BaseException, game_id: int | None = None
) -> None:
    """The one place failures are answered: one ephemeral sentence, logged when ours (a
    failure of Discord's as a warning in a line, as what it owed is kept)."""
    text = failure_text(error)
    kind = interaction.type.name
    interactions(kind, "refused" if text else "failed").inc()
    if text is None:
        cause = error.__cause__ if isinstance(error, app_commands.CommandInvokeError) else error
        discords = _discords(cause)
        if isinstance(cause, DATABASE_FAILURES) and not discords:
            DATABASE_ERRORS.inc()
        log.log(
            logging.WARNING if discords else logging.ERROR,
            "%s failed: guild=%s channel=%s user=%s command=%s game=%s%s",
            "loading a damaged game" if isinstance(cause, DamagedGame) else "an interaction",
            interaction.guild_id,
            interaction.channel_id,
            interaction.user.id,
            _command_name(interaction),
            game_id,
            f" (Discord: {type(cause).__name__}: {cause})" if discords else "",
            exc_info=None if discords else cause,
        )
        text = APOLOGY
    elif _check_text(error) is not None:
        log.info(
            "refused %s for user %s in guild %s channel %s: %s",
            _command_name(interaction),
            interaction.user.id,
            interaction.guild_id,
            interaction.channel_id,
            text,
        )
    if interaction.type is discord.InteractionType.autocomplete:
        return
    try:
        await reply(interaction, content=markup(text, interaction.locale.value), ephemeral=True)
    except Exception as failure:
        log.warning(
            "could not answer interaction %s in channel %s (%s: %s)",
            interaction.id,
            interaction.channel_id,
            type(failure).__name__,
            failure,
        )


def _discords(error: BaseException | None) -> bool:
    """Whether a failure is Discord's (some of aiohttp's errors are OSErrors too, as a lost
    database connection's are)."""
    return isinstance(error, DISCORD_ERRORS)


def _command_name(interaction: discord.Interaction) -> str | None:
    """The command's name (as sent, for one the tree lacks), or the button's custom_id."""
    if interaction.command is not None:
        return interaction.command.qualified_name
    data: dict[str, Any] = dict(interaction.data or {})
    name = data.get("name") or data.get("custom_id")
    return str(name) if name is not None else None
