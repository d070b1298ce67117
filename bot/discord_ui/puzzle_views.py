"""Answer a puzzle by taps: **Answer** on a puzzle opens a private picker of its
position's moves, a piece at a time as the Move picker picks them (the winning move not
marked), and picking a whole move answers with it. Every item carries what it needs in
its custom id, so pickers survive a restart."""

from __future__ import annotations

import re
from typing import Any, Self

import discord
from discord.ui import Button, DynamicItem, Select, View

from bot.discord_ui.buttons import ANSWER_ID, Buttons, answer_button, label
from bot.discord_ui.markup import markup
from bot.discord_ui.picker_views import CHOSEN, chosen_value, step_select
from bot.discord_ui.post_buttons import prompt_view
from bot.discord_ui.presses import ID, guarded
from bot.discord_ui.replies import host_of, in_time, reader, reply, update
from bot.play.playing.choices import Step
from bot.play.table.values import Post
from bot.play.words.languages import SOURCE
from bot.play.words.text import lines, t

PLY = r"\d{1,6}"
MOVED_ON = t("You have another puzzle open now; here it is.")
BACK = t("Back")


def answered(post: Post, interaction: discord.Interaction) -> dict[str, Any]:
    """An answer's verdict in place of the picker, in the language of whoever answered,
    with Answer while the puzzle is open."""
    language = reader(interaction)
    view = prompt_view(post, interaction.client, language) or Buttons()
    return {"content": markup(post.text, language), "view": view}


def picker_message(step: Step, language: str) -> dict[str, Any]:
    """The private message of the answer being picked, in `language` (its reader's):
    where it stands, the choices that follow, and Back."""
    view = Buttons()
    if step.choices:
        view.add_item(AnswerSelect(step, language=language))
    view.add_item(AnswerBack(step.game_id, step.version, step.back, language))
    shown = lines([MOVED_ON, step.heading]) if step.moved_on else step.heading
    return {"content": markup(shown, language), "view": view}


class AnswerButton(DynamicItem[Button[View]], template=ANSWER_ID):
    """Answer, on a puzzle: opens the picker of the asker's open puzzle."""

    def __init__(self) -> None:
        super().__init__(answer_button())

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, None, self._open(interaction))

    async def _open(self, interaction: discord.Interaction) -> None:
        puzzles = host_of(interaction).puzzles
        work = puzzles.step(interaction.guild_id, interaction.user.id)
        step = await in_time(interaction, work, ephemeral=True)
        await reply(interaction, ephemeral=True, **picker_message(step, reader(interaction)))


class AnswerSelect(
    DynamicItem[Select[View]], template=rf"pyr:pzpick:(?P<game>{ID}):(?P<ply>{PLY})"
):
    """The choices of the answer's step: a piece shows the next step, a whole move
    answers with it."""

    def __init__(
        self, step: Step | None, game_id: int = 0, ply: int = 0, *, language: str = SOURCE
    ) -> None:
        if step is not None:
            game_id, ply = step.game_id, step.version
        super().__init__(step_select(f"pyr:pzpick:{game_id}:{ply}", step, language))
        self.game_id = game_id
        self.ply = ply

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(None, int(match["game"]), int(match["ply"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, None, self._choose(interaction))

    async def _choose(self, interaction: discord.Interaction) -> None:
        chosen = chosen_value(interaction)
        puzzles = host_of(interaction).puzzles
        guild_id, user_id = interaction.guild_id, interaction.user.id
        work = puzzles.step(guild_id, user_id, chosen, (self.game_id, self.ply))
        step = await in_time(interaction, work, updating=True)
        if step.complete is None or step.moved_on:
            await update(interaction, **picker_message(step, reader(interaction)))
            return
        verdict = puzzles.answer(guild_id, user_id, step.complete)
        post = await in_time(interaction, verdict, updating=True)
        await update(interaction, **answered(post, interaction))


class AnswerBack(
    DynamicItem[Button[View]],
    template=rf"pyr:pzback:(?P<game>{ID}):(?P<ply>{PLY}):(?P<chosen>{CHOSEN})",
):
    """Back, on the answer's picker: the step shown before."""

    def __init__(self, game_id: int, ply: int, back: str | None, language: str = SOURCE) -> None:
        super().__init__(
            Button(
                label=label(BACK, language),
                style=discord.ButtonStyle.secondary,
                custom_id=f"pyr:pzback:{game_id}:{ply}:{back or ''}",
                disabled=back is None,
            )
        )
        self.game_id = game_id
        self.ply = ply
        self.back = back or ""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), int(match["ply"]), match["chosen"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, None, self._back(interaction))

    async def _back(self, interaction: discord.Interaction) -> None:
        puzzles = host_of(interaction).puzzles
        key = (self.game_id, self.ply)
        work = puzzles.step(interaction.guild_id, interaction.user.id, self.back, key)
        step = await in_time(interaction, work, updating=True)
        await update(interaction, **picker_message(step, reader(interaction)))


PUZZLE_ITEMS = (AnswerButton, AnswerSelect, AnswerBack)
