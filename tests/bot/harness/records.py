"""The values the harness deals in: people and places, what the bot sent, and errors."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import discord
from discord import app_commands

from tests.bot.harness import discord_internals as internals

Json = dict[str, Any]


MEMBER_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    read_message_history=True,
    use_external_emojis=True,
    use_application_commands=True,
)
"""What a member without roles may do; `set_permissions` changes it per member."""


APP_PERMISSIONS = MEMBER_PERMISSIONS | discord.Permissions(manage_threads=True)
"""What the bot may do by default, sent as the interactions' `app_permissions`."""


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class HarnessError(AssertionError):
    """A test asked for something Discord would not send or the bot did not do."""


class HarnessTimeout(HarnessError):
    """The bot was still busy with an interaction when the harness stopped waiting."""


class NetworkBlocked(RuntimeError):
    """Something tried to reach the network while a harness was running."""


class Kind(StrEnum):
    """What a captured request does.

    RESPONSE is the interaction callback; FOLLOWUP, EDIT_ORIGINAL and DELETE_ORIGINAL use the
    interaction webhook; SEND is a REST channel message; EDIT, DELETE and FETCH work on any
    message (or fetch a channel or user); THREAD creates a thread; COMMANDS syncs the tree;
    TYPING shows the bot typing in a channel; OAUTH is an OAuth2 call of the Activity's
    (the code exchange, the user of a token).
    """

    RESPONSE = "response"
    FOLLOWUP = "followup"
    EDIT_ORIGINAL = "edit_original"
    DELETE_ORIGINAL = "delete_original"
    SEND = "send"
    EDIT = "edit"
    DELETE = "delete"
    FETCH = "fetch"
    THREAD = "thread"
    COMMANDS = "commands"
    TYPING = "typing"
    OAUTH = "oauth"
    OTHER = "other"


@dataclass(frozen=True)
class User:
    """A Discord user; `harness.user(name)` gives the same one for the same name."""

    id: int
    name: str
    bot: bool = False
    locale: str = "en-US"
    """The language the user's Discord is set to, sent with each of their interactions."""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> Json:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
        }


@dataclass(frozen=True)
class Guild:
    """A server: the bot is in it unless `bot_member` is False (a server where people
    use the app installed to their accounts)."""

    id: int
    name: str
    owner: User
    bot_member: bool = True
    locale: str = "en-US"
    """The server's language (its community setting), sent with each interaction there."""


@dataclass(frozen=True)
class Channel:
    """A text channel, a thread (with `parent`), a DM with the bot (with `recipient`, no
    guild) or a group DM (with `recipients`, no guild), which the bot is not in."""

    id: int
    name: str
    type: discord.ChannelType
    guild: Guild | None
    parent: Channel | None = None
    recipient: User | None = None
    recipients: tuple[User, ...] = ()

    @property
    def bot_inside(self) -> bool:
        """Whether the bot is in the channel, able to post there: not a group DM, nor a
        channel of a server it is not in."""
        if self.guild is not None:
            return self.guild.bot_member
        return self.type is not discord.ChannelType.group

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> Json:
        if self.recipients:
            return {
                "id": str(self.id),
                "type": self.type.value,
                "name": self.name,
                "owner_id": str(self.recipients[0].id),
                "recipients": [user.payload() for user in self.recipients],
            }
        if self.recipient is not None:
            return {
                "id": str(self.id),
                "type": self.type.value,
                "recipients": [self.recipient.payload()],
            }
        data: Json = {
            "id": str(self.id),
            "type": self.type.value,
            "name": self.name,
            "guild_id": str(self.guild.id) if self.guild else None,
            "position": 0,
            "permission_overwrites": [],
            "parent_id": str(self.parent.id) if self.parent else None,
        }
        if self.parent is not None:
            data["thread_metadata"] = {
                "archived": False,
                "locked": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": timestamp(self.id),
            }
        return data


@dataclass(frozen=True)
class SentFile:
    """A file the bot uploaded."""

    filename: str
    data: bytes
    description: str | None = None

    @property
    def is_png(self) -> bool:
        return self.data.startswith(PNG_SIGNATURE)


@dataclass(frozen=True)
class Button:
    """A button as the bot sent it."""

    label: str | None
    custom_id: str | None
    style: int
    disabled: bool
    url: str | None
    emoji: str | None


class _HasMessageData:
    """Readers shared by requests and messages over their message JSON and files."""

    files: tuple[SentFile, ...]

    @property
    def data(self) -> Mapping[str, Any]:
        raise NotImplementedError

    @property
    def content(self) -> str:
        return self.data.get("content") or ""

    @property
    def embeds(self) -> list[discord.Embed]:
        return [discord.Embed.from_dict(embed) for embed in self.data.get("embeds") or []]

    @property
    def flags(self) -> discord.MessageFlags:
        return internals.message_flags(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return self.flags.ephemeral

    @property
    def components(self) -> list[Json]:
        return list(self.data.get("components") or [])

    @property
    def buttons(self) -> list[Button]:
        return [
            Button(
                label=c.get("label"),
                custom_id=c.get("custom_id"),
                style=c.get("style", 1),
                disabled=c.get("disabled", False),
                url=c.get("url"),
                emoji=(c.get("emoji") or {}).get("name"),
            )
            for c in walk_components(self.components)
            if c.get("type") == discord.ComponentType.button.value
        ]

    def button(self, label: str) -> Button:
        """The button with this label (or custom_id)."""
        for button in self.buttons:
            if label in (button.label, button.custom_id):
                return button
        raise HarnessError(f"No button {label!r} among {[b.label for b in self.buttons]}.")

    def png(self) -> bytes:
        """The bytes of the first PNG attached."""
        for sent in self.files:
            if sent.is_png:
                return sent.data
        raise HarnessError(f"No PNG among the files {[f.filename for f in self.files]}.")


@dataclass(eq=False)
class SentMessage(_HasMessageData):
    """A message the bot posted, as it stands now (edits applied)."""

    id: int
    channel: Channel
    payload: Json
    files: tuple[SentFile, ...] = ()
    visible_to: User | None = None
    deleted: bool = False

    @property
    def data(self) -> Mapping[str, Any]:
        return self.payload


@dataclass(frozen=True)
class Request(_HasMessageData):
    """One HTTP call the bot made: route, body (JSON or multipart `payload_json`) and files."""

    method: str
    path: str
    params: Mapping[str, str]
    query: Mapping[str, Any]
    kind: Kind
    body: Any
    files: tuple[SentFile, ...] = ()
    reason: str | None = None
    status: int = 200
    message: SentMessage | None = field(default=None, compare=False)
    sent_at: float = field(default=0.0, compare=False)
    """When the fake Discord received it (`time.perf_counter()`)."""

    @property
    def response_type(self) -> discord.InteractionResponseType | None:
        """The interaction callback type, for `Kind.RESPONSE`."""
        if self.kind is not Kind.RESPONSE:
            return None
        return discord.InteractionResponseType(self.body["type"])

    @property
    def data(self) -> Mapping[str, Any]:
        """The message (or choices, or modal) part of the body."""
        data = self.body.get("data") if self.kind is Kind.RESPONSE else self.body
        return data if isinstance(data, Mapping) else {}

    @property
    def allowed_mentions(self) -> Mapping[str, Any] | None:
        return self.data.get("allowed_mentions")

    @property
    def choices(self) -> list[app_commands.Choice[str | int | float]]:
        return [app_commands.Choice(name=c["name"], value=c["value"]) for c in self.data["choices"]]


@dataclass
class Reply:
    """The requests the bot made while handling one interaction, sent at `started_at` or later.

    `started_at` is when the interaction was handed to the client (`time.perf_counter()`).
    """

    requests: list[Request]
    started_at: float = 0.0

    @property
    def response(self) -> Request:
        """The interaction callback (reply, defer, update, choices or modal)."""
        return self.first(Kind.RESPONSE)

    @property
    def messages(self) -> list[SentMessage]:
        """The messages created or edited, in order of first touch."""
        unique = {id(r.message): r.message for r in self.requests if r.message is not None}
        return list(unique.values())

    @property
    def message(self) -> SentMessage:
        """The last message created or edited."""
        touched = [r.message for r in self.requests if r.message is not None]
        if not touched:
            raise HarnessError(f"The bot posted no message; it made {self.summary()}.")
        return touched[-1]

    @property
    def content(self) -> str:
        return self.message.content

    @property
    def embeds(self) -> list[discord.Embed]:
        return self.message.embeds

    @property
    def ephemeral(self) -> bool:
        return self.message.ephemeral

    @property
    def files(self) -> tuple[SentFile, ...]:
        return self.message.files

    @property
    def buttons(self) -> list[Button]:
        return self.message.buttons

    @property
    def modal(self) -> Mapping[str, Any]:
        """The modal the bot opened."""
        response = self.response
        if response.response_type is not discord.InteractionResponseType.modal:
            raise HarnessError(f"The bot answered {response.response_type}, not a modal.")
        return response.data

    def button(self, label: str) -> Button:
        return self.message.button(label)

    def png(self) -> bytes:
        return self.message.png()

    def of(self, kind: Kind) -> list[Request]:
        """The requests of one kind."""
        return [r for r in self.requests if r.kind is kind]

    def first(self, kind: Kind) -> Request:
        """The first request of one kind."""
        for request in self.requests:
            if request.kind is kind:
                return request
        raise HarnessError(f"No {kind} request; the bot made {self.summary()}.")

    def summary(self) -> str:
        """The requests as "METHOD path", for error messages."""
        return ", ".join(f"{r.method} {r.path}" for r in self.requests) or "no request"


def walk_components(components: Sequence[Json]) -> Iterator[Json]:
    """Every component, nested ones included (rows, sections, labels)."""
    for component in components:
        yield component
        yield from walk_components(component.get("components") or [])
        for key in ("accessory", "component"):
            if key in component:
                yield from walk_components([component[key]])


def timestamp(snowflake: int) -> str:
    """The ISO time of a snowflake, as Discord writes message timestamps."""
    return discord.utils.snowflake_time(snowflake).isoformat()
