"""Drive a real discord.py client the way Discord does, with no network at all.

`DiscordHarness(client)` logs the client in without a gateway (setup_hook runs, the client
is ready, on_ready fires), feeds its connection state the INTERACTION_CREATE payloads
Discord sends and answers every HTTP call it makes, REST and interaction webhooks alike,
like a small in-memory Discord. Use it as an async context manager, or through the
`open_harness` fixture of tests/bot/conftest.py:

    async with DiscordHarness(create_bot(App(Settings("token")))) as discord:
        alice, bob = discord.user("alice"), discord.user("bob")
        challenge = await discord.slash(alice, "tink start", {"opponent": bob})
        assert "challenges" in challenge.content and not challenge.ephemeral
        accepted = await discord.click(bob, challenge.message, "Accept")
        assert accepted.response.response_type is InteractionResponseType.message_update
        assert accepted.png().startswith(PNG_SIGNATURE)
        choices = await discord.autocomplete(bob, "tink move", "move", {"move": "a"})

The world. `me` is the bot, `guild` a server owned by `user("owner")` (who may do
anything), `channel` its #general. `user(name)` gives the same `User` for the same name;
`text_channel`, `thread`, `dm(user)`, `group_dm(*users)` and `new_guild` add places. The
bot is not in a group DM: the app, installed to the users' accounts, answers their
interactions there, and any call the bot makes on the channel itself fails the test.
`set_permissions(user, where, **flags)` sets what a member may do in a guild or channel
(sent as the member's `permissions`); for `me` it sets the bot's `app_permissions`. As
on Discord, a REST send without Send Messages, or with files but without Attach Files,
fails with 403; commands whose default permissions a member lacks, and guild-only
commands in DMs (or commands not installable to users, in group DMs), are not offered,
unless `permit(user, command)` opened one to a member, as a server admin can.
Ids count up from `first_id`: harnesses whose worlds are made alike give them the same
ids (two bot processes seeing one Discord), and harnesses far apart in `first_id` never
share one (bot processes serving different servers).

Acting. `slash(user, "group sub", options)` types the options from the registered command
(keys are option display names; users as `User`, channels as `Channel`, choices by value)
and refuses what Discord would not send (`forged=True` sends it anyway, as a stale or forged
client could, even for a command the bot no longer has). `autocomplete(user, command,
focused, options)` returns the `Choice`s offered. `click(user, message, label)` presses a
button on a message the bot sent, `select(user, message, custom_id, values)` picks in a
select menu, `submit(user, reply, values)` fills the modal a reply opened,
`context_menu(user, name, target)` runs a user or message command, and `run(coroutine)` runs
bot code outside any interaction. Each returns a `Reply` once its work is idle: every task
spawned for it is done or waits on a timer (`asyncio.sleep`: view timeouts, `delete_after`),
a view (`View.wait`) or a client event (`Client.wait_for`), and no task resumed from such a
wait (a command going on after a button press) is still busy. Calls made at once wait for
their own work only. An exception escaping the bot's tasks, or a request this fake Discord
cannot answer, is raised from the call; work still busy after `timeout` seconds (by
default `generous_bound()`, which grows with the machine's load) raises `HarnessTimeout`.

What Discord accepts. Every request is held against Discord's OpenAPI description of API v10
and the limits it documents beside it (`discord_api.check_request`): one Discord would
refuse, or one to a path Discord does not have, raises `InvalidRequest` (naming the field
and the reason) from the call that caused it, or from `close` when no call did. Only a
benchmark measuring the bot alone turns the check off (`spec_checked=False`).

What the bot sent. A `Reply` lists the `Request`s made by the code handling that
interaction (a command resuming after `View.wait` adds to its own reply) and has
`started_at`, when the interaction reached the client (`time.perf_counter()`).
`reply.response` is the interaction callback, `reply.message` the last message created or
edited, and `content`, `embeds`, `ephemeral`, `files`, `buttons`, `button(label)` and
`png()` read it. A `Request` has `method`, `path` (discord.py's route template), `params`
(such as channel_id), `kind`, `body` (the JSON, or a multipart body's `payload_json`),
`files`, `status` and `sent_at` (when it reached this fake Discord), and the same readers
over what it sent. A `SentMessage` is a message as it stands now, edits applied; as on
Discord, the first followup after a deferred reply replaces the "thinking" message, unless
that was deleted.
`requests` logs every call, `messages_in(channel)` lists the bot's messages, and
`stub(method, path, response, status=...)` overrides a route (a 403, or a route this fake
Discord does not know).

Discord under strain. `with outage(status, kinds=..., retry_after=...)` fails the requests
of those kinds (every REST call when None) for the block: 429 (a route's bucket, or the
global limit, which spares interaction callbacks and webhooks), 500, 502, 503, or
`DROPPED` connections, each raised to the bot as discord.py raises it once its own tries
are spent; `interactions_too` fails interaction webhooks too. Its `failed` counts them.

As Discord documents: an interaction's reply reads back by its token
(`GET /webhooks/{application_id}/{token}/messages/@original`, 404 Unknown Message when
there is none) for 15 minutes, and a channel message sent with a `nonce` and
`enforce_nonce` that one sent in the channel within the last few minutes already carries
is returned, not created again. `clock` is Discord's time for both (a test may move it).
A restarted bot meets the Discord the stopped one left: `after.carry_over(before)`, before
`after` starts, takes up `before`'s messages, interactions, nonces and people.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable, Coroutine, Mapping, Sequence
from types import TracebackType
from typing import Any, Self

import discord
from discord import app_commands

from tests.bot.harness import discord_internals as internals
from tests.bot.harness.discord_api import InvalidRequest
from tests.bot.harness.records import (
    APP_PERMISSIONS,
    MEMBER_PERMISSIONS,
    PNG_SIGNATURE,
    Button,
    Channel,
    Guild,
    HarnessError,
    HarnessTimeout,
    Json,
    Kind,
    NetworkBlocked,
    Reply,
    Request,
    SentFile,
    SentMessage,
    User,
    walk_components,
)
from tests.bot.harness.server import DROPPED, FIRST_ID, FakeDiscord, Outage, command_id
from tests.bot.harness.transport import copy_json
from tests.bot.harness.waiting import CAPTURE, Capture, LoopGuard, TaskWatch

InteractionResponseType = discord.InteractionResponseType

__all__ = [
    "APP_PERMISSIONS",
    "DROPPED",
    "MEMBER_PERMISSIONS",
    "PNG_SIGNATURE",
    "Button",
    "Channel",
    "DiscordHarness",
    "Guild",
    "HarnessError",
    "HarnessTimeout",
    "InteractionResponseType",
    "InvalidRequest",
    "Json",
    "Kind",
    "NetworkBlocked",
    "Outage",
    "Reply",
    "Request",
    "SentFile",
    "SentMessage",
    "User",
]


SETTLE_WITHIN = 30.0
"""Seconds a call's work may stay busy on a quiet machine before the call fails."""


def generous_bound() -> float:
    """How long a call waits for its work to be idle: `SETTLE_WITHIN`, longer in proportion
    when the machine runs more than it has cores for. Calls return as soon as their work
    is idle, so the bound is reached only by work that never ends."""
    load = os.getloadavg()[0] / (os.cpu_count() or 1)
    return SETTLE_WITHIN * max(1.0, load)


class DiscordHarness(FakeDiscord):
    """A fake Discord driving one discord.py client: see the package docstring."""

    def __init__(
        self,
        client: discord.Client,
        *,
        tree: app_commands.CommandTree[Any] | None = None,
        timeout: float | None = None,
        first_id: int = FIRST_ID,
        spec_checked: bool = True,
    ) -> None:
        super().__init__(client, first_id=first_id, spec_checked=spec_checked)
        self.tree: app_commands.CommandTree[Any] = tree or internals.command_tree(client)
        self.timeout = generous_bound() if timeout is None else timeout
        self._watch = TaskWatch(client)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._opened: Any = None
        """The bot's app, when the harness opened it (as `python -m bot` would)."""

    async def __aenter__(self) -> Self:
        return await self.start()

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def start(self) -> Self:
        """Logs the client in without a gateway, runs setup_hook, marks it ready, sends on_ready."""
        self._loop = asyncio.get_running_loop()
        LoopGuard.enter(self._loop)
        internals.answer_rest(self.client, self.static_login, self.rest_request)
        app = getattr(self.client, "app", None)
        if app is not None and not app.is_open:
            await app.open()
            self._opened = app
        await self.run(self._login())
        return self

    async def close(self) -> None:
        """Closes the client, cancels what it left sleeping and restores the event loop; then
        raises what went wrong in a request no call reported (one made in the background)."""
        await self._watch.cancel()
        await self.client.close()
        if self._opened is not None:
            await self._opened.close()
            self._opened = None
        if self._loop is not None:
            LoopGuard.leave(self._loop)
            self._loop = None
        faults, self._faults = self._faults, []
        if faults:
            raise faults[0]

    async def slash(
        self,
        user: User,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        channel: Channel | None = None,
        forged: bool = False,
    ) -> Reply:
        """Runs `/command` ("group sub" for a subcommand) as `user`; options by display name.

        `forged` sends it even where Discord would not offer it, or after the bot dropped it
        (then without options), and with option values past the limits the command
        declares, as a stale or forged client could.
        """
        channel = channel or self.channel
        if forged and not self._has_command(command, channel):
            data = self._command_data(command.split()[:1], _nest(command.split()[1:], []), {}, None)
            return await self._interact(
                discord.InteractionType.application_command, user, channel, data
            )
        found, names, guild_id = self._command(command, user, channel, offered=not forged)
        resolved: Json = {}
        given = self._options(found, options or {}, channel, resolved, forged=forged)
        return await self._interact(
            discord.InteractionType.application_command,
            user,
            channel,
            self._command_data(names, _nest(names[1:], given), resolved, guild_id),
        )

    async def autocomplete(
        self,
        user: User,
        command: str,
        focused: str,
        options: Mapping[str, Any] | None = None,
        *,
        channel: Channel | None = None,
    ) -> list[app_commands.Choice[Any]]:
        """The choices the bot offers while `user` types `options[focused]`."""
        channel = channel or self.channel
        found, names, guild_id = self._command(command, user, channel)
        typed = {focused: "", **(options or {})}
        given = self._options(found, typed, channel, None, focused=focused)
        reply = await self._interact(
            discord.InteractionType.autocomplete,
            user,
            channel,
            self._command_data(names, _nest(names[1:], given), {}, guild_id),
        )
        return reply.response.choices

    async def context_menu(
        self, user: User, name: str, target: User | SentMessage, *, channel: Channel | None = None
    ) -> Reply:
        """Runs a user or message context menu command on `target`."""
        channel = channel or self.channel
        if isinstance(target, User):
            kind, resolved = discord.AppCommandType.user, self._resolve_user(target, channel, {})
        else:
            kind, resolved = (
                discord.AppCommandType.message,
                {"messages": {str(target.id): target.payload}},
            )
        guild_id = self._guild_command_id(name, channel, kind)
        menu = self.tree.get_command(
            name, guild=discord.Object(guild_id) if guild_id else None, type=kind
        )
        if menu is None:
            raise HarnessError(f"No {kind.name} context menu {name!r}.")
        self._check_offered(menu, user, channel)
        data = self._command_data([name], [], resolved, guild_id) | {
            "type": kind.value,
            "target_id": str(target.id),
        }
        return await self._interact(
            discord.InteractionType.application_command, user, channel, data
        )

    async def click(
        self,
        user: User,
        message: SentMessage | Reply,
        label: str | None = None,
        *,
        custom_id: str | None = None,
        forged: bool = False,
    ) -> Reply:
        """Presses a button, found by label (or custom_id) on a message the bot sent.

        `forged` presses it on a message the user does not see (another's ephemeral one),
        as a client forging Discord's payload could.
        """
        sent = message.message if forged and isinstance(message, Reply) else message
        sent = sent if forged and isinstance(sent, SentMessage) else self._visible(message, user)
        if custom_id is None:
            button = sent.button(label or "")
            if button.disabled or button.custom_id is None:
                raise HarnessError(f"Button {label!r} is disabled or a link: it cannot be pressed.")
            custom_id = button.custom_id
        data = {"custom_id": custom_id, "component_type": discord.ComponentType.button.value}
        return await self._interact(
            discord.InteractionType.component, user, sent.channel, data, sent
        )

    async def select(
        self, user: User, message: SentMessage | Reply, custom_id: str, values: Sequence[str]
    ) -> Reply:
        """Picks `values` in a select menu on a message the bot sent."""
        sent = self._visible(message, user)
        menus = [c for c in walk_components(sent.components) if c.get("custom_id") == custom_id]
        if not menus:
            raise HarnessError(f"No component {custom_id!r} on message {sent.id}.")
        data = {"custom_id": custom_id, "component_type": menus[0]["type"], "values": list(values)}
        return await self._interact(
            discord.InteractionType.component, user, sent.channel, data, sent
        )

    async def submit(
        self, user: User, modal: Reply, values: Mapping[str, Any], *, channel: Channel | None = None
    ) -> Reply:
        """Submits the modal the bot opened in `modal`, text inputs keyed by custom_id."""
        shown = modal.modal
        inputs = {c.get("custom_id") for c in walk_components(shown["components"])}
        if unknown := set(values) - inputs:
            raise HarnessError(
                f"The modal has no input {sorted(unknown)}; it has {sorted(map(str, inputs))}."
            )
        data = {
            "custom_id": shown["custom_id"],
            "components": [_submitted(c, values) for c in shown["components"]],
        }
        return await self._interact(
            discord.InteractionType.modal_submit, user, channel or self.channel, data
        )

    async def run(self, work: Coroutine[Any, Any, Any]) -> Reply:
        """Runs bot code outside an interaction (a scheduled job...), capturing its requests."""
        return await self._capture(lambda: asyncio.ensure_future(work))

    async def _interact(
        self,
        kind: discord.InteractionType,
        user: User,
        channel: Channel,
        data: Json,
        message: SentMessage | None = None,
    ) -> Reply:
        if self._loop is None:
            raise HarnessError("Start the harness first.")
        interaction_id, token = self.open_interaction(kind, user, channel, message)
        payload: Json = {
            "id": str(interaction_id),
            "application_id": str(self.client.application_id),
            "type": kind.value,
            "data": data,
            "token": token,
            "version": 1,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
            "app_permissions": str(self.permissions(self.me, channel).value),
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": self.upload_limit(token),
        }
        if channel.guild is not None:
            payload["guild_id"] = str(channel.guild.id)
            payload["guild_locale"] = channel.guild.locale
            payload["member"] = self.member(user, channel) | {"user": user.payload()}
            owner = {"0": str(channel.guild.id)} if channel.bot_inside else {"1": str(user.id)}
            payload["authorizing_integration_owners"] = owner
            payload["context"] = 0
        else:
            payload["user"] = user.payload()
            payload["authorizing_integration_owners"] = {"1": str(user.id)}
            payload["context"] = 1 if channel.bot_inside else 2
        if message is not None:
            payload["message"] = copy_json(message.payload)
        return await self._capture(lambda: internals.receive_interaction(self.client, payload))

    async def _capture(self, start: Callable[[], object]) -> Reply:
        capture = Capture(self, self._watch, time.perf_counter())
        token = CAPTURE.set(capture)
        try:
            start()
        finally:
            CAPTURE.reset(token)
        errors = await self._watch.settle(capture, self.timeout)
        faults, self._faults = self._faults, []
        if errors or faults:
            raise (errors + faults)[0]
        return Reply(capture.requests, capture.started_at)

    async def _login(self) -> None:
        await self.client.login("harness-token")
        internals.mark_ready(self.client)
        self.client.dispatch("ready")

    def _visible(self, message: SentMessage | Reply, user: User) -> SentMessage:
        sent = message.message if isinstance(message, Reply) else message
        if sent.deleted:
            raise HarnessError(f"Message {sent.id} was deleted.")
        if sent.visible_to is not None and sent.visible_to != user:
            raise HarnessError(f"Only {sent.visible_to.name} sees ephemeral message {sent.id}.")
        return sent

    def _resolve_user(self, user: User, channel: Channel, resolved: Json) -> Json:
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        if channel.guild is not None:
            resolved.setdefault("members", {})[str(user.id)] = self.member(user, channel)
        return resolved

    def _has_command(self, qualified: str, channel: Channel) -> bool:
        names = qualified.split()
        guild_id = self._guild_command_id(names[0], channel, discord.AppCommandType.chat_input)
        return (
            self.tree.get_command(names[0], guild=discord.Object(guild_id) if guild_id else None)
            is not None
        )

    def _command(
        self, qualified: str, user: User, channel: Channel, *, offered: bool = True
    ) -> tuple[app_commands.Command[Any, ..., Any], list[str], int | None]:
        """The slash command, its name parts and its guild (None when global)."""
        names = qualified.split()
        guild_id = self._guild_command_id(names[0], channel, discord.AppCommandType.chat_input)
        node: Any = self.tree.get_command(
            names[0], guild=discord.Object(guild_id) if guild_id else None
        )
        for name in names[1:]:
            node = node.get_command(name) if isinstance(node, app_commands.Group) else None
        if not isinstance(node, app_commands.Command):
            known = sorted(c.qualified_name for c in self.tree.walk_commands())
            raise HarnessError(f"No slash command /{qualified}; the tree has {known}.")
        if offered:
            self._check_offered(node.root_parent or node, user, channel)
        return node, names, guild_id

    def _check_offered(self, root: Any, user: User, channel: Channel) -> None:
        """Refuses a command Discord would not offer `user` in `channel`."""
        contexts: app_commands.AppCommandContext | None = root.allowed_contexts
        in_dms = contexts.dm_channel if contexts is not None else not root.guild_only
        if channel.guild is None and channel.bot_inside and not in_dms:
            raise HarnessError(f"{root.name} is not offered in direct messages.")
        if not channel.bot_inside:
            installs: app_commands.AppInstallationType | None = root.allowed_installs
            where = channel.guild is not None or bool(contexts and contexts.private_channel)
            if not (where and installs and installs.user):
                raise HarnessError(f"{root.name} is not offered where the bot is not a member.")
        if channel.guild is not None and contexts is not None and not contexts.guild:
            raise HarnessError(f"{root.name} is not offered in servers.")
        required: discord.Permissions | None = root.default_permissions
        granted = self.permissions(user, channel)
        if channel.guild is None or required is None or granted.administrator:
            return
        if (root.name, user.id) in self.command_access:
            return
        if missing := [name for name, needed in required if needed and not getattr(granted, name)]:
            raise HarnessError(f"{user.name} is not offered {root.name}: it needs {missing}.")

    def _guild_command_id(
        self, name: str, channel: Channel, kind: discord.AppCommandType
    ) -> int | None:
        """The guild id when `name` is registered for the channel's guild rather than globally."""
        if channel.guild is None:
            return None
        found = self.tree.get_command(name, guild=discord.Object(channel.guild.id), type=kind)
        return channel.guild.id if found is not None else None

    def _command_data(
        self, names: Sequence[str], options: list[Json], resolved: Json, guild_id: int | None
    ) -> Json:
        data: Json = {
            "id": str(command_id(names[0])),
            "name": names[0],
            "type": 1,
            "options": options,
        }
        if resolved:
            data["resolved"] = resolved
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        return data

    def _options(
        self,
        command: app_commands.Command[Any, ..., Any],
        given: Mapping[str, Any],
        channel: Channel,
        resolved: Json | None,
        *,
        focused: str | None = None,
        forged: bool = False,
    ) -> list[Json]:
        """The option payloads for `given`, typed from the command's parameters."""
        parameters = {p.display_name: p for p in command.parameters}
        if unknown := set(given) - set(parameters):
            raise HarnessError(
                f"/{command.qualified_name} has no option {sorted(unknown)}; "
                f"it has {list(parameters)}."
            )
        missing = [n for n, p in parameters.items() if p.required and n not in given]
        if missing and focused is None:
            raise HarnessError(f"/{command.qualified_name} needs the options {missing}.")
        options = []
        for name, value in given.items():
            parameter = parameters[name]
            option: Json = {"type": parameter.type.value, "name": name}
            if name == focused:
                option |= {"value": str(value), "focused": True}
            else:
                option["value"] = self._option_value(parameter, value, channel, resolved, forged)
            options.append(option)
        return options

    def _option_value(
        self,
        parameter: app_commands.Parameter,
        value: Any,
        channel: Channel,
        resolved: Json | None,
        forged: bool = False,
    ) -> Any:
        """The value Discord sends for an option, noting users and channels in `resolved`;
        one past the option's declared limits only when `forged`."""
        value = value.value if isinstance(value, app_commands.Choice) else value
        if not forged:
            _check_limits(parameter, value)
        if parameter.type in _SNOWFLAKE_OPTIONS:
            return self._snowflake_option(parameter, value, channel, resolved)
        if parameter.type not in _CONVERTERS:
            raise HarnessError(f"The harness cannot send {parameter.type.name} options yet.")
        return _CONVERTERS[parameter.type](value)

    def _snowflake_option(
        self, parameter: app_commands.Parameter, value: Any, channel: Channel, resolved: Json | None
    ) -> str:
        expected = Channel if parameter.type is discord.AppCommandOptionType.channel else User
        if not isinstance(value, expected):
            name = parameter.display_name
            raise HarnessError(
                f"Option {name!r} takes a harness {expected.__name__}, not {value!r}."
            )
        if isinstance(value, User) and resolved is not None:
            self._resolve_user(value, channel, resolved)
        elif isinstance(value, Channel) and resolved is not None:
            entry = value.payload() | {"permissions": str(self.permissions(self.me, value).value)}
            resolved.setdefault("channels", {})[str(value.id)] = entry
        return str(value.id)


_SNOWFLAKE_OPTIONS = {
    discord.AppCommandOptionType.user,
    discord.AppCommandOptionType.mentionable,
    discord.AppCommandOptionType.channel,
}
_NUMBERS = {discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number}
_CONVERTERS: dict[discord.AppCommandOptionType, Callable[[Any], Any]] = {
    discord.AppCommandOptionType.string: str,
    discord.AppCommandOptionType.integer: int,
    discord.AppCommandOptionType.number: float,
    discord.AppCommandOptionType.boolean: bool,
}


def _check_limits(parameter: app_commands.Parameter, value: Any) -> None:
    """Refuse a value Discord's client would not send: no choice, or out of range."""
    if parameter.choices and value not in [c.value for c in parameter.choices]:
        raise HarnessError(f"Option {parameter.display_name!r} has no choice {value!r}.")
    if parameter.type in _NUMBERS and not _within(value, parameter):
        name, low, high = parameter.display_name, parameter.min_value, parameter.max_value
        raise HarnessError(f"Option {name!r} takes {low} to {high}, not {value}.")


def _within(value: float, parameter: app_commands.Parameter) -> bool:
    low, high = parameter.min_value, parameter.max_value
    return (low is None or value >= low) and (high is None or value <= high)


def _nest(names: Sequence[str], options: list[Json]) -> list[Json]:
    """Wraps a command's options in its subcommand group and subcommand."""
    for depth in reversed(range(len(names))):
        kind = 1 if depth == len(names) - 1 else 2
        options = [{"type": kind, "name": names[depth], "options": options}]
    return options


def _submitted(component: Json, values: Mapping[str, Any]) -> Json:
    """A modal component as Discord sends it back on submit."""
    kind = component["type"]
    if kind == discord.ComponentType.action_row.value:
        return {
            "type": kind,
            "components": [_submitted(c, values) for c in component["components"]],
        }
    if kind == discord.ComponentType.label.value:
        return {"type": kind, "component": _submitted(component["component"], values)}
    custom_id = component.get("custom_id", "")
    if kind == discord.ComponentType.text_input.value:
        return {"type": kind, "custom_id": custom_id, "value": values.get(custom_id, "")}
    return {"type": kind, "custom_id": custom_id, "values": list(values.get(custom_id, []))}
