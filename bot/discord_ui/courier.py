"""Delivering background posts on Discord (the scheduler's, the bot's own moves): to a
game's channel, or by direct message, and showing the bot typing while it thinks."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator

import discord

from bot.discord_ui.replies import message_kwargs
from bot.discord_ui.views import disable_lapsed, prompt_view
from bot.play.values import Post

log = logging.getLogger(__name__)


class DiscordCourier:
    """Sends posts with the client's REST calls, needing no cached channel or member."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client

    async def ready(self) -> None:
        await self._client.wait_until_ready()

    async def to_channel(self, place_id: int, post: Post) -> None:
        """Post in a game's channel or thread; a refusal by Discord is logged."""
        channel = self._client.get_partial_messageable(place_id)
        try:
            await channel.send(**message_kwargs(post, prompt_view(post)))
        except discord.HTTPException as error:
            log.warning(
                "could not post about game %s in channel %s: %s", post.game_id, place_id, error
            )
        await disable_lapsed(self._client, place_id, post)

    @contextlib.asynccontextmanager
    async def typing(self, place_id: int) -> AsyncIterator[None]:
        """Show the bot typing in a channel for the block; a refusal by Discord is logged."""
        async with contextlib.AsyncExitStack() as stack:
            channel = self._client.get_partial_messageable(place_id)
            try:
                await stack.enter_async_context(channel.typing())
            except discord.HTTPException as error:
                log.info("could not show typing in channel %s: %s", place_id, error)
            yield

    async def to_user(self, user_id: int, post: Post) -> bool:
        """Send by direct message; False when the user's direct messages are closed."""
        try:
            channel = await self._client.create_dm(discord.Object(user_id))
            await channel.send(**message_kwargs(post))
        except discord.HTTPException as error:
            log.info("could not message user %s about game %s: %s", user_id, post.game_id, error)
            return False
        return True
