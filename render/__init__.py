"""Pictures of games: a PNG of the board after every move, a GIF of a whole game.

Every function reads the engine's views only and is safe to call from worker threads:
drawing (FreeType faces and the caches are shared) takes a lock, compressing does not.
A board picture can also be made in two steps, `board_scene` then `scene_png`: a scene
is plain values that pickle, so the drawing can happen in another process.

Each game's module here registers its scene maker with `register_scene`, keyed by the
game's name in `engine.GAMES`; importing this package imports them all.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from collections.abc import Sequence

import engine
from render.gif import encode_gif
from render.model import COMPACT, FULL, BoardMap, Layout, Scene, board_map
from render.paint import DRAWING, encode_png
from render.scene import (
    SceneMaker,
    drawable_names,
    register_scene,
    scene_maker,
    unregister_scene,
    with_clocks,
)
from render.words import Label, PictureWords

__all__ = [
    "COMPACT",
    "FULL",
    "BoardMap",
    "Label",
    "Layout",
    "PictureWords",
    "Scene",
    "SceneMaker",
    "board_map",
    "board_png",
    "board_scene",
    "register_scene",
    "replay_gif",
    "scene_png",
    "unregister_scene",
]


def _import_modules() -> None:
    """Import every module of this package: a game's module registers its scene maker."""
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")


_import_modules()


def board_png(
    game: engine.Game,
    player_names: Sequence[str],
    words: PictureWords,
    *,
    layout: Layout = FULL,
    clocks: Sequence[str | None] = (),
) -> bytes:
    """A PNG of the game as it stands, with the players' names in its panel (and beside
    each, the time on their clock, where `clocks` gives one: see `board_scene`)."""
    return scene_png(board_scene(game, player_names, words, layout=layout, clocks=clocks))


def board_scene(
    game: engine.Game,
    player_names: Sequence[str],
    words: PictureWords,
    *,
    layout: Layout = FULL,
    clocks: Sequence[str | None] = (),
) -> Scene:
    """What the board picture of the game as it stands shows (cheap: nothing is drawn),
    its words said by `words`.

    `clocks` holds a short text per seat (such as `2d 3h`), or None, shown beside the
    player's name; the engine knows nothing of clocks, so the caller says them. A finished
    game's picture ends where its content ends: the rows of pieces left empty (Folio's
    piece in hand and pool) are left out."""
    scene = _frame_scene(game, player_names, words, layout, clocks)
    if game.result is None:
        return scene
    return dataclasses.replace(scene, strips=tuple(s for s in scene.strips if s.tokens))


def _frame_scene(
    game: engine.Game,
    player_names: Sequence[str],
    words: PictureWords,
    layout: Layout,
    clocks: Sequence[str | None],
) -> Scene:
    """The scene as every frame of a replay shows it: of one size from first to last."""
    with DRAWING:
        scene = with_clocks(_scene(game, player_names, words), clocks)
        if layout == scene.style.layout:
            return scene
        return dataclasses.replace(scene, style=scene.style.at(layout))


def scene_png(scene: Scene) -> bytes:
    """The scene drawn as a PNG."""
    return encode_png(scene)


FRAME_MS = 900
HOLD_MS = 4000
REPLAY_MAX_BYTES = 8_000_000
"""Under Discord's 10 MB upload limit with room to spare."""
FRAME_BYTES = 2_000
"""About the most a compact replay frame takes: a first guess at how many fit `max_bytes`."""
KEPT_AT_END = 12
"""The last positions a shortened replay always shows, one by one."""


def replay_gif(
    game: engine.Game,
    player_names: Sequence[str],
    words: PictureWords,
    *,
    max_frames: int | None = None,
    max_bytes: int = REPLAY_MAX_BYTES,
    layout: Layout = COMPACT,
) -> bytes:
    """An animated GIF from the first position to now: one frame per action, the last held.

    Frames are drawn at `layout`: by default half the board picture's size, about as big
    as chat shows an image. A game too long for `max_frames` or `max_bytes` keeps fewer
    frames: its last positions one by one, the earlier ones sampled evenly, always
    starting from the first.
    """
    positions = len(game.actions) + 1
    frames = min(positions, max_frames or positions, max_bytes // FRAME_BYTES)
    frames = max(2, frames)
    while True:
        data = _replay(game, player_names, words, kept_positions(positions, frames), layout)
        if len(data) <= max_bytes or frames <= 2:
            return data
        frames = max(2, min(frames - 1, int(frames * max_bytes / len(data) * 0.9)))


def kept_positions(positions: int, frames: int) -> list[int]:
    """Which of `positions` a replay of `frames` frames shows: the last ones, and evenly before."""
    if frames >= positions:
        return list(range(positions))
    tail = min(KEPT_AT_END, frames - 1)
    start = positions - tail
    head = frames - tail
    sampled = [round(i * (start - 1) / max(1, head - 1)) for i in range(head)]
    return sorted({*sampled, *range(start, positions)})


def _replay(
    game: engine.Game,
    names: Sequence[str],
    words: PictureWords,
    kept: Sequence[int],
    layout: Layout,
) -> bytes:
    copy = engine.new_game(game.name, game.players, seed=game.seed, **game.options)
    wanted = set(kept)
    scenes = [_frame_scene(copy, names, words, layout, ())] if 0 in wanted else []
    for position, action in enumerate(game.actions, start=1):
        copy.apply(action)
        if position in wanted:
            scenes.append(_frame_scene(copy, names, words, layout, ()))
    return encode_gif(scenes, [FRAME_MS] * (len(scenes) - 1) + [HOLD_MS])


def _scene(game: engine.Game, names: Sequence[str], words: PictureWords) -> Scene:
    return scene_maker(game.name)(game, drawable_names(game, names, words), words)
