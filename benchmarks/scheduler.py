"""Scheduler: what one pass costs with many games waiting, on a real SQLite file.

`--games` active two-player Tink games are written straight into a fresh database, their
turns started over the last week, half of them with a time limit. Then, on a clock the
script moves:

- the first pass plans the reminders of every turn (once per turn, as after a restart);
- idle passes find nothing due: the cost the scheduler pays every time it wakes up,
  which should not grow with the number of games;
- a busy pass handles `--due` reminders and `--due` time-outs (board pictures drawn by a
  stand-in, as the drawing is measured elsewhere).

    python benchmarks/scheduler.py [--games 20000] [--due 50]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from bot.play.host import Host
from bot.play.ratings import rate_game
from bot.play.timing import DAY, HOUR
from bot.play.values import Post
from bot.runtime.scheduler import Scheduler
from bot.storage.sqlite import SqliteStorage
from tests.bot.support import Clock, StubRenderer

NOW = 10_000_000.0


class Courier:
    """Counts deliveries instead of sending them."""

    def __init__(self) -> None:
        self.posts = 0

    async def ready(self) -> None:
        return None

    async def to_channel(self, place_id: int, post: Post) -> None:
        self.posts += 1

    async def to_user(self, user_id: int, post: Post) -> bool:
        return False


def fill(path: Path, games: int, due: int) -> None:
    """Active games whose turns started over the last week; `due` of each kind fall due."""
    game = engine.new_game("tink", 2, seed=1)
    state, options = game.to_json(), json.dumps(dict(game.options))
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    for game_id in range(1, games + 1):
        timed = game_id % 2 == 0
        if game_id <= 2 * due:
            started = NOW - (3 * DAY if timed else DAY + HOUR)
        else:
            started = NOW - (game_id % (7 * 24)) * HOUR / 8
        db.execute(
            "INSERT INTO games (id, game, guild_id, channel_id, options, seed, starter_id, "
            "status, state, turn_seat, turn_user_id, turn_started_at, time_limit, created_at, "
            "updated_at) VALUES (?, 'tink', 1, ?, ?, 1, ?, 'active', ?, 0, ?, ?, ?, ?, ?)",
            (
                game_id,
                game_id,
                options,
                game_id * 10,
                state,
                game_id * 10,
                started,
                2 * DAY if timed else None,
                started,
                started,
            ),
        )
        db.executemany(
            "INSERT INTO players (game_id, seat, user_id, name, accepted) VALUES (?, ?, ?, ?, 1)",
            [(game_id, 0, game_id * 10, "a"), (game_id, 1, game_id * 10 + 1, "b")],
        )
    db.execute("COMMIT")
    db.close()


async def timed_pass(scheduler: Scheduler) -> float:
    began = time.perf_counter()
    await scheduler.run_due()
    return (time.perf_counter() - began) * 1000


async def main(games: int, due: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        storage = await SqliteStorage.open(str(path), rater=rate_game)
        fill(path, games, due)
        clock = Clock(NOW - 60 * HOUR)
        host = Host(storage, StubRenderer(), clock=clock)
        courier = Courier()
        scheduler = Scheduler(host.slow_games, host.outbox, courier, clock=clock)
        planning = await timed_pass(scheduler)
        idle = [await timed_pass(scheduler) for _ in range(50)]
        clock.now = NOW
        busy = await timed_pass(scheduler)
        after = [await timed_pass(scheduler) for _ in range(50)]
        await storage.close()
    print(f"{games:,} active games, {due} reminders and {due} time-outs falling due")
    print(f"first pass, planning every turn: {planning:8.1f} ms")
    print(f"idle pass (nothing due), median:  {statistics.median(idle):8.2f} ms")
    print(f"busy pass ({courier.posts} posts delivered):  {busy:8.1f} ms")
    print(f"idle pass afterwards, median:     {statistics.median(after):8.2f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--due", type=int, default=50)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.games, arguments.due))
