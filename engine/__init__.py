"""Pure rules for Tink, Tingle, Folio and Bridge: the one facade the rest of the project uses.

game = engine.new_game("tink", 2)
game.play("s d4")          # -> "S d4"
game.legal_moves()         # canonical texts
engine.load_game(game.to_json()) == game

Importing the package imports each of its modules, and a game's module registers its
game class with `@register`: `GAMES` lists exactly the registered games.

Search (the AI, playouts) runs on copies through the `Game.search_*` methods:
copy = game.search_copy(); copy.search_push(copy.search_moves()[0])
A Tink or Tingle search move is a `LineMove` (size, target, spent_first, spent_second).
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import random
from functools import cache
from importlib import resources

from engine.board import FILES
from engine.core import (
    FORFEITS,
    GAMES,
    Action,
    ActionKind,
    BoardView,
    Ending,
    Event,
    ForbiddenMove,
    Game,
    GameError,
    GameInfo,
    IllegalMove,
    InvalidMove,
    InvalidOption,
    LineMove,
    MatchView,
    MovePart,
    MoveWords,
    Option,
    OptionValue,
    Piece,
    Result,
    SearchMove,
    Size,
    game_class,
    register,
    replay,
    unregister,
)
from engine.review import MoveReview, forced_wins_in_two, review

__all__ = [
    "FILES",
    "FORFEITS",
    "GAMES",
    "Action",
    "ActionKind",
    "BoardView",
    "Ending",
    "Event",
    "ForbiddenMove",
    "Game",
    "GameError",
    "GameInfo",
    "IllegalMove",
    "InvalidMove",
    "InvalidOption",
    "LineMove",
    "MatchView",
    "MovePart",
    "MoveReview",
    "MoveWords",
    "Option",
    "OptionValue",
    "Piece",
    "Result",
    "SearchMove",
    "Size",
    "forced_wins_in_two",
    "load_game",
    "new_game",
    "register",
    "replay",
    "review",
    "rules_text",
    "unregister",
]


def _import_modules() -> None:
    """Import every module of this package: a game's module registers its game."""
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")


_import_modules()


def new_game(name: str, players: int, *, seed: int | None = None, **options: object) -> Game:
    """Start a game. Without a seed one is drawn, so the game can always be replayed."""
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    return replay(name, players, seed, options, ())


def load_game(text: str) -> Game:
    """Rebuild a game from `Game.to_json()` text, checking it replays to the same history."""
    try:
        data = json.loads(text)
        actions = [Action.parse(action) for action in data["actions"]]
        game = replay(data["game"], data["players"], data["seed"], data["options"], actions)
    except (ValueError, KeyError, TypeError) as error:
        raise InvalidOption(f"that saved game cannot be read: {error}") from None
    if list(game.history) != data.get("history", list(game.history)):
        raise InvalidOption("that saved game does not replay to its own history")
    return game


def rules_text(name: str) -> str:
    """A game's rules document in Markdown: the rules, every ruling, the move notation.

    The documents ship inside this package, one per game: `rules/<name>.md`.
    """
    return _rules_document(game_class(name).info.name)


@cache
def _rules_document(name: str) -> str:
    return resources.files(__name__).joinpath("rules", f"{name}.md").read_text("utf-8")
