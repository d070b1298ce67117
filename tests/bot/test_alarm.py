"""The one sleep the background loops take: cut short by a ring, never slept through."""

from __future__ import annotations

import asyncio

from bot.alarm import Alarm

LONG = 30.0
"""A sleep no test waits out: a test that does fails by its time limit instead."""


async def slept(alarm: Alarm, seconds: float) -> float:
    """How long, in event-loop time, a sleep of `seconds` lasted (a long one is cut off)."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    await asyncio.wait_for(alarm.sleep(seconds), 5.0)
    return loop.time() - start


async def test_a_ring_while_no_one_sleeps_ends_the_next_sleep_at_once() -> None:
    alarm = Alarm()
    alarm.ring()
    assert await slept(alarm, LONG) < 1.0


async def test_a_ring_ends_the_sleep_within_the_time_it_gives() -> None:
    alarm = Alarm()
    sleep = asyncio.create_task(slept(alarm, LONG))
    await asyncio.sleep(0.01)
    alarm.ring(within=0.1)
    assert 0.1 <= await sleep < 1.0


async def test_a_ring_later_than_the_sleep_leaves_it_as_it_was() -> None:
    alarm = Alarm()
    sleep = asyncio.create_task(slept(alarm, 0.05))
    await asyncio.sleep(0.01)
    alarm.ring(within=LONG)
    assert await sleep < 1.0


async def test_the_ring_that_ended_a_sleep_does_not_cut_the_next_one_short() -> None:
    alarm = Alarm()
    sleep = asyncio.create_task(slept(alarm, LONG))
    await asyncio.sleep(0.01)
    alarm.ring()
    assert await sleep < 1.0
    assert await slept(alarm, 0.2) >= 0.2
