"""Posts that show the board: the picture (drawn by the renderer the app hands in), the
text, who is pinged, and the buttons of earlier messages a change ends."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import engine
from bot.play.ai_seats import humans, is_ai
from bot.play.announcements import announcement, picture_name
from bot.play.games import Following, Loan
from bot.play.values import File, Lapsed, Post, Prompt
from bot.play.words.text import Text, lines
from bot.play.words.wording import event_text, result_text, turn_line
from bot.storage import Announcement, GameRecord

log = logging.getLogger(__name__)


class Renderer(Protocol):
    """Draws the pictures the bot posts."""

    async def board_png(
        self,
        game: engine.Game,
        player_names: Sequence[str],
        clocks: Sequence[str | None] = (),
    ) -> bytes:
        """The board, each player's clock (a short text, or None) beside their name."""

    async def replay_gif(
        self, game: engine.Game, player_names: Sequence[str], *, max_frames: int
    ) -> bytes:
        """An animation of the game: every position, or its last `max_frames`."""

    async def close(self) -> None: ...


Audible = Callable[[Sequence[int]], Awaitable[tuple[int, ...]]]
"""Which of these users may be pinged now (those not in their quiet hours)."""


async def everyone_audible(user_ids: Sequence[int]) -> tuple[int, ...]:
    return tuple(user_ids)


@dataclass(frozen=True, slots=True)
class Change:
    """The post announcing a change of a game before it is saved, the clock lines its
    picture shows, and the announcement to save with the change."""

    post: Post
    clocks: tuple[str | None, ...]
    owed: Announcement


class BoardPosts:
    """Makes the posts that carry a board picture; a player in their quiet hours is named
    but not pinged (`audible` says who may be)."""

    def __init__(self, renderer: Renderer, audible: Audible = everyone_audible) -> None:
        self.renderer = renderer
        self._audible = audible

    async def board(
        self,
        loan: Loan,
        text: Text,
        *,
        ping_turn: bool = False,
        ended: bool = False,
    ) -> Post:
        """A post with the picture of the lent game; without it when drawing fails (logged).

        A post saying the game `ended` pings every player and offers the game's replay.
        The bot's own seats are never pinged.
        """
        record = loan.record
        clocks = await loan.table.seat_clocks(record)
        files = await self.picture(picture_name(record), loan.game, record.names, clocks)
        post = await self._post(record, text, ping_turn=ping_turn, ended=ended)
        return dataclasses.replace(post, files=files)

    async def picture(
        self,
        name: str,
        game: engine.Game,
        player_names: Sequence[str],
        clocks: Sequence[str | None] = (),
    ) -> tuple[File, ...]:
        """The board picture as a file called `name`, with the players' `clocks` when given;
        none when drawing fails (logged)."""
        try:
            png = await self.renderer.board_png(game, player_names, clocks)
        except Exception:
            log.exception("drawing %s failed", name)
            return ()
        return (File(name, png),)

    async def change_post(
        self,
        loan: Loan,
        following: Following,
        headline: Text,
        events_before: int,
        *,
        lapsed: tuple[Lapsed, ...] = (),
        said: Text | None = None,
        ping_all: bool = False,
        reply_token: str | None = None,
    ) -> Change:
        """The post announcing that the lent game changed, to be saved as `following`: what
        happened, what the rules did, what is next (or `said` alone, when given); with the
        announcement to save with the change. `lapsed` are the messages whose buttons the
        change ended; `ping_all` pings every player, not only the one to move;
        `reply_token` names the interaction whose reply the post is to be."""
        game, record = loan.game, following.record
        if said is None:
            shown: list[Text | str] = [headline]
            shown += [event_text(e, record.names) for e in game.events[events_before:]]
            if game.result is not None:
                shown.append(result_text(game.result, record.names))
            else:
                shown.append(turn_line(record, game))
            said = lines(shown)
        post = await self._post(record, said, ping_turn=True, ended=game.result is not None)
        pings = post.pings
        if ping_all:
            pings = await self._audible(humans([s.user_id for s in record.players]))
        post = dataclasses.replace(post, lapsed=lapsed, pings=pings, reply_token=reply_token)
        return Change(post, following.clocks, announcement(record, post, following.clocks))

    async def pictured(self, change: Change, saved: GameRecord, game: engine.Game) -> Post:
        """The post of a saved change, with the board picture, naming its announcement."""
        files = await self.picture(picture_name(saved), game, saved.names, change.clocks)
        return dataclasses.replace(change.post, files=files, announcement=change.owed.id)

    async def _post(self, record: GameRecord, text: Text, *, ping_turn: bool, ended: bool) -> Post:
        post = _post(record, text, ping_turn=ping_turn, ended=ended)
        return dataclasses.replace(post, pings=await self._audible(post.pings))


def _post(record: GameRecord, text: Text, *, ping_turn: bool, ended: bool) -> Post:
    """A post without its picture: pinging everyone, with Replay (and Rematch, but in a
    tournament), once the game `ended`, else the player to move when asked to. The bot's
    own seats are never pinged."""
    if ended:
        players = humans([s.user_id for s in record.players])
        again = Prompt.REPLAY if record.pairing_id is not None else Prompt.REMATCH
        return Post(record.id, text, pings=players, prompt=again)
    if ping_turn and record.turn_user_id is not None:
        turn = record.turn_user_id
        prompt = None if is_ai(turn) else Prompt.MOVE
        return Post(record.id, text, pings=humans([turn]), prompt=prompt)
    return Post(record.id, text)


def lapsed_offer(record: GameRecord) -> tuple[Lapsed, ...]:
    """The offer message whose buttons go when a change ends the record's offer."""
    offer = record.offer
    if offer is None or offer.message_id is None:
        return ()
    return (Lapsed(offer.message_id, Prompt(offer.kind)),)


def lapsed_claim(record: GameRecord) -> tuple[Lapsed, ...]:
    """The message whose Claim win button goes when a move ends the record's turn."""
    message_id = record.clock.claim_message_id
    return () if message_id is None else (Lapsed(message_id, Prompt.CLAIM),)
