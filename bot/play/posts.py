"""Posts that show the board: the picture (drawn by the renderer the app hands in), the
text, and who is pinged."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence
from typing import Protocol

import engine
from bot.play.ai_seats import humans
from bot.play.announcements import announcement, picture_name
from bot.play.games import Loan
from bot.play.values import File, Lapsed, Post, Prompt
from bot.play.words.text import Text, lines
from bot.play.words.wording import event_text, result_text, turn_line
from bot.storage import Action, GameRecord

log = logging.getLogger(__name__)


class Renderer(Protocol):
    """Draws the pictures the bot posts."""

    async def board_png(self, game: engine.Game, player_names: Sequence[str]) -> bytes: ...

    async def replay_gif(
        self, game: engine.Game, player_names: Sequence[str], *, max_frames: int
    ) -> bytes:
        """An animation of the game: every position, or its last `max_frames`."""

    async def close(self) -> None: ...


class BoardPosts:
    """Makes the posts that carry a board picture."""

    def __init__(self, renderer: Renderer) -> None:
        self.renderer = renderer

    async def board(
        self,
        record: GameRecord,
        game: engine.Game,
        text: Text,
        *,
        ping_turn: bool = False,
        ended: bool = False,
    ) -> Post:
        """A post with the board picture; without it when drawing fails (logged).

        A post saying the game `ended` pings every player and offers the game's replay.
        The bot's own seats are never pinged.
        """
        files = await self.picture(picture_name(record), game, record.names)
        return dataclasses.replace(
            _post(record, text, ping_turn=ping_turn, ended=ended), files=files
        )

    async def picture(
        self, name: str, game: engine.Game, player_names: Sequence[str]
    ) -> tuple[File, ...]:
        """The board picture as a file called `name`; none when drawing fails (logged)."""
        try:
            png = await self.renderer.board_png(game, player_names)
        except Exception:
            log.exception("drawing %s failed", name)
            return ()
        return (File(name, png),)

    async def save_change(
        self,
        loan: Loan,
        record: GameRecord,
        headline: Text,
        events_before: int,
        *,
        actions: Sequence[Action] = (),
        take_back: int = 0,
        lapsed: Lapsed | None = None,
        said: Text | None = None,
    ) -> Post:
        """Save the change of the lent game as `record`, with its announcement in the same
        transaction, and the post announcing it: what happened, what the rules did, what
        is next (or `said` alone, when given). `lapsed` is the offer the change ended."""
        game = loan.game
        if said is None:
            shown: list[Text | str] = [headline]
            shown += [event_text(e, record.names) for e in game.events[events_before:]]
            if game.result is not None:
                shown.append(result_text(game.result, record.names))
            else:
                shown.append(turn_line(record, game))
            said = lines(shown)
        post = _post(record, said, ping_turn=True, ended=game.result is not None)
        post = dataclasses.replace(post, lapsed=lapsed)
        owed = announcement(record, post)
        saved = await loan.save(record, actions, take_back, owed)
        files = await self.picture(picture_name(saved), game, saved.names)
        return dataclasses.replace(post, files=files, announcement=owed.id)


def _post(record: GameRecord, text: Text, *, ping_turn: bool, ended: bool) -> Post:
    """A post without its picture: pinging everyone, with Replay, once the game `ended`,
    else the player to move when asked to. The bot's own seats are never pinged."""
    if ended:
        players = humans([s.user_id for s in record.players])
        return Post(record.id, text, pings=players, prompt=Prompt.REPLAY)
    if ping_turn and record.turn_user_id is not None:
        return Post(record.id, text, pings=humans([record.turn_user_id]))
    return Post(record.id, text)
