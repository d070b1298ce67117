"""A move in words, in the reader's language: the engine describes a move as data
(`engine.MoveWords`), and its kinds and pieces are said here. A kind of move these words
do not know (a game added since) is said in the engine's own English."""

from __future__ import annotations

from collections.abc import Callable

import engine
from bot.play.words.text import Text, say, t

PLACED: dict[str, Callable[[str], Text]] = {
    "small": lambda square: t("a small on {square}", square=square),
    "medium": lambda square: t("a medium on {square}", square=square),
    "large": lambda square: t("a large on {square}", square=square),
    "coin": lambda square: t("a coin on {square}", square=square),
    "pyramid": lambda square: t("a pyramid on {square}", square=square),
    "pawn": lambda square: t("a pawn on {square}", square=square),
}
"""A piece of Tink's (or Tingle's) placed on a square, by the game's name of its size."""
MOVED: dict[str, Callable[[str, str], Text]] = {
    "king": lambda origin, target: t("king {origin} to {target}", origin=origin, target=target),
    "bishop": lambda origin, target: t("bishop {origin} to {target}", origin=origin, target=target),
    "knight": lambda origin, target: t("knight {origin} to {target}", origin=origin, target=target),
    "piece": lambda origin, target: t("piece {origin} to {target}", origin=origin, target=target),
}
"""A piece of Bridge's moved, by its name."""
ALONE = {
    "pass": t("a forced pass"),
    "start_next_round": t("chooses to start the next round"),
    "let_opponent_start": t("lets the opponent start"),
}
"""Moves that are the same whoever makes them; Bridge's pass is its own (`BRIDGE_PASS`)."""
BRIDGE_PASS = t("has no legal move and passes")
FOLIO_PIECES = {
    ("red", "small"): t("the red small"),
    ("red", "medium"): t("the red medium"),
    ("red", "large"): t("the red large"),
    ("yellow", "small"): t("the yellow small"),
    ("yellow", "medium"): t("the yellow medium"),
    ("yellow", "large"): t("the yellow large"),
    ("green", "small"): t("the green small"),
    ("green", "medium"): t("the green medium"),
    ("green", "large"): t("the green large"),
    ("blue", "small"): t("the blue small"),
    ("blue", "medium"): t("the blue medium"),
    ("blue", "large"): t("the blue large"),
}
"""Folio's pieces, by colour and size."""


def move_text(game: engine.Game, move: str) -> Text:
    """`move` (canonical) of `game` in words, as the reader's language says it."""
    words = game.move_words(move)
    said = _said(game.info.name, words.kind, dict(words.parts))
    return say(game.describe(move)) if said is None else said


def _said(name: str, kind: str, parts: dict[str, str]) -> Text | None:
    """The words for a kind of move of the game `name`, or None for one not known here."""
    if name == "folio":
        return _folio(kind, parts)
    if kind == "pass" and name == "bridge":
        return BRIDGE_PASS
    if kind in ALONE:
        return ALONE[kind]
    if kind == "move" and parts.get("piece") in MOVED:
        return MOVED[parts["piece"]](parts["origin"], parts["target"])
    if kind not in ("place", "place_spending") or parts.get("size") not in PLACED:
        return None
    placed = PLACED[parts["size"]](parts["square"])
    if kind == "place":
        return placed
    first, second = parts["first"], parts["second"]
    return t("{placed}, spending {first} and {second}", placed=placed, first=first, second=second)


def _folio(kind: str, parts: dict[str, str]) -> Text | None:
    """Folio's placing and giving, with its pieces named by colour and size."""
    placed = FOLIO_PIECES.get((parts.get("colour", ""), parts.get("size", "")))
    given = FOLIO_PIECES.get((parts.get("gift_colour", ""), parts.get("gift_size", "")))
    square = parts.get("square", "")
    if kind == "give" and given is not None:
        return t("gives {piece}", piece=given)
    if kind == "place" and placed is not None:
        return t("places {piece} on {square}", piece=placed, square=square)
    if kind == "place_and_give" and placed is not None and given is not None:
        return t(
            "places {piece} on {square} and gives {gift}", piece=placed, square=square, gift=given
        )
    return None
