"""The review's grading: the exact reader's marks always show (a missed win is a miss, a
win handed over a blunder, unless every move handed one), a position proven won is worth
at least `PROVEN` to its mover, grades follow the expected score lost, and accuracy falls
as more is lost."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

import ai
import engine
from ai import Appraisal
from ai.review import (
    BLUNDER,
    INACCURACY,
    LEVEL,
    MISTAKE,
    PROVEN,
    GameReview,
    Grade,
    ReviewedMove,
    grade_game,
    move_accuracy,
    position_before,
    review_positions,
)


def every_move_hands_a_win(game: engine.Game) -> bool:
    """Whether each legal move leaves the next player a win in one."""
    for move in game.legal_moves():
        after = engine.load_game(game.to_json())
        after.play(move)
        if after.result is not None or not after.winning_moves():
            return False
    return True


def random_game(name: str, seed: int, players: int = 2) -> engine.Game:
    """A game played to its end by random moves, a win in one taken half the time."""
    game = engine.new_game(name, players, seed=seed)
    rng = random.Random(seed)
    while game.result is None:
        wins = game.winning_moves()
        game.play(wins[0] if wins and rng.random() < 0.5 else rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("name", ["tink", "tingle", "folio"])
def test_every_exact_mark_shows_as_a_miss_or_a_blunder(name: str, seed: int) -> None:
    game = random_game(name, seed)
    positions = review_positions(game)
    even = tuple(1 / game.players for _ in range(game.players))
    appraisals = [Appraisal(even, position.move, even[0]) for position in positions]
    review = grade_game(game, positions, appraisals)
    marks = engine.review(game, most_forced_wins=4, forced_win_pushes=40_000)
    assert len(marks) == len(review.moves)
    for mark, move in zip(marks, review.moves, strict=True):
        if mark.missed_wins:
            assert move.grade is Grade.MISS and move.better in mark.missed_wins
        elif mark.allowed_wins or mark.allowed_forced_wins:
            assert move.grade in (Grade.BLUNDER, Grade.MISS) or every_move_hands_a_win(
                position_before(game, move.ply)
            )
    for position, values in zip(positions, review.curve, strict=False):
        if position.wins:
            assert values[position.seat] >= PROVEN


def test_grades_follow_the_expected_score_lost() -> None:
    game = random_game("tink", 3)
    positions = review_positions(game)
    quiet = [
        index
        for index, position in enumerate(positions[:-1])
        if not (position.wins or position.forced_wins or position.allowed)
        and not (positions[index + 1].wins or positions[index + 1].forced_wins)
    ]
    index = quiet[0]
    for lost, grade in [
        (INACCURACY - 0.01, None),
        (INACCURACY + 0.001, Grade.INACCURACY),
        (MISTAKE + 0.001, Grade.MISTAKE),
        (BLUNDER + 0.001, Grade.BLUNDER),
    ]:
        appraisals = [Appraisal((0.5, 0.5), p.move, 0.5) for p in positions]
        appraisals[index] = Appraisal((0.5, 0.5), "a better move", 0.5 - lost)
        graded = grade_game(game, positions, appraisals).moves[index]
        assert graded.grade is grade
        assert graded.better == (None if grade is None else "a better move")


def test_accuracy_is_100_for_nothing_lost_and_falls_as_more_is() -> None:
    scores = [move_accuracy(lost / 20) for lost in range(21)]
    assert scores[0] == pytest.approx(100.0, abs=0.01)
    assert all(a > b for a, b in itertools.pairwise(scores) if a > 0)
    assert min(scores) >= 0.0


def test_appraising_a_move_values_it_against_the_best() -> None:
    game = random_game("tink", 2)
    position = review_positions(game)[6]
    told = ai.appraise(position.game, LEVEL, position.move)
    assert told == ai.appraise(position.game, LEVEL, position.move)
    assert told.best in position.game.legal_moves() and len(told.values) == 2
    best = ai.appraise(position.game, LEVEL, told.best)
    assert best.played == pytest.approx(told.values[position.seat])


def test_the_graph_takes_each_move_from_both_sides_and_a_decided_value_as_it_is() -> None:
    moves = (
        ReviewedMove(0, 0, "S d4", 0.7, 0.7, None),
        ReviewedMove(1, 1, "S e5", 0.6, 0.5, Grade.INACCURACY),
        ReviewedMove(2, 0, "S a8", 0.4, 0.0, Grade.BLUNDER),
    )
    curve = ((0.7, 0.3), (0.4, 0.6), (0.8, 0.2), (0.0, 1.0))  # each by its mover's search
    shown = GameReview(curve, moves, (80.0, 90.0)).shown_curve()
    flat = [value for values in shown for value in values]
    assert flat == pytest.approx([0.7, 0.3, 0.55, 0.45, 0.65, 0.35, 0.0, 1.0])
    three = GameReview(((0.4, 0.3, 0.3), (0.0, 1.0, 0.0)), moves[:1], (0.0, 0.0, 0.0))
    assert three.shown_curve() == three.curve


def test_a_move_in_a_position_already_lost_is_no_blunder() -> None:
    """Against two threats at once every move hands the bot a win: the straight line's
    last block (S d1) is not graded; the move that let both threats come (S d7) is."""
    game = engine.new_game("tink", 2, seed=1)
    for move in ("S d4", "S e5", "S d5", "S d6", "S d3", "S d2", "S d7", "S f4"):
        game.play(move)
    assert every_move_hands_a_win(game)
    game.play("S d1")
    game.play("S g3")
    positions = review_positions(game)
    even = (0.5, 0.5)
    appraisals = [Appraisal(even, position.move, even[0]) for position in positions]
    grades = {move.move: move.grade for move in grade_game(game, positions, appraisals).moves}
    assert grades["S d7"] is Grade.BLUNDER
    assert grades["S d1"] is None


def test_appraisals_do_not_depend_on_what_was_appraised_before() -> None:
    """`appraise` remembers the opponent's wins by threats after a move for the next
    position; appraising the positions in reverse, with nothing to remember, agrees."""
    kept = json.loads((Path(__file__).with_name("hard-against-medium.json")).read_text())
    positions = review_positions(engine.load_game(json.dumps(kept[0]["game"])))[2:9]
    ai.forget_attacks()
    forward = [ai.appraise(p.game, LEVEL, p.move) for p in positions]
    ai.forget_attacks()
    backward = [ai.appraise(p.game, LEVEL, p.move) for p in reversed(positions)]
    assert forward == backward[::-1]
