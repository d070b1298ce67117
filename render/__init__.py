"""Pictures of games: a PNG of the board after every move, a GIF of a whole game.

Both functions read the engine's views only and are safe to call from worker threads:
drawing (FreeType faces and the caches are shared) takes a lock, compressing does not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image

import engine
from engine.core import apply_action
from render.bridge import bridge_scene
from render.canvas import DRAWING, Scene, compose, encode_gif, encode_png
from render.folio import folio_scene
from render.scene import drawable_names
from render.tink import tink_scene

__all__ = ["board_png", "replay_gif"]

_SCENES: dict[str, Callable[[engine.Game, Sequence[str]], Scene]] = {
    "tink": tink_scene,
    "tingle": tink_scene,
    "folio": folio_scene,
    "bridge": bridge_scene,
}


def board_png(game: engine.Game, player_names: Sequence[str]) -> bytes:
    """A PNG of the game as it stands, with the players' names in its panel."""
    with DRAWING:
        scene = _scene(game, player_names)
    return encode_png(scene)


def replay_gif(game: engine.Game, player_names: Sequence[str]) -> bytes:
    """An animated GIF from the first position to now: one frame per action, the last held."""
    copy = engine.new_game(game.name, game.players, seed=game.seed, **game.options)
    frames = [_frame(copy, player_names)]
    for action in game.actions:
        apply_action(copy, action)
        frames.append(_frame(copy, player_names))
    return encode_gif(frames)


def _frame(game: engine.Game, names: Sequence[str]) -> Image.Image:
    with DRAWING:
        return compose(_scene(game, names))


def _scene(game: engine.Game, names: Sequence[str]) -> Scene:
    return _SCENES[game.name](game, drawable_names(game, names))
