"""Pictures of games: a PNG of the board after every move, a GIF of a whole game.

Every function reads the engine's views only and is safe to call from worker threads:
drawing (FreeType faces and the caches are shared) takes a lock, compressing does not.
A board picture can also be made in two steps, `board_scene` then `scene_png`: a scene
is plain values that pickle, so the drawing can happen in another process.
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

__all__ = ["Scene", "board_png", "board_scene", "replay_gif", "scene_png"]

_SCENES: dict[str, Callable[[engine.Game, Sequence[str]], Scene]] = {
    "tink": tink_scene,
    "tingle": tink_scene,
    "folio": folio_scene,
    "bridge": bridge_scene,
}


def board_png(game: engine.Game, player_names: Sequence[str]) -> bytes:
    """A PNG of the game as it stands, with the players' names in its panel."""
    return scene_png(board_scene(game, player_names))


def board_scene(game: engine.Game, player_names: Sequence[str]) -> Scene:
    """What the board picture of the game as it stands shows (cheap: nothing is drawn)."""
    with DRAWING:
        return _scene(game, player_names)


def scene_png(scene: Scene) -> bytes:
    """The scene drawn as a PNG."""
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
