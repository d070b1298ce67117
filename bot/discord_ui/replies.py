"""Turning the use cases' plain values into Discord messages, and the one place they are
sent: every reply and edit goes through `reply`, `update` or `message_kwargs`, which hold
it to Discord's limits, and slow work is wrapped in `in_time`, which defers the answer
before Discord's three seconds run out.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Iterable
from typing import Any, TypeVar

import aiohttp
import discord
from discord import app_commands

from bot.discord_ui.markup import markup
from bot.metrics import FIRST_ANSWER
from bot.play.host import Host
from bot.play.table.values import Post
from bot.play.words.languages import SOURCE
from bot.play.words.text import Text

log = logging.getLogger(__name__)
T = TypeVar("T")

DEFER_AFTER = 1.5
"""Seconds of work after which the answer is deferred, well inside Discord's three."""
THINKING_IN_PUBLIC = "pyr:thinking-in-public"
"""Set in `interaction.extras` while an answer deferred as public "thinking" is not sent."""
MESSAGE_LIMIT = 2000
EMBED_LIMITS = {"title": 256, "description": 4096, "field_name": 256, "field_value": 1024}
EMBED_FOOTER_LIMIT = 2048
EMBED_FIELDS = 25
EMBED_TOTAL = 6000
CHOICES = 25
CHOICE_TEXT = 100
ELLIPSIS = "…"
DISCORD_ERRORS = (discord.HTTPException, discord.RateLimited, aiohttp.ClientError)
"""What only a request to Discord raises: Discord refused or failed it (a 4xx, a 5xx, a
rate limit too long to wait out), or the connection to it failed."""
DISCORD_TROUBLE = (*DISCORD_ERRORS, OSError)
"""What a request to Discord raises, a connection reset by the system (an OSError, as a
database's lost connection raises too) with the rest."""
NO_PINGS = discord.AllowedMentions.none()
"""The client's default: only the users a post names in `pings` are ever notified."""


def message_kwargs(
    post: Post, view: discord.ui.View | None = None, language: str = SOURCE
) -> dict[str, Any]:
    """What `send_message`/`send` need for a post: text in `language`, files, buttons,
    allowed pings."""
    pings = " ".join(f"<@{user_id}>" for user_id in post.pings)
    limit = MESSAGE_LIMIT - len(pings) - 1 if pings else MESSAGE_LIMIT
    text = shorten(markup(post.text, language), limit)
    kwargs: dict[str, Any] = {
        "content": f"{text}\n{pings}" if pings else text,
        "files": [discord.File(io.BytesIO(f.data), filename=f.name) for f in post.files],
        "allowed_mentions": discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in post.pings]
        ),
    }
    if view is not None:
        kwargs["view"] = view
    return kwargs


def within_limits(kwargs: dict[str, Any]) -> dict[str, Any]:
    """A message's content and embeds cut to what Discord accepts."""
    fitted = dict(kwargs)
    content = fitted.get("content")
    if isinstance(content, str):
        fitted["content"] = shorten(content, MESSAGE_LIMIT)
    if isinstance(fitted.get("embed"), discord.Embed):
        fitted["embed"] = fitted_embed(fitted["embed"])
    if isinstance(fitted.get("embeds"), list):
        fitted["embeds"] = [fitted_embed(e) for e in fitted["embeds"]]
    return fitted


def shorten(text: str, limit: int) -> str:
    """The text, cut to `limit` characters with an ellipsis when longer."""
    return text if len(text) <= limit else text[: limit - len(ELLIPSIS)] + ELLIPSIS


def fitted_embed(embed: discord.Embed) -> discord.Embed:
    """A copy of the embed within every limit: each part's, the fields' count, the total."""
    fitted = discord.Embed(
        title=shorten(embed.title, EMBED_LIMITS["title"]) if embed.title else None,
        description=(
            shorten(embed.description, EMBED_LIMITS["description"]) if embed.description else None
        ),
        colour=embed.colour,
        url=embed.url,
    )
    for field in embed.fields[:EMBED_FIELDS]:
        fitted.add_field(
            name=shorten(field.name or "", EMBED_LIMITS["field_name"]),
            value=shorten(field.value or "", EMBED_LIMITS["field_value"]),
            inline=bool(field.inline),
        )
    if embed.footer.text:
        fitted.set_footer(text=shorten(embed.footer.text, EMBED_FOOTER_LIMIT))
    if embed.image.url:
        fitted.set_image(url=embed.image.url)
    while len(fitted) > EMBED_TOTAL and fitted.fields:
        fitted.remove_field(-1)
    if len(fitted) > EMBED_TOTAL and fitted.description:
        fitted.description = shorten(
            fitted.description, max(len(fitted.description) - len(fitted) + EMBED_TOTAL, 1)
        )
    return fitted


def choices(pairs: Iterable[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    """Autocomplete choices from (shown name, value) pairs, as many and as long as allowed.

    A value longer than Discord takes could not be sent back, so it is left out.
    """
    offered = [
        app_commands.Choice(name=shorten(name, CHOICE_TEXT), value=value)
        for name, value in pairs
        if 0 < len(value) <= CHOICE_TEXT
    ]
    return offered[:CHOICES]


async def in_time(
    interaction: discord.Interaction,
    work: Awaitable[T],
    *,
    ephemeral: bool = False,
    updating: bool = False,
) -> T:
    """The result of some work, deferring the answer first if it is slow to come.

    The answer is deferred as "thinking" (`ephemeral` when the answer will be), or, for
    a button `updating` its own message, as an update that `update` then makes.
    """
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
    if not done and not interaction.response.is_done():
        note_first_answer(interaction)
        try:
            if updating:
                await interaction.response.defer()
            else:
                await interaction.response.defer(thinking=True, ephemeral=ephemeral)
                interaction.extras[THINKING_IN_PUBLIC] = not ephemeral
        except DISCORD_TROUBLE:
            log.warning("could not defer interaction %s", interaction.id)
    return await task


def answers_in_original(interaction: discord.Interaction) -> bool:
    """Whether the next public answer becomes the interaction's own reply (its original
    response, which its token reads back): the first, or the first after "thinking"."""
    return not interaction.response.is_done() or bool(interaction.extras.get(THINKING_IN_PUBLIC))


async def reply(interaction: discord.Interaction, **kwargs: Any) -> int | None:
    """Answer, or follow up when the answer is used; the new message's id when known.

    The first follow-up after a deferral takes the place of its "thinking" message, seen
    by whoever saw that one; so an `ephemeral` answer deletes a public "thinking" first.
    """
    kwargs = within_limits(kwargs)
    if interaction.response.is_done():
        if interaction.extras.pop(THINKING_IN_PUBLIC, False) and kwargs.get("ephemeral"):
            await _delete_thinking(interaction)
        message = await interaction.followup.send(wait=True, **kwargs)
        return message.id
    note_first_answer(interaction)
    callback = await interaction.response.send_message(**kwargs)
    return callback.message_id


async def _delete_thinking(interaction: discord.Interaction) -> None:
    """Delete the public "thinking" message of a deferred answer (if that fails, the answer
    takes its place in public, as it would have)."""
    try:
        await interaction.delete_original_response()
    except DISCORD_TROUBLE:
        log.warning("could not delete the deferred answer of interaction %s", interaction.id)


async def update(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Edit the message a button sits on, whether or not its answer was deferred."""
    kwargs = within_limits(kwargs)
    if interaction.response.is_done():
        await interaction.edit_original_response(**kwargs)
    else:
        note_first_answer(interaction)
        await interaction.response.edit_message(**kwargs)


def note_first_answer(interaction: discord.Interaction) -> None:
    """Count how soon an interaction is first answered, from its creation."""
    waited = discord.utils.utcnow() - interaction.created_at
    FIRST_ANSWER.observe(max(waited.total_seconds(), 0.0))


def reader(interaction: discord.Interaction) -> str:
    """The language of whoever the interaction came from (their Discord's)."""
    return interaction.locale.value


def said_to(interaction: discord.Interaction, text: Text) -> str:
    """The text in markup, in the language of whoever the interaction came from."""
    return markup(text, reader(interaction))


async def place_language(interaction: discord.Interaction) -> str:
    """The language of a post everyone in the interaction's place reads: the server's
    (its `language` setting, else its own Discord's), or outside servers the language of
    whoever the interaction came from."""
    if interaction.guild_id is None:
        return interaction.locale.value
    own = (interaction.guild_locale or interaction.locale).value
    return await host_of(interaction).languages.of_server(interaction.guild_id, own)


async def channel_language(client: discord.Client, place_id: int) -> str:
    """The language of a post in a channel or thread the client knows: its server's
    (English where the channel or its server is not known)."""
    channel = client.get_channel(place_id)
    guild = getattr(channel, "guild", None)
    if not isinstance(guild, discord.Guild):
        return SOURCE
    return await client_host(client).languages.of_server(guild.id, guild.preferred_locale.value)


async def game_language(
    client: discord.Client, place_id: int, game_id: int
) -> tuple[str, int | None]:
    """The language of a post about a game that everyone in its place reads, and the
    game's server: the server's language, found by the game (a thread Discord no longer
    keeps in its cache too); outside servers, the language its first player last used
    the bot in; the place's where there is no such game."""
    host = client_host(client)
    record = await host.games.by_id(game_id) if game_id else None
    if record is None:
        return await channel_language(client, place_id), None
    return await host.languages.of_game(record), record.guild_id


def host_of(interaction: discord.Interaction) -> Host:
    """The use cases of the client that received the interaction."""
    return client_host(interaction.client)


def client_host(client: discord.Client) -> Host:
    """The use cases of the client."""
    host = getattr(client, "host", None)
    if not isinstance(host, Host):
        raise RuntimeError("the client has no host")
    return host


def replies_only(interaction: discord.Interaction) -> bool:
    """Whether the bot may only answer here, never post: a group DM or a DM between others,
    or a server it was not added to (the app installed to someone's account)."""
    context = interaction.context
    if context.private_channel:
        return True
    in_server = bool(context.guild) and interaction.guild_id is not None
    return in_server and not interaction.is_guild_integration()


def require_permissions(interaction: discord.Interaction, *names: str) -> None:
    """Refuses, as discord.py's `bot_has_permissions` check does, when the bot lacks one of
    these permissions here: for what only some uses of a command need."""
    missing = [name for name in names if not getattr(interaction.app_permissions, name)]
    if missing:
        raise app_commands.BotMissingPermissions(missing)
