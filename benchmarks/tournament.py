"""Tournaments: how long pairing a large Swiss round takes.

A field of `--players` (default 1,000) plays `--rounds` Swiss rounds with random results;
each round's pairing is timed, and the slowest is printed against the 1-second target.

    python benchmarks/tournament.py [--players 1000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.play.pairings import BYE_POINTS, DRAW, LOSS, WIN, Played, swiss_round

PAIRING_TARGET = 1.0
"""Seconds a Swiss round of a thousand players may take to pair."""


def pairing_times(players: int, rounds: int, seed: int = 1) -> list[float]:
    """Seconds each round of a random Swiss of `players` took to pair."""
    rng = random.Random(seed)
    field = list(range(1, players + 1))
    ratings = {p: rng.gauss(0, 10) for p in field}
    played: list[Played] = []
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        pairings = swiss_round(field, played, ratings)
        times.append(time.perf_counter() - started)
        for game in pairings:
            points = BYE_POINTS if game.second is None else rng.choice((WIN, DRAW, LOSS))
            played.append(Played(game.first, game.second, points))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    times = pairing_times(args.players, args.rounds)
    shown = ", ".join(f"{t:.2f}" for t in times)
    verdict = "within" if max(times) <= PAIRING_TARGET else "OVER"
    print(
        f"Swiss pairing, {args.players} players: {shown} s per round; slowest {max(times):.2f} s "
        f"({verdict} the {PAIRING_TARGET:.0f} s target)"
    )


if __name__ == "__main__":
    main()
