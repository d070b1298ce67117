"""Catalogs stood in for in a test: a language's catalog made to say chosen messages in
a marked form (`«...»`, `⟦...⟧`, accented), so that what a reader is shown tells which
words went through the catalogs, whatever the translators wrote."""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import write_po

from bot.play.words import languages
from bot.play.words.languages import Message

SOURCE_ROOT = Path(languages.__file__).parents[3]
KEYWORDS: dict[str, tuple[int, ...] | None] = {"t": None, "tn": (1, 2)}


@cache
def bots_messages() -> tuple[Message, ...]:
    """Every message the bot's source says (`languages.spoken_messages`), read once a test
    process: Babel takes most of a second to read them."""
    return tuple(languages.spoken_messages())


@contextlib.contextmanager
def stand_in(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    language: str,
    mark: Callable[[str], str],
    messages: Iterable[Message],
    *,
    over_real: bool = False,
) -> Iterator[None]:
    """While the block runs, `language` (shipped, or made so) says each of `messages`
    marked, every form of it; with `over_real`, its real catalog says the rest."""
    folder = tmp_path / "catalogs"
    shutil.copytree(languages.CATALOGS, folder)
    if language not in languages.LANGUAGES:
        monkeypatch.setitem(languages.LANGUAGES, language, language)
    locale = languages.babel_locale(language)
    catalog = languages.read_catalog(language) if over_real else Catalog(locale=locale)
    for message in messages:
        catalog.delete(message if isinstance(message, str) else message[0])
        forms = mark(message) if isinstance(message, str) else tuple(map(mark, message))
        catalog.add(message, forms)
    with (folder / f"{language}.po").open("wb") as po:
        write_po(po, catalog)
    monkeypatch.setattr(languages, "CATALOGS", folder)
    languages.translations.cache_clear()
    try:
        yield
    finally:
        languages.translations.cache_clear()


def messages_of(modules: Iterable[str]) -> list[Message]:
    """The messages the modules (paths from the project's root) say."""
    found: list[Message] = []
    for module in modules:
        for _, message, _, _ in extract_from_file(
            "python", SOURCE_ROOT / module, keywords=KEYWORDS
        ):
            found.append(message if isinstance(message, str) else (message[0], message[1]))
    return found
