"""One slash-command group per game, built from `engine.GAMES`: never a copy per game."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

import engine
from bot.async_commands import play_of, suggest_time_limit
from bot.replies import message_kwargs, require_permissions
from bot.service import Invitation, Person, Prompt, Refusal
from bot.views import (
    prompt_view,
    resign_view,
    respond,
    rules_embed,
    rules_view,
    send_post,
    service_of,
)

Callback = Callable[..., Coroutine[Any, Any, None]]
DESCRIPTION_LIMIT = 100
INVITEE_PARAMETERS = ("opponent", "player3", "player4")
_FIXED_PARAMETERS = {"order", "thread", "time_limit", *INVITEE_PARAMETERS}


def build_groups() -> list[app_commands.Group]:
    """A command group for every hosted game."""
    return [game_group(info) for info in engine.GAMES.values()]


def game_group(info: engine.GameInfo) -> app_commands.Group:
    """`/<game> start|move|board|resign|draw|undo|abort|rules|history`."""
    group = app_commands.Group(
        name=info.name,
        description=_short(f"Play {info.title}. {info.summary}"),
        guild_only=True,
    )
    group.add_command(_start_command(info))
    group.add_command(_move_command(info))
    for name, description, callback in _simple_commands(info):
        group.add_command(
            app_commands.Command(name=name, description=description, callback=callback)
        )
    return group


# -- start ----------------------------------------------------------------------


def _start_command(info: engine.GameInfo) -> app_commands.Command[Any, ..., None]:
    async def start(interaction: discord.Interaction, **values: Any) -> None:
        await _start(interaction, info, values)

    parameters = [_parameter("interaction", discord.Interaction)]
    descriptions: dict[str, str] = {}
    choices: dict[str, list[app_commands.Choice[str]]] = {}
    for index, name in enumerate(INVITEE_PARAMETERS[: info.max_players - 1]):
        required = index + 1 < info.min_players
        annotation: Any = discord.Member if required else discord.Member | None
        parameters.append(_parameter(name, annotation, required=required))
        descriptions[name] = "Who you challenge." if index == 0 else "Another player (optional)."
    for option in info.options:
        parameters.append(_parameter(option.name, _option_annotation(option), required=False))
        descriptions[option.name] = _short(option.help)
        if option.choices:
            # Values known but not offered stay listed, so choosing one says why not.
            offered = [*option.choices, *(value for value, _ in option.refusals)]
            choices[option.name] = [app_commands.Choice(name=c, value=c) for c in offered]
    if not info.random_seating:
        parameters.append(_parameter("order", str | None, required=False))
        descriptions["order"] = "Seating: as listed (you first) or random."
        choices["order"] = [app_commands.Choice(name=c, value=c) for c in ("listed", "random")]
    parameters.append(_parameter("thread", bool | None, required=False))
    descriptions["thread"] = "Open a thread for the game (default: the server's setting)."
    parameters.append(_parameter("time_limit", str | None, required=False))
    descriptions["time_limit"] = "Time per move: none, or like 12h or 3d (default: the server's)."
    start.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    start.__discord_app_commands_param_description__ = descriptions  # type: ignore[attr-defined]
    start.__discord_app_commands_param_choices__ = choices  # type: ignore[attr-defined]
    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name="start", description=f"Challenge people to {info.title}.", callback=start
    )
    command.autocomplete("time_limit")(suggest_time_limit)
    return command


def _parameter(name: str, annotation: Any, *, required: bool = True) -> inspect.Parameter:
    return inspect.Parameter(
        name,
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
        annotation=annotation,
        default=inspect.Parameter.empty if required else None,
    )


def _option_annotation(option: engine.Option) -> Any:
    if option.kind is bool:
        return bool | None
    if option.kind is int:
        low = option.minimum if option.minimum is not None else -(2**53)
        high = option.maximum if option.maximum is not None else 2**53
        return app_commands.Range[int, low, high] | None
    return str | None


async def _start(
    interaction: discord.Interaction, info: engine.GameInfo, values: dict[str, Any]
) -> None:
    require_permissions(interaction, "attach_files")
    invitees = [values[n] for n in INVITEE_PARAMETERS if values.get(n) is not None]
    options = {
        name: value
        for name, value in values.items()
        if name not in _FIXED_PARAMETERS and value is not None
    }
    invitation = Invitation(
        game=info.name,
        guild_id=interaction.guild_id,
        channel_id=_channel_id(interaction),
        starter=_person(interaction.user),
        invitees=tuple(_person(user) for user in invitees),
        options=options,
        random_order=values.get("order") == "random",
        time_limit=values.get("time_limit"),
    )
    service = service_of(interaction)
    if await _wants_thread(interaction, values.get("thread")):
        await _start_in_thread(interaction, info, invitation)
        return
    post = await service.start(invitation)
    message_id = await send_post(interaction, post)
    if message_id is not None:
        await service.note_message(post.game_id, message_id)


async def _wants_thread(interaction: discord.Interaction, asked: bool | None) -> bool:
    """The `thread` option, else the server's setting wherever a thread can be opened."""
    if asked is not None:
        return asked
    in_text_channel = isinstance(interaction.channel, discord.TextChannel)
    return in_text_channel and await play_of(interaction).opens_thread(interaction.guild_id)


async def _start_in_thread(
    interaction: discord.Interaction, info: engine.GameInfo, invitation: Invitation
) -> None:
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise Refusal("Games get their own thread only when started in a text channel.")
    require_permissions(interaction, "create_public_threads", "send_messages_in_threads")
    service = service_of(interaction)
    service.check_invitation(invitation)
    await interaction.response.defer(thinking=True)
    names = " vs ".join(p.name for p in (invitation.starter, *invitation.invitees))
    thread = await channel.create_thread(
        name=f"{info.title}: {names}"[:100], type=discord.ChannelType.public_thread
    )
    post = await service.start(dataclasses.replace(invitation, thread_id=thread.id))
    message = await thread.send(**message_kwargs(post, prompt_view(post)))
    await service.note_message(post.game_id, message.id)
    await interaction.followup.send(f"{info.title} challenge posted in {thread.mention}.")


# -- move -----------------------------------------------------------------------


def _move_command(info: engine.GameInfo) -> app_commands.Command[Any, ..., None]:
    """`move` with one option per part of a move: the whole move, or e.g. Folio's square
    and gift, each autocompleted from the legal moves agreeing with the parts given."""
    parts = info.move_parts

    async def move(interaction: discord.Interaction, **values: str | None) -> None:
        require_permissions(interaction, "attach_files")
        given = {name: value for name, value in values.items() if value}
        work = service_of(interaction).move(
            _channel_id(interaction), info.name, interaction.user.id, given
        )
        await respond(interaction, work)

    required = len(parts) == 1
    annotation: Any = str if required else str | None
    move.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            _parameter("interaction", discord.Interaction),
            *(_parameter(part.name, annotation, required=required) for part in parts),
        ]
    )
    move.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
        part.name: _short(part.help) for part in parts
    }
    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name="move", description=f"Make your move in {info.title}.", callback=move
    )
    for part in parts:
        command.autocomplete(part.name)(_part_suggestions(info, part.name))
    return command


def _part_suggestions(
    info: engine.GameInfo, part: str
) -> Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]:
    async def suggest(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        chosen = {
            name: value
            for name, value in vars(interaction.namespace).items()
            if isinstance(value, str) and name != part
        }
        pairs = await service_of(interaction).suggestions(
            _channel_id(interaction), info.name, interaction.user.id, current, part, chosen
        )
        return [
            app_commands.Choice(name=_short(f"{text}: {words}"), value=text)
            for text, words in pairs
        ]

    return suggest


# -- the commands without options ---------------------------------------------------


def _simple_commands(info: engine.GameInfo) -> list[tuple[str, str, Callback]]:
    game = info.name

    async def board(interaction: discord.Interaction) -> None:
        require_permissions(interaction, "attach_files")
        await respond(interaction, service_of(interaction).board(_channel_id(interaction), game))

    @app_commands.rename(game_id="id")
    @app_commands.describe(game_id="A finished game's number, e.g. from /stats.")
    async def history(
        interaction: discord.Interaction, game_id: app_commands.Range[int, 1] | None = None
    ) -> None:
        require_permissions(interaction, "attach_files")
        service = service_of(interaction)
        if game_id is None:
            work = service.history(_channel_id(interaction), game)
        else:
            work = service.finished_history(interaction.guild_id, game, game_id)
        await respond(interaction, work)

    async def resign(interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        game_id = await service.resign_check(_channel_id(interaction), game, interaction.user.id)
        await interaction.response.send_message(
            "Resign this game? This cannot be undone.", view=resign_view(game_id), ephemeral=True
        )

    async def draw(interaction: discord.Interaction) -> None:
        await _offer(interaction, game, Prompt.DRAW)

    async def undo(interaction: discord.Interaction) -> None:
        await _offer(interaction, game, Prompt.UNDO)

    async def abort(interaction: discord.Interaction) -> None:
        moderator = interaction.permissions.manage_messages
        post = await service_of(interaction).abort(
            _channel_id(interaction), game, interaction.user.id, moderator=moderator
        )
        await send_post(interaction, post)

    async def rules(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            embed=rules_embed(game, 0),
            view=rules_view(game, 0) or discord.utils.MISSING,
            ephemeral=True,
        )

    title = info.title
    return [
        ("board", f"Show the {title} board in this channel.", board),
        ("resign", f"Resign your {title} game (asks to confirm).", resign),
        ("draw", "Offer a draw; the other players accept or decline.", draw),
        ("undo", "Ask to take back your last move; the others accept or decline.", undo),
        ("abort", "Abort the game, unrated: its starter before any move, or a moderator.", abort),
        ("rules", f"The rules of {title}, its rulings and move notation.", rules),
        ("history", "The move list and an animated replay (any finished game by id).", history),
    ]


async def _offer(interaction: discord.Interaction, game: str, kind: Prompt) -> None:
    post = await service_of(interaction).offer(
        _channel_id(interaction), game, interaction.user.id, kind
    )
    await send_post(interaction, post)


# -- small helpers --------------------------------------------------------------------


def _channel_id(interaction: discord.Interaction) -> int:
    if interaction.channel_id is None:
        raise Refusal("Games are played in server channels.")
    return interaction.channel_id


def _person(user: discord.User | discord.Member) -> Person:
    return Person(user.id, user.display_name, user.bot)


def _short(text: str) -> str:
    """Fit Discord's 100-character limit on descriptions and choice names."""
    return text if len(text) <= DESCRIPTION_LIMIT else text[: DESCRIPTION_LIMIT - 1] + "…"
