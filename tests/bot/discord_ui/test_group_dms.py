"""Play anywhere: a group DM the bot is not in, where the app installed to the players'
accounts may only answer their interactions. Every game is played there by taps, the AI's
moves come as follow-ups, and what needs a server says so in a sentence. The harness fails
any test in which the bot calls on the group DM's channel itself."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path
from types import MappingProxyType

import pytest

import ai
import engine
from bot.discord_ui.tree import SERVERS_ONLY
from bot.runtime.service import Service
from bot.workers.thinking import ThreadThinking
from tests.bot.discord_ui.test_slow_game_commands import START, later
from tests.bot.harness import Channel, DiscordHarness, Kind, Reply, User
from tests.bot.support import SCRIPTS, Clock, new_bot
from tests.bot.taps import game_by_taps, labels_of

BOT = "harness-bot"


@pytest.fixture(autouse=True)
def quick_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    for level in ai.LEVELS:
        quick = dataclasses.replace(ai.SETTINGS[level], iterations=MappingProxyType({"default": 4}))
        monkeypatch.setitem(ai.SETTINGS, level, quick)


@pytest.fixture
async def discord(tmp_path: Path, clock: Clock) -> AsyncIterator[DiscordHarness]:
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as harness:
        yield harness


def friends(discord: DiscordHarness) -> tuple[User, User, Channel]:
    alice, bob = discord.user("alice"), discord.user("bob")
    return alice, bob, discord.group_dm(alice, bob)


async def bot_done(discord: DiscordHarness) -> None:
    service = discord.client.service  # type: ignore[attr-defined]
    assert isinstance(service, Service)
    await discord.run(service.settled())


def pinged(reply: Reply) -> list[int]:
    return [int(u) for u in (reply.requests[-1].allowed_mentions or {}).get("users", [])]


@pytest.mark.parametrize("game", sorted(SCRIPTS))
async def test_a_whole_game_in_a_group_dm_is_played_by_taps(
    discord: DiscordHarness, game: str
) -> None:
    _, _, group = friends(discord)
    script = SCRIPTS[game] if game == "bridge" else None
    taps = await game_by_taps(
        discord,
        game,
        seed=5,
        script=() if script is None else script.moves,
        options=None if script is None else script.options,
        channel=group,
    )
    assert taps
    played = discord.messages_in(group)
    assert played and all(message.channel == group for message in played)
    assert not [r for r in discord.requests if r.kind in (Kind.SEND, Kind.TYPING)]
    rematch = await discord.click(discord.user("bob"), played[-1], "Rematch")
    offered = rematch.messages[-1]
    assert offered.channel == group and labels_of(offered) == ["Accept", "Decline"]
    again = await discord.click(discord.user("alice"), offered, "Accept")
    assert "Move" in labels_of(again.messages[-1])
    assert not [r for r in discord.requests if r.kind in (Kind.SEND, Kind.TYPING)]


async def test_each_move_pings_whoever_is_next_and_carries_their_move_button(
    discord: DiscordHarness,
) -> None:
    alice, bob, group = friends(discord)
    challenge = await discord.slash(alice, "tink start", {"opponent": bob}, channel=group)
    assert not challenge.ephemeral and labels_of(challenge.message) == ["Accept", "Decline"]
    begun = await discord.click(bob, challenge.message, "Accept")
    assert begun.requests[-1].kind is Kind.FOLLOWUP and pinged(begun) == [alice.id]
    moved = await discord.slash(alice, "tink move", {"move": "S d4"}, channel=group)
    assert moved.png().startswith(b"\x89PNG") and "Your move, **bob**." in moved.content
    assert pinged(moved) == [bob.id] and labels_of(moved.message) == ["Move"]


async def test_the_ai_answers_by_follow_up_while_the_token_lasts(
    discord: DiscordHarness,
) -> None:
    alice = discord.user("alice")
    solo = discord.group_dm(alice, discord.user("carol"))
    started = await discord.slash(alice, "tink start", {"opponent": discord.me}, channel=solo)
    assert started.content.startswith(f"Tink #1 begins: alice and {BOT} (medium).")
    before = len(discord.requests)
    await discord.slash(alice, "tink move", {"move": "S d4"}, channel=solo)
    await bot_done(discord)
    (answer,) = [r for r in discord.requests[before:] if r.kind is Kind.FOLLOWUP]
    assert answer.content.startswith(f"**{BOT} (medium)** played `")
    assert answer.message is not None and answer.message.channel == solo
    assert [b.label for b in answer.message.buttons] == ["Move"]
    assert [int(u) for u in (answer.allowed_mentions or {}).get("users", [])] == [alice.id]


class HeldThinker(ThreadThinking):
    """Plays the first legal move once the test lets it (`go`)."""

    def __init__(self) -> None:
        self.go = asyncio.Event()

    async def choose_move(self, state: str, level: str) -> str:
        await self.go.wait()
        return engine.load_game(state).legal_moves()[0]


async def test_the_ais_move_goes_by_dm_once_the_token_lapsed_and_is_said_on_the_next_answer(
    tmp_path: Path, clock: Clock
) -> None:
    thinker = HeldThinker()
    async with DiscordHarness(new_bot(tmp_path, clock=clock, thinker=thinker)) as discord:
        alice = discord.user("alice")
        solo = discord.group_dm(alice, discord.user("carol"))
        await discord.slash(alice, "tink start", {"opponent": discord.me}, channel=solo)
        await discord.slash(alice, "tink move", {"move": "S d4"}, channel=solo)
        clock.now = START + 20 * 60
        discord.clock = clock
        thinker.go.set()
        await bot_done(discord)
        (told,) = [r for r in discord.requests if r.kind is Kind.SEND]
        assert told.message is not None and told.message.channel == discord.dm(alice)
        assert told.content.startswith(f"**{BOT} (medium)** played `")
        board = await discord.slash(alice, "tink board", channel=solo)
        meanwhile = board.messages[-1]
        assert meanwhile.content.startswith(f"Meanwhile: **{BOT} (medium)** played `")
        assert meanwhile.channel == solo and not meanwhile.ephemeral
        again = await discord.slash(alice, "tink board", channel=solo)
        assert [m.content.startswith("Meanwhile") for m in again.messages] == [False]


async def test_a_reminder_whose_token_lapsed_goes_by_direct_message(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice, bob, group = friends(discord)
    challenge = await discord.slash(
        alice, "tink start", {"opponent": bob, "time_limit": "1d"}, channel=group
    )
    await discord.click(bob, challenge.message, "Accept")
    discord.clock = clock
    due = await later(discord, clock, 20 * 3600)
    (reminder,) = [r for r in due.of(Kind.SEND) if r.message is not None]
    assert reminder.message is not None and reminder.message.channel == discord.dm(alice)
    assert "tink" in reminder.content.lower()


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("tink start", {"thread": True}),
    ],
)
async def test_a_thread_needs_a_server_the_bot_is_in(
    discord: DiscordHarness, command: str, options: dict[str, object]
) -> None:
    alice, bob, group = friends(discord)
    refused = await discord.slash(alice, command, {"opponent": bob, **options}, channel=group)
    assert refused.ephemeral
    assert refused.content == "Games get their own thread only in servers I have been added to."


@pytest.mark.parametrize("command", ["tournaments", "games", "gamehost settings"])
async def test_a_servers_command_in_a_group_dm_gets_one_sentence(
    discord: DiscordHarness, command: str
) -> None:
    alice, _, group = friends(discord)
    reply = await discord.slash(alice, command, channel=group, forged=True)
    assert reply.ephemeral and reply.content == str(SERVERS_ONLY)


async def test_games_outside_servers_are_rated_in_the_direct_games_pool(
    discord: DiscordHarness,
) -> None:
    alice, bob, group = friends(discord)
    challenge = await discord.slash(alice, "tink start", {"opponent": bob}, channel=group)
    await discord.click(bob, challenge.message, "Accept")
    await discord.slash(alice, "tink move", {"move": "S d4"}, channel=group)
    await discord.slash(bob, "tink move", {"move": "S e5"}, channel=group)
    asked = await discord.slash(alice, "tink resign", channel=group)
    await discord.click(alice, asked, "Resign")
    board = await discord.slash(alice, "leaderboard", channel=group)
    assert board.embeds[0].title == "All games leaderboard: direct games"
    assert "alice" in (board.embeds[0].description or "")
    server = await discord.slash(alice, "leaderboard")
    assert "No rated games in this server yet" in (server.embeds[0].description or "")


async def test_in_a_dm_with_the_bot_it_posts_its_moves_itself(discord: DiscordHarness) -> None:
    alice = discord.user("alice")
    dm = discord.dm(alice)
    await discord.slash(alice, "tink start", {"opponent": discord.me}, channel=dm)
    await discord.slash(alice, "tink move", {"move": "S d4"}, channel=dm)
    await bot_done(discord)
    (moved,) = [r for r in discord.requests if r.kind is Kind.SEND]
    assert moved.params["channel_id"] == str(dm.id)
    assert moved.content.startswith(f"**{BOT} (medium)** played `")


async def test_a_game_in_a_server_the_bot_is_not_in_is_played_by_replies(
    discord: DiscordHarness,
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    elsewhere = discord.guild_without_bot("Friends", owner=alice)
    channel = discord.text_channel("games", guild=elsewhere)
    challenge = await discord.slash(alice, "tink start", {"opponent": bob}, channel=channel)
    begun = await discord.click(bob, challenge.message, "Accept")
    assert begun.requests[-1].kind is Kind.FOLLOWUP and pinged(begun) == [alice.id]
    moved = await discord.slash(alice, "tink move", {"move": "S d4"}, channel=channel)
    assert pinged(moved) == [bob.id] and labels_of(moved.message) == ["Move"]
    refused = await discord.slash(alice, "tournaments", channel=channel, forged=True)
    assert refused.ephemeral and refused.content == str(SERVERS_ONLY)
    offered = await discord.slash(bob, "tink draw", channel=channel)
    assert not offered.ephemeral and labels_of(offered.message) == ["Agree", "Decline"]
    assert not [r for r in discord.requests if r.kind in (Kind.SEND, Kind.TYPING)]
