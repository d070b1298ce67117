"""Vacations end to end through discord.py: `/vacation start`, `end` and `status`, the
ledger kept to the minute across restarts, the word in each game's channel, clocks that
wait, days taken automatically, and restarts in the middle, on a clock the tests move."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord_ui.app import PyramidBot
from bot.play.clocks.clock import DAY, HOUR, MINUTE
from bot.play.table.outbox import OWED_AFTER
from bot.runtime.scheduler import Scheduler
from tests.bot.discord_ui.test_crash_and_load import Killed, restarted
from tests.bot.discord_ui.test_slow_game_commands import START, begin, later, sent
from tests.bot.harness import DiscordHarness, Kind, Reply
from tests.bot.support import Clock, new_bot
from tests.postgres_server import BACKENDS


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def discord(tmp_path: Path, clock: Clock) -> AsyncIterator[DiscordHarness]:
    async with DiscordHarness(new_bot(tmp_path, clock=clock, vacation_days=15)) as harness:
        yield harness


async def test_a_vacation_is_said_in_every_game_and_counted_to_the_minute(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice = discord.user("alice")
    await begin(discord)
    elsewhere = discord.text_channel("elsewhere")
    other = await discord.slash(
        discord.user("carol"), "tink start", {"opponent": alice}, channel=elsewhere
    )
    await discord.click(alice, other.message, "Accept")
    started = (await discord.slash(alice, "vacation start", {"days": 3})).messages[0]
    assert started.ephemeral
    assert started.content == (
        f"Your vacation runs until <t:{int(START + 3 * DAY)}:f>. Every clock of yours waits "
        "meanwhile (said in the channel of your 2 games). Vacation left this year: 12 days."
    )
    for channel in (discord.channel, elsewhere):
        (told,) = [m for m in discord.messages_in(channel) if "is on vacation" in m.content]
    assert told.content.startswith(
        f"**alice** is on vacation until <t:{int(START + 3 * DAY)}:f> in [Tink #"
    )
    status = await discord.slash(alice, "vacation status")
    assert status.content.startswith(
        f"Vacation left this year: 12 days. You are on vacation until <t:{int(START + 3 * DAY)}:f>"
        "; your clocks wait in [Tink #1]("
    )
    clock.now = START + DAY + 90 * MINUTE + 10
    ended = (await discord.slash(alice, "vacation end")).messages[0]
    assert ended.content == (
        "Welcome back: your clocks run again (said in the channel of your 2 games). "
        "Vacation left this year: 13 days 22 hours 29 minutes."
    )
    assert any("**alice** is back from vacation" in m.content for m in discord.messages_in())


async def test_vacation_mistakes_are_refused_in_one_sentence(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice = discord.user("alice")
    assert (await discord.slash(alice, "vacation end")).content == "You are not on vacation."
    too_long = await discord.slash(alice, "vacation start", {"days": 16})
    assert too_long.ephemeral and too_long.content == "A vacation lasts 1 to 15 days."
    await discord.slash(alice, "vacation start", {"days": 10})
    again = await discord.slash(alice, "vacation start", {"days": 1})
    assert again.content == "You are on vacation already; `/vacation end` ends it."
    clock.now = START + 11 * DAY
    over = await discord.slash(alice, "vacation start", {"days": 6})
    assert over.content == "You have 5 days of vacation left this year."
    assert (await discord.slash(alice, "vacation status")).content == (
        "Vacation left this year: 5 days."
    )
    await discord.slash(alice, "vacation start", {"days": 5})
    clock.now = START + 17 * DAY
    none_left = await discord.slash(alice, "vacation start", {"days": 1})
    assert none_left.content == "You have no vacation left this year."


async def test_a_bot_without_vacation_days_says_so(tmp_path: Path, clock: Clock) -> None:
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as discord:
        refused = await discord.slash(discord.user("alice"), "vacation start", {"days": 1})
        assert refused.ephemeral and refused.content == "This bot gives no vacation days."


async def test_the_ledger_survives_a_restart(tmp_path: Path, clock: Clock) -> None:
    async with DiscordHarness(new_bot(tmp_path, clock=clock, vacation_days=15)) as first:
        await first.slash(first.user("alice"), "vacation start", {"days": 2})
    clock.now = START + DAY
    async with DiscordHarness(new_bot(tmp_path, clock=clock, vacation_days=20)) as second:
        status = await second.slash(second.user("alice"), "vacation status")
        assert status.content == (
            f"Vacation left this year: 18 days. You are on vacation until "
            f"<t:{int(START + 2 * DAY)}:f>; your clocks wait in no game yet."
        )


async def test_a_reminder_due_on_vacation_waits_for_its_end(
    discord: DiscordHarness, clock: Clock
) -> None:
    await discord.slash(discord.user("alice"), "vacation start", {"days": 2})
    await begin(discord)
    assert (await later(discord, clock, DAY)).requests == []
    (message,) = sent(await later(discord, clock, 2 * DAY))
    assert message.content.startswith("Reminder, **alice**: it has been your move")


def ran_out(reply: Reply) -> bool:
    return any("ran out of time" in m.content for m in sent(reply))


async def test_a_vacation_stops_the_clock_of_the_player_to_move(
    tmp_path: Path, clock: Clock
) -> None:
    async with DiscordHarness(new_bot(tmp_path, clock=clock, vacation_days=2)) as discord:
        await begin(discord, time_limit="1d")
        clock.now = START + HOUR
        await discord.slash(discord.user("alice"), "vacation start", {"days": 2})
        assert not ran_out(await later(discord, clock, DAY))
        assert not ran_out(await later(discord, clock, 3 * DAY - MINUTE))
        (message,) = [m for m in sent(await later(discord, clock, 3 * DAY)) if m.png()]
        assert message.content.startswith("**alice** ran out of time.\n**bob** wins")


async def test_a_clock_running_out_takes_a_vacation_day_and_says_so_by_dm(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice = discord.user("alice")
    await begin(discord, time_limit="1d")
    (told,) = sent(await later(discord, clock, DAY))
    assert told.channel == discord.dm(alice)
    assert told.content.startswith("**alice**, your time in [Tink #1](")
    assert f"a vacation day was used: your clocks wait until <t:{int(START + 2 * DAY)}:f>" in (
        told.content
    )
    assert "Vacation left this year: 14 days." in told.content
    assert not ran_out(await later(discord, clock, 2 * DAY - MINUTE))
    (again,) = sent(await later(discord, clock, 2 * DAY))
    assert "Vacation left this year: 13 days." in again.content
    status = await discord.slash(alice, "vacation status")
    assert status.content.startswith("Vacation left this year: 13 days. You are on vacation")


async def test_a_restart_during_a_vacation_keeps_the_clock_stopped(
    tmp_path: Path, clock: Clock
) -> None:
    async with DiscordHarness(new_bot(tmp_path, clock=clock, vacation_days=2)) as first:
        await begin(first, time_limit="1d")
        await first.slash(first.user("alice"), "vacation start", {"days": 2})
    clock.now = START + 2 * DAY + HOUR
    async with DiscordHarness(new_bot(tmp_path, clock=clock, vacation_days=2)) as second:
        (nudge,) = second.messages_in()
        assert nudge.content.startswith("Reminder, **alice**")
    clock.now = START + 3 * DAY + HOUR
    async with DiscordHarness(new_bot(tmp_path, clock=clock, vacation_days=2)) as third:
        (announced,) = third.messages_in()
        assert announced.content.startswith(
            "**alice** ran out of time while the bot was offline.\n**bob** wins"
        )


async def test_a_day_taken_while_the_bot_was_offline_is_taken_once(
    tmp_path: Path, clock: Clock
) -> None:
    async with DiscordHarness(new_bot(tmp_path, clock=clock, vacation_days=15)) as first:
        await begin(first, time_limit="1d")
    clock.now = START + DAY + HOUR
    async with DiscordHarness(new_bot(tmp_path, clock=clock, vacation_days=15)) as second:
        (told,) = second.messages_in()
        assert "a vacation day was used" in told.content
        assert "Vacation left this year: 14 days." in told.content
    clock.now = START + DAY + 2 * HOUR
    async with DiscordHarness(new_bot(tmp_path, clock=clock, vacation_days=15)) as third:
        assert third.messages_in() == []
        status = await third.slash(third.user("alice"), "vacation status")
        assert status.content.startswith("Vacation left this year: 14 days.")


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_vacation_posts_a_crash_came_before_are_posted_once_after_a_restart(
    tmp_path: Path, database_url: str, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def killed_before_posting(self: Scheduler, deliveries: object) -> None:
        raise Killed

    def bot() -> PyramidBot:
        return new_bot(tmp_path, clock=clock, vacation_days=15, database_url=database_url)

    def told(discord: DiscordHarness, words: str) -> list[str]:
        return [m.content for m in discord.messages_in() if words in m.content]

    first = DiscordHarness(bot())
    async with first:
        await begin(first)
        monkeypatch.setattr(Scheduler, "deliver", killed_before_posting)
        with pytest.raises(Killed):
            await first.slash(first.user("alice"), "vacation start", {"days": 3})
        monkeypatch.undo()
        assert told(first, "is on vacation") == []
    async with restarted(first, bot()) as second:
        (away,) = told(second, "is on vacation")
        assert away.startswith("**alice** is on vacation until ")
        assert away.endswith(": their clock waits.")
        monkeypatch.setattr(Scheduler, "deliver", killed_before_posting)
        with pytest.raises(Killed):
            await second.slash(second.user("alice"), "vacation end")
        monkeypatch.undo()
        assert told(second, "is back") == []
    async with restarted(second, bot()) as third:
        (back,) = told(third, "is back from vacation")
        assert told(third, "is on vacation") == [away]
        assert [r for r in third.requests if r.kind is Kind.SEND and "vacation" in r.content]
    clock.now += OWED_AFTER + 1
    async with restarted(third, bot()) as last:
        assert [r for r in last.requests if r.kind is Kind.SEND] == []
        assert told(last, "** is ") == [away, back]
