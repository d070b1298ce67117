"""Board pictures and replays: valid, deterministic, distinct, legible for any names."""

from __future__ import annotations

import io
import itertools
import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

import engine
import render
from bot.play.words.pictures import picture_words
from render.gif import MAX_PARTS, SETTLE_MS
from render.lettering import fit, line
from tests.engine.strategies import games
from tests.engine.test_bridge import BOTH_NEARLY_BUILT, position
from tests.profiles import examples

PICTURE_WORDS = picture_words("en")

NAMES = ("Alice", "Bob")
WIDTH = {"tink": 738, "tingle": 736, "folio": 738, "bridge": 738}
PANEL_LINE = 62
HEIGHT_WITHOUT_PLAYERS = {"tink": 814, "tingle": 812, "folio": 1102, "bridge": 814}
BOARD_HEIGHT = {"tink": 746, "tingle": 744, "folio": 746, "bridge": 746}
"""Pixels from the top to the panel: the board with its coordinates."""
COMPACT_WIDTH = {"tink": 369, "tingle": 363, "folio": 369, "bridge": 369}
COMPACT_PANEL_LINE = 31
COMPACT_HEIGHT_WITHOUT_PLAYERS = {"tink": 407, "tingle": 401, "folio": 551, "bridge": 407}
FOLIO_STRIPS = 288
"""Pixels of Folio's rows of pieces (in hand, the pool) at full size."""
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
    height = HEIGHT_WITHOUT_PLAYERS[game.name] + PANEL_LINE * game.players
    return WIDTH[game.name], height - (FOLIO_STRIPS if finished_folio(game) else 0)


def compact_size(game: engine.Game) -> tuple[int, int]:
    height = COMPACT_HEIGHT_WITHOUT_PLAYERS[game.name] + COMPACT_PANEL_LINE * game.players
    return COMPACT_WIDTH[game.name], height - (FOLIO_STRIPS // 2 if finished_folio(game) else 0)


def finished_folio(game: engine.Game) -> bool:
    """A finished Folio game's picture leaves out the piece in hand and the pool."""
    return game.name == "folio" and game.result is not None


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
    picture = opened(render.board_png(game, NAMES, PICTURE_WORDS))
    seen = {picture.tobytes()}
    for action in finished.actions:
        game.apply(action)
        previous, view = view, game.view()
        before, picture = picture, opened(render.board_png(game, NAMES, PICTURE_WORDS))
        assert picture.size == expected_size(game)
        assert picture.tobytes() not in seen
        seen.add(picture.tobytes())
        board_changed = board_part(picture, name) != board_part(before, name)
        assert board_changed == (view != previous or name == "folio")


@pytest.mark.parametrize("name", list(engine.GAMES))
@settings(max_examples=examples(15))
@given(data=st.data())
def test_random_positions_draw_the_same_for_the_same_state(name: str, data: st.DataObject) -> None:
    game = data.draw(games(name))
    picture = render.board_png(game, NAMES, PICTURE_WORDS)
    assert opened(picture).size == expected_size(game)
    assert render.board_png(engine.load_game(game.to_json()), list(NAMES), PICTURE_WORDS) == picture


def shown(animation: Image.Image) -> list[tuple[int, int]]:
    """The frames that each show a position, with how long each position is shown in all.

    A move whose changes lie far apart is written as several images: the earlier ones are
    shown for `SETTLE_MS`, the last holds the position.
    """
    frames: list[tuple[int, int]] = []
    parts = 0
    for index in range(animation.n_frames):
        animation.seek(index)
        duration = animation.info["duration"]
        parts += 1
        if duration != SETTLE_MS:
            assert parts <= MAX_PARTS
            frames.append((index, duration + SETTLE_MS * (parts - 1)))
            parts = 0
    assert parts == 0
    return frames


def played(name: str, actions: int, seed: int, **options: object) -> engine.Game:
    game = engine.new_game(name, 2, seed=seed, **options)
    chooser = random.Random(seed)
    while len(game.actions) < actions:
        game.play(chooser.choice(game.legal_moves()))
    return game


def test_a_replay_has_one_position_per_action_each_shown_for_a_frame_and_stays_small() -> None:
    game = played("bridge", 60, 3, rounds=5)
    data = render.replay_gif(game, NAMES, PICTURE_WORDS)
    animation = opened(data, "GIF")
    durations = [duration for _, duration in shown(animation)]
    assert durations == [render.FRAME_MS] * 60 + [render.HOLD_MS]
    assert animation.n_frames > 61
    assert animation.size == compact_size(game)
    assert len(data) < 61 * 1_500


def test_a_100_move_tink_replay_takes_at_most_one_and_a_half_kib_a_frame() -> None:
    data = render.replay_gif(played("tink", 100, 43), NAMES, PICTURE_WORDS)
    assert len(data) <= 101 * 1_536


def test_a_300_move_bridge_replay_takes_under_400_kb() -> None:
    game = played("bridge", 300, 1, rounds=50, repetition_draw=False)
    assert len(render.replay_gif(game, NAMES, PICTURE_WORDS)) < 400_000


def long_bridge_game(actions: int) -> engine.Game:
    return played("bridge", actions, 5, rounds=50, repetition_draw=False)


def position_after(game: engine.Game, actions: int) -> engine.Game:
    copy = engine.new_game(game.name, game.players, seed=game.seed, **game.options)
    for action in game.actions[:actions]:
        copy.apply(action)
    return copy


def frame(animation: Image.Image, index: int) -> bytes:
    animation.seek(index)
    return animation.convert("RGB").tobytes()


def board(game: engine.Game, layout: render.Layout = render.COMPACT) -> bytes:
    return (
        opened(render.board_png(game, NAMES, PICTURE_WORDS, layout=layout)).convert("RGB").tobytes()
    )


@pytest.mark.parametrize("layout", [render.COMPACT, render.FULL])
def test_frames_of_a_long_replay_are_the_pictures_of_their_positions(
    layout: render.Layout,
) -> None:
    game = long_bridge_game(200)
    animation = opened(render.replay_gif(game, NAMES, PICTURE_WORDS, layout=layout), "GIF")
    frames = shown(animation)
    for index in (0, 1, 57, 123, 200):
        assert frame(animation, frames[index][0]) == board(position_after(game, index), layout)


def test_compact_pictures_are_half_the_size_of_the_board_picture() -> None:
    for name in engine.GAMES:
        game = random_game(name, 2, 4, {})
        full = opened(render.board_png(game, NAMES, PICTURE_WORDS))
        compact = opened(render.board_png(game, NAMES, PICTURE_WORDS, layout=render.COMPACT))
        assert full.size == expected_size(game)
        assert compact.size == compact_size(game)
        assert len(compact.getpalette() or []) // 3 <= render.COMPACT.colours


@pytest.mark.parametrize("cap", [{"max_frames": 40}, {"max_bytes": 120_000}])
def test_a_capped_replay_keeps_the_last_positions_and_fits(cap: dict[str, int]) -> None:
    game = long_bridge_game(200)
    data = render.replay_gif(game, NAMES, PICTURE_WORDS, **cap)
    animation = opened(data, "GIF")
    assert len(data) <= cap.get("max_bytes", len(data))
    positions = [index for index, _ in shown(animation)]
    frames = len(positions)
    assert 2 <= frames <= cap.get("max_frames", 200)
    kept = render.kept_positions(201, frames)
    assert len(kept) == frames and kept[0] == 0 and kept[-1] == 200
    tail = min(render.KEPT_AT_END, frames - 1)
    assert kept[-tail:] == list(range(201 - tail, 201))
    for index in (0, frames // 2, frames - 2, frames - 1):
        assert frame(animation, positions[index]) == board(position_after(game, kept[index]))


def test_positions_kept_are_spread_evenly_before_the_last_ones() -> None:
    assert render.kept_positions(10, 20) == list(range(10))
    kept = render.kept_positions(1201, 100)
    assert len(kept) == 100 and kept[0] == 0 and kept[-1] == 1200
    head = kept[: 100 - render.KEPT_AT_END]
    gaps = [later - earlier for earlier, later in itertools.pairwise(head)]
    assert max(gaps) - min(gaps) <= 1


@pytest.mark.parametrize(("name", "players", "options"), [VARIANTS[1], VARIANTS[5]])
def test_the_png_after_each_action_shows_what_the_replay_shows_then(
    name: str, players: int, options: dict[str, object]
) -> None:
    finished = random_game(name, players, 11, options)
    animation = opened(render.replay_gif(finished, NAMES, PICTURE_WORDS), "GIF")
    frames = shown(animation)
    assert len(frames) == len(finished.actions) + 1
    game = engine.new_game(name, players, seed=11, **options)
    for (index, _), action in zip(frames, [*finished.actions, None], strict=True):
        animation.seek(index)
        frame = animation.convert("RGB")
        picture = opened(
            render.board_png(game, NAMES, PICTURE_WORDS, layout=render.COMPACT)
        ).convert("RGB")
        assert frame.crop((0, 0, *picture.size)).tobytes() == picture.tobytes()
        assert frame.height - picture.height == (FOLIO_STRIPS // 2 if finished_folio(game) else 0)
        if action is not None:
            game.apply(action)
    assert game.to_json() == finished.to_json()


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
        assert opened(render.board_png(game, names, PICTURE_WORDS)).size == expected_size(game)


def test_long_names_are_cut_with_an_ellipsis_to_fit() -> None:
    cut = fit("Bartholomew " * 20, 30, 300)
    assert cut.endswith("…")
    assert line(cut, 30).width <= 300
    assert fit("Bob", 30, 300) == "Bob"


def test_a_replay_shows_resignations_and_agreed_draws_as_frames() -> None:
    game = engine.new_game("tink", 3, seed=2)
    game.play("S d4")
    game.forfeit(1, engine.Ending.RESIGNATION)
    game.play(game.legal_moves()[0])
    game.agree_draw()
    animation = opened(render.replay_gif(game, NAMES, PICTURE_WORDS), "GIF")
    assert len(shown(animation)) == len(game.actions) + 1 == 5


def test_pictures_drawn_in_parallel_threads_are_the_same_as_drawn_alone() -> None:
    positions = [random_game(name, 2, seed, {}) for name in engine.GAMES for seed in (1, 2)]
    alone = [render.board_png(game, NAMES, PICTURE_WORDS) for game in positions]
    with ThreadPoolExecutor(4) as pool:
        together = list(
            pool.map(lambda game: render.board_png(game, NAMES, PICTURE_WORDS), positions * 3)
        )
    assert together == alone * 3


def test_a_bridge_waiting_for_its_answer_is_ringed_and_the_headline_says_so() -> None:
    game = position(BOTH_NEARLY_BUILT, win="delayed")
    game.play("b7-a8")
    scene = render.board_scene(game, NAMES, PICTURE_WORDS)
    assert scene.headline.endswith("Bob\u2069 has one move to answer the bridge")
    assert {square for square, marks in scene.marks.items() if marks.win} == {
        f"a{rank}" for rank in range(1, 9)
    }


def test_folio_shows_pieces_by_code_and_no_empty_rows_once_the_game_is_over() -> None:
    game = engine.new_game("folio", 2, seed=1)
    game.play("give RS")
    hand, pool = render.board_scene(game, NAMES, PICTURE_WORDS).strips
    assert [token.code for token in hand.tokens] == ["RS"]
    assert sum(token.count for token in pool.tokens) == len(game.pool)
    assert len({token.code for token in pool.tokens}) == len(pool.tokens)
    finished = random_game("folio", 2, 1, {})
    assert finished.result is not None
    assert all(
        not strip.tokens for strip in render.board_scene(finished, NAMES, PICTURE_WORDS).strips
    )


def test_a_clock_is_shown_beside_a_player_s_name_after_any_note() -> None:
    game = engine.new_game("tink", 2, seed=1)
    scene = render.board_scene(game, NAMES, PICTURE_WORDS, clocks=["2d 3h", None])
    assert [seat.note for seat in scene.seats] == ["2d 3h", ""]
    assert render.board_png(game, NAMES, PICTURE_WORDS, clocks=["2d 3h"]) != render.board_png(
        game, NAMES, PICTURE_WORDS
    )


@pytest.mark.parametrize(("name", "players", "options"), VARIANTS)
def test_the_board_map_says_where_the_picture_shows_each_square(
    name: str, players: int, options: dict[str, str]
) -> None:
    game = engine.new_game(name, players, seed=3, **options)
    board = render.board_map(render.board_scene(game, NAMES, PICTURE_WORDS))
    start = Image.open(io.BytesIO(render.board_png(game, NAMES, PICTURE_WORDS)))
    assert (board.width, board.height) == start.size
    assert len(board.squares) == len(set(board.squares.values()))
    for _ in range(2):
        game.play(game.legal_moves()[0])
    earlier = game.view()
    before = Image.open(io.BytesIO(render.board_png(game, NAMES, PICTURE_WORDS))).convert("RGB")
    game.play(game.legal_moves()[-1])
    after = Image.open(io.BytesIO(render.board_png(game, NAMES, PICTURE_WORDS))).convert("RGB")
    changed = {
        square
        for square, (left, top, right, bottom) in board.squares.items()
        if before.crop((left, top, right + 1, bottom + 1)).tobytes()
        != after.crop((left, top, right + 1, bottom + 1)).tobytes()
    }
    view = game.view()
    moved = {view.placed, *view.cleared} - {None}
    marked = {earlier.placed, *earlier.cleared, *earlier.allowed, *view.allowed}
    assert moved and moved <= changed <= moved | marked
