"""Buttons mean what they show: racing presses are each answered rightly, a confirmation
acts only for whom it was shown to, lapsed offers lose their buttons, slow presses defer."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord_ui import replies
from bot.storage import Status
from tests.bot.discord_ui.test_crash_and_load import begin
from tests.bot.harness import DiscordHarness, InteractionResponseType
from tests.bot.harness.discord_internals import views_kept
from tests.bot.taps import move_by_taps

STALE = "The board changed meanwhile; please try again."


async def status_of(discord: DiscordHarness, game_id: int) -> Status:
    record = await discord.client.host.storage.game(game_id)  # type: ignore[attr-defined]
    assert record is not None
    return record.status


async def test_two_invitees_accepting_at_once_both_count_and_the_game_begins(
    discord: DiscordHarness,
) -> None:
    alice, bob, carol = discord.user("alice"), discord.user("bob"), discord.user("carol")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob, "player3": carol})
    replies_ = await asyncio.gather(
        discord.click(bob, challenge.message, "Accept"),
        discord.click(carol, challenge.message, "Accept"),
    )
    assert not any(r.ephemeral for r in replies_)
    assert all(STALE not in text for r in replies_ for text in (m.content for m in r.messages))
    assert await status_of(discord, 1) is Status.ACTIVE
    assert sum("begins" in m.content for r in replies_ for m in r.messages) == 1


async def test_accept_and_decline_at_once_are_both_answered_and_nothing_stays_open(
    discord: DiscordHarness,
) -> None:
    alice, bob, carol = discord.user("alice"), discord.user("bob"), discord.user("carol")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob, "player3": carol})
    accepted, declined = await asyncio.gather(
        discord.click(bob, challenge.message, "Accept"),
        discord.click(carol, challenge.message, "Decline"),
    )
    assert STALE not in accepted.content and STALE not in declined.content
    assert await status_of(discord, 1) is Status.DECLINED
    assert "declined the challenge" in declined.message.content
    assert discord.messages_in()[0].buttons == []


async def test_a_double_pressed_accept_is_answered_twice_and_begins_once(
    discord: DiscordHarness,
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob})
    first, second = await asyncio.gather(
        discord.click(bob, challenge.message, "Accept"),
        discord.click(bob, challenge.message, "Accept"),
    )
    answered = sorted([first, second], key=lambda r: r.ephemeral)
    assert "begins" in answered[0].messages[-1].content
    assert answered[1].ephemeral
    assert answered[1].content == "This challenge is no longer open."


async def test_racing_agreements_to_an_offer_carry_it_out_once(discord: DiscordHarness) -> None:
    alice, bob, carol = discord.user("alice"), discord.user("bob"), discord.user("carol")
    challenge = await discord.slash(
        alice, "tink start", {"opponent": bob, "player3": carol, "order": "listed"}
    )
    await discord.click(bob, challenge.message, "Accept")
    await discord.click(carol, challenge.message, "Accept")
    offer = await discord.slash(alice, "tink draw")
    agreed = await asyncio.gather(
        discord.click(bob, offer.message, "Agree"), discord.click(carol, offer.message, "Agree")
    )
    assert not any(r.ephemeral for r in agreed)
    assert await status_of(discord, 1) is Status.FINISHED


async def test_a_resign_confirmation_acts_only_for_whom_it_was_shown_to(
    discord: DiscordHarness,
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob})
    await discord.click(bob, challenge.message, "Accept")
    confirm = await discord.slash(alice, "tink resign")
    forged = await discord.click(bob, confirm, "Resign", forged=True)
    assert forged.ephemeral
    assert forged.content == "Only the player who asked to resign can confirm it."
    assert await status_of(discord, 1) is Status.ACTIVE
    done = await discord.click(alice, confirm, "Resign")
    assert "**bob** wins: resignation." in done.messages[-1].content


async def test_a_move_disables_the_buttons_of_the_offer_it_ends(discord: DiscordHarness) -> None:
    mover, other = await begin(discord)
    offer = await discord.slash(other, "tink draw")
    assert [b.disabled for b in offer.message.buttons] == [False, False]
    moved = await discord.slash(mover, "tink move", {"move": "S d4"})
    assert [b.label for b in offer.message.buttons] == ["Agree", "Decline"]
    assert [b.disabled for b in offer.message.buttons] == [True, True]
    assert offer.message.content.startswith(f"**{other.name}** offers a draw.")
    assert any(r.message is offer.message for r in moved.requests)


async def test_buttons_work_while_the_bot_keeps_no_copy_of_any_message_sent(
    discord: DiscordHarness,
) -> None:
    mover, other = await begin(discord)
    turn_post = discord.messages_in()[-1]
    offer = await discord.slash(other, "tink draw")
    await discord.click(mover, offer.message, "Decline")
    played, _ = await move_by_taps(discord, mover, turn_post, "S d4")
    assert "S d4" in played.messages[-1].content
    played, _ = await move_by_taps(discord, other, played.messages[-1], "S a1")
    assert "S a1" in played.messages[-1].content
    confirm = await discord.slash(mover, "tink resign")
    resigned = await discord.click(mover, confirm, "Resign")
    assert "resign" in resigned.messages[-1].content
    assert views_kept(discord.client) == 0


async def test_a_resignation_disables_an_open_offer_too(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob})
    await discord.click(bob, challenge.message, "Accept")
    offer = await discord.slash(alice, "tink draw")
    confirm = await discord.slash(bob, "tink resign")
    await discord.click(bob, confirm, "Resign")
    assert [b.disabled for b in offer.message.buttons] == [True, True]


async def test_a_slow_button_is_deferred_then_its_message_edited(
    discord: DiscordHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob})
    monkeypatch.setattr(replies, "DEFER_AFTER", 0.0)
    accepted = await discord.click(bob, challenge.message, "Accept")
    assert accepted.response.response_type is InteractionResponseType.deferred_message_update
    assert challenge.message.content.endswith("Everyone accepted: the game is on.")
    assert challenge.message.buttons == []
    assert "begins" in accepted.messages[-1].content
    assert accepted.messages[-1].png().startswith(b"\x89PNG")
