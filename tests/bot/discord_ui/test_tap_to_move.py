"""Tap to move: every game played to its end by taps alone (the turn post's Move button,
the picker's choices, Play), and the picker's refusals, Back and Cancel."""

from __future__ import annotations

import statistics

import pytest

from bot.discord_ui.picker_views import MOVED_ON
from tests.bot.harness import DiscordHarness
from tests.bot.support import SCRIPTS
from tests.bot.taps import game_by_taps, move_by_taps


@pytest.mark.parametrize("game", sorted(SCRIPTS))
async def test_a_whole_game_is_played_by_taps_alone(discord: DiscordHarness, game: str) -> None:
    """Quick random moves (wins taken), but in Bridge, whose random games wander: its
    scripted game."""
    script = SCRIPTS[game] if game == "bridge" else None
    taps = await game_by_taps(
        discord,
        game,
        seed=5,
        script=() if script is None else script.moves,
        options=None if script is None else script.options,
    )
    assert statistics.median(taps) <= 4
    assert max(taps) <= 6


async def test_only_the_player_to_move_may_open_the_picker(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob})
    turn_post = (await discord.click(bob, challenge.message, "Accept")).messages[-1]
    refused = await discord.click(bob, turn_post, "Move")
    assert refused.ephemeral and refused.content == "It is alice's turn."
    stranger = await discord.click(discord.user("carol"), turn_post, "Move")
    assert stranger.ephemeral and stranger.content == "You are not playing in this game."


async def test_back_cancel_and_a_picker_left_behind_by_the_game(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob})
    turn_post = (await discord.click(bob, challenge.message, "Accept")).messages[-1]
    opened = await discord.click(alice, turn_post, "Move")
    picker = opened.message
    assert [b.label for b in picker.buttons] == ["Back", "Cancel"]
    assert picker.button("Back").disabled
    (menu,) = [c for c in picker.components[0]["components"] if "options" in c]
    described = {option["value"]: option.get("description") for option in menu["options"]}
    assert described["S d4"] == "a small on d4"
    chosen = await discord.select(alice, picker, menu["custom_id"], ["S d4"])
    assert [b.label for b in chosen.message.buttons] == ["Back", "Cancel", "Play"]
    assert "`S d4`" in chosen.message.content
    back = await discord.click(alice, chosen.message, "Back")
    assert [b.label for b in back.message.buttons] == ["Back", "Cancel"]
    assert back.message.button("Back").disabled, "Back returns to the list picked from"
    (menu,) = [c for c in back.message.components[0]["components"] if "options" in c]
    assert len(menu["options"]) == len(described)
    cancelled = await discord.click(alice, back.message, "Cancel")
    assert cancelled.message.content == "No move played." and cancelled.message.buttons == []
    stale = (await discord.click(alice, turn_post, "Move")).message
    await discord.slash(bob, "tink draw")
    (menu,) = [c for c in stale.components[0]["components"] if "options" in c]
    afresh = await discord.select(alice, stale, menu["custom_id"], ["S d4"])
    assert afresh.message.content.startswith(str(MOVED_ON))
    assert "Play" not in [b.label for b in afresh.message.buttons]
    played, taps = await move_by_taps(discord, alice, turn_post, "S d4")
    (board,) = [m for m in played.messages if "alice** played `S d4`" in m.content]
    assert taps == 3 and [b.label for b in board.buttons] == ["Move"]
    refused = await discord.click(alice, board, "Move")
    assert refused.ephemeral and refused.content == "It is bob's turn."
