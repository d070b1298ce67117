"""Correspondence clocks end to end through discord.py, on a clock the tests move: banks
with an increment and a cap, time-outs that lose or that the others claim, pauses agreed
and resumed, gifts of time, and restarts in the middle of each."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

import engine
import render
from bot.play.clocks.clock import DAY, HOUR
from bot.play.playing.endings import Endings
from bot.play.table.outbox import OWED_AFTER
from bot.play.words.pictures import picture_words
from bot.storage import Status
from tests.bot.discord_ui.test_crash_and_load import DyingDrawing, Killed
from tests.bot.discord_ui.test_slow_game_commands import START, begin, later, scheduler_of, sent
from tests.bot.harness import DiscordHarness, Reply, SentMessage, User
from tests.bot.support import Clock, new_bot

PICTURE_WORDS = picture_words("en")


@pytest.fixture
async def discord(tmp_path: Path, clock: Clock) -> AsyncIterator[DiscordHarness]:
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as harness:
        yield harness


def time_outs(reply: Reply) -> list[str]:
    """What the scheduler posted about time running out (not its reminders)."""
    return [m.content for m in sent(reply) if "ran out of time" in m.content]


def at(seconds: float) -> str:
    """A moment `seconds` after the start, as Discord shows it: a date and time."""
    return f"<t:{int(START + seconds)}:f>"


async def move(discord: DiscordHarness, user: User) -> Reply:
    """The user plays the first legal move offered."""
    (first, *_) = await discord.autocomplete(user, "tink move", "move", {"move": ""})
    return await discord.slash(user, "tink move", {"move": first.value})


async def status(discord: DiscordHarness) -> Status:
    record = await discord.client.host.storage.game(1)  # type: ignore[attr-defined]
    assert record is not None
    return Status(record.status)


@pytest.fixture
async def alices_day(tmp_path: Path, clock: Clock) -> AsyncIterator[DiscordHarness]:
    """The bot as `python -m bot` builds it with one vacation day a year: a 1d game where
    alice moves first (the first time a player's time would run out, their clock waits
    a day)."""
    async with DiscordHarness(new_bot(tmp_path, clock=clock, vacation_days=1)) as harness:
        await begin(harness, time_limit="1d")
        yield harness


async def days_taken(discord: DiscordHarness, name: str) -> list[tuple[float, float]]:
    """The vacation days a player has had, as stored."""
    clocks = discord.client.host.storage.clocks  # type: ignore[attr-defined]
    taken = await clocks.vacations(discord.user(name).id, 0.0)
    return [(v.started_at, v.ends_at) for v in taken]


async def claim_mode(discord: DiscordHarness) -> None:
    await discord.slash(discord.user("owner"), "gamehost settings", {"timeout": "claim"})


async def run_out_in_claim_mode(discord: DiscordHarness, clock: Clock) -> SentMessage:
    """A 12h game on a claim server, its first turn run out an hour ago: the post asking
    for the claim."""
    await claim_mode(discord)
    await begin(discord, time_limit="12h")
    (post,) = sent(await later(discord, clock, 13 * HOUR))
    return post


async def test_a_bank_gains_its_increment_after_each_move_and_stops_at_its_cap(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    started = await begin(discord, time_limit="2d+1d/3d")
    assert f"Your move, **alice**. Time runs out {at(2 * DAY)}. bob has 2 days left." in (
        started.messages[-1].content
    )
    clock.now = START + HOUR
    moved = await move(discord, alice)
    assert f"Time runs out {at(HOUR + 2 * DAY)}. alice has 2 days 23 hours left." in moved.content
    record = await discord.client.host.storage.game(1)  # type: ignore[attr-defined]
    game = engine.load_game(record.state)
    assert moved.png() == render.board_png(
        game, record.names, PICTURE_WORDS, clocks=["2d 23h", "2d"]
    )
    clock.now = START + 2 * HOUR
    await move(discord, bob)
    moved = await move(discord, alice)
    assert "alice has 3 days left." in moved.content
    assert f"Time runs out {at(2 * HOUR + 2 * DAY + 23 * HOUR)}." in moved.content


async def test_in_claim_mode_the_others_claim_the_win_of_a_late_player(
    discord: DiscordHarness, clock: Clock
) -> None:
    bob = discord.user("bob")
    await claim_mode(discord)
    await begin(discord, time_limit="12h")
    (post,) = sent(await later(discord, clock, 12 * HOUR))
    assert post.content.startswith(
        "**alice** ran out of time. bob may claim the win (until then, alice may still move)."
    )
    assert [b.label for b in post.buttons] == ["Claim win"]
    assert await status(discord) is Status.ACTIVE
    assert time_outs(await later(discord, clock, 2 * DAY)) == []
    claimed = await discord.click(bob, post, "Claim win")
    assert claimed.messages[-1].content.startswith(
        "**bob** claimed the win on time.\n**bob** wins: time ran out."
    )
    assert await status(discord) is Status.FINISHED


MESSAGE_EDIT = "/channels/{channel_id}/messages/{message_id}"


def claim_disabled(message: SentMessage) -> bool:
    """Whether the message's one button, Claim win, is disabled."""
    (button,) = message.buttons
    assert button.label == "Claim win"
    return button.disabled


async def test_in_claim_mode_a_late_move_stands_until_someone_claims(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice = discord.user("alice")
    post = await run_out_in_claim_mode(discord, clock)
    moved = await move(discord, alice)
    board, claim = moved.messages
    assert f"Your move, **bob**. Time runs out {at(13 * HOUR + 12 * HOUR)}." in board.content
    assert claim.id == post.id and claim.content == post.content
    assert claim_disabled(post)
    assert await status(discord) is Status.ACTIVE


async def test_a_resignation_disables_the_claim_it_makes_moot(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice = discord.user("alice")
    post = await run_out_in_claim_mode(discord, clock)
    confirm = await discord.slash(alice, "tink resign")
    await discord.click(alice, confirm, "Resign")
    assert claim_disabled(post)
    assert await status(discord) is Status.FINISHED


async def test_a_late_move_saved_before_the_claim_is_noted_disables_it_at_once(
    discord: DiscordHarness, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race is made to happen: the late move is saved between the post asking for
    the claim and the noting of its message."""
    alice = discord.user("alice")
    host = discord.client.host  # type: ignore[attr-defined]
    note = Endings.note_claim_message

    async def late_move_first(self: Endings, game_id: int, message_id: int) -> bool:
        await host.moves.move(discord.channel.id, "tink", alice.id, "S d4")
        return await note(self, game_id, message_id)

    monkeypatch.setattr(Endings, "note_claim_message", late_move_first)
    post = await run_out_in_claim_mode(discord, clock)
    assert claim_disabled(post)
    assert await status(discord) is Status.ACTIVE


def claim_edits(reply: Reply) -> list[tuple[str, int]]:
    """The edits of a message's buttons a reply made: the message's id, Discord's answer."""
    return [
        (r.params["message_id"], r.status)
        for r in reply.requests
        if (r.method, r.path) == ("PATCH", MESSAGE_EDIT)
    ]


async def test_a_claim_the_bot_cannot_disable_is_refused_when_pressed_after_a_late_move(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    post = await run_out_in_claim_mode(discord, clock)
    discord.stub("PATCH", MESSAGE_EDIT, status=403, code=50013, message="Missing Permissions")
    moved = await move(discord, alice)
    assert claim_edits(moved) == [(str(post.id), 403)]
    assert "Your move, **bob**." in moved.messages[0].content
    assert not claim_disabled(post)
    too_late = await discord.click(bob, post, "Claim win")
    assert too_late.ephemeral
    assert too_late.content == "There is no win to claim: the late move came first."
    assert await status(discord) is Status.ACTIVE
    actions = await discord.client.host.storage.actions(1)  # type: ignore[attr-defined]
    assert len(actions) == 1 and "forfeit" not in actions[0].action


async def test_a_late_move_after_a_restart_disables_the_claim_posted_before(
    tmp_path: Path, clock: Clock
) -> None:
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as first:
        first.user("alice"), first.user("bob")  # the ids the restarted harness gives them
        post = await run_out_in_claim_mode(first, clock)
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as second:
        alice, bob = second.user("alice"), second.user("bob")
        moved = await move(second, alice)
        assert "Your move, **bob**." in moved.messages[0].content
        assert claim_edits(moved) == [(str(post.id), 404)], "deleted: the move stands"
        assert await status(second) is Status.ACTIVE
        assert claim_edits(await move(second, bob)) == []


async def test_a_claim_racing_a_late_move_lets_exactly_one_win(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    post = await run_out_in_claim_mode(discord, clock)
    (first, *_) = await discord.autocomplete(alice, "tink move", "move", {"move": ""})
    claimed, moved = await asyncio.gather(
        discord.click(bob, post, "Claim win"),
        discord.slash(alice, "tink move", {"move": first.value}),
    )
    actions = await discord.client.host.storage.actions(1)  # type: ignore[attr-defined]
    if await status(discord) is Status.FINISHED:
        assert moved.ephemeral and not claimed.ephemeral
        assert moved.content in (
            "Tink #1 ended meanwhile. **bob** wins: time ran out.",  # the move read it first
            "The last game here is over; start a new one with `/tink start`.",  # or after
        )
        assert "forfeit" in actions[-1].action
    else:
        assert claimed.ephemeral and not moved.ephemeral
        assert [a.action for a in actions] == [first.value]


async def test_a_restart_during_a_claim_keeps_the_claim_open(tmp_path: Path, clock: Clock) -> None:
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as first:
        await claim_mode(first)
        await begin(first, time_limit="1d")
    clock.now = START + 2 * DAY
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as second:
        (announced,) = second.messages_in()
        assert announced.content.startswith("**alice** ran out of time while the bot was offline.")
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as third:
        assert third.messages_in() == []
        bob = third.user("bob")
        reply = await third.slash(bob, "tink board")
        assert "Time ran out: the others may claim the win." in reply.content


async def test_a_pause_agreed_stops_the_clocks_until_a_player_resumes(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord, time_limit="1d")
    clock.now = START + HOUR
    offer = await discord.slash(alice, "tink pause")
    assert offer.content.startswith(
        "**alice** offers to pause the game, stopping the clocks. bob: do you agree?"
    )
    agreed = await discord.click(bob, offer.message, "Agree")
    assert agreed.messages[-1].content == (
        "The clocks are stopped; any player may start them again with `/tink resume`."
    )
    assert sent(await later(discord, clock, 5 * DAY)) == []
    board = await discord.slash(bob, "tink board")
    assert "Your move, **alice**. The clocks are stopped." in board.content
    again = await discord.slash(bob, "tink pause")
    assert again.ephemeral and again.content.startswith("The clocks are already stopped")
    resumed = await discord.slash(bob, "tink resume")
    assert resumed.content.startswith(
        f"**bob** started the clocks again.\nYour move, **alice**. Time runs out "
        f"{at(5 * DAY + 23 * HOUR)}."
    )
    (warning,) = sent(await later(discord, clock, 5 * DAY + 23 * HOUR - 1))
    assert warning.content.startswith("**alice**, a quarter of your time is left")
    (out,) = sent(await later(discord, clock, 5 * DAY + 23 * HOUR))
    assert out.content.startswith("**alice** ran out of time.")


async def board_picture(discord: DiscordHarness, clocks: Sequence[str | None]) -> bytes:
    """The board picture of game 1 as it stands, with these clock texts."""
    record = await discord.client.host.storage.game(1)  # type: ignore[attr-defined]
    return render.board_png(
        engine.load_game(record.state), record.names, PICTURE_WORDS, clocks=clocks
    )


async def test_the_board_picture_says_the_clocks_are_stopped_while_paused(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord, time_limit="2d+1d")
    clock.now = START + HOUR
    offer = await discord.slash(alice, "tink pause")
    await discord.click(bob, offer.message, "Agree")
    clock.now = START + 3 * DAY
    paused = ["1d 23h (paused)", "2d (paused)"]
    assert (await discord.slash(bob, "tink board")).png() == await board_picture(discord, paused)
    await discord.slash(bob, "tink resume")
    clock.now = START + 3 * DAY + HOUR
    running = ["1d 22h", "2d"]
    assert (await discord.slash(bob, "tink board")).png() == await board_picture(discord, running)


async def test_a_restart_during_a_pause_keeps_the_clocks_stopped(
    tmp_path: Path, clock: Clock
) -> None:
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as first:
        alice, bob = first.user("alice"), first.user("bob")
        await begin(first, time_limit="1d")
        offer = await first.slash(alice, "tink pause")
        await first.click(bob, offer.message, "Agree")
    clock.now = START + 3 * DAY
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as second:
        assert second.messages_in() == []
        resumed = await second.slash(second.user("alice"), "tink resume")
        assert f"Time runs out {at(4 * DAY)}." in resumed.content


async def test_a_gift_of_time_is_said_in_the_channel_and_moves_the_deadline(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord, time_limit="2d+1d")
    clock.now = START + HOUR
    gift = await discord.slash(bob, "tink give_time", {"player": alice, "amount": "1d"})
    assert not gift.ephemeral
    assert gift.content.startswith("**bob** gives 1 day to **alice**, who now has 2 days 23 hours.")
    assert time_outs(await later(discord, clock, 3 * DAY - 1)) == []
    (out,) = time_outs(await later(discord, clock, 3 * DAY))
    assert out.startswith("**alice** ran out of time.")


async def test_gifts_that_cannot_be_are_refused_in_one_sentence(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord, time_limit="1d")
    to_self = await discord.slash(alice, "tink give_time", {"player": alice, "amount": "1d"})
    assert to_self.ephemeral and to_self.content == "You cannot give time to yourself."
    per_move = await discord.slash(alice, "tink give_time", {"player": bob, "amount": "1d"})
    assert per_move.content == (
        "With a time per move, time can only be given to the player to move."
    )
    bad = await discord.slash(bob, "tink give_time", {"player": alice, "amount": "lots"})
    assert bad.ephemeral and bad.content.startswith("The time given must be a number")


async def test_an_automatic_vacation_day_puts_off_a_time_out(
    alices_day: DiscordHarness, clock: Clock
) -> None:
    discord = alices_day
    spared = await later(discord, clock, DAY)
    assert time_outs(spared) == []
    (told,) = sent(spared)
    assert "**alice**, your time in" in told.content and "a vacation day was used" in told.content
    assert await days_taken(discord, "alice") == [(START + DAY, START + 2 * DAY)]
    bob = discord.user("bob")
    board = await discord.slash(bob, "tink board")
    assert f"Your move, **alice**. Time runs out {at(2 * DAY)}." in board.content
    (out,) = time_outs(await later(discord, clock, 2 * DAY))
    assert out.startswith("**alice** ran out of time.")


async def test_a_restart_keeps_every_bank_and_gift(tmp_path: Path, clock: Clock) -> None:
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as first:
        alice, bob = first.user("alice"), first.user("bob")
        await begin(first, time_limit="2d+1d/3d")
        clock.now = START + HOUR
        await move(first, alice)
        await first.slash(alice, "tink give_time", {"player": bob, "amount": "12h"})
        before = (await first.slash(bob, "tink board")).content
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as second:
        after = (await second.slash(second.user("bob"), "tink board")).content
    assert after == before
    assert f"Your move, **bob**. Time runs out {at(HOUR + 2 * DAY + 12 * HOUR)}." in after
    assert "alice has 2 days 23 hours left." in after


async def test_a_turn_begun_during_a_pause_is_warned_once_the_clocks_run_again(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord, time_limit="1d")
    offer = await discord.slash(alice, "tink pause")
    await discord.click(bob, offer.message, "Agree")
    clock.now = START + HOUR
    moved = await move(discord, alice)
    assert "Your move, **bob**. The clocks are stopped." in moved.content
    assert sent(await later(discord, clock, 2 * HOUR)) == []
    await discord.slash(alice, "tink resume")
    assert sent(await later(discord, clock, 2 * HOUR + 18 * HOUR - 1)) == []
    (warning,) = sent(await later(discord, clock, 2 * HOUR + 18 * HOUR))
    assert warning.content.startswith("**bob**, a quarter of your time is left")


async def test_against_the_bot_alone_running_out_loses_even_in_claim_mode(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice = discord.user("alice")
    await claim_mode(discord)
    await discord.slash(alice, "tink start", {"ai": "easy", "time_limit": "12h"})
    (out,) = time_outs(await later(discord, clock, 12 * HOUR))
    assert out.startswith("**alice** ran out of time.\n")
    assert "wins: time ran out." in out
    assert await status(discord) is Status.FINISHED


async def test_a_take_back_gives_back_the_banks_as_the_restored_turn_began(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord, time_limit="2d+1h/3d")
    clock.now = START + 5 * HOUR
    await move(discord, alice)
    clock.now = START + 7 * HOUR
    await move(discord, bob)
    clock.now = START + 10 * HOUR
    moved = await move(discord, alice)
    assert "alice has 1 day 18 hours left." in moved.content
    clock.now = START + 12 * HOUR
    ask = await discord.slash(alice, "tink undo")
    agreed = await discord.click(bob, ask.message, "Agree")
    restored = agreed.messages[-1].content
    assert f"Your move, **alice**. Time runs out {at(12 * HOUR + DAY + 20 * HOUR)}." in restored
    assert "bob has 1 day 23 hours left." in restored
    record = await discord.client.host.storage.game(1)  # type: ignore[attr-defined]
    assert record.clock.banks == (DAY + 20 * HOUR, DAY + 23 * HOUR)


async def test_a_late_move_is_spared_by_a_vacation_day_as_a_time_out_is(
    alices_day: DiscordHarness, clock: Clock
) -> None:
    discord = alices_day
    clock.now = START + DAY + HOUR
    moved = await move(discord, discord.user("alice"))
    assert not moved.ephemeral
    assert "ran out of time" not in moved.content
    assert f"Your move, **bob**. Time runs out {at(2 * DAY + HOUR)}." in moved.content
    assert await days_taken(discord, "alice") == [(START + DAY, START + 2 * DAY)]
    assert await status(discord) is Status.ACTIVE
    (told,) = sent(moved)
    assert told.content.startswith("**alice**, your time in")
    assert "ran out, so a vacation day was used" in told.content
    assert told.id < moved.message.id, "the day is told before the move"
    clock.now = START + DAY + HOUR + OWED_AFTER
    assert sent(await discord.run(scheduler_of(discord).run_due())) == []
    clock.now = START + 3 * DAY + 2 * HOUR
    late = await move(discord, discord.user("bob"))
    assert late.content.startswith("**bob** ran out of time before moving.")
    assert await status(discord) is Status.FINISHED


async def test_the_board_picture_leaves_out_the_time_away_of_the_player_to_move(
    tmp_path: Path, clock: Clock
) -> None:
    async with DiscordHarness(new_bot(tmp_path, clock=clock, vacation_days=1)) as discord:
        alice, bob = discord.user("alice"), discord.user("bob")
        await discord.slash(alice, "vacation start", {"days": 1})
        await begin(discord, time_limit="2d+1d")
        clock.now = START + DAY + HOUR
        board = await discord.slash(bob, "tink board")
        assert f"Your move, **alice**. Time runs out {at(3 * DAY)}." in board.content
        record = await discord.client.host.storage.game(1)  # type: ignore[attr-defined]
        game = engine.load_game(record.state)
        assert board.png() == render.board_png(
            game, record.names, PICTURE_WORDS, clocks=["1d 23h", "2d"]
        )


async def test_a_move_announced_after_a_restart_shows_the_clocks_as_it_was_played(
    tmp_path: Path, clock: Clock
) -> None:
    drawing = DyingDrawing()
    async with DiscordHarness(new_bot(tmp_path, clock=clock, renderer=drawing)) as first:
        await begin(first, time_limit="2d+1d/3d")
        clock.now = START + HOUR
        drawing.dying = True
        with pytest.raises(Killed):
            await move(first, first.user("alice"))
    clock.now = START + 5 * HOUR
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as second:
        (announced,) = [m for m in second.messages_in() if "played" in m.content]
        record = await second.client.host.storage.game(1)  # type: ignore[attr-defined]
        game = engine.load_game(record.state)
        assert announced.png() == render.board_png(
            game, record.names, PICTURE_WORDS, clocks=["2d 23h", "2d"]
        )
