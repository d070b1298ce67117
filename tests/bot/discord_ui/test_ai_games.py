"""Playing against the bot through discord.py: starting, its moves, restarts, offers,
take-backs, ratings and the lessons of a finished game, with the smallest AI budgets."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import math
import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import MappingProxyType

import pytest

import ai
import engine
from bot.discord_ui.views import NONCE_LENGTH
from bot.play.playing.ai_seats import ai_user_id
from bot.play.playing.ai_turns import LATE_PLIES
from bot.play.words.languages import SOURCE
from bot.runtime.service import Service
from bot.storage import GameRecord, Status, Storage
from bot.workers.drawing import ThreadDrawing
from bot.workers.thinking import ThreadThinking
from tests.bot.harness import DiscordHarness, Kind, Reply, Request, SentMessage, User
from tests.bot.support import new_bot
from tests.postgres_server import BACKENDS

BOT = "harness-bot"


@pytest.fixture(autouse=True)
def quick_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every level thinks a few iterations only: its moves stay legal and its tactics exact."""
    for level in ai.LEVELS:
        quick = dataclasses.replace(ai.SETTINGS[level], iterations=MappingProxyType({"default": 4}))
        monkeypatch.setitem(ai.SETTINGS, level, quick)


class StalledThinker(ThreadThinking):
    """Thinks as usual, except that its moves never come: the bot stops mid-thought."""

    def __init__(self) -> None:
        self.asked = asyncio.Event()

    async def choose_move(self, state: str, level: str) -> str:
        self.asked.set()
        await asyncio.Event().wait()
        raise AssertionError("a stalled thought never ends")


class ScriptedThinker(ThreadThinking):
    """Plays the moves it is given, in order, so a test builds the position it needs;
    it judges positions as the AI does."""

    def __init__(self, moves: list[str]) -> None:
        self.moves = iter(moves)

    async def choose_move(self, state: str, level: str) -> str:
        return next(self.moves)


class QuickThinker(ThreadThinking):
    """Answers every position at once with its first legal move, saying when it has."""

    def __init__(self) -> None:
        self.answered = asyncio.Event()

    async def choose_move(self, state: str, level: str) -> str:
        self.answered.set()
        return engine.load_game(state).legal_moves()[0]


class GatheringThinker(ThreadThinking):
    """Holds each thought until the test has made every move (`all_moved`), then until
    another thought is under way too, for `alone_for` seconds at most, noting the most
    thoughts under way at once; then plays the first legal move."""

    def __init__(self, alone_for: float) -> None:
        self.alone_for = alone_for
        self.under_way = 0
        self.most_at_once = 0
        self.two_under_way = asyncio.Event()
        self.all_moved = asyncio.Event()

    async def choose_move(self, state: str, level: str) -> str:
        self.under_way += 1
        self.most_at_once = max(self.most_at_once, self.under_way)
        if self.under_way == 2:
            self.two_under_way.set()
        await self.all_moved.wait()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.two_under_way.wait(), self.alone_for)
        self.under_way -= 1
        return engine.load_game(state).legal_moves()[0]


class SlowFirstMovePicture(ThreadDrawing):
    """Draws the picture of the game's first move only after `thinker` has answered it."""

    def __init__(self, thinker: QuickThinker) -> None:
        self.thinker = thinker

    async def board_png(
        self,
        game: engine.Game,
        player_names: Sequence[str],
        clocks: Sequence[str | None] = (),
        *,
        language: str = SOURCE,
    ) -> bytes:
        if len(game.history) == 1:
            await self.thinker.answered.wait()
            await asyncio.sleep(0.05)
        return await super().board_png(game, player_names, clocks, language=language)


def storage_of(discord: DiscordHarness) -> Storage:
    return discord.client.host.storage  # type: ignore[attr-defined, no-any-return]


async def bot_done(discord: DiscordHarness) -> None:
    """Wait until the bot has played every turn waiting on it."""
    service = discord.client.service  # type: ignore[attr-defined]
    assert isinstance(service, Service)
    await discord.run(service.settled())


async def saved(discord: DiscordHarness, game_id: int = 1) -> tuple[GameRecord, engine.Game]:
    record = await storage_of(discord).game(game_id)
    assert record is not None
    return record, engine.load_game(record.state)


def sends(discord: DiscordHarness) -> list[Request]:
    """The posts the bot made by itself (not as a reply), oldest first."""
    return [r for r in discord.requests if r.kind is Kind.SEND]


def pings(request: Request) -> list[int]:
    return [int(u) for u in (request.allowed_mentions or {}).get("users", [])]


def pinged(reply: Reply) -> list[int]:
    return [int(u) for u in reply.response.allowed_mentions.get("users", [])]


def last_message(discord: DiscordHarness) -> SentMessage:
    return discord.messages_in()[-1]


async def play_out(discord: DiscordHarness, player: User, rng: random.Random) -> GameRecord:
    """`player` plays random legal moves, the bot answering each, until the game ends."""
    record, game = await saved(discord)
    while record.status is Status.ACTIVE:
        await discord.slash(player, "tink move", {"move": rng.choice(game.legal_moves())})
        await bot_done(discord)
        record, game = await saved(discord)
    return record


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_whole_game_against_the_bot_survives_a_restart_during_its_turn(
    tmp_path: Path, database_url: str
) -> None:
    stalled = StalledThinker()
    async with DiscordHarness(new_bot(tmp_path, database_url=database_url, thinker=stalled)) as (
        first
    ):
        alice = first.user("alice")
        start = await first.slash(alice, "tink start", {"opponent": first.me, "ai": "hard"})
        assert start.content.splitlines()[:2] == [
            f"Tink #1 begins: alice and {BOT} (hard).",
            "Your move, **alice**.",
        ]
        assert start.png().startswith(b"\x89PNG")
        alice_id = alice.id
        await first.slash(alice, "tink move", {"move": "S d4"})
        await first.run(stalled.asked.wait())
        typing = [r for r in first.requests if r.kind is Kind.TYPING]
        assert typing and typing[0].params["channel_id"] == str(first.channel.id)
        assert sends(first) == []
    async with DiscordHarness(new_bot(tmp_path, database_url=database_url)) as second:
        await bot_done(second)
        (moved,) = sends(second)
        alice = second.user("alice")
        assert moved.content.startswith(f"**{BOT} (hard)** played `")
        assert "Your move, **alice**." in moved.content
        assert pings(moved) == [alice_id]
        assert moved.png().startswith(b"\x89PNG")
        actions = await storage_of(second).actions(1)
        assert [(a.seat, a.user_id) for a in actions] == [
            (0, alice_id),
            (1, ai_user_id("hard")),
        ]
        alice = dataclasses.replace(alice, id=alice_id)
        record = await play_out(second, alice, random.Random(5))
        assert record.status is Status.FINISHED
        actions = await storage_of(second).actions(1)
        bot_moves = [a for a in actions if a.user_id == ai_user_id("hard")]
        played = [r for r in sends(second) if r.content.startswith(f"**{BOT} (hard)** played")]
        assert bot_moves and len(played) == len(bot_moves)
        nonces = {r.body["nonce"] for r in played if r.body["enforce_nonce"]}
        assert len(nonces) == len(played) and {len(n) for n in nonces} == {NONCE_LENGTH}
        ending = last_message(second)
        assert [b.label for b in ending.buttons] == ["Replay", "Review", "Rematch"]
        assert "wins" in ending.content or "drawn" in ending.content


async def test_the_bots_answer_is_posted_after_the_move_it_answers(tmp_path: Path) -> None:
    thinker = QuickThinker()
    slow = SlowFirstMovePicture(thinker)
    async with DiscordHarness(new_bot(tmp_path, renderer=slow, thinker=thinker)) as discord:
        alice = discord.user("alice")
        await discord.slash(alice, "tink start", {"opponent": discord.me, "ai": "easy"})
        await discord.slash(alice, "tink move", {"move": "S d4"})
        await bot_done(discord)
        first_lines = [m.content.splitlines()[0] for m in discord.messages_in()]
        assert len(first_lines) == 3
        assert first_lines[1].startswith("**alice** played `S d4`")
        assert first_lines[2].startswith(f"**{BOT} (easy)** played `")


@pytest.mark.parametrize("processes", [1, 2])
async def test_the_bot_thinks_about_as_many_games_at_once_as_it_has_processes(
    tmp_path: Path, processes: int
) -> None:
    # One process: a second thought would begin at once, so a fifth of a second shows none
    # does; two: the second thought is awaited as long as it takes.
    thinker = GatheringThinker(alone_for=0.2 if processes == 1 else 60.0)
    bot = new_bot(tmp_path, thinker=thinker, ai_processes=processes)
    async with DiscordHarness(bot) as discord:
        players = [discord.user("alice"), discord.user("bob")]
        channels = [discord.text_channel(f"bot-{player.name}") for player in players]
        for player, channel in zip(players, channels, strict=True):
            await discord.slash(player, "tink start", {"ai": "easy"}, channel=channel)
        for player, channel in zip(players, channels, strict=True):
            await discord.slash(player, "tink move", {"move": "S d4"}, channel=channel)
        thinker.all_moved.set()
        await bot_done(discord)
        assert thinker.most_at_once == processes
        for player, channel in zip(players, channels, strict=True):
            first_lines = [m.content.splitlines()[0] for m in discord.messages_in(channel)]
            assert len(first_lines) == 3
            assert first_lines[1].startswith(f"**{player.name}** played `S d4`")
            assert first_lines[2].startswith(f"**{BOT} (easy)** played `")


async def test_three_players_with_one_bot_seat(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(
        alice, "tink start", {"opponent": bob, "player3": discord.me, "ai": "easy"}
    )
    assert f"challenges bob and {BOT} (easy) to Tink" in challenge.content
    assert "Waiting for bob to accept" in challenge.content
    assert challenge.response.allowed_mentions["users"] == [bob.id]
    accepted = await discord.click(bob, challenge.message, "Accept")
    (begun,) = sends(discord)
    assert begun.message is accepted.messages[-1] and "Tink #1 begins" in begun.content
    await discord.slash(alice, "tink move", {"move": "S d4"})
    assert sends(discord) == [begun]
    bobs = await discord.slash(bob, "tink move", {"move": "S e5"})
    assert bobs.content.splitlines()[1] == f"**{BOT} (easy)** is thinking."
    assert pinged(bobs) == []
    await bot_done(discord)
    (_, moved) = sends(discord)
    assert moved.content.startswith(f"**{BOT} (easy)** played `")
    assert pings(moved) == [alice.id]
    record, game = await saved(discord)
    assert record.turn_seat == 0 and len(game.history) == 3


async def test_the_ai_option_alone_seats_the_bot_and_it_may_move_first(
    discord: DiscordHarness,
) -> None:
    alice = discord.user("alice")
    start = await discord.slash(alice, "folio start", {"ai": "medium", "order": "random"})
    await bot_done(discord)
    record, game = await saved(discord)
    assert {s.name for s in record.players} == {f"{BOT} (medium)", "alice"}
    assert record.turn_user_id == alice.id
    if record.players[1].user_id == alice.id:
        assert sends(discord) == [] and "Your move, **alice**" in start.content
    else:
        assert f"**{BOT} (medium)** is thinking." in start.content
        assert pings(start.requests[0]) == []
        (moved,) = sends(discord)
        assert moved.content.startswith(f"**{BOT} (medium)** played `give ")
        assert len(game.history) == 1


@pytest.mark.parametrize(
    ("game", "bot_seat", "opening"), [("tink", 0, "S "), ("folio", 1, "give ")]
)
async def test_with_order_ai_first_the_bot_makes_the_first_move_at_once(
    discord: DiscordHarness, game: str, bot_seat: int, opening: str
) -> None:
    alice = discord.user("alice")
    start = await discord.slash(alice, f"{game} start", {"ai": "hard", "order": "ai first"})
    assert start.content.splitlines()[1] == f"**{BOT} (hard)** is thinking."
    assert pinged(start) == [] and start.png().startswith(b"\x89PNG")
    await bot_done(discord)
    record, played = await saved(discord)
    assert record.players[bot_seat].user_id == ai_user_id("hard")
    assert played.movers == (bot_seat,) and record.turn_user_id == alice.id
    (moved,) = sends(discord)
    assert moved.content.startswith(f"**{BOT} (hard)** played `{opening}")
    assert "Your move, **alice**." in moved.content
    assert pings(moved) == [alice.id] and moved.png().startswith(b"\x89PNG")
    first_lines = [m.content.splitlines()[0] for m in discord.messages_in()]
    assert first_lines[0].startswith(f"{game.title()} #1 begins: ")
    assert first_lines[1].startswith(f"**{BOT} (hard)** played `") and len(first_lines) == 2


async def test_the_bot_moving_first_in_a_thread_answers_the_posted_board(
    discord: DiscordHarness,
) -> None:
    alice = discord.user("alice")
    reply = await discord.slash(
        alice, "tink start", {"ai": "easy", "order": "ai first", "thread": True}
    )
    thread = reply.messages[-1].channel
    (opened,) = reply.of(Kind.THREAD)
    assert opened.body["name"] == f"Tink: alice vs {BOT} (easy)", "the bot is named too"
    board = next(r for r in reply.of(Kind.SEND) if r.message and r.message.channel == thread)
    assert board.body["enforce_nonce"] and len(board.body["nonce"]) == NONCE_LENGTH
    await bot_done(discord)
    first_lines = [m.content.splitlines()[0] for m in discord.messages_in(thread)]
    assert first_lines[0] == f"Tink #1 begins: {BOT} (easy) and alice."
    assert first_lines[1].startswith(f"**{BOT} (easy)** played `") and len(first_lines) == 2
    writer = discord.client.host.games.writer  # type: ignore[attr-defined]
    assert await storage_of(discord).announcements.owed(math.inf, writer, 10, now=math.inf) == []


@pytest.mark.parametrize(("seed", "bot_first"), [(0, True), (1, False)])
async def test_bridge_draws_who_starts_against_the_bot_too(
    discord: DiscordHarness, monkeypatch: pytest.MonkeyPatch, seed: int, bot_first: bool
) -> None:
    monkeypatch.setattr(random.SystemRandom, "randrange", lambda self, stop: seed)
    alice = discord.user("alice")
    start = await discord.slash(alice, "bridge start", {"ai": "easy"})
    await bot_done(discord)
    record, game = await saved(discord)
    assert (record.players[0].user_id == ai_user_id("easy")) is bot_first
    assert record.turn_user_id == alice.id
    if bot_first:
        assert f"**{BOT} (easy)** is thinking." in start.content
        (moved,) = sends(discord)
        assert moved.content.startswith(f"**{BOT} (easy)** played `")
        assert pings(moved) == [alice.id] and game.movers == (0,)
        assert [m.content for m in discord.messages_in()] == [start.content, moved.content]
    else:
        assert "Your move, **alice**." in start.content and pinged(start) == [alice.id]
        assert sends(discord) == [] and game.history == ()


async def test_order_ai_first_seats_the_bot_first_among_people(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(
        alice, "tink start", {"opponent": bob, "player3": discord.me, "order": "ai first"}
    )
    await discord.click(bob, challenge.message, "Accept")
    await bot_done(discord)
    record, game = await saved(discord)
    assert [s.name for s in record.players] == [f"{BOT} (medium)", "alice", "bob"]
    assert game.movers == (0,) and record.turn_user_id == alice.id


async def test_order_ai_first_without_the_bot_is_refused(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    refused = await discord.slash(alice, "tink start", {"opponent": bob, "order": "ai first"})
    assert refused.ephemeral
    assert refused.content == "The order ai first needs me as a player: choose an ai level."
    assert await storage_of(discord).latest_game_in(discord.channel.id) is None


async def test_inviting_no_one_says_how_to_play_the_bot(discord: DiscordHarness) -> None:
    reply = await discord.slash(discord.user("alice"), "tink start")
    assert reply.ephemeral
    assert reply.content == "Invite an opponent, or choose an ai level to play against me."


async def start_scripted(tmp_path: Path, moves: list[str]) -> DiscordHarness:
    return await DiscordHarness(new_bot(tmp_path, thinker=ScriptedThinker(moves))).start()


async def test_the_bot_declines_a_draw_while_it_is_winning(tmp_path: Path) -> None:
    discord = await start_scripted(tmp_path, ["S c3", "S d3", "S e3"])
    try:
        alice = discord.user("alice")
        await discord.slash(alice, "tink start", {"opponent": discord.me})
        for move in ("S f6", "S h8", "S a1"):
            await discord.slash(alice, "tink move", {"move": move})
            await bot_done(discord)
        offer = await discord.slash(alice, "tink draw")
        assert offer.content == (
            f"**alice** offers a draw. **{BOT} (medium)** declines: it still sees a way to win."
        )
        assert offer.message.buttons == [] and not offer.ephemeral
        record, _ = await saved(discord)
        assert record.status is Status.ACTIVE and record.offer is None
    finally:
        await discord.close()


async def test_the_bot_agrees_to_a_draw_when_it_is_lost(tmp_path: Path) -> None:
    discord = await start_scripted(tmp_path, ["S a8", "S h8", "S b8"])
    try:
        alice = discord.user("alice")
        await discord.slash(alice, "tink start", {"opponent": discord.me})
        for move in ("S c3", "S d3", "S e3"):
            await discord.slash(alice, "tink move", {"move": move})
            await bot_done(discord)
        agreed = await discord.slash(alice, "tink draw")
        assert agreed.content.splitlines() == [
            f"**alice** offers a draw. **{BOT} (medium)** agrees.",
            "The players agreed to a draw.",
            f"<@{alice.id}>",
        ]
        assert [b.label for b in agreed.message.buttons] == ["Replay", "Review", "Rematch"]
        record, _ = await saved(discord)
        assert record.status is Status.FINISHED and record.ending is engine.Ending.AGREEMENT
    finally:
        await discord.close()


async def test_undo_takes_back_the_players_move_and_the_bots_answer(
    discord: DiscordHarness,
) -> None:
    alice = discord.user("alice")
    await discord.slash(alice, "tink start", {"opponent": discord.me})
    await discord.slash(alice, "tink move", {"move": "S d4"})
    await bot_done(discord)
    _, opened = await saved(discord)
    second = next(move for move in ("S a1", "S h8") if move not in opened.history)
    await discord.slash(alice, "tink move", {"move": second})
    await bot_done(discord)
    _, before = await saved(discord)
    undone = await discord.slash(alice, "tink undo")
    await bot_done(discord)
    assert undone.content.splitlines()[:3] == [
        f"**alice** offers to take back their last move. **{BOT} (medium)** agrees.",
        f"**alice**'s last move `{second}` and the move after it, {BOT} (medium)'s "
        f"`{before.history[-1]}`, were taken back.",
        "Your move, **alice**.",
    ]
    assert undone.png().startswith(b"\x89PNG")
    record, game = await saved(discord)
    assert game.history == ("S d4", game.history[1]) and record.turn_user_id == alice.id
    assert len(await storage_of(discord).actions(1)) == 2
    assert len(sends(discord)) == 2


async def test_the_bot_is_rated_per_level_and_shows_on_the_boards(
    discord: DiscordHarness,
) -> None:
    alice = discord.user("alice")
    await discord.slash(alice, "tink start", {"opponent": discord.me, "ai": "hard"})
    await play_out(discord, alice, random.Random(2))
    board = await discord.slash(alice, "leaderboard", {"game": "tink"})
    lines = (board.embeds[0].description or "").splitlines()
    assert any(f"{BOT} (hard)" in line for line in lines), lines
    mine = await discord.slash(alice, "stats", {"game": "tink"})
    opponents = dict((f.name, f.value) for f in mine.embeds[0].fields)["Most frequent opponents"]
    assert f"{BOT} (hard): 1 game" in opponents
    for options in ({"player": discord.me, "ai": "hard"}, {"ai": "hard"}):
        its = await discord.slash(alice, "stats", options)
        assert its.embeds[0].title == f"{BOT} (hard): All games"
        assert (
            "alice"
            in dict((f.name, f.value) for f in its.embeds[0].fields)["Most frequent opponents"]
        )
    unplayed = await discord.slash(alice, "stats", {"player": discord.me})
    assert unplayed.content == f"{BOT} (medium) has no rated games in this server yet."


def lessons(lines: list[str]) -> Iterator[str]:
    marks = ("(missed a win", "(allowed a win", "(allowed a forced win")
    return (line for line in lines if any(mark in line for mark in marks))


async def test_a_finished_games_history_marks_missed_and_allowed_wins(tmp_path: Path) -> None:
    discord = await start_scripted(tmp_path, ["S a8", "S h8", "S b8", "S h1"])
    try:
        alice = discord.user("alice")
        await discord.slash(alice, "tink start", {"opponent": discord.me})
        for move in ("S c3", "S d3", "S e3", "S h5"):
            await discord.slash(alice, "tink move", {"move": move})
            await bot_done(discord)
        during = await discord.slash(alice, "tink history")
        assert "8. harness-bot (medium): S h1" in during.content
        assert list(lessons(during.content.splitlines())) == []
        ended = (await discord.slash(alice, "tink move", {"move": "S f3"})).message
        assert "**alice** wins" in ended.content
        after = await discord.slash(alice, "tink history")
        assert list(lessons(after.content.splitlines())) == [
            f"4. {BOT} (medium): S h8 (allowed a forced win in two: S b3 or S e3)",
            f"6. {BOT} (medium): S b8 (allowed a win: S b3 or S f3)",
            "7. alice: S h5 (missed a win: S b3 or S f3)",
            f"8. {BOT} (medium): S h1 (allowed a win: S b3 or S f3)",
        ]
        replay = await discord.click(alice, ended, "Replay")
        assert replay.content == after.content
    finally:
        await discord.close()


class LevelThinker(ScriptedThinker):
    """Plays the moves it is given and judges every position dead level."""

    async def evaluate(self, state: str, level: str, seat: int) -> float:
        return 0.5


@pytest.mark.parametrize(
    ("moves", "answer"),
    [(1, "declines: the game has only begun."), (LATE_PLIES // 2, "agrees.")],
    ids=["first moves", "under way"],
)
async def test_the_bot_agrees_to_a_level_draw_only_once_the_game_is_under_way(
    tmp_path: Path, moves: int, answer: str
) -> None:
    game = engine.new_game("tink", 2, seed=1)
    played = []
    for _ in range(moves * 2):
        played.append(game.legal_moves()[0])
        game.play(played[-1])
    discord = await DiscordHarness(new_bot(tmp_path, thinker=LevelThinker(played[1::2]))).start()
    try:
        alice = discord.user("alice")
        await discord.slash(alice, "tink start", {"opponent": discord.me})
        for move in played[::2]:
            await discord.slash(alice, "tink move", {"move": move})
            await bot_done(discord)
        offer = await discord.slash(alice, "tink draw")
        assert (
            offer.content.splitlines()[0] == f"**alice** offers a draw. **{BOT} (medium)** {answer}"
        )
        record, _ = await saved(discord)
        assert (record.status is Status.ACTIVE) == (moves == 1)
    finally:
        await discord.close()


async def test_the_coach_names_the_win_a_move_hands_the_bot(tmp_path: Path) -> None:
    discord = await start_scripted(tmp_path, ["S c3", "S d3", "S e3"])
    try:
        alice = discord.user("alice")
        await discord.slash(alice, "tink start", {"opponent": discord.me})
        said = []
        for move in ("S f6", "S h8", "S a1", "S a8"):
            said.append((await discord.slash(alice, "tink move", {"move": move})).content)
            await bot_done(discord)
        coach = [line for text in said for line in text.splitlines() if "Coach" in line]
        assert len(coach) == 2, said
        assert coach[0].startswith(f"Coach: this lets **{BOT} (medium)** force a win with `S ")
        assert coach[0].endswith("`, a double threat one move cannot stop.")
        assert coach[-1].startswith(f"Coach: this lets **{BOT} (medium)** win at once with `S ")
        assert not any("Coach" in line for line in said[0].splitlines())
    finally:
        await discord.close()


async def test_between_people_the_coach_says_nothing(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob})
    await discord.click(bob, challenge.message, "Accept")
    said = []
    for player, move in ((alice, "S f6"), (bob, "S c3"), (alice, "S h8"), (bob, "S d3")):
        said.append((await discord.slash(player, "tink move", {"move": move})).content)
    reply = await discord.slash(alice, "tink move", {"move": "S a1"})
    game = engine.load_game((await saved(discord))[0].state)
    assert engine.forced_wins_in_two(game, 1), "bob may force a win: a coach would say so"
    assert not any("Coach" in text for text in [*said, reply.content])


async def test_the_coach_is_silent_where_the_server_gives_no_hints(tmp_path: Path) -> None:
    discord = await start_scripted(tmp_path, ["S c3", "S d3", "S e3"])
    try:
        owner, alice = discord.user("owner"), discord.user("alice")
        await discord.slash(owner, "gamehost settings", {"hints": "no_game"})
        await discord.slash(alice, "tink start", {"opponent": discord.me})
        said = []
        for move in ("S f6", "S h8", "S a1", "S a8"):
            said.append((await discord.slash(alice, "tink move", {"move": move})).content)
            await bot_done(discord)
        assert not any("Coach" in text for text in said)
    finally:
        await discord.close()
