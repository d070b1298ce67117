"""The pictures the bot posts, drawn by the renderer the app hands in."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Protocol

import engine
from bot.play.clocks.clock import SeatClock
from bot.play.table.languages import Languages
from bot.play.table.values import File
from bot.play.words.clocks import short_clock
from bot.play.words.languages import SOURCE
from bot.storage import GameRecord

log = logging.getLogger(__name__)


class Renderer(Protocol):
    """Draws the pictures the bot posts."""

    async def board_png(
        self,
        game: engine.Game,
        player_names: Sequence[str],
        clocks: Sequence[str | None] = (),
        *,
        language: str = SOURCE,
    ) -> bytes:
        """The board, each player's clock (a short text, or None) beside their name, its
        words in `language`."""

    async def replay_gif(
        self,
        game: engine.Game,
        player_names: Sequence[str],
        *,
        max_frames: int,
        language: str = SOURCE,
    ) -> bytes:
        """An animation of the game: every position, or its last `max_frames`, its words
        in `language`."""

    async def close(self) -> None: ...


class BoardPictures:
    """Draws board pictures as files to post, in the language of the place they are posted
    in; a drawing that fails is logged, never fatal."""

    def __init__(self, renderer: Renderer, languages: Languages) -> None:
        self.renderer = renderer
        self._languages = languages

    async def drawn(
        self,
        name: str,
        game: engine.Game,
        player_names: Sequence[str],
        clocks: Sequence[SeatClock | None],
        place: GameRecord | None,
    ) -> tuple[File, ...]:
        """The board picture as a file called `name`, with the players' `clocks` when given,
        in the language of the game `place`'s posts (English without one); none when
        drawing fails (logged)."""
        language = SOURCE if place is None else await self._languages.of_game(place)
        shown = [None if clock is None else short_clock(clock, language) for clock in clocks]
        try:
            png = await self.renderer.board_png(game, player_names, shown, language=language)
        except Exception:
            log.exception("drawing %s failed", name)
            return ()
        return (File(name, png),)
