"""Answering a request with a post: the one protocol every front end follows, over an
`Answerer` of its own that only sends.

- A game's posts go out in the order of its changes: a post waits (a few seconds at most)
  for its game's earlier posts still owed. When they are still not out, or the answer
  was deferred (its place would be above them), it goes in the place after them, later,
  and the asker is told so.
- A post about a saved change that would not be the request's own answer (a follow-up,
  which cannot be read back after a restart) goes in the place as a message of its own,
  where the bot may post there and the place takes it; otherwise it is the answer. The
  token of a reply that carries an announcement is noted before it goes, unless saved
  with it (a move's), so that after a restart the reply can be read back.
- Taken, the announcement is struck off; not taken, it is owed again at once (and goes
  in the place soon).
- Then the buttons the change ended are disabled, and what the bot could not say in the
  place before ("Meanwhile: ...") is said, held again where that fails.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Protocol, TypeVar

from bot.play.table.answering import AnsweringPlaces
from bot.play.table.outbox import Outbox
from bot.play.table.values import Post

log = logging.getLogger(__name__)
T = TypeVar("T")


class Answerer(Protocol):
    """How a front end answers one request: what it knows of the request, and its ways of
    sending. Each sending call raises what its transport raises, unless it says otherwise."""

    @property
    def token(self) -> str:
        """The request's token, by which its own reply is read back."""

    @property
    def place_id(self) -> int | None:
        """The place (channel, thread, DM) the request came from, if any."""

    def answers_first(self) -> bool:
        """Whether a public answer now becomes the request's own reply: its first answer,
        or the first after a public deferral."""

    def answered(self) -> bool:
        """Whether the request was answered or deferred already."""

    def posts_here(self) -> bool:
        """Whether the bot may post in the place, not only answer requests there."""

    def posts_pictures_here(self) -> bool:
        """Whether the bot may post there, pictures too (so the place is reachable again)."""

    async def in_time(self, work: Awaitable[T]) -> T:
        """The work's result, the answer deferred privately first if it is slow to come."""

    async def reply(self, post: Post) -> int | None:
        """Send the post as the answer (or a follow-up); the new message's id if known."""

    async def to_place(self, post: Post) -> int | None:
        """Send the post as a message of its own in the place, an announcement once only;
        its id, or None where the place refuses it (logged)."""

    async def after_earlier_posts(self) -> None:
        """Tell the asker privately that the post follows the game's earlier posts."""

    async def meanwhile(self, text: str) -> bool:
        """Say what the bot could not say in the place before, pinging no one; False when
        the transport did not take it (logged)."""

    async def disable_lapsed(self, post: Post) -> None:
        """Disable the buttons of the messages the post's change ended (failures logged)."""


async def answer(via: Answerer, post: Post, outbox: Outbox, places: AnsweringPlaces) -> int | None:
    """Answer the request with the post (see the module's docstring); the new message's
    id, or None when it goes in the place later."""
    replying = not post.private and via.answers_first()
    own_message = _own_message(via, post, replying)
    if replying and post.reply_token != via.token:
        behind = await outbox.replying(post, via.token)
    else:
        behind = not await outbox.in_order(post, patience=0.0)
    if behind:
        in_order = await via.in_time(outbox.in_order(post))
        if not in_order or (replying and via.answered()):
            log.info("game %s has earlier posts unsent; this one goes after them", post.game_id)
            await outbox.in_channel_later(post)
            await via.after_earlier_posts()
            return None
    try:
        message_id = await via.to_place(post) if own_message else None
        if message_id is None:
            message_id = await via.reply(post)
    except Exception:
        await outbox.failed(None if post.private else post.announcement)
        raise
    await outbox.sent(post)
    if via.place_id is not None and not post.private:
        if via.posts_here():
            await via.disable_lapsed(post)
        await say_unsaid(via, via.place_id, places)
    return message_id


def _own_message(via: Answerer, post: Post, replying: bool) -> bool:
    """Whether the post goes in the place as a message of its own, where a follow-up
    would not be read back (the answer then, should the place refuse it)."""
    return (
        post.announcement is not None
        and not replying
        and not post.private
        and via.place_id is not None
        and via.posts_here()
    )


async def say_unsaid(via: Answerer, place_id: int, places: AnsweringPlaces) -> None:
    """Follow an answer with what the bot could not say in the place (a reminder, a
    time-out, its own move after the players' tokens lapsed, where it may only answer; any
    post, where the place refused it). Where the bot may post again, the place is no
    longer held refused. What is not taken now is held again: the answer went out."""
    texts = await places.unsaid(place_id, reachable=via.posts_pictures_here())
    for said, text in enumerate(texts):
        if not await via.meanwhile(text):
            await places.hold_again(place_id, texts[said:])
            return
