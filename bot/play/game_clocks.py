"""A stored game's clock: its facts read off the record, the turn's deadline, what a move,
a pause or a gift does to it, and how it is said."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Sequence

from bot.play.ai_seats import is_ai
from bot.play.clock import (
    ClockFacts,
    TimeControl,
    banks_after_turn,
    banks_before_turns,
    deadline,
    short_time_left,
    starting_banks,
    time_left,
    time_left_words,
)
from bot.play.words.text import Moment, Name, Text, joined, say
from bot.storage import GameDraft, GameRecord, Status, TurnClock
from bot.storage.clocks import ServerSettings
from bot.storage.records import Interval

AwayTimes = Callable[[int, float], Awaitable[Sequence[Interval]]]
"""The hook of absences: `await away(user_id, since)` gives the intervals, overlapping
`since` or after it, during which that user's clocks are stopped in every game (their
vacations). `GameTable.away` is called with the player to move whenever a turn's deadline
is worked out; whoever changes someone's absences then calls `GameTable.refresh_clocks`
for their games, so the stored deadlines follow."""


async def never_away(user_id: int, since: float) -> Sequence[Interval]:
    """No one is ever away: the default `AwayTimes`."""
    return ()


Reprieve = Callable[[GameRecord], Awaitable[bool]]
"""Asked when a move comes after its turn's deadline: `await reprieve(record)` is True
when it stopped the player's clocks longer (an automatic vacation day, added to what
`AwayTimes` gives), in which case the game's deadline is worked out again and the turn
goes on. It should refresh the player's other games itself (`GameTable.refresh_clocks`)."""


async def no_reprieve(record: GameRecord) -> bool:
    """No turn is ever spared: the default `Reprieve`."""
    return False


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


def clock_line(record: GameRecord) -> Text | None:
    """The clock under a turn: when the player to move runs out (or that the clocks are
    stopped), and with banks the time the others have left, in words; None without one."""
    facts = facts_of(record)
    if facts is None:
        return None
    said: list[Text] = []
    if record.clock.paused:
        said.append(say("The clocks are stopped."))
    elif record.clock.flagged:
        said.append(say("Time ran out: the others may claim the win."))
    elif record.deadline is not None:
        said.append(say("Time runs out ", Moment(record.deadline), "."))
    others = [
        say(Name(seat.name), f" has {time_left_words(facts.banks[seat.seat])}")
        for seat in record.players
        if seat.seat != facts.turn_seat and not is_ai(seat.user_id)
    ]
    if others and not facts.control.per_move:
        said.append(say(joined("; ", others), " left."))
    return joined(" ", said) if said else None


def seat_clocks(
    record: GameRecord, now: float, away: Sequence[Interval] = ()
) -> tuple[str | None, ...]:
    """Each seat's time left, short, for the board picture: every person's with a bank,
    only the player to move's with a time per move (its `away` time not counted, as on
    its clock), each marked `(paused)` while the players have stopped the clocks; none
    without a clock running."""
    facts = facts_of(record, away)
    if facts is None or record.status is not Status.ACTIVE:
        return ()
    marker = f" {PAUSED_MARKER}" if record.clock.paused else ""
    return tuple(
        None
        if is_ai(seat.user_id) or (facts.control.per_move and seat.seat != facts.turn_seat)
        else short_time_left(time_left(facts, seat.seat, now)) + marker
        for seat in record.players
    )


PAUSED_MARKER = "(paused)"
"""After each clock in the board picture while the players have stopped the clocks."""
