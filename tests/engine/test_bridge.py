"""Bridge: every ruling on hand-built positions, and random matches played to the end."""

from __future__ import annotations

import dataclasses
import random
import textwrap
from functools import cache

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import engine
from engine.bridge import RANK_1, RANK_8, BridgeGame, joined_to
from engine.core import Piece, Size
from tests.engine.strategies import games
from tests.profiles import examples

SYMBOLS = {"s": Size.SMALL, "m": Size.MEDIUM, "l": Size.LARGE}

# The first seat has a column a1-a7 and a small on b7 that completes it on a8;
# the second seat has a column h2-h8 and a small on g2 that completes it on h1.
BOTH_NEARLY_BUILT = """
    .mm.m..l
    LS.s...l
    M......s
    S......l
    L......s
    M......m
    S.S...sl
    L...LMM.
"""
FIRST_COLUMN = {f"a{rank}" for rank in range(1, 9)}


def new(**options: object) -> BridgeGame:
    game = engine.new_game("bridge", 2, seed=7, **options)
    assert isinstance(game, BridgeGame)
    return game


def position(diagram: str, starter: int = 0, to_move: int = 0, **options: object) -> BridgeGame:
    """A game on a hand-built board: ranks 8 to 1, `.` empty, LMS first seat, lms second."""
    game = new(**options)
    pieces = {}
    rows = textwrap.dedent(diagram).split()
    for rank, row in zip(range(8, 0, -1), rows, strict=True):
        for file, symbol in zip("abcdefgh", row, strict=True):
            if symbol != ".":
                seat = 1 if symbol.islower() else 0
                pieces[f"{file}{rank}"] = Piece(SYMBOLS[symbol.lower()], seat, seat)
    game._set_position(pieces, starter, to_move)
    return game


def refusal(game: engine.Game, text: str) -> str:
    """The sentence a refused move is answered with; the game must be left unchanged."""
    before = game.to_json()
    with pytest.raises(engine.IllegalMove) as refused:
        game.play(text)
    assert game.to_json() == before
    return str(refused.value)


def play(game: engine.Game, *moves: str) -> None:
    for move in moves:
        game.play(move)


SHUFFLE = ("c1-d3", "c8-d6", "d3-c1", "d6-c8")


# -- setup and movement ---------------------------------------------------------


def test_setup_puts_each_seat_on_its_home_edge() -> None:
    squares = new().view().squares
    expected = {
        **{f"{f}1": Size.MEDIUM for f in "abgh"},
        **{f"{f}1": Size.LARGE for f in "cdef"},
        **{f"{f}2": Size.SMALL for f in "cdef"},
    }
    mirrored = {f"{name[0]}{9 - int(name[1])}": size for name, size in expected.items()}
    assert {n: p.size for n, p in squares.items() if p.owner == 0} == expected
    assert {n: p.size for n, p in squares.items() if p.owner == 1} == mirrored
    assert all(p.colour == p.owner for p in squares.values())


def test_first_seat_starts_the_first_round() -> None:
    game = new()
    assert (game.to_move, game.starter, game.round) == (0, 0, 1)
    assert not game.is_match and not game.choosing


def test_the_knight_a_large_jumps_over_pieces() -> None:
    game = new()
    assert {m for m in game.legal_moves() if m.startswith("c1")} == {"c1-a2", "c1-b3", "c1-d3"}
    assert refusal(game, "c1-e5") == "a knight cannot reach e5 from c1"


def test_the_bishop_a_medium_slides_diagonally_through_empty_squares_only() -> None:
    game = new()
    assert [m for m in game.legal_moves() if m.startswith("h1")] == [
        "h1-g2",
        "h1-f3",
        "h1-e4",
        "h1-d5",
        "h1-c6",
        "h1-b7",
    ]
    play(game, "d1-c3", "c7-c6")
    assert refusal(game, "a1-d4") == "the bishop on a1 is blocked at c3"
    assert refusal(game, "a1-a3") == "a bishop cannot reach a3 from a1"


def test_the_king_a_small_steps_one_square() -> None:
    game = position(
        """
        ........
        ........
        ........
        ...S....
        ........
        ........
        ........
        .......s
        """
    )
    steps = {"c4", "d4", "e4", "c5", "e5", "c6", "d6", "e6"}
    assert {m[3:] for m in game.legal_moves()} == steps
    assert refusal(game, "d5-d7") == "a king cannot reach d7 from d5"


def test_nothing_is_captured() -> None:
    game = new()
    assert refusal(game, "b1-c2") == "c2 is taken"
    assert refusal(game, "h1-a8") == "a8 is taken"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("c5-c6", "c5 is empty"),
        ("c7-c6", "c7 is not your piece"),
        ("Mc1-d3", "c1 holds a knight, not a bishop"),
        ("B c1-d3", "c1 holds a knight, not a bishop"),
        ("N g1-h2", "g1 holds a bishop, not a knight"),
        ("king g1 h2", "g1 holds a bishop, not a king"),
        ("small a1 b2", "a1 holds a bishop, not a king"),
        ("knight c2-c3", "c2 holds a king, not a knight"),
        ("queen c1-d3", "'queen c1 d3' is not a move: write it like c1-d3"),
        ("i9-a1", "i9 is not on the board (a1 to h8)"),
        ("c1-c1", "the knight on c1 must move to another square"),
        ("hello", "'hello' is not a move: write it like c1-d3"),
        ("c1-d3-e5", "'c1 d3 e5' is not a move: write it like c1-d3"),
        ("", "the move is empty"),
        ("c1 " * 40, "that is too long to be a move"),
        ("pass", "you have a legal move, so you cannot pass"),
        ("first", "who starts is chosen only between rounds"),
    ],
)
def test_each_refusal_names_what_is_wrong(text: str, message: str) -> None:
    assert refusal(new(), text) == message


@pytest.mark.parametrize(
    "text",
    [
        "c1-d3",
        "c1 d3",
        "C1-D3",
        "Nc1-d3",
        "N c1-d3",
        "n c1 d3",
        "knight c1 to d3",
        "Knight: c1-d3",
        "Lc1-d3",
        "L c1 d3",
        "c1d3",
        "large c1 to d3",
        "from c1 to d3",
        " (c1, d3) ",
        "c1\u2013d3",
        "l: c1 > d3",
    ],
)
def test_move_spellings_are_lenient_and_answered_canonically(text: str) -> None:
    game = new()
    assert game.play(text) == "c1-d3"
    assert game.history == ("c1-d3",)


@pytest.mark.parametrize(
    ("texts", "move"),
    [
        (("B g1-h2", "Bg1h2", "bishop g1 h2", "M g1-h2", "medium g1 to h2"), "g1-h2"),
        (("B b1-a2", "bb1a2", "b b1 a2", "Bishop b1-a2"), "b1-a2"),
        (("K c2-c3", "Kc2c3", "king c2 c3", "S c2-c3", "small c2 to c3"), "c2-c3"),
    ],
)
def test_the_piece_may_be_named_by_its_letter_its_name_or_its_size(
    texts: tuple[str, ...], move: str
) -> None:
    for text in texts:
        assert new().play(text) == move, text


def test_describe_names_the_piece_as_the_picture_letters_it() -> None:
    game = new()
    assert engine.GAMES["bridge"].size_letters == ("K", "B", "N")
    assert game.describe("c1-d3") == "knight c1 to d3"
    assert game.describe("a1-b2") == "bishop a1 to b2"
    assert game.describe("c2-d3") == "king c2 to d3"
    game.play("c2-d3")
    assert game.describe("c2-d3") == "king c2 to d3"
    assert game.describe("first") == "chooses to start the next round"
    assert game.describe("second") == "lets the opponent start"
    assert game.describe("pass") == "has no legal move and passes"


def test_view_shows_the_last_move() -> None:
    game = new()
    assert game.view().placed is None
    game.play("c1-d3")
    view = game.view()
    assert (view.placed, view.cleared, view.highlight, view.stashes) == ("d3", ("c1",), (), ())
    assert "c1" not in view.squares and view.squares["d3"] == Piece(Size.LARGE, 0, 0)


# -- passes and repetition ------------------------------------------------------

# The second seat's only piece, a small on h8, is boxed in; the first seat can
# complete a bridge on file a with b7-a8.
BOXED_IN = """
    ......Ss
    LS....SS
    M.......
    S.......
    L.......
    M.......
    S.......
    L.......
"""


def test_a_player_with_no_move_passes_automatically() -> None:
    game = position(BOXED_IN)
    game.play("a2-b2")
    assert game.history == ("a2-b2", "pass")
    assert game.movers == (0, 1)
    assert game.to_move == 0
    assert [event.text for event in game.events] == ["{1} has no legal move and passes."]
    assert game.events[0].ply == 2


def test_repetition_ends_a_shuffle_against_a_player_who_must_pass() -> None:
    game = position(BOXED_IN)
    play(game, "a2-b2", "b2-a2", "a2-b2")
    assert game.result is None
    game.play("b2-a2")
    assert game.result == engine.Result((), engine.Ending.REPETITION, (0, 0))


def test_third_repetition_draws_the_round() -> None:
    game = new()
    play(game, *SHUFFLE, *SHUFFLE[:3])
    assert game.result is None
    game.play(SHUFFLE[3])
    assert game.result == engine.Result((), engine.Ending.REPETITION, (0, 0))
    assert game.events[-1].text == "The same position occurs a third time, so the round is drawn."


def test_repetitions_count_how_often_the_position_has_stood() -> None:
    game = new()
    counts = [game.repetitions()]
    for move in (*SHUFFLE, *SHUFFLE[:3]):
        game.play(move)
        counts.append(game.repetitions())
    assert counts == [1, 1, 1, 1, 2, 2, 2, 2]


def test_repetition_draw_can_be_turned_off() -> None:
    game = new(repetition_draw=False)
    play(game, *SHUFFLE * 3)
    assert game.result is None


# -- bridges ----------------------------------------------------------------------


def test_completing_a_bridge_wins_the_round_at_once() -> None:
    game = position(BOTH_NEARLY_BUILT)
    game.play("b7-a8")
    assert game.result == engine.Result((0,), engine.Ending.BRIDGE, (0, 1))
    assert set(game.view().highlight) == FIRST_COLUMN
    assert game.round_scores == ((4, 12),)
    assert game.events[-1].text == "{0} completes a bridge and wins the round."
    assert game.to_move is None and game.legal_moves() == []


def test_pieces_joined_only_diagonally_make_no_bridge() -> None:
    game = position(BOTH_NEARLY_BUILT.replace("S......l", ".S.....l"))
    game.play("b7-a8")
    assert game.result is None


def test_a_bridge_includes_its_branches_when_scored() -> None:
    game = position(BOTH_NEARLY_BUILT.replace("L......s", "LL.....s").replace("S.S", "S.."))
    game.play("b7-a8")
    assert set(game.view().highlight) == FIRST_COLUMN | {"b4"}
    assert game.round_scores == ((3, 12),)


def test_bridge_of_needs_both_edges_joined_side_to_side() -> None:
    column = sum(1 << (8 * rank) for rank in range(8))
    assert engine.bridge.bridge_of(column) == column
    assert engine.bridge.bridge_of(column & ~RANK_8) == 0
    staircase = sum(1 << (9 * rank) for rank in range(8))
    assert engine.bridge.bridge_of(staircase) == 0
    assert joined_to(RANK_1, column | 1 << 18) == column
    h4, a5 = 1 << 31, 1 << 32
    assert joined_to(h4, h4 | a5) == h4 and joined_to(a5, h4 | a5) == a5


# -- delayed win ----------------------------------------------------------------


def test_delayed_win_gives_the_other_player_one_more_move() -> None:
    game = position(BOTH_NEARLY_BUILT, win="delayed")
    game.play("b7-a8")
    assert game.result is None and game.to_move == 1
    assert game.events[-1].text == "{0} completes a bridge; {1} has one more move."
    assert set(game.view().to_answer) == FIRST_COLUMN
    game.play("d7-d6")
    assert game.result == engine.Result((0,), engine.Ending.BRIDGE, (0, 1))
    assert game.view().to_answer == ()
    assert game.events[-1].text == ("{1} does not answer with a bridge, so {0} wins the round.")


def test_delayed_win_answered_with_a_bridge_is_a_draw() -> None:
    game = position(BOTH_NEARLY_BUILT, win="delayed")
    play(game, "b7-a8", "g2-h1")
    assert game.result == engine.Result((), engine.Ending.BOTH_BRIDGES, (0, 0))
    assert game.view().to_answer == ()
    assert game.round_scores == ((4, 4),)
    assert set(game.view().highlight) == FIRST_COLUMN | {f"h{rank}" for rank in range(1, 9)}


def test_delayed_win_is_instant_for_the_player_who_moved_second() -> None:
    game = position(BOTH_NEARLY_BUILT, starter=1, to_move=0, win="delayed")
    game.play("b7-a8")
    assert game.result == engine.Result((0,), engine.Ending.BRIDGE, (0, 1))


def test_delayed_win_when_the_answer_is_a_forced_pass() -> None:
    game = position(BOXED_IN, win="delayed")
    game.play("b7-a8")
    assert game.history == ("b7-a8", "pass")
    assert game.result == engine.Result((0,), engine.Ending.BRIDGE, (0, 1))
    assert [event.text for event in game.events] == [
        "{0} completes a bridge; {1} has one more move.",
        "{1} has no legal move and passes.",
        "{1} does not answer with a bridge, so {0} wins the round.",
    ]


# -- winning moves ----------------------------------------------------------------


def test_winning_moves_complete_the_movers_bridge() -> None:
    assert position(BOTH_NEARLY_BUILT).winning_moves() == ["b7-a8"]
    assert position(BOTH_NEARLY_BUILT, to_move=1).winning_moves() == ["g2-h1"]


def test_with_a_delayed_win_only_the_second_player_has_winning_moves() -> None:
    assert position(BOTH_NEARLY_BUILT, win="delayed").winning_moves() == []
    game = position(BOTH_NEARLY_BUILT, starter=1, to_move=0, win="delayed")
    assert game.winning_moves() == ["b7-a8"]


def test_an_answer_to_a_delayed_win_is_never_a_winning_move() -> None:
    game = position(BOTH_NEARLY_BUILT, win="delayed")
    game.play("b7-a8")
    assert "g2-h1" in game.legal_moves()
    assert game.winning_moves() == []


def test_in_a_match_a_round_won_counts_and_the_choice_does_not() -> None:
    game = position(BOTH_NEARLY_BUILT, rounds=2)
    assert game.winning_moves() == ["b7-a8"]
    game.play("b7-a8")
    assert game.choosing and game.winning_moves() == []


# -- matches --------------------------------------------------------------------


def won_round_one(**options: object) -> BridgeGame:
    game = position(BOTH_NEARLY_BUILT, **options)
    game.play("b7-a8")
    return game


def test_loser_chooses_who_starts_and_sees_the_final_board_meanwhile() -> None:
    game = won_round_one(rounds=2)
    assert game.is_match and game.choosing and game.result is None
    assert (game.to_move, game.round, game.totals) == (1, 1, (4, 12))
    assert game.legal_moves() == ["first", "second"]
    view = game.view()
    assert (view.placed, view.cleared, set(view.highlight)) == ("a8", ("b7",), FIRST_COLUMN)
    assert view.match == engine.MatchView(1, (4, 12), between_rounds=True)
    assert game.events[-1].text == (
        "Round 1: {0} completes a bridge and wins the round; totals {0} 4, {1} 12. "
        "{1} chooses who starts round 2."
    )
    assert refusal(game, "c8-d6") == "choose first or second"


@pytest.mark.parametrize(("choice", "starter"), [("first", 1), ("me", 1), ("second", 0)])
def test_the_choice_sets_up_the_next_round(choice: str, starter: int) -> None:
    game = won_round_one(rounds=2)
    assert game.play(choice) in ("first", "second")
    assert game.history[-1] in ("first", "second") and game.movers[-1] == 1
    assert (game.round, game.starter, game.to_move, game.choosing) == (2, starter, starter, False)
    assert game.view() == dataclasses.replace(new().view(), match=engine.MatchView(2, (4, 12)))


def test_a_drawn_round_is_followed_by_the_second_player_starting() -> None:
    game = new(rounds=3)
    play(game, *SHUFFLE * 2)
    assert (game.round, game.starter, game.to_move, game.choosing) == (2, 1, 1, False)
    assert game.round_scores == ((12, 12),)
    assert game.events[-1].text == (
        "Round 1: the same position occurs a third time, so the round is drawn; "
        "totals {0} 12, {1} 12. {1} starts round 2."
    )


def test_match_of_rounds_is_won_by_the_lowest_total() -> None:
    game = won_round_one(rounds=2)
    game.play("first")
    play(game, "c8-d6", "c1-d3", "d6-c8", "d3-c1", "c8-d6", "c1-d3", "d6-c8", "d3-c1")
    assert game.result == engine.Result((0,), engine.Ending.LOWEST_TOTAL, (0, 1))
    assert game.totals == (16, 24)
    assert game.round_scores == ((4, 12), (12, 12))


def test_point_limit_is_passed_only_by_going_over_it() -> None:
    game = new(point_limit=12)
    play(game, *SHUFFLE * 2)
    assert game.result is None and game.round == 2


def test_point_limit_ends_the_match_with_equal_totals_drawn() -> None:
    game = new(point_limit=20, rounds=1)
    play(game, *SHUFFLE * 2)
    assert game.result is None
    play(game, "c8-d6", "c1-d3", "d6-c8", "d3-c1", "c8-d6", "c1-d3", "d6-c8", "d3-c1")
    assert game.result == engine.Result((), engine.Ending.EQUAL_TOTALS, (0, 0))
    assert game.totals == (24, 24)


def test_point_limit_ends_the_match_as_soon_as_a_total_passes_it() -> None:
    game = won_round_one(point_limit=10)
    assert game.result == engine.Result((0,), engine.Ending.LOWEST_TOTAL, (0, 1))
    assert game.events[-1].text == (
        "Round 1: {0} completes a bridge and wins the round; totals {0} 4, {1} 12."
    )


def test_forfeit_loses_the_whole_match() -> None:
    game = won_round_one(rounds=5)
    game.forfeit(0, engine.Ending.TIME)
    assert game.result == engine.Result((1,), engine.Ending.TIME, (1, 0))
    assert game.legal_moves() == [] and game.to_move is None
    assert refusal(game, "first") == "the game is over"


# -- random matches ---------------------------------------------------------------

FILES = "abcdefgh"
VECTORS = {
    Size.LARGE: ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)),
    Size.MEDIUM: ((1, 1), (1, -1), (-1, 1), (-1, -1)),
    Size.SMALL: tuple((df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr),
}
MAX_PLIES = 600


def reference_moves(game: engine.Game) -> set[str]:
    """The legal moves worked out afresh from the view, square by square."""
    squares = game.view().squares
    moves = set()
    for name, piece in squares.items():
        if piece.owner != game.to_move:
            continue
        for df, dr in VECTORS[piece.size]:
            file, rank = FILES.index(name[0]) + df, int(name[1]) + dr
            while 0 <= file < 8 and 1 <= rank <= 8 and f"{FILES[file]}{rank}" not in squares:
                moves.add(f"{name}-{FILES[file]}{rank}")
                if piece.size is not Size.MEDIUM:
                    break
                file, rank = file + df, rank + dr
    return moves


BITS = {name: 1 << index for index, name in enumerate(engine.bridge.NAMES)}


def bitboard(game: engine.Game, seat: int) -> int:
    return sum(BITS[name] for name, p in game.view().squares.items() if p.owner == seat)


def progress(pieces: int) -> int:
    """How many ranks a seat's pieces reach, joined, in from each edge (16: a bridge)."""
    up, down = joined_to(RANK_1, pieces), joined_to(RANK_8, pieces)
    reach_up = (up.bit_length() + 7) // 8
    reach_down = 8 - ((down & -down).bit_length() - 1) // 8 if down else 0
    return reach_up + reach_down


def next_move(game: engine.Game, rng: random.Random, greed: float, echo: float) -> str:
    """A bridge-building move with chance `greed`, else a move back or any move."""
    moves = game.legal_moves()
    roll = rng.random()
    own = [m for m, seat in zip(game.history, game.movers, strict=True) if seat == game.to_move]
    if own and roll < echo:
        back = f"{own[-1][3:]}-{own[-1][:2]}"
        if back in moves:
            return back
    if roll > greed or moves == ["first", "second"]:
        return rng.choice(moves)
    pieces = bitboard(game, game.to_move or 0)

    def value(move: str) -> tuple[int, float]:
        moved = pieces ^ BITS[move[:2]] ^ BITS[move[3:]]
        return progress(moved), rng.random()

    return max(moves, key=value)


def check_position(game: BridgeGame, rng: random.Random) -> None:
    """Pieces, listed moves (checked afresh now and then), refusals and rounds agree."""
    pieces = list(game.view().squares.values())
    for seat in (0, 1):
        sizes = sorted(p.size for p in pieces if p.owner == seat)
        assert sizes == [Size.SMALL] * 4 + [Size.MEDIUM] * 4 + [Size.LARGE] * 4
    moves = game.legal_moves()
    assert game.round == len(game.round_scores) + (0 if game.choosing else 1)
    if game.choosing:
        assert moves == ["first", "second"]
        return
    assert len(moves) == len(set(moves))
    if rng.random() < 0.25:
        assert set(moves) == reference_moves(game)
    plies = len(game.history)
    for _ in range(3):
        text = f"{rng.choice(engine.bridge.NAMES)}-{rng.choice(engine.bridge.NAMES)}"
        if text not in moves:
            with pytest.raises(engine.IllegalMove):
                game.play(text)
            assert len(game.history) == plies


def check_round_trip(game: BridgeGame) -> None:
    loaded = engine.load_game(game.to_json())
    assert isinstance(loaded, BridgeGame) and loaded == game
    assert loaded.view() == game.view() and loaded.events == game.events
    assert (loaded.totals, loaded.round_scores, loaded.round, loaded.choosing) == (
        game.totals,
        game.round_scores,
        game.round,
        game.choosing,
    )
    assert (loaded.to_move, loaded.starter, loaded.legal_moves()) == (
        game.to_move,
        game.starter,
        game.legal_moves(),
    )


def check_scores(game: BridgeGame) -> None:
    """Totals add up the rounds, and a finished match ended when and how the options say."""
    scores = game.round_scores
    assert game.totals == (sum(s[0] for s in scores), sum(s[1] for s in scores))
    assert all(0 <= score <= 12 for pair in scores for score in pair)
    result = game.result
    if result is None or not scores:
        return
    limit, totals = game.options["point_limit"], game.totals
    if not game.is_match:
        assert result.ending in (
            engine.Ending.BRIDGE,
            engine.Ending.BOTH_BRIDGES,
            engine.Ending.REPETITION,
        )
    elif isinstance(limit, int):
        before = [sum(s[seat] for s in scores[:-1]) for seat in (0, 1)]
        assert max(totals) > limit >= max(before)
    else:
        assert len(scores) == game.options["rounds"]
    if game.is_match:
        winners = tuple(seat for seat in (0, 1) if totals[seat] == min(totals))
        assert result.winners == (winners if len(winners) == 1 else ())


def check_finished(game: BridgeGame) -> None:
    assert game.to_move is None and game.legal_moves() == []
    for text in ("c1-d3", "first", "pass"):
        assert refusal(game, text) == "the game is over"


MATCH_FORMATS = st.one_of(
    st.just({}),
    st.fixed_dictionaries({"rounds": st.integers(2, 3)}),
    st.fixed_dictionaries({"point_limit": st.integers(5, 30)}),
)


@settings(max_examples=examples(20))
@given(
    match=MATCH_FORMATS,
    win=st.sampled_from(["instant", "delayed"]),
    seed=st.integers(0, 2**32 - 1),
    greed=st.floats(0.75, 0.95),
    echo=st.floats(0, 0.25),
    save_at=st.integers(0, 300),
)
def test_random_matches_keep_every_invariant(
    match: dict[str, int], win: str, seed: int, greed: float, echo: float, save_at: int
) -> None:
    rng = random.Random(seed)
    game = engine.new_game("bridge", 2, seed=seed, win=win, **match)
    assert isinstance(game, BridgeGame)
    for ply in range(MAX_PLIES):
        if game.result is not None:
            check_finished(game)
            break
        check_position(game, rng)
        if game.choosing or ply == save_at:
            check_round_trip(game)
        game.play(next_move(game, rng, greed, echo))
    check_scores(game)
    check_round_trip(game)
    event(f"rounds played: {len(game.round_scores)}")
    event(f"starters chosen: {sum(move in ('first', 'second') for move in game.history)}")
    event(f"result: {game.result.ending if game.result else 'unfinished'}")


def moves_that_win_the_round(game: engine.Game) -> list[str]:
    """The legal moves that end the round won by the mover, each tried on a reloaded copy."""
    won = f"{{{game.to_move}}} completes a bridge and wins the round"
    wins = []
    for move in game.legal_moves():
        trial = engine.load_game(game.to_json())
        trial.play(move)
        if any(won in event.text for event in trial.events[len(game.events) :]):
            wins.append(move)
    return wins


@settings(max_examples=examples(8))
@given(
    match=MATCH_FORMATS,
    win=st.sampled_from(["instant", "delayed"]),
    seed=st.integers(0, 2**32 - 1),
    greed=st.floats(0.8, 1),
)
def test_winning_moves_are_the_moves_that_win_the_round(
    match: dict[str, int], win: str, seed: int, greed: float
) -> None:
    rng = random.Random(seed)
    game = engine.new_game("bridge", 2, seed=seed, win=win, **match)
    while game.result is None and not game.choosing and len(game.history) < MAX_PLIES:
        game.play(next_move(game, rng, greed, 0))
    for state in (game.take_back(), game):
        wins = state.winning_moves()
        event(f"winning moves: {bool(wins)}")
        assert wins == moves_that_win_the_round(state)


def match_waiting_for_choice() -> BridgeGame:
    """A two-round match, really played, whose first round was won by a bridge."""
    game = engine.load_game(saved_match_waiting_for_choice())
    assert isinstance(game, BridgeGame)
    return game


@cache
def saved_match_waiting_for_choice() -> str:
    for seed in range(100):
        rng = random.Random(seed)
        game = new(rounds=2)
        while game.result is None and not game.choosing:
            game.play(next_move(game, rng, 0.8, 0))
        if game.choosing:
            return game.to_json()
    raise AssertionError("no playout ended its first round with a bridge")


def test_a_match_saved_between_rounds_loads_and_takes_back() -> None:
    game = match_waiting_for_choice()
    check_round_trip(game)
    final_board = game.view()
    game.play("second")
    assert game.view() != final_board
    back = game.take_back()
    assert isinstance(back, BridgeGame) and back.choosing
    assert back.history == game.history[:-1] and back.view() == final_board


MOVE_LIKE = st.lists(
    st.one_of(
        st.sampled_from(["l", "M", "small", "from", "to", "-", "first", "second", "pass", "me"]),
        st.from_regex(r"[a-kA-K][0-9]{1,2}", fullmatch=True),
    ),
    max_size=4,
).map(" ".join)


@given(game=games("bridge", max_plies=30), text=st.one_of(st.text(), MOVE_LIKE))
def test_any_text_is_played_or_refused_with_one_sentence(game: engine.Game, text: str) -> None:
    before, legal = game.to_json(), game.legal_moves()
    try:
        canonical = game.play(text)
    except engine.IllegalMove as refusal:
        assert game.to_json() == before
        assert str(refusal) and "\n" not in str(refusal)
    else:
        assert canonical in legal


@settings(max_examples=examples(50))
@given(text=st.one_of(st.text(), MOVE_LIKE))
def test_between_rounds_only_a_choice_is_accepted(text: str) -> None:
    game = match_waiting_for_choice()
    try:
        canonical = game.play(text)
    except engine.ForbiddenMove as refusal:
        assert game.choosing and str(refusal) == "choose first or second"
    except engine.InvalidMove:
        assert game.choosing
    else:
        assert canonical in ("first", "second") and not game.choosing


def test_the_rules_page_names_the_pieces_as_moves_and_the_picture_do() -> None:
    notation = engine.rules_text("bridge").partition("## Move notation")[2]
    for word in engine.GAMES["bridge"].size_words:
        assert f"`{word.upper() if len(word) == 1 else word}`" in notation
