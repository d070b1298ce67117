"""Quiet hours: the daily span, in a player's own time zone, when the bot sends them no
reminder, direct message or ping. Pure functions of the stored hours and a moment;
daylight saving time is the zone's business (`zoneinfo`, with the `tzdata` package).

Quiet hours are a promise about notifications, not about time: clocks keep running.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime, time, timedelta
from functools import cache
from importlib import resources
from zoneinfo import ZoneInfo

from bot.play.clocks.durations import check_digits
from bot.play.table.values import Refusal
from bot.play.words.text import Name, excerpt, t
from bot.storage.clock_queries import ClockStorage
from bot.storage.clocks import QuietHours

MINUTES_A_DAY = 24 * 60
SUGGESTED = 25
"""Time zones an autocomplete offers at most (Discord's limit on choices)."""
_SPAN = re.compile(r"([0-9]{1,2}):([0-9]{2})\s*-\s*([0-9]{1,2}):([0-9]{2})")
_OFF = ("off", "none", "no")


async def quiet_until(clocks: ClockStorage, user_id: int, moment: float) -> float | None:
    """When the user's quiet hours holding `moment` end; None when they are not quiet."""
    hours = await clocks.quiet_hours(user_id)
    if hours is None or not is_quiet(hours, moment):
        return None
    return quiet_ends(hours, moment)


def describe_span(hours: QuietHours) -> str:
    """`23:00-08:00`."""
    return f"{_clock_time(hours.start)}-{_clock_time(hours.end)}"


def describe_quiet(hours: QuietHours) -> str:
    """`23:00-08:00 (Europe/Berlin)`."""
    return f"{describe_span(hours)} ({hours.zone})"


def parse_span(text: str) -> tuple[int, int] | None:
    """(start, end) in minutes after midnight for text like `23:00-08:00`; None for `off`."""
    cleaned = text.strip().lower()
    if cleaned in _OFF:
        return None
    check_digits(text, t("Quiet hours"))
    match = _SPAN.fullmatch(cleaned)
    refusal = Refusal(
        t("Quiet hours look like 23:00-08:00 (or off), not {typed}.", typed=Name(excerpt(text)))
    )
    if match is None:
        raise refusal
    hours_1, minutes_1, hours_2, minutes_2 = (int(part) for part in match.groups())
    if max(hours_1, hours_2) > 23 or max(minutes_1, minutes_2) > 59:
        raise refusal
    start, end = hours_1 * 60 + minutes_1, hours_2 * 60 + minutes_2
    if start == end:
        raise Refusal(t("Quiet hours must end at another time than they start."))
    return start, end


def zone_named(name: str) -> str:
    """The IANA time zone `name` (as spelled in the database); a Refusal otherwise."""
    cleaned = name.strip()
    for zone in _zones():
        if zone.lower() == cleaned.lower():
            return zone
    raise Refusal(
        t(
            "There is no time zone called {zone}; pick one like Europe/Berlin.",
            zone=Name(excerpt(name)),
        )
    )


def suggest_zones(typed: str) -> list[str]:
    """Time zones for an autocomplete: those starting with the text typed, then those
    containing it, at most `SUGGESTED`."""
    wanted = typed.strip().lower().replace(" ", "_")
    starting = [z for z in _zones() if z.lower().startswith(wanted)]
    inside = [z for z in _zones() if wanted in z.lower() and z not in starting]
    return (starting + inside)[:SUGGESTED]


def is_quiet(hours: QuietHours, moment: float) -> bool:
    """Whether `moment` (seconds since the epoch) falls in the quiet hours."""
    local = datetime.fromtimestamp(moment, ZoneInfo(hours.zone))
    minute = local.hour * 60 + local.minute
    if hours.start < hours.end:
        return hours.start <= minute < hours.end
    return minute >= hours.start or minute < hours.end


def quiet_ends(hours: QuietHours, moment: float) -> float:
    """When the quiet hours holding `moment` end; `moment` itself when it is not quiet.

    The end is the next local `end` o'clock after `moment`: on a day when the clocks
    skip that time, the moment it would have been by the earlier offset."""
    if not is_quiet(hours, moment):
        return moment
    zone = ZoneInfo(hours.zone)
    local = datetime.fromtimestamp(moment, zone)
    end = time(hours.end // 60, hours.end % 60)
    day = local.date()
    while True:
        candidate = datetime.combine(day, end, tzinfo=zone).timestamp()
        if candidate > moment:
            return candidate
        day += timedelta(days=1)


class Audience:
    """Who may be pinged at the moment: the users not in their quiet hours."""

    def __init__(self, clocks: ClockStorage, clock: Callable[[], float]) -> None:
        self._clocks = clocks
        self._clock = clock

    async def __call__(self, user_ids: Sequence[int]) -> tuple[int, ...]:
        now = self._clock()
        audible = []
        for user_id in user_ids:
            hours = await self._clocks.quiet_hours(user_id)
            if hours is None or not is_quiet(hours, now):
                audible.append(user_id)
        return tuple(audible)


def _clock_time(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


@cache
def _zones() -> tuple[str, ...]:
    """The IANA time zones of the `tzdata` package: not the host's own names (`localtime`,
    whose meaning depends on the machine) nor its placeholder `Factory`."""
    listed = resources.files("tzdata").joinpath("zones").read_text(encoding="utf-8").split()
    return tuple(sorted(zone for zone in listed if zone != "Factory"))
