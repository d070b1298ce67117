"""Time limits, reminders and the scheduler, on a clock the tests move, over real SQLite."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import math
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.play.clocks.clock import DAY, HOUR, MINUTE
from bot.play.clocks.durations import DurationError, parse_duration
from bot.play.clocks.slow_games import SlowGames
from bot.play.clocks.timing import NUDGE, WARNING, suggest_durations, turn_reminders
from bot.play.host import Host
from bot.play.playing.challenges import Invitation
from bot.play.ranking.ratings import rate_game
from bot.play.table.values import Person, Post, Refusal
from bot.play.words.settings import duration
from bot.play.words.text import plain
from bot.runtime.scheduler import AFTER_SAVE, PLANNING_GAP, Scheduler
from bot.runtime.service import Service, build
from bot.storage import ALL_SHARDS, Status, Storage, open_storage
from bot.storage.claims import LEASE
from bot.storage.clocks import Turn
from tests.bot.support import ALICE, BOB, CAROL, Clock, StubRenderer, shown
from tests.postgres_server import BACKENDS

GUILD = 1
CHANNEL = 700


@dataclass
class Courier:
    """Records what the scheduler delivers; `dms_open` says whether DMs reach people."""

    dms_open: bool = True
    channel: list[Post] = field(default_factory=list)
    direct: list[tuple[int, Post]] = field(default_factory=list)

    async def to_channel(self, place_id: int, post: Post) -> None:
        assert place_id == CHANNEL
        self.channel.append(post)

    async def replied(self, reply_token: str) -> bool:
        return False

    async def to_user(self, user_id: int, post: Post) -> bool:
        if self.dms_open:
            self.direct.append((user_id, post))
        return self.dms_open

    @contextlib.asynccontextmanager
    async def typing(self, place_id: int) -> AsyncIterator[None]:
        yield

    def texts(self) -> list[str]:
        return [shown(post.text) for post in self.channel]


@dataclass
class World:
    clock: Clock
    storage: Storage
    host: Host
    courier: Courier
    service: Service

    @property
    def scheduler(self) -> Scheduler:
        return self.service.scheduler

    @property
    def play(self) -> SlowGames:
        return self.host.slow_games

    def restart(self, storage: Storage | None = None, *, slot: str = ALL_SHARDS) -> World:
        """The same database seen by a freshly started bot (through `storage`, as another
        process opened it, when given), serving `slot`: another process running while this
        one runs serves another slot."""
        return _world(storage or self.storage, self.clock, slot)

    async def begin(self, *invitees: Person, time_limit: str | None = "1d") -> int:
        invitation = Invitation("tink", GUILD, CHANNEL, ALICE, invitees, time_limit=time_limit)
        post = await self.host.challenges.start(invitation)
        for person in invitees:
            answer = await self.host.challenges.accept(post.game_id, person.user_id)
            if answer.post is not None:
                await self.host.outbox.sent(answer.post)
        return post.game_id

    async def move(self, person: Person, move: str) -> Post:
        """A move played and its post sent, as the bot sends it in reply."""
        post = await self.host.moves.move(CHANNEL, "tink", person.user_id, move)
        await self.host.outbox.sent(post)
        return post

    async def at(self, seconds: float) -> list[str]:
        """Move the clock `seconds` past its start, run what is due, return the posts."""
        self.clock.now = START + seconds
        self.courier.channel.clear()
        await self.scheduler.run_due()
        return self.courier.texts()


START = Clock().now


def time_outs(texts: list[str]) -> list[str]:
    """The posts that announce someone ran out of time."""
    return [text for text in texts if "ran out of time" in text]


@pytest.fixture
async def world(database_url: str) -> AsyncIterator[World]:
    storage = await open_storage(database_url, rater=rate_game)
    yield _world(storage, Clock())
    await storage.close()


def _world(storage: Storage, clock: Clock, slot: str = ALL_SHARDS) -> World:
    courier = Courier()
    service = build(storage, StubRenderer(), courier, clock=clock, slot=slot)
    return World(clock, storage, service.host, courier, service)


# -- durations and the plan of a turn -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("12h", 12 * HOUR),
        ("3d", 3 * DAY),
        ("90m", 90 * MINUTE),
        (" 1.5 Days ", 36 * HOUR),
        ("2 hours", 2 * HOUR),
        ("36hr", 36 * HOUR),
        ("1w", 7 * DAY),
        ("none", None),
        ("OFF", None),
    ],
)
def test_durations_are_read_as_people_type_them(text: str, seconds: float | None) -> None:
    assert parse_duration(text, "The time limit") == seconds


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        (
            "soon",
            "The time limit must be none or a number of minutes, hours or days, like "
            "12h or 3d, not 'soon'.",
        ),
        (
            "12",
            "The time limit must be none or a number of minutes, hours or days, like "
            "12h or 3d, not '12'.",
        ),
        ("5m", "The time limit must be between 10 minutes and 30 days."),
        ("31d", "The time limit must be between 10 minutes and 30 days."),
    ],
)
def test_unusable_durations_are_refused_in_one_sentence(text: str, sentence: str) -> None:
    with pytest.raises(DurationError) as refused:
        parse_duration(text, "The time limit")
    assert str(refused.value) == sentence


def test_durations_are_described_in_words() -> None:
    assert [plain(duration(s)) for s in (DAY, 3 * DAY, 36 * HOUR, HOUR, 90 * MINUTE)] == [
        "1 day",
        "3 days",
        "36 hours",
        "1 hour",
        "90 minutes",
    ]


def test_suggestions_put_a_valid_typed_duration_first() -> None:
    offered = ("none", "12h", "1d", "2d")
    assert suggest_durations("", offered, "x") == list(offered)
    assert suggest_durations("1", offered, "x") == ["12h", "1d"]
    assert suggest_durations("5d", offered, "x") == ["5d"]
    assert suggest_durations("1d", offered, "x") == ["1d"]


def _turn(started: float, time_limit: float | None) -> Turn:
    deadline = None if time_limit is None else started + time_limit
    return Turn(
        *(1, "tink", GUILD, CHANNEL, None, None, 2, 9, "Bob", started, time_limit, None, 0),
        *(None, deadline),
    )


@given(
    started=st.floats(0, 1e9),
    time_limit=st.none() | st.floats(10 * MINUTE, 30 * DAY),
    delay=st.none() | st.floats(10 * MINUTE, 30 * DAY),
)
def test_a_turn_has_at_most_a_nudge_then_a_warning_before_its_deadline(
    started: float, time_limit: float | None, delay: float | None
) -> None:
    plan = turn_reminders(_turn(started, time_limit), delay)
    stages = [r.stage for r in plan]
    assert stages in ([], [NUDGE], [WARNING], [NUDGE, WARNING])
    assert all(earlier.due < later.due for earlier, later in itertools.pairwise(plan))
    assert all(r.due > started for r in plan)
    assert (WARNING in stages) == (time_limit is not None)
    if time_limit is not None:
        assert all(r.due < started + time_limit for r in plan)


# -- time-outs ---------------------------------------------------------------------------


async def test_running_out_of_time_loses_a_two_player_game_once(world: World) -> None:
    game_id = await world.begin(BOB)
    assert time_outs(await world.at(DAY - 1)) == []
    (post,) = await world.at(DAY)
    assert post.splitlines()[:2] == ["**Alice** ran out of time.", "**Bob** wins: time ran out."]
    record = await world.storage.game(game_id)
    assert record is not None and record.status is Status.FINISHED
    assert await world.at(DAY + 1) == []
    assert await world.restart().at(2 * DAY) == []


async def test_a_player_out_of_time_in_a_three_player_game_goes_out_and_play_goes_on(
    world: World,
) -> None:
    game_id = await world.begin(BOB, CAROL)
    (post,) = await world.at(DAY)
    assert post.splitlines() == [
        "**Alice** ran out of time.",
        "Alice is out: time ran out.",
        f"Your move, **Bob**. Time runs out <t:{int(START + 2 * DAY)}:f>.",
    ]
    record = await world.storage.game(game_id)
    assert record is not None and record.status is Status.ACTIVE
    assert record.turn_started_at == START + DAY
    assert time_outs(await world.at(2 * DAY - 1)) == []
    (post,) = await world.at(2 * DAY)
    assert post.splitlines() == [
        "**Bob** ran out of time.",
        "Bob is out: time ran out.",
        "**Carol** wins: time ran out.",
    ]


async def test_a_move_before_the_deadline_wins_and_starts_a_new_clock(world: World) -> None:
    game_id = await world.begin(BOB)
    world.clock.now = START + DAY - 1
    await world.move(ALICE, "S d4")
    assert time_outs(await world.at(DAY)) == []
    (post,) = time_outs(await world.at(2 * DAY - 1))
    assert post.startswith("**Bob** ran out of time.")
    assert len(await world.storage.actions(game_id)) == 2


async def test_a_move_after_the_deadline_is_a_time_out_even_before_the_scheduler_acts(
    world: World,
) -> None:
    game_id = await world.begin(BOB)
    world.clock.now = START + DAY
    post = await world.move(ALICE, "S d4")
    assert shown(post.text).splitlines()[:2] == [
        "**Alice** ran out of time before moving.",
        "**Bob** wins: time ran out.",
    ]
    assert [a.action for a in await world.storage.actions(game_id)] == ["@forfeit 0 time"]
    assert await world.at(DAY) == []


async def test_a_move_and_a_time_out_racing_apply_exactly_once(world: World) -> None:
    game_id = await world.begin(BOB)
    world.clock.now = START + DAY
    outcomes = await asyncio.gather(
        world.host.moves.move(CHANNEL, "tink", ALICE.user_id, "S d4"),
        world.host.endings.time_out(game_id),
        return_exceptions=True,
    )
    applied = [o for o in outcomes if isinstance(o, Post)]
    assert len(applied) == 1, outcomes
    assert all(o is None or isinstance(o, Post | Refusal) for o in outcomes)
    assert len(await world.storage.actions(game_id)) == 1


async def test_a_restart_catches_up_and_says_the_time_ran_out_while_offline(
    world: World,
) -> None:
    await world.begin(BOB)
    world.clock.now = START + 3 * DAY
    later = world.restart()
    (post,) = await later.at(3 * DAY)
    assert post.startswith("**Alice** ran out of time while the bot was offline.")
    assert await later.at(3 * DAY + 1) == []
    assert await later.restart().at(4 * DAY) == []


# -- reminders ---------------------------------------------------------------------------


async def test_one_warning_when_a_quarter_of_the_time_is_left(world: World) -> None:
    await world.begin(BOB, time_limit="4h")
    assert await world.at(3 * HOUR - 1) == []
    (warning,) = await world.at(3 * HOUR)
    deadline = int(START + 4 * HOUR)
    assert warning == (
        "**Alice**, a quarter of your time is left in "
        f"[Tink #1](https://discord.com/channels/{GUILD}/{CHANNEL}): time runs out "
        f"<t:{deadline}:f>, and then you lose the game."
    )
    assert world.courier.channel[0].pings == (ALICE.user_id,)
    assert await world.at(4 * HOUR - 1) == []
    (post,) = await world.at(4 * HOUR)
    assert post.startswith("**Alice** ran out of time.")


async def test_an_idle_turn_is_nudged_once_and_each_new_turn_again(world: World) -> None:
    await world.begin(BOB, time_limit="none")
    assert await world.at(DAY - 1) == []
    (nudge,) = await world.at(DAY)
    assert nudge.startswith("Reminder, **Alice**: it has been your move in [Tink #1](")
    assert nudge.endswith(f"since <t:{int(START)}:f>.")
    assert await world.at(5 * DAY) == []
    await world.move(ALICE, "S d4")
    assert await world.at(6 * DAY - 1) == []
    (nudge,) = await world.at(6 * DAY)
    assert nudge.startswith("Reminder, **Bob**:")


async def test_a_long_time_limit_gets_a_nudge_then_a_warning(world: World) -> None:
    await world.begin(BOB, time_limit="8d")
    (nudge,) = await world.at(DAY)
    assert nudge.startswith("Reminder, **Alice**:") and "time runs out <t:" in nudge
    assert await world.at(6 * DAY - 1) == []
    (warning,) = await world.at(6 * DAY)
    assert "a quarter of your time is left" in warning


async def test_reminders_that_fell_due_together_are_sent_as_one(world: World) -> None:
    await world.begin(BOB, time_limit="8d")
    (warning,) = await world.restart().at(7 * DAY)
    assert "a quarter of your time is left" in warning


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_warning_due_once_the_deadline_passed_gives_way_to_the_time_out(
    world: World,
) -> None:
    game_id = await world.begin(BOB, time_limit="4h")
    record = await world.storage.game(game_id)
    assert record is not None and record.turn_started_at is not None
    deadline = START + 4 * HOUR
    key = f"{game_id}@{record.turn_started_at!r}"
    assert await world.storage.clocks.claim("time-out", key, "stopped", deadline, deadline + LEASE)
    assert await world.at(4 * HOUR + 1) == []
    (post,) = await world.at(4 * HOUR + LEASE + 1)
    assert post.startswith("**Alice** ran out of time.")
    assert await world.restart().at(5 * HOUR + LEASE) == []


async def test_reminders_go_by_direct_message_when_asked_or_else_the_channel(
    world: World,
) -> None:
    await world.play.set_dm_reminders(ALICE.user_id, True)
    await world.begin(BOB, time_limit="none")
    assert await world.at(DAY) == []
    ((user_id, post),) = world.courier.direct
    assert user_id == ALICE.user_id and shown(post.text).startswith("Reminder, **Alice**")
    await world.move(ALICE, "S d4")
    await world.play.set_dm_reminders(BOB.user_id, True)
    world.courier.dms_open = False
    (fallback,) = await world.at(3 * DAY)
    assert fallback.startswith("Reminder, **Bob**")


async def test_a_new_reminder_delay_moves_running_turns_without_repeating(
    world: World,
) -> None:
    await world.begin(BOB, time_limit="none")
    assert await world.at(HOUR) == []
    await world.play.change_settings(GUILD, reminder_delay="2h")
    (nudge,) = await world.at(2 * HOUR)
    assert nudge.startswith("Reminder, **Alice**")
    await world.play.change_settings(GUILD, reminder_delay="1h")
    assert await world.at(3 * HOUR) == []
    await world.play.change_settings(GUILD, reminder_delay="none")
    await world.move(ALICE, "S d4")
    assert await world.at(30 * DAY) == []


async def test_next_due_is_the_earliest_reminder_or_deadline(world: World) -> None:
    assert await world.scheduler.run_due() is None
    await world.begin(BOB, time_limit="12h")
    assert await world.scheduler.run_due() == START + 9 * HOUR
    await world.at(9 * HOUR)
    assert await world.scheduler.run_due() == START + 12 * HOUR


# -- settings ----------------------------------------------------------------------------


async def test_the_server_default_time_limit_applies_when_start_gives_none(
    world: World,
) -> None:
    settings = await world.play.change_settings(GUILD, time_limit="2d", threads=True)
    assert (settings.time_limit, settings.threads) == (2 * DAY, True)
    game_id = await world.begin(BOB, time_limit=None)
    record = await world.storage.game(game_id)
    assert record is not None and record.time_limit == 2 * DAY
    with pytest.raises(Refusal, match=r"^The reminder delay must be between"):
        await world.play.change_settings(GUILD, reminder_delay="1m")
    assert await world.play.settings(GUILD) == settings


# -- the background task -------------------------------------------------------------------


async def _until(condition: Callable[[], Awaitable[bool]], timeout: float = 2.0) -> None:
    async with asyncio.timeout(timeout):
        while not await condition():
            await asyncio.sleep(0.01)


async def test_the_background_task_wakes_when_a_game_is_saved(world: World) -> None:
    world.service.start()
    try:
        first = await world.begin(BOB)

        async def planned() -> bool:
            return not await world.storage.clocks.unplanned_turns()

        await _until(planned)
        world.clock.now = START + DAY
        await world.play.change_settings(GUILD, threads=True)

        async def timed_out() -> bool:
            record = await world.storage.game(first)
            return record is not None and record.status is Status.FINISHED

        await _until(timed_out)
        assert world.courier.texts()[0].startswith("**Alice** ran out of time.")
    finally:
        await world.service.stop()


async def test_saves_in_quick_succession_are_planned_together_a_few_seconds_on(
    world: World,
) -> None:
    world.service.start()

    async def planned() -> bool:
        return not await world.storage.clocks.unplanned_turns()

    try:
        await world.begin(BOB)
        await _until(planned)
        for person, move in ((ALICE, "S d4"), (BOB, "S e5"), (ALICE, "S d3")):
            world.clock.now += 60
            await world.move(person, move)
        await asyncio.sleep(AFTER_SAVE * 2)
        assert not await planned()
        await _until(planned, PLANNING_GAP)
    finally:
        await world.service.stop()


# -- several bot processes sharing one database --------------------------------------


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_two_processes_send_each_warning_and_time_out_once(
    world: World, database_url: str
) -> None:
    await world.begin(BOB)
    other_storage = await open_storage(database_url, rater=rate_game)
    other = world.restart(other_storage, slot="shards 1 of 2")
    try:
        for hours, expected in ((19, "a quarter of your time is left"), (25, "ran out of time")):
            world.clock.now = START + hours * HOUR
            await asyncio.gather(world.scheduler.run_due(), other.scheduler.run_due())
            posts = world.courier.texts() + other.courier.texts()
            assert len([text for text in posts if expected in text]) == 1, posts
    finally:
        await other_storage.close()


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_work_claimed_by_a_stopped_process_is_done_once_its_claim_lapses(
    world: World,
) -> None:
    game_id = await world.begin(BOB)
    record = await world.storage.game(game_id)
    assert record is not None and record.turn_started_at is not None
    deadline = START + DAY + 1
    key = f"{game_id}@{record.turn_started_at!r}"
    assert await world.storage.clocks.claim("time-out", key, "stopped", deadline, deadline + LEASE)
    assert time_outs(await world.at(DAY + 1)) == []
    assert time_outs(await world.at(DAY + LEASE)) == []
    assert len(time_outs(await world.at(DAY + 1 + LEASE))) == 1


async def test_claims_left_by_a_stopped_process_are_forgotten(world: World) -> None:
    claims = world.storage.clocks
    assert await claims.claim("reminder", "1@0.0", "stopped", START, START + LEASE)
    await world.at(2 * HOUR)
    assert await claims.prune(math.inf) == 0


async def test_a_failed_clear_out_of_claims_holds_up_no_due_work(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def fail(lapsed_before: float) -> int:
        raise OSError("the database went away")

    await world.begin(BOB)
    monkeypatch.setattr(world.storage.clocks, "prune", fail)
    assert len(time_outs(await world.at(DAY + 1))) == 1
