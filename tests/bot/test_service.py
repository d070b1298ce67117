"""The use cases in plain values, over a real SQLite file and a stand-in renderer."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import closing
from pathlib import Path

import pytest

from bot.service import (
    CHALLENGE_LIFETIME,
    DamagedGame,
    Invitation,
    Person,
    Prompt,
    Refusal,
    Service,
)
from bot.storage import Status
from bot.storage.sqlite import SqliteStorage
from tests.bot.support import ALICE, BOB, CAROL, ROBOT, SCRIPTS, Clock, StubRenderer

CHANNEL = 700


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def service(tmp_path: Path, clock: Clock) -> AsyncIterator[Service]:
    storage = await SqliteStorage.open(str(tmp_path / "games.sqlite3"))
    yield Service(storage, renderer=StubRenderer(), clock=clock)
    await storage.close()


def invite(*invitees: Person, game: str = "tink", **options: object) -> Invitation:
    return Invitation(game, 1, CHANNEL, ALICE, invitees, options)


async def begin(service: Service, *invitees: Person, game: str = "tink") -> int:
    post = await service.start(invite(*invitees, game=game))
    for person in invitees:
        await service.accept(post.game_id, person.user_id)
    return post.game_id


async def test_a_challenge_pings_the_invitees_and_waits_for_them(service: Service) -> None:
    post = await service.start(invite(BOB, CAROL))
    assert post.prompt is Prompt.CHALLENGE
    assert post.pings == (BOB.user_id, CAROL.user_id)
    assert "Alice** challenges Bob and Carol to Tink" in post.text
    answer = await service.accept(post.game_id, BOB.user_id)
    assert not answer.closed and answer.post is None
    assert "Waiting for Carol" in answer.text


async def test_the_game_begins_when_everyone_accepted(service: Service) -> None:
    post = await service.start(invite(BOB))
    answer = await service.accept(post.game_id, BOB.user_id)
    assert answer.closed and answer.post is not None
    assert answer.post.pings == (ALICE.user_id,)
    assert "Your move, **Alice**" in answer.post.text
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
    service: Service, invitation: Invitation, refusal: str
) -> None:
    with pytest.raises(Refusal, match=refusal):
        await service.start(invitation)
    assert await service.storage.latest_game_in(CHANNEL) is None


async def test_a_second_start_in_a_channel_links_to_the_first(service: Service) -> None:
    post = await service.start(invite(BOB))
    await service.note_message(post.game_id, 999)
    with pytest.raises(
        Refusal, match=f"already has a game: https://discord.com/channels/1/{CHANNEL}/999"
    ):
        await service.start(invite(CAROL))


async def test_only_invitees_answer_and_a_day_later_the_challenge_is_gone(
    service: Service, clock: Clock
) -> None:
    post = await service.start(invite(BOB))
    with pytest.raises(Refusal, match="Only Bob can answer"):
        await service.accept(post.game_id, CAROL.user_id)
    with pytest.raises(Refusal, match="Only Bob can answer"):
        await service.accept(post.game_id, ALICE.user_id)
    clock.now += CHALLENGE_LIFETIME
    with pytest.raises(Refusal, match="expired"):
        await service.accept(post.game_id, BOB.user_id)
    with pytest.raises(Refusal, match="no game in this channel"):
        await service.board(CHANNEL, "tink")
    await service.start(invite(CAROL))


async def test_a_declined_challenge_frees_the_channel(service: Service) -> None:
    post = await service.start(invite(BOB))
    answer = await service.decline(post.game_id, BOB.user_id)
    assert answer.closed and "Bob** declined" in answer.text
    await service.start(invite(CAROL))


@pytest.mark.parametrize("game", sorted(SCRIPTS))
async def test_a_whole_game_to_its_result(service: Service, game: str) -> None:
    script = SCRIPTS[game]
    post = await service.start(invite(BOB, game=game, **script.options))
    answer = await service.accept(post.game_id, BOB.user_id)
    assert answer.post is not None
    post = answer.post
    for move in script.moves:
        (player,) = post.pings
        post = await service.move(CHANNEL, game, player, move.lower())
        assert f"`{move}`" in post.text
    record = await service.storage.game(post.game_id)
    assert record is not None and record.status is Status.FINISHED
    winner = record.players[script.winner]
    assert f"**{winner.name}** wins: {script.reason}." in post.text
    assert post.pings == tuple(s.user_id for s in record.players)
    assert [s.rank for s in record.players] == [
        int(s.seat != script.winner) for s in record.players
    ]
    with pytest.raises(Refusal, match="over; start a new one"):
        await service.move(CHANNEL, game, BOB.user_id, script.moves[0])
    final = await service.board(CHANNEL, game)
    assert final.files and f"wins: {script.reason}." in final.text and final.pings == ()


async def test_a_move_pings_only_the_next_player(service: Service) -> None:
    await begin(service, BOB)
    post = await service.move(CHANNEL, "tink", ALICE.user_id, "s d4")
    assert post.pings == (BOB.user_id,)
    assert post.text.splitlines() == [
        "**Alice** played `S d4`: a small on d4.",
        "Your move, **Bob**.",
    ]


async def test_move_refusals_change_nothing(service: Service) -> None:
    with pytest.raises(Refusal, match="no game in this channel; start one with /tink start"):
        await service.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    game_id = await begin(service, BOB)
    before = await service.storage.game(game_id)
    with pytest.raises(Refusal, match="It is Alice's turn"):
        await service.move(CHANNEL, "tink", BOB.user_id, "S d4")
    with pytest.raises(Refusal, match="not playing in this game"):
        await service.move(CHANNEL, "tink", CAROL.user_id, "S d4")
    with pytest.raises(Refusal, match="You cannot play 'S a1': "):
        await service.move(CHANNEL, "tink", ALICE.user_id, "S a1")
    with pytest.raises(Refusal, match="The game in this channel is Tink; use /tink"):
        await service.move(CHANNEL, "folio", ALICE.user_id, "S d4")
    assert await service.storage.game(game_id) == before


async def test_a_move_before_everyone_accepted_is_refused(service: Service) -> None:
    await service.start(invite(BOB))
    with pytest.raises(Refusal, match="waiting for Bob to accept"):
        await service.move(CHANNEL, "tink", ALICE.user_id, "S d4")


async def test_two_racing_moves_apply_exactly_once(service: Service) -> None:
    game_id = await begin(service, BOB)
    outcomes = await asyncio.gather(
        service.move(CHANNEL, "tink", ALICE.user_id, "S d4"),
        service.move(CHANNEL, "tink", ALICE.user_id, "S e4"),
        return_exceptions=True,
    )
    refusals = [o for o in outcomes if isinstance(o, Refusal)]
    assert len(refusals) == 1 and "board changed" in str(refusals[0])
    assert len(await service.storage.actions(game_id)) == 1


async def test_a_new_service_on_the_same_file_continues_the_game(
    service: Service, tmp_path: Path, clock: Clock
) -> None:
    await begin(service, BOB)
    await service.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    storage = await SqliteStorage.open(str(tmp_path / "games.sqlite3"))
    restarted = Service(storage, renderer=StubRenderer(), clock=clock)
    post = await restarted.move(CHANNEL, "tink", BOB.user_id, "S e5")
    assert post.files[0].data == b"png 2 Alice Bob"
    await storage.close()


async def test_a_tampered_move_log_is_detected(
    service: Service, tmp_path: Path, clock: Clock
) -> None:
    game_id = await begin(service, BOB)
    await service.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    path = tmp_path / "games.sqlite3"
    with closing(sqlite3.connect(path)) as db, db:
        changed = db.execute("UPDATE actions SET action = 'S e4' WHERE game_id = ?", (game_id,))
        assert changed.rowcount == 1
    storage = await SqliteStorage.open(str(path))
    with pytest.raises(DamagedGame):
        await Service(storage, renderer=StubRenderer(), clock=clock).board(CHANNEL, "tink")
    await storage.close()


async def test_suggestions_follow_what_was_typed(service: Service) -> None:
    await begin(service, BOB)
    moves = [m for m, _ in await service.suggestions(CHANNEL, "tink", ALICE.user_id, "d")]
    assert moves and all("d" in m.lower() for m in moves)
    assert len(await service.suggestions(CHANNEL, "tink", ALICE.user_id, "")) == 16
    assert await service.suggestions(CHANNEL, "tink", ALICE.user_id, "s e4") == [
        ("S e4", "a small on e4")
    ]
    assert await service.suggestions(CHANNEL, "tink", BOB.user_id, "") == []


async def test_resigning_ends_a_two_player_game(service: Service) -> None:
    game_id = await begin(service, BOB)
    with pytest.raises(Refusal, match="not playing"):
        await service.resign_check(CHANNEL, "tink", CAROL.user_id)
    assert await service.resign_check(CHANNEL, "tink", BOB.user_id) == game_id
    post = await service.resign(game_id, BOB.user_id)
    assert "**Bob** resigned." in post.text and "**Alice** wins: resignation." in post.text
    with pytest.raises(Refusal, match="This game is over"):
        await service.resign(game_id, BOB.user_id)


async def test_a_draw_needs_every_other_player(service: Service) -> None:
    game_id = await begin(service, BOB, CAROL)
    offer = await service.offer(CHANNEL, "tink", ALICE.user_id, Prompt.DRAW)
    assert offer.prompt is Prompt.DRAW and offer.pings == (BOB.user_id, CAROL.user_id)
    with pytest.raises(Refusal, match="already waiting"):
        await service.offer(CHANNEL, "tink", BOB.user_id, Prompt.DRAW)
    with pytest.raises(Refusal, match="Only Bob and Carol"):
        await service.answer_offer(game_id, Prompt.DRAW, ALICE.user_id, agree=True)
    half = await service.answer_offer(game_id, Prompt.DRAW, BOB.user_id, agree=True)
    assert not half.closed
    done = await service.answer_offer(game_id, Prompt.DRAW, CAROL.user_id, agree=True)
    assert done.closed and done.post is not None
    assert "The game is drawn: agreed draw." in done.post.text
    record = await service.storage.game(game_id)
    assert record is not None and [s.rank for s in record.players] == [0, 0, 0]


async def test_a_declined_offer_closes_and_a_move_cancels_one(service: Service) -> None:
    game_id = await begin(service, BOB)
    await service.offer(CHANNEL, "tink", ALICE.user_id, Prompt.DRAW)
    answer = await service.answer_offer(game_id, Prompt.DRAW, BOB.user_id, agree=False)
    assert answer.closed and "declined Alice's offer" in answer.text
    await service.offer(CHANNEL, "tink", BOB.user_id, Prompt.DRAW)
    await service.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    with pytest.raises(Refusal, match="no longer open"):
        await service.answer_offer(game_id, Prompt.DRAW, ALICE.user_id, agree=True)


async def test_undo_takes_back_your_own_last_move(service: Service) -> None:
    game_id = await begin(service, BOB)
    with pytest.raises(Refusal, match="last move was yours"):
        await service.offer(CHANNEL, "tink", ALICE.user_id, Prompt.UNDO)
    await service.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    with pytest.raises(Refusal, match="last move was yours"):
        await service.offer(CHANNEL, "tink", BOB.user_id, Prompt.UNDO)
    await service.offer(CHANNEL, "tink", ALICE.user_id, Prompt.UNDO)
    answer = await service.answer_offer(game_id, Prompt.UNDO, BOB.user_id, agree=True)
    assert answer.post is not None and "Alice**'s last move was taken back" in answer.post.text
    assert answer.post.pings == (ALICE.user_id,)
    assert await service.storage.actions(game_id) == []
    await service.move(CHANNEL, "tink", ALICE.user_id, "S e4")
    assert [a.action for a in await service.storage.actions(game_id)] == ["S e4"]


async def test_abort_is_for_the_starter_before_moves_or_a_moderator(service: Service) -> None:
    game_id = await begin(service, BOB)
    with pytest.raises(Refusal, match="Only the player who started"):
        await service.abort(CHANNEL, "tink", BOB.user_id, moderator=False)
    await service.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    with pytest.raises(Refusal, match="manage messages"):
        await service.abort(CHANNEL, "tink", ALICE.user_id, moderator=False)
    post = await service.abort(CHANNEL, "tink", CAROL.user_id, moderator=True)
    assert "not rated" in post.text
    record = await service.storage.game(game_id)
    assert record is not None and record.status is Status.ABORTED
    assert all(s.rank is None for s in record.players)


async def test_history_lists_the_moves_with_the_animation(service: Service) -> None:
    await begin(service, BOB)
    await service.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    await service.move(CHANNEL, "tink", BOB.user_id, "S e5")
    post = await service.history(CHANNEL, "tink")
    assert post.text.endswith("1. Alice: S d4\n2. Bob: S e5")
    assert post.files[0].data == b"gif 2"


async def test_a_long_history_comes_as_a_file(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    await begin(service, BOB)
    await service.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    monkeypatch.setattr("bot.service.MAX_TEXT", 10)
    post = await service.history(CHANNEL, "tink")
    assert post.text == "Tink #1, 1 move: the list is attached."
    assert post.files[1].data == b"1. Alice: S d4"
