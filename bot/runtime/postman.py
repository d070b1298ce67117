"""The one way the background work hands a post to a courier, and what follows each of
Discord's answers.

- Taken: the announcement is struck off. So too when the place refuses the bot for good
  (no access to the channel, no permission to post there, a channel that is gone): the
  courier then tells whoever the post pings by direct message and holds the post to be
  said on the next answer in the place (see `bot.storage.reply_places`).
- Anything else (a 5xx, a 429 after discord.py's own tries, a dropped connection, a
  time-out): the announcement stays owed and is tried again after a growing wait with
  jitter, by whichever process finds it then.

A game's posts go out in the order of its changes: one whose game has an earlier post
still owed goes after it, later. At most one post is in flight to a place at a time from
this process.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable
from typing import Protocol

from bot.metrics import DISCORD_FAILURES
from bot.play.table.outbox import Outbox
from bot.play.table.values import Delivery, Post

log = logging.getLogger(__name__)


class Courier(Protocol):
    """What carries posts to Discord (or another front end)."""

    async def to_channel(self, place_id: int, post: Post) -> None:
        """Post in the place (or, where it refuses the bot for good, tell the players
        elsewhere); raise when the post may go through later."""

    async def to_user(self, user_id: int, post: Post) -> bool:
        """Send by direct message; False when the user cannot be reached that way."""


class Postman:
    """Delivers posts through a `Courier`, keeping owed what Discord did not take."""

    def __init__(self, outbox: Outbox, courier: Courier, clock: Callable[[], float]) -> None:
        self._outbox = outbox
        self._courier = courier
        self._clock = clock
        self._places: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    async def deliver(self, delivery: Delivery, *, patience: float = 0.0) -> float | None:
        """Deliver a post after the posts of its game's earlier changes (waiting up to
        `patience` seconds for them, else it goes after them, later); None once it is
        done with (taken, or refused for good), else when it is to be tried again."""
        post = delivery.post
        if not await self._outbox.in_order(post, patience):
            await self._outbox.in_channel_later(post)
            return self._clock()
        lock = self._places.get(delivery.place_id)
        if lock is None:
            lock = self._places[delivery.place_id] = asyncio.Lock()
        async with lock:
            try:
                await self._send(delivery)
            except Exception as error:
                return await self._failed(delivery, error)
        await self._outbox.sent(post)
        return None

    async def _send(self, delivery: Delivery) -> None:
        user_id = delivery.dm_user_id
        if user_id is not None and await self._courier.to_user(user_id, delivery.post):
            return
        await self._courier.to_channel(delivery.place_id, delivery.post)

    async def _failed(self, delivery: Delivery, error: Exception) -> float | None:
        """Keep the post owed, to try again after a growing wait (Discord's Retry-After
        at least)."""
        DISCORD_FAILURES.labels(kind=failure_kind(error)).inc()
        post = delivery.post
        retry_after = float(getattr(error, "retry_after", 0.0))
        at = await self._outbox.failed(post.announcement, retry_after)
        what = f"game {post.game_id}'s post in channel {delivery.place_id}"
        failure = f"{type(error).__name__}: {error}"
        if at is None:
            log.warning("Discord did not take %s (%s); it was kept nowhere", what, failure)
        else:
            wait = at - self._clock()
            log.warning("Discord did not take %s (%s); trying again in %.0f s", what, failure, wait)
        return at


def failure_kind(error: Exception) -> str:
    """How a failed send is counted: `rate_limited`, `server_error` or `connection`."""
    status = getattr(error, "status", None)
    if status == 429:
        return "rate_limited"
    if isinstance(status, int) and status >= 500:
        return "server_error"
    return "connection"
