"""Review: how long a finished game's review takes on one core (as in one thinking
process), and whether it says what it should.

Reviews a Tink game of about `--tink-moves` moves and a Bridge game of about
`--bridge-moves`, each played by the easy level against itself, and prints the time
each took, with a second review of each compared with the first (the same graph values,
grades and accuracies). `--honesty N` also plays N Tink games of the hard level against
medium (seats alternating) and counts those where the review gives hard the higher
accuracy; `--keep FILE` writes those games (the suite's honesty test reviews the ones in
`tests/ai/hard-against-medium.json`).

    python benchmarks/review.py [--tink-moves 60] [--bridge-moves 100] [--honesty 10]
        [--keep FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai
import engine
from ai.review import LEVEL, GameReview, grade_game, review_positions

MOST_MOVES = 400
"""Moves after which a game played to be reviewed is given up."""


def reviewed(game: engine.Game) -> GameReview:
    """The review of a finished game, every search in this process."""
    positions = review_positions(game)
    appraisals = [ai.appraise(position.game, LEVEL, position.move) for position in positions]
    return grade_game(game, positions, appraisals)


def played(name: str, moves: int, levels: tuple[str, str], seed: int) -> engine.Game:
    """A finished game between the levels of at least `moves` moves, or the longest of
    the first 20 finished from `seed` on."""
    longest: engine.Game | None = None
    for attempt in range(seed, seed + 20):
        game = engine.new_game(name, 2, seed=attempt)
        while game.result is None and len(game.history) < MOST_MOVES:
            level = levels[game.to_move or 0]
            game.play(ai.choose_move(game, level, seed=attempt))
        if game.result is None:
            continue
        if len(game.history) >= moves:
            return game
        if longest is None or len(game.history) > len(longest.history):
            longest = game
    if longest is None:
        raise RuntimeError(f"no {name} game between {levels} ended")
    return longest


def timed(name: str, moves: int) -> None:
    game = played(name, moves, ("easy", "easy"), seed=1)
    began = time.perf_counter()
    review = reviewed(game)
    took = time.perf_counter() - began
    same = reviewed(game) == review
    accuracy = ", ".join(f"{value:.0f}" for value in review.accuracy)
    graded = sum(move.grade is not None for move in review.moves)
    print(
        f"{engine.GAMES[name].title}, {len(game.history)} moves: reviewed in {took:.1f} s "
        f"({took / len(review.moves) * 1000:.0f} ms a position); accuracy {accuracy}; "
        f"{graded} moves graded; the same review again: {'yes' if same else 'NO'}"
    )


def honesty(games: int, keep: Path | None) -> None:
    ahead = won = ahead_in_wins = 0
    kept = []
    for index in range(games):
        levels = ("hard", "medium") if index % 2 == 0 else ("medium", "hard")
        game = played("tink", 10, levels, seed=100 + index)
        review = reviewed(game)
        hard = levels.index("hard")
        higher = review.accuracy[hard] > review.accuracy[1 - hard]
        wins = game.result is not None and game.result.winners == (hard,)
        ahead += higher
        won += wins
        ahead_in_wins += higher and wins
        kept.append({"hard": hard, "game": json.loads(game.to_json())})
    print(
        f"Tink, hard against medium: hard's accuracy the higher in {ahead} of {games} games; "
        f"hard won {won}, and its accuracy was the higher in {ahead_in_wins} of those"
    )
    if keep is not None:
        keep.write_text(json.dumps(kept, indent=1) + "\n")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tink-moves", type=int, default=60, help="the Tink game's length (60)")
    parser.add_argument(
        "--bridge-moves", type=int, default=100, help="the Bridge game's length, 0: none (100)"
    )
    parser.add_argument("--honesty", type=int, default=0, help="hard-against-medium games (0)")
    parser.add_argument(
        "--keep", type=Path, help="write the hard-against-medium games to this JSON file"
    )
    arguments = parser.parse_args()
    timed("tink", arguments.tink_moves)
    if arguments.bridge_moves:
        timed("bridge", arguments.bridge_moves)
    if arguments.honesty:
        honesty(arguments.honesty, arguments.keep)
