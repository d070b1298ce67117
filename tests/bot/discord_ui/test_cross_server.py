"""Nothing acts across servers: every command and button that names a stored thing by
number, used by a moderator of another server with the number of this server's thing,
is refused in one sentence and changes nothing, exactly as a thing that does not exist."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from discord import AppCommandOptionType, app_commands

from bot.discord_ui.app import BUTTONS, PyramidBot
from tests.bot.harness import Channel, DiscordHarness, User
from tests.bot.support import SCRIPTS, Clock, new_bot

NO_TOURNAMENT = "There is no tournament #1 in this server."
NO_LONGER_WORKS = "This button no longer works."

COMMANDS_NAMING_BY_NUMBER = {
    ("tournament start", "number"): NO_TOURNAMENT,
    ("tournament cancel", "number"): NO_TOURNAMENT,
    ("tournament withdraw", "number"): NO_TOURNAMENT,
    ("tournament standings", "number"): NO_TOURNAMENT,
    **{
        (f"{game} {command}", "id"): (
            f"There is no {game.capitalize()} game #{{game}} in this server."
        )
        for game in SCRIPTS
        for command in ("history", "review")
    },
}
"""Every command option naming a stored thing by number, and what another server's
moderator is told when giving this server's number ({game}: the finished game's id)."""

BUTTONS_NAMING_BY_NUMBER = {
    "ChallengeButton": ("pyr:challenge:{challenge}:accept", "pyr:challenge:{challenge}:decline"),
    "OfferButton": ("pyr:draw:{offer}:yes", "pyr:draw:{offer}:no", "pyr:undo:{offer}:yes"),
    "GameButton": ("pyr:resign:{offer}:{mallory}", "pyr:replay:{game}", "pyr:claim:{offer}"),
    "EntryButton": ("pyr:tournament:1:join", "pyr:tournament:1:leave"),
    "MoveButton": ("pyr:move:{offer}",),
    "ReviewButton": ("pyr:review:{game}",),
    "ActivityButton": ("pyr:activity:{game}",),
    "PickSelect": ("pyr:pick:{offer}:1",),
    "PickButton": (
        "pyr:pickx:play:{offer}:1:S d4",
        "pyr:pickx:back:{offer}:1:S ",
        "pyr:pickx:cancel:{offer}:1:",
    ),
    "AnswerSelect": ("pyr:pzpick:{game}:3",),
    "AnswerBack": ("pyr:pzback:{game}:3:S ",),
}
"""Every kind of button whose custom_id names a game or a tournament, with the custom_ids
that name this server's things."""


@pytest.fixture
async def discord(tmp_path: Path, clock: Clock) -> AsyncIterator[DiscordHarness]:
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as harness:
        yield harness


REMEMBERED = "SELECT * FROM user_settings WHERE dm_reminders != 0 OR quiet_zone IS NOT NULL"
"""People's settings of their own asking: the language their Discord speaks, which the
bot remembers from any interaction (for direct messages), is no change they asked for."""


def database_rows(tmp_path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the bot's SQLite file, read by a connection of its own
    (but for the languages remembered: see `REMEMBERED`)."""
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        read = {t: REMEMBERED if t == "user_settings" else f"SELECT * FROM {t}" for t in tables}
        found = {
            t: [row[:-1] if t == "user_settings" else row for row in db.execute(query)]
            for t, query in read.items()
        }
        return {t: sorted(rows, key=repr) for t, rows in found.items()}


async def finished_game(discord: DiscordHarness, channel: Channel) -> int:
    """A Tink game played to its end in `channel`; its id."""
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob}, channel=channel)
    await discord.click(bob, challenge.message, "Accept")
    for ply, move in enumerate(SCRIPTS["tink"].moves):
        await discord.slash((alice, bob)[ply % 2], "tink move", {"move": move}, channel=channel)
    return await game_in(discord, channel)


async def game_in(discord: DiscordHarness, channel: Channel) -> int:
    record = await host(discord).games.latest(channel.id, "tink")
    return int(record.id)


def host(discord: DiscordHarness) -> Any:
    assert isinstance(discord.client, PyramidBot)
    return discord.client.host


async def this_servers_things(discord: DiscordHarness) -> dict[str, int]:
    """In the test server: tournament #1 with two players, a finished game, an open
    challenge and a game with a draw offer waiting; their numbers."""
    owner, alice, bob = discord.user("owner"), discord.user("alice"), discord.user("bob")
    announcement = await discord.slash(owner, "tournament create tink", {"format": "swiss"})
    for player in (alice, bob):
        await discord.click(player, announcement.message, "Join")
    game = await finished_game(discord, discord.text_channel("finished"))
    challenged = discord.text_channel("challenge")
    await discord.slash(alice, "tink start", {"opponent": bob}, channel=challenged)
    offered = discord.text_channel("offer")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob}, channel=offered)
    await discord.click(bob, challenge.message, "Accept")
    await discord.slash(alice, "tink draw", channel=offered)
    return {
        "game": game,
        "challenge": await game_in(discord, challenged),
        "offer": await game_in(discord, offered),
    }


def other_server(discord: DiscordHarness) -> tuple[User, Channel]:
    """Another server, owned (so moderated in every way) by mallory; its channel."""
    mallory = discord.user("mallory")
    guild = discord.new_guild("Elsewhere", owner=mallory)
    return mallory, discord.text_channel("elsewhere", guild=guild)


async def test_another_servers_moderator_cannot_act_on_this_servers_things(
    discord: DiscordHarness, tmp_path: Path
) -> None:
    numbers = await this_servers_things(discord)
    mallory, elsewhere = other_server(discord)
    await discord.client.service.settled()  # type: ignore[attr-defined]
    await host(discord).games.newest_in(elsewhere.id)  # read after every write queued so far
    before = database_rows(tmp_path)
    for (command, option), refusal in COMMANDS_NAMING_BY_NUMBER.items():
        number = 1 if option == "number" else numbers["game"]
        answered = await discord.slash(mallory, command, {option: number}, channel=elsewhere)
        assert answered.ephemeral, command
        assert answered.content == refusal.format(**numbers), command
    own = await discord.slash(mallory, "tournaments", channel=elsewhere)
    for custom_ids in BUTTONS_NAMING_BY_NUMBER.values():
        for custom_id in custom_ids:
            forged = custom_id.format(mallory=mallory.id, **numbers)
            pressed = await discord.click(mallory, own.message, custom_id=forged, forged=True)
            assert pressed.ephemeral and pressed.content == NO_LONGER_WORKS, forged
    assert database_rows(tmp_path) == before


async def test_tournaments_are_numbered_in_each_server_and_act_only_there(
    discord: DiscordHarness, tmp_path: Path
) -> None:
    await this_servers_things(discord)
    mallory, elsewhere = other_server(discord)
    theirs = await discord.slash(
        mallory, "tournament create tink", {"format": "swiss"}, channel=elsewhere
    )
    assert "Tournament #1: Tink Swiss" in theirs.content
    for player in (mallory, discord.user("eve")):
        await discord.click(player, theirs.message, "Join")
    started = await discord.slash(mallory, "tournament start", {"number": 1}, channel=elsewhere)
    assert any("Tournament #1 has begun" in m.content for m in started.messages)
    ours = await discord.slash(discord.user("bob"), "tournaments")
    assert "#1 Tink Swiss: open, 2 players" in ours.content
    standings = await discord.slash(mallory, "tournament standings", channel=elsewhere)
    assert "mallory" in standings.content and "alice" not in standings.content


async def test_every_command_naming_a_thing_by_number_is_in_the_table(
    discord: DiscordHarness,
) -> None:
    naming = {
        (command.qualified_name, parameter.display_name)
        for command in discord.tree.walk_commands()
        if isinstance(command, app_commands.Command)
        for parameter in command.parameters
        if parameter.type is AppCommandOptionType.integer
        and re.search(r"\bnumber\b", parameter.description)
    }
    assert naming == set(COMMANDS_NAMING_BY_NUMBER)


def test_every_button_naming_a_thing_by_number_is_in_the_table() -> None:
    naming = {
        item.__name__
        for item in BUTTONS
        if re.search(r"\(\?P<(?!page>)\w+>\\d", item.__discord_ui_compiled_template__.pattern)
    }
    assert naming == set(BUTTONS_NAMING_BY_NUMBER)


async def test_a_claim_pressed_again_after_the_win_was_claimed_is_answered(
    discord: DiscordHarness, clock: Clock
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await discord.slash(discord.user("owner"), "gamehost settings", {"timeout": "claim"})
    challenge = await discord.slash(alice, "tink start", {"opponent": bob, "time_limit": "12h"})
    await discord.click(bob, challenge.message, "Accept")
    clock.now += 13 * 3600
    ran_out = await discord.run(discord.client.scheduler.run_due())  # type: ignore[attr-defined]
    (post,) = [m for m in ran_out.messages if m.buttons]
    custom_id = post.button("Claim win").custom_id
    await discord.click(bob, post, "Claim win")
    again = await discord.click(bob, post, custom_id=custom_id, forged=True)
    assert again.ephemeral and again.content == NO_LONGER_WORKS
    unclaimable = await discord.click(bob, challenge.message, custom_id=custom_id, forged=True)
    assert unclaimable.ephemeral and unclaimable.content == NO_LONGER_WORKS
