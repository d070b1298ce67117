"""Tap to move in Discord: the Move button on a turn's post opens a private picker that
builds the move step by step (`bot.play.playing.choices`), with Back, Cancel and, once the move
is whole, Play. Every button carries what it needs in its custom id, so pickers survive
a restart."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, Self

import discord
from discord.ui import Button, DynamicItem, Select, View

from bot.discord_ui.buttons import Buttons, label, move_button
from bot.discord_ui.markup import markup
from bot.discord_ui.presses import ID, guarded, in_its_channel
from bot.discord_ui.replies import host_of, in_time, reader, reply, said_to, update
from bot.discord_ui.views import send_post
from bot.play.playing.choices import Choice, Step
from bot.play.words.languages import SOURCE
from bot.play.words.text import Code, plain, t
from bot.web.links import WebLinks

VERSION = r"\d{1,12}"
CHOSEN = r"[^:]{0,40}"
"""The text of a move picked so far, as a custom id carries it."""
MOVED_ON = t("The game moved on since this picker was opened; here it is afresh.")
PLAY_ON_THE_WEB = t("Play on the web")
CHOOSE, WINS = t("Choose…"), t("wins")


def picker_message(step: Step, interaction: discord.Interaction) -> dict[str, Any]:
    """The private message of a picker's step: where it stands, the choices that follow
    (the winning ones first, marked, where the game gives hints), Back, Cancel, Play once
    the move is whole, and a link to play on the web when the bot serves pages."""
    language = reader(interaction)
    shown = markup(step.heading, language)
    if step.moved_on:
        shown = f"{markup(MOVED_ON, language)}\n{shown}"
    view = Buttons()
    if step.choices:
        view.add_item(PickSelect(step, language=language))
    back, game_id, version = step.back, step.game_id, step.version
    view.add_item(
        PickButton(
            "back",
            game_id=game_id,
            version=version,
            chosen=back or "",
            disabled=back is None,
            language=language,
        )
    )
    view.add_item(PickButton("cancel", step, language=language))
    if step.complete is not None:
        view.add_item(PickButton("play", step, language=language))
    links = getattr(interaction.client, "links", None)
    if isinstance(links, WebLinks):
        now = host_of(interaction).games.clock()
        page = links.play(step.game_id, interaction.user.id, now)
        view.add_item(Button(label=label(PLAY_ON_THE_WEB, language), url=page))
    return {"content": shown, "view": view}


class MoveButton(DynamicItem[Button[View]], template=rf"pyr:move:(?P<game>{ID})"):
    """Move, on the post that says whose turn it is: opens the picker for that player."""

    def __init__(self, game_id: int) -> None:
        super().__init__(move_button(game_id))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self.game_id, self._open(interaction))

    async def _open(self, interaction: discord.Interaction) -> None:
        await in_its_channel(interaction, self.game_id)
        picker = host_of(interaction).picker
        step = await in_time(interaction, picker.step(self.game_id, interaction.user.id))
        await reply(interaction, ephemeral=True, **picker_message(step, interaction))


class PickSelect(
    DynamicItem[Select[View]], template=rf"pyr:pick:(?P<game>{ID}):(?P<version>{VERSION})"
):
    """The choices of a picker's step; choosing one shows the next step."""

    def __init__(
        self, step: Step | None, game_id: int = 0, version: int = 0, *, language: str = SOURCE
    ) -> None:
        if step is not None:
            game_id, version = step.game_id, step.version
        super().__init__(step_select(f"pyr:pick:{game_id}:{version}", step, language))
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(None, int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self.game_id, self._choose(interaction))

    async def _choose(self, interaction: discord.Interaction) -> None:
        await in_its_channel(interaction, self.game_id)
        chosen = chosen_value(interaction)
        picker = host_of(interaction).picker
        work = picker.step(self.game_id, interaction.user.id, chosen, self.version)
        step = await in_time(interaction, work, updating=True)
        await update(interaction, **picker_message(step, interaction))


class PickButton(
    DynamicItem[Button[View]],
    template=(
        rf"pyr:pickx:(?P<action>back|cancel|play):(?P<game>{ID}):(?P<version>{VERSION}):"
        rf"(?P<chosen>{CHOSEN})"
    ),
):
    """Back, Cancel and Play on a picker."""

    def __init__(
        self,
        action: str,
        step: Step | None = None,
        *,
        game_id: int = 0,
        version: int = 0,
        chosen: str = "",
        disabled: bool = False,
        language: str = SOURCE,
    ) -> None:
        if step is not None:
            game_id, version, chosen = step.game_id, step.version, step.chosen
        words, style = _PICK_LOOKS[action]
        custom_id = f"pyr:pickx:{action}:{game_id}:{version}:{chosen}"
        shown = label(words, language)
        super().__init__(Button(label=shown, style=style, custom_id=custom_id, disabled=disabled))
        self.action = action
        self.game_id = game_id
        self.version = version
        self.chosen = chosen

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(
            match["action"],
            game_id=int(match["game"]),
            version=int(match["version"]),
            chosen=match["chosen"],
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        actions = {"back": self._back, "cancel": self._cancel, "play": self._play}
        await guarded(interaction, self.game_id, self._in_place(interaction, actions[self.action]))

    async def _in_place(
        self,
        interaction: discord.Interaction,
        action: Callable[[discord.Interaction], Awaitable[None]],
    ) -> None:
        await in_its_channel(interaction, self.game_id)
        await action(interaction)

    async def _back(self, interaction: discord.Interaction) -> None:
        picker = host_of(interaction).picker
        work = picker.step(self.game_id, interaction.user.id, self.chosen, self.version)
        await update(
            interaction,
            **picker_message(await in_time(interaction, work, updating=True), interaction),
        )

    async def _cancel(self, interaction: discord.Interaction) -> None:
        await update(interaction, content=said_to(interaction, t("No move played.")), view=None)

    async def _play(self, interaction: discord.Interaction) -> None:
        picker = host_of(interaction).picker
        work = picker.play(self.game_id, interaction.user.id, self.chosen, self.version)
        played = await in_time(interaction, work, updating=True)
        if isinstance(played, Step):
            await update(interaction, **picker_message(played, interaction))
            return
        said = said_to(interaction, t("You played {move}.", move=Code(self.chosen)))
        await update(interaction, content=said, view=None)
        await send_post(interaction, played)


_PICK_LOOKS = {
    "back": (t("Back"), discord.ButtonStyle.secondary),
    "cancel": (t("Cancel"), discord.ButtonStyle.secondary),
    "play": (t("Play"), discord.ButtonStyle.success),
}


def step_select(custom_id: str, step: Step | None, language: str = SOURCE) -> Select[View]:
    """The list of a step's choices (a placeholder option in one rebuilt from its id)."""
    options = [] if step is None else [choice_option(c, language) for c in step.choices]
    return Select(
        custom_id=custom_id,
        placeholder=label(CHOOSE, language),
        options=options or [discord.SelectOption(label="…")],
    )


def chosen_value(interaction: discord.Interaction) -> str:
    """The value chosen in a list."""
    data: dict[str, Any] = dict(interaction.data or {})
    return str((data.get("values") or [""])[0])


def choice_option(choice: Choice, language: str = SOURCE) -> discord.SelectOption:
    """A choice as a list shows it: what a whole move does, and whether it wins."""
    said = [plain(choice.words, language=language)] if choice.words.segments else []
    said += [label(WINS, language)] if choice.wins else []
    return discord.SelectOption(
        label=choice.label[:100],
        value=choice.value,
        description=" — ".join(said)[:100] or None,
    )


PICKER_ITEMS = (MoveButton, PickSelect, PickButton)
