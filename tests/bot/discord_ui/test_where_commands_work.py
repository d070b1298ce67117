"""Commands appear only where they work, and what discord.py refuses before a command runs
(a command used elsewhere, one the bot dropped, a value it cannot read, a permission the
bot lacks) is answered in one sentence and logged once, without a traceback."""

from __future__ import annotations

import logging

import pytest

from bot.discord_ui.tree import SERVERS_ONLY
from tests.bot.harness import Channel, DiscordHarness, HarnessError, Json, Kind, Reply, User

GUILD, BOT_DM, GROUP_DM = 0, 1, 2
GUILD_INSTALL, USER_INSTALL = 0, 1
EVERYWHERE_OF_A_PLAYER = {
    *("tink", "tingle", "folio", "bridge"),
    *("leaderboard", "stats", "mygames", "notify", "vacation", "puzzle"),
}


def registered(discord: DiscordHarness) -> list[Json]:
    (registration,) = [r for r in discord.requests if r.kind is Kind.COMMANDS]
    return list(registration.body)


def answered_alone(reply: Reply, sentence: str) -> None:
    assert [r.kind for r in reply.requests] == [Kind.RESPONSE]
    assert reply.ephemeral and reply.content == sentence


def refusals(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "bot.discord_ui.tree"]


async def test_every_command_declares_its_install_type_and_contexts(
    discord: DiscordHarness,
) -> None:
    commands = registered(discord)
    assert {c["name"] for c in commands} >= {"tink", "games", "leaderboard", "gamehost"}
    for command in commands:
        anywhere = command["name"] in EVERYWHERE_OF_A_PLAYER
        installs = [GUILD_INSTALL, USER_INSTALL] if anywhere else [GUILD_INSTALL]
        assert command["integration_types"] == installs, command["name"]
        expected = [GUILD, BOT_DM, GROUP_DM] if anywhere else [GUILD]
        assert command["contexts"] == expected, command["name"]


@pytest.mark.parametrize(
    "command",
    [
        *("games", "gamehost settings", "tournament standings", "tournaments"),
    ],
)
async def test_a_server_command_in_direct_messages_gets_one_sentence(
    discord: DiscordHarness, command: str, caplog: pytest.LogCaptureFixture
) -> None:
    alice = discord.user("alice")
    with pytest.raises(HarnessError, match="not offered in direct messages"):
        await discord.slash(alice, command, channel=discord.dm(alice))
    caplog.set_level(logging.INFO)
    reply = await discord.slash(alice, command, channel=discord.dm(alice), forged=True)
    answered_alone(reply, str(SERVERS_ONLY))
    (line,) = refusals(caplog)
    assert line.levelno == logging.INFO and line.exc_info is None


async def test_a_players_own_commands_work_in_direct_messages(discord: DiscordHarness) -> None:
    alice = discord.user("alice")
    mine = await discord.slash(alice, "mygames", channel=discord.dm(alice))
    assert mine.ephemeral and mine.embeds[0].title == "Your move"
    rules = await discord.slash(alice, "folio rules", channel=discord.dm(alice))
    assert rules.ephemeral and "Folio" in (rules.embeds[0].title or "")


async def test_a_command_the_bot_dropped_gets_one_sentence(
    discord: DiscordHarness, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    discord.tree.remove_command("games")
    reply = await discord.slash(discord.user("alice"), "games", forged=True)
    answered_alone(
        reply, "That command no longer exists; restart Discord to see the current commands."
    )
    (line,) = refusals(caplog)
    assert "refused games" in line.message and line.exc_info is None


async def test_an_option_discord_py_cannot_read_gets_one_sentence(
    discord: DiscordHarness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Someone no longer in the server comes as a user without a member: no Member to give."""
    caplog.set_level(logging.INFO)

    def user_only(user: User, channel: Channel, resolved: Json) -> Json:
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        return resolved

    monkeypatch.setattr(discord, "_resolve_user", user_only)
    reply = await discord.slash(
        discord.user("alice"), "tink start", {"opponent": discord.user("gone")}
    )
    answered_alone(reply, "I could not use that user; please choose it again from the list.")
    (line,) = refusals(caplog)
    assert line.levelno == logging.INFO and line.exc_info is None


@pytest.mark.parametrize(
    ("command", "options"), [("tink board", {}), ("tink history", {}), ("folio start", {})]
)
async def test_a_permission_the_bot_lacks_is_named(
    discord: DiscordHarness,
    command: str,
    options: Json,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    discord.set_permissions(discord.me, discord.channel, attach_files=False)
    reply = await discord.slash(discord.user("alice"), command, options)
    answered_alone(
        reply, "I need the Attach Files permission in this channel; ask a server admin to grant it."
    )
    (line,) = refusals(caplog)
    assert line.exc_info is None
