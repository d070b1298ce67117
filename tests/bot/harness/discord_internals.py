"""Every reach of the harness into discord.py's private parts, in one place.

The harness stands where Discord's gateway and HTTP API stand, so it must touch parts of
discord.py that bots never do. Each reach is one function here, saying why; a discord.py
upgrade that moves one of them breaks this file alone.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Iterator
from typing import Any, cast

import discord
from discord import app_commands
from discord.webhook.async_ import AsyncWebhookAdapter

WebhookRequest = Callable[..., Coroutine[Any, Any, Any]]

VIEW_WAIT_CODE = discord.ui.view.BaseView.wait.__code__
"""The code of `View.wait` (defined on the private `BaseView`): a task paused in it waits
for a user, not for work."""


def command_tree(client: discord.Client) -> app_commands.CommandTree[Any]:
    """The tree a client's commands were registered on (kept on its connection state)."""
    return cast(app_commands.CommandTree[Any], client._connection._command_tree)


def answer_rest(
    client: discord.Client,
    static_login: Callable[[str], Coroutine[Any, Any, Any]],
    request: Callable[..., Coroutine[Any, Any, Any]],
) -> None:
    """Route the client's REST calls to the harness: its `HTTPClient` (an undocumented
    attribute) gets the harness's login and request in place of its own."""
    http = client.http
    http.static_login = static_login  # type: ignore[method-assign, assignment]
    http.request = request  # type: ignore[method-assign]


def log_in_offline(client: discord.Client, session: object, token: str) -> None:
    """What `HTTPClient.static_login` sets up, without a network: the (name-mangled)
    session, the global rate-limit event already clear, and the token."""
    http = client.http
    http._HTTPClient__session = session  # type: ignore[attr-defined]
    http._global_over = asyncio.Event()
    http._global_over.set()
    http.token = token


def mark_ready(client: discord.Client) -> None:
    """What the gateway's READY does to the client: `wait_until_ready` returns."""
    client._ready.set()


def mark_disconnected(client: discord.Client) -> None:
    """What losing the gateway does to the client until it is READY again."""
    client._ready.clear()


def receive_interaction(client: discord.Client, payload: dict[str, Any]) -> None:
    """Feed an INTERACTION_CREATE payload to the connection state, as the gateway does."""
    client._connection.parse_interaction_create(payload)  # type: ignore[arg-type]


def cache_guild(client: discord.Client, payload: dict[str, Any]) -> None:
    """Put a guild in the client's cache, as a GUILD_CREATE would."""
    client._connection._add_guild_from_data(cast(Any, payload))


def cache_text_channel(client: discord.Client, guild: discord.Guild, data: dict[str, Any]) -> None:
    """Put a text channel in a cached guild, as a CHANNEL_CREATE would."""
    state = client._connection
    guild._add_channel(discord.TextChannel(state=state, guild=guild, data=cast(Any, data)))


def cache_thread(client: discord.Client, guild: discord.Guild, data: dict[str, Any]) -> None:
    """Put a thread in a cached guild, as a THREAD_CREATE would."""
    state = client._connection
    guild._add_thread(discord.Thread(guild=guild, state=state, data=cast(Any, data)))


def listener_futures(client: discord.Client) -> Iterator[asyncio.Future[Any]]:
    """The futures `Client.wait_for` calls wait on."""
    for waiting in client._listeners.values():
        for future, _ in waiting:
            yield future


def message_flags(value: int) -> discord.MessageFlags:
    """Message flags from their raw value, as discord.py reads them from a payload."""
    return discord.MessageFlags._from_value(value)


def answer_webhooks(answer: Callable[[WebhookRequest], WebhookRequest]) -> None:
    """Route interaction webhook calls (responses, followups) through `answer`, which is
    given discord.py's own request function to pass on what it does not handle."""
    AsyncWebhookAdapter.request = answer(AsyncWebhookAdapter.request)  # type: ignore[method-assign]


def views_kept(client: discord.Client) -> int:
    """How many sent views the client keeps to answer presses with (its view store)."""
    store = client._connection._view_store
    return len(store._views) + len(store._synced_message_views)
