"""A command's options made at run time from the engine's registry (each game's own
options, ranges and choices), in the signature discord.py reads options from."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine, Iterable
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands

import engine
from bot.discord_ui.replies import shorten
from bot.play.table.values import LARGEST_ID

Callback = Callable[..., Coroutine[Any, Any, None]]
DESCRIPTION_LIMIT = 100
"""The longest description Discord takes for a command or an option."""


@dataclass
class CommandOptions:
    """The options of a command made at run time from the registry: each one's parameter,
    description and choices, in the order Discord shows them."""

    parameters: list[inspect.Parameter] = field(
        default_factory=lambda: [parameter("interaction", discord.Interaction)]
    )
    descriptions: dict[str, str] = field(default_factory=dict)
    choices: dict[str, list[app_commands.Choice[str]]] = field(default_factory=dict)

    def add(
        self,
        name: str,
        annotation: Any,
        description: str,
        *,
        required: bool = False,
        choices: Iterable[str] = (),
    ) -> None:
        """One more option (optional unless `required`), offering `choices` if any."""
        self.parameters.append(parameter(name, annotation, required=required))
        self.descriptions[name] = shorten(description, DESCRIPTION_LIMIT)
        offered = [app_commands.Choice(name=c, value=c) for c in choices]
        if offered:
            self.choices[name] = offered

    def add_game_options(self, info: engine.GameInfo) -> None:
        """The game's own options (Folio's grid, Bridge's rounds...), all optional."""
        for option in info.options:
            # Values known but not offered stay listed, so choosing one says why not.
            offered = (*option.choices, *(value for value, _, _ in option.refusals))
            self.add(option.name, _option_annotation(option), option.help, choices=offered)

    def command(
        self, name: str, description: str, callback: Callback
    ) -> app_commands.Command[Any, ..., None]:
        """The command calling `callback(interaction, **values)` with these options."""
        made = app_commands.choices(**self.choices)(
            app_commands.describe(**self.descriptions)(with_parameters(callback, self.parameters))
        )
        return app_commands.Command(name=name, description=description, callback=made)


def needs_attach_files(
    command: app_commands.Command[Any, ..., None],
) -> app_commands.Command[Any, ..., None]:
    """The command, refused (`BotMissingPermissions`) where the bot may not attach files."""
    return app_commands.checks.bot_has_permissions(attach_files=True)(command)


def with_parameters(callback: Callback, parameters: list[inspect.Parameter]) -> Callback:
    """The callback with the signature discord.py reads a command's options from.

    The options differ per game, so the signature is made from the registry and given
    the standard way (`__signature__`, which `inspect.signature` honours).
    """
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    return callback


def parameter(name: str, annotation: Any, *, required: bool = True) -> inspect.Parameter:
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
        low = option.minimum if option.minimum is not None else -LARGEST_ID
        high = option.maximum if option.maximum is not None else LARGEST_ID
        return app_commands.Range[int, low, high] | None
    return str | None
