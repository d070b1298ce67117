"""The use cases in plain values, over a real SQLite file and a stand-in renderer."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from bot.play.host import Host
from bot.play.playing.challenges import CHALLENGE_LIFETIME, Invitation
from bot.play.ranking.ratings import rate_game
from bot.play.table.values import DamagedGame, Person, Prompt, Refusal
from bot.play.words.text import GameLink, Said, plain
from bot.storage import Status
from bot.storage.sqlite import SqliteStorage
from tests.bot.support import ALICE, BOB, CAROL, ROBOT, SCRIPTS, Clock, built, shown

CHANNEL = 700


def invite(*invitees: Person, game: str = "tink", **options: object) -> Invitation:
    return Invitation(game, 1, CHANNEL, ALICE, invitees, options)


async def begin(host: Host, *invitees: Person, game: str = "tink") -> int:
    """A game begun, its first board sent as the bot sends it."""
    post = await host.challenges.start(invite(*invitees, game=game))
    for person in invitees:
        answer = await host.challenges.accept(post.game_id, person.user_id)
        if answer.post is not None:
            await host.outbox.sent(answer.post)
    return post.game_id


async def test_a_challenge_pings_the_invitees_and_waits_for_them(host: Host) -> None:
    post = await host.challenges.start(invite(BOB, CAROL))
    assert post.prompt is Prompt.CHALLENGE
    assert post.pings == (BOB.user_id, CAROL.user_id)
    assert "Alice** challenges Bob and Carol to Tink" in shown(post.text)
    answer = await host.challenges.accept(post.game_id, BOB.user_id)
    assert not answer.closed and answer.post is None
    assert "Waiting for Carol" in shown(answer.text)


async def test_the_game_begins_when_everyone_accepted(host: Host) -> None:
    post = await host.challenges.start(invite(BOB))
    answer = await host.challenges.accept(post.game_id, BOB.user_id)
    assert answer.closed and answer.post is not None
    assert answer.post.pings == (ALICE.user_id,)
    assert "Your move, **Alice**" in shown(answer.post.text)
    assert answer.post.files[0].data == b"png 0 Alice Bob"


@pytest.mark.parametrize(
    ("invitation", "refusal"),
    [
        (invite(ALICE), "cannot invite yourself"),
        (invite(ROBOT), "Bots cannot play"),
        (invite(BOB, BOB), "each player only once"),
        (invite(BOB, CAROL, game="folio"), "Folio is played by 2 players, not 3"),
        (invite(BOB, game="folio", grid="freeform"), "real table"),
        (invite(BOB, game="bridge", rounds=0), "Rounds must be at least 1"),
    ],
)
async def test_impossible_challenges_are_refused(
    host: Host, invitation: Invitation, refusal: str
) -> None:
    with pytest.raises(Refusal, match=refusal):
        await host.challenges.start(invitation)
    assert await host.storage.latest_game_in(CHANNEL) is None


async def test_a_second_start_in_a_channel_links_to_the_first(host: Host) -> None:
    post = await host.challenges.start(invite(BOB))
    await host.challenges.note_message(post.game_id, 999)
    with pytest.raises(Refusal, match="already has a game: Tink #1") as refused:
        await host.challenges.start(invite(CAROL))
    (said,) = refused.value.text.segments
    assert isinstance(said, Said) and said.message == "This channel already has a game: {game}."
    assert dict(said.parts)["game"].segments == (GameLink("Tink #1", 1, CHANNEL, 999),)


async def test_only_invitees_answer_and_a_day_later_the_challenge_is_gone(
    host: Host, clock: Clock
) -> None:
    post = await host.challenges.start(invite(BOB))
    with pytest.raises(Refusal, match="Only Bob can answer"):
        await host.challenges.accept(post.game_id, CAROL.user_id)
    with pytest.raises(Refusal, match="Only Bob can answer"):
        await host.challenges.accept(post.game_id, ALICE.user_id)
    clock.now += CHALLENGE_LIFETIME
    with pytest.raises(Refusal, match="expired"):
        await host.challenges.accept(post.game_id, BOB.user_id)
    with pytest.raises(Refusal, match="no game in this channel"):
        await host.moves.board(CHANNEL, "tink")
    await host.challenges.start(invite(CAROL))


async def test_a_declined_challenge_frees_the_channel(host: Host) -> None:
    post = await host.challenges.start(invite(BOB))
    answer = await host.challenges.decline(post.game_id, BOB.user_id)
    assert answer.closed and "Bob** declined" in shown(answer.text)
    await host.challenges.start(invite(CAROL))


@pytest.mark.parametrize("game", sorted(SCRIPTS))
async def test_a_whole_game_to_its_result(host: Host, game: str) -> None:
    script = SCRIPTS[game]
    post = await host.challenges.start(invite(BOB, game=game, **script.options))
    answer = await host.challenges.accept(post.game_id, BOB.user_id)
    assert answer.post is not None
    post = answer.post
    for move in script.moves:
        (player,) = post.pings
        post = await host.moves.move(CHANNEL, game, player, move.lower())
        assert f"`{move}`" in shown(post.text)
    record = await host.storage.game(post.game_id)
    assert record is not None and record.status is Status.FINISHED
    winner = record.players[script.winner]
    assert f"**{winner.name}** wins: {script.reason}." in shown(post.text)
    assert post.pings == tuple(s.user_id for s in record.players)
    assert [s.rank for s in record.players] == [
        int(s.seat != script.winner) for s in record.players
    ]
    with pytest.raises(Refusal, match="over; start a new one"):
        await host.moves.move(CHANNEL, game, BOB.user_id, script.moves[0])
    final = await host.moves.board(CHANNEL, game)
    assert final.files and f"wins: {script.reason}." in shown(final.text) and final.pings == ()


async def test_a_move_pings_only_the_next_player(host: Host) -> None:
    await begin(host, BOB)
    post = await host.moves.move(CHANNEL, "tink", ALICE.user_id, "s d4")
    assert post.pings == (BOB.user_id,)
    assert shown(post.text).splitlines() == [
        "**Alice** played `S d4`: a small on d4.",
        "Your move, **Bob**.",
    ]


async def test_move_refusals_change_nothing(host: Host) -> None:
    with pytest.raises(Refusal, match='no game in this channel; start one with "start tink"'):
        await host.moves.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    game_id = await begin(host, BOB)
    before = await host.storage.game(game_id)
    with pytest.raises(Refusal, match="It is Alice's turn"):
        await host.moves.move(CHANNEL, "tink", BOB.user_id, "S d4")
    with pytest.raises(Refusal, match="not playing in this game"):
        await host.moves.move(CHANNEL, "tink", CAROL.user_id, "S d4")
    with pytest.raises(Refusal, match="You cannot play 'S a1': "):
        await host.moves.move(CHANNEL, "tink", ALICE.user_id, "S a1")
    long = "S a1" + " b2" * 500
    with pytest.raises(Refusal, match=re.escape(f"You cannot play '{long[:39]}…': ")):
        await host.moves.move(CHANNEL, "tink", ALICE.user_id, long)
    with pytest.raises(Refusal, match='The game in this channel is Tink; use "tink"'):
        await host.moves.move(CHANNEL, "folio", ALICE.user_id, "S d4")
    assert await host.storage.game(game_id) == before


async def test_a_move_before_everyone_accepted_is_refused(host: Host) -> None:
    await host.challenges.start(invite(BOB))
    with pytest.raises(Refusal, match="waiting for Bob to accept"):
        await host.moves.move(CHANNEL, "tink", ALICE.user_id, "S d4")


async def test_two_racing_moves_apply_exactly_once(host: Host) -> None:
    game_id = await begin(host, BOB)
    outcomes = await asyncio.gather(
        host.moves.move(CHANNEL, "tink", ALICE.user_id, "S d4"),
        host.moves.move(CHANNEL, "tink", ALICE.user_id, "S e4"),
        return_exceptions=True,
    )
    refusals = [o for o in outcomes if isinstance(o, Refusal)]
    assert len(refusals) == 1 and "board changed" in str(refusals[0])
    assert len(await host.storage.actions(game_id)) == 1


async def test_a_new_host_on_the_same_file_continues_the_game(
    host: Host, tmp_path: Path, clock: Clock
) -> None:
    await begin(host, BOB)
    await host.moves.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    storage = await SqliteStorage.open(str(tmp_path / "games.sqlite3"), rater=rate_game)
    restarted = built(storage, clock).host
    post = await restarted.moves.move(CHANNEL, "tink", BOB.user_id, "S e5")
    assert post.files[0].data == b"png 2 Alice Bob"
    await storage.close()


async def test_a_tampered_move_log_is_detected(host: Host, tmp_path: Path, clock: Clock) -> None:
    game_id = await begin(host, BOB)
    await host.moves.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    path = tmp_path / "games.sqlite3"
    with closing(sqlite3.connect(path)) as db, db:
        changed = db.execute("UPDATE actions SET action = 'S e4' WHERE game_id = ?", (game_id,))
        assert changed.rowcount == 1
    storage = await SqliteStorage.open(str(path), rater=rate_game)
    with pytest.raises(DamagedGame):
        await built(storage, clock).host.moves.board(CHANNEL, "tink")
    await storage.close()


async def test_suggestions_follow_what_was_typed(host: Host) -> None:
    await begin(host, BOB)
    moves = [m for m, _ in await host.moves.suggestions(CHANNEL, "tink", ALICE.user_id, "d")]
    assert moves and all("d" in m.lower() for m in moves)
    assert len(await host.moves.suggestions(CHANNEL, "tink", ALICE.user_id, "")) == 16
    ((move, words),) = await host.moves.suggestions(CHANNEL, "tink", ALICE.user_id, "s e4")
    assert (move, plain(words)) == ("S e4", "a small on e4")
    assert await host.moves.suggestions(CHANNEL, "tink", BOB.user_id, "") == []


async def test_resigning_ends_a_two_player_game(host: Host) -> None:
    game_id = await begin(host, BOB)
    with pytest.raises(Refusal, match="not playing"):
        await host.endings.resign_check(CHANNEL, "tink", CAROL.user_id)
    assert await host.endings.resign_check(CHANNEL, "tink", BOB.user_id) == game_id
    post = await host.endings.resign(game_id, BOB.user_id)
    assert "**Bob** resigned." in shown(post.text)
    assert "**Alice** wins: resignation." in shown(post.text)
    with pytest.raises(Refusal, match="This game is over"):
        await host.endings.resign(game_id, BOB.user_id)


async def test_a_draw_needs_every_other_player(host: Host) -> None:
    game_id = await begin(host, BOB, CAROL)
    offer = await host.offers.offer(CHANNEL, "tink", ALICE.user_id, Prompt.DRAW)
    assert offer.prompt is Prompt.DRAW and offer.pings == (BOB.user_id, CAROL.user_id)
    with pytest.raises(Refusal, match="already waiting"):
        await host.offers.offer(CHANNEL, "tink", BOB.user_id, Prompt.DRAW)
    with pytest.raises(Refusal, match="Only Bob and Carol"):
        await host.offers.answer(game_id, Prompt.DRAW, ALICE.user_id, agree=True)
    half = await host.offers.answer(game_id, Prompt.DRAW, BOB.user_id, agree=True)
    assert not half.closed
    done = await host.offers.answer(game_id, Prompt.DRAW, CAROL.user_id, agree=True)
    assert done.closed and done.post is not None
    assert shown(done.post.text) == "The players agreed to a draw."
    assert done.post.pings == (ALICE.user_id, BOB.user_id, CAROL.user_id)
    assert shown(done.text) == "**Alice** offered a draw."
    record = await host.storage.game(game_id)
    assert record is not None and [s.rank for s in record.players] == [0, 0, 0]


async def test_a_draw_after_someone_resigned_is_between_those_still_in(host: Host) -> None:
    game_id = await begin(host, BOB, CAROL)
    resigned = await host.endings.resign(game_id, BOB.user_id)
    assert "Bob is out: resignation." in shown(resigned.text)
    await host.offers.offer(CHANNEL, "tink", ALICE.user_id, Prompt.DRAW)
    with pytest.raises(Refusal, match="Only Carol"):
        await host.offers.answer(game_id, Prompt.DRAW, BOB.user_id, agree=True)
    done = await host.offers.answer(game_id, Prompt.DRAW, CAROL.user_id, agree=True)
    assert done.post is not None
    said = shown(done.post.text)
    assert said == (
        "**Alice** and **Carol** agreed to a draw; Bob, out earlier, finishes behind them."
    )
    record = await host.storage.game(game_id)
    assert record is not None and [s.rank for s in record.players] == [0, 1, 0]
    records = {}
    for person in (ALICE, BOB, CAROL):
        standing = await host.storage.standings.standing(1, "tink", person.user_id)
        assert standing is not None
        records[person.name] = (standing.wins, standing.losses, standing.draws)
    assert records == {"Alice": (0, 0, 1), "Bob": (0, 1, 0), "Carol": (0, 0, 1)}
    card = await host.standings.stats(1, ALICE.user_id, ALICE.name, "tink")
    assert "draw" in " ".join(shown(line) for _, lines in card.fields for line in lines).lower()


async def test_a_declined_offer_closes_and_a_move_cancels_one(host: Host) -> None:
    game_id = await begin(host, BOB)
    await host.offers.offer(CHANNEL, "tink", ALICE.user_id, Prompt.DRAW)
    answer = await host.offers.answer(game_id, Prompt.DRAW, BOB.user_id, agree=False)
    assert answer.closed and "declined Alice's offer" in shown(answer.text)
    await host.offers.offer(CHANNEL, "tink", BOB.user_id, Prompt.DRAW)
    await host.moves.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    with pytest.raises(Refusal, match="no longer open"):
        await host.offers.answer(game_id, Prompt.DRAW, ALICE.user_id, agree=True)


async def test_undo_takes_back_your_own_last_move(host: Host) -> None:
    game_id = await begin(host, BOB)
    with pytest.raises(Refusal, match="last move was yours"):
        await host.offers.offer(CHANNEL, "tink", ALICE.user_id, Prompt.UNDO)
    await host.moves.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    with pytest.raises(Refusal, match="last move was yours"):
        await host.offers.offer(CHANNEL, "tink", BOB.user_id, Prompt.UNDO)
    await host.offers.offer(CHANNEL, "tink", ALICE.user_id, Prompt.UNDO)
    answer = await host.offers.answer(game_id, Prompt.UNDO, BOB.user_id, agree=True)
    assert answer.post is not None
    assert "Alice**'s last move `S d4` was taken back" in shown(answer.post.text)
    assert answer.post.pings == (ALICE.user_id,)
    assert await host.storage.actions(game_id) == []
    await host.moves.move(CHANNEL, "tink", ALICE.user_id, "S e4")
    assert [a.action for a in await host.storage.actions(game_id)] == ["S e4"]


async def test_abort_is_for_the_starter_before_moves_or_a_moderator(host: Host) -> None:
    game_id = await begin(host, BOB)
    with pytest.raises(Refusal, match="Only the player who started"):
        await host.endings.abort(CHANNEL, "tink", BOB.user_id, moderator=False)
    await host.moves.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    with pytest.raises(Refusal, match="manage messages"):
        await host.endings.abort(CHANNEL, "tink", ALICE.user_id, moderator=False)
    post = await host.endings.abort(CHANNEL, "tink", CAROL.user_id, moderator=True)
    assert "not rated" in shown(post.text)
    record = await host.storage.game(game_id)
    assert record is not None and record.status is Status.ABORTED
    assert all(s.rank is None for s in record.players)


async def test_history_lists_the_moves_with_the_animation(host: Host) -> None:
    await begin(host, BOB)
    await host.moves.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    await host.moves.move(CHANNEL, "tink", BOB.user_id, "S e5")
    post = await host.history.in_channel(CHANNEL, "tink")
    assert shown(post.text).endswith("1. Alice: S d4\n2. Bob: S e5")
    assert post.files[0].data == b"gif 2 of at most 300"


async def test_a_long_history_comes_as_a_file(host: Host, monkeypatch: pytest.MonkeyPatch) -> None:
    await begin(host, BOB)
    await host.moves.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    monkeypatch.setattr("bot.play.learning.history.MAX_TEXT", 10)
    post = await host.history.in_channel(CHANNEL, "tink")
    assert shown(post.text) == "Tink #1, 1 move: the list is attached."
    assert post.files[1].data == b"1. Alice: S d4"


async def test_a_long_game_replays_in_fewer_frames_with_its_list_attached(
    host: Host, monkeypatch: pytest.MonkeyPatch
) -> None:
    await begin(host, BOB)
    for alices, bobs in [("S c3", "S a8"), ("S d3", "S h8")]:
        await host.moves.move(CHANNEL, "tink", ALICE.user_id, alices)
        await host.moves.move(CHANNEL, "tink", BOB.user_id, bobs)
    monkeypatch.setattr("bot.play.learning.history.REPLAY_FRAMES", 3)
    post = await host.history.in_channel(CHANNEL, "tink")
    assert shown(post.text) == (
        "Tink #1, 4 moves: the replay shows 3 of its 5 positions, the last ones one by one; "
        "the list is attached."
    )
    assert post.files[0].data == b"gif 4 of at most 3"
    assert post.files[1].data.decode().splitlines()[-1] == "4. Bob: S h8"


async def test_a_finished_games_history_marks_a_forced_win_allowed(host: Host) -> None:
    game_id = await begin(host, BOB)
    for move, player in zip(
        ["S c3", "S a8", "S d3", "S h8", "S c4", "S a1"], [ALICE, BOB] * 3, strict=True
    ):
        await host.moves.move(CHANNEL, "tink", player.user_id, move)
    during = shown((await host.history.in_channel(CHANNEL, "tink")).text)
    assert "forced win" not in during
    await host.endings.resign(game_id, BOB.user_id)
    listed = shown((await host.history.in_channel(CHANNEL, "tink")).text).splitlines()
    assert listed[-4:] == [
        "4. Bob: S h8 (allowed a forced win in two: S b3 or S e3)",
        "5. Alice: S c4",
        "6. Bob: S a1 (allowed a forced win in two: S c2 or S e2 or S b3 or more)",
        "Bob resigned after move 6.",
    ]
