"""What learning from finished games says, in the reader's language: the grades of a
review, the lessons a finished game's move list marks, and the refusals of a game asked
for by number that reviews and histories share."""

from __future__ import annotations

from collections.abc import Sequence

from ai.review import Grade, ReviewedMove
from bot.play.words.text import Code, Name, Text, joined, say, t, tn

LISTED_WINS = 3
"""Winning moves named in a lesson of a finished game's move list; the rest are counted."""


def grade_word(grade: Grade) -> Text:
    """`blunder`: a graded move's grade."""
    match grade:
        case Grade.MISS:
            return t("miss")
        case Grade.BLUNDER:
            return t("blunder")
        case Grade.MISTAKE:
            return t("mistake")
        case Grade.INACCURACY:
            return t("inaccuracy")


def grade_count(grade: Grade, count: int) -> Text:
    """`1 blunder`, `2 misses`."""
    match grade:
        case Grade.MISS:
            return tn("{count} miss", "{count} misses", count)
        case Grade.BLUNDER:
            return tn("{count} blunder", "{count} blunders", count)
        case Grade.MISTAKE:
            return tn("{count} mistake", "{count} mistakes", count)
        case Grade.INACCURACY:
            return tn("{count} inaccuracy", "{count} inaccuracies", count)


def lesson_text(
    missed: Sequence[str], allowed: Sequence[str], allowed_forced: Sequence[str]
) -> Text | None:
    """What a move of a finished game teaches: `missed a win: S b3 or S f3; allowed a
    forced win in two: S c2 or more`; None when it teaches nothing. `allowed_forced`
    holds the forced wins found, not all counted beyond `LISTED_WINS`."""
    said: list[Text] = []
    if missed:
        said.append(t("missed a win: {moves}", moves=listed(missed)))
    if allowed:
        said.append(t("allowed a win: {moves}", moves=listed(allowed)))
    if allowed_forced:
        said.append(
            t("allowed a forced win in two: {moves}", moves=listed(allowed_forced, counted=False))
        )
    return joined("; ", said) if said else None


def listed(moves: Sequence[str], *, counted: bool = True) -> Text:
    """Up to `LISTED_WINS` moves, `S b3 or S f3`, and how many more there are (`or 2
    more`), or when they were not all `counted` that there are more (`or more`)."""
    shown = either(moves[:LISTED_WINS])
    more = len(moves) - LISTED_WINS
    if more <= 0:
        return shown
    if counted:
        return tn("{moves} or {count} more", "{moves} or {count} more", more, moves=shown)
    return t("{moves} or more", moves=shown)


def either(moves: Sequence[str]) -> Text:
    """`S b3`, `S b3 or S f3`, `S b3 or S f3 or S e3`."""
    shown = Text((moves[0],))
    for move in moves[1:]:
        shown = t("{first} or {second}", first=shown, second=move)
    return shown


def graded_lesson(grade: Grade | None, lesson: Text | None) -> Text | None:
    """A move's grade (from its game's review, if made) and its lessons, as the move
    list puts them in brackets after the move: `blunder; allowed a win: S b3`."""
    if grade is None:
        return lesson
    if lesson is None:
        return grade_word(grade)
    return joined("; ", [grade_word(grade), lesson])


def no_such_game(game: str | None, number: int) -> Text:
    """A game asked for by number that is not of the asker's server (`game`: its title,
    or None for a game of any kind)."""
    if game is None:
        return t("There is no game #{number} in this server.", number=str(number))
    return t("There is no {game} game #{number} in this server.", game=game, number=str(number))


def not_played(game: str | None, number: int) -> Text:
    """A game asked for by number, outside servers, that the asker did not play."""
    if game is None:
        return t("You played no game #{number}.", number=str(number))
    return t("You played no {game} game #{number}.", game=game, number=str(number))


def moment_captions(move: ReviewedMove, name: str) -> tuple[Text, Text, Text]:
    """A key moment's captions: `12. Alice: blunder` over its two boards, `played S d4`
    under the board after the move played and `better T e5` under the better move's."""
    assert move.grade is not None, "a key moment is a graded move"
    heading = t(
        "{number}. {player}: {grade}",
        number=str(move.ply + 1),
        player=Name(name),
        grade=grade_word(move.grade),
    )
    played = t("played {move}", move=Code(move.move))
    better = t("better {move}", move=Code(move.better or ""))
    return heading, played, better


SECTIONS = {
    "Summary": t("Summary"),
    "How to play": t("How to play"),
    "Winning and ending": t("Winning and ending"),
    "First tips": t("First tips"),
    "Variants": t("Variants"),
    "Matches": t("Matches"),
    "Rulings": t("Rulings"),
    "Move notation": t("Move notation"),
}
"""The headings of the rules documents' sections, which the rules pages are titled by."""


def rules_page_title(title: str) -> Text:
    """A rules page's title (`Tink: How to play`) in the reader's language: its section's
    heading from the catalogs (a heading a document adds since is shown as written)."""
    game, _, heading = title.partition(": ")
    section = SECTIONS.get(heading)
    if section is None:
        return say(title)
    return t("{game}: {section}", game=game, section=section)
