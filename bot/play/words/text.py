"""Rich text as data: what the use cases say, with names, emphasis, moves, moments,
links to games and commands to type marked, so each front end formats them its own way
(Discord markup in the Discord layer, plain words and console lines in the console).

    say("Your move, ", Strong("Alice"), ". Time runs out ", Moment(deadline), ".")

A sentence to be said in the reader's language is `t` (or `tn`, with a count): its
English is the catalogs' message, its named parts are filled in once translated.

    t("It is {name}'s turn.", name=Name("Bob"))
"""

from __future__ import annotations

import re
import time
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from string import Formatter

from babel.dates import format_datetime, format_timedelta
from babel.numbers import format_decimal

from bot.play.words.languages import SOURCE, babel_locale, translations

EXCERPT = 40
"""Characters of what someone typed that a reply quotes back at most."""
_QUOTED = re.compile(r"'([^']*)'")
RIGHT_TO_LEFT = ("R", "AL")
"""Unicode's classes of letters written right to left (Hebrew, Arabic...)."""


@dataclass(frozen=True, slots=True)
class Name:
    """Someone's chosen name, or words someone typed, shown exactly as written."""

    text: str

    @property
    def shown(self) -> str:
        """The name as a sentence shows it: isolated (U+2068 ... U+2069) when it holds
        right-to-left letters, so that it does not reorder the sentence around it."""
        if any(unicodedata.bidirectional(letter) in RIGHT_TO_LEFT for letter in self.text):
            return f"\u2068{self.text}\u2069"
        return self.text


@dataclass(frozen=True, slots=True)
class Strong:
    """Words that stand out: who acts, who wins, a rating, or a sentence of the catalogs
    (a button's name: `Strong(t("Answer"))`)."""

    text: str | Name | Text


@dataclass(frozen=True, slots=True)
class Highlight:
    """The reader's own name in a list of people."""

    name: Name


@dataclass(frozen=True, slots=True)
class Code:
    """A move as it is typed."""

    text: str


@dataclass(frozen=True, slots=True)
class Command:
    """A command of a game to type: `Command("tink", "start")`, a player's move as
    `Command("bridge", "move", "first", "bob")`, or the game's commands as a whole."""

    game: str
    name: str = ""
    move: str = ""
    player: str = ""


@dataclass(frozen=True, slots=True)
class Moment:
    """A point in time (seconds since the epoch), shown relative to when it is read."""

    at: float


@dataclass(frozen=True, slots=True)
class Number:
    """A figure written as the reader's language writes numbers: `1,234.5` in English,
    `1.234,5` in German; with `decimals` places, and a sign before it when `signed`."""

    value: float
    decimals: int = 0
    signed: bool = False

    def written(self, language: str) -> str:
        """The figure in `language`."""
        places = "." + "0" * self.decimals if self.decimals else ""
        pattern = f"+#,##0{places};-#,##0{places}" if self.signed else f"#,##0{places}"
        return format_decimal(self.value, pattern, locale=babel_locale(language))


@dataclass(frozen=True, slots=True)
class GameLink:
    """A game's title, leading to the message that opened it or else to its channel."""

    title: str
    guild_id: int | None
    place_id: int
    message_id: int | None


@dataclass(frozen=True, slots=True)
class Said:
    """A sentence of the bot's, said in the reader's language when shown: its English
    (`message`, with `{named}` places for `parts`) and, for a count, the English plural
    and the count that chooses the form (see `t`, `tn`)."""

    message: str
    parts: tuple[tuple[str, Text], ...] = ()
    plural: str | None = None
    count: int | None = None

    def pieces(self, language: str) -> list[str | Text]:
        """The sentence in `language` (English where its catalog lacks it): its words
        and, in their places, its parts."""
        said = translations(language)
        if self.plural is None or self.count is None:
            template = said.gettext(self.message)
        else:
            template = said.ngettext(self.message, self.plural, self.count)
        parts = dict(self.parts)
        pieces: list[str | Text] = []
        for words, field, _, _ in Formatter().parse(template):
            pieces.append(words)
            if field is not None:
                pieces.append(parts[field])
        return pieces


Segment = str | Name | Strong | Highlight | Code | Command | Moment | Number | GameLink | Said


@dataclass(frozen=True, slots=True)
class Text:
    """A run of segments; `+` joins texts, segments and strings."""

    segments: tuple[Segment, ...] = ()

    def __add__(self, other: Text | Segment) -> Text:
        return say(self, other)

    def __radd__(self, other: Segment) -> Text:
        return say(other, self)

    def __str__(self) -> str:
        return plain(self)


def say(*parts: Text | Segment) -> Text:
    """One text of the parts in order."""
    segments: list[Segment] = []
    for part in parts:
        if isinstance(part, Text):
            segments.extend(part.segments)
        elif part != "":
            segments.append(part)
    return Text(tuple(segments))


def t(message: str, **parts: Text | Segment) -> Text:
    """A sentence to be said in the reader's language: `message` is its English, the
    catalogs' message; each `{name}` in it is the part of that name."""
    return Text((Said(message, _parts(parts)),))


def tn(singular: str, plural: str, count: int, **parts: Text | Segment) -> Text:
    """A sentence with a count, in the reader's language and the plural form its count
    takes there; `{count}` in it is the count."""
    parts = {"count": str(count)} | parts
    return Text((Said(singular, _parts(parts), plural, count),))


def _parts(parts: dict[str, Text | Segment]) -> tuple[tuple[str, Text], ...]:
    return tuple((name, say(part)) for name, part in sorted(parts.items()))


def joined(separator: str, parts: Iterable[Text | Segment]) -> Text:
    """The parts with `separator` between them."""
    out: list[Text | Segment] = []
    for part in parts:
        if out:
            out.append(separator)
        out.append(part)
    return say(*out)


def names(listed: Iterable[str], *, strong: bool = False) -> Text:
    """`Alice`, `Alice and Bob`, `Alice, Bob and Carol`: each name shown as written."""
    shown = [Strong(Name(name)) if strong else Name(name) for name in listed]
    if len(shown) <= 1:
        return say(*shown)
    return t("{listed} and {last}", listed=joined(", ", shown[:-1]), last=shown[-1])


def versus(listed: Iterable[str]) -> Text:
    """`alice vs bob`, `alice vs bob vs carol`: a game's players, as a thread's name says
    them."""
    shown = [Name(name) for name in listed]
    said = say(*shown[:1])
    for name in shown[1:]:
        said = t("{first} vs {second}", first=said, second=name)
    return said


def lines(parts: Iterable[Text | Segment]) -> Text:
    """The parts one per line."""
    return joined("\n", parts)


def excerpt(typed: str) -> str:
    """What someone typed, quoted, and cut short with an ellipsis when long."""
    typed = typed.strip()
    return repr(typed if len(typed) <= EXCERPT else typed[: EXCERPT - 1] + "…")


def excerpts_in(message: str) -> str:
    """A message quoting what someone typed (like the rules' refusal of an option value)
    with every quotation cut to an excerpt."""
    return _QUOTED.sub(lambda quoted: excerpt(quoted[1]), message)


def plain(text: Text | str, now: float | None = None, language: str = SOURCE) -> str:
    """The text in plain words, in `language`: moments relative to `now` when given, else
    in UTC, and commands as the console's lines in quotes (`"start tink"`, `"bob first"`)."""
    if isinstance(text, str):
        return text
    return "".join(_plain_segment(segment, now, language) for segment in text.segments)


def _plain_segment(segment: Segment, now: float | None, language: str) -> str:
    match segment:
        case str():
            return segment
        case Said():
            return "".join(plain(piece, now, language) for piece in segment.pieces(language))
        case Name():
            return segment.shown
        case Code(text):
            return text
        case Strong(Text() as inner):
            return plain(inner, now, language)
        case Strong(str() as inner):
            return inner
        case Strong(Name() as inner):
            return inner.shown
        case Highlight(name):
            return name.shown
        case Command(game, name, move, player):
            words = (player, move) if name == "move" else (name, game)
            return '"' + " ".join(filter(None, words)) + '"'
        case Moment(at):
            return _relative(at, now, language) if now is not None else _utc(at, language)
        case Number():
            return segment.written(language)
        case GameLink(title):
            return title
    raise TypeError(f"not a text segment: {segment!r}")


def to_data(text: Text) -> list[object]:
    """The text as JSON-ready data, which `from_data` reads back."""
    return [_segment_data(segment) for segment in text.segments]


def from_data(data: list[object]) -> Text:
    """A text from `to_data`'s data."""
    return Text(tuple(_data_segment(item) for item in data))


def _segment_data(segment: Segment) -> object:
    match segment:
        case str():
            return segment
        case Name(text):
            return {"name": text}
        case Strong(Name(text)):
            return {"strong_name": text}
        case Strong(Text() as text):
            return {"strong_text": to_data(text)}
        case Strong(text):
            return {"strong": text}
        case Highlight(Name(text)):
            return {"highlight": text}
        case Code(text):
            return {"code": text}
        case Moment(at):
            return {"moment": at}
        case Number(value, decimals, signed):
            return {"number": [value, decimals, signed]}
        case GameLink(title, guild_id, place_id, message_id):
            return {"link": [title, guild_id, place_id, message_id]}
        case Command(game, name, move, player):
            return {"command": [game, name, move, player]}
        case Said(message, parts, plural, count):
            shown = [[name, to_data(part)] for name, part in parts]
            return {"said": [message, shown, plural, count]}
    raise TypeError(f"not a text segment: {segment!r}")


def _data_segment(item: object) -> Segment:
    if isinstance(item, str):
        return item
    if not isinstance(item, dict) or len(item) != 1:
        raise ValueError(f"not a text segment's data: {item!r}")
    ((kind, value),) = item.items()
    match kind:
        case "name":
            return Name(value)
        case "strong_name":
            return Strong(Name(value))
        case "strong":
            return Strong(value)
        case "strong_text":
            return Strong(from_data(value))
        case "highlight":
            return Highlight(Name(value))
        case "code":
            return Code(value)
        case "moment":
            return Moment(value)
        case "number":
            return Number(*value)
        case "link":
            return GameLink(*value)
        case "command":
            return Command(*value)
        case "said":
            message, parts, plural, count = value
            return Said(
                message, tuple((name, from_data(part)) for name, part in parts), plural, count
            )
    raise ValueError(f"not a text segment's data: {item!r}")


def _utc(at: float, language: str = SOURCE) -> str:
    """`2026-12-03 12:00 UTC` in English, the language's own way of writing a date and
    time elsewhere (`03.12.2026, 12:00 UTC`)."""
    if language == SOURCE:
        return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(at))
    moment = datetime.fromtimestamp(at, UTC)
    return f"{format_datetime(moment, 'short', tzinfo=UTC, locale=babel_locale(language))} UTC"


def _relative(at: float, now: float, language: str = SOURCE) -> str:
    """`in 5 days 23 hours`, `2 days ago`, `in less than a minute`: rounded down to the two
    largest units, as clocks are told (see `span_words`); in another language, as it
    says a span from now (`in 3 Tagen`, `2 dni temu`)."""
    if language != SOURCE:
        return format_timedelta(
            timedelta(seconds=at - now), add_direction=True, locale=babel_locale(language)
        )
    amount = span_words(abs(at - now)).replace("under", "less than")
    return f"in {amount}" if at >= now else f"{amount} ago"


def span_words(seconds: float) -> str:
    """A span in words, rounded down to its two largest units: `4 days 3 hours`, `5 hours
    20 minutes`, `under a minute`."""
    left = max(0, int(seconds))
    parts: list[str] = []
    for size, noun in ((86400, "day"), (3600, "hour"), (60, "minute")):
        count, left = divmod(left, size)
        if count or parts:
            parts.append(f"{count} {noun}{'' if count == 1 else 's'}")
    shown = [p for p in parts[:2] if not p.startswith("0 ")]
    return " ".join(shown) if shown else "under a minute"
