"""Folio: every ruling, every kind of refusal, and random playouts on every grid."""

from __future__ import annotations

import contextlib
import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine.folio import FolioGame, piece_code
from tests.engine.strategies import replayed

GRIDS = ("floating", "fixed", "none")
TRIOS = [f"{colour}{size}" for colour in "RYGB" for size in "SML"]

SQUARES = [f"{file}{rank}" for rank in range(1, 9) for file in "abcdefgh"]
CANDIDATE_MOVES = [
    *(f"give {code}" for code in TRIOS),
    *SQUARES,
    *(f"{square} give {code}" for square in SQUARES for code in TRIOS),
]
"""Every move text in canonical form on the largest board, legal or not."""

# A full 4x4 square without a winning line, ranks 1 to 4, files a to d.
DRAWN_SQUARE = (
    ("RL", "BM", "GL", "GM"),
    ("RS", "GS", "BM", "RM"),
    ("YL", "YM", "GL", "YM"),
    ("YS", "BS", "BL", "RS"),
)


def folio_with_seed(seed: int, **options: str) -> FolioGame:
    """A new two-player Folio game."""
    game = engine.new_game("folio", 2, seed=seed, **options)
    assert isinstance(game, FolioGame)
    return game


def folio(*moves: str, grid: str = "fixed", **options: str) -> FolioGame:
    """A game after the given moves, checking each comes back as written."""
    game = folio_with_seed(7, grid=grid, **options)
    for move in moves:
        assert game.play(move) == move
    return game


def refusal(game: engine.Game, text: str) -> str:
    """The sentence a move is refused with; the game must not change."""
    before = (game.to_json(), game.legal_moves())
    with pytest.raises(engine.IllegalMove) as refused:
        game.play(text)
    assert (game.to_json(), game.legal_moves()) == before
    return str(refused.value)


def codes(pieces: tuple[engine.Piece, ...]) -> list[str]:
    return [piece_code(piece) for piece in pieces]


def placements(pieces: dict[str, str]) -> list[str]:
    """The moves that place `pieces` (square: code) in the given order, each giving the next."""
    order = list(pieces.items())
    gifts = [f" give {code}" for _, code in order[1:]] + [""]
    return [f"give {order[0][1]}"] + [
        f"{square}{gift}" for (square, _), gift in zip(order, gifts, strict=True)
    ]


def drawn_square(grid: str) -> dict[str, str]:
    """DRAWN_SQUARE on c3-f6 (a1-d4 on the fixed grid), spreading out one touch at a time."""
    shift = 0 if grid == "fixed" else 2
    start = (3 - shift, 3 - shift)
    cells = sorted(
        ((file, rank) for rank in range(4) for file in range(4)),
        key=lambda cell: (max(abs(cell[0] - start[0]), abs(cell[1] - start[1])), cell[1], cell[0]),
    )
    return {
        f"{'abcdefgh'[file + shift]}{rank + shift + 1}": DRAWN_SQUARE[rank][file]
        for file, rank in cells
    }


# -- pieces and extras --------------------------------------------------------


def test_sixteen_pieces_are_the_trios_and_the_default_extras() -> None:
    game = folio()
    assert game.extras == ("RS", "YM", "GL", "BM")
    assert Counter(codes(game.pool)) == Counter([*TRIOS, "RS", "YM", "GL", "BM"])
    assert codes(game.pool) == sorted(codes(game.pool), key=lambda code: TRIOS.index(code))
    assert all(piece.owner is None for piece in game.pool)


@pytest.mark.parametrize(
    "spelling",
    [
        "bm gl ym rs",
        "Red Small, yellow-medium, green large, BLUE MEDIUM",
        "sr my lg mb",
        "small red (medium yellow) large-green medium blue",
    ],
)
def test_extras_are_read_in_any_order_and_spelling(spelling: str) -> None:
    game = folio(extras=spelling)
    assert game.extras == ("RS", "YM", "GL", "BM")
    assert game.options["extras"] == "RS YM GL BM"


def test_extras_may_give_the_fourth_colour_any_size() -> None:
    assert folio(extras="RS YS GM BL").extras == ("RS", "YS", "GM", "BL")


@pytest.mark.parametrize(
    ("extras", "reason"),
    [
        ("RS RM GL BM", "a small, a medium and a large in three different colours"),
        ("RS YS GS BL", "a small, a medium and a large in three different colours"),
        ("RS YM GL", "the extras must be four pieces such as RS YM GL BM"),
        ("RS YM GL BM RL", "the extras must be four pieces such as RS YM GL BM"),
        ("", "the extras must be four pieces such as RS YM GL BM"),
        ("RS YM GL purple", "'purple' is not a piece"),
        ("RS YM GL blue", "'rs ym gl blue' is not a piece"),
    ],
)
def test_invalid_extras_are_refused_with_the_reason(extras: str, reason: str) -> None:
    with pytest.raises(engine.InvalidOption, match=reason):
        engine.new_game("folio", 2, extras=extras)


@given(st.text(max_size=60))
def test_any_extras_text_is_a_valid_set_or_an_invalid_option(text: str) -> None:
    try:
        game = engine.new_game("folio", 2, seed=0, extras=text)
    except engine.InvalidOption:
        return
    assert isinstance(game, FolioGame)
    assert_valid_extras(game.extras)


def assert_valid_extras(extras: tuple[str, ...]) -> None:
    assert len({code[0] for code in extras}) == 4
    assert {code[1] for code in extras} == {"S", "M", "L"}


@given(st.integers(0, 2**32 - 1))
def test_random_extras_are_valid_and_stable_for_a_seed(seed: int) -> None:
    game = folio_with_seed(seed, extras="random")
    assert_valid_extras(game.extras)
    again = engine.load_game(game.to_json())
    assert isinstance(again, FolioGame)
    assert again.extras == game.extras
    assert game.options["extras"] == "random"


def test_random_extras_differ_between_seeds() -> None:
    dealt = {folio_with_seed(seed, extras="random").extras for seed in range(30)}
    assert len(dealt) > 5


# -- turns and giving ---------------------------------------------------------


def test_the_second_seat_opens_by_giving_any_piece_left() -> None:
    game = folio()
    assert game.to_move == 1
    assert game.in_hand is None
    assert game.allowed_squares() == ()
    assert game.legal_moves() == [f"give {code}" for code in TRIOS]
    assert game.play("give bl") == "give BL"
    assert game.to_move == 0
    assert game.in_hand == engine.Piece(engine.Size.LARGE, 3)
    assert len(game.pool) == 15


@pytest.mark.parametrize(
    "spelling",
    ["give RS", "give rs", "rs", "sr", "red small", "Red Small", "small red", "give (Red-Small)"],
)
def test_a_piece_may_be_written_as_a_code_or_in_words(spelling: str) -> None:
    assert folio().play(spelling) == "give RS"


@pytest.mark.parametrize(
    "spelling", ["d4 give BL", "D4, blue large", "d4 give blue-large", "d4 lb"]
)
def test_a_placement_gives_the_next_piece(spelling: str) -> None:
    game = folio("give RS", grid="floating")
    assert game.play(spelling) == "d4 give BL"
    assert game.to_move == 1
    assert game.in_hand == engine.Piece(engine.Size.LARGE, 3)
    assert game.history == ("give RS", "d4 give BL")
    assert game.movers == (1, 0)


def test_a_piece_with_a_twin_can_be_given_twice() -> None:
    game = folio("give RS", "a1 give RS")
    assert "b1 give RS" not in game.legal_moves()
    assert "RS" not in codes(game.pool)


def test_the_board_view_shows_the_pieces_and_the_last_placement() -> None:
    game = folio("give RS", "d4 give BL", "e5 give GM", grid="floating")
    view = game.view()
    assert (view.width, view.height) == (8, 8)
    assert view.squares == {
        "d4": engine.Piece(engine.Size.SMALL, 0),
        "e5": engine.Piece(engine.Size.LARGE, 3),
    }
    assert view.placed == "e5"
    assert view.highlight == ()
    assert view.stashes == ()
    assert view.in_hand == engine.Piece(engine.Size.MEDIUM, 2) == game.in_hand
    assert view.allowed == game.allowed_squares() and "b2" in view.allowed
    assert view.pool == game.pool and len(view.pool) == 13
    assert view.match is None


def test_moves_are_described_in_words() -> None:
    game = folio("give RS", "a1 give BL")
    assert game.describe("give RS") == "gives the red small"
    assert game.describe("a1 give BL") == "places the red small on a1 and gives the blue large"
    assert game.describe("b1 give YM") == "places the blue large on b1 and gives the yellow medium"
    assert game.describe("b1") == "places the blue large on b1"


# -- placement ----------------------------------------------------------------


def test_the_fixed_grid_is_4x4_and_any_empty_square_will_do() -> None:
    game = folio("give RS")
    assert game.allowed_squares() == tuple(f"{f}{r}" for r in "1234" for f in "abcd")
    game.play("a1 give YS")
    assert "a1" not in game.allowed_squares()
    assert len(game.allowed_squares()) == 15
    assert (game.view().width, game.view().height) == (4, 4)


@pytest.mark.parametrize("grid", ["floating", "none"])
def test_the_first_piece_goes_on_a_centre_square(grid: str) -> None:
    game = folio("give RS", grid=grid)
    assert game.allowed_squares() == ("d4", "e4", "d5", "e5")
    assert refusal(game, "a1 give BL") == "the first piece goes on d4, e4, d5 or e5"


def test_on_the_floating_grid_every_piece_is_within_3_squares_of_every_other() -> None:
    game = folio("give RS", "d4 give RM", "b2 give RL", grid="floating")
    assert game.allowed_squares() == tuple(
        f"{f}{r}" for r in "12345" for f in "abcde" if f"{f}{r}" not in ("d4", "b2")
    )
    assert refusal(game, "h8 give YS") == "h8 is more than 3 squares from b2"
    assert refusal(game, "f3 give YS") == "f3 is more than 3 squares from b2"


def test_with_no_grid_each_piece_must_also_touch_one_placed() -> None:
    game = folio("give RS", "d4 give RM", grid="none")
    assert game.allowed_squares() == ("c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5")
    assert refusal(game, "a7 give YS") == "a7 does not touch any placed piece"
    assert refusal(game, "h8 give YS") == "h8 is more than 3 squares from d4"
    assert game.play("e5 give YS") == "e5 give YS"
    assert "f6" in game.allowed_squares()


# -- refusals -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("moves", "text", "reason"),
    [
        ((), "d4", "you are giving a piece now, not placing one"),
        ((), "give purple", "'purple' is not a piece (e.g. RS or red small)"),
        ((), "give red", "'red' is not a piece"),
        ((), "give red blue", "'red blue' is not a piece"),
        ((), "give RS BL", "give one piece, not 2"),
        ((), "", "the move is empty"),
        ((), "give " * 30, "that is too long to be a move"),
        (("give BL",), "d4 give BL", "there is no blue large left to give"),
        (("give RS", "a1 give RS"), "b1 give RS", "there is no red small left to give"),
        (("give RS",), "d4", "you must also give a piece, e.g. d4 give RS"),
        (("give RS",), "give BL", "start with the square for the red small you were given"),
        (("give RS",), "hello", "'hello' is not a piece"),
        (("give RS", "a1 give BL"), "a1 give YS", "a1 is taken"),
        (("give RS",), "e1 give BL", "e1 is not on the board"),
        (("give RS",), "z0", "z0 is not on the board"),
    ],
)
def test_each_refusal_names_what_is_wrong(moves: tuple[str, ...], text: str, reason: str) -> None:
    assert reason in refusal(folio(*moves), text)


def test_squares_off_the_8x8_board_are_refused() -> None:
    assert "i9 is not on the board" in refusal(folio("give RS", grid="floating"), "i9 give BL")


# -- winning and drawing ------------------------------------------------------


def test_four_colours_in_a_line_win_for_the_placer() -> None:
    game = folio(*placements({"a1": "RS", "b1": "YS", "c1": "GS", "d1": "BS"}))
    assert game.result == engine.Result((1,), engine.Ending.FOUR_COLOURS, (1, 0))
    assert game.to_move is None
    assert game.view().highlight == ("a1", "b1", "c1", "d1")
    assert game.view().placed == "d1"


def test_three_sizes_in_a_line_win_whatever_the_fourth_size() -> None:
    game = folio(*placements({"a1": "RS", "a2": "RM", "a3": "RL", "a4": "YM"}))
    assert game.result == engine.Result((1,), engine.Ending.THREE_SIZES, (1, 0))
    assert game.view().highlight == ("a1", "a2", "a3", "a4")


def test_diagonals_count_and_the_placer_may_be_the_first_seat() -> None:
    game = folio(*placements({"d1": "RS", "a4": "RM", "b1": "YS", "c2": "RL", "b3": "YM"}))
    assert game.result == engine.Result((0,), engine.Ending.THREE_SIZES, (0, 1))
    assert game.view().highlight == ("d1", "c2", "b3", "a4")


def test_three_colours_and_two_sizes_do_not_win() -> None:
    game = folio(*placements({"a1": "RS", "b1": "YS", "c1": "GM", "d1": "RM"})[:-1])
    assert game.play("d1 give BL") == "d1 give BL"
    assert game.result is None


def test_lines_count_anywhere_on_the_8x8_board() -> None:
    game = folio(*placements({"d4": "RS", "e5": "RM", "f6": "RL", "c3": "YM"}), grid="none")
    assert game.result == engine.Result((1,), engine.Ending.THREE_SIZES, (1, 0))
    assert game.view().highlight == ("c3", "d4", "e5", "f6")


def test_a_winning_placement_gives_nothing_and_a_typed_give_is_ignored() -> None:
    game = folio(*placements({"a1": "RS", "b1": "YS", "c1": "GS", "d1": "BS"})[:-1])
    assert "d1" in game.legal_moves()
    assert not any(move.startswith("d1 ") for move in game.legal_moves())
    assert game.play("d1 give RM") == "d1"
    assert game.history[-1] == "d1"
    assert game.describe("d1") == "places the blue small on d1"
    assert refusal(game, "a2 give RM") == "the game is over"
    assert game.legal_moves() == []
    assert game.allowed_squares() == ()


def test_winning_moves_are_the_squares_completing_a_winning_line() -> None:
    game = folio(*placements({"a1": "RS", "b1": "YS", "c1": "GS", "d1": "BS"})[:-1])
    assert game.winning_moves() == ["d1"]
    game.play("d1")
    assert game.winning_moves() == []


def test_winning_moves_are_none_while_a_piece_is_to_be_given() -> None:
    game = folio()
    assert game.winning_moves() == []
    game.play("give RS")
    assert game.winning_moves() == []


def test_four_colours_is_named_when_a_line_has_both() -> None:
    game = folio(*placements({"a1": "RS", "b1": "YM", "c1": "GL", "d1": "BS"}))
    assert game.result is not None
    assert game.result.ending is engine.Ending.FOUR_COLOURS


@pytest.mark.parametrize("grid", GRIDS)
def test_the_game_is_drawn_when_all_sixteen_pieces_are_placed(grid: str) -> None:
    moves = placements(drawn_square(grid))
    game = folio(*moves[:-1], grid=grid)
    assert len(game.pool) == 0
    last = moves[-1]
    assert game.legal_moves() == [last]
    assert game.play(f"{last} give RS") == last
    assert game.result == engine.Result((), engine.Ending.ALL_PLACED, (0, 0))
    assert game.in_hand is None
    assert len(game.view().squares) == 16
    assert len(game.history) == 17


def test_a_resignation_ends_the_game_for_the_other_seat() -> None:
    game = folio("give RS", "a1 give BL")
    game.forfeit(1)
    assert game.result == engine.Result((0,), engine.Ending.RESIGNATION, (0, 1))
    assert game.legal_moves() == []
    assert game.to_move is None
    assert engine.load_game(game.to_json()) == game


# -- random playouts ----------------------------------------------------------


@st.composite
def folio_games(draw: st.DrawFn) -> FolioGame:
    """A finished or unfinished Folio game on any grid, played with random legal moves."""
    grid = draw(st.sampled_from(GRIDS))
    extras = draw(st.sampled_from(["RS YM GL BM", "random", "BS GM YL RL"]))
    game = engine.new_game(
        "folio", 2, seed=draw(st.integers(0, 2**32 - 1)), grid=grid, extras=extras
    )
    assert isinstance(game, FolioGame)
    for _ in range(draw(st.integers(0, 17))):
        if game.result is not None:
            break
        game.play(draw(st.sampled_from(game.legal_moves())))
    if draw(st.integers(0, 9)) == 0 and game.result is None:
        game.forfeit(draw(st.integers(0, 1)))
    return game


def assert_invariants(game: FolioGame) -> None:
    """The pieces are all accounted for, and the floating grids stay within a 4x4 square."""
    placed = list(game.view().squares.values())
    hand = [game.in_hand] if game.in_hand is not None else []
    assert Counter(codes(game.pool)) + Counter(codes((*placed, *hand))) == Counter(
        [*TRIOS, *game.extras]
    )
    if game.grid != "fixed" and placed:
        squares = game.view().squares
        files = {square[0] for square in squares}
        ranks = {int(square[1:]) for square in squares}
        assert ord(max(files)) - ord(min(files)) <= 3
        assert max(ranks) - min(ranks) <= 3
    assert game.movers == tuple((ply + 1) % 2 for ply in range(len(game.history)))


@given(folio_games())
def test_random_games_keep_every_invariant(game: FolioGame) -> None:
    for state in replayed(game):
        assert isinstance(state, FolioGame)
        assert_invariants(state)
        if state.result is None:
            assert state.legal_moves()
            assert state.to_move == (len(state.history) + 1) % 2


@given(folio_games(), st.data())
def test_listed_moves_are_accepted_and_unlisted_ones_refused(
    game: FolioGame, data: st.DataObject
) -> None:
    legal = game.legal_moves()
    if legal:
        move = data.draw(st.sampled_from(legal))
        copy = engine.load_game(game.to_json())
        assert copy.play(move) == move
    for text in data.draw(st.lists(st.sampled_from(CANDIDATE_MOVES), max_size=20)):
        if text in legal or text.split()[0] in legal:
            continue
        with pytest.raises(engine.IllegalMove):
            game.play(text)


@given(folio_games())
def test_a_game_survives_a_json_round_trip(game: FolioGame) -> None:
    again = engine.load_game(game.to_json())
    assert isinstance(again, FolioGame)
    assert again == game
    assert again.legal_moves() == game.legal_moves()
    assert again.history == game.history
    assert again.result == game.result
    assert again.view() == game.view()
    assert again.pool == game.pool


@given(folio_games())
def test_a_finished_game_accepts_nothing(game: FolioGame) -> None:
    if game.result is None:
        game.agree_draw()
    for text in ["give RS", "d4", "d4 give BL", "a1 give YM"]:
        assert refusal(game, text) == "the game is over"


@given(folio_games(), st.text(max_size=120))
def test_any_text_is_either_a_listed_move_or_a_one_sentence_refusal(
    game: FolioGame, text: str
) -> None:
    legal = game.legal_moves()
    try:
        move = game.play(text)
    except engine.IllegalMove as refused:
        assert str(refused)
        assert "\n" not in str(refused)
        return
    assert move in legal


@given(
    folio_games(), st.lists(st.sampled_from(["d4", "give", "rs", "bl", "red", "large", "-", ","]))
)
def test_move_shaped_text_never_raises_anything_but_illegal_move(
    game: FolioGame, words: list[str]
) -> None:
    legal = game.legal_moves()
    with contextlib.suppress(engine.IllegalMove):
        assert game.play(" ".join(words)) in legal


@given(folio_games())
def test_every_move_played_or_listed_can_be_described(game: FolioGame) -> None:
    for move in [*game.history, *game.legal_moves()]:
        assert game.describe(move).startswith(("gives the ", "places the "))


@pytest.mark.parametrize("grid", GRIDS)
def test_every_listed_move_is_accepted_in_the_first_turns(grid: str) -> None:
    game = folio(grid=grid)
    for _ in range(3):
        for move in game.legal_moves():
            assert engine.load_game(game.to_json()).play(move) == move
        game.play(game.legal_moves()[-1])


# -- the rules page ----------------------------------------------------------


def test_the_rules_page_has_every_section_short_enough_for_a_phone() -> None:
    text = engine.rules_text("folio")
    sections = re.split(r"^## ", text, flags=re.MULTILINE)[1:]
    titles = [section.splitlines()[0] for section in sections]
    assert titles == [
        "Summary",
        "How to play",
        "Winning and ending",
        "Variants",
        "Rulings",
        "Move notation",
    ]
    assert all(len(section) < 1500 for section in sections)
    assert "David Morgan-Mar" in sections[0]
    assert "CC BY-SA 3.0" in sections[0]
