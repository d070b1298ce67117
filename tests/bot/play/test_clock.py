"""The pure clock: time controls as typed, and banks and deadlines worked out from facts."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.play.clocks.clock import (
    DAY,
    HOUR,
    MINUTE,
    ClockFacts,
    TimeControl,
    banks_after_turn,
    deadline,
    running,
    time_left,
    with_gift,
)
from bot.play.clocks.durations import DurationError, parse_time_control
from bot.play.words.clocks import span
from bot.play.words.settings import control_text
from bot.play.words.text import plain

START = 1_000_000.0
BANK = TimeControl(5 * DAY, DAY, 10 * DAY)


@pytest.mark.parametrize(
    ("text", "control"),
    [
        ("none", None),
        ("3d", TimeControl(3 * DAY)),
        ("5d+1d", TimeControl(5 * DAY, DAY)),
        (" 5d + 1d / 10d ", TimeControl(5 * DAY, DAY, 10 * DAY)),
        ("12h+30m", TimeControl(12 * HOUR, 30 * MINUTE)),
    ],
)
def test_time_controls_are_read_as_typed_and_written_back(
    text: str, control: TimeControl | None
) -> None:
    assert parse_time_control(text) == control
    if control is not None:
        assert parse_time_control(str(control)) == control


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("soon", "The time limit must be none, a time per move like 3d"),
        ("5d+", "The time limit must be none, a time per move like 3d"),
        ("5d+1d/10d/2d", "The time limit must be none, a time per move like 3d"),
        ("5d+1m", "Each time in a time limit must be between 10 minutes and 30 days."),
        ("5d+1d/2d", "A time limit's cap must be at least its starting bank."),
    ],
)
def test_unusable_time_controls_are_refused_in_one_sentence(text: str, sentence: str) -> None:
    with pytest.raises(DurationError) as refused:
        parse_time_control(text)
    assert str(refused.value).startswith(sentence)
    assert str(refused.value).count(". ") == 0


def test_time_controls_are_said_in_words() -> None:
    assert plain(control_text(TimeControl(3 * DAY))) == "3 days a move"
    assert plain(control_text(BANK)) == "5 days, 1 day more a move, up to 10 days"
    assert plain(span(4 * DAY + 3 * HOUR + 5 * MINUTE)) == "4 days 3 hours"
    assert plain(span(5 * HOUR)) == "5 hours"
    assert plain(span(30)) == "under a minute"


def facts(
    control: TimeControl = BANK,
    banks: tuple[float, ...] = (5 * DAY, 5 * DAY),
    pauses: tuple[tuple[float, float | None], ...] = (),
    away: tuple[tuple[float, float | None], ...] = (),
) -> ClockFacts:
    return ClockFacts(control, banks, 0, START, pauses, away)


def test_a_bank_runs_down_on_its_turn_only_and_gains_the_increment_up_to_the_cap() -> None:
    turn = facts()
    assert deadline(turn) == START + 5 * DAY
    assert time_left(turn, 0, START + DAY) == 4 * DAY
    assert time_left(turn, 1, START + DAY) == 5 * DAY
    assert banks_after_turn(turn, START + HOUR) == (6 * DAY - HOUR, 5 * DAY)
    full = facts(banks=(9.5 * DAY, 5 * DAY))
    assert banks_after_turn(full, START + HOUR) == (10 * DAY, 5 * DAY)


def test_a_time_per_move_is_refilled_after_every_move() -> None:
    turn = facts(TimeControl(3 * DAY), banks=(3 * DAY, 3 * DAY))
    assert deadline(turn) == START + 3 * DAY
    assert banks_after_turn(turn, START + 2 * DAY) == (3 * DAY, 3 * DAY)


def test_pauses_and_time_away_stop_the_clock_and_move_the_deadline() -> None:
    paused = facts(pauses=((START + DAY, START + 2 * DAY),))
    assert deadline(paused) == START + 6 * DAY
    assert time_left(paused, 0, START + 3 * DAY) == 3 * DAY
    assert deadline(facts(pauses=((START + DAY, None),))) is None
    both = facts(
        pauses=((START + DAY, START + 2 * DAY),),
        away=((START + DAY + HOUR, START + 3 * DAY), (START + 10 * DAY, START + 11 * DAY)),
    )
    assert deadline(both) == START + 7 * DAY
    before = facts(away=((START - 2 * DAY, START + DAY),))
    assert deadline(before) == START + 6 * DAY


def test_a_gift_goes_to_one_seat_even_above_the_cap() -> None:
    assert with_gift((9 * DAY, 5 * DAY), 0, 2 * DAY) == (11 * DAY, 5 * DAY)


intervals = st.lists(
    st.tuples(st.floats(0, 20 * DAY), st.floats(0, 5 * DAY)).map(
        lambda pair: (START + pair[0], START + pair[0] + pair[1])
    ),
    max_size=4,
)


@given(
    bank=st.floats(10 * MINUTE, 30 * DAY),
    pauses=intervals,
    away=intervals,
)
def test_the_deadline_is_when_the_running_time_uses_up_the_bank(
    bank: float,
    pauses: list[tuple[float, float | None]],
    away: list[tuple[float, float | None]],
) -> None:
    turn = facts(banks=(bank, bank), pauses=tuple(pauses), away=tuple(away))
    end = deadline(turn)
    assert end is not None and end >= START + bank
    assert running(START, end, [*pauses, *away]) == pytest.approx(bank, abs=1e-3)
    assert time_left(turn, 0, end) == pytest.approx(0, abs=1e-3)
