"""Start-up: how soon a bot process started afresh does the work that fell due while it
was down.

A database is prepared with a turn whose time ran out an hour ago and a game waiting on
the bot's move. Then, `--runs` times, a new Python process starts the bot on it as
`python -m bot` builds it (its drawing and thinking processes included) against the test
harness's stand-in for Discord, whose gateway says READY only `--gateway` seconds after
the login (identifying several shards takes Discord's pacing of 5 s each); every time is
counted from the moment the process was launched:

- imports: the bot's modules imported;
- logged in: storage opened (migrations checked), the workers started, the commands
  checked, `setup_hook` done;
- time-out posted: the post of the turn that ran out reaches Discord;
- bot's move posted: the bot's move in the game waiting on it reaches Discord.

Target: due work (the time-out) posted within 3 s of the process starting, on a quiet
2-core machine, whatever the gateway takes.

    python benchmarks/startup.py [--runs 5] [--gateway 5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

START = time.time()
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.config import Settings  # noqa: E402
from bot.discord_ui.app import create_bot  # noqa: E402
from bot.runtime.app import App  # noqa: E402

IMPORTED = time.time()

from bot.workers.thinking import ThreadThinking  # noqa: E402
from tests.bot.harness import Channel, DiscordHarness  # noqa: E402
from tests.bot.harness import discord_internals as internals  # noqa: E402
from tests.bot.support import Clock, new_bot  # noqa: E402

TARGET = 3.0
"""Seconds from the process's launch by which due work should be posted."""
GIVE_UP = 60.0
"""Seconds a run waits for both posts before it reports what it saw."""
FIGURES = ("imports", "logged in", "time-out posted", "bot's move posted")


class NeverThinks(ThreadThinking):
    """The bot of the preparing process never moves: its turn is left for the next."""

    async def choose_move(self, state: str, level: str) -> str:
        await asyncio.Event().wait()
        raise AssertionError("never")


class SlowGateway(DiscordHarness):
    """The stand-in for Discord, its gateway READY `delay` seconds after the login."""

    def __init__(self, client: Any, delay: float) -> None:
        super().__init__(client)
        self.delay = delay

    async def _login(self) -> None:
        await self.client.login("harness-token")
        asyncio.get_running_loop().call_later(self.delay, self._ready)

    def _ready(self) -> None:
        internals.mark_ready(self.client)
        self.client.dispatch("ready")


async def prepare(folder: Path) -> None:
    """A turn that ran out an hour ago (a 1-hour limit, begun two hours ago) and a game
    where it is the bot's move."""
    clock = Clock(time.time() - 2 * 3600)
    bot = new_bot(folder, clock=clock, thinker=NeverThinks())
    async with DiscordHarness(bot) as discord:
        against_bot = the_world_of(discord)
        alice, bob = discord.user("alice"), discord.user("bob")
        challenge = await discord.slash(alice, "tink start", {"opponent": bob, "time_limit": "1h"})
        await discord.click(bob, challenge.message, "Accept")
        await discord.slash(alice, "tink start", {"ai": "easy"}, channel=against_bot)
        await discord.slash(alice, "tink move", {"move": "S d4"}, channel=against_bot)


async def started(folder: Path, gateway: float) -> dict[str, float]:
    """The process's own run: the bot started as `python -m bot` builds it."""
    settings = Settings("token", f"sqlite:///{folder / 'games.sqlite3'}", vacation_days=0)
    times = {"imports": IMPORTED - START}
    bot = create_bot(App(settings))
    discord = SlowGateway(bot, gateway)
    the_world_of(discord)
    starting = asyncio.ensure_future(discord.start())
    while time.time() - START < GIVE_UP and len(times) < len(FIGURES):
        if bot.is_set_up:
            times.setdefault("logged in", time.time() - START)
        for request in discord.requests:
            if request.message is None or request.kind.name != "SEND":
                continue
            key = "time-out posted" if "ran out of time" in request.content else None
            key = "bot's move posted" if "played" in request.content else key
            if key is not None and key not in times:
                times[key] = time.time() - START
        await asyncio.sleep(0.02)
    await starting
    await discord.close()
    return times


def the_world_of(discord: DiscordHarness) -> Channel:
    """The people and the channel of the game against the bot, made in the same order
    in both processes (so with the same ids); the channel."""
    discord.user("alice"), discord.user("bob")
    return discord.text_channel("against-the-bot")


def run_once(folder: Path, gateway: float) -> dict[str, float]:
    """One bot process started afresh on a copy of the prepared database."""
    copy = Path(tempfile.mkdtemp())
    (copy / "games.sqlite3").write_bytes((folder / "games.sqlite3").read_bytes())
    launched = time.time()
    child = subprocess.run(
        [sys.executable, __file__, "--child", str(copy), "--gateway", str(gateway)],
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, float] = json.loads(child.stdout.splitlines()[-1])
    offset = float(child.stderr.split("started at ")[-1].split()[0]) - launched
    return {name: value + offset for name, value in figures.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="bot processes started (5)")
    parser.add_argument(
        "--gateway", type=float, default=5.0, help="seconds from login to READY (5)"
    )
    parser.add_argument("--child", metavar="FOLDER", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child is not None:
        print(f"started at {START!r}", file=sys.stderr)
        print(json.dumps(asyncio.run(started(Path(arguments.child), arguments.gateway))))
        return
    folder = Path(tempfile.mkdtemp())
    asyncio.run(prepare(folder))
    runs = [run_once(folder, arguments.gateway) for _ in range(arguments.runs)]
    print(f"{arguments.runs} starts, gateway READY {arguments.gateway:g} s after the login:")
    for name in FIGURES:
        seen = [run[name] for run in runs if name in run]
        if not seen:
            print(f"  {name:18} never (within {GIVE_UP:g} s)")
            continue
        print(
            f"  {name:18} median {statistics.median(seen):.2f} s, "
            f"range {min(seen):.2f}-{max(seen):.2f} s ({len(seen)} of {len(runs)})"
        )
    due = [run.get("time-out posted", GIVE_UP) for run in runs]
    verdict = "within" if max(due) <= TARGET else "OVER"
    print(f"due work posted {verdict} the {TARGET:g} s target (slowest {max(due):.2f} s)")


if __name__ == "__main__":
    main()
