"""Puzzles from a server's own games through discord.py: a missed win becomes a puzzle
whose one winning move solves it, a wrong answer is refuted, three end it with the
solution, no puzzle is given twice or to another server, and /stats counts them."""

from __future__ import annotations

import random

import pytest

import engine
from tests.bot.harness import PNG_SIGNATURE, DiscordHarness, Reply, SentMessage, User
from tests.bot.harness.records import walk_components
from tests.bot.support import SCRIPTS
from tests.bot.taps import labels_of

MISSED = ["S c3", "S b3", "S d3", "S c5", "S e3", "S d5", "S a8", "S h8", "S f3"]
"""Tink: alice (first) misses her only win, S f3, with S a8, and takes it later."""
FIXED: dict[str, object] = {"grid": "fixed"}
SHOWN = "Puzzle from Tink #1, before move 7: **alice** (orange) to play and win in one move."


async def missed_win(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob})
    await discord.click(bob, challenge.message, "Accept")
    for ply, move in enumerate(MISSED):
        await discord.slash((alice, bob)[ply % 2], "tink move", {"move": move})


async def test_a_missed_win_is_a_puzzle_solved_by_its_one_winning_move(
    discord: DiscordHarness,
) -> None:
    await missed_win(discord)
    alice = discord.user("alice")
    given = await discord.slash(alice, "puzzle")
    assert given.ephemeral and given.content.startswith(SHOWN)
    assert given.files[0].data.startswith(PNG_SIGNATURE)
    wrong = await discord.slash(alice, "puzzle", {"move": "S a8"})
    assert wrong.ephemeral and wrong.content.startswith("S a8 does not win: bob answers ")
    assert wrong.content.endswith("Try again (2 tries left).")
    again = await discord.slash(alice, "puzzle", {"game": "tink"})
    assert again.content.startswith(SHOWN) and "(2 tries)" in again.content
    solved = await discord.slash(alice, "puzzle", {"move": "s f3"})
    assert solved.content.startswith("**Solved**: S f3 wins at once.")
    none_left = await discord.slash(alice, "puzzle")
    assert none_left.ephemeral and none_left.content.startswith("No new puzzle here yet")
    stats = await discord.slash(alice, "stats")
    fields = {field.name: field.value for field in stats.embeds[0].fields}
    assert fields["Puzzles"] == "1 solved of 1 tried"


async def test_three_wrong_answers_or_asking_show_the_solution(discord: DiscordHarness) -> None:
    await missed_win(discord)
    carol, dave = discord.user("carol"), discord.user("dave")
    await discord.slash(carol, "puzzle")
    for _ in range(2):
        await discord.slash(carol, "puzzle", {"move": "S a1"})
    third = await discord.slash(carol, "puzzle", {"move": "S a1"})
    assert "The solution: **S f3**, which wins at once." in third.content
    closed = await discord.slash(carol, "puzzle", {"move": "S f3"})
    assert closed.ephemeral and closed.content.startswith("You have no puzzle open")
    await discord.slash(dave, "puzzle")
    shown = await discord.slash(dave, "puzzle", {"solution": True})
    assert shown.content.startswith("The solution: **S f3**")
    spent = await discord.slash(dave, "puzzle", {"game": "tink"})
    assert spent.content.startswith("No new Tink puzzle here yet")


async def test_another_servers_games_give_no_puzzle(discord: DiscordHarness) -> None:
    await missed_win(discord)
    elsewhere = discord.text_channel("general", guild=discord.new_guild("Elsewhere"))
    refused = await discord.slash(discord.user("alice"), "puzzle", channel=elsewhere)
    assert refused.ephemeral and refused.content.startswith("No new puzzle here yet")


BRIDGE_MISSED = [*SCRIPTS["bridge"].moves[:30], "d2-c1", "h8-g7", "b6-a8"]
"""Bridge: the first seat misses its only win, b6-a8, with d2-c1, and takes it next."""


@pytest.mark.parametrize(
    ("game", "seed", "options", "script"),
    [("tingle", 19, {}, []), ("folio", 0, FIXED, []), ("bridge", 0, {}, BRIDGE_MISSED)],
)
async def test_each_games_missed_wins_are_puzzles(
    discord: DiscordHarness, game: str, seed: int, options: dict[str, object], script: list[str]
) -> None:
    """A game of its kind with a missed win (a random one found by seed, or `script`),
    played to its end."""
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, f"{game} start", {"opponent": bob, **options})
    await discord.click(bob, challenge.message, "Accept")
    record = await discord.client.host.storage.latest_game_in(discord.channel.id)  # type: ignore[attr-defined]
    mirror = engine.new_game(game, 2, seed=record.seed, **record.options)
    rng = random.Random(seed)
    users = {seat.seat: (alice if seat.user_id == alice.id else bob) for seat in record.players}
    scripted = iter(script)
    while mirror.result is None:
        move = next(scripted, None) or rng.choice(mirror.legal_moves())
        assert mirror.to_move is not None
        mover = users[mirror.to_move]
        await discord.slash(mover, f"{game} move", mirror.split_move(move))
        mirror.play(move)
    given = await discord.slash(discord.user("carol"), "puzzle", {"game": game})
    assert given.content.startswith(f"Puzzle from {game.capitalize()} #1, before move ")
    ply = int(given.content.split("before move ")[1].split(":")[0]) - 1
    position = engine.replay(game, 2, record.seed, record.options, ())
    for action in mirror.actions:
        if len(position.history) == ply:
            break
        position.apply(action)
    in_one = "win in one move" in given.content
    (solution,) = position.winning_moves() if in_one else engine.forced_wins_in_two(position)
    solved = await discord.slash(discord.user("carol"), "puzzle", {"move": solution})
    assert solved.content.startswith(f"**Solved**: {solution} ")


async def answer_by_taps(
    discord: DiscordHarness, user: User, puzzle: SentMessage, move: str
) -> Reply:
    """Answer the puzzle with `move` through the picker its Answer button opens: the
    reply that answered."""
    step = await discord.click(user, puzzle, "Answer")
    while True:
        assert step.ephemeral, step.content
        menus = [c for c in walk_components(step.message.components) if "options" in c]
        if not menus:
            return step
        (menu,) = menus
        values = [option["value"] for option in menu["options"]]
        assert not any("wins" in str(option.get("description")) for option in menu["options"])
        value = max((v for v in values if move.startswith(v)), key=len)
        step = await discord.select(user, step.message, menu["custom_id"], [value])


async def test_a_puzzle_is_answered_by_taps_and_a_wrong_tap_keeps_it_open(
    discord: DiscordHarness,
) -> None:
    await missed_win(discord)
    carol = discord.user("carol")
    given = await discord.slash(carol, "puzzle")
    assert labels_of(given.message) == ["Answer"]
    picker = await discord.click(carol, given.message, "Answer")
    assert picker.ephemeral and picker.content.startswith("Puzzle from Tink #1: your answer")
    assert picker.message.button("Back").disabled
    wrong = await answer_by_taps(discord, carol, given.message, "S a8")
    assert wrong.content.startswith("S a8 does not win") and labels_of(wrong.message) == ["Answer"]
    solved = await answer_by_taps(discord, carol, wrong.message, "S f3")
    assert solved.content.startswith("**Solved**: S f3 wins at once.")
    assert labels_of(solved.message) == []
    stale = await discord.click(carol, given.message, "Answer")
    assert stale.ephemeral and stale.content.startswith("You have no puzzle open")
