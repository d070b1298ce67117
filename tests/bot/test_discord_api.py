"""Every request the bot makes is held against Discord's description of API v10: one Discord
would refuse fails the test that made it, naming the field and the reason."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
import pytest
from discord import app_commands
from jsonschema import Draft202012Validator

from tests.bot.harness import DiscordHarness, InvalidRequest, Kind, SentFile
from tests.bot.harness.discord_api import (
    _body_validator,
    _description,
    _first_error,
    _reason,
    _registry,
    check_request,
)
from tests.bot.test_harness import ToyBot

API = "https://discord.com/api/v10"
CALLBACK = API + "/interactions/1/token/callback"
OpenHarness = Callable[..., Awaitable[DiscordHarness]]


@pytest.fixture
async def toy(open_harness: OpenHarness) -> DiscordHarness:
    return await open_harness(ToyBot())


async def lookup_beyond(
    interaction: discord.Interaction, id: app_commands.Range[int, 1, 9007199254740992]
) -> None:
    await interaction.response.send_message(f"Game {id}")


async def lookup_largest(
    interaction: discord.Interaction, id: app_commands.Range[int, 1, 9007199254740991]
) -> None:
    await interaction.response.send_message(f"Game {id}")


def _lookup(callback: Any) -> app_commands.Command[Any, ..., None]:
    return app_commands.Command(name="lookup", description="Look a game up", callback=callback)


async def test_registering_a_max_value_above_what_discord_allows_fails(toy: DiscordHarness) -> None:
    toy.tree.add_command(_lookup(lookup_beyond))
    with pytest.raises(InvalidRequest) as refused:
        await toy.run(toy.tree.sync())
    assert "PUT /applications/{application_id}/commands" in str(refused.value)
    assert "options[0].max_value: 9007199254740992 is greater than the maximum of " in str(
        refused.value
    )


async def test_registering_the_largest_max_value_discord_allows_passes(toy: DiscordHarness) -> None:
    toy.tree.add_command(_lookup(lookup_largest))
    reply = await toy.run(toy.tree.sync())
    (lookup,) = [c for c in reply.first(Kind.COMMANDS).body if c["name"] == "lookup"]
    assert lookup["options"][0]["max_value"] == 2**53 - 1


async def test_the_bot_registers_its_commands_as_discord_accepts(discord: DiscordHarness) -> None:
    registered = [r for r in discord.requests if r.kind is Kind.COMMANDS]
    assert len(registered) == 1 and len(registered[0].body) >= 4


async def test_a_reply_discord_would_refuse_fails_the_interaction(toy: DiscordHarness) -> None:
    @app_commands.command(description="Talk too much")
    async def ramble(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("a" * 2001)

    toy.tree.add_command(ramble)
    with pytest.raises(InvalidRequest, match=r"\$\.data\.content: 2001 long \(at most 2000\)"):
        await toy.slash(toy.user("alice"), "ramble")


async def test_a_rest_send_discord_would_refuse_fails(toy: DiscordHarness) -> None:
    bot = toy.client
    assert isinstance(bot, ToyBot)
    refused = r"POST /channels/\{channel_id\}/messages: \$\.content"
    with pytest.raises(InvalidRequest, match=refused):
        await toy.run(bot.announce(toy.channel.id, "a" * 2001))


def _command(**fields: Any) -> dict[str, Any]:
    return {"name": "toy", "description": "Toy commands", "type": 1} | fields


def _choices(count: int, size: int = 10) -> list[dict[str, str]]:
    return [{"name": f"{i:0{size}}", "value": f"{i:0{size}}"} for i in range(count)]


def _string_option(name: str, **fields: Any) -> dict[str, Any]:
    return {"type": 3, "name": name, "description": "d" * 100} | fields


def _message(**fields: Any) -> dict[str, Any]:
    return {"type": 4, "data": fields}


def _row(buttons: int, custom_id: str = "b") -> dict[str, Any]:
    button = {"type": 2, "style": 1, "label": "Go"}
    return {
        "type": 1,
        "components": [button | {"custom_id": f"{custom_id}{i}"} for i in range(buttons)],
    }


@pytest.mark.parametrize(
    ("method", "url", "body", "problem"),
    [
        ("GET", API + "/guilds/1/secrets", None, "has no path /guilds/1/secrets"),
        ("PUT", API + "/channels/1/messages", {}, "no PUT /channels/{channel_id}/messages"),
        ("POST", API + "/channels/general/messages", {"content": "hi"}, "channel_id"),
        ("POST", API + "/channels/1/messages", None, "needs a body"),
        ("POST", API + "/channels/1/messages", {"content": "a" * 2001}, r"\$\.content"),
        ("POST", API + "/channels/1/messages", {"content": 3}, "is not of type"),
        (
            "PUT",
            API + "/applications/1/commands",
            [_command(options=[_string_option(f"o{i}") for i in range(26)])],
            r"\$\[0\]\.options",
        ),
        (
            "PUT",
            API + "/applications/1/commands",
            [_command(options=[_string_option(f"o{i}", choices=_choices(25, 100)) for i in "ab"])],
            r"\$\[0\]: command 'toy' has 10\d\d\d characters \(at most 8000\)",
        ),
        (
            "PUT",
            API + "/applications/1/guilds/2/commands",
            [_command(options=[_string_option("colour", choices=_choices(1, 101))])],
            r"\$\[0\]\.options\[0\]\.choices\[0\]\.(name|value)",
        ),
        ("POST", CALLBACK, {"type": 8, "data": {"choices": _choices(26)}}, r"\$\.data"),
        (
            "POST",
            CALLBACK,
            {"type": 8, "data": {"choices": _choices(1, 101)}},
            r"\$\.data\.choices\[0\]\.(name|value)",
        ),
        (
            "POST",
            CALLBACK,
            _message(embeds=[{"description": "d" * 3001}, {"description": "d" * 3000}]),
            r"\$\.data\.embeds: 6001 characters in all \(at most 6000\)",
        ),
        ("POST", CALLBACK, _message(components=[_row(6)]), r"\$\.data\.components\[0\]"),
        (
            "POST",
            CALLBACK,
            _message(components=[_row(1, f"r{i}-") for i in range(6)]),
            r"\$\.data\.components: 6 action rows \(at most 5\)",
        ),
        (
            "POST",
            CALLBACK,
            _message(components=[_row(1, "x" * 101)]),
            r"\$\.data\.components\[0\]\.components\[0\]",
        ),
        (
            "PATCH",
            API + "/webhooks/1/token/messages/@original",
            {"content": "a" * 2001},
            r"\$\.content",
        ),
    ],
)
def test_requests_discord_would_refuse(method: str, url: str, body: Any, problem: str) -> None:
    with pytest.raises(InvalidRequest, match=problem):
        check_request(method, url, body)


def test_query_parameters_are_checked() -> None:
    url = API + "/webhooks/1/token"
    check_request("POST", url, {"content": "hi"}, query={"wait": 1, "with_components": 0})
    check_request("POST", CALLBACK, {"type": 6}, query={"with_response": "1"})
    with pytest.raises(InvalidRequest, match=r"query parameter wait: .* is not of type 'boolean'"):
        check_request("POST", url, {"content": "hi"}, query={"wait": "maybe"})
    with pytest.raises(InvalidRequest, match=r"query parameter silent: .* has none of that name"):
        check_request("POST", url, {"content": "hi"}, query={"silent": 1})


def test_too_many_or_too_large_files_are_refused() -> None:
    url = API + "/webhooks/1/token"
    small = SentFile("board.png", b"png")
    with pytest.raises(InvalidRequest, match="11 files"):
        check_request("POST", url, {"content": "hi"}, multipart=True, files=[small] * 11)
    large = SentFile("replay.gif", b"g" * 101)
    with pytest.raises(InvalidRequest, match=r"replay\.gif has 101 bytes"):
        check_request("POST", url, {}, multipart=True, files=[large], upload_limit=100)
    check_request("POST", url, {}, multipart=True, files=[small] * 10)


@pytest.mark.parametrize(
    ("method", "url", "body"),
    [
        ("POST", API + "/channels/1/messages", {"allowed_mentions": {"users": [123]}}),
        ("GET", API + "/webhooks/1/token/messages/@original", None),
        ("POST", API + "/channels/1/typing", None),
        ("POST", CALLBACK, {"type": 8, "data": {"choices": _choices(25, 100)}}),
        ("POST", CALLBACK, _message(components=[_row(5)], flags=64)),
        (
            "PUT",
            API + "/applications/1/commands",
            [_command(options=[_string_option("colour", choices=_choices(25, 100))])],
        ),
    ],
)
def test_requests_discord_accepts(method: str, url: str, body: Any) -> None:
    check_request(method, url, body)


@pytest.mark.parametrize(
    "components",
    [
        [_row(2)],
        [_row(6)],
        [_row(1, "x" * 101)],
        [{"type": 1, "components": [{"type": 99, "custom_id": "a"}]}],
        [{"type": 2, "style": 1, "label": "Go", "custom_id": "b"}],
    ],
)
def test_a_choice_among_schemas_is_judged_as_jsonschema_judges_it(
    components: list[Any],
) -> None:
    template = next(t for t in _description()["paths"] if t.endswith("/callback"))
    checked = _body_validator(template, "POST", False)
    assert checked is not None
    plain = Draft202012Validator(checked.schema, registry=_registry())
    body = _message(components=components)
    found, expected = _first_error(checked, body), _first_error(plain, body)
    assert (found and _reason(found)) == (expected and _reason(expected))
