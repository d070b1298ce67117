"""Random playouts per second, legal-move and winning-move times for every game in engine.GAMES.

Run: .venv/bin/python benchmarks/engine_speed.py [seconds per figure] [--reviewed 5]

Each game is measured through the move API (legal_moves, play) and through its search
path (search_moves, search_push on a search_copy). Tink and Tingle are measured with 2
and 4 players, other games with their smallest player count. A playout stops after 300
moves; the target for Tink with 2 players on the search path is 1,000 playouts a second.
The cost of `winning_moves()` and of `search_wins()` is measured once per game, with its
smallest player count, over the positions of random playouts, and so is `engine.review`
of `--reviewed` whole random games of up to 300 moves (forced wins in two included, at
most four a move as the history command lists them, without its cap on the moves
tried): the slowest of them and its moves.
Times are CPU time of this process, so other work on the machine skews them less.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import engine

MAX_PLIES = 300
MULTI_PLAYER_GAMES = ("tink", "tingle")
REVIEWED_GAMES = 5
FORCED_WINS_LISTED = 4

Lister = Callable[[Any], list[Any]]
Mover = Callable[[Any, Any], object]
PUBLIC: tuple[Lister, Mover] = (lambda game: game.legal_moves(), lambda game, m: game.play(m))
FAST: tuple[Lister, Mover] = (
    lambda game: game.search_moves(),
    lambda game, m: game.search_push(m),
)


def winning_moves(game: Any) -> list[str]:
    return list(game.winning_moves())


def search_wins(game: Any) -> list[Any]:
    return list(game.search_wins())


def playout(name: str, players: int, seed: int, path: tuple[Lister, Mover]) -> int:
    """Play random moves to the end or the cap; return the number of moves made."""
    lister, mover = path
    rng = random.Random(seed)
    game = engine.new_game(name, players, seed=seed).search_copy()
    for ply in range(MAX_PLIES):
        moves = lister(game)
        if not moves:
            return ply
        mover(game, rng.choice(moves))
    return MAX_PLIES


def listing_time(
    name: str, players: int, path: tuple[Lister, Mover], seconds: float, timed: Lister | None = None
) -> float:
    """Mean seconds one call of `timed` (by default the path's move list) takes, over the
    positions of random playouts."""
    lister, mover = path
    timed = timed or lister
    rng = random.Random(2)
    total = 0.0
    calls = 0
    while total < seconds:
        game = engine.new_game(name, players, seed=calls).search_copy()
        for _ in range(MAX_PLIES):
            start = time.process_time()
            answer = timed(game)
            total += time.process_time() - start
            calls += 1
            moves = answer if timed is lister else lister(game)
            if not moves:
                break
            mover(game, rng.choice(moves))
    return total / calls


def measure(name: str, players: int, path: tuple[Lister, Mover], seconds: float) -> str:
    playouts = plies = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        plies += playout(name, players, playouts, path)
        playouts += 1
    rate = playouts / (time.process_time() - start)
    listing = listing_time(name, players, path, seconds / 4)
    return (
        f"{rate:10.0f} playouts/s {plies / playouts:7.1f} moves/game "
        f"{listing * 1e6:8.1f} us/move list"
    )


def slowest_review(name: str, players: int, games: int = REVIEWED_GAMES) -> tuple[float, int]:
    """The longest CPU time `engine.review` takes over `games` random games, with its moves."""
    slowest = (0.0, 0)
    for seed in range(games):
        rng = random.Random(seed)
        game = engine.new_game(name, players, seed=seed)
        while game.result is None and len(game.history) < MAX_PLIES:
            game.play(rng.choice(game.legal_moves()))
        start = time.process_time()
        engine.review(game, most_forced_wins=FORCED_WINS_LISTED)
        slowest = max(slowest, (time.process_time() - start, len(game.history)))
    return slowest


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "seconds", nargs="?", type=float, default=3.0, help="seconds per figure (default: 3)"
    )
    parser.add_argument(
        "--reviewed",
        type=int,
        default=REVIEWED_GAMES,
        help=f"random games reviewed per game (default: {REVIEWED_GAMES})",
    )
    arguments = parser.parse_args()
    seconds = arguments.seconds
    for name, info in engine.GAMES.items():
        counts = (2, 4) if name in MULTI_PLAYER_GAMES else (info.min_players,)
        for players in counts:
            for label, path in (("public", PUBLIC), ("search", FAST)):
                figures = measure(name, players, path, seconds)
                print(f"{name:8} {players}p {label:6} {figures}")
        winning = listing_time(name, info.min_players, PUBLIC, seconds / 4, winning_moves)
        print(f"{name:8} {info.min_players}p winning moves {winning * 1e6:8.1f} us/call")
        wins = listing_time(name, info.min_players, FAST, seconds / 4, search_wins)
        print(f"{name:8} {info.min_players}p search wins   {wins * 1e6:8.1f} us/call")
        took, moves = slowest_review(name, info.min_players, arguments.reviewed)
        print(f"{name:8} {info.min_players}p review        {took:8.2f} s at most ({moves} moves)")


if __name__ == "__main__":
    main()
