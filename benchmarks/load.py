"""Load: many games played at once through the Discord-payload path, by one bot process
or by several sharing a PostgreSQL database.

Every move is a `/<game> move` slash command fed to the real client by the test harness,
answered with the new board picture, drawn in the bot's drawing process. Reply time runs
from the moment the interaction reaches the client until its reply, picture attached,
reaches the fake Discord. Two runs for each database, each run on an emptied database:

- paced: `--games` games in play, each player answering after a random think time
  (exponential, mean `--think` seconds), so about games / think moves a second are
  offered: reply time p50/p99 under a steady load, and the rate achieved;
- flat out: the same games with no think time: moves per second sustained (and the
  reply times, which then include waiting behind every other game's move).

    python benchmarks/load.py [--games 50] [--moves 1500] [--think 1.0] [--game tink]
                              [--database-url URL]... [--postgres] [--processes 2]

Each `--database-url` (sqlite:///FILE, or postgresql://user:password@host:port/dbname on
this machine, as the harness lets no connection leave it) is measured in turn, its bot
tables emptied before each run; without one, a SQLite file in a temporary folder.
`--postgres` adds a database on a throwaway PostgreSQL server started from the machine's
`postgresql` package, as the tests do, so `--postgres` alone compares both backends side
by side. A PostgreSQL database is played by `--processes` bot processes, each running one
shard of as many (SHARD_COUNT/SHARD_IDS) with its own connection pool and drawing processes,
the games spread evenly across them; a SQLite file by one.

`--no-drawing` answers every move with one picture drawn in advance, to show what
everything but the drawing costs. CPU time is given for the bots' processes and, on Linux,
for their drawing processes, counted over the run alone.

`--replays SECONDS` asks for the replay of a 600-move Bridge game every SECONDS while the
games are played (through the first bot process), and prints the worst time to the first
answer of any move or Accept press (the reply, or its deferral) and the worst time to its
picture: under Discord's three seconds, no press should wait behind a replay.

`--ai-games 10` adds a run: the paced one again while 10 more games are played against
the bot (at `--ai-level`, through the first bot process), each player answering the bot
at once, so the bot's thinking processes never rest. It prints the people's reply times
beside the paced run's, and how many moves the bot made and how long players waited
(median, p99, longest). `--ai-processes 1 2` makes that run once for each number of
thinking processes (AI_PROCESSES) given, side by side; unset, the setting's default.

    python benchmarks/load.py --games 50 --think 0.5 --ai-games 10 --ai-processes 1 2

`--tappers 5` adds 5 games to the paced run (through the first bot process), every move
of them played by taps as on a phone (Move, a choice at each step of the picker, Play)
after the same think time, and prints each tap's time to its first answer (p50, p95,
longest) beside the typed moves' reply times.

`--compare REF --rounds 8` runs commit REF's script (in a worktree) and this one eight
times each, one after the other, and prints their figures side by side, with the median
of the differences round by round; `--together` runs each round's two at once, so that
both meet the same load of a shared machine (a paced run leaves most of a core idle).
With `--time-limit`, the other commit plays without a clock unless `--same-clock` is given.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai
import engine
import render
from bot.config import Settings
from bot.discord_ui.app import create_bot
from bot.play.table.pictures import Renderer
from bot.play.words.languages import SOURCE
from bot.play.words.pictures import picture_words
from bot.process import tune_collector
from bot.runtime.app import App
from bot.storage import SQLITE_PREFIX, open_storage
from bot.storage.copy import TABLES
from tests.bot.harness import Channel, DiscordHarness, Reply, User
from tests.bot.harness.server import FIRST_ID
from tests.bot.support import seed_long_game
from tests.bot.taps import chosen_move, move_by_taps, next_turn_post
from tests.postgres_server import PostgresServer, ServerMissing

PICTURE_WORDS = picture_words("en")

CHECK_OFF = (
    "The bot alone is measured: the stand-in for Discord answers in the same process but "
    "does not check requests against Discord's API description, as the tests do."
)
EMPTIED = ("claims", *reversed(TABLES))
"""The bot's tables emptied before each run, each after those referring to it."""
RESULT_LIMIT = 1 << 24
"""The longest line a bot process may print: its result, every reply time in it."""
WORLD_APART = 1 << 40
"""How far apart the ids of each process's Discord world start: its games never meet
another process's in one channel."""


@dataclass
class Run:
    game: str
    moves_left: int
    think: float
    replays_every: float = 0.0
    rng: random.Random = field(default_factory=lambda: random.Random(1))
    timings: list[float] = field(default_factory=list)
    first_answers: list[float] = field(default_factory=list)
    """Seconds from each move's or Accept press's arrival to its first answer."""
    replays: list[tuple[float, float]] = field(default_factory=list)
    """Per replay asked for: seconds to its first answer, and to the animation."""
    bot_waits: list[float] = field(default_factory=list)
    """Seconds players waited for each of the bot's moves in the games against it."""
    time_limit: str | None = None
    """The clock every game is started with, if any."""
    tap_answers: list[float] = field(default_factory=list)
    """Seconds from each tap's arrival (Move, a choice, Play) to its first answer."""


def first_answer(reply: Reply) -> float:
    """Seconds from the interaction's arrival to the bot's first answer to it."""
    return reply.requests[0].sent_at - reply.started_at


@dataclass
class AiRun:
    """Games against the bot, played until `over`; the waits for the bot's moves."""

    games: int
    level: str
    over: asyncio.Event = field(default_factory=asyncio.Event)
    rng: random.Random = field(default_factory=lambda: random.Random(2))
    waits: list[float] = field(default_factory=list)


async def play_the_bot(discord: DiscordHarness, channel: Channel, player: User, run: AiRun) -> None:
    """Play games against the bot in a channel, answering each of its moves at once."""
    storage = discord.client.host.storage  # type: ignore[attr-defined]
    while not run.over.is_set():
        options = {"opponent": discord.me, "ai": run.level}
        await discord.slash(player, "tink start", options, channel=channel)
        record = await storage.latest_game_in(channel.id)
        asked: float | None = None
        while not run.over.is_set() and record.status.is_open:
            if record.turn_user_id != player.id:
                await asyncio.sleep(0.02)
                record = await storage.game(record.id)
                continue
            if asked is not None:
                run.waits.append(time.perf_counter() - asked)
            move = run.rng.choice(engine.load_game(record.state).legal_moves())
            await discord.slash(player, "tink move", {"move": move}, channel=channel)
            asked = time.perf_counter()
            record = await storage.game(record.id)


async def play_games(
    discord: DiscordHarness, channel: Channel, players: tuple[User, User], run: Run
) -> None:
    """Play games one after another in a channel until the run's moves are spent."""
    while run.moves_left > 0:
        first, second = players
        options: dict[str, object] = {"opponent": second}
        if run.time_limit is not None:
            options["time_limit"] = run.time_limit
        start = await discord.slash(first, f"{run.game} start", options, channel=channel)
        accepted = await discord.click(second, start.message, "Accept")
        run.first_answers.append(first_answer(accepted))
        record = await discord.client.host.storage.latest_game_in(channel.id)  # type: ignore[attr-defined]
        mirror = engine.new_game(run.game, 2, seed=record.seed, **record.options)
        seats = {s.seat: next(p for p in players if p.id == s.user_id) for s in record.players}
        while run.moves_left > 0 and mirror.result is None:
            run.moves_left -= 1
            if run.think:
                await asyncio.sleep(run.rng.expovariate(1 / run.think))
            move = run.rng.choice(mirror.legal_moves())
            assert mirror.to_move is not None
            reply = await discord.slash(
                seats[mirror.to_move], f"{run.game} move", mirror.split_move(move), channel=channel
            )
            answer = next((request for request in reply.requests if request.files), None)
            if answer is None:
                raise RuntimeError(f"move {move} got no picture: {reply.content}")
            run.timings.append(answer.sent_at - reply.started_at)
            run.first_answers.append(first_answer(reply))
            mirror.play(move)


async def tap_games(
    discord: DiscordHarness,
    channel: Channel,
    players: tuple[User, User],
    run: Run,
    playing: asyncio.Future[None],
) -> None:
    """Play games by taps alone in a channel, each move after a think time, until the
    typed games are over."""
    storage = discord.client.host.storage  # type: ignore[attr-defined]
    first, second = players
    while not playing.done():
        invitation = {"opponent": second}
        start = await discord.slash(first, f"{run.game} start", invitation, channel=channel)
        begun = await discord.click(second, start.message, "Accept")
        record = await storage.latest_game_in(channel.id)
        mirror = engine.load_game(record.state)
        seats = {s.seat: next(p for p in players if p.id == s.user_id) for s in record.players}
        post = next_turn_post(begun)
        while not playing.done() and mirror.result is None:
            await asyncio.sleep(run.rng.expovariate(1 / run.think))
            move = chosen_move(mirror, run.rng)
            assert mirror.to_move is not None
            played, _ = await move_by_taps(
                discord, seats[mirror.to_move], post, move, run.tap_answers
            )
            mirror.play(move)
            post = next_turn_post(played)


async def ask_for_replays(discord: DiscordHarness, run: Run, playing: asyncio.Future[None]) -> None:
    """Ask for a long game's replay every `run.replays_every` seconds while games are played."""
    channel = discord.text_channel("replays")
    viewer = await seed_long_game(discord, channel)
    while not playing.done():
        reply = await discord.slash(viewer, "bridge history", channel=channel)
        animation = next(request for request in reply.requests if request.files)
        run.replays.append((first_answer(reply), animation.sent_at - reply.started_at))
        await asyncio.wait({playing}, timeout=run.replays_every)


class Prepared:
    """Answers every move with the same picture, drawn once in advance."""

    def __init__(self) -> None:
        self.png = render.board_png(engine.new_game("folio", 2, seed=0), [], PICTURE_WORDS)

    async def board_png(
        self,
        game: engine.Game,
        player_names: Sequence[str],
        clocks: Sequence[str | None] = (),
        *,
        language: str = SOURCE,
    ) -> bytes:
        return self.png

    async def replay_gif(
        self,
        game: engine.Game,
        player_names: Sequence[str],
        *,
        max_frames: int,
        language: str = SOURCE,
    ) -> bytes:
        raise NotImplementedError

    async def close(self) -> None:
        """Nothing to release."""


@dataclass(frozen=True)
class Share:
    """What one bot process of a run plays: its shard, and its part of the games and moves."""

    url: str
    process: int
    processes: int
    games: int
    moves: int
    think: float
    game: str
    drawing: bool
    replays_every: float
    ai_games: int = 0
    ai_level: str = "medium"
    ai_processes: int | None = None
    time_limit: str | None = None
    tappers: int = 0

    def settings(self) -> Settings:
        settings = Settings("token", self.url)
        if self.ai_processes is not None:
            settings = replace(settings, ai_processes=self.ai_processes)
        if self.processes == 1:
            return settings
        return replace(settings, shard_count=self.processes, shard_ids=(self.process,))

    def my_games(self) -> range:
        return range(self.process, self.games, self.processes)


async def play_share(share: Share) -> None:
    """One bot process: set up, say "ready", play its games when told "go", print the result
    as JSON (reply times, seconds elapsed, CPU seconds of the process and its drawing)."""
    renderer: Renderer | None = None if share.drawing else Prepared()
    bot = create_bot(App(share.settings(), renderer=renderer))
    first_id = FIRST_ID + share.process * WORLD_APART
    harness = DiscordHarness(bot, timeout=60, first_id=first_id, spec_checked=False)
    async with harness as discord:
        tune_collector()  # as `python -m bot` does once logged in
        tables = [
            ((discord.user(f"a{i}"), discord.user(f"b{i}")), discord.text_channel(f"game-{i}"))
            for i in share.my_games()
        ]
        moves = share.moves * len(tables) // share.games
        replays_every = share.replays_every if share.process == 0 else 0.0
        run = Run(
            share.game,
            moves,
            share.think,
            replays_every,
            random.Random(1 + share.process),
            time_limit=share.time_limit,
        )
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        playing: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        replays = (
            asyncio.ensure_future(ask_for_replays(discord, run, playing))
            if run.replays_every
            else None
        )
        against_bot = AiRun(share.ai_games if share.process == 0 else 0, share.ai_level)
        bot_tables = [
            asyncio.create_task(
                play_the_bot(
                    discord, discord.text_channel(f"bot-{i}"), discord.user(f"h{i}"), against_bot
                )
            )
            for i in range(against_bot.games)
        ]
        tapping = [
            asyncio.create_task(
                tap_games(
                    discord,
                    discord.text_channel(f"taps-{i}"),
                    (discord.user(f"t{i}"), discord.user(f"u{i}")),
                    run,
                    playing,
                )
            )
            for i in range(share.tappers if share.process == 0 else 0)
        ]
        started, started_cpu = time.perf_counter(), time.process_time()
        drawing_before = drawing_cpu_of(bot.app.renderer)
        async with asyncio.TaskGroup() as tables_playing:
            for players, channel in tables:
                tables_playing.create_task(play_games(discord, channel, players, run))
        drawing_after = drawing_cpu_of(bot.app.renderer)
        result = {
            "timings": run.timings,
            "first_answers": run.first_answers,
            "elapsed": time.perf_counter() - started,
            "cpu": time.process_time() - started_cpu,
            "drawing_cpu": None
            if drawing_before is None or drawing_after is None
            else drawing_after - drawing_before,
        }
        playing.set_result(None)
        await asyncio.gather(*tapping)
        result["tap_answers"] = run.tap_answers
        if replays is not None:
            await replays
        result["replays"] = run.replays
        against_bot.over.set()
        await asyncio.gather(*bot_tables)
        result["bot_waits"] = against_bot.waits
    print(json.dumps(result), flush=True)


@dataclass
class Cost:
    """Seconds of wall time and of CPU time in the bots' and their drawing processes."""

    elapsed: float
    cpu: float
    drawing_cpu: float | None
    stolen: float | None


async def measure(share: Share) -> tuple[Run, Cost]:
    """Play a run with `share.processes` bot processes, each its own share: the replies of
    them all, and what it cost."""
    await empty(share.url)
    workers = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            __file__,
            "--worker",
            json.dumps({**share.__dict__, "process": process}),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=RESULT_LIMIT,
        )
        for process in range(share.processes)
    ]
    for worker in workers:
        assert worker.stdout is not None
        if await worker.stdout.readline() != b"ready\n":
            raise RuntimeError("a bot process did not start; its error is above")
    before = machine_times()
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write(b"go\n")
        await worker.stdin.drain()
    results = []
    for worker in workers:
        assert worker.stdout is not None
        line = await worker.stdout.readline()
        if not line:
            raise RuntimeError("a bot process stopped; its error is above")
        results.append(json.loads(line))
    after = machine_times()
    for worker in workers:
        await worker.wait()
    drawing = [r["drawing_cpu"] for r in results]
    cost = Cost(
        max(r["elapsed"] for r in results),
        sum(r["cpu"] for r in results),
        None if None in drawing else sum(drawing),
        stolen_share(before, after),
    )
    run = Run(share.game, 0, share.think, share.replays_every)
    for result in results:
        run.timings += result["timings"]
        run.first_answers += result["first_answers"]
        run.replays += [tuple(replay) for replay in result["replays"]]
        run.bot_waits += result["bot_waits"]
        run.tap_answers += result["tap_answers"]
    return run, cost


async def empty(url: str) -> None:
    """Bring the database's schema up to date and empty the bot's tables."""
    storage = await open_storage(url, rater=None)
    await storage.close()
    if url.startswith(SQLITE_PREFIX):
        with closing(sqlite3.connect(url.removeprefix(SQLITE_PREFIX))) as file:
            for table in EMPTIED:
                file.execute(f"DELETE FROM {table}")
            file.commit()
        return
    server = await asyncpg.connect(url)
    try:
        await server.execute(f"TRUNCATE {', '.join(EMPTIED)}")
    finally:
        await server.close()


def drawing_cpu_of(renderer: object) -> float | None:
    """The CPU seconds the drawing processes have used so far (Linux), or None."""
    used = [process_cpu(getattr(renderer, name, None)) for name in ("pid", "replay_pid")]
    known = [seconds for seconds in used if seconds is not None]
    return sum(known) if known else None


def process_cpu(pid: int | None) -> float | None:
    """The CPU seconds a process has used so far (Linux), or None."""
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_times() -> list[int] | None:
    """The machine's CPU time counters (Linux), to tell how much a hypervisor took."""
    try:
        with open("/proc/stat") as stat:
            return [int(field) for field in stat.readline().split()[1:]]
    except (OSError, ValueError):
        return None


def stolen_share(before: list[int] | None, after: list[int] | None) -> float | None:
    """The share of CPU time a virtual machine's host kept for others between two readings."""
    if before is None or after is None or len(before) < 8:
        return None
    spent = [late - early for early, late in zip(before, after, strict=True)]
    return spent[7] / max(sum(spent[:8]), 1)


def report(label: str, run: Run, cost: Cost) -> None:
    timings = sorted(run.timings)
    p50 = statistics.median(timings) * 1000
    p99 = timings[max(int(len(timings) * 0.99) - 1, 0)] * 1000
    rate = len(timings) / cost.elapsed
    per_move = 1000 / len(timings)
    print(
        f"{label}: {len(timings)} moves in {cost.elapsed:.1f} s = {rate:.0f} moves/s achieved; "
        f"reply p50 {p50:.1f} ms, p99 {p99:.1f} ms; CPU a move {cost.cpu * per_move:.2f} ms "
        "in the bots' processes"
        + ("" if cost.drawing_cpu is None else f", {cost.drawing_cpu * per_move:.1f} ms drawing")
        + ("" if cost.stolen is None else f"; {cost.stolen:.0%} of CPU time stolen by the host"),
        flush=True,
    )
    worst = max(run.first_answers) * 1000
    print(
        f"  worst first answer {worst:.0f} ms over {len(run.first_answers)} moves and Accept "
        f"presses; worst picture {max(run.timings) * 1000:.0f} ms"
    )
    if run.tap_answers:
        taps = sorted(run.tap_answers)
        p50, p95 = statistics.median(taps) * 1000, taps[int(len(taps) * 0.95)] * 1000
        print(
            f"  taps (Move, picker steps, Play) in the games played by taps: {len(taps)}, "
            f"first answer p50 {p50:.0f} ms, p95 {p95:.0f} ms, longest {taps[-1] * 1000:.0f} ms"
        )
    if run.replays:
        answered = max(first for first, _ in run.replays) * 1000
        animations = [drawn for _, drawn in run.replays]
        print(
            f"  replays of a 600-move game asked for: {len(run.replays)}, first answer within "
            f"{answered:.0f} ms, animation after {min(animations):.1f}-{max(animations):.1f} s"
        )


async def main(arguments: argparse.Namespace) -> None:
    games, think, drawing = arguments.games, arguments.think, not arguments.no_drawing
    drawn = "the new board picture" if drawing else "one picture drawn in advance"
    replays_every = arguments.replays
    asked = f", a long replay asked for every {replays_every:g} s" if replays_every else ""
    clock = f", a {arguments.time_limit} clock" if arguments.time_limit else ", no clock"
    print(f"{arguments.game}{clock}, {games} games in play, {drawn} in every reply{asked}")
    print(CHECK_OFF)
    ai_games, level = arguments.ai_games, arguments.ai_level
    runs: list[tuple[str, float, int, int | None]] = []
    if think > 0:
        offered = f"think {think:g} s, {games / think:.0f} moves/s offered"
        tapped = f", {arguments.tappers} games by taps beside" if arguments.tappers else ""
        runs.append((f"paced ({offered}{tapped})", think, 0, None))
    for ai_processes in arguments.ai_processes if ai_games else []:
        thinking = "" if ai_processes is None else f", {ai_processes} thinking processes"
        against = f"{ai_games} games against the bot ({level}{thinking})"
        runs.append((f"paced, {against} beside", think, ai_games, ai_processes))
    runs.append(("flat out", 0.0, 0, None))
    with databases(arguments.urls or [], arguments.postgres) as urls:
        for run, run_think, run_ai_games, ai_processes in runs:
            for url in urls:
                sqlite = url.startswith(SQLITE_PREFIX)
                processes = 1 if sqlite else arguments.processes
                share = Share(
                    *(url, 0, processes, games, arguments.moves, run_think, arguments.game),
                    *(drawing, replays_every, run_ai_games, level, ai_processes),
                    arguments.time_limit,
                    arguments.tappers if run_think and not run_ai_games else 0,
                )
                played, cost = await measure(share)
                where = f"{'SQLite' if sqlite else 'PostgreSQL'}, {processes} process"
                report(f"{run}, {where}{'es' if processes > 1 else ''}", played, cost)
                if run_ai_games:
                    report_bot(played, cost)


def report_bot(run: Run, cost: Cost) -> None:
    """The bot's moves over the run: how many, and how long players waited for them."""
    waits = sorted(run.bot_waits)
    if not waits:
        print("  the bot made no move")
        return
    p50, p99 = statistics.median(waits), waits[max(int(len(waits) * 0.99) - 1, 0)]
    print(
        f"  the bot: {len(waits)} moves in {cost.elapsed:.1f} s = {len(waits) / cost.elapsed:.1f}"
        f" moves/s; players waited p50 {p50:.2f} s, p99 {p99:.2f} s, longest {waits[-1]:.2f} s"
        " for its answer"
    )


CPU_SHOWN = ("CPU a move {cost.cpu * per_move:.1f}", "CPU a move {cost.cpu * per_move:.2f}")
"""How older versions of this script show a move's CPU time, and how this one does (to the
hundredth of a millisecond, as medians of several runs tell such differences apart)."""
SHARED_OPTIONS = ("games", "moves", "think", "game")
"""The options every version of this script takes, given to the commit compared with."""
FIGURES = {
    "moves/s": re.compile(r"= (\d+) moves/s achieved"),
    "p99 ms": re.compile(r"p99 ([\d.]+) ms"),
    "CPU ms a move": re.compile(r"CPU a move ([\d.]+) ms"),
}


def compare(ref: str, arguments: argparse.Namespace) -> None:
    """Run this checkout's script and the one of commit `ref` (in a worktree of its own,
    its stand-in's check of requests turned off too) `--rounds` times each, one after the
    other or, with `--together`, both at once (so that both meet the same load of the
    machine), `ref` with this run's clock too given `--same-clock`, and print their figures
    side by side with their medians, and the median of the differences round by round."""
    shared = [f"--{name.replace('_', '-')}={getattr(arguments, name)}" for name in SHARED_OPTIONS]
    shared += ["--no-drawing"] if arguments.no_drawing else []
    ours = [*shared, *([f"--time-limit={arguments.time_limit}"] if arguments.time_limit else [])]
    their_options = ours if arguments.same_clock else shared
    root = Path(__file__).resolve().parent.parent
    figures: dict[tuple[str, str, str], list[float]] = {}
    with worktree(root, ref) as other:
        runs = ((ref, other, their_options), ("this", root, ours))
        for _ in range(arguments.rounds):
            waves = [runs] if arguments.together else [[run] for run in runs]
            for wave in waves:
                started = [(name, _start(where, options)) for name, where, options in wave]
                for name, process in started:
                    _read_figures(name, process, figures)
    print(f"side by side ({ref}: {' '.join(their_options)}; this: {' '.join(ours)}):")
    for (label, figure, name), values in sorted(figures.items()):
        shown = ", ".join(f"{value:g}" for value in values)
        middle = statistics.median(values)
        print(f"  {label:10} {figure:14} {name:10} median {middle:<7g} of {shown}")
    for (label, figure, name), theirs in sorted(figures.items()):
        if name == ref:
            these = figures.get((label, figure, "this"), [])
            gaps = [mine - other for mine, other in zip(these, theirs, strict=False)]
            if gaps:
                middle = statistics.median(gaps)
                print(f"  {label:10} {figure:14} this minus {ref}, round by round: {middle:+g}")


def _start(where: Path, options: list[str]) -> subprocess.Popen[str]:
    """Start the load script of a checkout."""
    script = where / "benchmarks" / "load.py"
    return subprocess.Popen(
        [sys.executable, str(script), *options],
        cwd=where,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _read_figures(
    name: str, process: subprocess.Popen[str], figures: dict[tuple[str, str, str], list[float]]
) -> None:
    """Wait for a run, print what it printed and add its figures; stop if it failed."""
    out, err = process.communicate()
    print(f"--- {name} ---\n{out}", flush=True)
    if process.returncode != 0:
        sys.exit(f"the run of {name} failed:\n{err}")
    for line in out.splitlines():
        if "moves/s achieved" in line:
            label = line.split(":")[0].split(" (")[0]
            for figure, pattern in FIGURES.items():
                found = pattern.search(line)
                if found:
                    figures.setdefault((label, figure, name), []).append(float(found[1]))


@contextmanager
def worktree(root: Path, ref: str) -> Iterator[Path]:
    """A checkout of commit `ref` in a temporary folder, removed afterwards; its stand-in
    for Discord checks no request against Discord's API description, and its script
    shows a move's CPU time as this one does."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "checkout"
        git = ["git", "-C", str(root), "worktree"]
        subprocess.run([*git, "add", "--detach", str(path), ref], check=True, capture_output=True)
        try:
            check = path / "tests" / "bot" / "harness" / "discord_api.py"
            if check.exists():
                with check.open("a") as source:
                    source.write(
                        "\n\ndef check_request(*arguments: object, **options: object) -> None:\n"
                        '    """Off: the benchmark measures the bot alone."""\n'
                    )
            script = path / "benchmarks" / "load.py"
            script.write_text(script.read_text().replace(*CPU_SHOWN))
            yield path
        finally:
            subprocess.run([*git, "remove", "--force", str(path)], check=True)


@contextmanager
def databases(given: list[str], postgres: bool) -> Iterator[list[str]]:
    """The databases to measure: those given (a SQLite file in a temporary folder when none
    is), and with `postgres` one on a throwaway PostgreSQL server."""
    with tempfile.TemporaryDirectory() as folder:
        urls = given or [f"{SQLITE_PREFIX}{folder}/load.sqlite3"]
        if not postgres:
            yield urls
            return
        server = PostgresServer()
        try:
            yield [*urls, server.new_database()]
        finally:
            server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="games in play at once (50)")
    parser.add_argument("--moves", type=int, default=1500, help="moves played in each run (1500)")
    parser.add_argument(
        "--think", type=float, default=1.0, help="players' mean think time in seconds (1.0)"
    )
    parser.add_argument(
        "--game", default="tink", choices=sorted(engine.GAMES), help="the game played (tink)"
    )
    parser.add_argument(
        "--no-drawing", action="store_true", help="answer with a picture drawn in advance"
    )
    parser.add_argument(
        "--database-url",
        action="append",
        dest="urls",
        metavar="URL",
        help="a database to measure, again for more (a temporary SQLite file)",
    )
    parser.add_argument("--postgres", action="store_true", help="add a throwaway PostgreSQL")
    parser.add_argument("--processes", type=int, default=2, help="bots sharing PostgreSQL (2)")
    parser.add_argument(
        "--replays",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="ask for a long game's replay this often meanwhile (never)",
    )
    parser.add_argument(
        "--ai-games", type=int, default=0, help="games against the bot in an extra run (0)"
    )
    parser.add_argument(
        "--ai-level", default="medium", choices=ai.LEVELS, help="the bot's level (medium)"
    )
    parser.add_argument(
        "--ai-processes",
        type=int,
        nargs="+",
        default=[None],
        metavar="N",
        help="AI_PROCESSES of the extra run, one run for each (the bot's default)",
    )
    parser.add_argument(
        "--time-limit", metavar="CLOCK", help="start every game with this clock, like 5d+1d"
    )
    parser.add_argument(
        "--compare",
        metavar="REF",
        help="run the same load on another commit too, side by side, --rounds times each",
    )
    parser.add_argument(
        "--rounds", type=int, default=2, help="runs of each commit --compare makes (2)"
    )
    parser.add_argument(
        "--together", action="store_true", help="with --compare: run both commits at once"
    )
    parser.add_argument(
        "--same-clock",
        action="store_true",
        help="with --compare: give the other commit the --time-limit clock too",
    )
    parser.add_argument(
        "--tappers", type=int, default=0, help="games played by taps in the paced run (0)"
    )
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.compare is not None:
        compare(arguments.compare, arguments)
        sys.exit(0)
    if arguments.replays and arguments.no_drawing:
        parser.error("--replays needs the drawing processes; leave out --no-drawing")
    if arguments.worker is not None:
        asyncio.run(play_share(Share(**json.loads(arguments.worker))))
        sys.exit(0)
    try:
        asyncio.run(main(arguments))
    except ServerMissing as missing:
        sys.exit(f"--postgres needs the postgresql package's programs: {missing}.")
