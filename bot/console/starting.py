"""`start tink alice bob order=random`: the console's start line read as an invitation."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import engine
from bot.console.words import is_piece
from bot.play.playing.challenges import Invitation
from bot.play.table.values import Person
from bot.play.words.text import Text, t

AI = "ai"
"""The name, and the option, that seat the AI."""
EXTRAS = "extras"
"""Folio's option whose value, four piece codes, is written as words (`extras=RS YM GL BM`)."""
ORDER = "order"
"""The seating option, whose `ai first` the README writes as two words."""
HINTS = "hints"
"""The option that starts a game with hints on (`hints=on`), unrated."""
ON = ("on", "yes", "true", "1")


@dataclass(frozen=True, slots=True)
class StartLine:
    """A start line's game, players' names and options, as typed."""

    game: str
    names: list[str]
    options: dict[str, str]


def read_start(args: list[str]) -> StartLine | Text:
    """The words after `start`: the game (in any case), the players and the options; the
    words after an option that go on its value (see `_goes_on`) are part of it. A
    sentence when unusable."""
    if not args or args[0].lower() not in engine.GAMES:
        return t("Start which game? One of {games}.", games=", ".join(engine.GAMES))
    game = args[0].lower()
    names: list[str] = []
    options: dict[str, str] = {}
    last = ""
    for word in args[1:]:
        if "=" in word:
            last, value = word.split("=", 1)
            options[last] = value
        elif _goes_on(last, options.get(last, ""), word):
            options[last] = f"{options[last]} {word}"
        else:
            last = ""
            names.append(word)
    if not names:
        return t("Name the players, e.g. {example}.", example='"start tink alice bob"')
    if names[0].lower() == AI:
        return t("Name a person first, e.g. {example}.", example='"start tink alice ai"')
    if "players" in options:
        example = f'"start {game} alice bob carol"'
        return t("Name each player instead, e.g. {example}.", example=example)
    return StartLine(game, names, options)


def _goes_on(option: str, value: str, word: str) -> bool:
    """Whether a word after `option=value` is more of its value: a piece after `extras=`,
    `first` after `order=ai`."""
    if option == EXTRAS:
        return is_piece(word)
    return option == ORDER and value.lower() == AI and word.lower() == "first"


def invitation(line: StartLine, place_id: int, person: Callable[[str], Person]) -> Invitation:
    """The invitation of a start line: the first name starts, "ai" seats the AI."""
    options = dict(line.options)
    order = options.pop(ORDER, None)
    time_limit = options.pop("time_limit", None)
    ai_level = options.pop(AI, None)
    hints = options.pop(HINTS, "off").lower() in ON
    people = [Person(0, n, plays_ai=True) if n.lower() == AI else person(n) for n in line.names]
    return Invitation(
        line.game,
        None,
        place_id,
        people[0],
        tuple(people[1:]),
        options,
        order,
        time_limit=time_limit,
        ai_level=ai_level,
        hints=hints,
    )
