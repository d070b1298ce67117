"""A sleep that can be cut short: background tasks nap on it until work comes."""

from __future__ import annotations

import asyncio
import contextlib
import math


class Alarm:
    """Sleeps until a time unless rung first; a ring while no one sleeps shortens the
    next sleep, so work announced meanwhile is never slept through.

    A ring asks the sleeper to look again: the look that follows a sleep answers every
    ring made before the sleep ended, so none of them carries over to the next sleep."""

    def __init__(self) -> None:
        self._timeout: asyncio.Timeout | None = None
        self._ring_by = math.inf
        """When, in event-loop time, a ring asked the next sleep to end at the latest."""

    def ring(self, within: float = 0.0) -> None:
        """End the sleep (or the next one) within `within` seconds."""
        when = asyncio.get_running_loop().time() + within
        self._ring_by = min(self._ring_by, when)
        timeout = self._timeout
        if timeout is not None and (timeout.when() or math.inf) > when:
            timeout.reschedule(when)

    async def sleep(self, seconds: float) -> None:
        """Sleep `seconds`, or until rung."""
        loop = asyncio.get_running_loop()
        when = min(loop.time() + seconds, self._ring_by)
        try:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout_at(when) as self._timeout:
                    await asyncio.sleep(when - loop.time())
        finally:
            self._timeout = None
            self._ring_by = math.inf
