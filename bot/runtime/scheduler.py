"""The one background task of slow games: it sleeps until the next deadline or reminder,
does what fell due, and sleeps again.

It wakes early when settings change, and soon after a game in play is saved (saves made
close together share one pass, so a busy bot does not look again after every move). Its
first pass, right after start-up, catches up with everything that fell due while the bot
was down. Deadlines live in the database, so nothing is lost in a restart, and each
time-out or reminder is decided in one transaction, so nothing is done twice. Several
bot processes may share the database: each piece of due work is claimed there first, so
one process does it, and another takes it up if that process stops (at once when it
stops cleanly, as the scheduler then looks again).
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Awaitable, Callable, Sequence
from functools import partial
from typing import Protocol

from bot.alarm import Alarm
from bot.play.clocks.slow_games import SlowGames
from bot.play.table.outbox import Outbox
from bot.play.table.values import Delivery, Refusal
from bot.runtime.postman import Courier as PostCourier
from bot.runtime.postman import Postman
from bot.storage import Announcement
from bot.storage.claims import LEASE, claimed, holder
from bot.storage.clocks import Turn
from bot.tasks import cancel_and_wait

log = logging.getLogger(__name__)

LONGEST_NAP = LEASE
"""Seconds the scheduler sleeps at most: in case the clock jumps, and so that work
another bot process saved, or left when it stopped, is seen within a lease."""
SHORTEST_NAP = 1.0
RETRY_AFTER = 60.0
"""Seconds before due work that failed is tried again."""
AFTER_SAVE = 0.5
"""Seconds the scheduler may wait after a game in play is saved before it looks again.

A new turn is due for nothing before minutes have passed; its reminders only need
planning, which one pass does for every turn started since the last."""
PLANNING_GAP = 5.0
"""Seconds at least between the looks that saves ask for: while games are played quickly,
a pass plans each game's latest turn once rather than every turn (a pass every half
second cost a move about 0.05 ms in the load benchmark's paced run)."""
PRUNE_EVERY = 3600.0
"""Seconds between two clear-outs of the claims left by processes that died."""
OWED_ROUNDS = 20
"""Rounds of owed announcements a pass sends at most (each the first owed of each game)."""


class Courier(PostCourier, Protocol):
    """What delivers the scheduler's posts (Discord, in the bot)."""

    async def replied(self, reply_token: str) -> bool:
        """Whether the reply to the interaction with this token was posted in full (one
        begun but not finished is withdrawn)."""


def turn_key(turn: Turn) -> str:
    """What names a turn's due work among the claims: the game, and the turn by its start."""
    return f"{turn.game_id}@{turn.started_at!r}"


class Scheduler:
    """Runs the due work of `SlowGames` on time, delivering it through a `Postman`."""

    def __init__(
        self,
        play: SlowGames,
        outbox: Outbox,
        courier: Courier,
        postman: Postman,
        *,
        clock: Callable[[], float] = time.time,
        also: Sequence[Callable[[], Awaitable[None]]] = (),
    ) -> None:
        """`also` is more due work looked at in every pass (tournaments to move on); each
        claims its own work."""
        self.play = play
        self.outbox = outbox
        self._courier = courier
        self._postman = postman
        self._clock = clock
        self._lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._alarm = Alarm()
        self._failed = False
        self._pruned_at = -math.inf
        self._save_look_at = -math.inf
        """When, in event-loop time, the last save asked for a look."""
        self._owner = holder(play.games.writer)
        self.online_since = clock()
        self._also = tuple(also)

    def start(self) -> None:
        """Start the background task; its first pass catches up on what fell due."""
        self.online_since = self._clock()
        self._task = asyncio.create_task(self._run(), name="scheduler")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            await cancel_and_wait(task)

    def wake(self, within: float = 0.0) -> None:
        """Look again within `within` seconds: something changed what is due, or when."""
        if self._task is not None:
            self._alarm.ring(within)

    def wake_after_save(self) -> None:
        """Look again soon after a game in play was saved (`AFTER_SAVE`): at the look an
        earlier save asked for while that is still to come, else at least `PLANNING_GAP`
        after it."""
        now = asyncio.get_running_loop().time()
        if self._save_look_at < now:
            self._save_look_at = max(now + AFTER_SAVE, self._save_look_at + PLANNING_GAP)
        self.wake(self._save_look_at - now)

    async def run_due(self) -> float | None:
        """Do everything due by now; return when the next thing falls due, if anything."""
        async with self._lock:
            self._failed = False
            await self._prune_claims()
            await self.outbox.strike_off_sent()
            for turn in await self.play.due_time_outs():
                await self._attempt_turn(
                    "time-out",
                    turn,
                    partial(self.play.time_out, turn, online_since=self.online_since),
                )
            await self._attempt("planning reminders", self.play.plan_turns())
            for turn in await self.play.due_reminders():
                await self._attempt_turn("reminder", turn, partial(self.play.remind, turn))
            for held in await self.play.due_pings():
                await self._attempt_claimed(
                    "held ping",
                    f"{held.game_id}@{held.turn!r}",
                    f"game {held.game_id} in channel {held.place_id}",
                    partial(self.play.ping, held),
                )
            await self._announce_owed()
            for work in self._also:
                try:
                    await work()
                except Exception:
                    log.exception("due work %s failed", getattr(work, "__qualname__", work))
                    self._failed = True
            due = [
                d
                for d in (await self.play.next_due(), await self.outbox.next_due())
                if d is not None
            ]
            return min(due, default=None)

    async def _prune_claims(self) -> None:
        """Now and then, forget the claims of processes that died holding them."""
        now = self._clock()
        if now < self._pruned_at + PRUNE_EVERY:
            return
        self._pruned_at = now
        try:
            pruned = await self.play.clocks.prune(now - LEASE)
        except Exception:
            log.exception("could not clear the claims left by stopped processes")
            return
        if pruned:
            log.info("forgot %d claims left by stopped processes", pruned)

    async def _run(self) -> None:
        while True:
            try:
                next_due = await self.run_due()
            except Exception:
                log.exception("the scheduler could not read what is due")
                next_due, self._failed = None, True
            await self._alarm.sleep(self._nap(next_due))

    def _nap(self, next_due: float | None) -> float:
        nap = LONGEST_NAP if next_due is None else next_due - self._clock()
        if self._failed:
            nap = max(nap, RETRY_AFTER)
        return min(max(nap, SHORTEST_NAP), LONGEST_NAP)

    async def _attempt_turn(
        self, kind: str, turn: Turn, work: Callable[[], Awaitable[Delivery | None]]
    ) -> None:
        """Do a turn's due work if this process claims it; when another holds it, look
        again once its claim may have lapsed."""
        key = turn_key(turn)
        await self._attempt_claimed(
            kind, key, f"game {turn.game_id} in channel {turn.place_id}", work
        )

    async def _attempt_claimed(
        self, kind: str, key: str, what: str, work: Callable[[], Awaitable[Delivery | None]]
    ) -> float | None:
        """Do claimed work and deliver its post; when Discord did not take it, when it
        is to be sent again."""
        async with claimed(self.play.clocks, kind, key, self._owner, self._clock) as mine:
            if mine:
                return await self._attempt(what, work())
            self.wake(LEASE)
            return None

    async def _attempt(self, what: str, work: Awaitable[Delivery | None]) -> float | None:
        """Do one piece of due work and deliver its post; a failure is logged, not fatal.
        When Discord did not take the post, when it is to be sent again."""
        try:
            delivery = await work
            if delivery is not None:
                return await self._postman.deliver(delivery)
        except Refusal as refusal:
            log.info("due work for %s skipped: %s", what, refusal)
        except Exception:
            log.exception("due work for %s failed", what)
            self._failed = True
        return None

    async def _announce_owed(self) -> None:
        """Send the announcements owed, each game's in the order of its changes, round
        after round while some go out; after a place fails, its others wait as long."""
        tried: list[str] = []
        for _ in range(OWED_ROUNDS):
            waiting: dict[int, tuple[float, list[str]]] = {}
            sent = False
            found = await self.outbox.owed()
            if [owed.id for owed in found] == tried:
                return
            tried = [owed.id for owed in found]
            for owed in found:
                if owed.place_id in waiting:
                    waiting[owed.place_id][1].append(owed.id)
                    continue
                at = await self._attempt_claimed(
                    "announcement",
                    owed.id,
                    f"announcing game {owed.game_id} in channel {owed.place_id}",
                    partial(self._owed_delivery, owed),
                )
                if at is None:
                    sent = True
                else:
                    waiting[owed.place_id] = (at, [])
            for at, later in waiting.values():
                await self.outbox.postpone(later, at)
            if not sent:
                return

    async def _owed_delivery(self, owed: Announcement) -> Delivery | None:
        """An owed announcement's post; when its reply cannot be read back for now, it is
        kept owed for later (a reply that went out must not be posted again)."""
        try:
            return await self.outbox.delivery(owed, self._courier.replied)
        except Exception:
            log.exception("could not read back the reply announcing game %s", owed.game_id)
            await self.outbox.failed(owed.id)
            return None

    async def deliver(self, deliveries: Sequence[Delivery]) -> None:
        """Deliver posts a command made for other channels, striking off those that are
        announcements (those Discord does not take are kept to be sent again); a failure
        is logged, not fatal."""
        for delivery in deliveries:
            try:
                await self._postman.deliver(delivery)
            except Exception:
                log.exception("could not post in channel %d", delivery.place_id)
