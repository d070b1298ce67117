"""The pictures the bot posts, drawn by the renderer the app hands in."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Protocol

import engine
from bot.play.table.values import File

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


class BoardPictures:
    """Draws board pictures as files to post; a drawing that fails is logged, never fatal."""

    def __init__(self, renderer: Renderer) -> None:
        self.renderer = renderer

    async def drawn(
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
