"""A game's clock as pure functions of stored facts: no timers, no storage, no Discord.

A `TimeControl` is what players chose: a time per move (refilled after every move, as
`3d`), or a bank with an increment and a cap, written like a chess clock (`5d+1d` gives
5 days, adds 1 day after each of your moves and never goes above the 5 days; `5d+1d/10d`
caps it at 10 days). `None` stands for no clock at all.

The facts a clock is worked out from (`ClockFacts`) are the time control, each seat's bank
when the current turn started, when it started, the game's pauses since then (agreed by
the players, the last one open while the game is paused), and the seat to move's *away*
intervals: stretches of wall time during which that player's clock is stopped, in every
game of theirs (vacations). Away intervals are not stored with the game: whoever keeps
them hands them in (see `bot.play.game_clocks.AwayTimes`). Everything else is computed: the
time a seat has left now, the moment the turn runs out (`deadline`), the banks after
the turn ends (`banks_after_turn`), and before turns taken back (`banks_before_turns`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.play.values import Refusal
from bot.play.words.text import Name, excerpt, say, span_words
from bot.storage.records import Interval

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR
SHORTEST = 10 * MINUTE
LONGEST = 30 * DAY
"""The shortest and longest time per move, starting bank, increment or cap."""

_NONE = ("none", "off", "no", "never")
_UNITS = {"m": MINUTE, "min": MINUTE, "h": HOUR, "d": DAY, "w": 7 * DAY}
_WORDS = {"minute": "m", "hour": "h", "day": "d", "week": "w"}
_DURATION = re.compile(r"([0-9]+(?:\.[0-9]+)?)\s*([a-z]+)")
_CONTROL = re.compile(r"([^+/]+?)\s*(?:\+\s*([^+/]+?)\s*(?:/\s*([^+/]+?))?)?")
ACCEPTED = (
    "none, a time per move like 3d, or a bank like 5d+1d (5 days, 1 more a move) "
    "or 5d+1d/10d (capped at 10 days)"
)
"""What a time control may be, in words."""


class DurationError(Refusal, ValueError):
    """A duration or time control that cannot be used; the message is one sentence,
    refusing it."""


@dataclass(frozen=True, slots=True)
class TimeControl:
    """Seconds a turn may last (`increment` None: a time per move, refilled after every
    move), or a starting bank of `initial` seconds that gains `increment` after each of
    the player's moves, never above `cap` (which is `initial` unless given)."""

    initial: float
    increment: float | None = None
    cap: float | None = None

    @property
    def per_move(self) -> bool:
        return self.increment is None

    @property
    def most_held(self) -> float:
        """The most a player may hold, gifts included: the cap, or the longest time."""
        return LONGEST if self.cap is None else self.cap

    @property
    def ceiling(self) -> float:
        """The most a bank may hold after an increment."""
        return self.initial if self.cap is None else self.cap

    def __str__(self) -> str:
        """The control as typed: `3d`, `5d+1d`, `5d+1d/10d`."""
        text = short_duration(self.initial)
        if self.increment is not None:
            text += f"+{short_duration(self.increment)}"
            if self.cap is not None:
                text += f"/{short_duration(self.cap)}"
        return text

    def words(self) -> str:
        """`3 days a move`, `5 days, 1 day more a move`, `..., up to 10 days`."""
        if self.increment is None:
            return f"{describe_duration(self.initial)} a move"
        said = f"{describe_duration(self.initial)}, {describe_duration(self.increment)} more a move"
        return said if self.cap is None else f"{said}, up to {describe_duration(self.cap)}"


@dataclass(frozen=True, slots=True)
class ClockFacts:
    """What a turn's clock is computed from (see the module's docstring).

    `banks` are the seats' seconds left when the turn started (for a time per move, the
    seat to move's is the limit, plus any time given during the turn); `pauses` the
    game's pauses since the turn started; `away` the seat to move's away intervals."""

    control: TimeControl
    banks: tuple[float, ...]
    turn_seat: int
    turn_started_at: float
    pauses: tuple[Interval, ...] = ()
    away: tuple[Interval, ...] = ()


# -- text ----------------------------------------------------------------------------


def parse_time_control(text: str) -> TimeControl | None:
    """The time control typed as `none`, `3d`, `5d+1d` or `5d+1d/10d`; refused in one
    sentence saying what is accepted."""
    cleaned = text.strip().lower()
    if cleaned in _NONE:
        return None
    check_digits(text, "The time limit")
    match = _CONTROL.fullmatch(cleaned)
    typed = [] if match is None else [p for p in match.groups() if p is not None]
    seconds = [s for s in map(_seconds, typed) if s is not None]
    if not typed or len(seconds) < len(typed):
        refused = say(f"The time limit must be {ACCEPTED}, not ", Name(excerpt(text)), ".")
        raise DurationError(refused)
    if not all(SHORTEST <= s <= LONGEST for s in seconds):
        raise DurationError("Each time in a time limit must be between 10 minutes and 30 days.")
    initial, *rest = seconds
    increment = rest[0] if rest else None
    cap = rest[1] if len(rest) > 1 else None
    if cap is not None and cap < initial:
        raise DurationError("A time limit's cap must be at least its starting bank.")
    return TimeControl(initial, increment, cap)


def parse_duration(text: str, what: str) -> float | None:
    """Seconds for text like `90m`, `12h`, `3d` or `1w`; None for `none` (or `off`).

    `what` names the setting in the sentence of a refusal, e.g. "The reminder delay".
    """
    if text.strip().lower() in _NONE:
        return None
    return _duration(text, what, "none or ")


def parse_amount(text: str, what: str) -> float:
    """Seconds for text like `90m`, `12h`, `3d` or `1w`, where `none` means nothing."""
    return _duration(text, what, "")


def _duration(text: str, what: str, alternative: str) -> float:
    check_digits(text, what)
    seconds = _seconds(text.strip().lower())
    if seconds is None:
        raise DurationError(
            say(
                f"{what} must be {alternative}a number of minutes, hours or days, like 12h "
                "or 3d, not ",
                Name(excerpt(text)),
                ".",
            )
        )
    if not SHORTEST <= seconds <= LONGEST:
        raise DurationError(f"{what} must be between 10 minutes and 30 days.")
    return seconds


def check_digits(text: str, what: str) -> None:
    """Refuse, in one sentence, numbers written with digits other than 0 to 9 (Arabic-Indic,
    full-width, mathematical...): `what` names the setting, e.g. "The time limit"."""
    if any(c.isnumeric() and not c.isascii() for c in text):
        raise DurationError(
            say(f"{what} takes the digits 0 to 9 only, not ", Name(excerpt(text)), ".")
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


def describe_duration(seconds: float | None) -> str:
    """`3 days`, `12 hours`, `90 minutes`, or `none`."""
    if seconds is None:
        return "none"
    for size, noun in ((DAY, "day"), (HOUR, "hour"), (MINUTE, "minute")):
        count = seconds / size
        if count >= 1 and count == int(count):
            return f"{int(count)} {noun}{'' if count == 1 else 's'}"
    return f"{round(seconds / MINUTE)} minutes"


def short_duration(seconds: float) -> str:
    """`3d`, `12h`, `90m`: the largest whole unit."""
    for size, unit in ((DAY, "d"), (HOUR, "h")):
        if seconds % size == 0:
            return f"{int(seconds // size)}{unit}"
    return f"{round(seconds / MINUTE)}m"


def time_left_words(seconds: float) -> str:
    """A bank in words, to the two largest units: `4 days 3 hours`, `5 hours 20 minutes`,
    `under a minute` (the same rounding as every time told in words)."""
    return span_words(seconds)


def short_time_left(seconds: float) -> str:
    """A bank for the board picture, to the two largest units: `2d 3h`, `5h 20m`, `0m`."""
    left = max(0, int(seconds))
    days, left = divmod(left, DAY)
    hours, left = divmod(left, HOUR)
    minutes = left // MINUTE
    parts = [f"{n}{unit}" for n, unit in ((days, "d"), (hours, "h"), (minutes, "m")) if n]
    return " ".join(parts[:2]) or "0m"


# -- time ----------------------------------------------------------------------------


def merged(intervals: Iterable[Interval]) -> list[Interval]:
    """The intervals in order with overlapping ones joined; an open one swallows the rest."""
    result: list[Interval] = []
    for start, end in sorted(intervals, key=lambda i: i[0]):
        if result:
            last_start, last_end = result[-1]
            if last_end is None or start <= last_end:
                result[-1] = (
                    last_start,
                    None if end is None or last_end is None else max(end, last_end),
                )
                continue
        result.append((start, end))
    return result


def running(since: float, until: float, stopped: Iterable[Interval]) -> float:
    """Seconds of [since, until] not covered by the `stopped` intervals."""
    if until <= since:
        return 0.0
    covered = 0.0
    for start, end in merged(stopped):
        low, high = max(start, since), min(until if end is None else end, until)
        covered += max(0.0, high - low)
    return until - since - covered


def stopped_for(facts: ClockFacts) -> list[Interval]:
    """Everything that stops the seat to move's clock: the game's pauses and their away time."""
    return merged((*facts.pauses, *facts.away))


def time_left(facts: ClockFacts, seat: int, now: float) -> float:
    """Seconds `seat` has left at `now` (below zero once the seat to move ran out)."""
    bank = facts.banks[seat]
    if seat != facts.turn_seat:
        return bank
    return bank - running(facts.turn_started_at, now, stopped_for(facts))


def deadline(facts: ClockFacts) -> float | None:
    """When the seat to move runs out, given what is known now; None while its clock is
    stopped with no end in sight (a pause or an open-ended absence). A stop that begins
    the very moment the time would run out still comes in time (an automatic vacation
    day taken then)."""
    moment, left = facts.turn_started_at, facts.banks[facts.turn_seat]
    for start, end in stopped_for(facts):
        if end is not None and end <= moment:
            continue
        if start - moment > left:
            break
        left -= max(0.0, start - moment)
        if end is None:
            return None
        moment = max(moment, end)
    return moment + left


def banks_after_turn(facts: ClockFacts, now: float) -> tuple[float, ...]:
    """Each seat's bank once the seat to move moved at `now`: it keeps what it has left
    (never below nothing) and gains the increment up to the cap; with a time per move
    its next turn gets the whole limit again."""
    seat = facts.turn_seat
    control = facts.control
    if control.increment is None:
        after = control.initial
    else:
        left = max(0.0, time_left(facts, seat, now))
        after = max(min(left + control.increment, control.ceiling), left)
    return tuple(after if s == seat else bank for s, bank in enumerate(facts.banks))


def banks_before_turns(
    banks: Sequence[float], turns: Sequence[tuple[int, float]]
) -> tuple[float, ...]:
    """The banks before `turns` were played: each (seat, change) a turn made to its
    player's bank, given back."""
    before = list(banks)
    for seat, change in turns:
        before[seat] -= change
    return tuple(before)


def starting_banks(control: TimeControl, seats: int) -> tuple[float, ...]:
    return (control.initial,) * seats


def with_gift(banks: Sequence[float], seat: int, seconds: float) -> tuple[float, ...]:
    """The banks after `seconds` are given to `seat` (a gift may go above the cap)."""
    return tuple(b + seconds if s == seat else b for s, b in enumerate(banks))
