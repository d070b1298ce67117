"""Pages: many open game pages following live games, on one bot process.

The bot (through the test harness, its check of requests against Discord's API
description off, drawing in threads) serves its pages; a separate process opens `--pages`
streams of changes, spread over `--games` games, as that many browsers' pages would. Then
moves are made in Discord, one every `--every` seconds, and each page's stream hears of
each (the pages are given `--wait` seconds to hear the last, and half that to settle once
open, before the memory is read). Prints how long after a move was asked for (the slash
command's arrival, so the time includes playing and saving it) every page heard of it
(p50, p95, longest), the bot process's memory per open page, and the page's own time to
first byte (a page whose picture and lessons are kept ready, and one made afresh).

    python benchmarks/pages.py [--pages 500] [--games 10] [--moves 20] [--every 0.5]
        [--wait 2]
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

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.bot.harness import DiscordHarness
from tests.bot.support import new_bot
from tests.bot.web.conftest import free_port

FOLLOW = """
import asyncio, json, sys, time
import aiohttp

async def follow(session, url, heard, opened):
    async with session.get(url, timeout=aiohttp.ClientTimeout(total=None)) as stream:
        opened.set_result(None) if not opened.done() else None
        async for line in stream.content:
            if line.startswith(b"data: "):
                heard.append((int(line[6:]), time.time()))

async def main(urls):
    heard = {url: [] for url in urls}
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        openings = [asyncio.get_running_loop().create_future() for _ in urls]
        pairs = zip(urls, openings)
        tasks = [asyncio.create_task(follow(session, u, heard[u], o)) for u, o in pairs]
        await asyncio.gather(*openings)
        print("open", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        for task in tasks:
            task.cancel()
    print(json.dumps([[url, times] for url, times in heard.items()]), flush=True)

asyncio.run(main(json.loads(sys.argv[1])))
"""


def rss_kib() -> int:
    """This process's resident memory, in KiB (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def first_bytes(url: str, times: int) -> list[float]:
    """Seconds to the first byte of the page, asked for `times` times one after another."""
    waited = []
    async with aiohttp.ClientSession() as session:
        for _ in range(times):
            began = time.perf_counter()
            async with session.get(url) as answer:
                await answer.content.read(1)
                waited.append(time.perf_counter() - began)
                await answer.read()
    return waited


async def measure(arguments: argparse.Namespace) -> None:
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        bot = new_bot(Path(folder), web_port=port, public_url=f"http://127.0.0.1:{port}")
        async with DiscordHarness(bot, spec_checked=False) as discord:
            players = []
            for index in range(arguments.games):
                channel = discord.text_channel(f"game-{index}")
                first, second = discord.user(f"a{index}"), discord.user(f"b{index}")
                invitation = {"opponent": second}
                start = await discord.slash(first, "tink start", invitation, channel=channel)
                await discord.click(second, start.message, "Accept")
                players.append((channel, first, second))
            links = bot.links
            assert links is not None
            urls = [
                f"{links.watch(1 + page % arguments.games)}/events"
                for page in range(arguments.pages)
            ]
            fresh = await first_bytes(links.watch(1) + "?at=0", 1)
            kept = await first_bytes(links.watch(1), 50)
            before = rss_kib()
            follower = await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                FOLLOW,
                json.dumps(urls),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                limit=1 << 26,
            )
            assert follower.stdout is not None and follower.stdin is not None
            while (await follower.stdout.readline()) != b"open\n":
                await asyncio.sleep(0)
            await asyncio.sleep(arguments.wait / 2)
            per_page = (rss_kib() - before) / arguments.pages
            saved: dict[tuple[int, int], float] = {}
            moves = [("S d4", "S e5"), ("S c3", "S f6")]
            for turn in range(arguments.moves):
                channel, first, second = players[turn % arguments.games]
                round_, seat = divmod(turn // arguments.games, 2)
                mover = first if seat == 0 else second
                move = moves[round_ % len(moves)][seat]
                asked = time.time()
                await discord.slash(mover, "tink move", {"move": move}, channel=channel)
                record = await bot.host.storage.latest_game_in(channel.id)
                assert record is not None
                saved[(record.id, record.version)] = asked
                await asyncio.sleep(arguments.every)
            await asyncio.sleep(arguments.wait)
            follower.stdin.write(b"done\n")
            await follower.stdin.drain()
            heard = json.loads((await follower.stdout.readline()).decode())
            await follower.wait()
    delays = []
    for url, times in heard:
        game_id = int(url.split("/games/")[1].split("/")[0])
        for version, at in times:
            if (game_id, version) in saved:
                delays.append(at - saved[(game_id, version)])
    expected = sum(arguments.pages // arguments.games for _ in saved)
    print(
        f"{arguments.pages} pages following {arguments.games} games, "
        f"{len(saved)} moves one every {arguments.every:g} s"
    )
    print(
        f"  heard {len(delays)} of about {expected} (page, move) pairs; after the move was "
        f"asked for: p50 {statistics.median(delays) * 1000:.0f} ms, "
        f"p95 {percentile(delays, 0.95) * 1000:.0f} ms, longest {max(delays) * 1000:.0f} ms"
    )
    print(f"  bot process memory per open page: {per_page:.1f} KiB")
    print(
        f"  page time to first byte: kept ready p50 {statistics.median(kept) * 1000:.1f} ms, "
        f"p95 {percentile(kept, 0.95) * 1000:.1f} ms; made afresh {fresh[0] * 1000:.0f} ms"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--pages", type=int, default=500, help="pages open (500)")
    parser.add_argument("--games", type=int, default=10, help="games they follow (10)")
    parser.add_argument("--moves", type=int, default=20, help="moves made meanwhile (20)")
    parser.add_argument("--every", type=float, default=0.5, help="seconds between moves (0.5)")
    parser.add_argument(
        "--wait", type=float, default=2.0, help="seconds the pages get to hear the last move (2)"
    )
    asyncio.run(measure(parser.parse_args()))
