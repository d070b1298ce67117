"""Where a tournament's games are played: a `Venue` (Discord, in the bot) opens their
threads, and how it fails. Its posts are owed like any other (`PostsOwed`)."""

from __future__ import annotations

from typing import Protocol

from bot.play.table.values import Post
from bot.play.words.text import Text

NO_GAME = 0
"""The game id of a tournament's own posts, which are about no one game."""


class VenueError(Exception):
    """The venue could not do what was asked (Discord refused or failed); the work is
    tried again on the next due pass."""


class ThreadRefused(VenueError):
    """Discord will never open the thread: the channel is gone, or the bot may not see it
    or open threads there. The game is not tried again."""


class Venue(Protocol):
    """Where a tournament's games are played (Discord, in the bot)."""

    async def post_starter(self, channel_id: int, text: Text, key: str) -> int:
        """Post the message a game's thread is opened from; its id. The same `key` posted
        again within a few minutes (after a restart) gives the same message. Raises as
        `open_thread` does."""

    async def open_thread(self, channel_id: int, starter_id: int, name: str) -> int:
        """The public thread opened from the starter message, for one game, or the one
        opened from it before (a restart between opening and recording it); its id.
        Raises `ThreadRefused` when it can never be opened there, `VenueError` when it
        could not be opened this time."""

    async def edit(self, place_id: int, message_id: int, post: Post) -> None:
        """Show the post's text in place of a message's, without its buttons."""
