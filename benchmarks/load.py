"""Load: many games played at once through the Discord-payload path on a real SQLite file.

Every move is a `/<game> move` slash command fed to the real client by the test harness,
answered with the new board picture, drawn in the bot's drawing process. Reply time runs
from the moment the interaction reaches the client until its reply, picture attached,
reaches the fake Discord. Two runs, each on a fresh database:

- paced: `--games` games in play, each player answering after a random think time
  (exponential, mean `--think` seconds), so about games / think moves a second are
  offered: reply time p50/p99 under a steady load, and the rate achieved;
- flat out: the same games with no think time: moves per second sustained (and the
  reply times, which then include waiting behind every other game's move).

    python benchmarks/load.py [--games 50] [--moves 1500] [--think 1.0] [--game tink]

`--no-drawing` answers every move with one picture drawn in advance, to show what
everything but the drawing costs. CPU time is given for the bot's process and, on Linux,
for its drawing process, counted over the run alone.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
import render
from bot.app import create_bot
from bot.config import Settings
from bot.drawing import Renderer
from tests.bot.harness import Channel, DiscordHarness, User


@dataclass
class Run:
    game: str
    moves_left: int
    think: float
    rng: random.Random = field(default_factory=lambda: random.Random(1))
    timings: list[float] = field(default_factory=list)


async def play_games(
    discord: DiscordHarness, channel: Channel, players: tuple[User, User], run: Run
) -> None:
    """Play games one after another in a channel until the run's moves are spent."""
    while run.moves_left > 0:
        first, second = players
        start = await discord.slash(
            first, f"{run.game} start", {"opponent": second}, channel=channel
        )
        await discord.click(second, start.message, "Accept")
        record = await discord.client.service.storage.latest_game_in(channel.id)  # type: ignore[attr-defined]
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
            mirror.play(move)


class Prepared:
    """Answers every move with the same picture, drawn once in advance."""

    def __init__(self) -> None:
        self.png = render.board_png(engine.new_game("folio", 2, seed=0), [])

    async def board_png(self, game: engine.Game, player_names: Sequence[str]) -> bytes:
        return self.png

    async def replay_gif(self, game: engine.Game, player_names: Sequence[str]) -> bytes:
        raise NotImplementedError

    async def close(self) -> None:
        """Nothing to release."""


@dataclass
class Cost:
    """Seconds of wall time and of CPU time in the bot's and the drawing process."""

    elapsed: float
    cpu: float
    drawing_cpu: float | None
    stolen: float | None


async def measure(games: int, run: Run, renderer: Renderer | None) -> Cost:
    """Play the run and say what it cost."""
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings("token", f"sqlite:///{folder}/load.sqlite3")
        bot = create_bot(settings, renderer=renderer)
        async with DiscordHarness(bot, timeout=60) as discord:
            drawing_pid = getattr(bot.renderer, "pid", None)
            started, started_cpu = time.perf_counter(), time.process_time()
            before, drawing_before = machine_times(), process_cpu(drawing_pid)
            async with asyncio.TaskGroup() as tables:
                for i in range(games):
                    players = (discord.user(f"a{i}"), discord.user(f"b{i}"))
                    channel = discord.text_channel(f"game-{i}")
                    tables.create_task(play_games(discord, channel, players, run))
            elapsed, cpu = time.perf_counter() - started, time.process_time() - started_cpu
            after, drawing_after = machine_times(), process_cpu(drawing_pid)
    drawing_cpu = None
    if drawing_before is not None and drawing_after is not None:
        drawing_cpu = drawing_after - drawing_before
    return Cost(elapsed, cpu, drawing_cpu, stolen_share(before, after))


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
        f"reply p50 {p50:.1f} ms, p99 {p99:.1f} ms; CPU a move {cost.cpu * per_move:.1f} ms "
        "in the bot's process"
        + ("" if cost.drawing_cpu is None else f", {cost.drawing_cpu * per_move:.1f} ms drawing")
        + ("" if cost.stolen is None else f"; {cost.stolen:.0%} of CPU time stolen by the host")
    )


async def main(games: int, moves: int, think: float, game: str, drawing: bool) -> None:
    drawn = "the new board picture" if drawing else "one picture drawn in advance"
    print(f"{game}, {games} games in play, {drawn} in every reply")
    paced = Run(game, moves, think)
    offered = f"think {think:g} s, {games / think:.0f} moves/s offered"
    report(f"paced ({offered})", paced, await measure(games, paced, renderer(drawing)))
    flat_out = Run(game, moves, 0.0)
    report("flat out", flat_out, await measure(games, flat_out, renderer(drawing)))


def renderer(drawing: bool) -> Renderer | None:
    """The bot's own drawing process, or one picture for every move."""
    return None if drawing else Prepared()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=1500)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--game", default="tink", choices=sorted(engine.GAMES))
    parser.add_argument("--no-drawing", action="store_true")
    arguments = parser.parse_args()
    asyncio.run(
        main(
            arguments.games,
            arguments.moves,
            arguments.think,
            arguments.game,
            not arguments.no_drawing,
        )
    )
