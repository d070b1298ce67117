"""The suggestions of durations as people type them, and the reminders of a turn."""

from __future__ import annotations

from dataclasses import dataclass

from bot.play.clocks.durations import DurationError, parse_duration, parse_time_control
from bot.play.words.settings import control_text
from bot.play.words.text import Text, say, t
from bot.storage.clocks import Turn

WARNING_SHARE = 0.25
"""The share of the time a turn started with, left when the player is warned."""
NUDGE = 1
WARNING = 2
"""Reminder stages, in the order a turn goes through them."""

TIME_CONTROL_PRESETS = (
    *("none", "1h", "12h", "1d", "2d", "3d", "7d", "1d+12h", "3d+1d", "5d+1d", "5d+1d/10d"),
    *("7d+1d/14d", "14d+2d/21d"),
)
"""The time controls offered as a player types."""
REMINDER_SUGGESTIONS = ("none", "6h", "12h", "1d", "2d", "3d")


def suggest_durations(typed: str, offered: tuple[str, ...], what: str | Text) -> list[str]:
    """What an autocomplete offers: the typed text first when it is a valid duration,
    then the usual values that start with it."""
    cleaned = typed.strip().lower()
    matching = [value for value in offered if value.startswith(cleaned)]
    try:
        parse_duration(cleaned, what)
    except DurationError:
        return matching
    return [cleaned, *(m for m in matching if m != cleaned)] if cleaned else matching


def suggest_time_controls(typed: str) -> list[tuple[str, Text]]:
    """What the time-limit autocomplete offers, as (value, words) pairs: the typed text
    first when it is a valid time control, then the presets that start with it (the words
    said in the reader's language)."""
    cleaned = typed.strip().lower().replace(" ", "")
    offered = [p for p in TIME_CONTROL_PRESETS if p.startswith(cleaned)]
    try:
        control = parse_time_control(cleaned)
    except DurationError:
        values = offered
    else:
        values = [str(control) if control else "none", *offered] if cleaned else offered
    unique = list(dict.fromkeys(values))
    return [(value, _preset_words(value)) for value in unique]


def _preset_words(value: str) -> Text:
    """`5d+1d — 5 days, 1 day more a move`."""
    control = parse_time_control(value)
    return say(value, " — ", t("no time limit") if control is None else control_text(control))


@dataclass(frozen=True, slots=True)
class Reminder:
    """One reminder of a turn: its stage (`NUDGE` or `WARNING`) and when it is due."""

    stage: int
    due: float


def turn_reminders(turn: Turn, delay: float | None) -> list[Reminder]:
    """A turn's reminders in order: a nudge `delay` into the turn (when that comes before
    the warning), and with a clock running a warning when a quarter of the time the player
    had at the start of the turn is left."""
    warning = (
        None
        if turn.deadline is None or turn.bank is None
        else turn.deadline - turn.bank * WARNING_SHARE
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
