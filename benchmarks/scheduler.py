"""Scheduler: finding what is due among many clocked games, and doing it on time.

`--games` active two-player Tink games, every one with a clock (half a time per move of
3 days, half a bank of 5d+1d/10d part spent), are written straight into a fresh database
of each backend asked for (PostgreSQL on a throwaway server of its own). Then:

- the first pass plans the reminders of every turn (once per turn, as after a restart);
- "finding what is due": the three indexed looks the scheduler makes every time it wakes
  (time-outs due, reminders due, the next moment anything falls due), with nothing due;
- "on time": `--due` turns run out over two seconds of real time (`--spread`), from three
  seconds after the scheduler starts (`--lead`), while it runs as in the bot; each
  time-out's delay after its deadline is measured at its delivery (board pictures drawn
  by a stand-in, as the drawing is measured elsewhere).

Targets: finding what is due in 10 ms or less, due work done within 5 s of its time.

    python benchmarks/scheduler.py [--games 100000] [--due 50] [--backend sqlite|postgresql|both]
        [--lead 3] [--spread 2]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import asyncpg

import engine
from bot.play.clocks.clock import DAY, HOUR
from bot.play.ranking.ratings import rate_game
from bot.play.table.values import Post
from bot.runtime.service import build
from bot.storage import Backend, open_backend
from tests.bot.support import StubRenderer
from tests.postgres_server import PostgresServer

BASE = 10_000_000.0
"""The benchmark's moment zero on the clock the games were written with."""
LIVE_LIMIT = 60.0
"""Seconds the live run may take at most."""
GAME_COLUMNS = (
    *("id", "game", "guild_id", "channel_id", "options", "seed", "starter_id", "status"),
    *("state", "turn_seat", "turn_user_id", "turn_started_at", "time_limit", "time_increment"),
    *("time_cap", "clock", "deadline", "created_at", "updated_at"),
)
PLAYER_COLUMNS = ("game_id", "seat", "user_id", "name", "accepted")


class OffsetClock:
    """Real time moved by `offset` seconds, so that the games' moments fall when wanted."""

    def __init__(self, offset: float) -> None:
        self.offset = offset

    def __call__(self) -> float:
        return time.time() + self.offset


class Courier:
    """Notes when each time-out is delivered, on the benchmark's clock."""

    def __init__(self, clock: OffsetClock) -> None:
        self.clock = clock
        self.time_outs: dict[int, float] = {}
        self.posts = 0

    async def to_channel(self, place_id: int, post: Post) -> None:
        self.posts += 1
        if "ran out of time" in str(post.text):
            self.time_outs[post.game_id] = self.clock()

    async def replied(self, reply_token: str) -> bool:
        return False

    async def to_user(self, user_id: int, post: Post) -> bool:
        return False

    @contextlib.asynccontextmanager
    async def typing(self, place_id: int) -> AsyncIterator[None]:
        yield


def deadline_of(game_id: int, due: int, lead: float, spread: float) -> float:
    """When the `game_id`th of the first `due` games runs out: one after another from BASE +
    `lead` s over `spread` seconds."""
    return BASE + lead + spread * game_id / due


def rows(
    games: int, due: int, lead: float, spread: float
) -> Iterator[tuple[tuple[Any, ...], list[tuple[Any, ...]]]]:
    """Each game's row and its players' rows. The first `due` games run out one after
    another from BASE + `lead` s over `spread` seconds; the others between half a day and
    ten days after BASE."""
    game = engine.new_game("tink", 2, seed=1)
    state, options = game.to_json(), json.dumps(dict(game.options))
    for game_id in range(1, games + 1):
        bank = game_id % 2 == 0
        started = BASE - (game_id % 48) * HOUR
        left = 5 * DAY - (game_id % 7) * HOUR if bank else 3 * DAY
        deadline = started + left
        if game_id <= due:
            deadline = deadline_of(game_id, due, lead, spread)
            started = deadline - left
        clock = json.dumps({"banks": [left, 6 * DAY], "pauses": []}) if bank else None
        yield (
            (
                *(game_id, "tink", 1, game_id, options, 1, game_id * 10, "active", state, 0),
                *(game_id * 10, started, 5 * DAY if bank else 3 * DAY),
                *(DAY if bank else None, 10 * DAY if bank else None, clock, deadline),
                *(started, started),
            ),
            [(game_id, 0, game_id * 10, "a", 1), (game_id, 1, game_id * 10 + 1, "b", 1)],
        )


def fill_sqlite(path: str, games: int, due: int, lead: float, spread: float) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    for game, players in rows(games, due, lead, spread):
        db.execute(
            f"INSERT INTO games ({', '.join(GAME_COLUMNS)}) "
            f"VALUES ({', '.join('?' * len(GAME_COLUMNS))})",
            game,
        )
        db.executemany(
            f"INSERT INTO players ({', '.join(PLAYER_COLUMNS)}) VALUES (?, ?, ?, ?, ?)", players
        )
    db.execute("COMMIT")
    db.close()


async def fill_postgres(url: str, games: int, due: int, lead: float, spread: float) -> None:
    made = list(rows(games, due, lead, spread))
    connection = await asyncpg.connect(url)
    try:
        await connection.copy_records_to_table(
            "games", records=[game for game, _ in made], columns=GAME_COLUMNS
        )
        await connection.copy_records_to_table(
            "players",
            records=[p for _, players in made for p in players],
            columns=PLAYER_COLUMNS,
        )
        await connection.execute("ANALYZE")
    finally:
        await connection.close()


async def timed(work: Callable[[], Awaitable[object]]) -> float:
    began = time.perf_counter()
    await work()
    return (time.perf_counter() - began) * 1000


async def measure(
    name: str, url: str, fill: Callable[[], Awaitable[None]], due: int, lead: float, spread: float
) -> None:
    storage: Backend = await open_backend(url, rater=rate_game)
    try:
        await fill()
        clock = OffsetClock(BASE - time.time())
        courier = Courier(clock)
        scheduler = build(storage, StubRenderer(), courier, clock=clock).scheduler
        planning = await timed(scheduler.run_due)
        clocks = storage.clocks
        looks = [
            await timed(lambda: clocks.due_time_outs(BASE))
            + await timed(lambda: clocks.due_reminders(BASE))
            + await timed(clocks.next_due)
            for _ in range(50)
        ]
        clock.offset = BASE - time.time()
        scheduler.start()
        stop_at = time.monotonic() + LIVE_LIMIT
        while len(courier.time_outs) < due and time.monotonic() < stop_at:
            await asyncio.sleep(0.1)
        await scheduler.stop()
        late = [
            courier.time_outs[game_id] - deadline_of(game_id, due, lead, spread)
            for game_id in courier.time_outs
        ]
    finally:
        await storage.close()
    print(f"{name}:")
    print(f"  first pass, planning every turn:        {planning:9.1f} ms")
    print(f"  finding what is due (3 looks), median:  {statistics.median(looks):9.2f} ms")
    print(f"  finding what is due, slowest of 50:     {max(looks):9.2f} ms")
    print(f"  time-outs done: {len(late)} of {due}")
    if late:
        median, most = statistics.median(late), max(late)
        print(f"  after their deadline: median {median:.2f} s, max {most:.2f} s")


async def main(games: int, due: int, backends: list[str], lead: float, spread: float) -> None:
    print(f"{games:,} active clocked games, {due} time-outs falling due")
    with tempfile.TemporaryDirectory() as folder:
        if "sqlite" in backends:
            path = str(Path(folder) / "bench.sqlite3")
            await (await open_backend(f"sqlite:///{path}", rater=None)).close()
            await measure(
                "SQLite",
                f"sqlite:///{path}",
                lambda: asyncio.to_thread(fill_sqlite, path, games, due, lead, spread),
                *(due, lead, spread),
            )
    if "postgresql" in backends:
        server = PostgresServer()
        try:
            url = server.new_database()
            await measure(
                "PostgreSQL",
                url,
                lambda: fill_postgres(url, games, due, lead, spread),
                *(due, lead, spread),
            )
        finally:
            server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=100_000, help="clocked games written (100,000)"
    )
    parser.add_argument("--due", type=int, default=50, help="turns running out while timed (50)")
    parser.add_argument(
        "--backend",
        choices=("sqlite", "postgresql", "both"),
        default="both",
        help="the databases measured (both)",
    )
    parser.add_argument(
        "--lead",
        type=float,
        default=3.0,
        help="seconds from the scheduler's start before the time-outs begin, more than its "
        "first pass takes (3)",
    )
    parser.add_argument(
        "--spread", type=float, default=2.0, help="seconds the time-outs are spread over (2)"
    )
    arguments = parser.parse_args()
    chosen = ["sqlite", "postgresql"] if arguments.backend == "both" else [arguments.backend]
    spacing = (arguments.lead, arguments.spread)
    asyncio.run(main(arguments.games, arguments.due, chosen, *spacing))
