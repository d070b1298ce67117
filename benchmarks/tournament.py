"""Tournaments: how long pairing a large Swiss round takes, and a whole Swiss run.

1. A field of `--players` (default 1,000) plays `--rounds` Swiss rounds with random
   results; each round's pairing is timed, and the slowest is printed against 1 s.
2. A Swiss of `--field` players (default 64) over `--swiss-rounds` rounds (default 6) is
   run end to end through the use cases on a fresh SQLite file: entries, start, every
   game begun in its thread (a stand-in for Discord), every move played through the move
   use case (chosen at random among the engine's legal moves), rounds paired as the last
   game of each ends; its wall time is printed against 60 s.

    python benchmarks/tournament.py [--players 1000] [--rounds 5] [--field 64]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from bot.play.ranking.ratings import rate_game
from bot.play.table.values import Person, Post
from bot.play.tournaments.entries import Entry
from bot.play.tournaments.pairings import BYE_POINTS, DRAW, LOSS, WIN, Played, swiss_round
from bot.play.words.languages import SOURCE
from bot.play.words.text import Text
from bot.runtime.service import build
from bot.storage.sqlite import SqliteStorage
from tests.bot.support import KeptPosts

PAIRING_TARGET = 1.0
"""Seconds a Swiss round of a thousand players may take to pair."""
RUN_TARGET = 60.0
"""Seconds a 64-player, 6-round Swiss may take from start to final standings."""
GUILD, CHANNEL = 1, 2


class Venue:
    """Threads opened from their starters, numbered in turn."""

    def __init__(self) -> None:
        self.starters = 0

    async def post_starter(self, channel_id: int, text: Text, key: str) -> int:
        self.starters += 1
        return 1_000_000 + self.starters

    async def open_thread(self, channel_id: int, starter_id: int, name: str) -> int:
        return starter_id

    async def edit(self, place_id: int, message_id: int, post: Post) -> None:
        return None


class NoPictures:
    """No pictures: drawing is measured by render_speed.py."""

    async def board_png(
        self,
        game: engine.Game,
        player_names: Sequence[str],
        clocks: Sequence[str | None] = (),
        *,
        language: str = SOURCE,
    ) -> bytes:
        return b""

    async def replay_gif(
        self,
        game: engine.Game,
        player_names: Sequence[str],
        *,
        max_frames: int,
        language: str = SOURCE,
    ) -> bytes:
        return b""

    async def close(self) -> None:
        return None


async def swiss_run(players: int, rounds: int, seed: int = 1) -> tuple[float, int, int]:
    """Seconds a whole Swiss took through the use cases, its games and moves."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        storage = await SqliteStorage.open(f"{folder}/games.sqlite3", rater=rate_game)
        bot = build(storage, NoPictures(), KeptPosts(), venue=Venue())
        tournaments = bot.host.tournaments
        started = time.perf_counter()
        creator = Person(1, "P1")
        number, _ = await tournaments.create(
            Entry("tink", GUILD, CHANNEL, creator, "swiss", rounds=rounds)
        )
        for user in range(1, players + 1):
            await tournaments.join(GUILD, number, Person(user, f"P{user}"))
        await tournaments.start(GUILD, number, creator.user_id, moderator=True)
        games = moves = 0
        while True:
            await bot.settled()
            active = [
                p for p in await storage.tournaments.pairings(number) if p.game_status == "active"
            ]
            if not active:
                break
            for pairing in active:
                assert pairing.game_id is not None and pairing.thread_id is not None
                games += 1
                while True:
                    record = await storage.game(pairing.game_id)
                    assert record is not None
                    if record.status.value != "active" or record.turn_user_id is None:
                        break
                    move = rng.choice(engine.load_game(record.state).legal_moves())
                    await bot.host.moves.move(pairing.thread_id, "tink", record.turn_user_id, move)
                    moves += 1
        elapsed = time.perf_counter() - started
        finished = await storage.tournaments.tournament(number)
        assert finished is not None and finished.status.value == "finished"
        await storage.close()
    return elapsed, games, moves


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
    parser.add_argument(
        "--players", type=int, default=1000, help="players of the timed pairings (1000)"
    )
    parser.add_argument("--rounds", type=int, default=5, help="Swiss rounds paired and timed (5)")
    parser.add_argument("--field", type=int, default=64, help="players of the whole Swiss (64)")
    parser.add_argument("--swiss-rounds", type=int, default=6, help="rounds of the whole Swiss (6)")
    args = parser.parse_args()
    failures = Failures()
    logging.getLogger().addHandler(failures)
    times = pairing_times(args.players, args.rounds)
    shown = ", ".join(f"{t:.2f}" for t in times)
    verdict = "within" if max(times) <= PAIRING_TARGET else "OVER"
    print(
        f"Swiss pairing, {args.players} players: {shown} s per round; slowest {max(times):.2f} s "
        f"({verdict} the {PAIRING_TARGET:.0f} s target)"
    )
    elapsed, games, moves = asyncio.run(swiss_run(args.field, args.swiss_rounds))
    verdict = "within" if elapsed <= RUN_TARGET else "OVER"
    print(
        f"Swiss of {args.field} players, {args.swiss_rounds} rounds, through the use cases: "
        f"{games} games, {moves} moves in {elapsed:.1f} s ({verdict} the {RUN_TARGET:.0f} s target)"
    )
    if failures.count:
        sys.exit(f"{failures.count} errors were logged: the figures above are not to be trusted")


class Failures(logging.StreamHandler[TextIO]):
    """Prints the errors the bot logs while it is measured, and counts them."""

    def __init__(self) -> None:
        super().__init__()
        self.setLevel(logging.ERROR)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        super().emit(record)


if __name__ == "__main__":
    main()
