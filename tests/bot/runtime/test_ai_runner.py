"""The runner of the bot's turns: fair across games, claimed once among processes, taken
up when a process dies mid-thought; and the bot's seats never time out or get reminded."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import pytest

import engine
from bot.play.host import Host
from bot.play.playing.ai_turns import Thinker
from bot.play.playing.challenges import Invitation
from bot.play.ranking.ratings import rate_game
from bot.play.table.announcements import owed as owed_announcement
from bot.play.table.outbox import OWED_AFTER, PATIENCE
from bot.play.table.values import Person, Post
from bot.play.words.text import plain
from bot.runtime.ai_runner import AI_LEASE, KIND, AiRunner
from bot.runtime.service import Service, build
from bot.storage.sqlite import SqliteStorage
from tests.bot.play.test_outbox import no_reply
from tests.bot.support import ALICE, BOB, Clock, StubRenderer

BOT = Person(0, "", plays_ai=True)


class Hosting(Protocol):
    """Builds the bot on the test's database and clock, the AI thinking with a thinker and
    its moves delivered by a courier."""

    def __call__(
        self, thinker: Thinker, courier: Courier, *, at_once: int = 1, patience: float = PATIENCE
    ) -> Service: ...


@pytest.fixture
async def hosted(tmp_path: Path, clock: Clock) -> AsyncIterator[Hosting]:
    storage = await SqliteStorage.open(str(tmp_path / "games.sqlite3"), rater=rate_game)

    def hosting(
        thinker: Thinker, courier: Courier, *, at_once: int = 1, patience: float = PATIENCE
    ) -> Service:
        return build(
            storage,
            StubRenderer(),
            courier,
            clock=clock,
            thinker=thinker,
            ai_at_once=at_once,
            patience=patience,
        )

    yield hosting
    await storage.close()


@dataclass
class Courier:
    """Keeps what the runner delivers, and where it showed typing."""

    posts: list[tuple[int, Post]] = field(default_factory=list)
    typing_in: list[int] = field(default_factory=list)

    async def to_channel(self, place_id: int, post: Post) -> None:
        self.posts.append((place_id, post))

    async def to_user(self, user_id: int, post: Post) -> bool:
        return False

    async def replied(self, reply_token: str) -> bool:
        return False

    @contextlib.asynccontextmanager
    async def typing(self, place_id: int) -> AsyncIterator[None]:
        self.typing_in.append(place_id)
        yield


class Unreachable(Courier):
    """A courier whose every post fails, as when the process stops before posting."""

    async def to_channel(self, place_id: int, post: Post) -> None:
        raise ConnectionError("Discord cannot be reached")


class Recorder:
    """Plays the first legal move, noting the game of each thought."""

    def __init__(self) -> None:
        self.thought_in: list[int] = []

    async def choose_move(self, state: str, level: str) -> str:
        game = engine.load_game(state)
        self.thought_in.append(game.seed)
        return game.legal_moves()[0]

    async def evaluate(self, state: str, level: str, seat: int) -> float:
        return 0.5

    async def close(self) -> None:
        """Nothing to release."""


class Signalling(Recorder):
    """Plays the first legal move, and says when it has been asked to."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = asyncio.Event()

    async def choose_move(self, state: str, level: str) -> str:
        self.asked.set()
        return await super().choose_move(state, level)


OVERLAP_WAIT = 0.5
"""Seconds a lone thought waits for another to begin beside it."""


class Overlaps(Recorder):
    """Plays the first legal move after letting other thoughts begin, noting the games
    thought about at once."""

    def __init__(self) -> None:
        super().__init__()
        self.under_way: list[int] = []
        self.at_once: list[list[int]] = []
        self._begun = asyncio.Event()

    async def choose_move(self, state: str, level: str) -> str:
        seed = engine.load_game(state).seed
        self.under_way.append(seed)
        self.at_once.append(sorted(self.under_way))
        self._begun.set()
        if len(self.under_way) == 1:
            await self._another_begins()
        self.under_way.remove(seed)
        return await super().choose_move(state, level)

    async def _another_begins(self) -> None:
        """Wait a while, however busy the machine, for another thought to begin."""
        self._begun.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._begun.wait(), OVERLAP_WAIT)


async def start(host: Host, channel: int, starter: Person, *invitees: Person) -> int:
    """A game begun at once, its first board sent as the bot sends it."""
    post = await host.challenges.start(Invitation("tink", 1, channel, starter, invitees))
    await host.outbox.sent(post)
    return post.game_id


@contextlib.asynccontextmanager
async def playing(service: Service) -> AsyncIterator[AiRunner]:
    """The bot's turns played as the events of the use cases say they wait on it."""
    service.dispatcher.start()
    service.ai_runner.start()
    try:
        yield service.ai_runner
    finally:
        await service.ai_runner.stop()
        await service.dispatcher.stop()


async def run_until_idle(service: Service) -> None:
    """Let the runner play every turn it owes, then stop it."""
    async with playing(service):
        await service.settled()


async def games_by_seed(host: Host, *games: int) -> dict[int, int]:
    """The games' ids by their seeds, which is how the thinkers record them."""
    return {(await host.storage.game(game)).seed: game for game in games}  # type: ignore[union-attr]


async def test_turns_are_taken_round_robin_across_games(hosted: Hosting, clock: Clock) -> None:
    thinker = Recorder()
    courier = Courier()
    service = hosted(thinker, courier)
    host = service.host
    many = await start(host, 10, ALICE, BOT, BOT, BOT)
    one = await start(host, 20, BOB, BOT)
    await host.outbox.sent(await host.moves.move(10, "tink", ALICE.user_id, "S d4"))
    await host.outbox.sent(await host.moves.move(20, "tink", BOB.user_id, "S d4"))
    await run_until_idle(service)
    seeds = await games_by_seed(host, many, one)
    assert [seeds[seed] for seed in thinker.thought_in] == [many, one, many, many]
    assert [place for place, _ in courier.posts] == [10, 20, 10, 10]
    assert courier.typing_in == [10, 20, 10, 10]
    assert "Your move, Alice." in plain(courier.posts[-1][1].text)
    assert courier.posts[-1][1].pings == (ALICE.user_id,)


async def test_turns_of_different_games_are_played_at_once_never_two_of_one_game(
    hosted: Hosting, clock: Clock
) -> None:
    thinker = Overlaps()
    courier = Courier()
    service = hosted(thinker, courier, at_once=3)
    host = service.host
    many = await start(host, 10, ALICE, BOT, BOT, BOT)
    one = await start(host, 20, BOB, BOT)
    await host.outbox.sent(await host.moves.move(10, "tink", ALICE.user_id, "S d4"))
    await host.outbox.sent(await host.moves.move(20, "tink", BOB.user_id, "S d4"))
    await run_until_idle(service)
    seeds = await games_by_seed(host, many, one)
    at_once = [sorted(seeds[seed] for seed in games) for games in thinker.at_once]
    assert at_once == [[many], sorted([many, one]), [many], [many]]
    assert sorted(place for place, _ in courier.posts) == [10, 10, 10, 20]


async def test_a_turn_claimed_by_a_process_that_died_is_played_once_its_claim_lapses(
    hosted: Hosting, clock: Clock
) -> None:
    courier = Courier()
    service = hosted(Recorder(), courier)
    host = service.host
    game_id = await start(host, 10, ALICE, BOT)
    await host.outbox.sent(await host.moves.move(10, "tink", ALICE.user_id, "S d4"))
    record = await host.storage.game(game_id)
    assert record is not None
    key = f"{game_id}@{record.turn_started_at!r}"
    assert await host.storage.clocks.claim(KIND, key, "died", clock.now, clock.now + AI_LEASE)
    async with playing(service) as runner:
        await service.settled()
        assert courier.posts == []
        clock.now += AI_LEASE
        await runner.look()
        await service.settled()
    assert len(courier.posts) == 1
    assert len(await host.storage.actions(game_id)) == 2


async def test_the_bots_move_waits_its_patience_then_goes_after_the_move_it_answers(
    hosted: Hosting, clock: Clock
) -> None:
    courier = Courier()
    patience = 0.2
    service = hosted(Recorder(), courier, patience=patience)
    host = service.host
    await start(host, 10, ALICE, BOT)
    await host.moves.move(10, "tink", ALICE.user_id, "S d4")
    loop = asyncio.get_running_loop()
    began = loop.time()
    await run_until_idle(service)
    assert loop.time() - began >= patience
    assert courier.posts == []
    owed = await host.outbox.owed()
    assert [plain(owed_announcement(a).post.text) for a in owed] == []
    clock.now += OWED_AFTER
    await service.scheduler.run_due()
    posted = [plain(post.text) for _, post in courier.posts]
    assert len(posted) == 2
    assert "Alice played" in posted[0]
    assert "played" in posted[1] and "Your move, Alice." in posted[1]
    assert await host.outbox.owed() == []


async def test_the_bots_move_goes_out_once_the_move_it_answers_is_announced(
    hosted: Hosting, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    thinker = Signalling()
    courier = Courier()
    service = hosted(thinker, courier)
    host = service.host
    await start(host, 10, ALICE, BOT)
    alices = await host.moves.move(10, "tink", ALICE.user_id, "S d4")
    loop = asyncio.get_running_loop()
    with caplog.at_level(logging.INFO, logger="bot.runtime.ai_runner"):
        async with playing(service):
            await thinker.asked.wait()
            announced_at = loop.time()
            await host.outbox.sent(alices)
            await service.settled()
    assert loop.time() - announced_at < PATIENCE
    assert [place for place, _ in courier.posts] == [10]
    assert "the move before the bot's in game" not in caplog.text


async def test_the_bots_turns_never_time_out_nor_are_reminded(host: Host, clock: Clock) -> None:
    post = await host.challenges.start(Invitation("tink", 1, 10, ALICE, (BOT,), time_limit="1h"))
    await host.moves.move(10, "tink", ALICE.user_id, "S d4")
    clock.now += 10 * 24 * 3600
    clocks = host.storage.clocks
    await host.slow_games.plan_turns()
    assert await clocks.due_time_outs(clock.now) == []
    assert await clocks.due_reminders(clock.now) == []
    assert await clocks.next_due() is None
    assert [t.game_id for t in await clocks.ai_turns()] == [post.game_id]


async def test_the_bots_move_is_announced_like_a_persons_struck_off_once_posted(
    hosted: Hosting, clock: Clock
) -> None:
    for courier, owed_games in ((Courier(), []), (Unreachable(), [20])):
        service = hosted(Recorder(), courier)
        host = service.host
        await start(host, 20 if owed_games else 10, ALICE, BOT)
        alices = await host.moves.move(20 if owed_games else 10, "tink", ALICE.user_id, "S d4")
        await host.outbox.sent(alices)
        await run_until_idle(service)
        clock.now += OWED_AFTER
        owed = await host.outbox.owed()
        assert [announcement.place_id for announcement in owed] == owed_games
    delivery = await host.outbox.delivery(owed[0], no_reply)
    assert delivery is not None
    assert "Your move, Alice." in plain(delivery.post.text)
