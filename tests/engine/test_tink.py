"""Tink's rules, one ruling at a time, on positions built by playing moves."""

from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine import IllegalMove, Piece, Size
from engine.board import square_names
from tests.engine.strategies import games, replayed
from tests.profiles import examples

# Found by random play: after these moves neither player has a small left or two
# pieces next to a free square, so no one can move.
NO_ONE_CAN_MOVE = "S f3, S c1, S a5, S f2, S g6, S a4, S d6, S a7, S a8, S e8"
# Found by random play: seat 0 ends with all ten pieces on the board and no move.
RUNS_OUT = (
    "S e3, S g8, S c6, S f6, S a8, S b3, S h1, S e4, S g7, S g3, M b7 c6 a8, M f5 e4 f6, "
    "S h3, S a4, S a1, S c8, M h2 h1 h3, M b4 b3 a4, S c5, S f4, S c2, S d7, M b2 a1 c2, "
    "M c7 d7 c8, S a4, S a7, S g2, S h5, M f2 g2 e3, M g4 g3 f4, S d4, S f1, S h7, S e5, "
    "L g2 f2 h2, L g5 g4 f5, M c4 d4 c5, M f5 e5 g5, S c2, S a6, S f2, M b6 a6 a7, "
    "M g6 g7 h7, S g4, S b1, S h2, S a6, L c5 b4 b6"
)
# Seat 1 places five smalls no two of which share a free neighbour: stuck from then on.
SEAT_1_STUCK = "S c3, S a8, S e3, S d8, S c5, S g8, S e5, S a5, S h1, S h5"
# Seat 1's a8 and c8 share only b7 and b8, which seat 0 holds until it spends them.
SEAT_1_BLOCKED = "S c3, S a8, S b7, S c8, S b8, S h1, S f6, S h5, S d5, S e1, M d4 c3 d5"
# Both seats place all four mediums, then two smalls.
ALL_MEDIUMS = (
    "S c3, S c6, S e3, S e6, M d4 c3 e3, M d5 c6 e6, S c3, S c6, S e3, S e6, M d2 c3 e3, "
    "M d7 c6 e6, S b1, S b8, S b3, S b6, M a2 b1 b3, M a7 b6 b8, S f1, S f8, S f3, S f6, "
    "M g2 f1 f3, M g7 f6 f8, S c3, S c6, S e3, S e6"
)
# Seat 0 brings its large out on c3 and builds mediums on d3 and e3 beside it.
LARGE_AND_TWO_MEDIUMS = (
    "S d3, S d6, S b3, S b6, M c4 b3 d3, M c5 b6 d6, S d3, S d6, S b3, S b6, M c2 b3 d3, "
    "M c7 b6 d6, L c3 c2 c4, L c6 c5 c7, S e2, S e7, S e4, S e5, M d3 e2 e4, M d6 e5 e7, "
    "S f2, S f7, S f4, S f5, M e3 f2 f4, M e6 f5 f7"
)
# Each seat brings out its large next to a medium and two smalls: c2 d3 e2 e4 for seat
# 0, c7 d6 e7 e5 for seat 1.
DEVELOPED = (
    "S c3, S c6, S e3, S e6, M d2 c3 e3, M d7 c6 e6, S c1, S c8, S e1, S e8, M d1 c1 e1, "
    "M d8 c8 e8, L c2 d1 d2, L c7 d7 d8, S e2, S e7, S e4, S e5, M d3 e2 e4, M d6 e5 e7, "
    "S e2, S e7, S e4, S e5"
)
# From DEVELOPED, both larges step over and back, each paying with its medium and
# two smalls; this repeats the position DEVELOPED had before its last six moves.
LARGE_STEPS_AND_BACK = (
    "L c3 c2 d3, L c6 d6 c7, M d3 e2 e4, M d6 e5 e7, S e2, S e7, S e4, S e5, L c2 c3 d3, L c7 c6 d6"
)
# Seat 0 to move with smalls on b3 and c3, its large on d3 and mediums on e4 and f4.
LARGE_AFTER_TWO_SMALLS = (
    "S c4, S a6, S e4, S a7, M d4 c4 e4, S a8, S c2, S b6, S e2, S b7, M d2 c2 e2, "
    "M b8 a7 a8, L d3 d2 d4, S a7, S d5, S a8, S f5, M c6 b6 b7, M e4 d5 f5, S b6, S g5, "
    "S b7, S g3, L c7 c6 b8, M f4 g3 g5, M b8 a7 a8, S b3, S a7, S c3, S a8"
)
REBUILD = "M d3 e2 e4, M d6 e5 e7, S e2, S e7, S e4, S e5"
REPEATED_THRICE = ", ".join((DEVELOPED, LARGE_STEPS_AND_BACK, REBUILD, LARGE_STEPS_AND_BACK))


def played(moves: str = "", players: int = 2, **options: object) -> engine.Game:
    """A Tink game after the comma-separated moves, checking each is accepted as written."""
    game = engine.new_game("tink", players, seed=0, **options)
    for move in filter(None, (m.strip() for m in moves.split(","))):
        assert game.play(move) == move
    return game


def refusal(game: engine.Game, move: str) -> str:
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    return str(caught.value)


# -- setup and the first piece ----------------------------------------------


def test_each_player_starts_with_five_smalls_four_mediums_and_the_large() -> None:
    view = played(players=4).view()
    assert view.squares == {}
    assert view.stashes == ({Size.SMALL: 5, Size.MEDIUM: 4, Size.LARGE: 1},) * 4


def test_the_first_piece_is_a_small_on_one_of_the_sixteen_interior_squares() -> None:
    game = played()
    moves = game.legal_moves()
    assert len(moves) == 16
    assert {"S c3", "S f3", "S c6", "S f6"} <= set(moves)
    for move in ("S b2", "S g4", "M d4 c3 e3", "L d4 c3 e3", "S d4 c3 e3"):
        assert refusal(game, move) == "the first piece must be a small on c3 to f6"


def test_later_pieces_go_anywhere() -> None:
    game = played("S c3")
    assert len(game.legal_moves()) == 63
    assert game.play("a1") == "S a1"


# -- the moves ----------------------------------------------------------------


def test_a_medium_spends_two_own_smalls_next_to_its_square() -> None:
    game = played("S d4, S a8, S f4, S h8")
    assert "M e4 d4 f4" in game.legal_moves()
    assert game.play("medium e4 spend f4, d4") == "M e4 d4 f4"
    view = game.view()
    assert view.squares["e4"] == Piece(Size.MEDIUM, 0, 0)
    assert "d4" not in view.squares and "f4" not in view.squares
    assert view.stashes[0] == {Size.SMALL: 5, Size.MEDIUM: 3, Size.LARGE: 1}
    assert (view.placed, view.cleared) == ("e4", ("d4", "f4"))


def test_spent_pieces_need_not_touch_each_other() -> None:
    game = played("S c3, S a8, S e5, S h8")
    assert game.play("M d4 e5 c3") == "M d4 c3 e5"


def test_the_large_comes_out_for_two_mediums_and_counts_as_a_small_to_spend() -> None:
    game = played(DEVELOPED)
    assert game.view().squares["c2"] == Piece(Size.LARGE, 0, 0)
    assert game.play("M d2 c2 e2") == "M d2 c2 e2"
    assert "c2" not in game.view().squares
    assert game.view().stashes[0][Size.LARGE] == 1


def test_the_large_moves_itself_by_spending_itself() -> None:
    game = played(DEVELOPED)
    assert game.play("L c3 d3 c2") == "L c3 c2 d3"
    assert game.view().squares["c3"] == Piece(Size.LARGE, 0, 0)
    assert game.view().stashes[0][Size.LARGE] == 0


def test_a_small_may_be_placed_by_spending_two_mediums() -> None:
    game = played("S c3, S a8, S e3, S h8, M d2 c3 e3, S h6, S c1, S a6, S e1, S h4")
    game.play("M d1 c1 e1")
    game.play("M a7 a6 a8")
    assert game.play("small c2 d1 d2") == "S c2 d1 d2"
    assert game.view().stashes[0] == {Size.SMALL: 4, Size.MEDIUM: 4, Size.LARGE: 1}


def test_a_bare_square_is_a_free_small_and_text_is_lenient() -> None:
    game = played()
    assert game.play("  ( E4 ) ") == "S e4"
    assert game.play("Small, to B2") == "S b2"


@pytest.mark.parametrize(
    ("moves", "move", "message"),
    [
        ("S c3", "S c3", "c3 is taken"),
        ("S c3, S d3", "M b4 c3 d3", "d3 is not your piece"),
        ("S c3, S h8", "M d4 c3 e3", "there is no piece on e3"),
        ("S c3, S h8, S e5, S h6", "M d3 c3 e5", "e5 is not next to d3"),
        ("S c3, S h8, S e3, S h6", "L d4 c3 e3", "a large needs two pieces that count as mediums"),
        ("S c3, S h8, S e3, S h6", "S d4 c3 e3", "a small needs two pieces that count as mediums"),
        ("S c3, S h8", "M d4", "a medium needs two of your pieces to spend"),
        ("S c3, S h8", "d4 c3 e3", "say which piece goes on d4: S, M or L"),
        ("S c3, S h8", "M d4 c3", "a move spends two pieces or none, not one"),
        ("S c3, S h8", "M d4 c3 e3 c5", "a move spends two pieces or none, not 3"),
        ("S c3, S h8", "S e4 e4 e4", "e4 is named twice"),
        ("S c3, S h8", "M", "say which square the medium goes on"),
        ("S c3, S h8", "i9", "i9 is not on the board (a1 to h8)"),
        ("S c3, S h8", "queen d4", "'queen' is not a piece or a square"),
        ("S c3, S h8", "coin d4", "'coin' is not a piece or a square"),
        ("S c3, S h8", "pass", "you cannot pass while you have a legal move"),
        ("S c3, S h8", "", "the move is empty"),
    ],
)
def test_refusals_name_what_is_wrong(moves: str, move: str, message: str) -> None:
    game = played(moves)
    before = game.to_json()
    assert refusal(game, move) == message
    assert game.to_json() == before


def test_a_medium_needs_pieces_that_count_as_smalls() -> None:
    game = played("S c3, S h8, S e3, S h6, M d2 c3 e3, S h4, S c1, S a6")
    assert refusal(game, "M c2 c1 d2") == "a medium needs two pieces that count as smalls"


def test_a_small_needs_a_small_in_the_stash() -> None:
    game = played(SEAT_1_STUCK)
    assert refusal(game, "S b1") == "you have no small left in your stash"


def test_spending_comes_first_but_returns_only_the_spent_sizes() -> None:
    game = played(ALL_MEDIUMS)
    assert refusal(game, "M d3 c3 e3") == "you have no medium left in your stash"
    assert not any(move.startswith("M") for move in game.legal_moves())


def test_the_large_on_the_board_must_be_one_of_the_spent_pieces() -> None:
    game = played(DEVELOPED + ", M f3 e2 e4, S a1")
    assert refusal(game, "L e2 d3 f3") == "your large is already on c2; spend it to move it"


# -- winning ------------------------------------------------------------------


def test_four_own_smalls_in_a_row_win_and_the_game_then_accepts_nothing() -> None:
    game = played("S c3, S a8, S d3, S h8, S e3, S a6, S f3")
    assert game.result == engine.Result((0,), engine.Ending.FOUR_IN_A_ROW, (0, 1))
    assert game.to_move is None
    assert game.legal_moves() == []
    assert game.view().highlight == ("c3", "d3", "e3", "f3")
    assert refusal(game, "S a1") == "the game is over"


def test_the_highlight_is_the_whole_line() -> None:
    game = played("S c3, S a8, S d3, S h8, S f3, S a6, S g3, S h6, S e3")
    assert game.view().highlight == ("c3", "d3", "e3", "f3", "g3")


def test_a_diagonal_counts() -> None:
    game = played("S c3, S a8, S d4, S h8, S e5, S a6, S f6")
    assert game.view().highlight == ("c3", "d4", "e5", "f6")


@pytest.mark.parametrize(
    "line",
    [
        ("a1", "b1", "c1", "d1"),
        ("h5", "h6", "h7", "h8"),
        ("a3", "b4", "c5", "d6"),
        ("h1", "g2", "f3", "e4"),
    ],
)
@pytest.mark.parametrize("last", range(4))
def test_four_in_a_row_wins_in_every_direction_whichever_square_comes_last(
    line: tuple[str, ...], last: int
) -> None:
    own = [square for index, square in enumerate(line) if index != last] + [line[last]]
    game = played(
        "S d4, "
        + ", ".join(f"S {a}, S {b}" for a, b in zip(("a8", "c8", "a6", "f8"), own, strict=True))
    )
    assert game.result == engine.Result((0,), engine.Ending.FOUR_IN_A_ROW, (0, 1))
    assert set(game.view().highlight) == set(line)


def test_the_large_counts_as_a_small() -> None:
    game = played(DEVELOPED + ", S d2, S a1, S f2")
    assert game.view().highlight == ("c2", "d2", "e2", "f2")


def test_the_large_counts_as_a_medium() -> None:
    game = played(LARGE_AND_TWO_MEDIUMS + ", S g2, S g7, S g4, S g5, M f3 g2 g4")
    assert game.result is not None and game.result.winners == (0,)
    assert game.view().highlight == ("c3", "d3", "e3", "f3")


def test_smalls_and_mediums_do_not_mix_in_a_line() -> None:
    game = played(LARGE_AND_TWO_MEDIUMS + ", S f3")
    assert game.result is None


def test_only_your_own_pieces_count() -> None:
    game = played("S c3, S f3, S d3, S h8, S e3")
    assert game.result is None


def test_winning_moves_count_the_large_as_a_small_unless_it_is_spent() -> None:
    game = played(LARGE_AFTER_TWO_SMALLS)
    assert "S e3 d3 e4" in game.legal_moves()
    assert game.winning_moves() == ["S a3", "S e3", "S e3 e4 f4"]


def test_winning_moves_count_the_large_as_a_medium() -> None:
    game = played(LARGE_AND_TWO_MEDIUMS + ", S g2, S g7, S g4, S g5")
    assert game.winning_moves() == ["M f3 g2 g4"]


def test_winning_moves_are_none_once_the_game_is_won() -> None:
    game = played("S c3, S a8, S d3, S h8, S e3, S a6")
    assert game.winning_moves() == ["S b3", "S f3"]
    game.play("S f3")
    assert game.winning_moves() == []


# -- turns: passes, players out, draws ------------------------------------------


def test_a_player_with_no_move_passes_and_a_second_pass_puts_them_out() -> None:
    game = played(SEAT_1_STUCK + ", M d4 c3 e5")
    assert (game.history[-1], game.movers[-1], game.to_move) == ("pass", 1, 0)
    assert [event.say(["Ann", "Bob"]) for event in game.events] == [
        "Bob has no legal move and passes."
    ]
    game.play("S b2")
    assert game.history[-1] == "pass"
    assert game.events[-1].text == "{1} is out: passed twice."
    assert game.result == engine.Result((0,), engine.Ending.LAST_PLAYER_IN, (0, 1))
    assert game.view().out == frozenset({1})


def test_a_move_resets_the_pass_count() -> None:
    game = played(SEAT_1_BLOCKED)
    assert game.history[-1] == "pass"
    game.play("M a7 b7 b8")  # frees b7 and b8 for seat 1
    for move in ("M b8 a8 c8", "S b2", "S h8", "S b4", "S a5", "S g2"):
        game.play(move)
    assert game.history[-1] == "pass"
    assert game.result is None
    game.play("S h3")
    assert game.result == engine.Result((0,), engine.Ending.LAST_PLAYER_IN, (0, 1))


def test_a_move_that_leaves_a_player_who_passed_stuck_again_wins() -> None:
    game = played(SEAT_1_BLOCKED)
    freeing = {"M a7 b7 b8", "M c7 b7 b8"}
    assert set(game.legal_moves()) - set(game.winning_moves()) == freeing


def rushed_move(
    seat: int | None, squares: Mapping[str, Piece], moves: list[str], rng: random.Random
) -> str:
    """Mostly a move of `moves` that brings the pieces of the seat to move out of its
    stash: a medium, or its large while it is in the stash, bought by a spend; else a small
    placed within two squares of the seat's own pieces on `squares`, so that later spends
    find two of them side by side; now and then (and when there is neither) any move."""
    if rng.random() < 0.1:
        return rng.choice(moves)
    mine = [(ord(name[0]), int(name[1:])) for name, piece in squares.items() if piece.owner == seat]
    large_out = any(piece.size is Size.LARGE and piece.owner == seat for piece in squares.values())
    spends = [
        move
        for move in moves
        if move.count(" ") == 3 and (move[0] == "M" or (move[0] == "L" and not large_out))
    ]
    if spends:
        return rng.choice(spends)
    smalls = [move for move in moves if move.count(" ") == 1]
    near = [
        move
        for move in smalls
        if any(max(abs(ord(move[2]) - file), abs(int(move[3:]) - rank)) <= 2 for file, rank in mine)
    ]
    return rng.choice(near or smalls or moves)


@pytest.mark.parametrize("name", ["tink", "tingle"])
@settings(max_examples=examples(5), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_wins_found_fast_are_the_moves_that_win_when_tried(
    name: str, seed: int, players: int
) -> None:
    """Late in random games, where the others have all their pieces out and a move may
    leave them stuck, the quick wins are exactly the moves that win when played. The
    players rush their pieces out (`rushed_move`), so such positions come within a few
    games even with four players, rather than after thousands of games of random moves."""
    rng = random.Random(seed)
    checked = 0
    while checked < 5:
        game = engine.new_game(name, players, seed=rng.randrange(2**32))
        while game.result is None:
            moves = game.legal_moves()
            wins = game.winning_moves()
            view = game.view()
            stashes = view.stashes
            if all(
                not any(stashes[seat].values()) for seat in range(players) if seat != game.to_move
            ):
                assert wins == engine.core.Game.winning_moves(game)
                checked += 1
            calm = [move for move in moves if move not in wins]
            pool = calm if calm and rng.random() < 0.97 else moves
            game.play(rushed_move(game.to_move, view.squares, pool, rng))


def test_a_player_with_no_move_and_an_empty_stash_is_out() -> None:
    game = played(RUNS_OUT)
    assert game.view().stashes[0] == {Size.SMALL: 0, Size.MEDIUM: 0, Size.LARGE: 0}
    assert [event.text for event in game.events] == ["{0} is out: ran out of pieces."]
    assert game.result == engine.Result((1,), engine.Ending.LAST_PLAYER_IN, (1, 0))


def test_when_no_one_can_move_the_game_is_drawn_before_anyone_passes() -> None:
    game = played(NO_ONE_CAN_MOVE)
    assert game.result == engine.Result((), engine.Ending.NO_ONE_CAN_MOVE, (0, 0))
    assert game.events == ()


def _position(game: engine.Game) -> tuple[frozenset[tuple[str, Piece]], int]:
    return frozenset(game.view().squares.items()), len(game.history) % 2


def test_a_third_repetition_is_drawn() -> None:
    moves = REPEATED_THRICE.split(", ")
    game = played(", ".join(moves[:-1]))
    assert game.result is None
    game.play(moves[-1])
    assert game.result == engine.Result((), engine.Ending.REPETITION, (0, 0))
    positions = [_position(step) for step in replayed(game)]
    assert positions.count(positions[-1]) == 3
    counts = [step.repetitions() for step in replayed(game)]
    assert counts == [positions[: i + 1].count(p) for i, p in enumerate(positions)]
    assert all(positions[:i].count(p) < 2 for i, p in enumerate(positions[:-1]))


def test_repetition_draws_can_be_turned_off() -> None:
    game = played(REPEATED_THRICE, repetition_draw=False)
    assert (game.result, game.to_move) == (None, 0)


# -- three and four players -----------------------------------------------------


def test_with_three_players_a_forfeit_puts_the_seat_out_and_play_goes_on() -> None:
    game = played("S c3, S d8", players=3)
    game.forfeit(1, engine.Ending.RESIGNATION)
    assert game.result is None
    assert [event.say(["Ann", "Bob", "Cy"]) for event in game.events] == [
        "Bob is out: resignation."
    ]
    assert game.to_move == 2
    game.play("S a1")
    game.play("S b1")
    assert game.to_move == 2  # seat 1 is skipped
    assert game.view().squares["d8"] == Piece(Size.SMALL, 1, 1)  # and blocks
    assert refusal(game, "d8") == "d8 is taken"


def test_a_forfeit_when_one_player_would_remain_ends_the_game() -> None:
    game = played("S c3, S d8, S a1", players=3)
    game.forfeit(2, engine.Ending.TIME)
    with pytest.raises(IllegalMove, match="seat 3 is already out of the game"):
        game.forfeit(2, engine.Ending.RESIGNATION)
    game.forfeit(1, engine.Ending.RESIGNATION)
    assert game.result == engine.Result((0,), engine.Ending.RESIGNATION, (0, 1, 2))


def test_ranks_put_winners_first_then_players_in_then_the_latest_out() -> None:
    game = played(players=4)
    game.forfeit(3, engine.Ending.RESIGNATION)
    game.forfeit(1, engine.Ending.TIME)
    for move in ("S c3", "S a8", "S d3", "S h8", "S e3", "S a6", "S f3"):
        game.play(move)
    assert game.result == engine.Result((0,), engine.Ending.FOUR_IN_A_ROW, (0, 2, 1, 3))


def test_an_agreed_draw_ranks_players_still_in_first() -> None:
    game = played("S c3", players=3)
    game.forfeit(0, engine.Ending.RESIGNATION)
    game.agree_draw()
    assert game.result == engine.Result((), engine.Ending.AGREEMENT, (1, 0, 0))


def test_a_seat_out_of_time_is_said_to_be_out_of_time() -> None:
    game = played(players=3)
    game.forfeit(0, engine.Ending.TIME)
    assert game.events[0].say(["Ann", "Bob", "Cy"]) == "Ann is out: time ran out."


# -- words and views ----------------------------------------------------------


def test_describe_speaks_plain_words() -> None:
    game = played()
    assert game.describe("M e4 d3 d5") == "a medium on e4, spending d3 and d5"
    assert game.describe("S e4") == "a small on e4"
    assert game.describe("pass") == "a forced pass"


def test_the_view_shows_a_forced_pass_after_the_last_move() -> None:
    view = played(SEAT_1_STUCK + ", M d4 c3 e5").view()
    assert (view.placed, view.cleared) == ("d4", ("c3", "e5"))
    assert view.squares["d4"] == Piece(Size.MEDIUM, 0, 0)
    assert view.squares["a8"] == Piece(Size.SMALL, 1, 1)
    assert len(view.squares) == 9


# -- properties of random games ---------------------------------------------------

SQUARE_TEXT = st.sampled_from(["a1", "c3", "d4", "e4", "e5", "h8", "j10", "i9", "z0"])
WORD_TEXT = st.sampled_from(["s", "M", "large", "coin", "pass", "spend", "(", ",", "ö", "\x00"])


@settings(max_examples=examples(60))
@given(game=games("tink", max_plies=30), text=st.text(max_size=120))
def test_any_text_is_played_or_refused_with_illegal_move(game: engine.Game, text: str) -> None:
    _play_or_refuse(game, text)


@settings(max_examples=examples(60))
@given(
    game=games("tink", max_plies=30),
    words=st.lists(st.one_of(SQUARE_TEXT, WORD_TEXT), max_size=6),
)
def test_move_shaped_text_is_played_only_when_listed(game: engine.Game, words: list[str]) -> None:
    _play_or_refuse(game, " ".join(words))


def _play_or_refuse(game: engine.Game, text: str) -> None:
    legal = game.legal_moves()
    before = game.to_json()
    try:
        canonical = game.play(text)
    except IllegalMove as refused:
        assert str(refused)
        assert game.to_json() == before
    else:
        assert canonical in legal


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=examples(12))
@given(data=st.data())
def test_random_games_keep_every_rule(players: int, data: st.DataObject) -> None:
    game = data.draw(games("tink", players=players, max_plies=70))
    previous: tuple[tuple[str, ...], engine.BoardView, engine.Result | None] | None = None
    for step in replayed(game):
        _check_pieces(step)
        _check_round_trip(step)
        if previous is not None:
            back = step.take_back()
            assert (back.history, back.view(), back.result) == previous
        _check_moves(step, data)
        previous = (step.history, step.view(), step.result)


def _check_pieces(game: engine.Game) -> None:
    view = game.view()
    assert len(game.history) == len(game.movers)
    for seat, stash in enumerate(view.stashes):
        on_board = [piece.size for piece in view.squares.values() if piece.owner == seat]
        for size, count in zip(Size, (5, 4, 1), strict=True):
            assert on_board.count(size) + stash[size] == count


def _check_round_trip(game: engine.Game) -> None:
    loaded = engine.load_game(game.to_json())
    assert loaded == game
    assert loaded.legal_moves() == game.legal_moves()
    assert (loaded.history, loaded.result, loaded.view()) == (
        game.history,
        game.result,
        game.view(),
    )


def _check_moves(game: engine.Game, data: st.DataObject) -> None:
    legal = game.legal_moves()
    if game.result is not None:
        assert legal == [] and game.to_move is None
        with pytest.raises(IllegalMove, match="the game is over"):
            game.play("S a1")
        return
    assert legal and game.to_move is not None
    size = data.draw(st.sampled_from("SML"))
    squares = data.draw(st.lists(st.sampled_from(["c3", "d3", "d4", "e4", "e5", "h8"]), max_size=3))
    text = " ".join([size, *squares])
    copy = engine.load_game(game.to_json())
    try:
        accepted = copy.play(text)
    except IllegalMove:
        assert text not in legal
    else:
        assert accepted in legal
        copy = engine.load_game(game.to_json())
    move = data.draw(st.sampled_from(legal))
    assert copy.play(move) == move


@pytest.mark.parametrize("name", ["tink", "tingle"])
@settings(max_examples=examples(15))
@given(data=st.data())
def test_listed_moves_and_wins_match_the_rules_read_off_the_board(
    name: str, data: st.DataObject
) -> None:
    game = data.draw(games(name, max_plies=150, forfeits=False))
    for step in replayed(game):
        legal = step.legal_moves()
        assert len(legal) == len(set(legal))
        assert set(legal) == _moves_by_the_rules(step)
        lines = _seats_with_four_in_a_row(step.view())
        if step.result is not None and step.result.ending is engine.Ending.FOUR_IN_A_ROW:
            assert lines == set(step.result.winners)
        else:
            assert lines == set()


def _moves_by_the_rules(game: engine.Game) -> set[str]:
    """Every legal move, found square by square from the view alone."""
    seat, view = game.to_move, game.view()
    if seat is None:
        return set()
    names = square_names(view.width, view.height)
    if not view.squares:
        return {f"S {names[rank * view.width + file]}" for rank, file in _interior(view)}
    own = {names.index(n): p.size for n, p in view.squares.items() if p.owner == seat}
    stash = view.stashes[seat]
    moves = set()
    for target, name in enumerate(names):
        if name in view.squares:
            continue
        if stash[Size.SMALL]:
            moves.add(f"S {name}")
        beside = sorted(square for square in own if _touch(square, target, view.width))
        for a, b in combinations(beside, 2):
            spent, sizes = f"{names[a]} {names[b]}", {own[a], own[b]}
            if sizes <= {Size.SMALL, Size.LARGE} and stash[Size.MEDIUM]:
                moves.add(f"M {name} {spent}")
            if sizes <= {Size.MEDIUM, Size.LARGE}:
                if stash[Size.SMALL]:
                    moves.add(f"S {name} {spent}")
                if stash[Size.LARGE] or Size.LARGE in sizes:
                    moves.add(f"L {name} {spent}")
    return moves


def _interior(view: engine.BoardView) -> list[tuple[int, int]]:
    return [(rank, file) for rank in range(2, view.height - 2) for file in range(2, view.width - 2)]


def _touch(a: int, b: int, width: int) -> bool:
    return a != b and abs(a % width - b % width) <= 1 and abs(a // width - b // width) <= 1


def _seats_with_four_in_a_row(view: engine.BoardView) -> set[int]:
    """The seats with four own pieces in a line that all count as smalls or as mediums."""
    names = square_names(view.width, view.height)
    seats = set()
    for start in range(len(names)):
        file, rank = start % view.width, start // view.width
        for df, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            steps = [(file + df * k, rank + dr * k) for k in range(4)]
            if not all(0 <= f < view.width and 0 <= r < view.height for f, r in steps):
                continue
            pieces = [view.squares.get(names[r * view.width + f]) for f, r in steps]
            owners = {piece.owner for piece in pieces if piece is not None}
            if None in pieces or len(owners) != 1:
                continue
            sizes = {piece.size for piece in pieces if piece is not None}
            if sizes <= {Size.SMALL, Size.LARGE} or sizes <= {Size.MEDIUM, Size.LARGE}:
                seats |= owners - {None}
    return seats
