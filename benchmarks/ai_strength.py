"""AI strength: matches between levels and baseline players, with think times.

Players: the levels easy, medium and hard, `random` (any legal move) and `greedy`
(wins in one when it can, else a move that leaves the opponent no win in one, else any
move). Each pairing plays `--games` two-player games per game, seats alternated, and
prints the first player's win, draw and loss rates with both players' think times per
move: CPU time of this process (median and max) and wall time (median).

Targets, in every game: every level beats random in >= 95% of games; hard beats greedy
in >= 90% (Bridge: >= 80%); hard beats medium and medium beats easy in >= 65%. Think
time per move, median over whole games: easy <= 0.3 s, medium <= 1 s, hard <= 3 s, and
no move over twice that.

    python benchmarks/ai_strength.py [--games 20] [--game tink,folio] [--pairs hard:greedy]
        [--jobs 2]

`--jobs` plays that many games at once, one process each (think times are then only
comparable between runs with the same number of jobs on an otherwise idle machine).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai
import engine
from ai.tactics import read

Player = Callable[[engine.Game, int], str]
PAIRS = (
    "easy:random",
    "medium:random",
    "hard:random",
    "hard:greedy",
    "medium:greedy",
    "easy:greedy",
    "hard:medium",
    "medium:easy",
)
MAX_PLIES = 1000


def random_player(game: engine.Game, seed: int) -> str:
    rng = random.Random(f"{seed}:{len(game.actions)}")
    return rng.choice(game.legal_moves())


def greedy_player(game: engine.Game, seed: int) -> str:
    rng = random.Random(f"{seed}:{len(game.actions)}")
    tactics = read(game)
    choices = tactics.wins[:1] or tactics.safe or list(tactics.moves)
    return game.search_text(rng.choice(choices))


def level_player(level: str) -> Player:
    return lambda game, seed: ai.choose_move(game, level, seed=seed)


PLAYERS: dict[str, Player] = {
    "random": random_player,
    "greedy": greedy_player,
    **{level: level_player(level) for level in ai.LEVELS},
}


@dataclass
class Tally:
    """One pairing's results from the first player's side, and both players' think times."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    cpu: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    wall: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


    def add(self, other: Tally) -> None:
        """Count `other`'s games and think times in this tally too."""
        self.wins += other.wins
        self.draws += other.draws
        self.losses += other.losses
        for side in (0, 1):
            self.cpu[side].extend(other.cpu[side])
            self.wall[side].extend(other.wall[side])


def play_one(name: str, names: tuple[str, str], seed: int) -> Tally:
    """One game, the first-named player in seat `seed % 2`, as a tally of one game."""
    tally = Tally()
    first_seat = seed % 2
    seats = {first_seat: 0, 1 - first_seat: 1}
    game = engine.new_game(name, 2, seed=seed)
    while game.result is None and len(game.history) < MAX_PLIES:
        seat = game.to_move
        assert seat is not None
        side = seats[seat]
        cpu, wall = time.process_time(), time.perf_counter()
        move = PLAYERS[names[side]](game, seed)
        tally.cpu[side].append(time.process_time() - cpu)
        tally.wall[side].append(time.perf_counter() - wall)
        game.play(move)
    result = game.result
    if result is None or result.is_draw:
        tally.draws += 1
    elif first_seat in result.winners:
        tally.wins += 1
    else:
        tally.losses += 1
    return tally


def times(cpu: list[float], wall: list[float]) -> str:
    if not cpu:
        return f"{'':21}"
    return f"{statistics.median(cpu):6.2f} {max(cpu):6.2f} {statistics.median(wall):6.2f} "


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pairing")
    parser.add_argument("--game", default=",".join(engine.GAMES), help="games, comma-separated")
    parser.add_argument("--pairs", default=",".join(PAIRS), help="pairings like hard:greedy")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    args = parser.parse_args()
    with ProcessPoolExecutor(args.jobs) as pool:
        report(pool, args)


def report(pool: ProcessPoolExecutor, args: argparse.Namespace) -> None:
    """Play every pairing of every game asked for, printing a table per game."""
    pairs = [tuple(pair.split(":")) for pair in args.pairs.split(",")]
    for name in args.game.split(","):
        print(f"\n{name}: {args.games} games per pairing, seats alternated")
        print(
            f"{'pairing':18} {'win':>5} {'draw':>5} {'loss':>5}   "
            f"{'A cpu med/max, wall med':23} {'B cpu med/max, wall med':23}"
        )
        for first, second in pairs:
            tally = Tally()
            seeds = range(args.first_seed, args.first_seed + args.games)
            players = [(first, second)] * args.games
            for game in pool.map(play_one, [name] * args.games, players, seeds):
                tally.add(game)
            win, draw, loss = (
                100 * count / tally.games for count in (tally.wins, tally.draws, tally.losses)
            )
            print(
                f"{first + ' vs ' + second:18} {win:4.0f}% {draw:4.0f}% {loss:4.0f}%   "
                f"{times(tally.cpu[0], tally.wall[0]):23} {times(tally.cpu[1], tally.wall[1]):23}",
                flush=True,
            )


if __name__ == "__main__":
    main()
