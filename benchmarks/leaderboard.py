"""Standings at scale: a million finished games and fifty thousand players in one server.

Seeds a database (a SQLite file, or a PostgreSQL database through COPY) with the bot's own
schema (its migrations): finished games with their players, every player's rating on each
board and one rated seat per player per game.
Activity is skewed, as on a real server: a few players have thousands of games, most a
handful. Rating values are plausible but synthetic; the timings depend on the indexes,
not on the arithmetic. Then it prints:

- start-up: opening the big file (migrations checked) and the memory that takes;
- the storage calls `/leaderboard` and `/stats` make, summed per command, median and max
  of `--runs` runs, for the top page, the last page, a heavy and a typical player;
- the same commands' whole use cases (the storage calls plus the text around them);
- finishing a game, its rating update included, on the big file (those games stay in it).

    python benchmarks/leaderboard.py [--games 1000000] [--players 50000] [--runs 50]
                                     [--database-url URL]... [--reuse]

Each `--database-url` (sqlite:///FILE or postgresql://user:password@host:port/dbname; a
PostgreSQL database is emptied first) is seeded and measured in turn, so one run prints
both backends' figures side by side. Without one, the SQLite file
leaderboard-bench.sqlite3 in the system's temporary folder is used.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import itertools
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from bot.play.ranking.ratings import rate_game
from bot.play.ranking.standings import (
    FREQUENT_OPPONENTS,
    OPPONENT_WINDOW,
    PAGE_SIZE,
    TREND_GAMES,
    Leaderboards,
)
from bot.storage import GameDraft, Seat, Status, Storage, open_storage
from bot.storage.standing_queries import Standings
from bot.storage.standings import OVERALL

GUILD = 100_000_000_000_000_000
FIRST_USER = 200_000_000_000_000_000
CHANNEL = 300_000_000_000_000_000
GAMES = ("tink", "tingle", "folio", "bridge")
CHUNK = 50_000
STATE = json.dumps({"format": 1, "game": "tink", "actions": ["S d4"] * 30})
"""A stored state of a typical finished game's size."""
WON = engine.Ending.FOUR_IN_A_ROW.value
SEEDED_TABLES = ("games", "players", "ratings", "rated_seats")
GAME_COLUMNS = (
    "id game guild_id channel_id options seed starter_id status version state message_id "
    "ending created_at updated_at ended_at"
)
RATED_COLUMNS = (
    "game_id user_id guild_id game rank outcome rating_before rating_after overall_before "
    "overall_after ended_at"
)
RATING_COLUMNS = "guild_id game user_id name mu sigma rating wins losses draws games updated_at"
SEEDED_COLUMNS = {
    "games": GAME_COLUMNS,
    "players": "game_id seat user_id name accepted rank",
    "rated_seats": RATED_COLUMNS,
    "ratings": RATING_COLUMNS,
}
SQLITE = "sqlite:///"

Row = tuple[object, ...]

Timed = Callable[[], Awaitable[object]]


@dataclasses.dataclass
class Board:
    """A player's running record on one board while seeding."""

    rating: float = 0.0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    games: int = 0


def seed(url: str, games: int, players: int, rng: random.Random) -> None:
    """Write `games` finished games between `players` players into a fresh database."""
    if url.startswith(SQLITE):
        seed_sqlite(Path(url.removeprefix(SQLITE)), games, players, rng)
    else:
        asyncio.run(seed_postgres(url, games, players, rng))


def _seed_rows(games: int, players: int, rng: random.Random) -> Iterator[dict[str, list[Row]]]:
    """The seeded tables' rows, a chunk of games at a time, then every rating."""
    activity = list(itertools.accumulate(1.0 / (i + 20) for i in range(players)))
    boards: dict[tuple[str, int], Board] = {}
    for start in range(1, games + 1, CHUNK):
        game_ids = range(start, min(start + CHUNK, games + 1))
        game_rows, seat_rows, rated_rows = _chunk(game_ids, activity, boards, rng)
        yield {"games": game_rows, "players": seat_rows, "rated_seats": rated_rows}
    rating_rows = [_rating_row(board, user, kept) for (board, user), kept in boards.items()]
    yield {"ratings": rating_rows}


def seed_sqlite(path: Path, games: int, players: int, rng: random.Random) -> None:
    path.unlink(missing_ok=True)
    asyncio.run(_create_schema(f"{SQLITE}{path}"))
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA synchronous = OFF")
    db.execute("PRAGMA cache_size = -262144")
    indexes = _drop_indexes(db)
    for tables in _seed_rows(games, players, rng):
        db.execute("BEGIN")
        for table, rows in tables.items():
            _insert(db, table, SEEDED_COLUMNS[table], rows)
        db.execute("COMMIT")
    for sql in indexes:
        db.execute(sql)
    db.close()


async def seed_postgres(url: str, games: int, players: int, rng: random.Random) -> None:
    """Seed through COPY, the indexes dropped meanwhile and built again after."""
    await _create_schema(url)
    db = await asyncpg.connect(url)
    try:
        await db.execute(f"TRUNCATE {', '.join(SEEDED_TABLES)}, actions CASCADE")
        indexes = await db.fetch(
            "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = ANY($1) "
            "AND indexname NOT LIKE '%_pkey'",
            list(SEEDED_TABLES),
        )
        for index in indexes:
            await db.execute(f"DROP INDEX {index['indexname']}")
        for tables in _seed_rows(games, players, rng):
            for table, rows in tables.items():
                columns = SEEDED_COLUMNS[table].split()
                await db.copy_records_to_table(table, records=rows, columns=columns)
        for index in indexes:
            await db.execute(index["indexdef"])
        await db.execute(
            "SELECT setval(pg_get_serial_sequence('games', 'id'), max(id) + 1, false) FROM games"
        )
        await db.execute("VACUUM ANALYZE")
    finally:
        await db.close()


async def _create_schema(url: str) -> None:
    storage = await open_storage(url, rater=rate_game)
    await storage.close()


def _insert(db: sqlite3.Connection, table: str, columns: str, rows: list[Row]) -> None:
    names = columns.split()
    marks = ", ".join("?" * len(names))
    db.executemany(f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks})", rows)


def _drop_indexes(db: sqlite3.Connection) -> list[str]:
    """Drop the seeded tables' indexes (rebuilt after: much faster), returning their SQL."""
    marks = ", ".join("?" * len(SEEDED_TABLES))
    found = db.execute(
        f"SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL "
        f"AND tbl_name IN ({marks})",
        SEEDED_TABLES,
    ).fetchall()
    for name, _ in found:
        db.execute(f"DROP INDEX {name}")
    return [sql for _, sql in found]


def _chunk(
    game_ids: range,
    activity: list[float],
    boards: dict[tuple[str, int], Board],
    rng: random.Random,
) -> tuple[list[Row], list[Row], list[Row]]:
    """The rows of games, players and rated seats for a run of game ids.

    `activity` holds the players' cumulative weights: how likely each is to be in a game.
    """
    players = range(len(activity))
    games: list[Row] = []
    seats: list[Row] = []
    rated: list[Row] = []
    for game_id in game_ids:
        game = rng.choice(GAMES)
        count = rng.choice((3, 4)) if game in ("tink", "tingle") and rng.random() < 0.15 else 2
        users: list[int] = []
        while len(users) < count:
            user = rng.choices(players, cum_weights=activity)[0]
            if user not in users:
                users.append(user)
        drawn = rng.random() < 0.05
        ranks = [0] * count if drawn else rng.sample(range(count), count)
        ended = 1.6e9 + game_id * 30.0
        games.append(
            (
                *(game_id, game, GUILD, CHANNEL + game_id % 500, "{}", game_id, _user(users[0])),
                *("finished", 40, STATE, CHANNEL + game_id, WON, ended - 900, ended, ended),
            )
        )
        for seat, (user, rank) in enumerate(zip(users, ranks, strict=True)):
            seats.append((game_id, seat, _user(user), f"player{user}", 1, rank))
            outcome = "draw" if drawn else ("win" if rank == 0 else "loss")
            own = _step(boards, game, user, outcome, rng)
            overall = _step(boards, OVERALL, user, outcome, rng)
            rated.append((game_id, _user(user), GUILD, game, rank, outcome, *own, *overall, ended))
    return games, seats, rated


def _step(
    boards: dict[tuple[str, int], Board], board: str, user: int, outcome: str, rng: random.Random
) -> tuple[float, float]:
    """Count one game on a board; the rating (before, after) it made."""
    kept = boards.setdefault((board, user), Board())
    before = kept.rating
    kept.rating = min(
        45.0, before + {"win": 1.0, "loss": -0.8, "draw": 0.1}[outcome] * rng.random()
    )
    kept.games += 1
    kept.wins += outcome == "win"
    kept.losses += outcome == "loss"
    kept.draws += outcome == "draw"
    return before, kept.rating


def _rating_row(board: str, user: int, kept: Board) -> Row:
    sigma = max(0.8, 8.33 / (1 + kept.games) ** 0.5)
    mu = kept.rating + 3 * sigma
    identity = (GUILD, board, _user(user), f"player{user}")
    record = (kept.wins, kept.losses, kept.draws, kept.games)
    return (*identity, mu, sigma, kept.rating, *record, 1.6e9)


def _user(index: int) -> int:
    return FIRST_USER + index


async def measure(url: str, runs: int) -> None:
    """Time start-up, the commands' storage calls and use cases, and finishing a game."""
    before = _resident_mb()
    started = time.perf_counter()
    storage = await open_storage(url, rater=rate_game)
    opened = (time.perf_counter() - started) * 1000
    print(f"start-up: open + migrations {opened:.1f} ms, memory +{_resident_mb() - before:.1f} MB")
    try:
        await _time_commands(storage, runs)
    finally:
        await storage.close()


async def _time_commands(storage: Storage, runs: int) -> None:
    standings = storage.standings
    heavy, typical, last = await _subjects(standings)
    print(f"players: heavy {heavy[1]} games, typical {typical[1]} games, last of {last[1]}")
    for label, work in _storage_calls(standings, heavy[0], typical[0], last).items():
        await _report(f"db  {label}", work, runs)
    leaderboards = Leaderboards(standings, storage.puzzles, storage.tournaments)
    await _report(
        "use /leaderboard game:tink (viewer last)",
        lambda: leaderboards.leaderboard(GUILD, "tink", 0, last[0], "last"),
        runs,
    )
    await _report(
        "use /stats heavy player, all games",
        lambda: leaderboards.stats(GUILD, heavy[0], "heavy", None),
        runs,
    )
    await _report("save a game's finish (rating it)", _finisher(storage, heavy[0]), runs)


async def _subjects(standings: Standings) -> tuple[tuple[int, int], ...]:
    """(user id, games) of the busiest player, a median one, and the last on Tink's board."""
    players = await standings.count(GUILD, OVERALL)
    everyone = await standings.page(GUILD, OVERALL, 0, players)
    by_games = sorted(everyone, key=lambda s: s.games, reverse=True)
    heavy, typical = by_games[0], by_games[len(by_games) // 2]
    last = await standings.page(GUILD, "tink", await standings.count(GUILD, "tink") - 1, 1)
    return (
        (heavy.user_id, heavy.games),
        (typical.user_id, typical.games),
        (last[0].user_id, last[0].rank),
    )


def _storage_calls(
    standings: Standings, heavy: int, typical: int, last: tuple[int, int]
) -> dict[str, Timed]:
    """Each command's storage calls, as the use cases make them."""
    last_page = (last[1] - 1) // PAGE_SIZE * PAGE_SIZE

    def board(game: str, offset: int, viewer: int) -> Timed:
        async def calls() -> None:
            await standings.count(GUILD, game)
            await standings.page(GUILD, game, offset, PAGE_SIZE)
            await standings.standing(GUILD, game, viewer)

        return calls

    def stats(board: str, user: int) -> Timed:
        async def calls() -> None:
            await standings.standing(GUILD, board, user)
            await standings.count(GUILD, board)
            await standings.recent(GUILD, board, user, TREND_GAMES)
            await standings.opponents(GUILD, board, user, FREQUENT_OPPONENTS, OPPONENT_WINDOW)

        return calls

    return {
        "/leaderboard game:tink page 1, viewer last": board("tink", 0, last[0]),
        "/leaderboard game:tink last page": board("tink", last_page, last[0]),
        "/leaderboard all games page 1, viewer heavy": board(OVERALL, 0, heavy),
        "/stats heavy player, all games": stats(OVERALL, heavy),
        "/stats heavy player, tink": stats("tink", heavy),
        "/stats typical player, all games": stats(OVERALL, typical),
    }


def _finisher(storage: Storage, rival: int) -> Timed:
    """Each call finishes a new game between the heavy player and a newcomer."""
    newcomers = iter(range(10**9, 2 * 10**9))

    async def finish() -> None:
        newcomer = FIRST_USER + next(newcomers)
        seats = (Seat(0, rival, "heavy", accepted=True), Seat(1, newcomer, "new"))
        draft = GameDraft("tink", GUILD, newcomer, None, {}, 1, rival, seats, "{}", 2e9)
        record = await storage.create_game(draft, now=1.9e9)
        ranked = tuple(dataclasses.replace(s, rank=s.seat) for s in seats)
        await storage.save(
            dataclasses.replace(record, status=Status.FINISHED, players=ranked), now=1.9e9
        )

    return finish


async def _report(label: str, work: Timed, runs: int) -> None:
    await work()
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        await work()
        times.append((time.perf_counter() - started) * 1000)
    print(f"{label:<52} median {statistics.median(times):6.2f} ms   max {max(times):6.2f} ms")


def _resident_mb() -> float:
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * 4096 / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--games", type=int, default=1_000_000, help="finished games seeded (1,000,000)"
    )
    parser.add_argument("--players", type=int, default=50_000, help="players among them (50,000)")
    parser.add_argument("--runs", type=int, default=50, help="times each command is timed (50)")
    parser.add_argument(
        "--database-url",
        action="append",
        dest="urls",
        metavar="URL",
        help="a database to seed and measure, again for more (a temporary SQLite file)",
    )
    parser.add_argument("--reuse", action="store_true", help="time already seeded databases")
    args = parser.parse_args()
    default = f"{SQLITE}{Path(tempfile.gettempdir()) / 'leaderboard-bench.sqlite3'}"
    for url in args.urls or [default]:
        print(f"== {url.split(':', 1)[0]}")
        if not args.reuse:
            started = time.perf_counter()
            seed(url, args.games, args.players, random.Random(1))
            print(
                f"seeded {args.games:,} games, {args.players:,} players in "
                f"{time.perf_counter() - started:.0f} s"
            )
        asyncio.run(measure(url, args.runs))


if __name__ == "__main__":
    main()
