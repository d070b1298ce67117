"""What every button's press shares: the ids its custom id carries, the guard that
answers its failures, and the check that it acts on a game in the game's own channel."""

from __future__ import annotations

from collections.abc import Awaitable

import discord

from bot.discord_ui.buttons import NO_LONGER_WORKS
from bot.discord_ui.replies import host_of
from bot.discord_ui.tree import answer_failure
from bot.play.table.values import Refusal

ID = r"\d{1,20}"
"""A game's or user's id in a custom_id: a snowflake has at most 20 digits."""
PAGE = r"\d{1,6}"
NAME = r"[a-z]{1,20}"


async def guarded(
    interaction: discord.Interaction, game_id: int | None, action: Awaitable[None]
) -> None:
    """Run a button's work, answering any failure the way commands' failures are."""
    try:
        await action
    except Exception as error:
        await answer_failure(interaction, error, game_id)


async def in_its_channel(interaction: discord.Interaction, game_id: int) -> None:
    """Refuse a button acting on a game anywhere but in the game's own channel or thread."""
    record = await host_of(interaction).games.by_id(game_id)
    if record is None or record.place_id != interaction.channel_id:
        raise Refusal(NO_LONGER_WORKS)
