"""Pictures drawn away from the event loop: in processes of their own, or in threads.

Drawing a board costs a few milliseconds of Python and Pillow work, a long replay
seconds. In a thread of the bot's process it competes with the event loop for the GIL,
and every other player's reply waits; `DrawingProcess` draws in child processes instead,
one for boards and one for replays, so no board waits behind a replay. `ThreadDrawing`
keeps everything in one process (the local console, tests). Replays are capped in
frames, and by render in bytes, so every one fits in a Discord upload.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Sequence
from functools import partial

import engine
import render
from bot.play.words.languages import SOURCE
from bot.play.words.pictures import picture_words
from bot.workers.child import ChildProcess, Job, WorkerError, serve_standard_streams


class DrawingError(WorkerError):
    """A picture could not be drawn; the message says why."""


class ThreadDrawing:
    """Draws in worker threads of the bot's own process."""

    async def board_png(
        self,
        game: engine.Game,
        player_names: Sequence[str],
        clocks: Sequence[str | None] = (),
        *,
        language: str = SOURCE,
    ) -> bytes:
        words = picture_words(language)
        return await asyncio.to_thread(
            partial(render.board_png, game, list(player_names), words, clocks=list(clocks))
        )

    async def replay_gif(
        self,
        game: engine.Game,
        player_names: Sequence[str],
        *,
        max_frames: int,
        language: str = SOURCE,
    ) -> bytes:
        names, words = list(player_names), picture_words(language)
        return await asyncio.to_thread(
            partial(render.replay_gif, game, names, words, max_frames=max_frames)
        )

    async def close(self) -> None:
        """Nothing to release."""


class DrawingProcess:
    """Draws in child processes fed through their standard input, answering on their output.

    Board pictures and replays have a process each, so a board picture never waits behind
    a replay being drawn; the replay process starts with the first replay asked for. A
    board picture travels as its scene (plain values, made here in a fraction of a
    millisecond) and a replay as the game's JSON. Answers come back in the order asked.
    If a child dies, the pictures it was drawing fail and its next request starts a new one.
    """

    def __init__(self) -> None:
        self._boards = ChildProcess(__name__, "drawing", DrawingError)
        self._replays = ChildProcess(__name__, "replay drawing", DrawingError)

    async def start(self) -> None:
        """Start the board process now and wait until it is ready, so no picture waits for it."""
        await self._boards.ask(("ready",))

    async def board_png(
        self,
        game: engine.Game,
        player_names: Sequence[str],
        clocks: Sequence[str | None] = (),
        *,
        language: str = SOURCE,
    ) -> bytes:
        scene = render.board_scene(game, player_names, picture_words(language), clocks=clocks)
        return await self._boards.ask(("png", scene))

    async def replay_gif(
        self,
        game: engine.Game,
        player_names: Sequence[str],
        *,
        max_frames: int,
        language: str = SOURCE,
    ) -> bytes:
        job = ("gif", game.to_json(), list(player_names), max_frames, language)
        return await self._replays.ask(job)

    async def close(self) -> None:
        """Let the children finish the pictures asked for, then stop them; no more are drawn."""
        await asyncio.gather(self._boards.close(), self._replays.close())

    @property
    def pid(self) -> int | None:
        """The board process's id while it runs."""
        return self._boards.pid

    @property
    def replay_pid(self) -> int | None:
        """The replay process's id while it runs."""
        return self._replays.pid


def serve() -> None:
    """The child: pictures made ready once, then each request drawn and answered."""
    _warm_up()
    gc.collect()
    gc.freeze()  # the palettes and pieces stay: full collections need not scan them again
    serve_standard_streams(_draw)


def _draw(job: Job) -> bytes:
    kind, *arguments = job
    if kind == "ready":
        return b""
    if kind == "png":
        (scene,) = arguments
        assert isinstance(scene, render.Scene)
        return render.scene_png(scene)
    if kind == "gif":
        state, names, max_frames, language = arguments
        assert isinstance(state, str) and isinstance(names, list) and isinstance(max_frames, int)
        assert isinstance(language, str)
        game, words = engine.load_game(state), picture_words(language)
        return render.replay_gif(game, names, words, max_frames=max_frames)
    raise DrawingError(f"unknown drawing job {kind!r}")


def _warm_up() -> None:
    """Draw an empty board of every game: palettes and pieces are made once, up front."""
    for name, info in engine.GAMES.items():
        render.board_png(engine.new_game(name, info.min_players, seed=0), [], picture_words(SOURCE))


if __name__ == "__main__":
    serve()
