"""Delivering background posts on Discord (the scheduler's, the bot's own moves): to a
game's channel, or by direct message, and showing the bot typing while it thinks; and
reading back whether a command's reply went out.

Where the bot may only answer (a group DM, a server it was not added to: see
`bot.storage.reply_places`), a post goes as a follow-up to the latest interaction there
while its token lasts, else by direct message to whoever it pings.

A post about a saved change is sent with a nonce made from its announcement's id, which
Discord enforces: the same post sent again within a few minutes (by a process that took
the place of one stopped between posting and striking it off) is not posted twice.

Where Discord refuses the bot a channel for good (403 or 404: no access, no permission to
post or attach, a channel that is gone), the place is noted as refused with Discord's
reason and treated as one where the bot may only answer: whoever the post pings is told by
direct message and the post is held for the next answer there. Nothing is sent to the
channel for `REFUSED_FOR` seconds; then a post tries again. A failure that may pass (a
5xx, a 429, a 401, a dropped connection) is raised: the post stays owed, to be sent
again. A post Discord refuses as it is (any other 4xx: our fault) is logged and dropped,
as sending it again would never do.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

import discord
from discord.http import Route

from bot.discord_ui.markup import markup
from bot.discord_ui.post_buttons import pages_on, prompt_view
from bot.discord_ui.replies import (
    DISCORD_TROUBLE,
    client_host,
    game_language,
    message_kwargs,
)
from bot.discord_ui.views import (
    disable_lapsed,
    nonce_of,
    note_claim,
    post_in_channel,
)
from bot.play.table.outbox import REPLY_READABLE
from bot.play.table.records import ReplyHandle, ReplyPlaces
from bot.play.table.values import Post, Prompt
from bot.play.words.languages import SOURCE

log = logging.getLogger(__name__)

REFUSED = {
    10003: "the channel no longer exists",
    50001: "I cannot see the channel (Missing Access)",
    50013: "I lack the permission to post there (Missing Permissions)",
}
"""What Discord's commonest refusals of a channel mean (others are said in its words)."""
TRY_AGAIN = (401, 429)
"""Discord's refusals of a post that may pass: a token being replaced, a rate limit."""
REFUSED_FOR = 3600.0
"""Seconds during which nothing is sent to a channel Discord refused for good; then a post
tries again (a permission may have been granted meanwhile, which an answer there also
shows)."""

ORIGINAL_REPLY = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
UNREADABLE = (401, 404)
"""Discord's answers to a reply read back when there is none to read: no reply (Unknown
Message), or a token that lapsed or is unknown."""


class DiscordCourier:
    """Sends posts with the client's REST calls, needing no cached channel or member;
    `clock` (seconds) tells whether a reply place's token still works."""

    def __init__(
        self, client: discord.Client, places: ReplyPlaces, clock: Callable[[], float]
    ) -> None:
        self._client = client
        self._places = places
        self._clock = clock

    async def to_channel(self, place_id: int, post: Post) -> None:
        """Post in a game's channel or thread, noting the message of a Claim win button
        (or answer in a place the bot may only answer in, or tell the players elsewhere
        where the place refuses the bot); a failure that may pass is raised."""
        reach = await self._places.reach(place_id)
        if reach.handle is not None:
            await self._by_reply(place_id, reach.handle, post)
            return
        if reach.refused is not None and self._clock() < reach.refused_at + REFUSED_FOR:
            await self._elsewhere(place_id, post)
            return
        try:
            message_id = await post_in_channel(self._client, place_id, post)
        except (discord.Forbidden, discord.NotFound) as error:
            await self._refused(place_id, post, REFUSED.get(error.code, error.text))
            return
        except discord.HTTPException as error:
            if error.status in TRY_AGAIN or error.status >= 500:
                raise
            log.error("Discord refuses game %s's post as it is: %s", post.game_id, error)
            return
        if reach.refused is not None:
            await self._places.reachable(place_id)
        if post.prompt is Prompt.CLAIM:
            await note_claim(self._client, place_id, post, message_id)
        await disable_lapsed(self._client, place_id, post)

    async def _refused(self, place_id: int, post: Post, reason: str) -> None:
        """Note that the channel refuses the bot, and tell the players elsewhere."""
        log.warning(
            "channel %s refuses the bot: %s; game %s's post goes by direct message and "
            "is said on the next answer there",
            place_id,
            reason,
            post.game_id,
        )
        await self._places.refused(place_id, reason, self._clock())
        await self._elsewhere(place_id, post)

    async def _elsewhere(self, place_id: int, post: Post) -> None:
        """A direct message to each player the post pings, the post held to be said on
        the next answer in the place."""
        for user_id in post.pings:
            await self.to_user(user_id, post)
        language, _ = await game_language(self._client, place_id, post.game_id)
        await self._places.hold(place_id, markup(post.text, language), self._clock())

    async def _by_reply(self, place_id: int, handle: ReplyHandle, post: Post) -> None:
        """A follow-up to the place's latest interaction while its token lasts, else a
        direct message to each player the post pings, the post held to be said on the
        next answer in the place."""
        if self._clock() < handle.noted_at + REPLY_READABLE:
            application_id = self._client.application_id
            assert application_id is not None, "the client has logged in"
            webhook = discord.Webhook.partial(application_id, handle.token, client=self._client)
            try:
                language, guild_id = await game_language(self._client, place_id, post.game_id)
                pages = await pages_on(self._client, guild_id, post)
                view = prompt_view(post, self._client, language, pages=pages)
                await webhook.send(wait=True, **message_kwargs(post, view, language))
            except discord.HTTPException as error:
                if error.status not in UNREADABLE:
                    raise
                log.info("could not follow up about game %s: %s", post.game_id, error)
            else:
                return
        await self._elsewhere(place_id, post)

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
            except DISCORD_TROUBLE as error:
                log.info("could not delete a reply left thinking: %s", error)
        return not (flags.loading or flags.ephemeral)

    def _original_reply(self, method: str, reply_token: str) -> Route:
        """The route to an interaction's reply (its original response)."""
        application_id = self._client.application_id
        return Route(method, ORIGINAL_REPLY, webhook_id=application_id, webhook_token=reply_token)

    @contextlib.asynccontextmanager
    async def typing(self, place_id: int) -> AsyncIterator[None]:
        """Show the bot typing in a channel for the block (not where it may only answer);
        a refusal by Discord is logged."""
        async with contextlib.AsyncExitStack() as stack:
            if await self._places.handle(place_id) is None:
                channel = self._client.get_partial_messageable(place_id)
                try:
                    await stack.enter_async_context(channel.typing())
                except DISCORD_TROUBLE as error:
                    log.info("could not show typing in channel %s: %s", place_id, error)
            yield

    async def to_user(self, user_id: int, post: Post) -> bool:
        """Send by direct message, in the language the user last used the bot in (see
        `PyramidBot.dispatch`); False when the user's direct messages are closed."""
        try:
            language = await client_host(self._client).languages.of_person(user_id)
            channel = await self._client.create_dm(discord.Object(user_id))
            kwargs: dict[str, Any] = message_kwargs(post, language=language or SOURCE)
            kwargs |= nonce_of(post)
            await channel.send(**kwargs)
        except DISCORD_TROUBLE as error:
            log.info("could not message user %s about game %s: %s", user_id, post.game_id, error)
            return False
        return True
