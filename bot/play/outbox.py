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
from collections.abc import Awaitable, Callable
from functools import partial

import engine
from bot.play.announcements import Owed, owed
from bot.play.games import GameTable
from bot.play.pictures import BoardPictures
from bot.play.values import Delivery, File, Post
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


class Outbox:
    """The announcements not yet sent, and striking them off."""

    def __init__(
        self, games: GameTable, announcements: Announcements, pictures: BoardPictures
    ) -> None:
        self._games = games
        self._announcements = announcements
        self._pictures = pictures
        self._struck_off = asyncio.Condition()

    async def sent(self, post: Post) -> None:
        """Strike off the announcement a post is, once sent (or refused for good)."""
        if post.announcement is not None:
            await self._strike_off(post.announcement)

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
        """Announcements their writer had a lease to send and did not, or left unsent when
        it stopped and this process took its place, oldest first."""
        written_by = self._games.clock() - OWED_AFTER
        return await self._announcements.owed(written_by, self._games.writer, BATCH)

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
        return await self._pictures.drawn(kept.picture_name, game, kept.player_names, kept.clocks)

    async def _strike_off(self, announcement_id: str) -> None:
        await self._announcements.announced(announcement_id)
        async with self._struck_off:
            self._struck_off.notify_all()

    async def next_due(self) -> float | None:
        """When the first announcement not yet sent will be owed, if any."""
        return await self._announcements.first_owed(self._games.writer, OWED_AFTER)
