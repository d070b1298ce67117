"""Durations as people type them (`12h`, `3d`, `none`) and the reminders of a turn."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.play.values import Refusal
from bot.play.words.text import Name, excerpt, say
from bot.storage import GameRecord
from bot.storage.clocks import Turn

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR
SHORTEST = 10 * MINUTE
LONGEST = 30 * DAY
WARNING_SHARE = 0.25
"""The share of a time limit left when the player is warned."""
NUDGE = 1
WARNING = 2
"""Reminder stages, in the order a turn goes through them."""

TIME_LIMIT_SUGGESTIONS = ("none", "1h", "12h", "1d", "2d", "3d", "7d")
REMINDER_SUGGESTIONS = ("none", "6h", "12h", "1d", "2d", "3d")

_NONE = ("none", "off", "no", "never")
_UNITS = {"m": MINUTE, "min": MINUTE, "h": HOUR, "d": DAY, "w": 7 * DAY}
_WORDS = {"minute": "m", "hour": "h", "day": "d", "week": "w"}
_DURATION = re.compile(r"(\d+(?:\.\d+)?)\s*([a-z]+)")


class DurationError(Refusal, ValueError):
    """A duration that cannot be used; the message is one sentence, refusing it."""


def parse_duration(text: str, what: str) -> float | None:
    """Seconds for text like `90m`, `12h`, `3d` or `1w`; None for `none` (or `off`).

    `what` names the setting in the sentence of a refusal, e.g. "The time limit".
    """
    cleaned = text.strip().lower()
    if cleaned in _NONE:
        return None
    match = _DURATION.fullmatch(cleaned)
    unit = _unit(match[2]) if match else None
    if match is None or unit is None:
        raise DurationError(
            say(
                f"{what} must be none or a number of minutes, hours or days, like 12h or 3d, not ",
                Name(excerpt(text)),
                ".",
            )
        )
    seconds = float(match[1]) * _UNITS[unit]
    if not SHORTEST <= seconds <= LONGEST:
        raise DurationError(f"{what} must be between 10 minutes and 30 days.")
    return seconds


def _unit(word: str) -> str | None:
    """`h`, `hr`, `hours`... as one of the keys of `_UNITS`."""
    if word in _UNITS:
        return word
    singular = word.removesuffix("s")
    for name, unit in _WORDS.items():
        if singular == name or (unit == "h" and singular == "hr"):
            return unit
    return None


def describe_duration(seconds: float | None) -> str:
    """`3 days`, `12 hours`, `90 minutes`, or `none`."""
    if seconds is None:
        return "none"
    for size, noun in ((DAY, "day"), (HOUR, "hour"), (MINUTE, "minute")):
        count = seconds / size
        if count >= 1 and count == int(count):
            return f"{int(count)} {noun}{'' if count == 1 else 's'}"
    return f"{round(seconds / MINUTE)} minutes"


def suggest_durations(typed: str, offered: tuple[str, ...], what: str) -> list[str]:
    """What an autocomplete offers: the typed text first when it is a valid duration,
    then the usual values that start with it."""
    cleaned = typed.strip().lower()
    matching = [value for value in offered if value.startswith(cleaned)]
    try:
        parse_duration(cleaned, what)
    except DurationError:
        return matching
    return [cleaned, *(m for m in matching if m != cleaned)] if cleaned else matching


@dataclass(frozen=True, slots=True)
class Reminder:
    """One reminder of a turn: its stage (`NUDGE` or `WARNING`) and when it is due."""

    stage: int
    due: float


def turn_reminders(turn: Turn, delay: float | None) -> list[Reminder]:
    """A turn's reminders in order: a nudge `delay` into the turn (when that comes before
    the warning), and with a time limit a warning when a quarter of it is left."""
    warning = (
        None if turn.time_limit is None else turn.started_at + turn.time_limit * (1 - WARNING_SHARE)
    )
    plan = []
    if delay is not None and (warning is None or turn.started_at + delay < warning):
        plan.append(Reminder(NUDGE, turn.started_at + delay))
    if warning is not None:
        plan.append(Reminder(WARNING, warning))
    return plan


def pending_reminders(turn: Turn, delay: float | None, after: int) -> list[Reminder]:
    """The reminders of a turn still to come once stage `after` has been sent."""
    return [r for r in turn_reminders(turn, delay) if r.stage > after]


def turn_deadline(record: GameRecord) -> float | None:
    """When the turn being played times out, if the game has a time limit."""
    if record.time_limit is None or record.turn_started_at is None:
        return None
    return record.turn_started_at + record.time_limit
