"""How the time left on a clock is told in words (durations and time controls:
`bot.play.words.settings`)."""

from __future__ import annotations

from babel.units import format_unit

from bot.play.clocks.clock import DAY, HOUR, MINUTE, SeatClock
from bot.play.words.languages import babel_locale
from bot.play.words.text import Text, joined, plain, t, tn

PAUSED = t("(paused)")
"""After each clock in the board picture while the players have stopped the clocks."""


def span(seconds: float) -> Text:
    """A span in the reader's language, rounded down to its two largest units (as
    `span_words` says it in English): `4 days 3 hours`, `under a minute`."""
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


def short_clock(clock: SeatClock, language: str) -> str:
    """A seat's time left as its board picture shows it, to the two largest units in the
    narrow form of `language` (`2d 3h`, `5h 20m`, `0m`; `2 T 3h` in German), `(paused)`
    after it while the clocks are stopped."""
    left, locale = max(0, int(clock.left)), babel_locale(language)
    days, left = divmod(left, DAY)
    hours, left = divmod(left, HOUR)
    counts = ((days, "duration-day"), (hours, "duration-hour"), (left // MINUTE, "duration-minute"))
    parts = [format_unit(n, unit, length="narrow", locale=locale) for n, unit in counts if n]
    shown = " ".join(parts[:2]) or format_unit(0, "duration-minute", length="narrow", locale=locale)
    return f"{shown} {plain(PAUSED, language=language)}" if clock.paused else shown
