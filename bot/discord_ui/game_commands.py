"""One slash-command group per game, built from `engine.GAMES`: never a copy per game."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

import engine
from bot.discord_ui.activities import ACTIVITY_ITEMS
from bot.discord_ui.buttons import GameAction
from bot.discord_ui.command_options import (
    DESCRIPTION_LIMIT,
    CommandOptions,
    needs_attach_files,
    parameter,
    with_parameters,
)
from bot.discord_ui.features import Feature
from bot.discord_ui.markup import markup
from bot.discord_ui.picker_views import PICKER_ITEMS
from bot.discord_ui.post_buttons import game_view
from bot.discord_ui.replies import (
    choices,
    host_of,
    in_time,
    place_language,
    reader,
    replies_only,
    reply,
    require_permissions,
    said_to,
    shorten,
)
from bot.discord_ui.review_commands import REVIEW_ITEMS, review_command
from bot.discord_ui.rules_pages import RULES_ITEMS, rules_embed, rules_view
from bot.discord_ui.slow_game_commands import suggest_time_limit
from bot.discord_ui.tree import anywhere, installed_to_anyone
from bot.discord_ui.views import DYNAMIC_ITEMS, post_in_channel, respond, send_post
from bot.discord_ui.web_commands import web_command
from bot.play.playing.ai_seats import DEFAULT_LEVEL, LEVELS
from bot.play.playing.challenges import ORDERS, Invitation
from bot.play.table.values import LARGEST_ID, Person, Prompt, Refusal
from bot.play.words.text import plain, t
from bot.play.words.wording import hint_text, thread_name

"""The most characters Discord takes in a description or a choice's name."""
INVITEE_PARAMETERS = ("opponent", "player3", "player4")
_FIXED_PARAMETERS = {"order", "thread", "time_limit", "ai", "hints", *INVITEE_PARAMETERS}
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]


class Someone(app_commands.Transformer):
    """A player option: a member in a server, the user in a DM or a group DM (someone no
    longer in the server comes without a member, and cannot be used)."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.user

    async def transform(
        self, interaction: discord.Interaction, value: Any, /
    ) -> discord.Member | discord.User:
        if isinstance(value, discord.Member):
            return value
        if interaction.guild_id is None and isinstance(value, discord.User):
            return value
        raise app_commands.TransformerError(value, self.type, self)


Player = app_commands.Transform[discord.Member | discord.User, Someone]


def build_groups() -> list[app_commands.Group]:
    """A command group for every hosted game: `/<game> start|move|give_time|board|resign|
    draw|undo|pause|resume|abort|rules|hint|history|review|web`."""
    return [GameGroup(info) for info in engine.GAMES.values()]


GAMES = Feature(
    build_groups,
    (*DYNAMIC_ITEMS, *PICKER_ITEMS, *RULES_ITEMS, *REVIEW_ITEMS, *ACTIVITY_ITEMS),
)
"""Playing: the games' command groups, and the buttons of their challenges, offers,
boards, move picker, rules pages, reviews and Activity launches."""


class GameGroup(app_commands.Group):
    """One game's commands: those every game has are methods; `start` and `move`, whose
    options the game's registry entry gives, are made for it (`_start_command`,
    `_move_command`); `review` and `web` by their modules. Descriptions name the game
    where they say `{title}` (the template is what a catalog translates)."""

    def __init__(self, info: engine.GameInfo) -> None:
        super().__init__(
            name=info.name,
            description=shorten(f"Play {info.title}. {info.summary}", DESCRIPTION_LIMIT),
            allowed_contexts=anywhere(),
            allowed_installs=installed_to_anyone(),
        )
        self.game = info.name
        made: list[app_commands.Command[Any, ..., Any] | app_commands.Group] = [
            _start_command(info),
            _move_command(info),
            review_command(info),
            web_command(info),
        ]
        for command in self.commands:
            text = app_commands.locale_str(command.description, title=info.title)
            command._locale_description = text
            command.description = command.description.format(title=info.title)
            self.remove_command(command.name)
            made.append(command)
        for command in made:
            self.add_command(command)

    @app_commands.command(name="give_time", description="Give time to another player's clock.")
    @app_commands.describe(
        player="The player who gets the time.", amount="How much time: like 1h, 12h or 1d."
    )
    async def give_time(
        self, interaction: discord.Interaction, player: Player, amount: str
    ) -> None:
        work = host_of(interaction).clock_changes.give_time(
            _channel_id(interaction), self.game, interaction.user.id, player.id, amount
        )
        await respond(interaction, work)

    @app_commands.command(description="Show the {title} board in this channel.")
    @app_commands.checks.bot_has_permissions(attach_files=True)
    async def board(self, interaction: discord.Interaction) -> None:
        work = host_of(interaction).moves.board(_channel_id(interaction), self.game)
        await respond(interaction, work)

    @app_commands.command(description="Resign your {title} game (asks to confirm).")
    async def resign(self, interaction: discord.Interaction) -> None:
        endings = host_of(interaction).endings
        user_id = interaction.user.id
        work = endings.resign_check(_channel_id(interaction), self.game, user_id)
        game_id = await in_time(interaction, work, ephemeral=True)
        await reply(
            interaction,
            content=said_to(interaction, t("Resign this game? This cannot be undone.")),
            view=game_view(game_id, GameAction.RESIGN, user_id, reader(interaction)),
            ephemeral=True,
        )

    @app_commands.command(description="Offer a draw; the other players accept or decline.")
    async def draw(self, interaction: discord.Interaction) -> None:
        await _offer(interaction, self.game, Prompt.DRAW)

    @app_commands.command(
        description="Ask to take back your last move; the others accept or decline."
    )
    async def undo(self, interaction: discord.Interaction) -> None:
        await _offer(interaction, self.game, Prompt.UNDO)

    @app_commands.command(description="Ask to stop the clocks; the others accept or decline.")
    async def pause(self, interaction: discord.Interaction) -> None:
        await _offer(interaction, self.game, Prompt.PAUSE)

    @app_commands.command(description="Start the stopped clocks again.")
    async def resume(self, interaction: discord.Interaction) -> None:
        work = host_of(interaction).clock_changes.resume(
            _channel_id(interaction), self.game, interaction.user.id
        )
        await respond(interaction, work)

    @app_commands.command(
        description="Abort the game, unrated: its starter before any move, or a moderator."
    )
    async def abort(self, interaction: discord.Interaction) -> None:
        moderator = interaction.permissions.manage_messages
        work = host_of(interaction).endings.abort(
            _channel_id(interaction), self.game, interaction.user.id, moderator=moderator
        )
        await respond(interaction, work)

    @app_commands.command(description="The rules of {title}, its rulings and move notation.")
    async def rules(self, interaction: discord.Interaction) -> None:
        await reply(
            interaction,
            embed=rules_embed(self.game, 0, reader(interaction)),
            view=rules_view(self.game, 0, reader(interaction)) or discord.utils.MISSING,
            ephemeral=True,
        )

    @app_commands.command(
        description="The coach's hint, where the game gives hints: your win at once, if any."
    )
    async def hint(self, interaction: discord.Interaction) -> None:
        work = host_of(interaction).coach.hint(
            _channel_id(interaction), self.game, interaction.user.id
        )
        hint = await in_time(interaction, work, ephemeral=True)
        await reply(interaction, content=said_to(interaction, hint_text(hint)), ephemeral=True)

    @app_commands.command(
        description="The move list and an animated replay (any finished game by id)."
    )
    @app_commands.rename(game_id="id")
    @app_commands.describe(game_id="A finished game's number, e.g. from /stats.")
    @app_commands.checks.bot_has_permissions(attach_files=True)
    async def history(
        self,
        interaction: discord.Interaction,
        game_id: app_commands.Range[int, 1, LARGEST_ID] | None = None,
    ) -> None:
        history, language = host_of(interaction).history, await place_language(interaction)
        if game_id is None:
            work = history.in_channel(_channel_id(interaction), self.game, language)
        else:
            asker = (interaction.guild_id, interaction.user.id)
            work = history.finished(*asker, self.game, game_id, language)
        await respond(interaction, work)


# -- start ----------------------------------------------------------------------


def _start_command(info: engine.GameInfo) -> app_commands.Command[Any, ..., None]:
    async def start(interaction: discord.Interaction, **values: Any) -> None:
        await _start(interaction, info, values)

    options = CommandOptions()
    for index, name in enumerate(INVITEE_PARAMETERS[: info.max_players - 1]):
        options.add(
            name,
            Player | None,
            "Who you challenge (me, to play the AI)." if index == 0 else "Another player, or me.",
        )
    options.add(
        "ai",
        str | None,
        f"Play against me at this level (default when invited: {DEFAULT_LEVEL}).",
        choices=LEVELS,
    )
    options.add_game_options(info)
    if not info.random_seating:
        options.add(
            "order",
            str | None,
            "Seating: as listed (you first), random, or ai first (I start).",
            choices=ORDERS,
        )
    options.add(
        "thread", bool | None, "Open a thread for the game (default: the server's setting)."
    )
    options.add(
        "hints",
        bool | None,
        "Show everyone their winning moves as hints; the game is then unrated.",
    )
    options.add(
        "time_limit",
        str | None,
        "Clock: none, per move like 3d, or a bank like 5d+1d (default: the server's).",
    )
    command = options.command("start", f"Challenge people to {info.title}.", start)
    command.autocomplete("time_limit")(suggest_time_limit)
    return needs_attach_files(command)


async def _start(
    interaction: discord.Interaction, info: engine.GameInfo, values: dict[str, Any]
) -> None:
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
        starter=_person(interaction, interaction.user),
        invitees=tuple(_person(interaction, user) for user in invitees),
        options=options,
        order=values.get("order"),
        time_limit=values.get("time_limit"),
        ai_level=values.get("ai"),
        hints=bool(values.get("hints")),
    )
    challenges = host_of(interaction).challenges
    if await _wants_thread(interaction, values.get("thread")):
        await _start_in_thread(interaction, info, invitation)
        return
    post = await in_time(interaction, challenges.start(invitation))
    message_id = await send_post(interaction, post)
    if message_id is not None:
        await challenges.note_message(post.game_id, message_id)


async def _wants_thread(interaction: discord.Interaction, asked: bool | None) -> bool:
    """The `thread` option, else the server's setting wherever a thread can be opened."""
    if asked is not None:
        return asked
    if replies_only(interaction) or not isinstance(interaction.channel, discord.TextChannel):
        return False
    return await host_of(interaction).slow_games.opens_thread(interaction.guild_id)


async def _start_in_thread(
    interaction: discord.Interaction, info: engine.GameInfo, invitation: Invitation
) -> None:
    if replies_only(interaction):
        raise Refusal(t("Games get their own thread only in servers I have been added to."))
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise Refusal(t("Games get their own thread only when started in a text channel."))
    require_permissions(interaction, "create_public_threads", "send_messages_in_threads")
    challenges = host_of(interaction).challenges
    challenges.check(invitation)
    await interaction.response.defer(thinking=True)
    players = challenges.players(invitation)
    name = plain(thread_name(info.title, players), language=await place_language(interaction))
    thread = await channel.create_thread(name=name[:100], type=discord.ChannelType.public_thread)
    post = await challenges.start(dataclasses.replace(invitation, thread_id=thread.id))
    message_id = await post_in_channel(interaction.client, thread.id, post)
    await host_of(interaction).outbox.sent(post)
    await challenges.note_message(post.game_id, message_id)
    posted = t("{game} challenge posted in {thread}.", game=info.title, thread=thread.mention)
    await reply(interaction, content=markup(posted, await place_language(interaction)))


# -- move -----------------------------------------------------------------------


def _move_command(info: engine.GameInfo) -> app_commands.Command[Any, ..., None]:
    """`move` with one option per part of a move: the whole move, or e.g. Folio's square
    and gift, each autocompleted from the legal moves agreeing with the parts given."""
    parts = info.move_parts

    async def move(interaction: discord.Interaction, **values: str | None) -> None:
        given = {name: value for name, value in values.items() if value}
        work = host_of(interaction).moves.move(
            _channel_id(interaction),
            info.name,
            interaction.user.id,
            given,
            reply_token=interaction.token,
        )
        await respond(interaction, work)

    required = len(parts) == 1
    annotation: Any = str if required else str | None
    parameters = [
        parameter("interaction", discord.Interaction),
        *(parameter(part.name, annotation, required=required) for part in parts),
    ]
    descriptions = {part.name: shorten(part.help, DESCRIPTION_LIMIT) for part in parts}
    callback = app_commands.describe(**descriptions)(with_parameters(move, parameters))
    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name="move", description=f"Make your move in {info.title}.", callback=callback
    )
    for part in parts:
        command.autocomplete(part.name)(_part_suggestions(info, part.name))
    return needs_attach_files(command)


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
        language = reader(interaction)
        pairs = await host_of(interaction).moves.suggestions(
            _channel_id(interaction),
            info.name,
            interaction.user.id,
            current,
            part,
            chosen,
            language,
        )
        return choices(
            (f"{text}: {plain(words, language=language)}", text) for text, words in pairs
        )

    return suggest


async def _offer(interaction: discord.Interaction, game: str, kind: Prompt) -> None:
    """An offer; when the bot plays, it answers at once (a draw after some thought)."""
    offers = host_of(interaction).offers
    work = offers.offer(_channel_id(interaction), game, interaction.user.id, kind)
    post = await in_time(interaction, work)
    message_id = await send_post(interaction, post)
    if message_id is not None:
        await offers.note_message(post, message_id)


# -- small helpers --------------------------------------------------------------------


def _channel_id(interaction: discord.Interaction) -> int:
    if interaction.channel_id is None:
        raise Refusal(t("Games are played in server channels."))
    return interaction.channel_id


def _person(interaction: discord.Interaction, user: discord.User | discord.Member) -> Person:
    """Who a user is to the game; the bot itself, invited, plays as the AI."""
    me = interaction.client.user
    return Person(user.id, user.display_name, user.bot, plays_ai=me is not None and user == me)
