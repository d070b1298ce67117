"""Outages: games against the bot played while the stand-in for Discord refuses for a while,
then a count of what every channel shows against what was saved.

`--games` players each play a Tink game against the bot (easy) in a channel of their own,
moving a random think time (exponential, mean `--think` seconds) after the bot's answer.
Meanwhile Discord, as the stand-in plays it, fails in turn:

- every channel post answers 429 (the route's bucket, Retry-After 2 s) for `--window`
  seconds, twice, `--window` seconds apart;
- then, for `--outage` seconds, channel posts and interaction callbacks alike answer 503,
  502 and 500 and drop the connection, a kind every `--outage / 4` seconds.

The players go on moving throughout (a move whose answer never came is seen on the board
by the player all the same, as the game's state says it is played). Once the outages end,
the bot's clock is moved past the longest wait between two tries and the games are played
on until every player has made `--moves` moves; then the bot is given until nothing is
owed. Printed: moves saved, moves whose post never reached the channel, moves posted more
than once, games whose posts came out of order, announcements still owed, task exceptions
never retrieved, and how many requests Discord failed.

    python benchmarks/outages.py [--games 51] [--moves 6] [--think 0.3] [--window 8]
                                 [--outage 45]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import logging
import random
import re
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import MappingProxyType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai
import engine
from bot.config import Settings
from bot.discord_ui.app import create_bot
from bot.play.table.outbox import LONGEST_RETRY
from bot.runtime.app import App
from bot.storage import Status
from tests.bot.harness import DROPPED, Channel, DiscordHarness, Kind, User

PLAYED = re.compile(r"^\*\*(?P<who>[^*]+)\*\* played `(?P<move>[^`]+)`")
KINDS = (503, 502, 500, DROPPED)


@dataclasses.dataclass
class Clock:
    """Real time, which the run may move forward."""

    ahead: float = 0.0

    def __call__(self) -> float:
        return time.time() + self.ahead


@dataclasses.dataclass
class Tally:
    failed: int = 0
    exceptions: list[str] = dataclasses.field(default_factory=list)


async def play(
    discord: DiscordHarness,
    player: User,
    channel: Channel,
    moves: int,
    think: float,
    rng: random.Random,
) -> None:
    """Play a game against the bot: `moves` moves, each `think` seconds (about) after the
    bot's answer, reading the game's state as the board shows it."""
    storage = discord.client.host.storage  # type: ignore[attr-defined]
    await discord.slash(
        player, "tink start", {"opponent": discord.me, "ai": "easy"}, channel=channel
    )
    record = await storage.latest_game_in(channel.id)
    made = 0
    while made < moves and record.status is Status.ACTIVE:
        if record.turn_user_id != player.id:
            await asyncio.sleep(0.05)
            record = await storage.game(record.id)
            continue
        await asyncio.sleep(rng.expovariate(1 / think))
        move = rng.choice(engine.load_game(record.state).legal_moves())
        await discord.slash(player, "tink move", {"move": move}, channel=channel)
        record = await storage.game(record.id)
        actions = await storage.actions(record.id)
        made = sum(1 for action in actions if action.user_id == player.id)


async def outages(discord: DiscordHarness, window: float, outage: float, tally: Tally) -> None:
    """Discord's refusals, one after another (see the module's docstring)."""
    for _ in range(2):
        with discord.outage(429, kinds={Kind.SEND}, retry_after=2.0) as limited:
            await asyncio.sleep(window)
        tally.failed += limited.failed
        await asyncio.sleep(window)
    for status in KINDS:
        kinds = {Kind.SEND, Kind.RESPONSE, Kind.FOLLOWUP}
        with discord.outage(status, kinds=kinds, interactions_too=True) as failing:
            await asyncio.sleep(outage / len(KINDS))
        tally.failed += failing.failed


def said_moves(discord: DiscordHarness, channel: Channel) -> list[str]:
    """The moves the channel shows, in the order of its messages."""
    shown = []
    for message in sorted(discord.messages_in(channel), key=lambda m: m.id):
        found = PLAYED.match(message.content)
        if found and not message.ephemeral:
            shown.append(found["move"])
    return shown


@contextlib.contextmanager
def exceptions_kept(tally: Tally) -> Iterator[None]:
    """Keep what the event loop says of exceptions nobody retrieved."""
    loop = asyncio.get_running_loop()

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        tally.exceptions.append(str(context.get("message")))

    loop.set_exception_handler(handler)
    try:
        yield
    finally:
        loop.set_exception_handler(None)


async def main(arguments: argparse.Namespace) -> None:
    logging.basicConfig(level=logging.ERROR)
    for level in ai.LEVELS:
        quick = dataclasses.replace(ai.SETTINGS[level], iterations=MappingProxyType({"default": 4}))
        ai.SETTINGS[level] = quick
    clock = Clock()
    tally = Tally()
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings("token", f"sqlite:///{Path(folder) / 'games.sqlite3'}")
        bot = create_bot(App(settings, clock=clock))
        async with DiscordHarness(bot, timeout=600, spec_checked=False) as discord:
            with exceptions_kept(tally):
                tables = [
                    (discord.user(f"p{n}"), discord.text_channel(f"game-{n}"))
                    for n in range(arguments.games)
                ]
                rng = random.Random(7)
                failing = asyncio.create_task(
                    outages(discord, arguments.window, arguments.outage, tally)
                )
                playing = [
                    asyncio.create_task(
                        play(
                            discord,
                            player,
                            channel,
                            arguments.moves,
                            arguments.think,
                            random.Random(rng.random()),
                        )
                    )
                    for player, channel in tables
                ]
                await failing
                clock.ahead += LONGEST_RETRY + 1
                discord.client.scheduler.wake()  # type: ignore[attr-defined]
                await asyncio.gather(*playing)
                await discord.run(discord.client.service.settled())  # type: ignore[attr-defined]
                for _ in range(20):
                    clock.ahead += LONGEST_RETRY + 1
                    await discord.run(discord.client.scheduler.run_due())  # type: ignore[attr-defined]
                    await discord.run(discord.client.service.settled())  # type: ignore[attr-defined]
                storage = discord.client.host.storage  # type: ignore[attr-defined]
                report = await counted(discord, storage, tables)
                owed = await storage.announcements.backlog()
    saved, never, doubled, disordered = report
    print(f"games against the bot: {arguments.games}, moves saved: {saved}")
    print(f"requests Discord failed: {tally.failed}")
    print(
        f"moves never posted: {never}, posted twice: {doubled}, games out of order: "
        f"{disordered}, announcements still owed: {owed}"
    )
    print(f"task exceptions never retrieved: {len(tally.exceptions)}")
    for said in tally.exceptions[:5]:
        print(f"  {said}")


async def counted(
    discord: DiscordHarness, storage: Any, tables: list[tuple[User, Channel]]
) -> tuple[int, int, int, int]:
    """Moves saved, and of them: never posted, posted more than once; games whose
    channel shows its moves out of order."""
    saved = never = doubled = disordered = 0
    for _, channel in tables:
        record = await storage.latest_game_in(channel.id)
        moves = [a.action for a in await storage.actions(record.id) if not a.action.startswith("@")]
        shown = said_moves(discord, channel)
        saved += len(moves)
        never += (Counter(moves) - Counter(shown)).total()
        doubled += (Counter(shown) - Counter(moves)).total()
        if shown != moves and not disordered:
            print(f"out of order in {channel.name}: saved {moves}, shown {shown}")
        disordered += shown != moves
    return saved, never, doubled, disordered


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=51, help="games against the bot")
    parser.add_argument("--moves", type=int, default=6, help="each player's moves")
    parser.add_argument("--think", type=float, default=0.3, help="mean seconds between moves")
    parser.add_argument("--window", type=float, default=8.0, help="seconds of each 429 window")
    parser.add_argument("--outage", type=float, default=45.0, help="seconds of 5xx and drops")
    asyncio.run(main(parser.parse_args()))
