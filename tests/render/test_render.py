"""Board pictures and replays: valid, deterministic, distinct, legible for any names."""

from __future__ import annotations

import io
import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

import engine
import render
from render.palette import fit, font, printable
from tests.engine.strategies import games

NAMES = ("Alice", "Bob")
WIDTH = {"tink": 738, "tingle": 736, "folio": 738, "bridge": 738}
PANEL_LINE = 62
HEIGHT_WITHOUT_PLAYERS = {"tink": 814, "tingle": 812, "folio": 946, "bridge": 814}
BOARD_HEIGHT = {"tink": 746, "tingle": 744, "folio": 746, "bridge": 746}
"""Pixels from the top to the panel: the board with its coordinates."""
VARIANTS = [
    ("tink", 2, {}),
    ("tink", 4, {}),
    ("tingle", 3, {}),
    ("folio", 2, {}),
    ("folio", 2, {"grid": "fixed"}),
    ("folio", 2, {"grid": "none", "extras": "random"}),
    ("bridge", 2, {}),
    ("bridge", 2, {"rounds": 3, "win": "delayed"}),
]


def opened(data: bytes, kind: str = "PNG") -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == kind
    image.load()
    return image


def expected_size(game: engine.Game) -> tuple[int, int]:
    return WIDTH[game.name], HEIGHT_WITHOUT_PLAYERS[game.name] + PANEL_LINE * game.players


def random_game(name: str, players: int, seed: int, options: dict[str, object]) -> engine.Game:
    """A game played to its end (or 150 actions) by uniformly random legal moves."""
    game = engine.new_game(name, players, seed=seed, **options)
    chooser = random.Random(seed)
    while game.result is None and len(game.actions) < 150:
        game.play(chooser.choice(game.legal_moves()))
    return game


def board_part(picture: Image.Image, name: str) -> bytes:
    return picture.convert("RGB").crop((0, 0, picture.width, BOARD_HEIGHT[name])).tobytes()


@pytest.mark.parametrize(("name", "players", "options"), VARIANTS)
def test_every_position_of_a_random_game_is_a_distinct_picture(
    name: str, players: int, options: dict[str, object]
) -> None:
    finished = random_game(name, players, 7, options)
    game = engine.new_game(name, players, seed=7, **options)
    view = game.view()
    picture = opened(render.board_png(game, NAMES))
    seen = {picture.tobytes()}
    for action in finished.actions:
        game.play(action)
        previous, view = view, game.view()
        before, picture = picture, opened(render.board_png(game, NAMES))
        assert picture.size == expected_size(game)
        assert picture.tobytes() not in seen
        seen.add(picture.tobytes())
        board_changed = board_part(picture, name) != board_part(before, name)
        assert board_changed == (view != previous or name == "folio")


@pytest.mark.parametrize("name", list(engine.GAMES))
@settings(max_examples=15)
@given(data=st.data())
def test_random_positions_draw_the_same_for_the_same_state(name: str, data: st.DataObject) -> None:
    game = data.draw(games(name))
    picture = render.board_png(game, NAMES)
    assert opened(picture).size == expected_size(game)
    assert render.board_png(engine.load_game(game.to_json()), list(NAMES)) == picture


def test_a_replay_has_one_frame_per_action_and_stays_small() -> None:
    game = engine.new_game("bridge", 2, seed=3, rounds=5)
    chooser = random.Random(3)
    while len(game.actions) < 60:
        game.play(chooser.choice(game.legal_moves()))
    data = render.replay_gif(game, NAMES)
    animation = opened(data, "GIF")
    assert animation.n_frames == 61
    assert animation.size == expected_size(game)
    assert len(data) < 2_000_000


@pytest.mark.parametrize(("name", "players", "options"), [VARIANTS[1], VARIANTS[5]])
def test_the_png_after_each_action_shows_what_the_replay_shows_then(
    name: str, players: int, options: dict[str, object]
) -> None:
    finished = random_game(name, players, 11, options)
    animation = opened(render.replay_gif(finished, NAMES), "GIF")
    game = engine.new_game(name, players, seed=11, **options)
    for frame, action in enumerate([*finished.actions, None]):
        animation.seek(frame)
        picture = opened(render.board_png(game, NAMES)).convert("RGB")
        assert animation.convert("RGB").tobytes() == picture.tobytes()
        if action is not None:
            game.play(action)


@pytest.mark.parametrize(
    "names",
    [
        ["A" * 500, "Bob"],
        ["🦊🦊🦊", "山田太郎"],
        ["Zoë Ångström", "Ψυχή 🎲 Dice"],
        [],
        ["Only one"],
        ["", "   ", "x", "y", "z"],
        ["\u202e\u0000\n\t", "{0} {name}"],
    ],
)
def test_any_player_names_draw_without_changing_the_layout(names: list[str]) -> None:
    for name in engine.GAMES:
        game = random_game(name, 2, 1, {})
        assert opened(render.board_png(game, names)).size == expected_size(game)


def test_names_keep_what_the_font_can_draw_or_fall_back_to_the_seat() -> None:
    assert printable("Zoë 🦊 Ångström", "Player 1") == "Zoe Angstrom"
    assert printable("山田", "Player 2") == "Player 2"
    assert printable("  ", "Player 3") == "Player 3"


def test_long_names_are_cut_with_an_ellipsis_to_fit() -> None:
    cut = fit("Bartholomew " * 20, 30, 300)
    assert cut.endswith("…")
    assert font(30).getlength(cut) <= 300
    assert fit("Bob", 30, 300) == "Bob"


def test_a_replay_shows_resignations_and_agreed_draws_as_frames() -> None:
    game = engine.new_game("tink", 3, seed=2)
    game.play("S d4")
    game.forfeit(1, "resignation")
    game.play(game.legal_moves()[0])
    game.agree_draw()
    animation = opened(render.replay_gif(game, NAMES), "GIF")
    assert animation.n_frames == len(game.actions) + 1 == 5


def test_pictures_drawn_in_parallel_threads_are_the_same_as_drawn_alone() -> None:
    positions = [random_game(name, 2, seed, {}) for name in engine.GAMES for seed in (1, 2)]
    alone = [render.board_png(game, NAMES) for game in positions]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda game: render.board_png(game, NAMES), positions * 3))
    assert together == alone * 3
