"""Durations and time controls as players type them (`90m`, `12h`, `3d`, `5d+1d/10d`):
read into seconds and `TimeControl`s, or refused in one sentence saying what is accepted."""

from __future__ import annotations

import re

from bot.play.clocks.clock import DAY, HOUR, LONGEST, MINUTE, SHORTEST, TimeControl
from bot.play.table.values import Refusal
from bot.play.words.text import Name, Text, excerpt, t

_NONE = ("none", "off", "no", "never")
_UNITS = {"m": MINUTE, "min": MINUTE, "h": HOUR, "d": DAY, "w": 7 * DAY}
_WORDS = {"minute": "m", "hour": "h", "day": "d", "week": "w"}
_DURATION = re.compile(r"([0-9]+(?:\.[0-9]+)?)\s*([a-z]+)")
_CONTROL = re.compile(r"([^+/]+?)\s*(?:\+\s*([^+/]+?)\s*(?:/\s*([^+/]+?))?)?")


class DurationError(Refusal, ValueError):
    """A duration or time control that cannot be used; the message is one sentence,
    refusing it."""


def parse_time_control(text: str) -> TimeControl | None:
    """The time control typed as `none`, `3d`, `5d+1d` or `5d+1d/10d`; refused in one
    sentence saying what is accepted."""
    cleaned = text.strip().lower()
    if cleaned in _NONE:
        return None
    check_digits(text, t("The time limit"))
    match = _CONTROL.fullmatch(cleaned)
    typed = [] if match is None else [p for p in match.groups() if p is not None]
    seconds = [s for s in map(_seconds, typed) if s is not None]
    if not typed or len(seconds) < len(typed):
        refused = t(
            "The time limit must be none, a time per move like 3d, or a bank like 5d+1d "
            "(5 days, 1 more a move) or 5d+1d/10d (capped at 10 days), not {typed}.",
            typed=Name(excerpt(text)),
        )
        raise DurationError(refused)
    if not all(SHORTEST <= s <= LONGEST for s in seconds):
        raise DurationError(t("Each time in a time limit must be between 10 minutes and 30 days."))
    initial, *rest = seconds
    increment = rest[0] if rest else None
    cap = rest[1] if len(rest) > 1 else None
    if cap is not None and cap < initial:
        raise DurationError(t("A time limit's cap must be at least its starting bank."))
    return TimeControl(initial, increment, cap)


def parse_duration(text: str, what: str | Text) -> float | None:
    """Seconds for text like `90m`, `12h`, `3d` or `1w`; None for `none` (or `off`).

    `what` names the setting in the sentence of a refusal, e.g. `t("The reminder delay")`.
    """
    if text.strip().lower() in _NONE:
        return None
    return _duration(text, what, none_allowed=True)


def parse_amount(text: str, what: str | Text) -> float:
    """Seconds for text like `90m`, `12h`, `3d` or `1w`, where `none` means nothing."""
    return _duration(text, what, none_allowed=False)


def _duration(text: str, what: str | Text, *, none_allowed: bool) -> float:
    check_digits(text, what)
    seconds = _seconds(text.strip().lower())
    if seconds is None:
        typed = Name(excerpt(text))
        raise DurationError(
            t(
                "{what} must be none or a number of minutes, hours or days, like 12h or 3d, "
                "not {typed}.",
                what=what,
                typed=typed,
            )
            if none_allowed
            else t(
                "{what} must be a number of minutes, hours or days, like 12h or 3d, not {typed}.",
                what=what,
                typed=typed,
            )
        )
    if not SHORTEST <= seconds <= LONGEST:
        raise DurationError(t("{what} must be between 10 minutes and 30 days.", what=what))
    return seconds


def check_digits(text: str, what: str | Text) -> None:
    """Refuse, in one sentence, numbers written with digits other than 0 to 9 (Arabic-Indic,
    full-width, mathematical...): `what` names the setting, e.g. `t("The time limit")`."""
    if any(c.isnumeric() and not c.isascii() for c in text):
        raise DurationError(
            t(
                "{what} takes the digits 0 to 9 only, not {typed}.",
                what=what,
                typed=Name(excerpt(text)),
            )
        )


def _seconds(text: str) -> float | None:
    match = _DURATION.fullmatch(text.strip())
    unit = _unit(match[2]) if match else None
    if match is None or unit is None:
        return None
    return float(match[1]) * _UNITS[unit]


def _unit(word: str) -> str | None:
    """`h`, `hr`, `hours`... as one of the keys of `_UNITS`."""
    if word in _UNITS:
        return word
    singular = word.removesuffix("s")
    for name, unit in _WORDS.items():
        if singular == name or (unit == "h" and singular == "hr"):
            return unit
    return None
