"""A finished game's review through discord.py, for every game: the Review button on the
game's end and `/<game> review [id]` answer at once that the review is under way, count
the positions valued, and become the review (accuracy, grades, key moments) with its
graph; the same game always gives the same review."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pytest

import ai
import engine
from ai.review import LEVEL
from tests.bot.harness import PNG_SIGNATURE, DiscordHarness, Kind, Reply
from tests.bot.support import SCRIPTS


@pytest.fixture(autouse=True)
def quick_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review's search thinks a few iterations only: its exact marks stay exact."""
    quick = dataclasses.replace(ai.SETTINGS[LEVEL], iterations=MappingProxyType({"default": 8}))
    monkeypatch.setitem(ai.SETTINGS, LEVEL, quick)


async def played(discord: DiscordHarness, game: str) -> Reply:
    """The scripted game of `game` between alice and bob, to its end: the last move's reply."""
    alice, bob = discord.user("alice"), discord.user("bob")
    script = SCRIPTS[game]
    options = {"opponent": bob, **script.options}
    challenge = await discord.slash(alice, f"{game} start", options)
    begun = await discord.click(bob, challenge.message, "Accept")
    last = begun
    for move in script.moves:
        record = await discord.client.host.storage.latest_game_in(discord.channel.id)  # type: ignore[attr-defined]
        mover = alice if record.turn_user_id == alice.id else bob
        parts = engine.load_game(record.state).split_move(move)
        last = await discord.slash(mover, f"{game} move", parts)
    return last


@pytest.mark.parametrize("game", sorted(SCRIPTS))
async def test_the_review_button_reviews_the_game_that_ended(
    discord: DiscordHarness, game: str
) -> None:
    ended = (await played(discord, game)).messages[-1]
    assert [b.label for b in ended.buttons] == ["Replay", "Review", "Rematch"]
    reviewed = await discord.click(discord.user("carol"), ended, "Review")
    first = reviewed.requests[0]
    assert first.kind is Kind.RESPONSE and first.content.startswith("Reviewing ")
    progress = [r.content for r in reviewed.of(Kind.EDIT_ORIGINAL)][:-1]
    assert progress and all("positions valued" in said for said in progress)
    review = reviewed.message
    heading = f"Review of {game.capitalize()} #1: "
    assert review.content.startswith(
        (f"{heading}**alice** and **bob**.", f"{heading}**bob** and **alice**.")
    )
    assert "**alice**: accuracy " in review.content and "**bob**: accuracy " in review.content
    assert review.files[0].data.startswith(PNG_SIGNATURE) and not review.ephemeral


async def test_a_review_names_each_grade_and_is_the_same_twice(discord: DiscordHarness) -> None:
    await played(discord, "tink")
    first = await discord.slash(discord.user("carol"), "tink review")
    again = await discord.slash(discord.user("dave"), "tink review", {"id": 1})
    assert first.message.content == again.message.content
    assert first.message.files[0].data == again.message.files[0].data
    assert "Key moments:" in first.message.content
    history = await discord.slash(discord.user("carol"), "tink history")
    assert "4. bob: S d5 (blunder; allowed a forced win in two: S b3 or S e3)" in history.content
    assert "6. bob: S e5 (allowed a win: S b3 or S f3)" in history.content, "lost already"
    graph, moments = first.message.files
    assert graph.filename == "tink-1-review.png"
    assert moments.filename == "tink-1-key-moments.png"
    assert moments.data.startswith(PNG_SIGNATURE)
    assert "bob: accuracy" not in first.message.content
    lines = first.message.content.splitlines()
    bob = next(line for line in lines if line.startswith("**bob**"))
    assert "miss" in bob or "blunder" in bob


async def test_a_game_not_finished_is_not_reviewed(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob})
    await discord.click(bob, challenge.message, "Accept")
    refused = await discord.slash(alice, "tink review")
    assert refused.ephemeral
    assert refused.content == "Tink #1 is not finished: a review is of a finished game."
    missing = await discord.slash(alice, "tink review", {"id": 9})
    assert missing.ephemeral and missing.content == "There is no Tink game #9 in this server."
