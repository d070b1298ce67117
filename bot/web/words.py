"""The pages' words: which language a page is in (the browser's `Accept-Language`, the
first shipped language it asks for, else English), texts shown as HTML in it, and the
words the games' pages and the board inside Discord share."""

from __future__ import annotations

from html import escape

from aiohttp import web

from bot.play.words.languages import LANGUAGES, SOURCE
from bot.play.words.text import Text, plain, say, t

ASKED_AT_MOST = 500
"""Characters of an `Accept-Language` header read at most (a browser's are far shorter)."""

PLAYERS = t("Players")
MOVES = t("Moves")
NO_MOVES = t("No moves yet.")
PLAY = t("Play")
BACK = t("Back")
NOW = t("Now")
TO_START = say("\u00ab ", t("Start"))
TO_PREVIOUS = say("\u2039 ", BACK)
TO_NEXT = say(t("Forward"), " \u203a")
TO_NOW = say(NOW, " \u00bb")
REPLAY = t("Replay")
TAP = t("Tap a marked square on the board.")
WINS = t("wins")
YOUR_MOVE = t("Your move")


def page_language(accepted: str | None) -> str:
    """The shipped language a browser asks for first in its `Accept-Language` header
    (`de-AT` is German, `pt` Brazilian Portuguese, `en-GB` English), by the weights it
    gives them; English when it asks for none of them."""
    asked: list[tuple[float, int, str]] = []
    for order, item in enumerate((accepted or "")[:ASKED_AT_MOST].split(",")):
        tag, _, given = item.partition(";")
        weight = 1.0
        for parameter in given.split(";"):
            key, _, value = parameter.partition("=")
            if key.strip().lower() == "q":
                weight = _weight(value)
        if tag.strip():
            asked.append((-weight, order, tag.strip()))
    for weight, _, tag in sorted(asked):
        found = _spoken(tag)
        if found is not None and weight < 0:
            return found
    return SOURCE


def _weight(value: str) -> float:
    try:
        return float(value.strip())
    except ValueError:
        return 0.0


def _spoken(tag: str) -> str | None:
    """The shipped language (English too) of a language tag, if any: the same, or the
    one of the same language (`es-MX` is `es-ES`)."""
    spoken = (SOURCE, *LANGUAGES)
    code = tag.lower()
    for language in spoken:
        if code == language.lower():
            return language
    for language in spoken:
        if code.split("-")[0] == language.split("-")[0].lower():
            return language
    return None


def request_language(request: web.Request) -> str:
    """The language to answer a browser's request in."""
    return page_language(request.headers.get("Accept-Language"))


def html_lang(language: str) -> str:
    """The language as a page's `<html lang>` names it."""
    return "en" if language == SOURCE else language


def html(text: Text | str, language: str, *, quote: bool = True) -> str:
    """The text in `language`, in plain words made safe for HTML (with `quote`, for an
    attribute's value too)."""
    return escape(plain(text, language=language), quote=quote)


def moved_on(heading: Text) -> Text:
    """A move's heading on a page whose game changed since it was opened."""
    return t("The game moved on; here is your move afresh. {heading}", heading=heading)


def winning(label: str) -> Text:
    """A choice's label, marked as the one that wins."""
    return say(label, " (", WINS, ")")
