"""Quiet hours end to end through discord.py: `/notify quiet:`, move posts naming a quiet
player without a ping, the ping and the reminder held until the quiet hours end, and a
restart in between, on a clock the tests move."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.play.clock import DAY
from tests.bot.discord_ui.test_slow_game_commands import START, begin, later, scheduler_of, sent
from tests.bot.harness import DiscordHarness
from tests.bot.support import Clock, new_bot

QUIET = {"quiet": "14:00-18:00", "timezone": "Europe/Berlin"}
"""START is 14:46 in Berlin (13:46 UTC, no daylight saving time in 1970)."""
QUIET_ENDS = 1_011_600.0 - START
"""Seconds from START to 18:00 in Berlin (17:00 UTC) that day."""


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def discord(tmp_path: Path, clock: Clock) -> AsyncIterator[DiscordHarness]:
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as harness:
        yield harness


def pinged(message_data: object) -> list[int]:
    mentions = getattr(message_data, "allowed_mentions", None) or {}
    return [int(user) for user in mentions.get("users", [])]


async def test_quiet_hours_are_kept_and_said_to_leave_clocks_running(
    discord: DiscordHarness,
) -> None:
    alice = discord.user("alice")
    reply = await discord.slash(alice, "notify", QUIET)
    assert reply.ephemeral
    assert "Quiet hours: 14:00-18:00 (Europe/Berlin)." in reply.content
    assert "Your clocks keep running meanwhile." in reply.content
    moved = await discord.slash(alice, "notify", {"timezone": "Asia/Tokyo"})
    assert "Quiet hours: 14:00-18:00 (Asia/Tokyo)." in moved.content
    off = await discord.slash(alice, "notify", {"quiet": "off"})
    assert "Quiet hours" not in off.content


async def test_unusable_quiet_hours_are_refused_in_one_sentence(discord: DiscordHarness) -> None:
    alice = discord.user("alice")
    late = await discord.slash(alice, "notify", {"quiet": "late", "timezone": "UTC"})
    assert late.ephemeral
    assert late.content == "Quiet hours look like 23:00-08:00 (or off), not 'late'."
    nowhere = await discord.slash(alice, "notify", {"quiet": "22:00-07:00", "timezone": "Mars"})
    assert nowhere.content == (
        "There is no time zone called 'Mars'; pick one like Europe/Berlin."
    )
    zoneless = await discord.slash(alice, "notify", {"quiet": "22:00-07:00"})
    assert zoneless.content == "Say which time zone your quiet hours are in, like Europe/Berlin."


async def test_the_time_zone_is_suggested_while_typing(discord: DiscordHarness) -> None:
    alice = discord.user("alice")
    found = await discord.autocomplete(alice, "notify", "timezone", {"timezone": "europe/ber"})
    assert [c.value for c in found] == ["Europe/Berlin"]
    many = await discord.autocomplete(alice, "notify", "timezone", {"timezone": ""})
    assert len(many) == 25


async def test_a_quiet_player_is_named_without_a_ping_and_pinged_when_quiet_hours_end(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice = discord.user("alice")
    await discord.slash(alice, "notify", QUIET)
    accepted = await begin(discord)
    board = accepted.requests[-1]
    assert "Your move, **alice**" in accepted.messages[-1].content
    assert f"<@{alice.id}>" not in accepted.messages[-1].content
    assert pinged(board) == []
    assert sent(await later(discord, clock, QUIET_ENDS - 1)) == []
    held = await later(discord, clock, QUIET_ENDS)
    (message,) = sent(held)
    assert message.channel == discord.channel
    assert message.content.startswith("**alice**, it is your move in [Tink #1](")
    assert pinged(held.requests[-1]) == [alice.id]
    assert (await later(discord, clock, QUIET_ENDS + 60)).requests == []


async def test_a_reminder_due_in_quiet_hours_waits_for_their_end(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice = discord.user("alice")
    await discord.slash(alice, "notify", {"dm": "on", **QUIET})
    await begin(discord)
    await later(discord, clock, QUIET_ENDS)
    assert (await later(discord, clock, DAY)).requests == []
    reminded = await later(discord, clock, DAY + QUIET_ENDS)
    (message,) = sent(reminded)
    assert message.channel == discord.dm(alice)
    assert message.content.startswith("Reminder, **alice**: it has been your move")
    assert (await later(discord, clock, DAY + QUIET_ENDS + 60)).requests == []


async def test_a_restart_in_quiet_hours_keeps_the_held_ping_and_sends_it_once(
    tmp_path: Path, clock: Clock
) -> None:
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as first:
        await first.slash(first.user("alice"), "notify", QUIET)
        await begin(first)
        await first.run(scheduler_of(first).run_due())
    clock.now = START + QUIET_ENDS
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as second:
        (message,) = second.messages_in()
        assert message.content.startswith("**alice**, it is your move in [Tink #1](")
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as third:
        assert third.messages_in() == []
