"""Odd input is refused in one sentence and changes nothing: digits other than 0 to 9,
time zones that are not IANA names, gifts of time past what a player may hold, and
option values past the limits a command declares to Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.discord_ui.test_cross_server import database_rows
from tests.bot.discord_ui.test_slow_game_commands import begin
from tests.bot.harness import DiscordHarness
from tests.bot.support import Clock, new_bot


@pytest.fixture
async def discord(tmp_path: Path, clock: Clock) -> AsyncIterator[DiscordHarness]:
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as harness:
        yield harness


@pytest.mark.parametrize(
    "typed", ["\u0663d", "\uff13d", "\u0969\u0966d", "\U0001d7d3d+\U0001d7cfd"]
)
async def test_a_time_limit_takes_the_digits_0_to_9_only(
    discord: DiscordHarness, tmp_path: Path, typed: str
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    before = database_rows(tmp_path)
    start = await discord.slash(alice, "tink start", {"opponent": bob, "time_limit": typed})
    assert start.ephemeral
    assert start.content == f"The time limit takes the digits 0 to 9 only, not '{typed}'."
    assert database_rows(tmp_path) == before


async def test_time_given_and_quiet_hours_take_the_digits_0_to_9_only(
    discord: DiscordHarness, tmp_path: Path
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord, time_limit="5d+1d")
    before = database_rows(tmp_path)
    given = await discord.slash(alice, "tink give_time", {"player": bob, "amount": "\uff11d"})
    assert given.content == "The time given takes the digits 0 to 9 only, not '\uff11d'."
    quiet = await discord.slash(
        alice, "notify", {"quiet": "٢٣:00-08:00", "timezone": "Europe/Berlin"}
    )
    assert quiet.content == "Quiet hours takes the digits 0 to 9 only, not '٢٣:00-08:00'."
    assert database_rows(tmp_path) == before


@pytest.mark.parametrize("zone", ["localtime", "Factory", "posixrules"])
async def test_a_time_zone_is_an_iana_name(discord: DiscordHarness, zone: str) -> None:
    alice = discord.user("alice")
    refused = await discord.slash(alice, "notify", {"quiet": "23:00-08:00", "timezone": zone})
    assert refused.ephemeral and refused.content == (
        f"There is no time zone called '{zone}'; pick one like Europe/Berlin."
    )
    offered = await discord.autocomplete(alice, "notify", "timezone", {"timezone": zone[:5]})
    assert zone not in [choice.value for choice in offered]
    berlin = await discord.slash(
        alice, "notify", {"quiet": "23:00-08:00", "timezone": "europe/berlin"}
    )
    assert "Quiet hours: 23:00-08:00 (Europe/Berlin)." in berlin.content


async def test_a_player_holds_no_more_than_the_cap_or_thirty_days(
    discord: DiscordHarness, tmp_path: Path
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord, time_limit="5d+1d")
    before = database_rows(tmp_path)
    gift = await discord.slash(alice, "tink give_time", {"player": bob, "amount": "30d"})
    assert gift.ephemeral and gift.content == (
        "A player may hold at most 30 days in this game, so you can give bob up to 25 days."
    )
    assert database_rows(tmp_path) == before
    gift = await discord.slash(alice, "tink give_time", {"player": bob, "amount": "25d"})
    assert "who now has 30 days" in gift.content
    more = await discord.slash(alice, "tink give_time", {"player": bob, "amount": "1h"})
    assert more.content == "bob already has the most time a player may hold here (30 days)."


async def test_a_capped_bank_holds_no_more_than_its_cap(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord, time_limit="2d+1d/3d")
    gift = await discord.slash(alice, "tink give_time", {"player": bob, "amount": "2d"})
    assert gift.content == (
        "A player may hold at most 3 days in this game, so you can give bob up to 1 day."
    )


@pytest.mark.parametrize(
    ("command", "options", "refusal"),
    [
        (
            "tournament create tink",
            {"format": "swiss", "max_players": 5000},
            "The max_players must be from 2 to 1,000.",
        ),
        (
            "tournament create tink",
            {"format": "knockout"},
            "Choose the format from the list offered.",
        ),
        ("tink history", {"id": 0}, "The id must be from 1 to 9,007,199,254,740,991."),
        ("leaderboard", {"page": -3}, "The page must be from 1 to 100,000."),
    ],
)
async def test_every_declared_option_limit_is_enforced_on_forged_requests(
    discord: DiscordHarness, tmp_path: Path, command: str, options: dict[str, object], refusal: str
) -> None:
    before = database_rows(tmp_path)
    forged = await discord.slash(discord.user("owner"), command, options, forged=True)
    assert forged.ephemeral and forged.content == refusal
    assert database_rows(tmp_path) == before
