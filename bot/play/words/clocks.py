"""How the time left on a clock is told in words (durations and time controls:
`bot.play.words.settings`)."""

from __future__ import annotations

from bot.play.clocks.clock import DAY, HOUR, MINUTE
from bot.play.words.text import Text, joined, t, tn


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
