"""Quiet hours as pure functions: across midnight, and around daylight saving time."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.play.clocks.quiet import is_quiet, parse_span, quiet_ends, suggest_zones, zone_named
from bot.play.table.values import Refusal
from bot.storage.clocks import QuietHours

NIGHT = QuietHours(23 * 60, 8 * 60, "Europe/Berlin")


def at(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


def test_quiet_hours_past_midnight_hold_both_sides_of_it() -> None:
    assert is_quiet(NIGHT, at("2026-01-10T22:30"))  # 23:30 in Berlin
    assert is_quiet(NIGHT, at("2026-01-11T06:59"))  # 07:59
    assert not is_quiet(NIGHT, at("2026-01-11T07:00"))  # 08:00
    assert not is_quiet(NIGHT, at("2026-01-10T21:59"))  # 22:59
    assert quiet_ends(NIGHT, at("2026-01-10T22:30")) == at("2026-01-11T07:00")
    assert quiet_ends(NIGHT, at("2026-01-10T12:00")) == at("2026-01-10T12:00")


def test_the_end_follows_the_zone_across_daylight_saving_time() -> None:
    # Berlin moves from UTC+1 to UTC+2 at 01:00 UTC on 29 March 2026.
    assert quiet_ends(NIGHT, at("2026-03-28T23:00")) == at("2026-03-29T06:00")
    # and back at 01:00 UTC on 25 October 2026.
    assert quiet_ends(NIGHT, at("2026-10-24T22:00")) == at("2026-10-25T07:00")


def test_an_end_the_clocks_skip_comes_at_the_moment_it_would_have_been() -> None:
    skipped = QuietHours(23 * 60, 2 * 60 + 30, "Europe/Berlin")  # 02:30 does not exist
    ends = quiet_ends(skipped, at("2026-03-28T23:00"))
    assert ends == at("2026-03-29T01:30")
    assert not is_quiet(skipped, ends)


def test_spans_and_zones_are_read_or_refused() -> None:
    assert parse_span(" 23:00 - 08:30 ") == (23 * 60, 8 * 60 + 30)
    assert parse_span("off") is None
    for wrong in ("24:00-08:00", "23:00-23:00", "tonight"):
        with pytest.raises(Refusal):
            parse_span(wrong)
    assert zone_named("europe/berlin") == "Europe/Berlin"
    with pytest.raises(Refusal):
        zone_named("../etc/passwd")
    assert suggest_zones("Berlin") == ["Europe/Berlin"]
    assert all(len(zone) <= 100 for zone in suggest_zones(""))
