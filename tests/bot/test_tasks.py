"""Stopping background tasks: the stopper's own cancellation is never lost."""

from __future__ import annotations

import asyncio

import pytest

from bot.tasks import cancel_and_wait


async def test_a_task_is_cancelled_and_waited_for() -> None:
    ended = asyncio.Event()

    async def worker() -> None:
        try:
            await asyncio.Event().wait()
        finally:
            await asyncio.sleep(0.01)
            ended.set()

    task = asyncio.create_task(worker())
    await asyncio.sleep(0)
    await cancel_and_wait(task)
    assert task.cancelled() and ended.is_set()


async def test_what_the_task_raised_on_its_way_out_is_raised() -> None:
    async def worker() -> None:
        try:
            await asyncio.Event().wait()
        finally:
            raise LookupError("lost on the way out")

    task = asyncio.create_task(worker())
    await asyncio.sleep(0)
    with pytest.raises(LookupError):
        await cancel_and_wait(task)


async def test_a_stopper_cancelled_while_it_waits_is_cancelled_too() -> None:
    ending = asyncio.Event()

    async def slow_to_end() -> None:
        try:
            await asyncio.Event().wait()
        finally:
            ending.set()
            await asyncio.sleep(0.05)

    task = asyncio.create_task(slow_to_end())
    await asyncio.sleep(0)
    stopper = asyncio.create_task(cancel_and_wait(task))
    await ending.wait()
    stopper.cancel()
    await asyncio.wait([stopper, task])
    assert stopper.cancelled(), "the stopper went on as though it had not been cancelled"
