"""Taps: how many taps a move takes by the Move button and its picker, and how long each
tap takes to answer, over whole games of every game.

Each game is played between two people through the Discord-payload path (the test
harness, its check of requests against Discord's API description off, one bot, no
other load), every move by taps alone: Move on the turn's post, a choice at each step
of the picker, then Play. Moves are quick random ones (a win taken when there is one);
Bridge, whose random games wander, is cut after `--bridge-moves` moves. Prints, per game,
the median, 90th percentile and most taps a move, and the mean time a tap takes to
answer.

    python benchmarks/taps.py [--games 5] [--bridge-moves 150]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from tests.bot.harness import DiscordHarness
from tests.bot.support import StubRenderer, new_bot
from tests.bot.taps import game_by_taps


async def measure(game: str, games: int, bridge_moves: int) -> tuple[list[int], list[float]]:
    """The taps of every move of `games` games of `game`, and every tap's answer time."""
    taps: list[int] = []
    seconds: list[float] = []
    for seed in range(games):
        with tempfile.TemporaryDirectory() as folder:
            bot = new_bot(Path(folder), renderer=StubRenderer())
            async with DiscordHarness(bot, spec_checked=False) as discord:
                began = time.perf_counter()
                counts = await game_by_taps(
                    discord,
                    game,
                    seed,
                    most_moves=bridge_moves if game == "bridge" else 1000,
                    must_end=game != "bridge",
                )
                elapsed = time.perf_counter() - began
        taps += counts
        seconds += [elapsed / sum(counts)] * sum(counts)
    return taps, seconds


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def main(arguments: argparse.Namespace) -> None:
    print("game     moves  taps a move: median  p90  most   a tap: mean ms (no other load)")
    for game in engine.GAMES:
        taps, seconds = await measure(game, arguments.games, arguments.bridge_moves)
        print(
            f"{game:8} {len(taps):5}  {statistics.median(taps):17g} "
            f"{percentile([float(t) for t in taps], 0.9):4g} {max(taps):5}   "
            f"{statistics.mean(seconds) * 1000:.1f}",
            flush=True,
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        prog="taps.py", description="Taps a move takes by the Move button's picker, per game."
    )
    parser.add_argument("--games", type=int, default=5, help="games of each game played (5)")
    parser.add_argument(
        "--bridge-moves", type=int, default=150, help="moves a Bridge game is cut after (150)"
    )
    asyncio.run(main(parser.parse_args()))
