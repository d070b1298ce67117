"""Bot processes split by shard, sharing one database: commands registered once, each
piece of due work done once, work a killed process held taken up, racing moves settled.

Two bots stand for two processes (shards 0 and 1 of 2): each has its own storage pool,
scheduler, game cache and harness. Their harnesses build the same world (the same
guilds, channels and people, with the same ids) before anything happens, and each
guild's commands go to the bot running its shard, as Discord's gateway sends them.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import discord as discord_py
import pytest

from bot.play.clocks.clock import HOUR
from bot.play.playing.ai_turns import Thinker
from bot.runtime.scheduler import Scheduler, turn_key
from bot.storage import ALL_SHARDS, SQLITE_PREFIX, Storage, open_storage
from bot.storage.claims import LEASE
from tests.bot.discord_ui.test_ai_games import QuickThinker, StalledThinker
from tests.bot.harness import Channel, DiscordHarness, Kind, Reply, SentMessage
from tests.bot.support import Clock, new_bot
from tests.postgres_server import BACKENDS, PostgresServer

ROOT = Path(__file__).resolve().parents[3]
START = Clock().now
SHARDS = 2
HOLD_CLAIMS = """
import asyncio, sys
from bot.storage import Writer, open_storage
from bot.storage.claims import holder, new_owner

async def hold(url, slot, now, claims):
    storage = await open_storage(url, rater=None)
    me = holder(Writer(slot, new_owner()))
    await storage.clocks.take_over(slot, me)
    for kind, key in zip(claims[::2], claims[1::2]):
        assert await storage.clocks.claim(kind, key, me, now, now + 60)
    print("claimed", flush=True)
    await asyncio.sleep(3600)

asyncio.run(hold(sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4:]))
"""
"""A process serving a slot that claims pieces of due work (kind, key, kind, key...) at a
time, and holds them until it is killed."""

RESUMED_WITHIN = 5.0
"""Seconds within which a restarted process takes up the work its killed predecessor held,
or a running one the work of a killed process never restarted."""
PEOPLE = ("alice", "bob", "carol", "dave")
OpenHarness = Callable[..., Awaitable[DiscordHarness]]


def storage_of(discord: DiscordHarness) -> Storage:
    storage: Storage = discord.client.host.storage  # type: ignore[attr-defined]
    return storage


def scheduler_of(discord: DiscordHarness) -> Scheduler:
    scheduler = discord.client.scheduler  # type: ignore[attr-defined]
    assert isinstance(scheduler, Scheduler)
    return scheduler


def command_syncs(discord: DiscordHarness) -> list[str]:
    """Where the bot registered its commands: "global" or a guild id, once per sync."""
    return [r.params.get("guild_id", "global") for r in discord.requests if r.kind is Kind.COMMANDS]


def posts(*processes: DiscordHarness, saying: str) -> list[SentMessage]:
    """The messages the processes posted by themselves (not answering anyone) with these words."""
    sent = [r.message for p in processes for r in p.requests if r.kind is Kind.SEND]
    return [m for m in sent if m is not None and saying in m.content]


class Deployment:
    """Two bot processes on one database, each running one of two shards, and two guilds
    with a channel each, one of them (as it happens) on each shard."""

    def __init__(self, processes: list[DiscordHarness], clock: Clock) -> None:
        self.processes = processes
        self.clock = clock
        guilds = [[p.new_guild(f"server {n}") for n in range(2)] for p in processes]
        self._channels = [
            [p.text_channel("games", guild=g) for g in gs]
            for p, gs in zip(processes, guilds, strict=True)
        ]
        for process in processes:
            for name in PEOPLE:
                process.dm(process.user(name))
        worlds = {tuple((c.guild and c.guild.id, c.id) for c in cs) for cs in self._channels}
        assert len(worlds) == 1, "every process sees the same world"
        self.guilds = [g.id for g in guilds[0]]
        assert {self.serving(g) for g in self.guilds} == set(processes), "one guild a shard"

    def serving(self, guild_id: int) -> DiscordHarness:
        """The process running the guild's shard, to which Discord sends its interactions."""
        return self.processes[(guild_id >> 22) % SHARDS]

    def channel(self, process: DiscordHarness, index: int) -> Channel:
        """The channel of guild `index` in the process's world."""
        return self._channels[self.processes.index(process)][index]

    async def begin(self, index: int, *players: str, **options: object) -> DiscordHarness:
        """A game in the channel of guild `index`, played through the process serving it."""
        process = self.serving(self.guilds[index])
        first, second = (process.user(name) for name in players)
        channel = self.channel(process, index)
        challenge = await process.slash(
            first, "tink start", {"opponent": second, **options}, channel=channel
        )
        await process.click(second, challenge.message, "Accept")
        return process

    async def run_due(self, hours: float) -> None:
        """Move the clock to `hours` past the start; every process runs what is due at once."""
        self.clock.now = START + hours * HOUR
        await asyncio.gather(*(p.run(scheduler_of(p).run_due()) for p in self.processes))


@pytest.fixture
async def deployment(
    postgres_server: PostgresServer, tmp_path: Path, open_harness: OpenHarness, clock: Clock
) -> Deployment:
    url = postgres_server.new_database()
    processes = [
        await open_harness(
            new_bot(tmp_path, clock=clock, database_url=url, shard_count=SHARDS, shard_ids=(n,))
        )
        for n in range(SHARDS)
    ]
    return Deployment(processes, clock)


# -- registering the commands -------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_commands_are_registered_once_and_again_only_when_they_change(
    tmp_path: Path, database_url: str, open_harness: OpenHarness
) -> None:
    first = await open_harness(new_bot(tmp_path, database_url=database_url))
    assert command_syncs(first) == ["global"]
    await first.close()
    restarted = await open_harness(new_bot(tmp_path, database_url=database_url))
    assert command_syncs(restarted) == []
    await restarted.close()
    storage = await open_storage(database_url, rater=None)
    await storage.command_syncs.save(f"{restarted.me.id}:global", "older commands", START)
    await storage.close()
    changed = await open_harness(new_bot(tmp_path, database_url=database_url))
    assert command_syncs(changed) == ["global"]
    await changed.close()
    testing = await open_harness(new_bot(tmp_path, database_url=database_url, dev_guild_id=42))
    assert command_syncs(testing) == ["42"]


async def test_only_the_process_running_shard_0_registers_the_commands(
    deployment: Deployment,
) -> None:
    first, second = deployment.processes
    assert command_syncs(first) == ["global"]
    assert command_syncs(second) == []


# -- sharing the games --------------------------------------------------------------


async def test_each_process_plays_its_guilds_games_and_lists_every_game(
    deployment: Deployment,
) -> None:
    one = await deployment.begin(0, "alice", "bob")
    other = await deployment.begin(1, "carol", "alice")
    assert one is not other
    moved = await other.slash(
        other.user("carol"), "tink move", {"move": "S d4"}, channel=deployment.channel(other, 1)
    )
    assert moved.content.startswith("**carol** played `S d4`")
    for process in deployment.processes:
        alice = process.user("alice")
        mine = await process.slash(alice, "mygames", channel=process.dm(alice))
        assert str(mine.embeds[0].description).count("Tink #") == 2


async def test_moves_through_either_process_build_on_the_other_processes_moves(
    deployment: Deployment,
) -> None:
    await deployment.begin(0, "alice", "bob")
    moves = ["S c3", "S c5", "S d3", "S d5", "S e3"]
    for turn, move in enumerate(moves):
        process = deployment.processes[turn % 2]
        player = process.user(("alice", "bob")[turn % 2])
        reply = await process.slash(
            player, "tink move", {"move": move}, channel=deployment.channel(process, 0)
        )
        assert reply.content.startswith(f"**{player.name}** played `{move}`"), reply.content
    actions = await storage_of(deployment.processes[0]).actions(1)
    assert [action.action for action in actions] == moves


async def test_racing_moves_from_two_processes_apply_exactly_once(
    deployment: Deployment, monkeypatch: pytest.MonkeyPatch
) -> None:
    await deployment.begin(0, "alice", "bob")
    both_saving = asyncio.Event()
    savers: list[Storage] = []
    for process in deployment.processes:
        storage = storage_of(process)

        async def held(
            *args: Any, storage: Storage = storage, save: Any = storage.save, **options: Any
        ) -> Any:
            """Neither process saves its move before both have read the game (every read of
            a move comes before its save)."""
            savers.append(storage)
            if len(savers) == len(deployment.processes):
                both_saving.set()
            await both_saving.wait()
            return await save(*args, **options)

        monkeypatch.setattr(storage, "save", held)
    replies: list[Reply] = await asyncio.gather(
        *(
            process.slash(
                process.user("alice"),
                "tink move",
                {"move": move},
                channel=deployment.channel(process, 0),
            )
            for process, move in zip(deployment.processes, ["S d4", "S e5"], strict=True)
        )
    )
    applied = [r for r in replies if not r.ephemeral]
    refused = [r for r in replies if r.ephemeral]
    assert len(applied) == 1 and applied[0].content.startswith("**alice** played")
    assert [r.content for r in refused] == ["The board changed meanwhile; please try again."]
    actions = await storage_of(deployment.processes[0]).actions(1)
    assert len(actions) == 1
    loser = deployment.processes[replies.index(refused[0])]
    answer = await loser.slash(
        loser.user("bob"), "tink move", {"move": "S c3"}, channel=deployment.channel(loser, 0)
    )
    assert answer.content.startswith("**bob** played `S c3`"), answer.content


# -- due work -----------------------------------------------------------------------


async def test_a_warning_and_a_time_out_falling_due_are_each_posted_once(
    deployment: Deployment,
) -> None:
    await deployment.begin(0, "alice", "bob", time_limit="12h")
    await deployment.begin(1, "carol", "dave", time_limit="12h")
    await deployment.run_due(9)
    assert len(posts(*deployment.processes, saying="a quarter of your time is left")) == 2
    await deployment.run_due(12)
    timed_out = posts(*deployment.processes, saying="ran out of time.")
    assert sorted(m.content.split()[0] for m in timed_out) == ["**alice**", "**carol**"]
    await deployment.run_due(30)
    assert len(posts(*deployment.processes, saying="ran out of time")) == 2


async def test_a_process_posts_due_work_in_guilds_on_shards_it_does_not_run(
    deployment: Deployment,
) -> None:
    serving = await deployment.begin(0, "alice", "bob", time_limit="12h")
    await scheduler_of(serving).stop()
    (other,) = [p for p in deployment.processes if p is not serving]
    deployment.clock.now = START + 9 * HOUR
    await other.run(scheduler_of(other).run_due())
    (warning,) = posts(other, saying="a quarter of your time is left")
    assert warning.channel.id == deployment.channel(serving, 0).id
    assert posts(serving, saying="a quarter of your time is left") == []


async def test_work_held_by_a_killed_process_is_taken_up_by_another_within_seconds(
    deployment: Deployment, postgres_server: PostgresServer
) -> None:
    process = await deployment.begin(0, "alice", "bob", time_limit="12h")
    (turn,) = await storage_of(process).clocks.turns_in_guild(deployment.guilds[0])
    deadline = START + 12 * HOUR
    slot = f"shards 0,1 of {SHARDS}"  # a process never restarted, its shards run by the two
    await killed_holding(postgres_url(process), slot, deadline, "time-out", turn_key(turn))
    deployment.clock.now = deadline
    killed_at = asyncio.get_running_loop().time()
    waiting = posted_by_any(deployment.processes, "ran out of time")
    await process.run(asyncio.wait_for(waiting, RESUMED_WITHIN))
    assert asyncio.get_running_loop().time() - killed_at < RESUMED_WITHIN < LEASE
    (announced,) = posts(*deployment.processes, saying="ran out of time")
    assert announced.content.startswith("**alice** ran out of time.\n**bob** wins")


async def posted_by_any(processes: Sequence[DiscordHarness], saying: str) -> None:
    """Return once one of the processes has posted by itself these words."""
    while not posts(*processes, saying=saying):
        await asyncio.sleep(0.05)


async def killed_holding(url: str, slot: str, now: float, *claims: str) -> None:
    """Run a process of `slot` that claims work at `now` (see HOLD_CLAIMS), then kill it."""
    holder = await asyncio.create_subprocess_exec(
        *(sys.executable, "-c", HOLD_CLAIMS, url, slot, repr(now), *claims),
        stdout=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert holder.stdout is not None
    assert await asyncio.wait_for(holder.stdout.readline(), 60) == b"claimed\n"
    holder.send_signal(signal.SIGKILL)
    assert await holder.wait() == -signal.SIGKILL


async def posted(process: DiscordHarness, *sayings: str) -> None:
    """Return once the process has posted by itself each of these words."""
    while not all(posts(process, saying=saying) for saying in sayings):
        await asyncio.sleep(0.05)


def shard_0(url: str, tmp_path: Path, clock: Clock, thinker: Thinker) -> DiscordHarness:
    """The process running shard 0 (on PostgreSQL; every shard on SQLite), thinking with
    `thinker`."""
    sqlite = url.startswith(SQLITE_PREFIX)
    bot = new_bot(
        tmp_path,
        clock=clock,
        database_url=url,
        thinker=thinker,
        shard_count=None if sqlite else SHARDS,
        shard_ids=None if sqlite else (0,),
    )
    return DiscordHarness(bot)


async def test_a_process_stopping_cleanly_lets_another_take_its_work_at_once(
    postgres_server: PostgresServer, tmp_path: Path, open_harness: OpenHarness, clock: Clock
) -> None:
    url = postgres_server.new_database()
    other = await open_harness(
        new_bot(
            tmp_path,
            clock=clock,
            database_url=url,
            shard_count=SHARDS,
            shard_ids=(1,),
            thinker=QuickThinker(),
        )
    )
    alice = other.user("alice")
    stalled = StalledThinker()
    async with shard_0(url, tmp_path, clock, stalled) as stopping:
        assert stopping.user("alice") == alice
        await stopping.slash(alice, "tink start", {"opponent": stopping.me, "ai": "easy"})
        await stopping.slash(alice, "tink move", {"move": "S d4"})
        await stopping.run(stalled.asked.wait())
    await other.run(asyncio.wait_for(posted(other, "(easy)** played"), RESUMED_WITHIN))
    (moved,) = posts(other, saying="(easy)** played")
    assert "Your move, **alice**." in moved.content


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_process_restarted_after_it_was_killed_resumes_its_work_at_once(
    database_url: str, tmp_path: Path, clock: Clock
) -> None:
    url = database_url
    slot = ALL_SHARDS if url.startswith(SQLITE_PREFIX) else f"shards 0 of {SHARDS}"
    stalled = StalledThinker()
    async with shard_0(url, tmp_path, clock, stalled) as first:
        timed = first.text_channel("timed")
        alice, bob = first.user("alice"), first.user("bob")
        await first.slash(alice, "tink start", {"opponent": first.me, "ai": "easy"})
        await first.slash(alice, "tink move", {"move": "S d4"})
        await first.run(stalled.asked.wait())
        challenge = await first.slash(
            alice, "tink start", {"opponent": bob, "time_limit": "12h"}, channel=timed
        )
        await first.click(bob, challenge.message, "Accept")
    storage = await open_storage(url, rater=None)
    (thinking,) = await storage.clocks.ai_turns()
    (waiting,) = await storage.clocks.turns_of(alice.id)
    await storage.close()
    assert waiting.deadline is not None
    clock.now = waiting.deadline
    ai_turn = f"{thinking.game_id}@{thinking.started_at!r}"
    await killed_holding(url, slot, clock.now, "ai-turn", ai_turn, "time-out", turn_key(waiting))
    restarted = shard_0(url, tmp_path, clock, QuickThinker())
    assert (restarted.text_channel("timed"), restarted.user("alice")) == (timed, alice)
    async with restarted:
        resumed = posted(restarted, "(easy)** played", "ran out of time")
        await restarted.run(asyncio.wait_for(resumed, RESUMED_WITHIN))


def postgres_url(process: DiscordHarness) -> str:
    url: str = process.client.settings.database_url  # type: ignore[attr-defined]
    return url


async def test_the_entry_point_command_discord_made_for_the_activity_is_kept(
    tmp_path: Path,
) -> None:
    discord = DiscordHarness(new_bot(tmp_path))
    entry_point = discord.enable_activities()
    async with discord:
        assert command_syncs(discord) == ["global"]
        names = [command["name"] for command in discord.global_commands]
        assert "tink" in names and "launch" in names
        (kept,) = [c for c in discord.global_commands if c["type"] == entry_point["type"]]
        assert (kept["id"], kept["handler"]) == (entry_point["id"], 2)


async def test_an_overwrite_that_drops_the_entry_point_is_refused_whole(tmp_path: Path) -> None:
    discord = DiscordHarness(new_bot(tmp_path))
    discord.enable_activities()
    async with discord:
        registered = list(discord.global_commands)
        with pytest.raises(discord_py.HTTPException) as refused:
            await discord.run(discord.tree.sync())  # discord.py's own: the tree's commands only
    assert refused.value.code == 50240
    assert discord.global_commands == registered
