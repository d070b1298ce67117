"""A small in-memory Discord: the world the bot lives in and the answers to its HTTP calls."""

from __future__ import annotations

import contextlib
import functools
import itertools
import time
import zlib
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

import aiohttp
import discord
from discord.http import Route

from tests.bot.harness import discord_internals as internals
from tests.bot.harness.activities import FakeActivities
from tests.bot.harness.discord_api import DEFAULT_UPLOAD_LIMIT, check_request
from tests.bot.harness.records import (
    APP_PERMISSIONS,
    MEMBER_PERMISSIONS,
    Channel,
    Guild,
    HarnessError,
    Json,
    Kind,
    Request,
    SentFile,
    SentMessage,
    User,
    timestamp,
)
from tests.bot.harness.transport import (
    OfflineSession,
    copy_json,
    http_error,
    parse_body,
    read_files,
    route_params,
)
from tests.bot.harness.waiting import CAPTURE

InteractionResponseType = discord.InteractionResponseType
_EPHEMERAL = 1 << 6
_LOADING = 1 << 7
FIRST_ID = discord.utils.time_snowflake(datetime(2025, 1, 1, tzinfo=UTC))
TOKEN_LIFETIME = 15 * 60.0
"""Seconds an interaction's token works for its webhook calls, as Discord documents."""
NONCE_WINDOW = 5 * 60.0
"""Seconds within which a message sent with an enforced nonce already used in its channel
is returned rather than created again ("within the last few minutes", Discord says)."""


@functools.cache
def command_id(name: str) -> int:
    """A stable id for the command registered under `name`, whether or not the bot synced
    (syncing takes no id from the world, so restarted bots see the same ids)."""
    return FIRST_ID - (zlib.crc32(name.encode()) << 22)


@dataclass
class _Interaction:
    """What the fake Discord remembers about an interaction token."""

    id: int
    type: int
    user: User
    channel: Channel
    message: SentMessage | None
    opened_at: float
    response: InteractionResponseType | None = None
    original: SentMessage | None = None
    attachment_size_limit: int = DEFAULT_UPLOAD_LIMIT


DROPPED = 0
"""An outage's answer that is none: the connection drops before Discord answers."""


@dataclass
class Outage:
    """A stretch during which Discord fails some requests (see `FakeDiscord.outage`);
    `failed` counts the requests it failed."""

    status: int
    kinds: frozenset[Kind] | None
    retry_after: float
    interactions_too: bool
    failed: int = field(default=0)

    def fails(self, request: Request, *, webhook: bool) -> bool:
        """Whether the request meets this outage."""
        if self.kinds is not None and request.kind not in self.kinds:
            return False
        return self.interactions_too or not webhook


ENTRY_POINT = 4
"""The type of an application's entry point command (PRIMARY_ENTRY_POINT)."""
ENTRY_POINT_REMOVED = (
    "You cannot remove this app's Entry Point command in a bulk update operation. Please "
    "include the Entry Point command in your update request or delete it separately."
)
"""Discord's words for error 50240."""


@dataclass(frozen=True)
class _Stub:
    response: Any
    status: int
    code: int
    message: str


class FakeDiscord:
    """Discord as a client sees it: a guild, channels, users, and answers to every HTTP call.

    World facts (guilds, channels, threads) go straight into the client's cache, as the
    gateway would have put them there.
    """

    def __init__(
        self, client: discord.Client, *, first_id: int = FIRST_ID, spec_checked: bool = True
    ) -> None:
        self.client = client
        self.spec_checked = spec_checked
        """Whether every request is held against Discord's API description (tests: always;
        benchmarks measuring the bot alone: not, as the check costs more than a move)."""
        self.requests: list[Request] = []
        self._faults: list[Exception] = []
        self._ids = itertools.count(first_id, 1 << 22)
        self._users: dict[str, User] = {}
        self._users_by_id: dict[int, User] = {}
        self._channels: dict[int, Channel] = {}
        self._permissions: dict[tuple[int, int], discord.Permissions] = {}
        self.command_access: set[tuple[str, int]] = set()
        """(command, user id) pairs a server admin opened a command to, whatever its
        default permissions (Server Settings > Integrations); see `permit`."""
        self._messages: dict[int, SentMessage] = {}
        self._interactions: dict[str, _Interaction] = {}
        self._nonces: dict[tuple[int, str], tuple[float, SentMessage]] = {}
        self.clock: Callable[[], float] = time.time
        """Discord's time, by which tokens and nonces lapse; a test may move it."""
        self._stubs: dict[tuple[str, str], _Stub] = {}
        self._outages: list[Outage] = []
        self.global_commands: list[Json] = []
        """The application's global commands as Discord keeps them."""
        self.me = self._add_user("harness-bot", bot=True)
        self.activities = FakeActivities(
            lambda: self.client.application_id or self.me.id, self._record, lambda: self.clock()
        )
        """The application's Activities: launched, joined, and who opened them."""
        self.activities_enabled = False
        self.guild = self.new_guild("Test Server", owner=self.user("owner"))
        self.channel = self.text_channel("general")

    def user(self, name: str, *, bot: bool = False, locale: str = "en-US") -> User:
        """The user with this name, made on first use (a bot account when `bot`), their
        Discord in `locale`."""
        return self._users.get(name) or self._add_user(name, bot=bot, locale=locale)

    def new_guild(self, name: str, *, owner: User | None = None, locale: str = "en-US") -> Guild:
        """A new server the bot is in, its language `locale`."""
        guild = Guild(self._next_id(), name, owner or self.user("owner"), locale=locale)
        everyone: Json = {
            "id": str(guild.id),
            "name": "@everyone",
            "permissions": str(MEMBER_PERMISSIONS.value),
            "position": 0,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
        }
        payload: Json = {
            "id": str(guild.id),
            "name": name,
            "owner_id": str(guild.owner.id),
            "roles": [everyone],
            "channels": [],
            "threads": [],
            "members": [],
            "member_count": 1,
            "features": [],
            "emojis": [],
            "stickers": [],
            "icon": None,
            "preferred_locale": locale,
        }
        internals.cache_guild(self.client, payload)
        return guild

    def guild_without_bot(self, name: str, *, owner: User | None = None) -> Guild:
        """A new server the bot is not in: its people use the app installed to their own
        accounts there, and any call the bot makes on its channels fails the test."""
        return Guild(self._next_id(), name, owner or self.user("owner"), bot_member=False)

    def text_channel(self, name: str, *, guild: Guild | None = None) -> Channel:
        """A new text channel, in the default guild unless told."""
        channel = self._add_channel(
            Channel(self._next_id(), name, discord.ChannelType.text, guild or self.guild)
        )
        if not channel.bot_inside:
            return channel
        cached = self._cached_guild(channel)
        internals.cache_text_channel(self.client, cached, channel.payload())
        return channel

    def thread(
        self, name: str, *, parent: Channel | None = None, owner: User | None = None
    ) -> Channel:
        """A new public thread, under the default channel unless told."""
        return self._add_thread(self._next_id(), name, parent or self.channel, owner or self.me)

    def dm(self, user: User) -> Channel:
        """The direct-message channel between the bot and this user."""
        for channel in self._channels.values():
            if channel.recipient == user:
                return channel
        return self._add_channel(
            Channel(self._next_id(), user.name, discord.ChannelType.private, None, recipient=user)
        )

    def group_dm(self, *members: User) -> Channel:
        """A new group DM of these users, which the bot is not in: the app, installed to
        their accounts, may only answer their interactions there."""
        name = ", ".join(user.name for user in members)
        return self._add_channel(
            Channel(self._next_id(), name, discord.ChannelType.group, None, recipients=members)
        )

    def set_permissions(
        self,
        user: User,
        where: Guild | Channel | None = None,
        permissions: discord.Permissions | None = None,
        **flags: bool,
    ) -> None:
        """Sets what a member (or, for `harness.me`, the bot) may do in a guild or channel."""
        scope = where or self.guild
        base = permissions if permissions is not None else self.permissions(user, scope)
        updated = discord.Permissions(base.value)
        updated.update(**flags)
        self._permissions[(user.id, scope.id)] = updated

    def permit(self, user: User, command: str) -> None:
        """Offer a top-level command to a member who lacks its default permissions, as a
        server admin can; the member's own permissions stay as they are."""
        self.command_access.add((command, user.id))

    def permissions(self, user: User, where: Guild | Channel | None = None) -> discord.Permissions:
        """What a member (or the bot) may do there, as interactions report it."""
        scope: Guild | Channel | None = where or self.guild
        while scope is not None:
            if (user.id, scope.id) in self._permissions:
                return self._permissions[(user.id, scope.id)]
            scope = scope.parent or scope.guild if isinstance(scope, Channel) else None
        if user == self.me:
            return APP_PERMISSIONS
        guild = _guild_of(where or self.guild)
        if guild is not None and guild.owner == user:
            return discord.Permissions.all()
        return MEMBER_PERMISSIONS

    def stub(
        self,
        method: str,
        path: str,
        response: Any = None,
        *,
        status: int = 200,
        code: int = 0,
        message: str = "",
    ) -> None:
        """Answers `method path` (a discord.py route template) with `response`, or a Discord error.

        `response` may be a callable taking the `Request`; a `status` of 400 or more raises the
        matching discord.HTTPException (403 Forbidden, 404 NotFound...) in the bot instead.
        """
        self._stubs[(method, path)] = _Stub(response, status, code, message)

    @contextlib.contextmanager
    def outage(
        self,
        status: int,
        *,
        kinds: Collection[Kind] | None = None,
        retry_after: float = 1.0,
        interactions_too: bool = False,
    ) -> Iterator[Outage]:
        """Fail requests for the block as Discord under strain does, each raised to the bot
        as discord.py raises it once its own tries are spent: `status` 429 (a route's
        bucket, or with `kinds` None the bot's global limit, which Discord does not apply
        to interaction callbacks and webhooks) as `discord.HTTPException`, or as
        `discord.RateLimited` when `retry_after` is longer than the client waits
        (`max_ratelimit_timeout`); 500, 502 or 503 as `discord.DiscordServerError`;
        `DROPPED` as the connection dropping (`aiohttp.ServerDisconnectedError`).
        `kinds` limits it to those requests (`Kind.SEND`: channel posts); interaction
        webhooks fail too only with `interactions_too`. Failed requests are recorded with
        their status (0 for a dropped one)."""
        chosen = None if kinds is None else frozenset(kinds)
        outage = Outage(status, chosen, retry_after, interactions_too)
        self._outages.append(outage)
        try:
            yield outage
        finally:
            self._outages.remove(outage)

    def _fail_in_outage(self, request: Request, *, webhook: bool) -> None:
        """Raise what an outage under way answers the request with, if any."""
        for outage in self._outages:
            if outage.fails(request, webhook=webhook):
                outage.failed += 1
                self._record(replace(request, status=outage.status))
                raise self._outage_error(outage)

    def _outage_error(self, outage: Outage) -> Exception:
        if outage.status == DROPPED:
            return aiohttp.ServerDisconnectedError()
        limit = self.client.http.max_ratelimit_timeout
        if outage.status == 429 and limit is not None and outage.retry_after > limit:
            return discord.RateLimited(outage.retry_after)
        text = "You are being rate limited." if outage.status == 429 else "Service Unavailable"
        return http_error(outage.status, 0, text)

    def carry_over(self, before: FakeDiscord) -> None:
        """Take up what Discord kept while the bot restarted: the messages, the interactions
        (whose tokens still work for 15 minutes), the nonces sent, the people and the
        threads opened; new ids go on from there. Call it before `start`, on a world made
        like `before`'s."""
        self._channels = before._channels | self._channels
        self._messages = before._messages
        self._interactions = before._interactions
        self._nonces = before._nonces
        self._users |= before._users
        self._users_by_id |= before._users_by_id
        self._ids = before._ids

    def messages_in(self, channel: Channel | None = None) -> list[SentMessage]:
        """The messages the bot has in a channel now, oldest first."""
        channel = channel or self.channel
        return [m for m in self._messages.values() if m.channel == channel and not m.deleted]

    async def static_login(self, token: str) -> Json:
        """Stands in for `HTTPClient.static_login`: no session, no request, the bot user."""
        internals.log_in_offline(self.client, OfflineSession(self), token)
        return self.me.payload()

    async def rest_request(
        self,
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Sequence[Json] | None = None,
        **kwargs: Any,
    ) -> Any:
        """Stands in for `HTTPClient.request`."""
        return await self.serve(
            route,
            body=kwargs.get("json"),
            form=form,
            files=files,
            query=kwargs.get("params"),
            reason=kwargs.get("reason"),
        )

    async def serve(
        self,
        route: Route,
        *,
        body: Any,
        form: Sequence[Json] | None,
        files: Sequence[discord.File] | None,
        query: Mapping[str, Any] | None,
        reason: str | None,
    ) -> Any:
        """Answers one HTTP call like Discord, recording it; a call Discord would refuse
        (`discord_api.check_request`) fails the test that caused it."""
        sent_at = time.perf_counter()
        kind, handler = _ROUTES.get((route.method, route.path), (Kind.OTHER, None))
        request = Request(
            method=route.method,
            path=route.path,
            params=route_params(route),
            query=dict(query or {}),
            kind=kind,
            body=parse_body(body, form),
            files=read_files(files),
            reason=reason,
            sent_at=sent_at,
        )
        stub = self._stubs.get((route.method, route.path))
        try:
            self._check_inside(request)
            if self.spec_checked:
                check_request(
                    route.method,
                    route.url,
                    request.body if body is not None or form else None,
                    query=request.query,
                    multipart=bool(form),
                    files=request.files,
                    upload_limit=self.upload_limit(request.params.get("webhook_token", "")),
                )
        except Exception as fault:
            self._faults.append(fault)
            raise
        self._fail_in_outage(request, webhook="webhook_token" in request.params)
        try:
            if stub is not None:
                result, message = self._stubbed(stub, request), None
            elif handler is not None:
                result, message = handler(self, request)
            elif route.method in ("PUT", "DELETE"):
                result, message = None, None
            else:
                raise HarnessError(f"No fake answer for {route.method} {route.path}; stub it.")
        except discord.HTTPException as error:
            self._record(replace(request, status=error.status))
            raise
        except Exception as fault:
            self._faults.append(fault)
            raise
        self._record(replace(request, message=message))
        return copy_json(result)

    def _check_inside(self, request: Request) -> None:
        """Fail the test for any call on a channel the bot is not in (a group DM): there it
        may only answer interactions."""
        channel_id = request.params.get("channel_id")
        channel = None if channel_id is None else self._channels.get(int(channel_id))
        if channel is not None and not channel.bot_inside:
            raise HarnessError(
                f"{request.method} {request.path} on {channel.name}, which the bot is not in: "
                "there it may only answer interactions."
            )

    def upload_limit(self, token: str) -> int:
        """The most one file may weigh in an interaction's answers (its
        `attachment_size_limit`), or in any other message (`token` unknown)."""
        interaction = self._interactions.get(token)
        return DEFAULT_UPLOAD_LIMIT if interaction is None else interaction.attachment_size_limit

    def _record(self, request: Request) -> None:
        self.requests.append(request)
        capture = CAPTURE.get()
        if capture is not None and capture.owner is self:
            capture.requests.append(request)

    @staticmethod
    def _stubbed(stub: _Stub, request: Request) -> Any:
        if stub.status >= 400:
            raise http_error(stub.status, stub.code, stub.message)
        return stub.response(request) if callable(stub.response) else stub.response

    def _callback(self, request: Request) -> tuple[Any, SentMessage | None]:
        interaction = self._interaction(request)
        if interaction.response is not None:
            raise http_error(400, 40060, "Interaction has already been acknowledged.")
        answer = InteractionResponseType(request.body["type"])
        if answer is InteractionResponseType.launch_activity:
            return self._launch(interaction), None
        message = self._respond(interaction, answer, request.data, request.files)
        interaction.response = answer
        result: Json = {"interaction": {"id": str(interaction.id), "type": interaction.type}}
        if message is not None:
            result["interaction"] |= {
                "response_message_id": str(message.id),
                "response_message_loading": bool(message.flags.loading),
                "response_message_ephemeral": message.ephemeral,
            }
            result["resource"] = {"type": answer.value, "message": message.payload}
        return result, message

    def _launch(self, interaction: _Interaction) -> Json:
        """LAUNCH_ACTIVITY: the Activity opens in the interaction's channel for its user,
        joining the one running there, if any (refused where Activities are off)."""
        if not self.activities_enabled:
            raise http_error(400, 50035, "Activities are not enabled for this application.")
        interaction.response = InteractionResponseType.launch_activity
        running = self.activities.in_channel(interaction.channel)
        instance = running or self.activities.launch(interaction.channel)
        instance.users.add(interaction.user.id)
        return {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.type,
                "activity_instance_id": instance.id,
            },
            "resource": {"type": 12, "activity_instance": {"id": instance.id}},
        }

    def _activity_instance(self, request: Request) -> tuple[Any, SentMessage | None]:
        return self.activities.instance(request)

    def _respond(
        self,
        interaction: _Interaction,
        answer: discord.InteractionResponseType,
        data: Mapping[str, Any],
        files: Sequence[SentFile],
    ) -> SentMessage | None:
        """Posts or updates the message an interaction callback is about, if any."""
        kinds = InteractionResponseType
        if answer in (kinds.message_update, kinds.deferred_message_update):
            interaction.original = interaction.message
        if answer is kinds.channel_message:
            interaction.original = self._post(interaction.channel, data, files, interaction)
        elif answer is kinds.deferred_channel_message:
            loading = {"flags": _LOADING | (data.get("flags", 0) & _EPHEMERAL)}
            interaction.original = self._post(interaction.channel, loading, (), interaction)
        elif answer is kinds.message_update:
            return self._edit(interaction.message, data, files)
        else:
            return None
        return interaction.original

    def _followup(self, request: Request) -> tuple[Any, SentMessage | None]:
        interaction = self._interaction(request)
        if interaction.response is None:
            raise http_error(404, 10015, "Unknown Webhook")
        original = interaction.original
        if original is not None and original.flags.loading and not original.deleted:
            message = self._edit(original, request.body, request.files)
        else:
            message = self._post(interaction.channel, request.body, request.files, interaction)
        return (message.payload if request.query.get("wait") else None), message

    def _get_original(self, request: Request) -> tuple[Any, SentMessage | None]:
        return self._original(request).payload, None

    def _edit_original(self, request: Request) -> tuple[Any, SentMessage | None]:
        message = self._edit(self._original(request), request.body, request.files)
        return message.payload, message

    def _delete_original(self, request: Request) -> tuple[Any, SentMessage | None]:
        self._original(request).deleted = True
        return None, None

    def _get_message(self, request: Request) -> tuple[Any, SentMessage | None]:
        return self._message(request.params["message_id"]).payload, None

    def _edit_message(self, request: Request) -> tuple[Any, SentMessage | None]:
        message = self._edit(
            self._message(request.params["message_id"]), request.body, request.files
        )
        return message.payload, message

    def _delete_message(self, request: Request) -> tuple[Any, SentMessage | None]:
        self._message(request.params["message_id"]).deleted = True
        return None, None

    def _send(self, request: Request) -> tuple[Any, SentMessage | None]:
        channel = self._channel(request.params["channel_id"])
        allowed = self.permissions(self.me, channel)
        may_send = allowed.send_messages_in_threads if channel.parent else allowed.send_messages
        if channel.guild and (not may_send or (request.files and not allowed.attach_files)):
            raise http_error(403, 50013, "Missing Permissions")
        nonce = request.body.get("nonce")
        earlier = self._sent_with(channel, nonce) if request.body.get("enforce_nonce") else None
        if earlier is not None:
            return earlier.payload, earlier
        message = self._post(channel, request.body, request.files)
        if nonce is not None:
            message.payload["nonce"] = nonce
            self._nonces[(channel.id, str(nonce))] = (self.clock(), message)
        return message.payload, message

    def _sent_with(self, channel: Channel, nonce: object) -> SentMessage | None:
        """The message sent in the channel with this nonce within the last few minutes."""
        found = self._nonces.get((channel.id, str(nonce)))
        if nonce is None or found is None:
            return None
        sent_at, message = found
        return message if self.clock() - sent_at < NONCE_WINDOW and not message.deleted else None

    def _create_thread(self, request: Request) -> tuple[Any, SentMessage | None]:
        """A thread, its id its starter message's when opened from one; as on Discord, a
        message holds one thread at most (400, code 160004)."""
        parent = self._channel(request.params["channel_id"])
        thread_id = int(request.params.get("message_id") or self._next_id())
        if thread_id in self._channels:
            raise http_error(400, 160004, "A thread has already been created for this message")
        thread = self._add_thread(thread_id, request.body["name"], parent, self.me)
        return self._thread_payload(thread), None

    def _get_channel(self, request: Request) -> tuple[Any, SentMessage | None]:
        channel = self._channel(request.params["channel_id"])
        return (self._thread_payload(channel) if channel.parent else channel.payload()), None

    def _open_dm(self, request: Request) -> tuple[Any, SentMessage | None]:
        return self.dm(self._user_by_id(request.body["recipient_id"])).payload(), None

    def _typing(self, request: Request) -> tuple[Any, SentMessage | None]:
        return None, None

    def _get_user(self, request: Request) -> tuple[Any, SentMessage | None]:
        return self._user_by_id(request.params["user_id"]).payload(), None

    def _get_me(self, request: Request) -> tuple[Any, SentMessage | None]:
        return self.me.payload(), None

    def _get_application(self, request: Request) -> tuple[Any, SentMessage | None]:
        info: Json = {"id": str(self.me.id), "name": self.me.name, "description": "", "icon": None}
        info |= {"bot_public": True, "bot_require_code_grant": False, "verify_key": ""}
        info |= {"flags": EMBEDDED if self.activities_enabled else 0}
        return info | {"owner": self.guild.owner.payload()}, None

    def enable_activities(self) -> Json:
        """Activities turned on in the Developer Portal: Discord makes the application's
        entry point command (`launch`, handled by Discord launching the Activity), which
        a bulk overwrite of the global commands must then include (error 50240), and
        interactions may be answered by launching the Activity."""
        self.activities_enabled = True
        entry_point: Json = {
            "id": str(self._next_id()),
            "application_id": str(self.me.id),
            "version": "1",
            "type": ENTRY_POINT,
            "name": "launch",
            "description": "",
            "handler": 2,
            "contexts": [0, 1, 2],
            "integration_types": [0, 1],
        }
        self.global_commands.append(entry_point)
        return entry_point

    def _list_commands(self, request: Request) -> tuple[Any, SentMessage | None]:
        return self.global_commands, None

    def _sync_commands(self, request: Request) -> tuple[Any, SentMessage | None]:
        extra: Json = {"application_id": str(self.client.application_id), "version": "1"}
        if "guild_id" in request.params:
            extra["guild_id"] = request.params["guild_id"]
        synced = [
            {"description": ""} | c | extra | {"id": c.get("id") or str(command_id(c["name"]))}
            for c in request.body
        ]
        if "guild_id" not in request.params:
            kept = any(c.get("type") == ENTRY_POINT for c in request.body)
            if not kept and any(c["type"] == ENTRY_POINT for c in self.global_commands):
                raise http_error(400, 50240, ENTRY_POINT_REMOVED)
            self.global_commands = synced
        return synced, None

    def _post(
        self,
        channel: Channel,
        data: Mapping[str, Any],
        files: Sequence[SentFile],
        interaction: _Interaction | None = None,
    ) -> SentMessage:
        message_id = self._next_id()
        payload: Json = {
            "id": str(message_id),
            "channel_id": str(channel.id),
            "author": self.me.payload(),
            "type": 0,
            "content": "",
            "embeds": [],
            "components": [],
            "attachments": [],
            "flags": data.get("flags") or 0,
            "timestamp": timestamp(message_id),
            "edited_timestamp": None,
            "tts": bool(data.get("tts")),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
        }
        if channel.guild is not None:
            payload["guild_id"] = str(channel.guild.id)
        if "message_reference" in data:
            payload |= {"type": 19, "message_reference": data["message_reference"]}
        if interaction is not None:
            app_id = str(self.client.application_id)
            payload |= {"webhook_id": app_id, "application_id": app_id}
            if interaction.type == discord.InteractionType.application_command.value:
                payload["type"] = 20
        sent = self._messages[message_id] = self._fill(
            SentMessage(message_id, channel, payload), data, files
        )
        if sent.ephemeral and interaction is not None:
            sent.visible_to = interaction.user
        return sent

    def _edit(
        self, message: SentMessage | None, data: Mapping[str, Any], files: Sequence[SentFile]
    ) -> SentMessage:
        """Edits a message; an edit ends loading and never changes ephemerality."""
        if message is None or message.deleted:
            raise http_error(404, 10008, "Unknown Message")
        old_flags = message.payload["flags"]
        new_flags = data.get("flags", old_flags) or 0
        message.payload["flags"] = new_flags & ~(_LOADING | _EPHEMERAL) | old_flags & _EPHEMERAL
        message.payload["edited_timestamp"] = timestamp(self._next_id())
        return self._fill(message, data, files)

    def _fill(
        self, message: SentMessage, data: Mapping[str, Any], files: Sequence[SentFile]
    ) -> SentMessage:
        """Sets a message's content, embeds, components and attachments from a request."""
        payload = message.payload
        for key in ("content", "embeds", "components"):
            if key in data:
                payload[key] = data[key] or ("" if key == "content" else [])
        kept = list(zip(payload["attachments"], message.files, strict=True))
        if "attachments" in data:
            keep = {str(a["id"]) for a in data["attachments"]}
            kept = [(a, f) for a, f in kept if a["id"] in keep]
        kept += [(self._attachment(message.channel, sent), sent) for sent in files]
        payload["attachments"] = [a for a, _ in kept]
        message.files = tuple(f for _, f in kept)
        return message

    def _attachment(self, channel: Channel, sent: SentFile) -> Json:
        attachment_id = self._next_id()
        url = f"https://cdn.discordapp.com/attachments/{channel.id}/{attachment_id}/{sent.filename}"
        return {
            "id": str(attachment_id),
            "filename": sent.filename,
            "description": sent.description,
            "size": len(sent.data),
            "url": url,
            "proxy_url": url,
            "content_type": "image/png" if sent.is_png else "application/octet-stream",
        }

    def _interaction(self, request: Request) -> _Interaction:
        interaction = self._interactions.get(request.params["webhook_token"])
        if interaction is None:
            raise http_error(404, 10062, "Unknown interaction")
        if self.clock() - interaction.opened_at >= TOKEN_LIFETIME:
            raise http_error(401, 50027, "Invalid Webhook Token")
        return interaction

    def _original(self, request: Request) -> SentMessage:
        original = self._interaction(request).original
        if original is None or original.deleted:
            raise http_error(404, 10008, "Unknown Message")
        return original

    def _message(self, message_id: str) -> SentMessage:
        message = self._messages.get(int(message_id))
        if message is None or message.deleted:
            raise http_error(404, 10008, "Unknown Message")
        return message

    def _channel(self, channel_id: str) -> Channel:
        channel = self._channels.get(int(channel_id))
        if channel is None:
            raise http_error(404, 10003, "Unknown Channel")
        return channel

    def _user_by_id(self, user_id: Any) -> User:
        user = self._users_by_id.get(int(user_id))
        if user is None:
            raise http_error(404, 10013, "Unknown User")
        return user

    def _next_id(self) -> int:
        return next(self._ids)

    def _add_user(self, name: str, *, bot: bool = False, locale: str = "en-US") -> User:
        user = User(self._next_id(), name, bot, locale)
        self._users[name] = self._users_by_id[user.id] = user
        return user

    def _add_channel(self, channel: Channel) -> Channel:
        self._channels[channel.id] = channel
        return channel

    def _add_thread(self, thread_id: int, name: str, parent: Channel, owner: User) -> Channel:
        thread = self._add_channel(
            Channel(thread_id, name, discord.ChannelType.public_thread, parent.guild, parent=parent)
        )
        cached = self._cached_guild(thread)
        internals.cache_thread(self.client, cached, self._thread_payload(thread, owner))
        return thread

    def _thread_payload(self, thread: Channel, owner: User | None = None) -> Json:
        owner_id = str((owner or self.me).id)
        return thread.payload() | {"owner_id": owner_id, "message_count": 0, "member_count": 1}

    def _cached_guild(self, channel: Channel) -> discord.Guild:
        guild = self.client.get_guild(channel.guild.id) if channel.guild else None
        if guild is None:
            raise HarnessError(f"Channel {channel.name} is not in a guild the bot is in.")
        return guild

    def open_interaction(
        self,
        kind: discord.InteractionType,
        user: User,
        channel: Channel,
        message: SentMessage | None,
    ) -> tuple[int, str]:
        """A new interaction's id and token, remembered for its webhook calls."""
        interaction = _Interaction(
            self._next_id(), kind.value, user, channel, message, self.clock()
        )
        token = f"interaction-token-{interaction.id}"
        self._interactions[token] = interaction
        return interaction.id, token

    def member(self, user: User, channel: Channel) -> Json:
        """The member payload of `user` (without the user) as seen in `channel`."""
        return {
            "roles": [],
            "joined_at": timestamp(user.id),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "permissions": str(self.permissions(user, channel).value),
        }


def _guild_of(where: Guild | Channel) -> Guild | None:
    return where if isinstance(where, Guild) else where.guild


_Handler = Callable[[FakeDiscord, Request], tuple[Any, SentMessage | None]]

_WEBHOOK = "/webhooks/{webhook_id}/{webhook_token}"

_ORIGINAL = _WEBHOOK + "/messages/@original"

_WEBHOOK_MESSAGE = _WEBHOOK + "/messages/{message_id}"

_CHANNEL_MESSAGE = "/channels/{channel_id}/messages/{message_id}"

EMBEDDED = 1 << 17
"""The application flag of an application with Activities enabled."""

_ROUTES: dict[tuple[str, str], tuple[Kind, _Handler]] = {
    ("POST", "/interactions/{webhook_id}/{webhook_token}/callback"): (
        Kind.RESPONSE,
        FakeDiscord._callback,
    ),
    ("POST", _WEBHOOK): (Kind.FOLLOWUP, FakeDiscord._followup),
    ("GET", _ORIGINAL): (Kind.FETCH, FakeDiscord._get_original),
    ("PATCH", _ORIGINAL): (Kind.EDIT_ORIGINAL, FakeDiscord._edit_original),
    ("DELETE", _ORIGINAL): (Kind.DELETE_ORIGINAL, FakeDiscord._delete_original),
    ("GET", _WEBHOOK_MESSAGE): (Kind.FETCH, FakeDiscord._get_message),
    ("PATCH", _WEBHOOK_MESSAGE): (Kind.EDIT, FakeDiscord._edit_message),
    ("DELETE", _WEBHOOK_MESSAGE): (Kind.DELETE, FakeDiscord._delete_message),
    ("POST", "/channels/{channel_id}/messages"): (Kind.SEND, FakeDiscord._send),
    ("GET", _CHANNEL_MESSAGE): (Kind.FETCH, FakeDiscord._get_message),
    ("PATCH", _CHANNEL_MESSAGE): (Kind.EDIT, FakeDiscord._edit_message),
    ("DELETE", _CHANNEL_MESSAGE): (Kind.DELETE, FakeDiscord._delete_message),
    ("POST", "/channels/{channel_id}/threads"): (Kind.THREAD, FakeDiscord._create_thread),
    ("POST", _CHANNEL_MESSAGE + "/threads"): (Kind.THREAD, FakeDiscord._create_thread),
    ("GET", "/channels/{channel_id}"): (Kind.FETCH, FakeDiscord._get_channel),
    ("POST", "/channels/{channel_id}/typing"): (Kind.TYPING, FakeDiscord._typing),
    ("POST", "/users/@me/channels"): (Kind.OTHER, FakeDiscord._open_dm),
    ("GET", "/users/@me"): (Kind.FETCH, FakeDiscord._get_me),
    ("GET", "/users/{user_id}"): (Kind.FETCH, FakeDiscord._get_user),
    ("GET", "/oauth2/applications/@me"): (Kind.FETCH, FakeDiscord._get_application),
    ("GET", "/applications/{application_id}/commands"): (Kind.FETCH, FakeDiscord._list_commands),
    ("GET", "/applications/{application_id}/activity-instances/{instance_id}"): (
        Kind.FETCH,
        FakeDiscord._activity_instance,
    ),
    ("PUT", "/applications/{application_id}/commands"): (
        Kind.COMMANDS,
        FakeDiscord._sync_commands,
    ),
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"): (
        Kind.COMMANDS,
        FakeDiscord._sync_commands,
    ),
}
