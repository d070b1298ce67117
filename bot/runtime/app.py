"""The application: one process's storage, workers, use cases and background work, opened
and closed as one (as aiohttp's `cleanup_ctx`), that the front ends are handed.

    async with open_app(settings) as app:        # storage opened
        service = await app.serve(courier)       # workers started, use cases built, slot
                                                 # taken, work started
        ...
                                                 # closed in reverse on the way out

A front end (the Discord client, the pages) brings what only it can: the courier that
delivers the posts of the background work, the venue of tournaments, the bot's name,
Discord as the Activity asks it, and checks of its own health and gauges.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Protocol, TypeVar

from bot.config import Settings
from bot.metrics import AI_QUEUE, DATABASE_ERRORS, OUTBOX_BACKLOG, exposition
from bot.play.host import Host, HostSettings
from bot.play.playing.ai_turns import DEFAULT_NAME, Thinker
from bot.play.ranking.ratings import rate_game
from bot.play.table.languages import ServerLocale
from bot.play.table.pictures import Renderer
from bot.play.tournaments.venue import Venue
from bot.runtime.activities import ActivityDiscord
from bot.runtime.orphans import OrphanWatch
from bot.runtime.service import Courier, Service, build
from bot.storage import Storage, open_storage
from bot.storage.claims import holder
from bot.workers.child import WorkerError
from bot.workers.drawing import DrawingProcess, ThreadDrawing
from bot.workers.thinking import ThinkingProcesses, ThreadThinking

log = logging.getLogger(__name__)

HEALTH_WAIT = 5.0
"""Seconds the database has to answer a health check."""

Check = Callable[[], str | None]
"""Why a part of the process is unhealthy, or None when it is."""


class FrontEnd(Protocol):
    """A front end the app starts once it serves (the games' pages), and stops first
    when it closes."""

    async def start(self, app: App) -> None:
        """Start serving the app's use cases; a failure of its own is logged, not raised."""

    async def stop(self) -> None:
        """Stop serving."""


class App:
    """The process's application (see `open_app`): its settings, storage and workers once
    open, its use cases and background work once `serve` has run."""

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Callable[[], float] = time.time,
        renderer: Renderer | None = None,
        thinker: Thinker | None = None,
        in_threads: bool = False,
    ) -> None:
        self.settings = settings
        self.in_threads = in_threads
        """Whether drawing and thinking are done in threads of this process, without
        trying child processes (the console's choice: one player, no start-up wait)."""
        self.clock = clock
        self._given = renderer, thinker
        self.checks: list[Check] = []
        """The front ends' own checks of health, asked before the database's."""
        self.gauges: list[Callable[[], None]] = []
        """The front ends' gauges, read each time the metrics are."""
        self.front_ends: list[FrontEnd] = []
        """The front ends started once the app serves (see `attach`)."""
        self.activities: ActivityDiscord | None = None
        """Discord as the board inside it asks, once served, where the settings offer it."""
        self._stack = AsyncExitStack()
        self._storage: Storage | None = None
        self._service: Service | None = None
        self._workers: tuple[Renderer, Thinker] | None = None

    @property
    def renderer(self) -> Renderer | None:
        """What draws the pictures, once the workers started (see `_started_workers`)."""
        return None if self._workers is None else self._workers[0]

    @property
    def thinker(self) -> Thinker | None:
        """What thinks for the bot, once the workers started."""
        return None if self._workers is None else self._workers[1]

    @property
    def is_open(self) -> bool:
        return self._storage is not None

    @property
    def storage(self) -> Storage:
        """The storage, for the runtime and the process's own tools (front ends use `host`)."""
        assert self._storage is not None, "the storage opens with the app"
        return self._storage

    @property
    def service(self) -> Service:
        """The use cases and their background work, built by `serve`."""
        assert self._service is not None, "the service is built by serve"
        return self._service

    @property
    def is_serving(self) -> bool:
        return self._service is not None

    @property
    def host(self) -> Host:
        return self.service.host

    async def open(self) -> None:
        """Open the storage (a database that cannot be used stops start-up with
        DatabaseUnusable). The workers start when the use cases are first built, so a
        process that stops before (its login refused) never starts them."""
        storage = await open_storage(self.settings.database_url, rater=rate_game)
        self._storage = storage
        self._stack.push_async_callback(self._close_storage)

    async def use_cases(self) -> Host:
        """The use cases alone, with no background work, for a front end that plays the
        bot's turns and tells the due work itself (the console)."""
        renderer, thinker = await self._started_workers()
        return Host(self.storage, renderer, clock=self.clock, thinker=thinker)

    async def serve(
        self,
        courier: Courier,
        *,
        venue: Venue | None = None,
        ai_name: str = DEFAULT_NAME,
        activities: ActivityDiscord | None = None,
        server_locale: ServerLocale | None = None,
    ) -> Service:
        """Build the use cases over the storage, take this process's slot, and start the
        background work and the watch for work other processes give back. `activities`
        is Discord as the board inside it asks (where the settings offer it);
        `server_locale` the language each server's own Discord settings give it."""
        renderer, thinker = await self._started_workers()
        self.activities = activities if self.settings.activity else None
        storage = self.storage
        chosen = HostSettings(
            clock=self.clock,
            slot=self.settings.slot,
            thinker=thinker,
            vacation_days=self.settings.vacation_days,
            ai_name=ai_name,
        )
        if venue is not None:
            chosen["venue"] = venue
        if server_locale is not None:
            chosen["server_locale"] = server_locale
        service = build(storage, renderer, courier, ai_at_once=self.settings.ai_processes, **chosen)
        self._service = service
        self._stack.push_async_callback(self._let_go)
        await self._take_over()
        orphans = OrphanWatch(storage.clocks, self.settings.slot, self._work_given_back)
        service.start()
        self._stack.push_async_callback(service.stop)
        orphans.start()
        self._stack.push_async_callback(orphans.stop)
        for front_end in self.front_ends:
            await front_end.start(self)
            self._stack.push_async_callback(front_end.stop)
        return service

    def attach(self, front_end: FrontEnd) -> None:
        """Have the front end started once the app serves, and stopped when it closes."""
        self.front_ends.append(front_end)

    async def close(self) -> None:
        """Close what was opened, in reverse (again, it does nothing)."""
        await self._stack.aclose()

    async def health(self) -> str | None:
        """Why the process is unhealthy (a front end's check, or the database, which must
        answer and take a write within `HEALTH_WAIT` seconds), or None when it is."""
        for check in self.checks:
            reason = check()
            if reason is not None:
                return reason
        try:
            await asyncio.wait_for(self.storage.ping(), HEALTH_WAIT)
        except Exception as error:
            DATABASE_ERRORS.inc()
            return f"the database does not answer ({type(error).__name__}: {error})"
        try:
            await asyncio.wait_for(self.storage.write_check(self.clock()), HEALTH_WAIT)
        except Exception as error:
            DATABASE_ERRORS.inc()
            return f"the database cannot be written ({type(error).__name__}: {error})"
        return None

    async def metrics(self) -> bytes:
        """The metrics in Prometheus' format, the gauges read now."""
        for gauge in self.gauges:
            gauge()
        AI_QUEUE.set(self.service.ai_runner.queued)
        try:
            OUTBOX_BACKLOG.set(await self.storage.announcements.backlog())
        except Exception:
            DATABASE_ERRORS.inc()
            log.exception("could not count the announcements owed")
        return exposition()

    async def _close_storage(self) -> None:
        storage, self._storage = self.storage, None
        await storage.close()

    async def _started_workers(self) -> tuple[Renderer, Thinker]:
        """The drawing and thinking workers, started the first time they are asked for
        and closed with the app."""
        if self._workers is None:
            renderer, thinker = await self._start_workers()
            self._stack.push_async_callback(thinker.close)
            self._stack.push_async_callback(renderer.close)
            self._workers = renderer, thinker
        return self._workers

    async def _start_workers(self) -> tuple[Renderer, Thinker]:
        """Start the drawing and thinking processes not given, side by side (each imports
        its libraries), falling back to threads for one that cannot start."""
        given_renderer, given_thinker = self._given
        drawing: Awaitable[Renderer] = (
            _given(given_renderer or ThreadDrawing())
            if given_renderer is not None or self.in_threads
            else _started(DrawingProcess(), ThreadDrawing(), "drawing")
        )
        thinking: Awaitable[Thinker] = (
            _given(given_thinker or ThreadThinking())
            if given_thinker is not None or self.in_threads
            else _started(
                ThinkingProcesses(self.settings.ai_processes), ThreadThinking(), "thinking"
            )
        )
        renderer, thinker = await asyncio.gather(drawing, thinking)
        return renderer, thinker

    async def _take_over(self) -> None:
        """Serve this process's slot: what the process that served it before left claimed
        is freed at once, unless another live process serves it."""
        clocks, writer = self.storage.clocks, self.host.games.writer
        if not await clocks.take_over(writer.slot, holder(writer)):
            log.warning(
                "another process runs %s on this database, or its machine stopped without "
                "closing its connection: each shard must run in exactly one process; the "
                "work that process claimed is taken up once its claims lapse",
                writer.slot,
            )
        await clocks.on_let_go(self._work_given_back)

    def _work_given_back(self) -> None:
        """A process stopped, giving its work back (or died, leaving it): look for it at
        once."""
        if self._service is not None:
            self._service.scheduler.wake()
            self._service.ai_runner.look_soon()

    async def _let_go(self) -> None:
        """Release the claims this process holds, so that others take the work at once."""
        try:
            released = await self.storage.clocks.let_go(holder(self.host.games.writer))
        except Exception:
            log.exception("could not release this process's claims; they lapse in a minute")
            return
        if released:
            log.info("released %d claims on due work", released)


@asynccontextmanager
async def open_app(
    settings: Settings,
    *,
    clock: Callable[[], float] = time.time,
    renderer: Renderer | None = None,
    thinker: Thinker | None = None,
) -> AsyncIterator[App]:
    """The application opened (see `App.open`), closed in reverse on the way out.
    `clock` (seconds, like `time.time`) times moves, reminders and time-outs; pictures are
    drawn, and the AI thinks, in child processes unless another `renderer` or `thinker` is
    given."""
    app = App(settings, clock=clock, renderer=renderer, thinker=thinker)
    try:
        await app.open()
        yield app
    finally:
        await app.close()


class _ChildWorker(Protocol):
    async def start(self) -> None: ...

    async def close(self) -> None: ...


Child = TypeVar("Child", bound=_ChildWorker)
Threads = TypeVar("Threads")
Given = TypeVar("Given")


async def _given(worker: Given) -> Given:
    return worker


async def _started(child: Child, threads: Threads, what: str) -> Child | Threads:
    """A worker process started and ready, or `threads` (doing the same work in threads of
    this process) if it cannot start."""
    try:
        await child.start()
    except (OSError, WorkerError):
        log.exception("the %s process did not start; its work is done in threads", what)
        await child.close()
        return threads
    return child
