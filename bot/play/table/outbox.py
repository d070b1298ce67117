"""Announcements owed: the post about a saved move (or resignation, time-out, agreed draw,
take-back) is kept in the database with the change itself and struck off once sent. One
that a stopped process never sent is posted by whichever process finds it (the scheduler
claims each first), so every saved change is announced, once: at once by the process that
took the stopped one's place (serving the same slot, see `Writer`), else a lease later.

An announcement that is the reply to someone's command keeps that reply's handle (the
interaction token), so that a process finding it owed first reads the reply back: one
that went out before its process stopped is struck off, not posted again. Posts the bot
makes by itself carry a key derived from their announcement, by which Discord keeps a
post made twice within minutes as one."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import random
from collections.abc import Awaitable, Callable, Sequence
from functools import partial

import engine
from bot.play.table.announcements import CONSOLE_PLACE, Owed, owed
from bot.play.table.events import DueWorkChanged, Journal
from bot.play.table.games import GameTable
from bot.play.table.pictures import BoardPictures
from bot.play.table.values import Delivery, File, Post
from bot.storage import Announcement
from bot.storage.announcements import Announcements
from bot.storage.claims import LEASE

log = logging.getLogger(__name__)

OWED_AFTER = LEASE
"""Seconds the process that saved a change has to send its announcement itself."""
BATCH = 50
"""Owed announcements taken up in one pass."""
LOOK_AGAIN = 0.25
"""Seconds between looks for an announcement another process may be sending."""
PATIENCE = 3.0
"""Seconds a post waits for the posts about its game's earlier changes to go out first."""
REPLY_READABLE = 14 * 60.0
"""Seconds after an announcement is saved during which its reply can still be read back
(Discord keeps an interaction's token for 15 minutes from the command)."""
FIRST_RETRY = 2.0
"""Seconds, about, before a send Discord failed for a while is tried again; each failure
after it doubles the wait, up to `LONGEST_RETRY`."""
LONGEST_RETRY = 120.0
"""Seconds at most between two tries: well within the few minutes in which Discord keeps
a post sent again with the same nonce as one (a post it took whose answer was lost)."""


def retry_delay(tries: int, at_least: float = 0.0) -> float:
    """Seconds to wait after the `tries`-th failed send: doubling from `FIRST_RETRY` to
    `LONGEST_RETRY`, a random half of it taken off (so that the sends a refusal stopped do
    not all come back at once), and never less than `at_least` (Discord's Retry-After)."""
    backoff = min(LONGEST_RETRY, FIRST_RETRY * 2.0 ** max(tries - 1, 0))
    return max(backoff * random.uniform(0.5, 1.0), at_least)


class Outbox:
    """The announcements not yet sent, striking them off, and trying again later those
    Discord failed to take."""

    def __init__(
        self,
        games: GameTable,
        announcements: Announcements,
        pictures: BoardPictures,
        events: Journal,
    ) -> None:
        self._games = games
        self._announcements = announcements
        self._pictures = pictures
        self._events = events
        self._struck_off = asyncio.Condition()
        self._unstruck: set[str] = set()
        """Announcements sent whose striking off failed (the database was away): struck
        off on the next pass, never sent again meanwhile."""

    async def sent(self, post: Post) -> None:
        """Strike off the announcement a post is, once sent (or refused for good). When
        the database fails to, the announcement is kept to be struck off later (logged),
        never sent again by this process: what was sent is never apologised for."""
        if post.announcement is None:
            return
        try:
            await self._strike_off(post.announcement)
        except Exception:
            log.exception("could not strike off the announcement of game %s", post.game_id)
            self._unstruck.add(post.announcement)

    async def strike_off_sent(self) -> None:
        """Strike off what was sent while the database could not; a failure leaves them
        for the next pass (raised)."""
        for announcement_id in sorted(self._unstruck):
            await self._strike_off(announcement_id)
            self._unstruck.discard(announcement_id)

    async def failed(self, announcement_id: str | None, at_least: float = 0.0) -> float | None:
        """Keep an announcement Discord failed to take for a while owed, to be sent again
        after a growing wait (at least `at_least` seconds); when, or None for a post that
        is no announcement (it is not kept)."""
        if announcement_id is None:
            return None
        tries = await self._announcements.tried(announcement_id)
        at = self._games.clock() + retry_delay(tries, at_least)
        await self._announcements.retry([announcement_id], at)
        self._events.write(DueWorkChanged())
        return at

    async def postpone(self, announcement_ids: Sequence[str], at: float) -> None:
        """Send these announcements no sooner than `at` (their place fails for now)."""
        if announcement_ids:
            await self._announcements.retry(announcement_ids, at)

    async def in_channel_later(self, post: Post) -> None:
        """Post an announcement in its channel once the posts of its game's earlier changes
        are out, rather than as the reply it was to be."""
        if post.announcement is not None:
            await self._announcements.to_channel(post.announcement, self._games.clock())
            self._events.write(DueWorkChanged())

    async def replying(self, post: Post, reply_token: str) -> bool:
        """Note that a post is about to go out as the reply to the interaction with this
        token (when the post is an announcement); whether posts about its game's earlier
        changes are still owed (see `in_order`)."""
        if post.announcement is None:
            return False
        return await self._announcements.replying(post.announcement, reply_token)

    async def in_order(self, post: Post, patience: float = PATIENCE) -> bool:
        """Wait until the changes of the post's game saved before the one it announces are
        announced (after a restart, by the scheduler), so that a game's posts go out in
        the order of its changes; False when `patience` seconds ran out."""
        announcement = post.announcement
        if announcement is None:
            return True
        announcements = self._announcements
        owed = partial(announcements.owed_before, post.game_id, announcement)
        return await self._until(owed, patience)

    async def _until(self, owed: Callable[[], Awaitable[bool]], patience: float) -> bool:
        """Wait while `owed()` says a post is owed, looking again as posts are struck off;
        False when `patience` seconds ran out."""
        deadline = asyncio.get_running_loop().time() + patience
        while await owed():
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                return False
            async with self._struck_off:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._struck_off.wait(), min(left, LOOK_AGAIN))
        return True

    async def owed(self) -> list[Announcement]:
        """Announcements that may go out now, the first of each game's still owed, oldest
        first: their writer had a lease to send them and did not, or left them unsent
        when it stopped and this process took its place, or a send failed and their
        wait is over. Those of the console's games, which the console showed, are struck
        off instead of sent."""
        found = await self._owed_now()
        if any(stored.place_id == CONSOLE_PLACE for stored in found):
            dropped = await self._announcements.forget_place(CONSOLE_PLACE)
            log.info("struck off %d announcements of the console's games, owed to no one", dropped)
            found = await self._owed_now()
        return [stored for stored in found if stored.id not in self._unstruck]

    async def _owed_now(self) -> list[Announcement]:
        """What the storage finds owed now (see `owed`)."""
        now = self._games.clock()
        return await self._announcements.owed(now - OWED_AFTER, self._games.writer, BATCH, now=now)

    async def delivery(
        self, stored: Announcement, replied: Callable[[str], Awaitable[bool]]
    ) -> Delivery | None:
        """The post of an owed announcement, its picture drawn again; None when it was sent
        since it was found (by a process that claimed it first), or when `replied` (given
        the token) finds that the reply carrying it went out, which strikes it off."""
        if not await self._announcements.is_owed(stored.id):
            return None
        token = stored.reply_token
        readable = stored.created_at + REPLY_READABLE > self._games.clock()
        if token is not None and readable and await replied(token):
            log.info("game %s was announced by its reply before a restart", stored.game_id)
            await self._strike_off(stored.id)
            return None
        kept = owed(stored)
        files = await self._picture(kept)
        post = dataclasses.replace(kept.post, files=files)
        return Delivery(kept.place_id, post, dm_user_id=kept.dm_user_id)

    async def _picture(self, kept: Owed) -> tuple[File, ...]:
        """The board picture an announcement shows, drawn again; none for a notice, or
        when the position cannot be read (logged)."""
        if kept.picture_name is None:
            return ()
        try:
            game = engine.load_game(kept.state)
        except engine.GameError:
            log.exception("the position announced for game %s cannot be read", kept.post.game_id)
            return ()
        place = await self._games.by_id(kept.post.game_id)
        return await self._pictures.drawn(
            kept.picture_name, game, kept.player_names, kept.clocks, place
        )

    async def _strike_off(self, announcement_id: str) -> None:
        await self._announcements.announced(announcement_id)
        async with self._struck_off:
            self._struck_off.notify_all()

    async def next_due(self) -> float | None:
        """When the first announcement not yet sent will be owed, if any."""
        return await self._announcements.first_owed(self._games.writer, OWED_AFTER)
