"""Pacing the bot's gateway sessions: Discord allows a bot 1,000 IDENTIFYs a day and
resets its token past that, which a crash loop restarting once a minute reaches in under
17 hours. Every process counts the sessions it opens in the shared database; past half of
the day's allowance each new one waits, the rest of the day's spread over what is left,
and the log says so."""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.storage.identifies import Identifies

log = logging.getLogger(__name__)

DAY = 86_400.0
IDENTIFIES_A_DAY = 1000
"""Discord's allowance of new gateway sessions a day, for a bot of fewer than 150,000
servers (`session_start_limit.total`)."""
PACED_FROM = IDENTIFIES_A_DAY // 2
"""Sessions in the last day from which each new one waits."""
KEPT_SPARE = IDENTIFIES_A_DAY // 10
"""Sessions of the day's allowance never used by pacing: left for a person who restarts
the bot by hand."""


def identify_wait(opened: int) -> float:
    """Seconds to wait before a new session when `opened` were opened in the last day
    (this one with them): none below `PACED_FROM`, then a day spread over what is left of
    the allowance but `KEPT_SPARE`, a day once nothing is."""
    if opened < PACED_FROM:
        return 0.0
    left = IDENTIFIES_A_DAY - KEPT_SPARE - opened
    return DAY if left <= 0 else DAY / left


class IdentifyBudget:
    """Counts the sessions opened, and says how long a new one waits."""

    def __init__(self, identifies: Identifies, clock: Callable[[], float]) -> None:
        self._identifies = identifies
        self._clock = clock

    async def wait(self, shard_id: int | None) -> float:
        """Count a session about to be opened for `shard_id`; seconds it waits first."""
        now = self._clock()
        opened = await self._identifies.note(shard_id, now, now - DAY)
        wait = identify_wait(opened)
        if wait:
            log.warning(
                "%d gateway sessions opened in the last day (Discord allows %d): shard %s "
                "waits %.0f s before identifying; is the bot restarting in a loop?",
                opened,
                IDENTIFIES_A_DAY,
                shard_id,
                wait,
            )
        return wait
