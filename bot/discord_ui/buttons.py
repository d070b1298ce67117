"""Buttons as posts carry them, each answered by an item that lives beside its commands
(named in its docstring): their custom ids are written here and read there. A press no
item takes is answered here."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Any

import discord
from discord.ui import Button, DynamicItem, View

from bot.discord_ui.replies import reply, said_to
from bot.play.words.languages import SOURCE
from bot.play.words.text import Text, plain, t

ANSWER_ID = "pyr:puzzle:answer"
NO_LONGER_WORKS = t("This button no longer works.")


class GameAction(StrEnum):
    """What a button acting on one game does (`bot.discord_ui.views.GameButton`); its
    value is written in the custom id."""

    RESIGN = "resign"
    REPLAY = "replay"
    REMATCH = "rematch"
    CLAIM = "claim"


GAME_BUTTON_LOOKS = {
    GameAction.RESIGN: (t("Resign"), discord.ButtonStyle.danger),
    GameAction.REPLAY: (t("Replay"), discord.ButtonStyle.secondary),
    GameAction.REMATCH: (t("Rematch"), discord.ButtonStyle.primary),
    GameAction.CLAIM: (t("Claim win"), discord.ButtonStyle.primary),
}
"""Each game button's label and colour."""
MOVE, REVIEW, ANSWER = t("Move"), t("Review"), t("Answer")
NEXT, PREVIOUS = t("Next"), t("Previous")


def label(words: Text, language: str) -> str:
    """A button's label in `language` (the language of the message it is on)."""
    return plain(words, language=language)


class Buttons(View):
    """A message's buttons as it is sent. A press is answered by the dynamic item its
    custom id matches (each registered once, at start), never by the view, which is
    finished from the start so that the client keeps no copy of it: discord.py would
    keep every message's view for good."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        return True


def answer_button(language: str = SOURCE) -> Button[View]:
    """Answer, on a puzzle still open (`bot.discord_ui.puzzle_views.AnswerButton`)."""
    shown = label(ANSWER, language)
    return Button(label=shown, style=discord.ButtonStyle.primary, custom_id=ANSWER_ID)


def review_button(game_id: int, language: str = SOURCE) -> Button[View]:
    """Review, which reviews the game (`bot.discord_ui.review_commands.ReviewButton`)."""
    return Button(label=label(REVIEW, language), custom_id=f"pyr:review:{game_id}")


def move_button(game_id: int, language: str = SOURCE) -> Button[View]:
    """Move, which opens the picker (`bot.discord_ui.picker_views.MoveButton`)."""
    return Button(
        label=label(MOVE, language),
        style=discord.ButtonStyle.primary,
        custom_id=f"pyr:move:{game_id}",
    )


def page_button(
    custom_id: str, *, forward: bool, off: bool, language: str = SOURCE
) -> Button[View]:
    """Next (blue) or Previous (grey); the custom_id ends in `:next` or `:back`."""
    return Button(
        label=label(NEXT if forward else PREVIOUS, language),
        style=discord.ButtonStyle.primary if forward else discord.ButtonStyle.secondary,
        custom_id=f"{custom_id}:{'next' if forward else 'back'}",
        disabled=off,
    )


async def answer_unknown(
    interaction: discord.Interaction, items: Iterable[type[DynamicItem[Any]]]
) -> None:
    """Answer a button that none of the dynamic `items` will take: one of an older
    version, a forged one, or one pressed on a client still showing it after the message
    lost it (discord.py drops a press its message does not carry): it no longer works."""
    if interaction.type is not discord.InteractionType.component:
        return
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    taken = any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in items)
    if taken and _carries(interaction.message, custom_id):
        return
    await reply(interaction, content=said_to(interaction, NO_LONGER_WORKS), ephemeral=True)


def _carries(message: discord.Message | None, custom_id: str) -> bool:
    """Whether the message, as Discord sent it with the press, carries the component."""
    if message is None:
        return False
    kind = discord.ui.LayoutView if message.flags.components_v2 else View
    shown = kind.from_message(message, timeout=None)
    return any(getattr(item, "custom_id", None) == custom_id for item in shown.walk_children())
