"""Slow games end to end through discord.py: time limits, reminders, restarts, game lists,
server settings, and quiet hours (move posts naming a quiet player without a ping, the
ping and reminders held until they end), on a clock the tests move."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.discord_ui.courier import DiscordCourier
from bot.discord_ui.views import NONCE_LENGTH
from bot.play.clocks.clock import DAY, HOUR
from bot.play.table.outbox import OWED_AFTER
from bot.play.table.values import Post
from bot.runtime.scheduler import Scheduler
from bot.storage import Status
from tests.bot.discord_ui.test_crash_and_load import Killed, restarted
from tests.bot.harness import DiscordHarness, HarnessError, Kind, Reply, SentMessage
from tests.bot.support import Clock, new_bot

START = Clock().now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def discord(tmp_path: Path, clock: Clock) -> AsyncIterator[DiscordHarness]:
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as harness:
        yield harness


def scheduler_of(discord: DiscordHarness) -> Scheduler:
    scheduler = discord.client.scheduler  # type: ignore[attr-defined]
    assert isinstance(scheduler, Scheduler)
    return scheduler


async def later(discord: DiscordHarness, clock: Clock, seconds: float) -> Reply:
    """Move the clock `seconds` past the start and run what fell due."""
    clock.now = START + seconds
    return await discord.run(scheduler_of(discord).run_due())


async def begin(discord: DiscordHarness, **options: object) -> Reply:
    """Alice challenges Bob, who accepts: the reply holds the first board."""
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob, **options})
    return await discord.click(bob, challenge.message, "Accept")


def sent(reply: Reply) -> list[SentMessage]:
    return [r.message for r in reply.of(Kind.SEND) if r.message is not None]


async def test_a_time_limit_is_shown_in_the_challenge_and_on_every_turn(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob, "time_limit": "3d"})
    assert "Time limit: 3d (3 days a move)." in challenge.content
    accepted = await discord.click(bob, challenge.message, "Accept")
    assert f"Time runs out <t:{int(START + 3 * DAY)}:f>." in accepted.messages[-1].content
    clock.now = START + HOUR
    moved = await discord.slash(alice, "tink move", {"move": "S d4"})
    assert f"Your move, **bob**. Time runs out <t:{int(START + HOUR + 3 * DAY)}:f>." in (
        moved.content
    )


async def test_an_unusable_time_limit_is_refused_in_one_sentence(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    reply = await discord.slash(alice, "tink start", {"opponent": bob, "time_limit": "soon"})
    assert reply.ephemeral
    assert reply.content == (
        "The time limit must be none, a time per move like 3d, or a bank like 5d+1d "
        "(5 days, 1 more a move) or 5d+1d/10d (capped at 10 days), not 'soon'."
    )
    assert discord.messages_in() == [reply.message]


async def test_the_time_limit_is_suggested_while_typing(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    options = {"opponent": bob, "time_limit": "1"}
    choices = await discord.autocomplete(alice, "tink start", "time_limit", options)
    assert [c.value for c in choices] == ["1h", "12h", "1d", "1d+12h", "14d+2d/21d"]
    choices = await discord.autocomplete(alice, "tink start", "time_limit", {"time_limit": "36h"})
    assert [c.value for c in choices] == ["36h"]
    choices = await discord.autocomplete(alice, "tink start", "time_limit", {"time_limit": "5d"})
    assert [(c.name, c.value) for c in choices] == [
        ("5d — 5 days a move", "5d"),
        ("5d+1d — 5 days, 1 day more a move", "5d+1d"),
        ("5d+1d/10d — 5 days, 1 day more a move, up to 10 days", "5d+1d/10d"),
    ]


async def test_running_out_of_time_is_announced_in_the_game_channel(
    discord: DiscordHarness, clock: Clock
) -> None:
    bob = discord.user("bob")
    await begin(discord, time_limit="12h")
    warning = await later(discord, clock, 9 * HOUR)
    (message,) = sent(warning)
    assert message.channel == discord.channel
    assert message.content.startswith("**alice**, a quarter of your time is left in [Tink #1](")
    assert (await later(discord, clock, 12 * HOUR - 1)).requests == []
    timed_out = await later(discord, clock, 12 * HOUR)
    (message,) = sent(timed_out)
    assert message.content.startswith("**alice** ran out of time.\n**bob** wins: time ran out.")
    (request,) = timed_out.of(Kind.SEND)
    assert request.body["enforce_nonce"] and len(request.body["nonce"]) == NONCE_LENGTH
    assert message.png().startswith(b"\x89PNG")
    assert [b.label for b in message.buttons] == ["Replay", "Review", "Rematch"]
    assert (await later(discord, clock, 2 * DAY)).requests == []
    reply = await discord.slash(bob, "tink move", {"move": "S d4"})
    assert reply.content == "The last game here is over; start a new one with `/tink start`."


async def test_a_restart_with_a_deadline_pending_announces_the_late_forfeit_once(
    tmp_path: Path, clock: Clock
) -> None:
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as first:
        await begin(first, time_limit="1d")
    clock.now = START + 5 * DAY
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as second:
        (announced,) = second.messages_in()
        assert announced.content.startswith(
            "**alice** ran out of time while the bot was offline.\n**bob** wins"
        )
        record = await second.client.host.storage.game(1)  # type: ignore[attr-defined]
        assert record is not None and record.status is Status.FINISHED
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as third:
        assert third.messages_in() == []


async def test_an_idle_turn_is_nudged_once_by_dm_when_asked_or_else_in_the_channel(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice = discord.user("alice")
    notify = await discord.slash(alice, "notify", {"dm": "on"})
    assert notify.ephemeral and notify.content.startswith("Reminders come to you by direct message")
    await begin(discord)
    nudge = await later(discord, clock, DAY)
    (message,) = sent(nudge)
    assert message.channel == discord.dm(alice)
    assert message.content.startswith("Reminder, **alice**: it has been your move in [Tink #1](")
    assert (await later(discord, clock, 3 * DAY)).requests == []
    await discord.slash(alice, "tink move", {"move": "S d4"})
    await discord.slash(discord.user("bob"), "notify", {"dm": "on"})
    discord.stub("POST", "/users/@me/channels", status=403, code=50007, message="Cannot DM")
    fallback = await later(discord, clock, 4 * DAY)
    (message,) = sent(fallback)
    assert message.channel == discord.channel
    assert message.content.startswith("Reminder, **bob**")
    mentions = fallback.requests[-1].allowed_mentions or {}
    assert [int(u) for u in mentions["users"]] == [discord.user("bob").id]


@pytest.mark.parametrize("by_dm", [True, False])
async def test_a_reminder_cut_off_by_a_crash_is_sent_once_after_the_restart(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch, by_dm: bool
) -> None:
    async def killed_while_posting(self: DiscordCourier, place: int, post: Post) -> Any:
        raise Killed

    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as first:
        alice = first.user("alice")
        if by_dm:
            await first.slash(alice, "notify", {"dm": "on"})
        await begin(first)
        monkeypatch.setattr(
            DiscordCourier, "to_user" if by_dm else "to_channel", killed_while_posting
        )
        with pytest.raises(Killed):
            await later(first, clock, DAY)
        monkeypatch.undo()
    clock.now += OWED_AFTER
    async with restarted(first, new_bot(tmp_path, clock=clock)) as second:
        await second.run(scheduler_of(second).run_due())
        place = second.dm(second.user("alice")) if by_dm else second.channel
        (reminder,) = [m for m in second.messages_in(place) if m.content.startswith("Reminder")]
        assert reminder.content.startswith("Reminder, **alice**: it has been your move")
        assert (await later(second, clock, DAY + OWED_AFTER + HOUR)).requests == []


class GatewayNotReady(DiscordHarness):
    """A Discord whose gateway has not said READY yet (identifying shards takes seconds)."""

    async def _login(self) -> None:
        await self.client.login("harness-token")


async def test_due_work_is_done_before_the_gateway_is_ready(tmp_path: Path, clock: Clock) -> None:
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as first:
        await begin(first, time_limit="1h")
    clock.now = START + 2 * HOUR
    second = GatewayNotReady(new_bot(tmp_path, clock=clock))
    second.carry_over(first)
    async with second:
        assert not second.client.is_ready()
        for _ in range(200):
            if any("ran out of time" in m.content for m in second.messages_in()):
                break
            await asyncio.sleep(0.02)
        (out,) = [m for m in second.messages_in() if "ran out of time" in m.content]
        assert out.content.startswith("**alice** ran out of time while the bot was offline.")


async def test_games_lists_the_servers_games_and_mygames_yours_everywhere(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice, bob, carol = discord.user("alice"), discord.user("bob"), discord.user("carol")
    empty = await discord.slash(carol, "games")
    assert empty.embeds[0].description == "No game is being played here."
    first = await discord.slash(alice, "tink start", {"opponent": bob, "time_limit": "2d"})
    await discord.click(bob, first.message, "Accept")
    elsewhere = discord.text_channel("elsewhere")
    other = await discord.slash(carol, "tink start", {"opponent": alice}, channel=elsewhere)
    await discord.click(alice, other.message, "Accept")
    listed = await discord.slash(bob, "games")
    assert not listed.ephemeral
    (embed,) = listed.embeds
    link = f"https://discord.com/channels/{discord.guild.id}/{discord.channel.id}"
    assert embed.description == "\n".join(
        [
            f"[Tink #1]({link}/{first.message.id}): **alice** to move since "
            f"<t:{int(START)}:f>, time runs out <t:{int(START + 2 * DAY)}:f>",
            f"[Tink #2](https://discord.com/channels/{discord.guild.id}/{elsewhere.id}/"
            f"{other.message.id}): **carol** to move since <t:{int(START)}:f>",
        ]
    )
    mine = await discord.slash(alice, "mygames", channel=discord.dm(alice))
    assert mine.ephemeral
    assert mine.embeds[0].description.startswith("[Tink #1](")
    theirs = await discord.slash(bob, "mygames")
    assert theirs.embeds[0].description == "No game is waiting on you."


async def test_server_settings_need_manage_server_or_a_grant_and_shape_new_games(
    discord: DiscordHarness, clock: Clock
) -> None:
    owner, alice, bob = discord.user("owner"), discord.user("alice"), discord.user("bob")
    with pytest.raises(HarnessError, match="manage_guild"):
        await discord.slash(alice, "gamehost settings")
    shown = await discord.slash(owner, "gamehost settings")
    assert shown.ephemeral
    assert shown.content == (
        "Settings for this server:\nTime limit in new games: none\n"
        "When time runs out: the game is lost (out, with 3 or 4 players)\n"
        "Reminder when a turn has waited: 1 day\nNew games open a thread: no\n"
        "Games have pages on the web (Watch links): yes\n"
        "Winning moves shown as hints: in games against the bot only "
        "(games between people are rated)\n"
        "Language of posts: English, from the server's Discord settings\n"
        "Board inside Discord (Play in Discord on each turn): no, the bot serves no pages "
        "(its WEB_PORT is off)"
    )
    refused = await discord.slash(owner, "gamehost settings", {"reminder_delay": "2 seconds"})
    assert refused.ephemeral
    assert refused.content.startswith("The reminder delay must be none or a number of")
    discord.permit(bob, "gamehost")
    handed = await discord.slash(bob, "gamehost settings", {"time_limit": "3d"})
    assert handed.ephemeral and handed.content.startswith("Saved.")
    host = discord.client.host  # type: ignore[attr-defined]
    assert (await host.slow_games.settings(discord.guild.id)).time_limit == 3 * DAY
    saved = await discord.slash(
        owner,
        "gamehost settings",
        {
            **{"time_limit": "2d+1d", "reminder_delay": "none", "threads": True},
            **{"timeout": "claim", "pages": False, "hints": "every_game"},
        },
    )
    assert saved.content == (
        "Saved. Settings for this server:\n"
        "Time limit in new games: 2d+1d (2 days, 1 day more a move)\n"
        "When time runs out: the others may claim the win\n"
        "Reminder when a turn has waited: never\nNew games open a thread: yes\n"
        "Games have pages on the web (Watch links): no\n"
        "Winning moves shown as hints: in every game\n"
        "Language of posts: English, from the server's Discord settings\n"
        "Board inside Discord (Play in Discord on each turn): no, the bot serves no pages "
        "(its WEB_PORT is off)"
    )
    started = await discord.slash(alice, "tink start", {"opponent": bob})
    challenge = started.messages[-1]
    assert challenge.channel.parent == discord.channel
    assert "Time limit: 2d+1d (2 days, 1 day more a move)." in challenge.content
    await discord.click(bob, challenge, "Accept")
    assert [m.content for m in sent(await later(discord, clock, DAY))] == []
    unlimited = await discord.slash(
        alice, "folio start", {"opponent": bob, "time_limit": "none", "thread": False}
    )
    assert unlimited.message.channel == discord.channel
    assert "Time limit" not in unlimited.content


# -- quiet hours ---------------------------------------------------------------------

QUIET = {"quiet": "14:00-18:00", "timezone": "Europe/Berlin"}
"""START is 14:46 in Berlin (13:46 UTC, no daylight saving time in 1970)."""
QUIET_ENDS = 1_011_600.0 - START
"""Seconds from START to 18:00 in Berlin (17:00 UTC) that day."""


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
    assert nowhere.content == ("There is no time zone called 'Mars'; pick one like Europe/Berlin.")
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
