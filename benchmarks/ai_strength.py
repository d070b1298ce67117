"""AI strength: matches between levels and baseline players, with think times.

Players: the levels beginner, easy, medium and hard; `random` (any legal move); `greedy` (wins in
one when it can, else a move that leaves the opponent no win in one, else any move);
`plan`, the game's obvious plan that ignores the opponent (Tink and Tingle: the line
rush, a straight line of smalls from a seeded square in a seeded direction, winning in
one when it can, never blocking; Folio: gives only pieces that cannot win at once and
places beside the most pieces in a row; Bridge: the move that brings its own shortest
bridge closest); `careful`, a careful human in Tink and Tingle (wins in one, blocks a
win in one, else weighs its own best line against the opponent's, preferring open ends;
the greedy player elsewhere). Each pairing plays `--games` two-player games per game,
seats alternated, and prints the first player's wins, draws and losses, over both seats
and per seat (1st: it moved first), starring cells of fewer than 40 games, with both
players' think times per move: CPU time of this process (median and max) and wall time
(median).

Targets, in every game: every level beats random in >= 95% of games; hard beats greedy
in >= 90% (Bridge: >= 80%); hard beats medium and medium beats easy in >= 65%. In Tink
and Tingle, from each seat: hard beats the line rush in >= 95% (never losing when it
moves first), medium in >= 85%; hard beats the careful human in >= 80%, medium in
>= 60%. In Folio and Bridge hard beats the plan in >= 90%. The beginner level is a
newcomer's opponent: in Tink and Tingle the line rush and the careful human each win
about half their games against it (35-65%) from each seat; easy beats the beginner in
>= 60%. Think
time per move, median over whole games: beginner and easy <= 0.3 s, medium <= 1 s, hard
<= 3 s, and no move over twice that.

    python benchmarks/ai_strength.py [--games 20] [--game tink,folio] [--pairs hard:plan]
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
from ai import bridge
from ai.tactics import read

Player = Callable[[engine.Game, int], str]
PAIRS = (
    "beginner:random",
    "easy:random",
    "medium:random",
    "hard:random",
    "hard:greedy",
    "medium:greedy",
    "easy:greedy",
    "hard:medium",
    "medium:easy",
    "hard:plan",
    "medium:plan",
    "easy:plan",
    "beginner:plan",
    "hard:careful",
    "medium:careful",
    "easy:careful",
    "beginner:careful",
    "easy:beginner",
)
MAX_PLIES = 1000
FULL_SAMPLE = 40
"""Cells with fewer games than this are starred in the table."""


def random_player(game: engine.Game, seed: int) -> str:
    rng = random.Random(f"{seed}:{len(game.actions)}")
    return rng.choice(game.legal_moves())


def greedy_player(game: engine.Game, seed: int) -> str:
    rng = random.Random(f"{seed}:{len(game.actions)}")
    tactics = read(game)
    choices = tactics.wins[:1] or tactics.safe or list(tactics.moves)
    return game.search_text(rng.choice(choices))


DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
Square = tuple[int, int]


def _board(game: engine.Game) -> tuple[dict[Square, engine.Piece], int, int]:
    """The pieces by (file, rank), and the board's width and height."""
    view = game.view()
    squares = {
        (engine.FILES.index(name[0]), int(name[1:]) - 1): piece
        for name, piece in view.squares.items()
    }
    return squares, view.width, view.height


def _name(square: Square) -> str:
    return f"{engine.FILES[square[0]]}{square[1] + 1}"


def _counts_as_small(piece: engine.Piece | None, seat: int) -> bool:
    return piece is not None and piece.colour == seat and piece.size != engine.Size.MEDIUM


def _line(
    squares: dict[Square, engine.Piece],
    size: tuple[int, int],
    seat: int,
    at: Square,
    step: Square,
) -> tuple[int, int, int]:
    """The seat's run of smalls through `at` (taken as its own) along `step`: its length,
    its empty ends, and the room (own or empty squares in a row) the line has to grow."""
    width, height = size
    run, ends, room = 1, 0, 1
    for sign in (1, -1):
        file, rank = at
        counting = True
        while True:
            file, rank = file + sign * step[0], rank + sign * step[1]
            if not (0 <= file < width and 0 <= rank < height):
                break
            piece = squares.get((file, rank))
            if counting and _counts_as_small(piece, seat):
                run += 1
                room += 1
                continue
            if counting:
                counting = False
                ends += piece is None
            if piece is not None and not _counts_as_small(piece, seat):
                break
            room += 1
    return run, ends, room


def line_rush(game: engine.Game, seed: int) -> str:
    """Tink and Tingle's obvious plan: a straight line of smalls, never defending.

    Wins in one when it can; otherwise extends its longest line that still has room for
    four (its first piece and its favourite direction drawn from the seed), else any move.
    """
    wins = game.winning_moves()
    if wins:
        return wins[0]
    seat = game.to_move or 0
    rng = random.Random(f"rush:{seed}")
    directions = rng.sample(DIRECTIONS, len(DIRECTIONS))
    forward = rng.choice((1, -1))
    squares, width, height = _board(game)
    legal = set(game.legal_moves())
    best: tuple[int, int, str] | None = None
    for at, piece in squares.items():
        if not _counts_as_small(piece, seat):
            continue
        for preference, step in enumerate(directions):
            run, _, room = _line(squares, (width, height), seat, at, step)
            if room < 4:
                continue
            for sign in (forward, -forward):
                end = at
                while _counts_as_small(squares.get(end), seat):
                    end = (end[0] + sign * step[0], end[1] + sign * step[1])
                move = f"S {_name(end)}" if 0 <= end[0] < width and 0 <= end[1] < height else ""
                key = (run, -preference, move)
                if move in legal and (best is None or key[:2] > best[:2]):
                    best = key
    if best is not None:
        return best[2]
    interior = [(file, rank) for file in range(2, width - 2) for rank in range(2, height - 2)]
    for start in rng.sample(interior, len(interior)):
        if f"S {_name(start)}" in legal:
            return f"S {_name(start)}"
    return rng.choice(sorted(legal))


def careful_player(game: engine.Game, seed: int) -> str:
    """A careful human in Tink and Tingle: wins in one, blocks a win in one, otherwise
    places a small where its own best line or the opponent's best line (weighed a little
    less) would be longest, preferring open ends; elsewhere, the greedy player."""
    if game.name not in ("tink", "tingle"):
        return greedy_player(game, seed)
    tactics = read(game)
    if tactics.wins:
        return game.search_text(tactics.wins[0])
    seat = game.to_move or 0
    squares, width, height = _board(game)
    rng = random.Random(f"careful:{seed}:{len(game.actions)}")
    choices = [game.search_text(move) for move in tactics.safe or tactics.moves]
    if tactics.threatened:
        return rng.choice(choices)

    def worth(move: str) -> float:
        parts = move.split()
        if parts[0] != "S" or len(parts) > 2:
            return -1.0
        name = parts[1]
        at = (engine.FILES.index(name[0]), int(name[1:]) - 1)
        values = []
        for owner, weight in ((seat, 1.0), (1 - seat, 0.9)):
            best = 0.0
            for step in DIRECTIONS:
                run, ends, room = _line(squares, (width, height), owner, at, step)
                if room >= 4:
                    best = max(best, 10 * min(run, 4) + 3 * ends)
            values.append(weight * best)
        return max(values) + 0.01 * min(values) + rng.random() * 0.001

    return max(choices, key=worth)


def folio_plan(game: engine.Game, seed: int) -> str:
    """Folio's obvious plan: wins in one; otherwise gives only pieces that cannot win at
    once and places next to as many pieces in a row as it can."""
    tactics = read(game)
    if tactics.wins:
        return game.search_text(tactics.wins[0])
    rng = random.Random(f"folio:{seed}:{len(game.actions)}")
    squares, width, height = _board(game)

    def worth(move: str) -> float:
        name = move.split()[0]
        if name == "give":
            return rng.random()
        at = (engine.FILES.index(name[0]), int(name[1:]) - 1)
        best = 0
        for step in DIRECTIONS:
            for start in range(-3, 1):
                window = [
                    (at[0] + (start + k) * step[0], at[1] + (start + k) * step[1]) for k in range(4)
                ]
                if all(0 <= f < width and 0 <= r < height for f, r in window):
                    best = max(best, sum(square in squares for square in window))
        return best + rng.random()

    return max((game.search_text(move) for move in tactics.safe or tactics.moves), key=worth)


def bridge_plan(game: engine.Game, seed: int) -> str:
    """Bridge's obvious plan: the move that brings its own shortest bridge closest, never
    minding the opponent's."""
    seat = game.to_move or 0
    rng = random.Random(f"bridge:{seed}:{len(game.actions)}")

    def distance(move: engine.SearchMove) -> float:
        after = game.search_copy()
        after.search_push(move)
        if after.result is not None:
            return -1.0
        sides = bridge.pieces(after)
        own, other = sides[seat], sides[1 - seat]
        return bridge.read_side(own, sum(other)).distance + rng.random() * 0.1

    return game.search_text(min(game.search_moves(), key=distance))


def plan_player(game: engine.Game, seed: int) -> str:
    """The game's obvious plan, which ignores the opponent."""
    plans = {"folio": folio_plan, "bridge": bridge_plan}
    return plans.get(game.name, line_rush)(game, seed)


def level_player(level: str) -> Player:
    return lambda game, seed: ai.choose_move(game, level, seed=seed)


PLAYERS: dict[str, Player] = {
    "random": random_player,
    "greedy": greedy_player,
    "plan": plan_player,
    "careful": careful_player,
    **{level: level_player(level) for level in ai.LEVELS},
}


@dataclass
class Tally:
    """One pairing's results from the first player's side, per seat it sat in, and both
    players' think times."""

    results: dict[int, list[int]] = field(default_factory=lambda: {0: [0, 0, 0], 1: [0, 0, 0]})
    """Per seat of the first-named player: its wins, draws and losses."""
    cpu: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    wall: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))

    def counts(self, seat: int | None = None) -> tuple[int, int, int]:
        """Wins, draws and losses in that seat, or in both."""
        seats = (0, 1) if seat is None else (seat,)
        wins, draws, losses = (sum(self.results[s][k] for s in seats) for k in range(3))
        return wins, draws, losses

    def add(self, other: Tally) -> None:
        """Count `other`'s games and think times in this tally too."""
        for seat in (0, 1):
            for kind in range(3):
                self.results[seat][kind] += other.results[seat][kind]
            self.cpu[seat].extend(other.cpu[seat])
            self.wall[seat].extend(other.wall[seat])


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
    kind = 1 if result is None or result.is_draw else 0 if first_seat in result.winners else 2
    tally.results[first_seat][kind] += 1
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
    parser.add_argument(
        "--first-seed", type=int, default=0, help="seed of the first game; the next count up (0)"
    )
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
            f"{'pairing (seat of A)':22} {'win':>5} {'draw':>5} {'loss':>5} {'w/d/l':>8} "
            f"{'n':>4}   "
            f"{'A cpu med/max, wall med':23} {'B cpu med/max, wall med':23}"
        )
        for first, second in pairs:
            tally = Tally()
            seeds = range(args.first_seed, args.first_seed + args.games)
            players = [(first, second)] * args.games
            for game in pool.map(play_one, [name] * args.games, players, seeds):
                tally.add(game)
            for label, seat in (("", None), (" 1st", 0), (" 2nd", 1)):
                print(
                    f"{first + ' vs ' + second + label:22} {_rates(tally.counts(seat))}   "
                    + (
                        f"{times(tally.cpu[0], tally.wall[0]):23} "
                        f"{times(tally.cpu[1], tally.wall[1]):23}"
                        if seat is None
                        else ""
                    ),
                    flush=True,
                )


def _rates(counts: tuple[int, int, int]) -> str:
    """Win, draw and loss counts and shares; fewer than 40 games are starred."""
    games = sum(counts) or 1
    shares = " ".join(f"{100 * count / games:4.0f}%" for count in counts)
    marked = f"{sum(counts)}{'*' if sum(counts) < FULL_SAMPLE else ' '}"
    return f"{shares} {'/'.join(map(str, counts)):>8} {marked:>4}"


if __name__ == "__main__":
    main()
