"""Turning the service's plain values into Discord messages, and failures into one sentence."""

from __future__ import annotations

import io
import logging
from typing import Any

import discord
from discord import app_commands

import engine
from bot.service import DamagedGame, Post, Refusal

log = logging.getLogger(__name__)

APOLOGY = "Sorry, something went wrong on my side; it has been logged. Please try again later."
MESSAGE_LIMIT = 2000
PERMISSION_NAMES = {
    "attach_files": "Attach Files",
    "create_public_threads": "Create Public Threads",
    "send_messages_in_threads": "Send Messages in Threads",
}


def message_kwargs(post: Post, view: discord.ui.View | None = None) -> dict[str, Any]:
    """What `send_message`/`send` need for a post: text, files, buttons, allowed pings."""
    pings = " ".join(f"<@{user_id}>" for user_id in post.pings)
    content = f"{post.text}\n{pings}" if pings else post.text
    kwargs: dict[str, Any] = {
        "content": content[:MESSAGE_LIMIT],
        "files": [discord.File(io.BytesIO(f.data), filename=f.name) for f in post.files],
        "allowed_mentions": discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in post.pings]
        ),
    }
    if view is not None:
        kwargs["view"] = view
    return kwargs


def require_permissions(interaction: discord.Interaction, *names: str) -> None:
    """Refuse, naming the first one, when the bot lacks a permission here."""
    granted = interaction.app_permissions
    for name in names:
        if not getattr(granted, name):
            raise Refusal(
                f"I need the {PERMISSION_NAMES[name]} permission in this channel; "
                "ask a server admin to grant it."
            )


def failure_text(error: BaseException) -> str | None:
    """The sentence for a failure a user caused, or None when it is our fault."""
    if isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        error = error.__cause__ or error
    if isinstance(error, Refusal):
        return str(error)
    if isinstance(error, engine.GameError):
        text = str(error)
        return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
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
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning(
            "could not answer interaction %s in channel %s", interaction.id, interaction.channel_id
        )


def _custom_id(interaction: discord.Interaction) -> str | None:
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = data.get("custom_id")
    return str(custom_id) if custom_id is not None else None
