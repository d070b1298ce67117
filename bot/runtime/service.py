"""The one builder of the bot's object graph: the use cases over one storage, and the
background work that delivers their posts and acts on their events.

`python -m bot` builds it in the Discord client's set-up; the tests build it the same
way, with a courier and clock of their own.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Protocol, Unpack

from bot.play.host import Host, HostSettings
from bot.play.table.outbox import PATIENCE
from bot.play.table.pictures import Renderer
from bot.runtime.ai_runner import AiRunner
from bot.runtime.ai_runner import Courier as MoveCourier
from bot.runtime.dispatcher import Dispatcher
from bot.runtime.identifies import IdentifyBudget
from bot.runtime.postman import Postman
from bot.runtime.scheduler import Courier as DueWorkCourier
from bot.runtime.scheduler import Scheduler
from bot.storage import Storage


class Courier(DueWorkCourier, MoveCourier, Protocol):
    """What delivers the posts of the background work (Discord, in the bot)."""


@dataclass(frozen=True, slots=True)
class Service:
    """The use cases (`host`), the background tasks that run beside them, and the count
    of the gateway sessions opened (`identifies`)."""

    host: Host
    scheduler: Scheduler
    ai_runner: AiRunner
    dispatcher: Dispatcher
    identifies: IdentifyBudget

    def start(self) -> None:
        """Start the background tasks; the first passes catch up on what fell due."""
        self.dispatcher.start()
        self.scheduler.start()
        self.ai_runner.start()

    async def stop(self) -> None:
        await self.ai_runner.stop()
        await self.scheduler.stop()
        await self.dispatcher.stop()

    async def settled(self) -> None:
        """Return once every event so far is handed on and what it set going is done: the
        bot's turns played, tournaments moved on."""
        while True:
            await self.dispatcher.settled()
            await self.ai_runner.idle()
            await asyncio.sleep(0)
            if self.host.events.empty:
                return


def build(
    storage: Storage,
    renderer: Renderer,
    courier: Courier,
    *,
    ai_at_once: int = 1,
    patience: float = PATIENCE,
    **settings: Unpack[HostSettings],
) -> Service:
    """Everything over one storage (`settings` are the use cases', see `HostSettings`).
    The AI runner plays up to `ai_at_once` turns at once, each waiting up to `patience`
    seconds for the post about the move it answers."""
    host = Host(storage, renderer, **settings)
    clock = host.games.clock
    postman = Postman(host.outbox, courier, clock)
    scheduler = Scheduler(
        host.slow_games, host.outbox, courier, postman, clock=clock, also=[host.rounds.run_due]
    )
    ai_runner = AiRunner(
        host.ai,
        storage.clocks,
        postman,
        courier,
        clock=clock,
        at_once=ai_at_once,
        patience=patience,
    )
    dispatcher = Dispatcher(host.events, scheduler, ai_runner, host.rounds)
    identifies = IdentifyBudget(storage.identifies, clock)
    return Service(host, scheduler, ai_runner, dispatcher, identifies)
