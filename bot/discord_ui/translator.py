"""Discord's localizations of the commands: descriptions and choice names in every
shipped language, from the catalogs (`bot.play.words.languages`). Command and option
names stay as they are in every language, as the move notation does."""

from __future__ import annotations

import json
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Location

from bot.play.words import languages
from bot.play.words.languages import LANGUAGES, translations

TRANSLATED = (
    Location.command_description,
    Location.group_description,
    Location.parameter_description,
    Location.choice_name,
)
"""What of a command is shown in the reader's language."""


AS_IS = "as_is"
"""Marks a text of a command that stays as it is in every language (a language's own name:
`app_commands.locale_str("Deutsch", as_is=True)`)."""


class CatalogTranslator(app_commands.Translator):
    """Each command's words in the language of each of Discord's locales the bot ships;
    every text asked for is noted in `heard`, when given."""

    def __init__(self, heard: list[str] | None = None) -> None:
        self._heard = heard

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if context.location not in TRANSLATED or string.extras.get(AS_IS):
            return None
        if self._heard is not None and string.message not in self._heard:
            self._heard.append(string.message)
        if locale.value not in LANGUAGES:
            return None
        said = translations(locale.value).gettext(string.message)
        return None if said == string.message else said.format(**string.extras)


_TRANSLATED: dict[str, list[dict[str, Any]]] = {}
"""The commands' payloads with their localizations, by their translator and their form
without: the commands and the catalogs do not change while the process runs, and asking
the translator for every text in each of Discord's locales takes tens of milliseconds."""


async def command_payloads(
    tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None
) -> list[dict[str, Any]]:
    """The commands as `tree.sync(guild=guild)` registers them, localizations included
    (not to be changed: the same payloads are handed out again)."""
    translator = tree.translator
    commands = tree.get_commands(guild=guild)
    untranslated = [command.to_dict(tree) for command in commands]
    if translator is None:
        return untranslated
    catalogs = languages.CATALOGS  # the translations said by the catalogs read
    key = f"{type(translator).__qualname__} {catalogs} {json.dumps(untranslated, sort_keys=True)}"
    if key not in _TRANSLATED:
        _TRANSLATED[key] = [
            await command.get_translated_payload(tree, translator) for command in commands
        ]
    return _TRANSLATED[key]


async def command_texts(tree: app_commands.CommandTree[Any]) -> list[str]:
    """Every text of the tree's commands a catalog translates, in the order shown."""
    heard: list[str] = []
    translator = CatalogTranslator(heard)
    for command in tree.get_commands():
        await command.get_translated_payload(tree, translator)
    return heard
