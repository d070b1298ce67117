"""Telling open pages that their game changed. Every save of a game, by any process, is
heard (PostgreSQL's LISTEN/NOTIFY between shard processes; within the one process of a
SQLite bot, at once), and the versions of the games someone watches are then read
together, with one query for all of them, and told to their pages. They are also read
every few seconds, so a notification lost with a dropped connection delays a page, never
leaves it behind."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterator, Sequence

from bot.alarm import Alarm
from bot.tasks import cancel_and_wait

log = logging.getLogger(__name__)

LOOK_EVERY = 5.0
"""Seconds between looks at the versions of the games watched when no save is heard."""

Versions = Callable[[Sequence[int]], Awaitable[dict[int, int]]]
HearSaves = Callable[[Callable[[], None]], Awaitable[None]]


class LiveGames:
    """The versions of the games watched, and a queue per open page that hears of each
    new one."""

    def __init__(self, versions: Versions, hear_saves: HearSaves) -> None:
        self._versions = versions
        self._hear_saves = hear_saves
        self._alarm = Alarm()
        self._pages: dict[int, set[asyncio.Queue[int]]] = {}
        self._known: dict[int, int] = {}
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self._hear_saves(self._alarm.ring)
        self._task = asyncio.get_running_loop().create_task(self._run(), name="live games")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            await cancel_and_wait(task)

    @property
    def pages(self) -> int:
        """How many pages are open, following their games."""
        return sum(len(queues) for queues in self._pages.values())

    @contextlib.contextmanager
    def following(self, game_id: int) -> Iterator[asyncio.Queue[int]]:
        """A queue that hears each new version of the game while the block runs."""
        queue: asyncio.Queue[int] = asyncio.Queue()
        self._pages.setdefault(game_id, set()).add(queue)
        try:
            yield queue
        finally:
            queues = self._pages.get(game_id, set())
            queues.discard(queue)
            if not queues:
                self._pages.pop(game_id, None)
                self._known.pop(game_id, None)

    def close_all(self) -> None:
        """End every page's stream: the server is stopping."""
        for queues in self._pages.values():
            for queue in queues:
                queue.put_nowait(-1)

    async def _run(self) -> None:
        while True:
            try:
                await self.look()
            except Exception:
                log.exception("could not read the versions of the games watched")
            await self._alarm.sleep(LOOK_EVERY)

    async def look(self) -> None:
        """Read the versions of the games watched; tell their pages of each new one."""
        if not self._pages:
            return
        found = await self._versions(list(self._pages))
        for game_id, version in found.items():
            if self._known.get(game_id) == version:
                continue
            self._known[game_id] = version
            for queue in self._pages.get(game_id, ()):
                queue.put_nowait(version)


async def next_version(queue: asyncio.Queue[int], within: float) -> int | None:
    """The next version a page hears of, or None when none comes `within` seconds."""
    try:
        return await asyncio.wait_for(queue.get(), within)
    except TimeoutError:
        return None
