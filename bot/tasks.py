"""Stopping background tasks."""

from __future__ import annotations

import asyncio
from typing import Any


async def cancel_and_wait(task: asyncio.Task[Any]) -> None:
    """Cancel `task` and return once it has ended, raising what it raised but its
    cancellation.

    The caller's own cancellation while it waits is raised too. Awaiting the task under
    `suppress(CancelledError)` would take that for the task's ending and swallow it: the
    caller would go on running though asked to stop, and whoever stops it wait forever.
    """
    task.cancel()
    await asyncio.wait([task])
    if not task.cancelled():
        task.result()
