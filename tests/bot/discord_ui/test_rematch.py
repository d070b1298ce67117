"""A rematch in one press: the game-over post's Rematch starts the same game again in the
same place, seats turned, for its players alone; the bot accepts at once."""

from __future__ import annotations

from bot.storage import GameRecord, Status, Storage
from tests.bot.harness import DiscordHarness, Reply


def storage_of(discord: DiscordHarness) -> Storage:
    return discord.client.host.storage  # type: ignore[attr-defined, no-any-return]


async def record_of(discord: DiscordHarness, game_id: int) -> GameRecord:
    record = await storage_of(discord).game(game_id)
    assert record is not None
    return record


async def resigned_game(discord: DiscordHarness, **options: object) -> Reply:
    """Alice challenges Bob, who accepts and then resigns: the reply holds the end."""
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "folio start", {"opponent": bob, **options})
    await discord.click(bob, challenge.message, "Accept")
    confirm = await discord.slash(bob, "folio resign")
    return await discord.click(bob, confirm.message, "Resign")


async def test_a_player_presses_rematch_and_the_same_game_begins_with_seats_turned(
    discord: DiscordHarness,
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    ended = (await resigned_game(discord, grid="fixed", time_limit="5d+1d")).messages[-1]
    assert [b.label for b in ended.buttons] == ["Replay", "Review", "Rematch"]
    first = await record_of(discord, 1)
    asked = await discord.click(bob, ended, "Rematch")
    challenge = asked.message
    assert not asked.ephemeral
    assert "**bob** challenges alice to Folio #2." in challenge.content
    assert [b.label for b in challenge.buttons] == ["Accept", "Decline"]
    begun = await discord.click(alice, challenge, "Accept")
    assert "Folio #2 begins" in begun.messages[-1].content
    again = await record_of(discord, 2)
    assert again.status is Status.ACTIVE
    assert [s.user_id for s in again.players] == [bob.id, alice.id]
    assert [s.user_id for s in first.players] == [alice.id, bob.id]
    assert again.options == first.options and again.options["grid"] == "fixed"
    assert (again.time_limit, again.time_increment) == (first.time_limit, first.time_increment)
    assert again.place_id == first.place_id


async def test_only_the_games_players_may_ask_for_a_rematch(discord: DiscordHarness) -> None:
    ended = (await resigned_game(discord)).messages[-1]
    refused = await discord.click(discord.user("carol"), ended, "Rematch")
    assert refused.ephemeral
    assert refused.content == "Only the players of this game can ask for a rematch."
    assert await storage_of(discord).game(2) is None


async def test_a_rematch_waits_for_the_place_to_be_free(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    ended = (await resigned_game(discord)).messages[-1]
    await discord.click(alice, ended, "Rematch")
    refused = await discord.click(bob, ended, "Rematch")
    assert refused.ephemeral
    assert refused.content.startswith("This channel already has a game")


async def test_a_rematch_against_the_bot_begins_at_once(discord: DiscordHarness) -> None:
    alice = discord.user("alice")
    await discord.slash(alice, "tink start", {"ai": "easy"})
    confirm = await discord.slash(alice, "tink resign")
    ended = (await discord.click(alice, confirm.message, "Resign")).messages[-1]
    first = await record_of(discord, 1)
    begun = await discord.click(alice, ended, "Rematch")
    assert "Tink #2 begins" in begun.messages[-1].content
    again = await record_of(discord, 2)
    assert again.status is Status.ACTIVE
    assert [s.user_id for s in again.players] == [s.user_id for s in reversed(first.players)]
