"""Delivering background posts on Discord (the scheduler's, the bot's own moves): to a
game's channel, or by direct message, and showing the bot typing while it thinks; and
reading back whether a command's reply went out.

A post about a saved change is sent with a nonce made from its announcement's id, which
Discord enforces: the same post sent again within a few minutes (by a process that took
the place of one stopped between posting and striking it off) is not posted twice.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import discord
from discord.http import Route

from bot.discord_ui.replies import message_kwargs
from bot.discord_ui.views import disable_lapsed, nonce_of, note_claim, post_in_channel
from bot.play.values import Post, Prompt

log = logging.getLogger(__name__)

ORIGINAL_REPLY = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
UNREADABLE = (401, 404)
"""Discord's answers to a reply read back when there is none to read: no reply (Unknown
Message), or a token that lapsed or is unknown."""


class DiscordCourier:
    """Sends posts with the client's REST calls, needing no cached channel or member."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client

    async def to_channel(self, place_id: int, post: Post) -> None:
        """Post in a game's channel or thread, noting the message of a Claim win button;
        a refusal by Discord is logged."""
        try:
            message_id = await post_in_channel(self._client, place_id, post)
        except discord.HTTPException as error:
            log.warning(
                "could not post about game %s in channel %s: %s", post.game_id, place_id, error
            )
        else:
            if post.prompt is Prompt.CLAIM:
                await note_claim(self._client, place_id, post, message_id)
        await disable_lapsed(self._client, place_id, post)

    async def replied(self, reply_token: str) -> bool:
        """Whether the reply to the interaction with this token is posted in full: not
        missing, nor still "thinking", nor an apology seen only by the player (an
        announcement is public); False too when the token no longer reads it. A reply
        left "thinking" is deleted, as the post comes in the channel instead."""
        try:
            message = await self._client.http.request(self._original_reply("GET", reply_token))
        except discord.HTTPException as error:
            if error.status in UNREADABLE:
                return False
            raise
        flags = discord.MessageFlags()
        flags.value = int(message.get("flags") or 0)
        if flags.loading:
            try:
                await self._client.http.request(self._original_reply("DELETE", reply_token))
            except discord.HTTPException as error:
                log.info("could not delete a reply left thinking: %s", error)
        return not (flags.loading or flags.ephemeral)

    def _original_reply(self, method: str, reply_token: str) -> Route:
        """The route to an interaction's reply (its original response)."""
        application_id = self._client.application_id
        return Route(method, ORIGINAL_REPLY, webhook_id=application_id, webhook_token=reply_token)

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
            kwargs: dict[str, Any] = message_kwargs(post) | nonce_of(post)
            await channel.send(**kwargs)
        except discord.HTTPException as error:
            log.info("could not message user %s about game %s: %s", user_id, post.game_id, error)
            return False
        return True
