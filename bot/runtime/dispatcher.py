"""The one place that decides what each event the use cases write sets going:

- `TurnWaiting`: the scheduler looks again soon, though not sooner than a few seconds
  after the look the last save asked for (the turn's reminders need planning);
  the AI runner queues the game when the turn is the bot's.
- `GameEnded` of a tournament's pairing, `TournamentDue`: the tournament moves on, in
  the background (opening a round's threads may take minutes).
- `DueWorkChanged`: the scheduler looks again at once.
- `PostsOwed`: the posts are delivered as the scheduler delivers its own (announcements
  struck off once sent), one batch after another in the order they were owed.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Coroutine, Sequence

from bot.metrics import GAME_CHANGES
from bot.play.playing.ai_seats import is_ai
from bot.play.table.events import (
    DueWorkChanged,
    Event,
    GameEnded,
    Journal,
    PostsOwed,
    TournamentDue,
    TurnWaiting,
)
from bot.play.table.values import Delivery
from bot.play.tournaments.rounds import Rounds
from bot.runtime.ai_runner import AiRunner
from bot.runtime.scheduler import Scheduler
from bot.tasks import cancel_and_wait

log = logging.getLogger(__name__)


class Dispatcher:
    """Reads the journal as events are written, and hands each to whom it concerns."""

    def __init__(
        self,
        events: Journal,
        scheduler: Scheduler,
        ai_runner: AiRunner,
        rounds: Rounds,
    ) -> None:
        self._events = events
        self._scheduler = scheduler
        self._ai_runner = ai_runner
        self._rounds = rounds
        self._task: asyncio.Task[None] | None = None
        self._work: set[asyncio.Task[None]] = set()
        self._delivering = asyncio.Lock()

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="dispatcher")

    async def stop(self) -> None:
        """Stop reading; work already set going is waited for."""
        task, self._task = self._task, None
        if task is not None:
            await cancel_and_wait(task)
        await self.settled()

    async def settled(self) -> None:
        """Return once every event written so far is handed on, and the background work
        it set going is done (for tests, and for stopping)."""
        while not self._events.empty or self._work:
            self.dispatch_written()
            await asyncio.gather(*list(self._work), return_exceptions=True)

    async def _run(self) -> None:
        while True:
            await self._events.wait()
            self.dispatch_written()

    def dispatch_written(self) -> None:
        """Hand on every event written since the last look."""
        for written in self._events.read():
            self._dispatch(written.event, written.context)

    def _dispatch(self, event: Event, context: contextvars.Context) -> None:
        if isinstance(event, TurnWaiting | GameEnded):
            GAME_CHANGES.inc()
        match event:
            case TurnWaiting(game_id=game_id, user_id=user_id):
                self._scheduler.wake_after_save()
                if is_ai(user_id):
                    self._ai_runner.enqueue(game_id)
            case GameEnded(pairing_id=int(pairing_id)):
                work = self._rounds.game_ended(pairing_id)
                self._in_background(work, f"the tournament of pairing {pairing_id}", context)
            case TournamentDue(tournament_id=tournament_id):
                work = self._rounds.advance(tournament_id)
                self._in_background(work, f"tournament {tournament_id}", context)
            case DueWorkChanged():
                self._scheduler.wake()
            case PostsOwed(deliveries=deliveries):
                self._in_background(self._delivered(deliveries), "posts owed", context)

    async def _delivered(self, deliveries: Sequence[Delivery]) -> None:
        """Deliver posts owed, after those owed before them."""
        async with self._delivering:
            await self._scheduler.deliver(deliveries)

    def _in_background(
        self, work: Coroutine[object, object, None], what: str, context: contextvars.Context
    ) -> None:
        """Run work without waiting, in the context of the request that set it going; a
        failure is logged (the next due pass takes the work up again)."""
        task = asyncio.get_running_loop().create_task(_logged(work, what), context=context)
        self._work.add(task)
        task.add_done_callback(self._work.discard)


async def _logged(work: Coroutine[object, object, None], what: str) -> None:
    try:
        await work
    except Exception:
        log.exception("could not move on %s", what)
