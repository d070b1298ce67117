"""Pure rules for Tink, Tingle, Folio and Bridge: the one facade the rest of the project uses.

game = engine.new_game("tink", 2)
game.play("s d4")          # -> "S d4"
game.legal_moves()         # canonical texts
engine.load_game(game.to_json()) == game
"""

from __future__ import annotations

import json
import random
from types import MappingProxyType

from engine import bridge, folio, tink
from engine.core import (
    BoardView,
    Event,
    Game,
    GameError,
    GameInfo,
    IllegalMove,
    InvalidOption,
    MovePart,
    Option,
    OptionValue,
    Piece,
    Result,
    Size,
    game_class,
    replay,
)

__all__ = [
    "GAMES",
    "BoardView",
    "Event",
    "Game",
    "GameError",
    "GameInfo",
    "IllegalMove",
    "InvalidOption",
    "MovePart",
    "Option",
    "OptionValue",
    "Piece",
    "Result",
    "Size",
    "load_game",
    "new_game",
]

GAMES = MappingProxyType(
    {
        cls.info.name: cls.info
        for cls in (tink.TinkGame, tink.TingleGame, folio.FolioGame, bridge.BridgeGame)
    }
)
"""Every hosted game by command name: its title, player counts, options and summary."""


def new_game(name: str, players: int, *, seed: int | None = None, **options: object) -> Game:
    """Start a game. Without a seed one is drawn, so the game can always be replayed."""
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    return replay(name, players, seed, options, ())


def load_game(text: str) -> Game:
    """Rebuild a game from `Game.to_json()` text, checking it replays to the same history."""
    try:
        data = json.loads(text)
        game = replay(data["game"], data["players"], data["seed"], data["options"], data["actions"])
    except (ValueError, KeyError, TypeError) as error:
        raise InvalidOption(f"that saved game cannot be read: {error}") from None
    if list(game.history) != data.get("history", list(game.history)):
        raise InvalidOption("that saved game does not replay to its own history")
    return game


def game_info(name: str) -> GameInfo:
    """The description of one game, by command name."""
    return game_class(name).info
