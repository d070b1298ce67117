"""Hints through discord.py: where the server's `hints` setting says so, the `/<game> move`
autocomplete and the Move picker list a player's winning moves first, marked; elsewhere
(by default, a rated game between people) every legal move is offered, in board order,
unmarked. Each game is stored one move before a win for the player to move."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

import engine
from bot.play.table.changes import following
from bot.storage import Action, Status
from tests.bot.harness import Channel, DiscordHarness, Kind, SentMessage, User
from tests.bot.harness.records import walk_components
from tests.bot.support import SCRIPTS
from tests.bot.taps import labels_of


def flipped(move: str) -> str:
    """A Bridge move seen from the other side of the board (ranks 1 and 8 swapped)."""
    return "-".join(f"{square[0]}{9 - int(square[1:])}" for square in move.split("-"))


_BRIDGE = SCRIPTS["bridge"].moves
BEFORE_A_WIN = {
    ("tink", 0): SCRIPTS["tink"].moves[:-1],
    ("tingle", 0): SCRIPTS["tingle"].moves[:-1],
    ("folio", 0): ["give RS", "a1 give YS", "b1 give GS", "c1 give RS", "a2 give BS"],
    ("bridge", 0): _BRIDGE[:-1],
    ("bridge", 1): [
        *(flipped(m) for two in zip(_BRIDGE[1::2], _BRIDGE[:-1:2], strict=True) for m in two),
        "h1-g2",
    ],
}
"""For each game and seat, moves after which that seat may win at once (Bridge draws
the seats, so the bot's opponent may sit second)."""
THREE_SEAT_TINK = [
    *("S d5", "S c4", "S b2", "S f5", "S h1", "S b6", "S f3", "S c6", "S e8", "S d7", "S f2"),
    *("S g1", "S h6", "S g6", "S f7", "M f4 f3 f5", "M b5 c4 c6", "M e7 f7 e8", "S d6", "S c8"),
    "S e1",
]
"""Tink for three, after which the first seat may win at once."""
FIRST_PART = {"tink": "move", "tingle": "move", "bridge": "move", "folio": "square"}
GAMES = sorted({name for name, _ in BEFORE_A_WIN})


@dataclass(frozen=True)
class Position:
    """A game stored one move before a win: who is to move, a post with its Move button, and the
    engine's view of the position."""

    mover: User
    turn_post: SentMessage
    game: engine.Game


async def people_game(discord: DiscordHarness, game: str) -> Position:
    """Alice and Bob's game (rated), at a position with a win for the player to move."""
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, f"{game} start", {"opponent": bob, **options(game)})
    await discord.click(bob, challenge.message, "Accept")
    return await at_a_win(discord, [alice, bob], game)


async def bot_game(discord: DiscordHarness, game: str) -> Position:
    """Alice's game against the bot, at a position with a win for her to move."""
    return await at_a_win(discord, [await against_the_bot(discord, game)], game)


async def against_the_bot(discord: DiscordHarness, game: str) -> User:
    """Alice, who started a game of `game` against the bot (its first answer given)."""
    alice = discord.user("alice")
    await discord.slash(alice, f"{game} start", {"opponent": discord.me, **options(game)})
    await discord.run(discord.client.service.settled())  # type: ignore[attr-defined]
    return alice


def options(game: str) -> dict[str, object]:
    return {"grid": "fixed"} if game == "folio" else {}


async def at_a_win(
    discord: DiscordHarness,
    people: list[User],
    name: str,
    moves: list[str] | None = None,
    place: Channel | None = None,
) -> Position:
    """The game of `place` (the test's channel by default) stored after `moves` (else the
    `BEFORE_A_WIN` moves of the first seat of `people`), the first seat of `people` to
    move and able to win at once."""
    position = await stored_after(discord, people, name, moves, place)
    assert position.game.winning_moves()
    return position


async def stored_after(
    discord: DiscordHarness,
    people: list[User],
    name: str,
    moves: list[str] | None = None,
    place: Channel | None = None,
) -> Position:
    """The game of `place` stored after `moves`, as `at_a_win` stores it, with no win
    asked of the position."""
    host = discord.client.host  # type: ignore[attr-defined]
    place = place or discord.channel
    record = await host.storage.latest_game_in(place.id)
    seat = min(s.seat for s in record.players if s.user_id in {p.id for p in people})
    moves = BEFORE_A_WIN[name, seat] if moves is None else moves
    game = engine.new_game(name, len(record.players), seed=record.seed, **record.options)
    logged = []
    for move in moves:
        game.play(move)
        logged.append(Action(move, game.movers[-1], record.players[game.movers[-1]].user_id))
    moved = following(record, game, host.games.clock(), Status.ACTIVE, (), (), 0)
    async with host.games.borrow(record) as loan:
        loan.game = game
        await loan.save(moved.record, logged)
    mirror = engine.new_game(name, len(record.players), seed=record.seed, **record.options)
    for move in moves:
        mirror.play(move)
    assert mirror.to_move == seat
    (mover,) = [p for p in people if p.id == record.players[seat].user_id]
    return Position(mover, turn_post(discord, place), mirror)


def turn_post(discord: DiscordHarness, place: Channel) -> SentMessage:
    """The place's last post with a Move button (it opens the picker of its game)."""
    posts = [r.message for r in discord.requests if r.message is not None]
    return [m for m in posts if m.channel == place and "Move" in labels_of(m)][-1]


async def set_hints(discord: DiscordHarness, value: str) -> None:
    saved = await discord.slash(discord.user("owner"), "gamehost settings", {"hints": value})
    assert saved.content.startswith("Saved."), saved.content


# -- what a front end shows ------------------------------------------------------------


def first_values(game: engine.Game, part: str, *, hinted: bool) -> list[str]:
    """The values of a move's first part in the legal moves' order, the winning ones
    first when `hinted`: what the autocomplete lists."""
    values = list(dict.fromkeys(game.split_move(move)[part] for move in game.legal_moves()))
    wins = {game.split_move(move)[part] for move in game.winning_moves()}
    return sorted(values, key=lambda value: hinted and value not in wins)[:25]


async def autocompleted(
    discord: DiscordHarness, position: Position, name: str
) -> list[tuple[str, str]]:
    """What the autocomplete offers for the move's first part: values and names."""
    part, place = FIRST_PART[name], position.turn_post.channel
    offered = await discord.autocomplete(
        position.mover, f"{name} move", part, {part: ""}, channel=place
    )
    return [(choice.value, choice.name) for choice in offered]


async def picker_steps(discord: DiscordHarness, position: Position) -> list[list[tuple[str, str]]]:
    """Each step of the Move picker on the way to the first winning move: its choices'
    values and descriptions, in order."""
    target = position.game.winning_moves()[0]
    step = await discord.click(position.mover, position.turn_post, "Move")
    steps = []
    while "Play" not in [button.label for button in step.message.buttons]:
        (menu,) = [c for c in walk_components(step.message.components) if "options" in c]
        shown = [(o["value"], o.get("description") or "") for o in menu["options"]]
        steps.append(shown)
        value = max((v for v, _ in shown if target.startswith(v)), key=len)
        step = await discord.select(position.mover, step.message, menu["custom_id"], [value])
    return steps


async def assert_hinted(discord: DiscordHarness, position: Position, name: str) -> None:
    """The winning moves come first, marked, in the autocomplete and the picker."""
    wanted = first_values(position.game, FIRST_PART[name], hinted=True)
    offered = await autocompleted(discord, position, name)
    assert [value for value, _ in offered] == wanted
    assert offered[0][1].endswith("— wins")
    steps = await picker_steps(discord, position)
    for shown in steps:
        winning = [description.endswith("wins") for _, description in shown]
        assert winning[0] and winning == sorted(winning, reverse=True), shown


async def assert_unhinted(discord: DiscordHarness, position: Position, name: str) -> None:
    """Every legal move is offered in board order, and none is marked."""
    wanted = first_values(position.game, FIRST_PART[name], hinted=False)
    offered = await autocompleted(discord, position, name)
    assert [value for value, _ in offered] == wanted
    assert not any("wins" in said for _, said in offered), offered
    steps = await picker_steps(discord, position)
    assert steps, "the picker offers a list at least once"
    for shown in steps:
        assert not any("wins" in description for _, description in shown), shown
        values = [value for value, _ in shown]
        assert values == sorted(values), shown


# -- the tests -------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
async def test_a_game_between_people_gives_no_hints(discord: DiscordHarness, name: str) -> None:
    await assert_unhinted(discord, await people_game(discord, name), name)


@pytest.mark.parametrize("name", GAMES)
async def test_a_game_against_the_bot_gives_hints(discord: DiscordHarness, name: str) -> None:
    await assert_hinted(discord, await bot_game(discord, name), name)


@pytest.mark.parametrize("name", GAMES)
async def test_hints_in_every_game_reach_games_between_people(
    discord: DiscordHarness, name: str
) -> None:
    await set_hints(discord, "every_game")
    await assert_hinted(discord, await people_game(discord, name), name)


@pytest.mark.parametrize("name", GAMES)
async def test_hints_in_no_game_leave_even_the_bot_games_bare(
    discord: DiscordHarness, name: str
) -> None:
    await set_hints(discord, "no_game")
    await assert_unhinted(discord, await bot_game(discord, name), name)


async def test_a_game_of_two_people_and_the_bot_gives_no_hints(discord: DiscordHarness) -> None:
    """People's ratings meet in it, as in a game between people alone."""
    alice, bob = discord.user("alice"), discord.user("bob")
    invitation = {"opponent": bob, "player3": discord.me, "ai": "easy"}
    challenge = await discord.slash(alice, "tink start", invitation)
    await discord.click(bob, challenge.message, "Accept")
    position = await at_a_win(discord, [alice, bob], "tink", THREE_SEAT_TINK)
    await assert_unhinted(discord, position, "tink")


async def test_the_hints_setting_is_shown_and_changed(discord: DiscordHarness) -> None:
    owner = discord.user("owner")
    shown = await discord.slash(owner, "gamehost settings")
    assert (
        "\nWinning moves shown as hints: in games against the bot only "
        "(games between people are rated)\n"
    ) in shown.content
    for value, said in [("every_game", "in every game"), ("no_game", "in no game")]:
        saved = await discord.slash(owner, "gamehost settings", {"hints": value})
        assert saved.content.startswith("Saved. Settings for this server:\n")
        assert f"\nWinning moves shown as hints: {said}\n" in saved.content
    again = await discord.slash(owner, "gamehost settings")
    assert "\nWinning moves shown as hints: in no game\n" in again.content


# -- a game started with hints on ------------------------------------------------------

HINTS_ON = "Hints are on: everyone is shown their winning moves, and the game is unrated."


@pytest.mark.parametrize("name", GAMES)
async def test_a_game_between_people_started_with_hints_on_gives_them(
    discord: DiscordHarness, name: str
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    invitation = {"opponent": bob, "hints": True, **options(name)}
    challenge = await discord.slash(alice, f"{name} start", invitation)
    assert HINTS_ON in challenge.content
    accepted = await discord.click(bob, challenge.message, "Accept")
    assert HINTS_ON in accepted.messages[-1].content, "the first board says so too"
    await assert_hinted(discord, await at_a_win(discord, [alice, bob], name), name)


async def test_a_game_with_hints_on_is_unrated_and_its_rematch_keeps_them(
    discord: DiscordHarness,
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob, "hints": True})
    await discord.click(bob, challenge.message, "Accept")
    position = await at_a_win(discord, [alice, bob], "tink")
    won = await discord.slash(
        position.mover, "tink move", {"move": position.game.winning_moves()[0]}
    )
    assert "wins" in won.content
    host = discord.client.host  # type: ignore[attr-defined]
    record = await host.storage.latest_game_in(discord.channel.id)
    assert record.status is Status.FINISHED and record.hinted
    stats = await discord.slash(position.mover, "stats")
    assert stats.ephemeral and "no rated" in stats.content, "nothing was rated"
    again = await discord.click(position.mover, won.messages[-1], "Rematch")
    assert HINTS_ON in again.messages[-1].content


async def test_a_server_that_gives_no_hints_refuses_a_game_with_hints_on(
    discord: DiscordHarness,
) -> None:
    await set_hints(discord, "no_game")
    alice, bob = discord.user("alice"), discord.user("bob")
    refused = await discord.slash(alice, "tink start", {"opponent": bob, "hints": True})
    assert refused.ephemeral
    assert refused.content == "This server gives no hints: its games are played without them."
    host = discord.client.host  # type: ignore[attr-defined]
    assert await host.storage.latest_game_in(discord.channel.id) is None


async def test_a_tournament_game_tapped_through_gives_no_hints(discord: DiscordHarness) -> None:
    owner, alice, bob = discord.user("owner"), discord.user("alice"), discord.user("bob")
    created = await discord.slash(owner, "tournament create tink", {"format": "round-robin"})
    for player in (alice, bob):
        await discord.click(player, created.message, "Join")
    started = await discord.slash(owner, "tournament start", {"number": 1})
    (thread,) = [m.channel for m in started.messages if m.channel != discord.channel]
    assert started.of(Kind.THREAD) and thread.parent == discord.channel
    position = await at_a_win(discord, [alice, bob], "tink", place=thread)
    await assert_unhinted(discord, position, "tink")


# -- the coach's hint, asked with /<game> hint ---------------------------------------------

BLOCK_TINK = ["S f3", "S c3", "S h8", "S d3", "S a8", "S e3"]
"""Tink after which the bot (second) threatens to win at once on b3 alone (f3 is
Alice's), Alice has no win, and most of her moves let it win."""
LOST_TINK = ["S f4", *BLOCK_TINK[1:]]
"""The same with both ends of the bot's three open: no move stops it."""
NO_WIN = "Coach: **alice** has no win at once, and "


@pytest.mark.parametrize("name", GAMES)
async def test_asked_for_a_hint_against_the_bot_the_coach_names_the_win(
    discord: DiscordHarness, name: str
) -> None:
    position = await bot_game(discord, name)
    hint = await discord.slash(position.mover, f"{name} hint", channel=position.turn_post.channel)
    assert hint.ephemeral
    move = position.game.winning_moves()[0]
    assert hint.content == f"Coach: **alice** can win at once with `{move}`."


async def bot_game_after(discord: DiscordHarness, moves: list[str]) -> Position:
    """Alice's Tink game against the bot, stored after `moves`, Alice to move."""
    return await stored_after(discord, [await against_the_bot(discord, "tink")], "tink", moves)


async def test_the_coach_names_the_move_that_stops_the_bots_threat(
    discord: DiscordHarness,
) -> None:
    position = await bot_game_after(discord, BLOCK_TINK)
    hint = await discord.slash(position.mover, "tink hint")
    said = NO_WIN + "most moves let the next player win at once;"
    assert hint.ephemeral and hint.content.startswith(said), hint.content
    (block,) = re.findall(r"`([^`]+)` stops that\.$", hint.content)
    after = engine.load_game(position.game.to_json())
    after.play(block)
    assert not after.winning_moves(), f"{block} leaves the bot no win at once"


async def test_the_coach_says_when_no_move_stops_the_bot(discord: DiscordHarness) -> None:
    position = await bot_game_after(discord, LOST_TINK)
    hint = await discord.slash(position.mover, "tink hint")
    assert hint.content == NO_WIN + "every move lets the next player win at once."


async def test_no_hint_is_given_between_people(discord: DiscordHarness) -> None:
    position = await people_game(discord, "tink")
    refused = await discord.slash(position.mover, "tink hint")
    assert refused.ephemeral and refused.content == (
        "Hints are given in games against the bot only: between people, it is rated."
    )


async def test_no_hint_is_given_where_the_server_gives_none(discord: DiscordHarness) -> None:
    await set_hints(discord, "no_game")
    position = await bot_game(discord, "tink")
    refused = await discord.slash(position.mover, "tink hint")
    assert refused.ephemeral
    assert refused.content == "This server gives no hints: its games are played without them."
