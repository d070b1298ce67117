"""The background task that plays the bot's turns, a few at once, fairly across games.

A game whose turn becomes the bot's joins the back of a queue of games (once), and the
runner plays the turns at its front, up to `at_once` of them (one for each process the AI
thinks in), never two of one game; a game where the bot moves again after that (several
AI seats in a row) goes to the back, so one game's many turns never starve another's.
Each turn is claimed in the database first (kind `ai-turn`, keyed by the game and the
turn's start), so among several bot processes exactly one plays it. Every process looks
for waiting turns right after start-up, at once when another process stops (giving its
claims back), and every `LOOK_EVERY` seconds: a process restarted on the same shards
takes up a turn it was killed in the middle of at once, and any other process does
within `AI_LEASE` seconds, when the dead one's claim lapses. While the bot thinks, the
channel shows it typing. A move is saved with its announcement, like a person's, and
struck off the outbox once posted, so a move saved by a process that stops before
posting it, or whose post Discord does not take for a while, is still announced.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import math
import time
from collections import deque
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Protocol

from bot.alarm import Alarm
from bot.metrics import AI_THINKING
from bot.play.playing.ai_turns import AiPlayers
from bot.play.table.outbox import PATIENCE
from bot.play.table.values import Delivery, Refusal
from bot.runtime.postman import Postman
from bot.storage.claims import Claims, claimed, holder
from bot.tasks import cancel_and_wait

log = logging.getLogger(__name__)

AI_LEASE = 30.0
"""Seconds a claim on an AI turn lasts unless renewed."""
LOOK_EVERY = 15.0
"""Seconds between looks in the database for AI turns no process is playing."""
KIND = "ai-turn"


class Courier(Protocol):
    """What shows the bot thinking (Discord, in the bot)."""

    def typing(self, place_id: int) -> AbstractAsyncContextManager[None]:
        """Show the bot typing in the channel for the block."""


class AiRunner:
    """Plays the turns of `AiPlayers` in the background, up to `at_once` in different games
    at a time, delivering them by a `Postman` (the `Courier` shows the bot typing); each
    move waits up to `patience` seconds for the move before it to be announced, and goes
    after it, later, when it is not."""

    def __init__(
        self,
        players: AiPlayers,
        claims: Claims,
        postman: Postman,
        courier: Courier,
        *,
        clock: Callable[[], float] = time.time,
        at_once: int = 1,
        patience: float = PATIENCE,
    ) -> None:
        self._players = players
        self._claims = claims
        self._postman = postman
        self._courier = courier
        self._clock = clock
        self._at_once = at_once
        self._patience = patience
        self._queue: deque[int] = deque()
        self._turns: dict[int, asyncio.Task[None]] = {}
        self._task: asyncio.Task[None] | None = None
        self._alarm = Alarm()
        self._idle = asyncio.Event()
        self._look_at = -math.inf
        """When, in event-loop time, to look next for turns no process is playing."""
        self._owner = holder(players.games.writer)

    def start(self) -> None:
        """Start the background task; it first looks for turns left waiting."""
        self._task = asyncio.create_task(self._run(), name="ai-turns")

    async def stop(self) -> None:
        """Stop playing; turns being thought about are given back (their claims released)."""
        for task in (self._task, *self._turns.values()):
            if task is not None:
                await cancel_and_wait(task)
        self._task = None
        self._turns.clear()

    async def idle(self) -> None:
        """Return once the runner has looked for waiting turns and played every one (at
        once when it is not running)."""
        if self._task is not None:
            await self._idle.wait()

    def enqueue(self, game_id: int) -> None:
        """Play the bot's turn in the game, after the turns queued before it."""
        if game_id not in self._queue:
            self._queue.append(game_id)
            self._idle.clear()
            self._alarm.ring()

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            if loop.time() >= self._look_at:
                await self.look()
                self._look_at = loop.time() + LOOK_EVERY
            while len(self._turns) < self._at_once and (game_id := self._next_game()) is not None:
                turn = asyncio.create_task(self._take_turn(game_id))
                turn.add_done_callback(functools.partial(self._turn_done, game_id))
                self._turns[game_id] = turn
            if not self._turns:
                self._idle.set()
            await self._alarm.sleep(self._look_at - loop.time())

    def look_soon(self) -> None:
        """Look for waiting turns at once: another process gave some back."""
        self._look_at = -math.inf
        self._alarm.ring()

    async def look(self) -> None:
        """Queue every game waiting on the bot (done at start-up, then now and then)."""
        try:
            waiting = await self._players.waiting()
        except Exception:
            log.exception("could not read the games waiting on the bot")
            return
        for game_id in waiting:
            self.enqueue(game_id)

    def _next_game(self) -> int | None:
        """Take the first game in the queue whose turn is not being played already."""
        for game_id in self._queue:
            if game_id not in self._turns:
                self._queue.remove(game_id)
                return game_id
        return None

    def _turn_done(self, game_id: int, task: asyncio.Task[None]) -> None:
        self._turns.pop(game_id, None)
        self._alarm.ring()

    @property
    def queued(self) -> int:
        """Games whose turn the bot has yet to start playing."""
        return len(self._queue)

    async def _take_turn(self, game_id: int) -> None:
        """Play the bot's turn in a game if it still waits and this process claims it."""
        try:
            record = await self._players.turn(game_id)
            if record is None:
                return
            key = f"{game_id}@{record.turn_started_at!r}"
            async with claimed(self._claims, KIND, key, self._owner, self._clock, AI_LEASE) as mine:
                if not mine:
                    return
                async with self._courier.typing(record.place_id):
                    with AI_THINKING.time():
                        post = await self._players.play(record)
                delivery = Delivery(record.place_id, post)
                await self._postman.deliver(delivery, patience=self._patience)
        except Refusal as refusal:
            log.info("the bot's move in game %s was dropped: %s", game_id, refusal)
        except Exception:
            log.exception("the bot could not play its turn in game %s", game_id)
