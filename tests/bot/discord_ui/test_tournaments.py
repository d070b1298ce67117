"""Tournaments through discord.py: the announcement's Join and Leave, starting, games in
threads, standings with the crosstable, joins racing the start time, refusals."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.discord_ui.courier import DiscordCourier
from bot.play.clocks.clock import HOUR
from bot.play.table.outbox import OWED_AFTER
from bot.play.table.values import Post
from bot.storage.tournaments import Tournaments
from tests.bot.discord_ui.test_crash_and_load import Killed, restarted
from tests.bot.discord_ui.test_slow_game_commands import scheduler_of
from tests.bot.harness import DiscordHarness, Kind, Reply
from tests.bot.harness.records import Request
from tests.bot.harness.server import FakeDiscord
from tests.bot.harness.transport import http_error
from tests.bot.support import Clock, new_bot

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
OPENING = "its games are being opened, each in its own thread under this channel."


@pytest.fixture
async def discord(tmp_path: Path, clock: Clock) -> AsyncIterator[DiscordHarness]:
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as harness:
        yield harness


async def created(discord: DiscordHarness, game: str = "tink", **options: object) -> Reply:
    owner = discord.user("owner")
    return await discord.slash(owner, f"tournament create {game}", {"format": "swiss", **options})


def in_channel(discord: DiscordHarness, reply: Reply) -> str:
    """What the reply's messages in the tournament's channel say (not in the threads)."""
    return "\n".join(m.content for m in reply.messages if m.channel == discord.channel)


async def test_players_join_by_button_and_the_games_begin_in_threads(
    discord: DiscordHarness,
) -> None:
    announcement = await created(discord, swiss_rounds=2)
    assert "Tournament #1: Tink Swiss, 2 rounds" in announcement.content
    assert [b.label for b in announcement.message.buttons] == ["Join", "Leave"]
    names = ["alice", "bob", "carol"]
    for name in names:
        joined = await discord.click(discord.user(name), announcement.message, "Join")
    assert "Players (3): alice, bob and carol" in joined.content
    twice = await discord.click(discord.user("bob"), announcement.message, "Join")
    assert twice.ephemeral and twice.content == "You are already in tournament #1."
    left = await discord.click(discord.user("carol"), announcement.message, "Leave")
    assert "Players (2): alice and bob" in left.content
    started = await discord.slash(discord.user("alice"), "tournament start", {"number": 1})
    assert started.ephemeral
    assert started.content == (
        "Only the creator of tournament #1 or someone who can manage the server can start it."
    )
    started = await discord.slash(discord.user("owner"), "tournament start", {"number": 1})
    assert f"Tournament #1 has begun: {OPENING}" in in_channel(discord, started)
    threads = started.of(Kind.THREAD)
    assert len(threads) == 1
    assert threads[0].body["name"] in ("#1 R1: alice vs bob (Tink)", "#1 R1: bob vs alice (Tink)")
    game_post = [m for m in started.messages if m.channel != discord.channel][-1]
    assert "Tournament #1, round 1" in game_post.content
    alice, bob = discord.user("alice"), discord.user("bob")
    assert f"<@{alice.id}>" in game_post.content and f"<@{bob.id}>" in game_post.content
    assert "Entries are closed: the games are being played." in announcement.message.content
    assert announcement.message.buttons == []
    standings = await discord.slash(bob, "tournament standings")
    assert "1. **" in standings.content and "Buchholz" in standings.content
    assert standings.files[0].data.startswith(PNG_SIGNATURE)
    listing = await discord.slash(bob, "tournaments")
    assert "#1 Tink Swiss, 2 rounds: running, 2 players" in listing.content


async def test_bad_requests_are_refused_in_one_sentence(discord: DiscordHarness) -> None:
    owner = discord.user("owner")
    unknown = await discord.slash(owner, "tournament start", {"number": 7})
    assert unknown.ephemeral and unknown.content == "There is no tournament #7 in this server."
    announcement = await created(discord)
    await discord.click(owner, announcement.message, "Join")
    alone = await discord.slash(owner, "tournament start", {"number": 1})
    assert alone.ephemeral and alone.content == "Tournament #1 needs at least 2 players to start."
    four = await created(discord, players=4)
    assert four.ephemeral and four.content == (
        "Tournaments are for two-player games only, so a Tink tournament of 4 players cannot "
        "be held."
    )


async def test_joins_racing_the_start_time_either_enter_or_are_refused(
    discord: DiscordHarness, clock: Clock
) -> None:
    announcement = await created(discord, starts="1h")
    for name in ("p0", "p1"):
        await discord.click(discord.user(name), announcement.message, "Join")
    clock.now += HOUR
    racers = [discord.user(f"r{i}") for i in range(4)]
    replies = await asyncio.gather(
        discord.click(racers[0], announcement.message, "Join"),
        discord.click(racers[1], announcement.message, "Join"),
        discord.run(scheduler_of(discord).run_due()),
        discord.click(racers[2], announcement.message, "Join"),
        discord.click(racers[3], announcement.message, "Join"),
    )
    host = discord.client.host  # type: ignore[attr-defined]
    entrants = {e.user_id for e in await host.storage.tournaments.entrants(1)}
    for racer, answer in zip(racers, replies[:2] + replies[3:], strict=True):
        if racer.id in entrants:
            assert not answer.ephemeral
        else:
            assert answer.content == "Tournament #1 has closed its entries."
    pairings = await host.storage.tournaments.pairings(1)
    paired = {p.first_id for p in pairings} | {p.second_id for p in pairings if p.second_id}
    assert paired == entrants


async def test_each_game_has_its_create_command_with_its_own_options(
    discord: DiscordHarness,
) -> None:
    folio = await created(discord, "folio", grid="fixed", extras="random")
    assert "Tournament #1: Folio Swiss" in folio.content
    bridge = await created(discord, "bridge", format="round-robin", rounds=3, win="delayed")
    assert "Tournament #2: Bridge round robin" in bridge.content
    host = discord.client.host  # type: ignore[attr-defined]
    stored = [await host.storage.tournaments.tournament(n) for n in (1, 2)]
    assert stored[0].options["grid"] == "fixed"
    assert stored[1].options["rounds"] == 3 and stored[1].options["win"] == "delayed"
    freeform = await created(discord, "folio", grid="freeform")
    assert freeform.ephemeral and freeform.content == (
        "The freeform variant needs pieces placed anywhere on a real table, so it is not "
        "offered here."
    )
    assert await host.storage.tournaments.tournament(3) is None
    registered = {c.name: c for c in discord.client.tree.get_commands()}  # type: ignore[attr-defined]
    create = registered["tournament"].get_command("create")
    bridge_options = {p.name for p in create.get_command("bridge").parameters}
    assert {"rounds", "point_limit", "swiss_rounds"} <= bridge_options
    assert "grid" not in bridge_options and "players" not in bridge_options


async def started_with_second_thread_failing(discord: DiscordHarness, error: Exception) -> Reply:
    """A round robin of four started, Discord answering the second thread with `error`."""
    announcement = await created(discord, format="round-robin")
    players = [discord.user(f"p{i}") for i in range(4)]
    for player in players:
        await discord.click(player, announcement.message, "Join")
    attempts = 0

    def second_fails(request: Request) -> Any:
        nonlocal attempts
        attempts += 1
        if attempts == 2:
            raise error
        return FakeDiscord._create_thread(discord, request)[0]

    discord.stub("POST", "/channels/{channel_id}/messages/{message_id}/threads", second_fails)
    return await discord.slash(discord.user("owner"), "tournament start", {"number": 1})


@pytest.mark.parametrize("status", [429, 500])
async def test_a_thread_discord_fails_to_open_is_opened_on_the_next_pass(
    discord: DiscordHarness, status: int
) -> None:
    error = http_error(status, 0, "You are being rate limited." if status == 429 else "")
    started = await started_with_second_thread_failing(discord, error)
    assert f"Tournament #1 has begun: {OPENING}" in in_channel(discord, started)
    tried = started.of(Kind.THREAD)
    assert [r.status for r in tried] == [200, status, 200, 200, 200, 200]
    host = discord.client.host  # type: ignore[attr-defined]
    pairings = await host.storage.tournaments.pairings(1)
    assert sum(p.game_id is None for p in pairings) == 1
    later = await discord.run(scheduler_of(discord).run_due())
    assert [r.status for r in later.of(Kind.THREAD)] == [200]
    pairings = await host.storage.tournaments.pairings(1)
    assert all(p.game_status == "active" for p in pairings)
    assert len({p.thread_id for p in pairings}) == 6


@pytest.mark.parametrize(
    ("status", "code", "text"), [(403, 50001, "Missing Access"), (404, 10003, "Unknown Channel")]
)
async def test_a_thread_discord_refuses_for_good_is_not_played_and_not_tried_again(
    discord: DiscordHarness, status: int, code: int, text: str
) -> None:
    started = await started_with_second_thread_failing(discord, http_error(status, code, text))
    assert [r.status for r in started.of(Kind.THREAD)] == [200, status, 200, 200, 200, 200]
    said = in_channel(discord, started)
    assert said.count("Discord refuses to open a thread in this channel") == 1
    assert "is not played: it scores nothing for either player and is not rated." in said
    host = discord.client.host  # type: ignore[attr-defined]
    pairings = await host.storage.tournaments.pairings(1)
    (unplayed,) = [p for p in pairings if p.unplayed]
    assert unplayed.game_id is None and unplayed.thread_id is None
    later = await discord.run(scheduler_of(discord).run_due())
    assert later.of(Kind.THREAD) == [] and in_channel(discord, later) == ""
    assert sum(p.game_status == "active" for p in pairings) == 5


async def started_dying(
    discord: DiscordHarness,
    monkeypatch: pytest.MonkeyPatch,
    owner: type,
    name: str,
    dying: Callable[..., Awaitable[Any]],
) -> None:
    """A Swiss of alice and bob started, the process dying where `owner.name` runs."""
    announcement = await created(discord)
    for player in ("alice", "bob"):
        await discord.click(discord.user(player), announcement.message, "Join")
    monkeypatch.setattr(owner, name, dying)
    with pytest.raises(Killed):
        await discord.slash(discord.user("owner"), "tournament start", {"number": 1})
    monkeypatch.undo()


async def test_a_game_begun_just_before_a_crash_has_its_first_board_posted_once(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def killed_before_posting(self: DiscordCourier, place_id: int, post: Post) -> None:
        raise Killed

    first = DiscordHarness(new_bot(tmp_path, clock=clock))
    async with first:
        await started_dying(first, monkeypatch, DiscordCourier, "to_channel", killed_before_posting)
        assert [r for r in first.requests if "begins" in r.content] == []
    async with restarted(first, new_bot(tmp_path, clock=clock)) as back:
        assert [r for r in back.requests if r.kind is Kind.THREAD] == []
        (sent,) = [r for r in back.requests if r.kind is Kind.SEND]
        board = sent.message
        assert board.content.startswith("Tournament #1, round 1: ")
        assert board.channel.parent == back.channel and "begins: " in board.content
        alice, bob = back.user("alice"), back.user("bob")
        assert f"<@{alice.id}>" in board.content and f"<@{bob.id}>" in board.content
        assert board.png().startswith(PNG_SIGNATURE)
    clock.now += OWED_AFTER + 1
    async with restarted(back, new_bot(tmp_path, clock=clock)) as last:
        assert [r for r in last.requests if r.kind is Kind.SEND] == []
        assert last.messages_in(board.channel) == [board]


async def test_a_starter_posted_just_before_a_crash_is_posted_once_and_its_thread_opened_once(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def killed_before_recording(self: Tournaments, pairing_id: int, message: int) -> int:
        raise Killed

    first = DiscordHarness(new_bot(tmp_path, clock=clock))
    async with first:
        await started_dying(first, monkeypatch, Tournaments, "set_starter", killed_before_recording)
        (starter,) = [r.message for r in first.requests if r.kind is Kind.SEND]
        assert [r for r in first.requests if r.kind is Kind.THREAD] == []
    async with restarted(first, new_bot(tmp_path, clock=clock)) as back:
        sent = [r.message for r in back.requests if r.kind is Kind.SEND and r.message]
        (again,) = [m for m in sent if m.channel == back.channel]
        assert starter is not None and again.id == starter.id, "Discord kept the nonce's message"
        (opened,) = [r for r in back.requests if r.kind is Kind.THREAD]
        assert opened.status == 200
        (board,) = [m for m in sent if m.channel.parent == back.channel]
        assert board.channel.id == starter.id and "begins: " in board.content


async def test_a_thread_opened_just_before_a_crash_is_adopted_not_opened_again(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def killed_before_recording(self: Tournaments, pairing_id: int, thread: int) -> int:
        raise Killed

    first = DiscordHarness(new_bot(tmp_path, clock=clock))
    async with first:
        await started_dying(first, monkeypatch, Tournaments, "set_thread", killed_before_recording)
        (opened,) = [r for r in first.requests if r.kind is Kind.THREAD]
    async with restarted(first, new_bot(tmp_path, clock=clock)) as back:
        (adopted,) = [r for r in back.requests if r.kind is Kind.THREAD]
        assert adopted.status == 400, "Discord keeps one thread a message"
        (board,) = [r.message for r in back.requests if r.kind is Kind.SEND]
        assert board is not None and board.channel.parent == back.channel
        assert board.channel.id == int(opened.params["message_id"])
        assert board.content.startswith("Tournament #1, round 1: ") and "begins: " in board.content
        starters = [m for m in back.messages_in() if "play in this thread" in m.content]
        assert len(starters) == 1


PAIRED = "Tournament #1, round 2 is paired:"
OVER = "Tournament #1 is over: "


async def withdrawal_killed_at(
    discord: DiscordHarness,
    monkeypatch: pytest.MonkeyPatch,
    news: str,
    names: tuple[str, ...],
    *,
    after_posting: bool,
) -> None:
    """A two-round Swiss of these players: a player of round 1's game withdraws, which
    moves the tournament on, and the process dies just before (or just after) posting the
    news that says `news`."""
    post = DiscordCourier.to_channel

    async def killed_at_the_news(self: DiscordCourier, place_id: int, sent: Post) -> None:
        if news not in str(sent.text):
            await post(self, place_id, sent)
            return
        if after_posting:
            await post(self, place_id, sent)
        raise Killed

    announcement = await created(discord, swiss_rounds=2)
    players = {discord.user(name).id: discord.user(name) for name in names}
    for player in players.values():
        await discord.click(player, announcement.message, "Join")
    await discord.slash(discord.user("owner"), "tournament start", {"number": 1})
    host = discord.client.host  # type: ignore[attr-defined]
    await discord.client.service.settled()  # type: ignore[attr-defined]
    (game,) = [p for p in await host.storage.tournaments.pairings(1) if p.second_id is not None]
    monkeypatch.setattr(DiscordCourier, "to_channel", killed_at_the_news)
    with pytest.raises(Killed):
        await discord.slash(players[game.first_id], "tournament withdraw", {"number": 1})
    monkeypatch.undo()


def told(discord: DiscordHarness, news: str) -> list[str]:
    return [m.content for m in discord.messages_in() if news in m.content]


@pytest.mark.parametrize("after_posting", [False, True])
@pytest.mark.parametrize(
    ("news", "names"), [(PAIRED, ("alice", "bob", "carol")), (OVER, ("alice", "bob"))]
)
async def test_news_saved_just_before_a_crash_is_posted_once(
    tmp_path: Path,
    clock: Clock,
    monkeypatch: pytest.MonkeyPatch,
    news: str,
    names: tuple[str, ...],
    after_posting: bool,
) -> None:
    first = DiscordHarness(new_bot(tmp_path, clock=clock))
    async with first:
        await withdrawal_killed_at(first, monkeypatch, news, names, after_posting=after_posting)
        assert len(told(first, news)) == (1 if after_posting else 0)
    async with restarted(first, new_bot(tmp_path, clock=clock)) as back:
        (said,) = told(back, news)
        assert ("1. **" in said and " v **" in said) if news == PAIRED else "won!" in said
    clock.now += OWED_AFTER + 1
    async with restarted(back, new_bot(tmp_path, clock=clock)) as last:
        await last.run(scheduler_of(last).run_due())
        assert len(told(last, news)) == 1
