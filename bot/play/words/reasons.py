"""Why the rules refuse a move or an option, in the reader's language: the engine gives
each refusal's reason as data (`engine.Reason`), and its words are said here: a move's
as a clause that a sentence of ours holds ("You cannot play 'S d4': d4 is taken."), an
option's as a sentence of its own. A reason these words do not know (a game added
since, an error of ours) is said in the engine's own English."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import engine
from bot.play.words.moves import FOLIO_PIECES
from bot.play.words.text import Name, Text, excerpt, excerpts_in, say, t
from bot.play.words.wording import sentence

Parts = Mapping[str, str]

A_PIECE = {
    "small": t("a small"),
    "medium": t("a medium"),
    "large": t("a large"),
    "coin": t("a coin"),
    "pyramid": t("a pyramid"),
    "pawn": t("a pawn"),
    "king": t("a king"),
    "bishop": t("a bishop"),
    "knight": t("a knight"),
}
"""A piece as a game names it by its size (Tink's, Tingle's and Bridge's), any one."""
THE_PIECE = {
    "small": t("the small"),
    "medium": t("the medium"),
    "large": t("the large"),
    "coin": t("the coin"),
    "pyramid": t("the pyramid"),
    "pawn": t("the pawn"),
    "king": t("the king"),
    "bishop": t("the bishop"),
    "knight": t("the knight"),
}
"""A piece as a game names it by its size, the one meant."""
PIECES = {
    "small": t("smalls"),
    "medium": t("mediums"),
    "coin": t("coins"),
    "pyramid": t("pyramids"),
}
"""Pieces of a size, in the plural: those a stash holds, and those two spent pieces count as."""


def reason_text(error: engine.GameError) -> Text:
    """Why the rules refused a move, as a clause in the reader's language."""
    return _said(error, MOVE_REASONS) or say(Name(excerpts_in(str(error))))


def refusal_text(error: engine.GameError) -> Text:
    """Why the rules refused, as a sentence of its own: an option's (or a piece the
    option names), or an action's."""
    said = _said(error, OPTION_REASONS)
    if said is not None:
        return said
    clause = _said(error, MOVE_REASONS)
    if clause is None:
        return say(Name(sentence(excerpts_in(str(error)))))
    if isinstance(error, engine.InvalidOption):  # a piece named in an option
        return t("{reason}.", reason=clause)
    return t("That cannot be done: {reason}.", reason=clause)


def _said(error: engine.GameError, reasons: Mapping[str, Said]) -> Text | None:
    """The reason's words from `reasons`, None where they do not know it or its parts."""
    reason = error.reason
    said = None if reason is None else reasons.get(reason.kind)
    if reason is None or said is None:
        return None
    try:
        return said(dict(reason.parts))
    except KeyError:  # a part these words do not know, as in a game changed since
        return None


def _a(parts: Parts, name: str = "piece") -> Text:
    return A_PIECE[parts[name]]


def _the(parts: Parts) -> Text:
    return THE_PIECE[parts["piece"]]


def _typed(parts: Parts) -> Name:
    return Name(excerpt(parts["typed"]))


def _option(parts: Parts) -> str:
    """An option's name (as commands name it in every language) opening a sentence."""
    name = parts["option"]
    return name[:1].upper() + name[1:]


def _span(least: str, most: str) -> Text:
    """`2`, or `2 to 4`."""
    return say(least) if least == most else t("{first} to {last}", first=least, last=most)


def _folio_piece(parts: Parts) -> Text:
    colour, size = parts["piece"].split()
    return FOLIO_PIECES[(colour, size)]


Said = Callable[[Parts], Text]
"""A reason's words, from its parts."""

MOVE_REASONS: dict[str, Said] = {
    # -- moves typed ----------------------------------------------------------
    "too_long": lambda p: t("that is too long to be a move"),
    "empty": lambda p: t("the move is empty"),
    "off_board": lambda p: t(
        "{square} is not on the board (a1 to {last})", square=p["square"], last=p["last"]
    ),
    "not_a_square": lambda p: t(
        "{typed} is not a square (a1 to {last})", typed=_typed(p), last=p["last"]
    ),
    "piece_or_square": lambda p: t("{typed} is not a piece or a square", typed=_typed(p)),
    "which_square": lambda p: t("say which square {piece} goes on", piece=_the(p)),
    "spends_one": lambda p: t("a move spends two pieces or none, not one"),
    "spends_many": lambda p: t("a move spends two pieces or none, not {count}", count=p["count"]),
    "twice": lambda p: t("{square} is named twice", square=p["square"]),
    "which_piece": lambda p: t("say which piece goes on {square}: S, M or L", square=p["square"]),
    "bridge_shape": lambda p: t("{typed} is not a move: write it like c1-d3", typed=_typed(p)),
    "not_a_piece": lambda p: t("{typed} is not a piece (e.g. RS or red small)", typed=_typed(p)),
    "not_a_move": lambda p: t("{typed} is not a move of this game", typed=_typed(p)),
    "give_one": lambda p: t("give one piece, not {count}", count=p["count"]),
    # -- moves the rules refuse ------------------------------------------------
    "over": lambda p: t("the game is over"),
    "no_take_back": lambda p: t("there is no move to take back"),
    "no_pass": lambda p: t("you have a legal move, so you cannot pass"),
    "already_out": lambda p: t("that player is already out of the game"),
    "taken": lambda p: t("{square} is taken", square=p["square"]),
    "first_piece": lambda p: t(
        "the first piece must be {piece} on {span}",
        piece=_a(p),
        span=t("{first} to {last}", first=p["first"], last=p["last"]),
    ),
    "spends": lambda p: t("{piece} needs two of your pieces to spend", piece=_a(p)),
    "no_piece": lambda p: t("there is no piece on {square}", square=p["square"]),
    "not_yours": lambda p: t("{square} is not your piece", square=p["square"]),
    "not_next_to": lambda p: t(
        "{square} is not next to {target}", square=p["square"], target=p["target"]
    ),
    "count_as": lambda p: t(
        "{piece} needs two pieces that count as {counted}",
        piece=_a(p),
        counted=PIECES[p["counted"]],
    ),
    "large_placed": lambda p: t(
        "{piece} is already on {square}; spend it to move it",
        piece=_the(p),
        square=p["square"],
    ),
    "stash_empty": lambda p: t(
        "you have no {pieces} left in your stash", pieces=PIECES[p["piece"]]
    ),
    "choose": lambda p: t("choose first or second"),
    "between_rounds": lambda p: t("who starts is chosen only between rounds"),
    "empty_square": lambda p: t("{square} is empty", square=p["square"]),
    "holds_another": lambda p: t(
        "{square} holds {piece}, not {named}",
        square=p["square"],
        piece=_a(p),
        named=_a(p, "named"),
    ),
    "stays": lambda p: t(
        "{piece} on {square} must move to another square", piece=_the(p), square=p["square"]
    ),
    "out_of_reach": lambda p: t(
        "{piece} cannot reach {target} from {square}",
        piece=_a(p),
        target=p["target"],
        square=p["square"],
    ),
    "blocked": lambda p: t(
        "{piece} on {square} is blocked at {blocker}",
        piece=_the(p),
        square=p["square"],
        blocker=p["blocker"],
    ),
    "giving_now": lambda p: t("you are giving a piece now, not placing one"),
    "square_first": lambda p: t(
        "start with the square for {piece}, the piece you were given, e.g. {example}",
        piece=_folio_piece(p),
        example=p["example"],
    ),
    "give_too": lambda p: t("you must also give a piece, e.g. {example}", example=p["example"]),
    "none_left": lambda p: t("{piece} is no longer there to give", piece=_folio_piece(p)),
    "centre": lambda p: t("the first piece goes on d4, e4, d5 or e5"),
    "too_far": lambda p: t(
        "{square} is more than {reach} squares from {other}",
        square=p["square"],
        reach=p["reach"],
        other=p["other"],
    ),
    "alone": lambda p: t("{square} does not touch any placed piece", square=p["square"]),
}
"""Each kind of reason the engine gives for refusing a move, said from its parts."""
OPTION_REASONS: dict[str, Said] = {
    "needs_value": lambda p: t("{option} needs a value.", option=_option(p)),
    "one_of": lambda p: t(
        "{option} must be one of {allowed}, not {typed}.",
        option=_option(p),
        allowed=p["allowed"],
        typed=_typed(p),
    ),
    "whole_number": lambda p: t(
        "{option} must be a whole number, not {typed}.", option=_option(p), typed=_typed(p)
    ),
    "at_least": lambda p: t(
        "{option} must be at least {least}.", option=_option(p), least=p["least"]
    ),
    "at_most": lambda p: t("{option} must be at most {most}.", option=_option(p), most=p["most"]),
    "true_or_false": lambda p: t(
        "{option} must be true or false, not {typed}.", option=_option(p), typed=_typed(p)
    ),
    "no_option": lambda p: t(
        "{game} has no option called {typed}.", game=p["game"], typed=_typed(p)
    ),
    "no_game": lambda p: t(
        "There is no game called {typed} (try {known}).", typed=_typed(p), known=p["known"]
    ),
    "players": lambda p: t(
        "{game} is played by {span} players, not {players}.",
        game=p["game"],
        span=_span(p["least"], p["most"]),
        players=p["players"],
    ),
    "freeform_grid": lambda p: t(
        "The freeform variant needs pieces placed anywhere on a real table, so it is not "
        "offered here."
    ),
    "four_extras": lambda p: t(
        "The extras must be four pieces such as {example}.", example=p["example"]
    ),
    "mixed_extras": lambda p: t(
        "The extras need a small, a medium and a large in three different colours and one "
        "piece of the fourth colour."
    ),
}
"""Each kind of reason the engine gives for refusing a new game's options, a sentence."""
