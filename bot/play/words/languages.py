"""The languages the bot speaks beside English: one gettext catalog a language
(`catalogs/<code>.po`, the format translators' tools speak), read with Babel, with real
plural forms. English is the source: a sentence a catalog lacks is said in English.

Languages are named by Discord's locale codes (`de`, `pt-BR`, `es-ES`); a locale Discord
knows but the bot does not ship is answered in the nearest shipped one (`es-419` in
Spanish) or in English.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

CATALOGS = Path(__file__).with_name("catalogs")
"""Where the catalogs are: one `.po` file a language, and the template (`messages.pot`)."""
TEMPLATE = CATALOGS / "messages.pot"
SOURCE = "en-US"
"""The language the bot's sentences are written in."""
LANGUAGES = {
    "de": "Deutsch",
    "fr": "Français",
    "es-ES": "Español",
    "pt-BR": "Português do Brasil",
    "pl": "Polski",
    "ja": "日本語",
}
"""The languages shipped beside English, by Discord's locale code, each in its own name."""
SERVERS_OWN = "server"
"""A server's `language` setting that follows its own Discord settings (the default)."""
NEAREST = {"es-419": "es-ES", "en-GB": SOURCE}
"""Discord's locales answered in another shipped language."""
PROJECT = "Pyramid Host"
WIDTH = 88
"""Where the catalogs' lines are folded."""


def own_name(language: str) -> str:
    """A shipped language in its own name (`Deutsch`), English for any other."""
    return LANGUAGES.get(shipped(language), "English")


def shipped(locale: str | None) -> str:
    """The shipped language that speaks to readers of Discord's `locale` (English when
    none is near)."""
    if locale is None:
        return SOURCE
    language = NEAREST.get(locale, locale)
    return language if language in LANGUAGES else SOURCE


def posix_language(value: str | None) -> str:
    """The shipped language nearest to a POSIX locale such as the environment's `LANG`
    (`de_DE.UTF-8` is German, `pt_BR` Brazilian Portuguese, `C` English), or to a
    Discord code given as it is (`--lang pl`)."""
    code = (value or "").split(".")[0].split("@")[0].replace("_", "-")
    for candidate in (code, code.split("-")[0]):
        for shipped_code in LANGUAGES:
            if candidate.lower() in (shipped_code.lower(), shipped_code.split("-")[0].lower()):
                return shipped_code
    return SOURCE


def catalog_path(language: str) -> Path:
    """The catalog file of a shipped language."""
    return CATALOGS / f"{language}.po"


def babel_locale(language: str) -> Locale:
    """Babel's locale for a Discord locale code (`pt-BR` is Babel's `pt_BR`)."""
    return Locale.parse(language.replace("-", "_"))


def read_catalog(language: str) -> Catalog:
    """The language's catalog as its file holds it."""
    with catalog_path(language).open("rb") as po:
        return read_po(po, locale=babel_locale(language))


@cache
def translations(locale: str | None) -> gettext.NullTranslations:
    """What turns the bot's English into the language of Discord's `locale`: the shipped
    catalog's translations (entries marked fuzzy left out), or none (English)."""
    language = shipped(locale)
    if language == SOURCE:
        return gettext.NullTranslations()
    compiled = io.BytesIO()
    write_mo(compiled, read_catalog(language))
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


Message = str | tuple[str, str]
"""A catalog's message: its English, or its English singular and plural."""


def spoken_messages(source: Path = Path(__file__).parents[2]) -> list[Message]:
    """The sentences the bot says (`t`, `tn`) in the Python source under `source`."""
    keywords: dict[str, tuple[int, ...] | None] = {"t": None, "tn": (1, 2)}
    found: list[Message] = []
    for _, _, message, _, _ in extract_from_dir(source, keywords=keywords):
        said: Message = message if isinstance(message, str) else (message[0], message[1])
        if said not in found:
            found.append(said)
    return found


def update_catalogs(messages: Sequence[Message]) -> list[Path]:
    """Write the template of `messages` (the English the bot says) and bring every
    shipped catalog up to date with it: new messages added untranslated, a changed one
    kept as its old translation marked fuzzy (for the translator to check), gone ones
    dropped. The files written."""
    template = Catalog(project=PROJECT, copyright_holder=PROJECT, fuzzy=False)
    for message in messages:
        template.add(message)
    written = [TEMPLATE]
    _write(TEMPLATE, template)
    for language in LANGUAGES:
        path = catalog_path(language)
        catalog = (
            read_catalog(language)
            if path.exists()
            else Catalog(
                locale=babel_locale(language),
                project=PROJECT,
                copyright_holder=PROJECT,
                fuzzy=False,
            )
        )
        catalog.update(template, update_header_comment=False)
        _write(path, catalog)
        written.append(path)
    return written


def _write(path: Path, catalog: Catalog) -> None:
    with path.open("wb") as po:
        write_po(po, catalog, width=WIDTH, ignore_obsolete=True, omit_header=False)
