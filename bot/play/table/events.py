"""What happened, as the use cases tell it: typed events kept in a journal that the
runtime reads (`bot.runtime.dispatcher`), which decides what each sets going (the bot's
turn, a tournament's next round, the scheduler's next look, the delivery of posts owed).

The use cases only write what happened; none of them knows who acts on it.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections import deque
from dataclasses import dataclass

from bot.play.table.values import Delivery


@dataclass(frozen=True, slots=True)
class TurnWaiting:
    """A game in play was saved; its turn waits on `user_id` (a new turn, or the same
    one after an offer or a change of clock)."""

    game_id: int
    user_id: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    """A game ended (won, drawn or aborted); `pairing_id` is its tournament pairing's."""

    game_id: int
    pairing_id: int | None


@dataclass(frozen=True, slots=True)
class TournamentDue:
    """A tournament has work to do now (its first round to open, say)."""

    tournament_id: int


@dataclass(frozen=True, slots=True)
class DueWorkChanged:
    """A server's settings changed what falls due, or when."""


@dataclass(frozen=True, slots=True)
class PostsOwed:
    """Posts for channels or threads other than the one asked in (a tournament's news, a
    game opened in a thread): delivered in the order written, each announcement struck
    off the outbox once sent."""

    deliveries: tuple[Delivery, ...]


Event = TurnWaiting | GameEnded | TournamentDue | DueWorkChanged | PostsOwed


@dataclass(frozen=True, slots=True)
class Written:
    """An event, and the context of the request that wrote it: what the event sets going
    runs in it, as part of that request (its log context, say)."""

    event: Event
    context: contextvars.Context


class Journal:
    """The events not yet read, oldest first."""

    def __init__(self) -> None:
        self._events: deque[Written] = deque()
        self._written = asyncio.Event()
        """Set while there are events to read."""

    def write(self, event: Event) -> None:
        self._events.append(Written(event, contextvars.copy_context()))
        self._written.set()

    def read(self) -> list[Written]:
        """Every event written since the last read."""
        events = list(self._events)
        self._events.clear()
        self._written.clear()
        return events

    async def wait(self) -> None:
        """Return once there are events to read."""
        await self._written.wait()

    @property
    def empty(self) -> bool:
        return not self._events
