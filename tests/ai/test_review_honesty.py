"""The review tells the better player: in ten Tink games of the hard level against
medium (seats alternating, kept by `benchmarks/review.py --honesty 10 --keep`), hard's
accuracy is the higher in at least nine."""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import ai
import engine
from ai.review import LEVEL, grade_game, review_positions

GAMES = Path(__file__).with_name("hard-against-medium.json")


def accuracies(state: str) -> tuple[float, ...]:
    """Each seat's accuracy in the review of the finished game saved as `state`."""
    game = engine.load_game(state)
    positions = review_positions(game)
    appraisals = [ai.appraise(position.game, LEVEL, position.move) for position in positions]
    return grade_game(game, positions, appraisals).accuracy


def test_the_hard_level_has_the_higher_accuracy_in_nine_of_ten_games_against_medium() -> None:
    kept = json.loads(GAMES.read_text())
    assert len(kept) == 10
    states = [json.dumps(each["game"], sort_keys=True) for each in kept]
    distinct = sorted(set(states), key=len, reverse=True)  # each once, the longest first
    with ProcessPoolExecutor(2) as pool:
        reviewed = dict(zip(distinct, pool.map(accuracies, distinct), strict=True))
    higher = [
        reviewed[state][each["hard"]] > reviewed[state][1 - each["hard"]]
        for each, state in zip(kept, states, strict=True)
    ]
    assert sum(higher) >= 9, f"hard's accuracy the higher in {sum(higher)} of 10"
