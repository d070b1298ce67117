"""A feature of the Discord front end: its slash commands and the kinds of restart-proof
buttons its messages carry. The client adds every feature of `app.FEATURES`, so a new
command or button is added in its own module and named there once."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from discord import app_commands
from discord.ui import DynamicItem

Commands = Sequence[app_commands.Command[Any, ..., None] | app_commands.Group]


@dataclass(frozen=True)
class Feature:
    """`commands` makes the feature's slash commands afresh (one set per command tree);
    `buttons` are the dynamic items its messages' buttons and menus are read back by."""

    commands: Callable[[], Commands]
    buttons: tuple[type[DynamicItem[Any]], ...] = ()
