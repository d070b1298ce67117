"""Buttons as posts carry them, each answered by an item that lives beside its commands
(named in its docstring): their custom ids are written here and read there."""

from __future__ import annotations

import discord
from discord.ui import Button, View

ANSWER_ID = "pyr:puzzle:answer"


class Buttons(View):
    """A message's buttons as it is sent. A press is answered by the dynamic item its
    custom id matches (each registered once, at start), never by the view, which is
    finished from the start so that the client keeps no copy of it: discord.py would
    keep every message's view for good."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        return True


def answer_button() -> Button[View]:
    """Answer, on a puzzle still open (`bot.discord_ui.puzzle_views.AnswerButton`)."""
    return Button(label="Answer", style=discord.ButtonStyle.primary, custom_id=ANSWER_ID)


def review_button(game_id: int) -> Button[View]:
    """Review, which reviews the game (`bot.discord_ui.review_commands.ReviewButton`)."""
    return Button(label="Review", custom_id=f"pyr:review:{game_id}")


def move_button(game_id: int) -> Button[View]:
    """Move, which opens the picker (`bot.discord_ui.picker_views.MoveButton`)."""
    return Button(label="Move", style=discord.ButtonStyle.primary, custom_id=f"pyr:move:{game_id}")


def page_button(custom_id: str, *, forward: bool, off: bool) -> Button[View]:
    """Next (blue) or Previous (grey); the custom_id ends in `:next` or `:back`."""
    return Button(
        label="Next" if forward else "Previous",
        style=discord.ButtonStyle.primary if forward else discord.ButtonStyle.secondary,
        custom_id=f"{custom_id}:{'next' if forward else 'back'}",
        disabled=off,
    )
