"""Board pictures drawn away from the event loop: in a process of their own, or in threads.

Drawing a picture costs a few milliseconds of Python and Pillow work. In a thread of the
bot's process it competes with the event loop for the GIL, and every other player's
reply waits; `DrawingProcess` draws in a child process instead, on another core.
`ThreadDrawing` keeps everything in one process (the local console, tests).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import pickle
import struct
import sys
import traceback
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO, Protocol

import engine
import render

log = logging.getLogger(__name__)

_ANSWER_HEADER = struct.Struct(">?I")
_REQUEST_HEADER = struct.Struct(">I")
_PROJECT_ROOT = Path(__file__).resolve().parent.parent
_STOP_SECONDS = 5.0


class DrawingError(Exception):
    """A picture could not be drawn; the message says why."""


class Renderer(Protocol):
    """Draws the pictures the bot posts."""

    async def board_png(self, game: engine.Game, player_names: Sequence[str]) -> bytes: ...

    async def replay_gif(self, game: engine.Game, player_names: Sequence[str]) -> bytes: ...

    async def close(self) -> None: ...


class ThreadDrawing:
    """Draws in worker threads of the bot's own process."""

    async def board_png(self, game: engine.Game, player_names: Sequence[str]) -> bytes:
        return await asyncio.to_thread(render.board_png, game, list(player_names))

    async def replay_gif(self, game: engine.Game, player_names: Sequence[str]) -> bytes:
        return await asyncio.to_thread(render.replay_gif, game, list(player_names))

    async def close(self) -> None:
        """Nothing to release."""


class DrawingProcess:
    """Draws in a child process fed through its standard input, answering on its output.

    A board picture travels as its scene (plain values, made here in a fraction of a
    millisecond) and a replay as the game's JSON. Answers come back in the order asked.
    If the child dies, the pictures being drawn fail and the next request starts a new one.
    """

    def __init__(self) -> None:
        self._worker: _Worker | None = None
        self._starting = asyncio.Lock()
        self._closed = False

    async def start(self) -> None:
        """Start the child now and wait until it is ready, so no picture waits for it."""
        await self._ask(("ready",))

    async def board_png(self, game: engine.Game, player_names: Sequence[str]) -> bytes:
        scene = render.board_scene(game, player_names)
        return await self._ask(("png", scene))

    async def replay_gif(self, game: engine.Game, player_names: Sequence[str]) -> bytes:
        return await self._ask(("gif", game.to_json(), list(player_names)))

    async def close(self) -> None:
        """Let the child finish the pictures asked for, then stop it; no more are drawn."""
        async with self._starting:
            worker, self._worker, self._closed = self._worker, None, True
        if worker is not None:
            await worker.stop()

    @property
    def pid(self) -> int | None:
        """The child's process id while it runs."""
        worker = self._worker
        return worker.process.pid if worker is not None and worker.alive else None

    async def _ask(self, job: tuple[object, ...]) -> bytes:
        worker = await self._running()
        return await worker.ask(pickle.dumps(job, protocol=pickle.HIGHEST_PROTOCOL))

    async def _running(self) -> _Worker:
        async with self._starting:
            if self._closed:
                raise DrawingError("the drawing process was closed")
            if self._worker is None or not self._worker.alive:
                self._worker = await _Worker.launch()
            return self._worker


class _Worker:
    """One child process and the answers it owes, oldest first."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self._owed: deque[asyncio.Future[bytes]] = deque()
        self._reading = asyncio.create_task(self._read_answers())

    @classmethod
    async def launch(cls) -> _Worker:
        environment = dict(os.environ)
        paths = [str(_PROJECT_ROOT), environment.get("PYTHONPATH", "")]
        environment["PYTHONPATH"] = os.pathsep.join(path for path in paths if path)
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            __name__,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env=environment,
        )
        log.info("drawing process %s started", process.pid)
        return cls(process)

    @property
    def alive(self) -> bool:
        return not self._reading.done()

    async def ask(self, request: bytes) -> bytes:
        stdin = self.process.stdin
        assert stdin is not None
        answer = asyncio.get_running_loop().create_future()
        self._owed.append(answer)
        stdin.write(_REQUEST_HEADER.pack(len(request)) + request)
        with contextlib.suppress(ConnectionError):
            await stdin.drain()
        return await answer

    async def stop(self) -> None:
        """End the child's input, let it answer what it owes, and make sure it is gone.

        The child's end is only seen once its answers are read to the end, so a child
        whose answers no one reads any more (the reader was cancelled) is killed.
        """
        if self.process.stdin is not None:
            self.process.stdin.close()
        await asyncio.wait([self._reading], timeout=_STOP_SECONDS)
        if self._reading.done() and not self._reading.cancelled():
            await self.process.wait()
            return
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()
        if not self._reading.done():
            await asyncio.wait([self._reading])
            await self.process.wait()

    async def _read_answers(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        try:
            while True:
                drawn, size = _ANSWER_HEADER.unpack(await stdout.readexactly(_ANSWER_HEADER.size))
                body = await stdout.readexactly(size)
                answer = self._owed.popleft()
                if answer.done():
                    continue
                if drawn:
                    answer.set_result(body)
                else:
                    answer.set_exception(DrawingError(body.decode()))
        except asyncio.IncompleteReadError:
            self._fail_owed()

    def _fail_owed(self) -> None:
        if self._owed:
            log.error("drawing process %s stopped with pictures unfinished", self.process.pid)
        while self._owed:
            answer = self._owed.popleft()
            if not answer.done():
                answer.set_exception(DrawingError("the drawing process stopped"))


def serve(requests: BinaryIO, answers: BinaryIO) -> None:
    """The child's loop: draw each request and answer it, until the requests end."""
    _warm_up()
    gc.collect()
    gc.freeze()  # the palettes and pieces stay: full collections need not scan them again
    while header := requests.read(_REQUEST_HEADER.size):
        (size,) = _REQUEST_HEADER.unpack(header)
        job = requests.read(size)
        try:
            body, drawn = _draw(pickle.loads(job)), True
        except Exception:
            body, drawn = traceback.format_exc().encode(), False
        answers.write(_ANSWER_HEADER.pack(drawn, len(body)) + body)
        answers.flush()


def _draw(job: tuple[object, ...]) -> bytes:
    kind, *arguments = job
    if kind == "ready":
        return b""
    if kind == "png":
        (scene,) = arguments
        assert isinstance(scene, render.Scene)
        return render.scene_png(scene)
    if kind == "gif":
        state, names = arguments
        assert isinstance(state, str) and isinstance(names, list)
        return render.replay_gif(engine.load_game(state), names)
    raise DrawingError(f"unknown drawing job {kind!r}")


def _warm_up() -> None:
    """Draw an empty board of every game: palettes and pieces are made once, up front."""
    for name, info in engine.GAMES.items():
        render.board_png(engine.new_game(name, info.min_players, seed=0), [])


if __name__ == "__main__":
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    serve(sys.stdin.buffer, answers)
