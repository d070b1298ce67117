"""The command tree and the one place failures are answered: one ephemeral sentence for
what a user caused, an apology (and a log line with context) for what we caused."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

import engine
from bot.discord_ui.markup import escape, markup
from bot.discord_ui.replies import reply
from bot.play.text import excerpts_in
from bot.play.values import DamagedGame, Refusal
from bot.play.wording import sentence

log = logging.getLogger(__name__)

APOLOGY = "Sorry, something went wrong on my side; it has been logged. Please try again later."


class GameTree(app_commands.CommandTree[discord.Client]):
    """The bot's slash commands; a command that fails is answered by `answer_failure`."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await answer_failure(interaction, error)


def failure_text(error: BaseException) -> str | None:
    """The sentence for a failure a user caused, or None when it is our fault."""
    if isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        error = error.__cause__ or error
    if isinstance(error, Refusal):
        return markup(error.text)
    if isinstance(error, engine.GameError):
        return escape(sentence(excerpts_in(str(error))))
    if isinstance(error, app_commands.NoPrivateMessage):
        return "Games are played in server channels, not in direct messages."
    if isinstance(error, app_commands.CommandOnCooldown):
        return f"Slow down: try again in {error.retry_after:.0f} seconds."
    if isinstance(error, app_commands.CheckFailure):
        return "You cannot use that command here."
    return None


async def answer_failure(
    interaction: discord.Interaction, error: BaseException, game_id: int | None = None
) -> None:
    """The one place failures are answered: one ephemeral sentence, logged when ours."""
    text = failure_text(error)
    if text is None:
        cause = error.__cause__ if isinstance(error, app_commands.CommandInvokeError) else error
        log.error(
            "%s failed: guild=%s channel=%s user=%s command=%s game=%s",
            "loading a damaged game" if isinstance(cause, DamagedGame) else "an interaction",
            interaction.guild_id,
            interaction.channel_id,
            interaction.user.id,
            interaction.command.qualified_name if interaction.command else _custom_id(interaction),
            game_id,
            exc_info=cause,
        )
        text = APOLOGY
    if interaction.type is discord.InteractionType.autocomplete:
        return
    try:
        await reply(interaction, content=text, ephemeral=True)
    except discord.HTTPException:
        log.warning(
            "could not answer interaction %s in channel %s", interaction.id, interaction.channel_id
        )


def _custom_id(interaction: discord.Interaction) -> str | None:
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = data.get("custom_id")
    return str(custom_id) if custom_id is not None else None
