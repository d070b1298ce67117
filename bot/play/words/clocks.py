"""How the clocks are told in words: durations, time left, a time control."""

from __future__ import annotations

from bot.play.clocks.clock import DAY, HOUR, MINUTE, TimeControl
from bot.play.words.text import Text, joined, span_words, t, tn


def describe_duration(seconds: float | None) -> str:
    """`3 days`, `12 hours`, `90 minutes`, or `none`."""
    if seconds is None:
        return "none"
    for size, noun in ((DAY, "day"), (HOUR, "hour"), (MINUTE, "minute")):
        count = seconds / size
        if count >= 1 and count == int(count):
            return f"{int(count)} {noun}{'' if count == 1 else 's'}"
    return f"{round(seconds / MINUTE)} minutes"


def time_left_words(seconds: float) -> str:
    """A bank in words, to the two largest units: `4 days 3 hours`, `5 hours 20 minutes`,
    `under a minute` (the same rounding as every time told in words)."""
    return span_words(seconds)


def span(seconds: float) -> Text:
    """A span in the reader's language, rounded down to its two largest units, as
    `time_left_words` says it in English: `4 days 3 hours`, `under a minute`."""
    left = max(0, int(seconds))
    counts: list[tuple[int, int]] = []
    for unit, size in enumerate((DAY, HOUR, MINUTE)):
        count, left = divmod(left, size)
        if count or counts:
            counts.append((unit, count))
    shown = [_unit(unit, count) for unit, count in counts[:2] if count]
    return joined(" ", shown) if shown else t("under a minute")


def _unit(unit: int, count: int) -> Text:
    if unit == 0:
        return tn("{count} day", "{count} days", count)
    if unit == 1:
        return tn("{count} hour", "{count} hours", count)
    return tn("{count} minute", "{count} minutes", count)


def control_words(control: TimeControl) -> str:
    """`3 days a move`, `5 days, 1 day more a move`, `..., up to 10 days`."""
    if control.increment is None:
        return f"{describe_duration(control.initial)} a move"
    said = (
        f"{describe_duration(control.initial)}, {describe_duration(control.increment)} more a move"
    )
    return said if control.cap is None else f"{said}, up to {describe_duration(control.cap)}"
