"""Rich text in Discord's markup: bold, code, timestamps that show in each reader's time,
masked links to games, and names escaped so they show exactly as written."""

from __future__ import annotations

import re
from collections.abc import Iterable

from bot.discord_ui.links import game_link
from bot.play.words.text import (
    Code,
    Command,
    GameLink,
    Highlight,
    Moment,
    Name,
    Number,
    Said,
    Segment,
    Strong,
    Text,
)

MARKDOWN = re.compile(r"([\\*_~|`>\[\]<@])")
"""What Discord reads as markup in a line: emphasis, code, quotes, links and mentions."""


def markup(text: Text, language: str) -> str:
    """The text as Discord message or embed markdown, in `language` (Discord's code)."""
    return "".join(_segment(segment, language) for segment in text.segments)


def fit(lines: Iterable[Text], limit: int, language: str) -> list[str]:
    """As many whole lines as fit in `limit` characters of markup in `language`."""
    kept: list[str] = []
    used = 0
    for line in lines:
        shown = markup(line, language)
        used += len(shown) + 1
        if used - 1 > limit:
            break
        kept.append(shown)
    return kept


def escape(name: str) -> str:
    """A name with Discord's markdown characters made literal (a backslash before any
    punctuation is hidden, so it shows as typed)."""
    return MARKDOWN.sub(r"\\\1", name)


def _segment(segment: Segment, language: str) -> str:
    match segment:
        case str():
            return segment
        case Said():
            pieces = segment.pieces(language)
            return "".join(p if isinstance(p, str) else markup(p, language) for p in pieces)
        case Name():
            return escape(segment.shown)
        case Strong(Text() as inner):
            return f"**{markup(inner, language)}**"
        case Strong(str() as inner):
            return f"**{inner}**"
        case Strong(Name() as inner):
            return f"**{escape(inner.shown)}**"
        case Highlight(name):
            return f"__{escape(name.shown)}__"
        case Code(text):
            return f"`{text}`"
        case Command(game, name, move):
            return f"`{' '.join(filter(None, (f'/{game}', name, move)))}`"
        case Moment(at):
            return f"<t:{int(at)}:f>"
        case Number():
            return segment.written(language)
        case GameLink(title, guild_id, place_id, message_id):
            link = game_link(guild_id, place_id, message_id)
            return title if link is None else f"[{title}]({link})"
    raise TypeError(f"not a text segment: {segment!r}")
