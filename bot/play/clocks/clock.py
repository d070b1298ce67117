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
them hands them in (see `AwayTimes`). Everything else is computed: the time a seat has
left now, the moment the turn runs out (`deadline`), the banks after the turn ends
(`banks_after_turn`), and before turns taken back (`banks_before_turns`).

Read off a stored game (`facts_of`), the same give its turn's deadline (`runs_out`), the
clock of the turn that follows a move or a take-back (`clock_after_turn`,
`clock_after_take_back`) and the clocks its picture shows (`seat_clocks`). Time controls
as players type them are read in `bot.play.clocks.durations`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass

from bot.play.playing.ai_seats import is_ai
from bot.storage import GameDraft, GameRecord, Status, TurnClock
from bot.storage.clocks import ServerSettings
from bot.storage.records import Interval

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR
SHORTEST = 10 * MINUTE
LONGEST = 30 * DAY
"""The shortest and longest time per move, starting bank, increment or cap."""


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


def short_duration(seconds: float) -> str:
    """`3d`, `12h`, `90m`: the largest whole unit."""
    for size, unit in ((DAY, "d"), (HOUR, "h")):
        if seconds % size == 0:
            return f"{int(seconds // size)}{unit}"
    return f"{round(seconds / MINUTE)}m"


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


# -- a stored game's clock ----------------------------------------------------------


AwayTimes = Callable[[int, float], Awaitable[Sequence[Interval]]]
"""The hook of absences: `await away(user_id, since)` gives the intervals, overlapping
`since` or after it, during which that user's clocks are stopped in every game (their
vacations). `GameTable.away` is called with the player to move whenever a turn's deadline
is worked out; whoever changes someone's absences then calls `GameTable.refresh_clocks`
for their games, so the stored deadlines follow."""


async def away_during(
    away: AwayTimes, record: GameRecord, user_id: int | None, since: float | None
) -> Sequence[Interval]:
    """When the user is away from `since` on, as `away` says, in a game with a clock;
    never in a game without one, without a user or without a start."""
    if record.time_limit is None or user_id is None or since is None:
        return ()
    return await away(user_id, since)


async def never_away(user_id: int, since: float) -> Sequence[Interval]:
    """No one is ever away: the default `AwayTimes`."""
    return ()


Reprieve = Callable[[GameRecord], Awaitable[GameRecord | None]]
"""Asked when a move comes after its turn's deadline: `await reprieve(record)` stops the
player's clocks longer if it can (an automatic vacation day, added to what `AwayTimes`
gives), works out the deadlines of their games again (`GameTable.refresh_clocks`) and
gives the game's record as saved then; None when it cannot."""


async def no_reprieve(record: GameRecord) -> GameRecord | None:
    """No turn is ever spared: the default `Reprieve`."""
    return None


def control_of(record: GameDraft | ServerSettings) -> TimeControl | None:
    """The time control of a game (or of a server's new games), None without one."""
    if record.time_limit is None:
        return None
    return TimeControl(record.time_limit, record.time_increment, record.time_cap)


def facts_of(record: GameRecord, away: Sequence[Interval] = ()) -> ClockFacts | None:
    """The facts of the running turn's clock; None without a clock or a turn."""
    control = control_of(record)
    if control is None or record.turn_seat is None or record.turn_started_at is None:
        return None
    banks = record.clock.banks or starting_banks(control, len(record.players))
    return ClockFacts(
        control, banks, record.turn_seat, record.turn_started_at, record.clock.pauses, tuple(away)
    )


def runs_out(record: GameRecord, away: Sequence[Interval] = ()) -> float | None:
    """When the turn runs out: None when over, for the bot's seats (which never run out),
    once the late player's time ran out awaiting a claim, or while the clock is stopped."""
    facts = facts_of(record, away)
    if facts is None or record.status is not Status.ACTIVE or record.clock.flagged:
        return None
    if record.turn_user_id is None or is_ai(record.turn_user_id):
        return None
    return deadline(facts)


KEPT_TURNS = 8
"""How many turns' changes to the banks a clock keeps, for take-backs."""


def clock_after_turn(record: GameRecord, now: float, away: Sequence[Interval]) -> TurnClock:
    """The clock of the next turn, once the player to move moved at `now`: they keep what
    they have left plus the increment, and a pause goes on into the next turn."""
    control = control_of(record)
    if control is None:
        return TurnClock()
    facts = facts_of(record, away)
    if facts is None or record.status is not Status.ACTIVE:
        return TurnClock(starting_banks(control, len(record.players)), _pauses_on(record, now))
    banks = banks_after_turn(facts, now)
    seat = facts.turn_seat
    turns = (*record.clock.turns, (seat, banks[seat] - facts.banks[seat]))[-KEPT_TURNS:]
    return TurnClock(banks, _pauses_on(record, now), turns=turns)


def clock_after_take_back(record: GameRecord, now: float, taken: int) -> TurnClock:
    """The clock once the last `taken` turns are taken back at `now`: every bank as it
    was when the first of them began (the time the turn cut short took is not counted),
    that turn starting again now; a pause goes on."""
    control = control_of(record)
    if control is None:
        return TurnClock()
    facts = facts_of(record)
    banks = starting_banks(control, len(record.players)) if facts is None else facts.banks
    kept = max(0, len(record.clock.turns) - taken)
    undone = record.clock.turns[kept:]
    return TurnClock(
        banks_before_turns(banks, undone), _pauses_on(record, now), turns=record.clock.turns[:kept]
    )


def _pauses_on(record: GameRecord, now: float) -> tuple[Interval, ...]:
    """The pauses of a turn beginning at `now`: one going on from the last, if paused."""
    return ((now, None),) if record.clock.paused else ()


def paused_clock(clock: TurnClock, now: float) -> TurnClock:
    return dataclasses.replace(clock, pauses=(*clock.pauses, (now, None)))


def resumed_clock(clock: TurnClock, now: float) -> TurnClock:
    (*closed, (start, _)) = clock.pauses
    return dataclasses.replace(clock, pauses=(*closed, (start, now)))


@dataclass(frozen=True, slots=True)
class SeatClock:
    """A seat's time left as its board picture shows it: `left` seconds, and whether the
    players have stopped the clocks (`paused`)."""

    left: float
    paused: bool = False


@dataclass(frozen=True, slots=True)
class Following:
    """A record after its game changed, and each seat's time left as the board picture
    of that moment shows it (see `seat_clocks`)."""

    record: GameRecord
    clocks: tuple[SeatClock | None, ...]


def seat_clocks(
    record: GameRecord, now: float, away: Sequence[Interval] = ()
) -> tuple[SeatClock | None, ...]:
    """Each seat's time left for the board picture: every person's with a bank, only the
    player to move's with a time per move (its `away` time not counted, as on its
    clock), each marked paused while the players have stopped the clocks; none without a
    clock running."""
    facts = facts_of(record, away)
    if facts is None or record.status is not Status.ACTIVE:
        return ()
    paused = record.clock.paused
    return tuple(
        None
        if is_ai(seat.user_id) or (facts.control.per_move and seat.seat != facts.turn_seat)
        else SeatClock(time_left(facts, seat.seat, now), paused)
        for seat in record.players
    )
