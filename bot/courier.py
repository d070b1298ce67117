"""Delivering the scheduler's posts on Discord: to a game's channel, or by direct message."""

from __future__ import annotations

import logging

import discord

from bot.replies import message_kwargs
from bot.service import Post

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
            await channel.send(**message_kwargs(post))
        except discord.HTTPException as error:
            log.warning(
                "could not post about game %s in channel %s: %s", post.game_id, place_id, error
            )

    async def to_user(self, user_id: int, post: Post) -> bool:
        """Send by direct message; False when the user's direct messages are closed."""
        try:
            channel = await self._client.create_dm(discord.Object(user_id))
            await channel.send(**message_kwargs(post))
        except discord.HTTPException as error:
            log.info("could not message user %s about game %s: %s", user_id, post.game_id, error)
            return False
        return True
