"""Every saved move is announced, once, even when the bot stops between saving it and
replying, or right after replying or posting: as soon as it is back, whether it runs every
shard or some of them; and no press waits behind a long replay."""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

import pytest

import engine
from bot.discord_ui import replies
from bot.discord_ui.app import PyramidBot, create_bot
from bot.discord_ui.courier import DiscordCourier
from bot.discord_ui.views import NONCE_LENGTH
from bot.play.table.outbox import OWED_AFTER, Outbox
from bot.play.table.pictures import Renderer
from bot.play.table.values import Post
from bot.play.words.languages import SOURCE
from bot.runtime.app import App
from bot.workers.drawing import ThreadDrawing
from tests.bot.discord_ui.test_ai_games import storage_of
from tests.bot.discord_ui.test_shards import scheduler_of
from tests.bot.harness import (
    DiscordHarness,
    InteractionResponseType,
    Kind,
    Reply,
    Request,
    SentMessage,
    User,
)
from tests.bot.support import Clock, new_bot, seed_long_game, settings_in
from tests.postgres_server import BACKENDS, PostgresServer

ANSWER_WITHIN = 2.0


class Killed(BaseException):
    """The process dies here: nothing after this point runs, nothing catches it."""


class DyingDrawing(ThreadDrawing):
    """Draws until told to die; then the bot stops while drawing a board picture, as when
    it is killed after a move is saved and before its reply is sent."""

    dying = False

    async def board_png(
        self,
        game: engine.Game,
        player_names: Sequence[str],
        clocks: Sequence[str | None] = (),
        *,
        language: str = SOURCE,
    ) -> bytes:
        if self.dying:
            raise Killed
        return await super().board_png(game, player_names, clocks, language=language)


async def killed_before_striking_off(self: Outbox, post: Post) -> None:
    """The process dies right after a post went out, before it is struck off the outbox."""
    raise Killed


async def never_struck_off(self: Outbox, post: Post) -> None:
    """The process stops right after a post went out by itself: it is never struck off
    (the process goes on, to be closed as if it had stopped there)."""


def restarted(before: DiscordHarness, bot: PyramidBot) -> DiscordHarness:
    """A harness for a bot process started again, on the Discord the stopped one left."""
    after = DiscordHarness(bot)
    after.carry_over(before)
    return after


def reads_of_replies(discord: DiscordHarness) -> list[Request]:
    return [r for r in discord.requests if r.method == "GET" and r.path.endswith("/@original")]


def withdrawn_replies(discord: DiscordHarness) -> list[Request]:
    return [r for r in discord.requests if r.kind is Kind.DELETE_ORIGINAL]


def played_s_d4(discord: DiscordHarness) -> list[str]:
    return [m.content for m in discord.messages_in() if "played `S d4`" in m.content]


async def begin(discord: DiscordHarness) -> tuple[User, User]:
    """A Tink game between alice and bob: who moves first, and the other."""
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob})
    accepted = await discord.click(bob, challenge.message, "Accept")
    first = alice if "Your move, **alice**" in accepted.messages[-1].content else bob
    return first, bob if first == alice else alice


async def killed_after_saving_s_d4(tmp_path: Path, clock: Clock) -> tuple[User, User]:
    """A Tink game whose first player's move S d4 is saved, the bot dying before it is
    announced: the mover and the other player."""
    drawing = DyingDrawing()
    async with DiscordHarness(new_bot(tmp_path, clock=clock, renderer=drawing)) as first:
        mover, other = await begin(first)
        drawing.dying = True
        with pytest.raises(Killed):
            await first.slash(mover, "tink move", {"move": "S d4"})
        assert played_s_d4(first) == []
    return mover, other


async def test_a_move_saved_before_a_crash_is_announced_once_after_a_restart(
    tmp_path: Path,
) -> None:
    clock = Clock()
    mover, other = await killed_after_saving_s_d4(tmp_path, clock)
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as second:
        (announced,) = [m for m in second.messages_in() if "played `S d4`" in m.content]
        assert announced.content.startswith(f"**{mover.name}** played `S d4`: a small on d4.")
        assert f"Your move, **{other.name}**." in announced.content
        assert announced.png().startswith(b"\x89PNG")
        sent = next(r for r in second.requests if r.message is announced)
        assert sent.allowed_mentions is not None
        assert [int(u) for u in sent.allowed_mentions["users"]] == [other.id]
        resent = await second.slash(mover, "tink move", {"move": "s d4"})
        assert resent.ephemeral
        assert resent.content.startswith("Your move `S d4` was played already.")
        assert resent.png().startswith(b"\x89PNG")
        assert len(played_s_d4(second)) == 1
        answer = await second.slash(other, "tink move", {"move": "S e5"})
        assert "`S e5`" in answer.content and not answer.ephemeral
    clock.now += OWED_AFTER + 1
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as third:
        assert third.messages_in() == []


class SlowFirstPicture(ThreadDrawing):
    """Takes a second over the first board it draws (the post still owed after a restart)."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn = 0

    async def board_png(
        self,
        game: engine.Game,
        player_names: Sequence[str],
        clocks: Sequence[str | None] = (),
        *,
        language: str = SOURCE,
    ) -> bytes:
        self.drawn += 1
        if self.drawn == 1:
            await asyncio.sleep(1.0)
        return await super().board_png(game, player_names, clocks, language=language)


async def test_after_a_restart_a_move_is_answered_after_the_move_before_is_announced(
    tmp_path: Path,
) -> None:
    clock = Clock()
    _, other = await killed_after_saving_s_d4(tmp_path, clock)
    async with DiscordHarness(
        new_bot(tmp_path, clock=clock, renderer=SlowFirstPicture())
    ) as second:
        assert played_s_d4(second) == [], "the owed post is still being drawn"
        answer = await second.slash(other, "tink move", {"move": "S e5"})
        await asyncio.sleep(1.5)
        (owed,) = [r for r in second.requests if "played `S d4`" in r.content]
        (answered,) = [r for r in second.requests if "played `S e5`" in r.content]
        assert owed.sent_at < answered.sent_at
        assert "`S e5`" in answer.content and not answer.ephemeral


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_move_replied_to_just_before_a_crash_is_not_announced_again(
    tmp_path: Path, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = Clock()
    first = DiscordHarness(new_bot(tmp_path, clock=clock, database_url=database_url))
    async with first:
        mover, other = await begin(first)
        monkeypatch.setattr(Outbox, "sent", killed_before_striking_off)
        with pytest.raises(Killed):
            await first.slash(mover, "tink move", {"move": "S d4"})
        monkeypatch.undo()
        (replied,) = played_s_d4(first)
    async with restarted(first, new_bot(tmp_path, clock=clock, database_url=database_url)) as back:
        (read,) = reads_of_replies(back)
        assert read.status == 200
        assert played_s_d4(back) == [replied]
        assert [r for r in back.requests if r.kind is Kind.SEND] == []
        answer = await back.slash(other, "tink move", {"move": "S e5"})
        assert "`S e5`" in answer.content and not answer.ephemeral
    clock.now += OWED_AFTER + 1
    async with restarted(back, new_bot(tmp_path, clock=clock, database_url=database_url)) as last:
        assert [r for r in last.requests if r.kind is Kind.SEND] == []
        assert played_s_d4(last) == [replied]


@pytest.mark.parametrize("thinking", [False, True])
async def test_a_reply_the_crash_came_before_is_posted_once_even_if_the_post_is_repeated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, thinking: bool
) -> None:
    clock = Clock()
    first = DiscordHarness(new_bot(tmp_path, clock=clock))
    async with first:
        mover, other = await begin(first)
        if thinking:
            monkeypatch.setattr(replies, "DEFER_AFTER", 0.0)

        async def killed_before_replying(self: Outbox, post: Post, patience: float) -> None:
            assert post.reply_token is not None, "the move was saved with its reply's token"
            raise Killed

        monkeypatch.setattr(Outbox, "in_order", killed_before_replying)
        with pytest.raises(Killed):
            await first.slash(mover, "tink move", {"move": "S d4"})
        monkeypatch.undo()
        assert played_s_d4(first) == []
    monkeypatch.setattr(Outbox, "sent", never_struck_off)
    async with restarted(first, new_bot(tmp_path, clock=clock)) as second:
        pass
    monkeypatch.undo()
    (read,) = reads_of_replies(second)
    assert read.status == 200 if thinking else read.status == 404
    assert len(withdrawn_replies(second)) == thinking
    assert [m for m in second.messages_in() if m.flags.loading] == []
    (posted,) = [r for r in second.requests if r.kind is Kind.SEND]
    nonce = posted.body["nonce"]
    assert posted.body["enforce_nonce"] and len(nonce) == NONCE_LENGTH
    async with restarted(second, new_bot(tmp_path, clock=clock)) as third:
        (again,) = [r for r in third.requests if r.kind is Kind.SEND]
        assert again.body["nonce"] == nonce and again.message is posted.message
        (announced,) = played_s_d4(third)
        assert f"Your move, **{other.name}**." in announced
    clock.now += OWED_AFTER + 1
    async with restarted(third, new_bot(tmp_path, clock=clock)) as last:
        assert [r for r in last.requests if r.kind is Kind.SEND] == []


Press = tuple[User, SentMessage, str, str]
"""Who presses which button on which message, and words of the post that follows."""


async def a_challenge(discord: DiscordHarness) -> Press:
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob})
    return bob, challenge.message, "Accept", "begins: alice and bob"


async def a_resignation(discord: DiscordHarness) -> Press:
    mover, _ = await begin(discord)
    confirm = await discord.slash(mover, "tink resign")
    return mover, confirm.message, "Resign", f"**{mover.name}** resigned."


async def a_draw_offer(discord: DiscordHarness) -> Press:
    mover, other = await begin(discord)
    offer = await discord.slash(mover, "tink draw")
    return other, offer.message, "Agree", "agreed to a draw"


@pytest.mark.parametrize(
    ("backend", "setup"),
    [
        ("sqlite", a_challenge),
        ("postgresql", a_challenge),
        ("sqlite", a_resignation),
        ("sqlite", a_draw_offer),
        ("postgresql", a_draw_offer),
    ],
    indirect=["backend"],
)
async def test_a_post_following_a_press_just_before_a_crash_is_not_posted_again(
    tmp_path: Path,
    database_url: str,
    monkeypatch: pytest.MonkeyPatch,
    setup: Callable[[DiscordHarness], Awaitable[Press]],
) -> None:
    clock = Clock()
    first = DiscordHarness(new_bot(tmp_path, clock=clock, database_url=database_url))
    async with first:
        user, message, label, words = await setup(first)
        monkeypatch.setattr(Outbox, "sent", killed_before_striking_off)
        with pytest.raises(Killed):
            await first.click(user, message, label)
        monkeypatch.undo()
        (posted,) = [r for r in first.requests if r.kind is Kind.SEND and words in r.content]
        assert posted.body["enforce_nonce"] and len(posted.body["nonce"]) == NONCE_LENGTH
        assert [r for r in first.requests if r.kind is Kind.FOLLOWUP] == []
    async with restarted(first, new_bot(tmp_path, clock=clock, database_url=database_url)) as back:
        (again,) = [r for r in back.requests if r.kind is Kind.SEND]
        assert again.body["nonce"] == posted.body["nonce"] and again.message is posted.message
        assert [m for m in back.messages_in() if words in m.content] == [posted.message]
    clock.now += OWED_AFTER + 1
    async with restarted(back, new_bot(tmp_path, clock=clock, database_url=database_url)) as last:
        assert [r for r in last.requests if r.kind is Kind.SEND] == []


async def test_a_post_following_a_press_is_a_follow_up_where_the_bot_may_not_send(
    discord: DiscordHarness,
) -> None:
    discord.set_permissions(discord.me, discord.channel, send_messages=False)
    bob, challenge, label, words = await a_challenge(discord)
    accepted = await discord.click(bob, challenge, label)
    (refused,) = accepted.of(Kind.SEND)
    assert refused.status == 403
    (board,) = accepted.of(Kind.FOLLOWUP)
    assert words in board.content and board.png().startswith(b"\x89PNG")
    writer = discord.client.host.games.writer  # type: ignore[attr-defined]
    assert await storage_of(discord).announcements.owed(math.inf, writer, 10, now=math.inf) == []


async def test_a_reply_reads_back_as_sent_only_when_public_and_complete(
    discord: DiscordHarness,
) -> None:
    courier = DiscordCourier(discord.client, storage_of(discord).reply_places, time.time)

    async def sent(reply: Reply) -> bool:
        found: list[bool] = []

        async def read() -> None:
            found.append(await courier.replied(reply.response.params["webhook_token"]))

        await discord.run(read())
        return found[0]

    mover, _ = await begin(discord)
    moved = await discord.slash(mover, "tink move", {"move": "S d4"})
    refused = await discord.slash(mover, "tink move", {"move": "S d5"})
    assert refused.ephemeral
    assert [await sent(moved), await sent(refused)] == [True, False]
    discord.clock = lambda: time.time() + 15 * 60
    assert await sent(moved) is False


async def test_a_shard_process_back_from_a_crash_announces_its_move_and_none_other_sooner(
    tmp_path: Path,
    postgres_server: PostgresServer,
    open_harness: Callable[..., Awaitable[DiscordHarness]],
) -> None:
    clock = Clock()
    url = postgres_server.new_database()
    drawing = DyingDrawing()

    def shard_process(shard: int, renderer: Renderer | None = None) -> PyramidBot:
        """A bot process running one shard of two, on the database they share."""
        return new_bot(
            tmp_path,
            clock=clock,
            renderer=renderer,
            database_url=url,
            shard_count=2,
            shard_ids=(shard,),
        )

    other = await open_harness(shard_process(1))
    async with DiscordHarness(shard_process(0, drawing)) as first:
        assert (first.guild.id >> 22) % 2 == 0, "shard 0 runs the server played in"
        mover, _ = await begin(first)
        drawing.dying = True
        with pytest.raises(Killed):
            await first.slash(mover, "tink move", {"move": "S d4"})
    clock.now += OWED_AFTER - 1
    await other.run(scheduler_of(other).run_due())
    assert played_s_d4(other) == []
    async with DiscordHarness(shard_process(0)) as back:
        assert len(played_s_d4(back)) == 1
        clock.now += OWED_AFTER
        await other.run(scheduler_of(other).run_due())
        await back.run(scheduler_of(back).run_due())
        assert len(played_s_d4(back)) == 1 and played_s_d4(other) == []


async def test_a_double_submitted_move_is_answered_as_played(discord: DiscordHarness) -> None:
    mover, _ = await begin(discord)
    replies_ = await asyncio.gather(
        discord.slash(mover, "tink move", {"move": "S d4"}),
        discord.slash(mover, "tink move", {"move": "S d4"}),
    )
    public = [r for r in replies_ if not r.ephemeral]
    private = [r for r in replies_ if r.ephemeral]
    assert len(public) == 1 and len(private) == 1
    assert private[0].content.startswith("Your move `S d4` was played already.")
    assert len(await discord.client.host.storage.actions(1)) == 1  # type: ignore[attr-defined]


async def test_presses_are_answered_in_time_while_a_long_replay_is_drawn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.play.learning.history.REPLAY_FRAMES", 10_000)
    async with DiscordHarness(create_bot(App(settings_in(tmp_path))), timeout=60) as discord:
        long_channel = discord.text_channel("long-game")
        viewer = await seed_long_game(discord, long_channel)
        carol, dave = discord.user("carol"), discord.user("dave")
        challenges = [
            await discord.slash(carol, "tink start", {"opponent": dave}, channel=channel)
            for channel in (discord.text_channel("t1"), discord.text_channel("t2"))
        ]
        history, *presses = await asyncio.gather(
            discord.slash(viewer, "bridge history", channel=long_channel),
            *(discord.click(dave, c.message, "Accept") for c in challenges),
        )
        gif_sent = next(r for r in history.requests if r.files).sent_at
        for press in presses:
            assert press.response.sent_at - press.started_at < ANSWER_WITHIN
            assert press.response.response_type is InteractionResponseType.message_update
            board = press.messages[-1]
            assert "begins" in board.content
            assert next(r for r in press.requests if r.message is board).sent_at < gif_sent
        assert history.response.sent_at - history.started_at < ANSWER_WITHIN
        assert history.files[0].data.startswith(b"GIF8")
