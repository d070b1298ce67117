"""Nothing a user types breaks a reply: long input is quoted in short, names show as
written and ping no one, and numbers out of range are refused in a sentence."""

from __future__ import annotations

import dataclasses
import json
import logging
import re
from pathlib import Path

import discord as discord_py
import pytest

from bot.discord_ui.replies import (
    CHOICE_TEXT,
    EMBED_TOTAL,
    MESSAGE_LIMIT,
    choices,
    fitted_embed,
    message_kwargs,
)
from bot.play.table.values import Post, Refusal
from bot.play.words.text import say
from tests.bot.harness import DiscordHarness, Reply, SentMessage
from tests.bot.support import ALICE, BOB, new_bot

MARKDOWN_NAME = "**Bold** @everyone"
UNESCAPED_EVERYONE = re.compile(r"(?<!\\)@everyone")
SHOWN_NAME = r"\*\*Bold\*\* \@everyone"


def everything_sent(reply: Reply) -> list[str]:
    return [request.content for request in reply.requests if request.content]


def pings_no_group(reply: Reply) -> None:
    for request in reply.requests:
        mentions = request.allowed_mentions
        if request.content and mentions is not None:
            assert mentions.get("parse", []) == [], mentions
            assert "roles" not in mentions or mentions["roles"] == []


async def test_a_huge_move_is_refused_quoting_a_short_excerpt(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob})
    await discord.click(bob, challenge.message, "Accept")
    reply = await discord.slash(alice, "tink move", {"move": "S " + "x" * 5998})
    assert reply.ephemeral
    assert reply.content.startswith("You cannot play 'S xxxxx")
    assert len(reply.content) < 400
    assert "…" in reply.content


async def test_a_huge_time_limit_or_option_is_refused_in_one_short_sentence(
    discord: DiscordHarness,
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    reply = await discord.slash(alice, "tink start", {"opponent": bob, "time_limit": "9" * 6000})
    assert reply.ephemeral and len(reply.content) < 300
    assert reply.content.startswith("The time limit must be none, a time per move like 3d")
    folio = await discord.slash(
        alice, "folio start", {"opponent": bob, "grid": "fixed", "extras": "Q" * 6000}
    )
    assert folio.ephemeral and len(folio.content) <= 400, len(folio.content)


async def test_a_name_full_of_markdown_shows_as_written_and_pings_no_one(
    discord: DiscordHarness,
) -> None:
    bold, bob, carol = discord.user(MARKDOWN_NAME), discord.user("bob"), discord.user("carol")
    challenge = await discord.slash(bold, "tink start", {"opponent": bob})
    assert challenge.content.startswith(f"**{SHOWN_NAME}** challenges bob to Tink #1.")
    refused = await discord.click(carol, challenge.message, "Accept")
    assert refused.content == "Only bob can answer this challenge."
    accepted = await discord.click(bob, challenge.message, "Accept")
    begins = accepted.messages[-1].content
    assert f"begins: {SHOWN_NAME} and bob." in begins or f"begins: bob and {SHOWN_NAME}." in begins
    first = bold if f"Your move, **{SHOWN_NAME}**" in begins else bob
    second = bob if first == bold else bold
    moved = await discord.slash(first, "tink move", {"move": "S d4"})
    if first == bold:
        assert moved.content.startswith(f"**{SHOWN_NAME}** played `S d4`")
    else:
        assert f"Your move, **{SHOWN_NAME}**." in moved.content
    out_of_turn = await discord.slash(first, "tink move", {"move": "S e4"})
    assert out_of_turn.content == f"It is {SHOWN_NAME if second == bold else 'bob'}'s turn."
    games = await discord.slash(carol, "games")
    assert f"**{SHOWN_NAME if second == bold else 'bob'}** to move" in (
        games.embeds[0].description or ""
    )
    offer = await discord.slash(second, "tink draw")
    assert SHOWN_NAME in offer.content
    history = await discord.slash(carol, "tink history")
    assert f"1. {SHOWN_NAME if first == bold else 'bob'}: S d4" in history.content
    for reply in (challenge, accepted, moved, out_of_turn, games, offer, history):
        pings_no_group(reply)
        assert not any(UNESCAPED_EVERYONE.search(text) for text in everything_sent(reply))


async def test_numbers_out_of_range_are_refused_in_a_sentence(discord: DiscordHarness) -> None:
    alice = discord.user("alice")
    reply = await discord.slash(alice, "tink history", {"id": 2**53 - 1})
    assert reply.ephemeral
    assert reply.content == f"There is no Tink game #{2**53 - 1} in this server."
    board = await discord.slash(alice, "leaderboard", {"page": 100_000})
    assert (board.embeds[0].description or "").startswith("No rated games in this server yet")


async def test_an_id_beyond_what_a_database_holds_is_no_game(tmp_path: Path) -> None:
    async with DiscordHarness(new_bot(tmp_path)) as discord:
        history = discord.client.host.history  # type: ignore[attr-defined]
        with pytest.raises(Refusal, match="There is no Tink game"):
            await history.finished(discord.guild.id, 1, "tink", 2**63)
        record = await discord.client.host.games.by_id(2**70)  # type: ignore[attr-defined]
        assert record is None


def carrying(message: SentMessage, label: str, custom_id: str) -> SentMessage:
    """The message as a forged payload shows it: its button `label` carrying `custom_id`."""
    forged = json.loads(
        json.dumps(message.payload).replace(message.button(label).custom_id or "", custom_id)
    )
    return dataclasses.replace(message, payload=forged)


@pytest.mark.parametrize(
    "custom_id",
    [
        "pyr:challenge:" + "9" * 5000 + ":accept",
        "pyr:rules:" + "a" * 5000 + ":1:next",
        "pyr:resign:1:" + "7" * 90,
        "pyr:board:all:99999999:next",
        "pyr:tournament:1:join",
    ],
)
async def test_a_forged_or_unknown_button_no_longer_works(
    discord: DiscordHarness, custom_id: str, caplog: pytest.LogCaptureFixture
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob})
    forged = carrying(challenge.message, "Accept", custom_id)
    with caplog.at_level(logging.WARNING):
        pressed = await discord.click(bob, forged, custom_id=custom_id, forged=True)
    assert pressed.ephemeral and pressed.content == "This button no longer works."
    assert caplog.records == []
    host = discord.client.host  # type: ignore[attr-defined]
    assert (await host.storage.game(1)).status.is_open


async def test_a_button_of_a_game_in_another_channel_is_not_acted_on(
    discord: DiscordHarness,
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    elsewhere = discord.text_channel("elsewhere")
    other = await discord.slash(alice, "tink start", {"opponent": bob}, channel=elsewhere)
    here = await discord.slash(alice, "tink start", {"opponent": bob})
    other_accept = other.button("Accept").custom_id or ""
    forged = carrying(here.message, "Accept", other_accept)
    pressed = await discord.click(bob, forged, custom_id=other_accept, forged=True)
    assert pressed.ephemeral and pressed.content == "This button no longer works."
    storage = discord.client.host.storage  # type: ignore[attr-defined]
    assert [(await storage.game(n)).status.name for n in (1, 2)] == ["CHALLENGE", "CHALLENGE"]
    accepted = await discord.click(bob, other.message, "Accept")
    assert "begins" in accepted.messages[-1].content


def test_embeds_and_choices_are_held_to_discords_limits() -> None:
    embed = discord_py.Embed(title="t" * 300, description="d" * 5000)
    for _ in range(30):
        embed.add_field(name="n" * 300, value="v" * 2000)
    embed.set_footer(text="f" * 3000)
    fitted = fitted_embed(embed)
    assert len(fitted) <= EMBED_TOTAL
    assert len(fitted.title or "") <= 256 and len(fitted.description or "") <= 4096
    assert all(len(f.value or "") <= 1024 for f in fitted.fields)
    offered = choices((f"{i}: " + "w" * 200, f"S {i}") for i in range(40))
    assert len(offered) == 25 and all(len(c.name) <= CHOICE_TEXT for c in offered)
    assert choices([("long", "v" * 101)]) == []


def test_a_long_post_is_cut_to_fit_and_keeps_its_pings() -> None:
    kwargs = message_kwargs(Post(1, say("x" * 5000), pings=(ALICE.user_id, BOB.user_id)))
    assert len(kwargs["content"]) <= MESSAGE_LIMIT
    assert kwargs["content"].endswith(f"<@{ALICE.user_id}> <@{BOB.user_id}>")
