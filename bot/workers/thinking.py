"""The AI's thinking away from the event loop: in a process of its own, or in threads.

A move costs the AI up to a few seconds of pure Python search. In a thread of the bot's
process that search would hold the GIL and every other player's reply would wait behind
it; `ThinkingProcesses` thinks in child processes instead, on other cores, each thinking
about one position at a time. `ThreadThinking` keeps everything in one process (the local
console, tests). Both think on a game's saved JSON state, so the caller's game is never
shared with the thinking.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import struct
import threading
from collections.abc import Callable
from typing import Any, TypeVar

import ai
import engine
from bot.workers.child import ChildProcess, Job, WorkerError, serve_standard_streams

_CHANCES = struct.Struct(">d")
T = TypeVar("T")


class ThinkingError(WorkerError):
    """The AI could not think about a position; the message says why."""


class ThreadThinking:
    """Thinks in threads of the bot's own process: daemon threads, so that a process
    leaving (Ctrl-C in the console) does not wait for a thought under way."""

    async def choose_move(self, state: str, level: str) -> str:
        return await _in_daemon_thread(_choose_move, state, level)

    async def evaluate(self, state: str, level: str, seat: int) -> float:
        return await _in_daemon_thread(_evaluate, state, level, seat)

    async def appraise(self, state: str, level: str, move: str) -> ai.Appraisal:
        return await _in_daemon_thread(_appraise, state, level, move)

    async def close(self) -> None:
        """Nothing to release."""


class ThinkingProcesses:
    """Thinks in `count` child processes, each fed through its standard input and answering
    on its output; a thought goes to a free one, or waits for the first to be free.

    If a child dies, the thought under way in it fails and the next one it is given starts
    a new child. Reviews' appraisals come behind the bot's own turns: together they hold
    or wait for at most all children but one (one, when there is only one), so a turn of
    the bot never queues behind more than that.
    """

    def __init__(self, count: int = 1) -> None:
        self._children = [ChildProcess(__name__, "thinking", ThinkingError) for _ in range(count)]
        self._free: asyncio.Queue[ChildProcess] = asyncio.Queue()
        for child in self._children:
            self._free.put_nowait(child)
        self._reviewing = asyncio.Semaphore(max(count - 1, 1))

    async def start(self) -> None:
        """Start every child now and wait until they are ready, so no move waits for one."""
        await asyncio.gather(*(child.ask(("ready",)) for child in self._children))

    async def choose_move(self, state: str, level: str) -> str:
        return (await self._think(("move", state, level))).decode()

    async def evaluate(self, state: str, level: str, seat: int) -> float:
        (chances,) = _CHANCES.unpack(await self._think(("evaluate", state, level, seat)))
        return float(chances)

    async def appraise(self, state: str, level: str, move: str) -> ai.Appraisal:
        async with self._reviewing:
            told = json.loads(await self._think(("appraise", state, level, move)))
        return ai.Appraisal(tuple(told["values"]), told["best"], told["played"])

    async def close(self) -> None:
        """Let the children finish the thoughts asked for, then stop them; no more are taken."""
        await asyncio.gather(*(child.close() for child in self._children))

    @property
    def pids(self) -> list[int]:
        """The process ids of the children running."""
        return [pid for child in self._children if (pid := child.pid) is not None]

    async def _think(self, job: Job) -> bytes:
        child = await self._free.get()
        try:
            return await child.ask(job)
        finally:
            self._free.put_nowait(child)


async def _in_daemon_thread(work: Callable[..., T], *arguments: object) -> T:
    """`work(*arguments)` in a daemon thread of its own; its result, or its exception."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[T] = loop.create_future()

    def settle(set_outcome: Callable[[Any], None], outcome: object) -> None:
        if not done.done():  # the awaiting task may have been cancelled
            set_outcome(outcome)

    def run() -> None:
        try:
            outcome: object = work(*arguments)
            set_outcome: Callable[[Any], None] = done.set_result
        except BaseException as error:
            outcome, set_outcome = error, done.set_exception
        with contextlib.suppress(RuntimeError):  # the loop closed: no one waits any more
            loop.call_soon_threadsafe(settle, set_outcome, outcome)

    threading.Thread(target=run, name="thinking", daemon=True).start()
    return await done


def _choose_move(state: str, level: str) -> str:
    return ai.choose_move(engine.load_game(state), level)


def _evaluate(state: str, level: str, seat: int) -> float:
    return ai.evaluate(engine.load_game(state), level, seat=seat)


def _appraise(state: str, level: str, move: str) -> ai.Appraisal:
    return ai.appraise(engine.load_game(state), level, move)


def _think(job: Job) -> bytes:
    kind, *arguments = job
    if kind == "ready":
        return b""
    if kind == "move":
        state, level = arguments
        assert isinstance(state, str) and isinstance(level, str)
        return _choose_move(state, level).encode()
    if kind == "evaluate":
        state, level, seat = arguments
        assert isinstance(state, str) and isinstance(level, str) and isinstance(seat, int)
        return _CHANCES.pack(_evaluate(state, level, seat))
    if kind == "appraise":
        state, level, move = arguments
        assert isinstance(state, str) and isinstance(level, str) and isinstance(move, str)
        told = _appraise(state, level, move)
        return json.dumps(
            {"values": told.values, "best": told.best, "played": told.played}
        ).encode()
    raise ThinkingError(f"unknown thinking job {kind!r}")


NICENESS = 10
"""How much lower than the bot's the thinking process's CPU priority is: when cores are
short, people's replies and pictures come first, and the AI's moves wait."""


def serve() -> None:
    """The child: the AI imported once, at a lower priority, then each request thought
    about and answered."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICENESS)
    gc.collect()
    gc.freeze()
    serve_standard_streams(_think)


if __name__ == "__main__":
    serve()
