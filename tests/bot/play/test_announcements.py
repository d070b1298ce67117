"""Every kind of announcement shows names exactly as their players wrote them."""

from __future__ import annotations

from bot.play.host import Host
from bot.play.playing.challenges import Invitation
from bot.play.table.values import Person, Post, Prompt
from bot.play.words.text import Text, plain
from tests.bot.support import SCRIPTS, Clock, shown

CHANNEL = 700
LOWER = Person(301, "alice")
MIXED = Person(302, "deVries")
UPPER = Person(303, "BOB")
# Seat 1 (deVries) is left without a move: it passes, then goes out on its second pass.
SEAT_1_STUCK = ["S c3", "S a8", "S e3", "S d8", "S c5", "S g8", "S e5", "S a5", "S h1", "S h5"]


async def begin(
    host: Host, game: str, *invitees: Person, time_limit: str | None = None, **options: object
) -> int:
    invitation = Invitation(game, 1, CHANNEL, LOWER, invitees, options, time_limit=time_limit)
    post = await host.challenges.start(invitation)
    for person in invitees:
        answer = await host.challenges.accept(post.game_id, person.user_id)
    assert answer.post is not None
    assert_names_as_written(answer.post.text)
    return post.game_id


async def play(host: Host, game: str, moves: list[str]) -> list[Post]:
    """Each move played by whoever is to move; the posts, every one checked for names."""
    posts = []
    for move in moves:
        record = await host.storage.latest_game_in(CHANNEL)
        assert record is not None and record.turn_user_id is not None
        post = await host.moves.move(CHANNEL, game, record.turn_user_id, move)
        assert_names_as_written(post.text)
        posts.append(post)
    return posts


def assert_names_as_written(text: Text) -> None:
    """Every name in the text is in its own case, never capitalized or lowered."""
    said = plain(text)
    for person in (LOWER, MIXED, UPPER):
        assert said.lower().count(person.name.lower()) == said.count(person.name), said


async def test_moves_and_results(host: Host) -> None:
    await begin(host, "tink", MIXED)
    posts = await play(host, "tink", SCRIPTS["tink"].moves)
    assert plain(posts[0].text).startswith("alice played S c3: a small on c3.\n")
    assert "Your move, deVries." in plain(posts[0].text)
    assert "alice wins: four in a row." in plain(posts[-1].text)


async def test_passes_and_going_out(host: Host) -> None:
    await begin(host, "tink", MIXED)
    posts = await play(host, "tink", [*SEAT_1_STUCK, "M d4 c3 e5", "S b2"])
    assert "\ndeVries has no legal move and passes.\n" in plain(posts[-2].text)
    said = plain(posts[-1].text)
    assert "\ndeVries is out: passed twice.\n" in said
    assert "alice wins: last player in." in said


async def test_a_third_player_going_out_by_resigning(host: Host) -> None:
    game_id = await begin(host, "tink", MIXED, UPPER)
    post = await host.endings.resign(game_id, UPPER.user_id)
    assert_names_as_written(post.text)
    assert plain(post.text).splitlines()[:2] == ["BOB resigned.", "BOB is out: resignation."]


async def test_match_rounds(host: Host) -> None:
    game_id = await begin(host, "bridge", MIXED, rounds=2)
    posts = await play(host, "bridge", SCRIPTS["bridge"].moves)
    record = await host.storage.game(game_id)
    assert record is not None
    first, second = record.names
    said = plain(posts[-1].text)
    assert f"Round 1: {first} completes a bridge and wins the round;" in said
    assert f"{second} chooses who starts round 2." in said
    assert said.endswith(f'\nYour move, {second}: type "{second} first" or "{second} second".')
    assert shown(posts[-1].text).endswith(
        f"Your move, **{second}**: type `/bridge move first` or `/bridge move second`."
    )
    (after,) = await play(host, "bridge", ["second"])
    assert f"{second} played second: lets the opponent start." in plain(after.text)


async def test_resignations_and_draws(host: Host) -> None:
    game_id = await begin(host, "tink", MIXED)
    offer = await host.offers.offer(CHANNEL, "tink", MIXED.user_id, Prompt.DRAW)
    assert plain(offer.text) == "deVries offers a draw. alice: do you agree?"
    declined = await host.offers.answer(game_id, Prompt.DRAW, LOWER.user_id, agree=False)
    assert plain(declined.text) == "alice declined deVries's offer."
    await host.offers.offer(CHANNEL, "tink", LOWER.user_id, Prompt.DRAW)
    agreed = await host.offers.answer(game_id, Prompt.DRAW, MIXED.user_id, agree=True)
    assert plain(agreed.text) == "alice offered a draw."

    game_id = await begin(host, "folio", MIXED)
    post = await host.endings.resign(game_id, LOWER.user_id)
    assert_names_as_written(post.text)
    assert plain(post.text).splitlines()[:2] == ["alice resigned.", "deVries wins: resignation."]


async def test_time_outs(host: Host, clock: Clock) -> None:
    game_id = await begin(host, "tink", MIXED, time_limit="1h")
    await play(host, "tink", ["S c3"])
    clock.now += 2 * 3600
    post = await host.endings.time_out(game_id)
    assert post is not None
    assert_names_as_written(post.text)
    assert plain(post.text).splitlines()[:2] == [
        "deVries ran out of time.",
        "alice wins: time ran out.",
    ]
