"""What the bot owes is never dropped when Discord refuses for a while: the bot's own moves
and time-outs posted once Discord takes posts again, once each and in order; a reply that
failed posted in the channel before the bot's answer; a channel that refuses the bot for
good told elsewhere; an apology that cannot be sent logged, not raised. And Discord's own
limits kept: gateway sessions paced before the day's allowance runs out, invalid requests
counted."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord_ui.views import AFTER_EARLIER_POSTS
from bot.metrics import INVALID_REQUESTS
from bot.play.clocks.clock import DAY, HOUR
from bot.play.table.outbox import LONGEST_RETRY
from bot.runtime.identifies import IDENTIFIES_A_DAY, KEPT_SPARE, PACED_FROM, identify_wait
from bot.storage import Storage
from tests.bot.discord_ui.test_ai_games import BOT, bot_done, quick_ai  # noqa: F401
from tests.bot.discord_ui.test_clocks import alices_day  # noqa: F401
from tests.bot.discord_ui.test_slow_game_commands import (
    QUIET,
    QUIET_ENDS,
    START,
    begin,
    scheduler_of,
)
from tests.bot.harness import DROPPED, DiscordHarness, Kind, Reply, Request, User
from tests.bot.support import Clock, new_bot


@pytest.fixture
async def discord(tmp_path: Path, clock: Clock) -> AsyncIterator[DiscordHarness]:
    """The bot on the test's clock (the suite's `clock`)."""
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as harness:
        yield harness


def storage_of(discord: DiscordHarness) -> Storage:
    return discord.client.host.storage  # type: ignore[attr-defined, no-any-return]


def posted(discord: DiscordHarness, user: User | None = None) -> list[Request]:
    """The channel posts Discord took (in `user`'s direct messages when given)."""
    channel = discord.channel if user is None else discord.dm(user)
    return [
        r
        for r in discord.requests
        if r.kind is Kind.SEND and r.status == 200 and r.params["channel_id"] == str(channel.id)
    ]


async def backlog(discord: DiscordHarness) -> int:
    return await storage_of(discord).announcements.backlog()


async def against_the_bot(discord: DiscordHarness) -> User:
    """Alice starts a Tink game against the bot, moving first."""
    alice = discord.user("alice")
    await discord.slash(alice, "tink start", {"opponent": discord.me, "ai": "easy"})
    return alice


async def retried(discord: DiscordHarness, clock: Clock, seconds: float = LONGEST_RETRY) -> None:
    """Let `seconds` pass, and run what fell due."""
    clock.now += seconds
    await discord.run(scheduler_of(discord).run_due())


OUTAGES = {
    "503": (503, {Kind.SEND}),
    "502": (502, {Kind.SEND}),
    "500": (500, {Kind.SEND}),
    "429 of the route": (429, {Kind.SEND}),
    "429 global": (429, None),
    "dropped connections": (DROPPED, {Kind.SEND}),
}


@pytest.mark.parametrize("outage", OUTAGES.values(), ids=OUTAGES.keys())
async def test_the_bots_move_discord_failed_to_take_is_posted_once_it_takes_posts(
    discord: DiscordHarness, clock: Clock, outage: tuple[int, set[Kind] | None]
) -> None:
    status, kinds = outage
    alice = await against_the_bot(discord)
    with discord.outage(status, kinds=kinds) as refusing:
        await discord.slash(alice, "tink move", {"move": "S d4"})
        await bot_done(discord)
        await retried(discord, clock, 1.0)
    assert refusing.failed >= 1
    assert [r.content.splitlines()[0] for r in posted(discord)] == []
    assert await backlog(discord) == 1, "the bot's move is still owed"
    await retried(discord, clock)
    (moved,) = posted(discord)
    assert moved.content.startswith(f"**{BOT} (easy)** played `")
    assert "Your move, **alice**." in moved.content
    assert [int(u) for u in moved.allowed_mentions["users"]] == [alice.id]
    assert await backlog(discord) == 0
    await retried(discord, clock)
    assert len(posted(discord)) == 1, "posted once"


async def test_a_long_rate_limit_is_waited_out_before_the_post_is_sent_again(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice = await against_the_bot(discord)
    with discord.outage(429, kinds={Kind.SEND}, retry_after=2 * LONGEST_RETRY):
        await discord.slash(alice, "tink move", {"move": "S d4"})
        await bot_done(discord)
    await retried(discord, clock)
    assert posted(discord) == [], "Discord asked for a longer wait"
    await retried(discord, clock, LONGEST_RETRY + 1)
    assert len(posted(discord)) == 1


async def test_a_time_out_during_an_outage_is_posted_after_it(
    discord: DiscordHarness, clock: Clock
) -> None:
    await begin(discord, time_limit="12h")
    began = len(posted(discord))
    clock.now = START + 13 * HOUR
    with discord.outage(503, kinds={Kind.SEND}):
        await discord.run(scheduler_of(discord).run_due())
    assert len(posted(discord)) == began and await backlog(discord) == 1
    await retried(discord, clock)
    (timed_out,) = posted(discord)[began:]
    assert "ran out of time" in timed_out.content
    assert await backlog(discord) == 0


async def test_posts_kept_through_an_outage_go_out_in_the_order_of_their_games_changes(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice = await against_the_bot(discord)
    with discord.outage(503, kinds={Kind.SEND}):
        for move in ("S d4", "S a1", "S g7"):
            await discord.slash(alice, "tink move", {"move": move})
            await bot_done(discord)
            await retried(discord, clock, 1.0)
    for _ in range(6):
        await retried(discord, clock)
    assert await backlog(discord) == 0
    said = [r.content.split("`")[1] for r in posted(discord)]
    moves = [a.action for a in await storage_of(discord).actions(1)]
    assert said == moves[1:], "alice's later replies waited behind the bot's posts"


async def test_a_move_whose_answer_waited_behind_the_bots_post_goes_after_it_in_the_channel(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice = await against_the_bot(discord)
    with discord.outage(503, kinds={Kind.SEND}):
        await discord.slash(alice, "tink move", {"move": "S d4"})
        await bot_done(discord)

    async def discord_takes_posts_after(seconds: float) -> None:
        await asyncio.sleep(seconds)
        await retried(discord, clock)

    async def alices_move() -> Reply:
        return await discord.slash(alice, "tink move", {"move": "S a1"})

    _, moved = await asyncio.gather(discord_takes_posts_after(2.0), alices_move())
    assert moved.ephemeral and moved.content == str(AFTER_EARLIER_POSTS)
    assert moved.response.body["data"]["flags"] & 64, "deferred privately"
    await bot_done(discord)
    await retried(discord, clock)
    first_lines = [r.content.splitlines()[0] for r in posted(discord)]
    assert [line.split("`")[1] for line in first_lines][:2] == [
        (await storage_of(discord).actions(1))[1].action,
        "S a1",
    ]


async def test_a_reply_discord_did_not_take_goes_in_the_channel_before_the_bots_answer(
    discord: DiscordHarness, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    alice = await against_the_bot(discord)
    with (
        discord.outage(DROPPED, kinds={Kind.RESPONSE}, interactions_too=True),
        caplog.at_level(logging.WARNING, logger="bot.discord_ui.tree"),
    ):
        await discord.slash(alice, "tink move", {"move": "S d4"})
        await bot_done(discord)
    assert "could not answer interaction" in caplog.text, "the apology failed, logged"
    assert posted(discord) == []
    await retried(discord, clock)
    first_lines = [r.content.splitlines()[0] for r in posted(discord)]
    assert len(first_lines) == 2
    assert first_lines[0].startswith("**alice** played `S d4`")
    assert first_lines[1].startswith(f"**{BOT} (easy)** played `")
    assert await backlog(discord) == 0


async def test_a_channel_that_refuses_the_bot_is_told_elsewhere_until_it_lets_it_post(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice = await against_the_bot(discord)
    discord.set_permissions(discord.me, discord.channel, send_messages=False)
    invalid = INVALID_REQUESTS.labels(status="403")
    counted = invalid._value.get()
    await discord.slash(alice, "tink move", {"move": "S d4"})
    await bot_done(discord)
    refused = [r for r in discord.requests if r.kind is Kind.SEND and r.status == 403]
    assert len(refused) == 1
    assert invalid._value.get() == counted + 1
    (told,) = posted(discord, alice)
    assert told.content.startswith(f"**{BOT} (easy)** played `")
    assert await backlog(discord) == 0
    moved = await discord.slash(alice, "tink move", {"move": "S a1"})
    assert missed(moved) == [f"Meanwhile: {told.content.rsplit(chr(10), 1)[0]}"]
    await bot_done(discord)
    assert len([r for r in discord.requests if r.status == 403]) == 1, "not asked again"
    assert len(posted(discord, alice)) == 2
    discord.set_permissions(discord.me, discord.channel, send_messages=True)
    board = await discord.slash(alice, "tink board")
    (said,) = missed(board)
    assert said.startswith(f"Meanwhile: **{BOT} (easy)** played")
    await discord.slash(alice, "tink move", {"move": "S g7"})
    await bot_done(discord)
    (in_channel,) = posted(discord)
    assert in_channel.content.startswith(f"**{BOT} (easy)** played `")
    assert len(posted(discord, alice)) == 2


async def test_a_move_announced_is_never_apologised_for_when_striking_it_off_fails(
    discord: DiscordHarness, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, _ = await begin_two(discord)
    began = len(posted(discord))
    announcements = storage_of(discord).announcements
    struck_off = announcements.announced

    async def disk_full(announcement_id: str) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(announcements, "announced", disk_full)
    moved = await discord.slash(first, "tink move", {"move": "S d4"})
    assert moved.content.startswith(f"**{first.name}** played `S d4`")
    assert not [m for m in moved.messages if m.ephemeral], "no apology"
    assert await backlog(discord) == 1
    monkeypatch.setattr(announcements, "announced", struck_off)
    await retried(discord, clock)
    assert await backlog(discord) == 0
    assert len(posted(discord)) == began, "struck off, not posted again"


def missed(reply: Reply) -> list[str]:
    """What a reply said the bot could not say in the channel."""
    return [m.content for m in reply.messages if m.content.startswith("Meanwhile: ")]


async def begin_two(discord: DiscordHarness) -> tuple[User, User]:
    """Alice and Bob start a Tink game: who moves first, and the other."""
    accepted = await begin(discord)
    alice, bob = discord.user("alice"), discord.user("bob")
    first = alice if "Your move, **alice**" in accepted.content else bob
    return first, bob if first == alice else alice


def test_sessions_wait_from_half_the_days_allowance_to_keep_a_tenth_spare() -> None:
    assert identify_wait(PACED_FROM - 1) == 0.0
    assert identify_wait(PACED_FROM) == DAY / (IDENTIFIES_A_DAY - KEPT_SPARE - PACED_FROM)
    assert identify_wait(IDENTIFIES_A_DAY - KEPT_SPARE - 1) == DAY
    assert identify_wait(IDENTIFIES_A_DAY) == DAY


async def test_gateway_sessions_are_counted_across_restarts_and_paced(
    discord: DiscordHarness, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    storage = storage_of(discord)
    await discord.run(discord.client.before_identify_hook(0, initial=True))  # type: ignore[attr-defined]
    assert await storage.count_rows("identifies") == 1
    for n in range(PACED_FROM - 2):
        await storage.identifies.note(0, clock.now - HOUR + n, clock.now - DAY)
    budget = discord.client.service.identifies  # type: ignore[attr-defined]
    with caplog.at_level(logging.WARNING, logger="bot.runtime.identifies"):
        assert await budget.wait(1) > 0.0
    assert f"{PACED_FROM} gateway sessions opened in the last day" in caplog.text
    clock.now += DAY + 1
    assert await budget.wait(0) == 0.0, "a day later the count starts again"
    assert await storage.count_rows("identifies") == 1


async def test_a_post_discord_refuses_as_it_is_is_logged_and_not_sent_again(
    discord: DiscordHarness, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    alice = await against_the_bot(discord)
    invalid = {"status": 400, "code": 50035, "message": "Invalid Form Body"}
    discord.stub("POST", "/channels/{channel_id}/messages", **invalid)  # type: ignore[arg-type]
    with caplog.at_level(logging.ERROR, logger="bot.discord_ui.courier"):
        await discord.slash(alice, "tink move", {"move": "S d4"})
        await bot_done(discord)
    assert "Discord refuses game 1's post as it is" in caplog.text
    assert await backlog(discord) == 0
    tried = len([r for r in discord.requests if r.kind is Kind.SEND])
    await retried(discord, clock)
    assert len([r for r in discord.requests if r.kind is Kind.SEND]) == tried


async def test_a_vacation_day_told_during_an_outage_is_told_after_it(
    alices_day: DiscordHarness,  # noqa: F811 (the fixture imported above)
    clock: Clock,
) -> None:
    discord = alices_day
    clock.now = START + DAY
    with discord.outage(503, kinds={Kind.SEND}) as failing:
        await discord.run(scheduler_of(discord).run_due())
    assert failing.failed >= 1 and await backlog(discord) == 1
    await retried(discord, clock)
    told = [r for r in discord.requests if r.status == 200 and "vacation day was used" in r.content]
    assert len(told) == 1 and told[0].params["channel_id"] == str(
        discord.dm(discord.user("alice")).id
    )
    assert await backlog(discord) == 0


async def test_a_ping_held_by_quiet_hours_and_refused_for_a_while_is_sent_after(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice = discord.user("alice")
    await discord.slash(alice, "notify", QUIET)
    await begin(discord)
    clock.now = START + QUIET_ENDS
    with discord.outage(DROPPED, kinds={Kind.SEND}) as failing:
        await discord.run(scheduler_of(discord).run_due())
    assert failing.failed == 1 and await backlog(discord) == 1
    await retried(discord, clock)
    (pinged,) = [r for r in posted(discord) if "it is your move in" in r.content]
    assert [int(u) for u in pinged.allowed_mentions["users"]] == [alice.id]
    await retried(discord, clock)
    assert len([r for r in posted(discord) if "it is your move in" in r.content]) == 1
