"""The bot end to end through discord.py, fed Discord's own payloads by the harness."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

import engine
import render
from bot.discord_ui import replies
from bot.discord_ui.app import create_bot
from bot.discord_ui.tree import APOLOGY
from bot.play.words.pictures import picture_words
from bot.runtime.app import App
from bot.storage import Status
from bot.workers.drawing import DrawingProcess, ThreadDrawing
from bot.workers.thinking import ThreadThinking
from tests.bot.harness import DiscordHarness, InteractionResponseType, Kind, Reply, User
from tests.bot.support import SCRIPTS, new_bot, settings_in
from tests.postgres_server import BACKENDS

PICTURE_WORDS = picture_words("en")


def pinged(reply: Reply) -> list[int]:
    mentions = reply.response.allowed_mentions if reply.requests else None
    return [int(u) for u in (mentions or {}).get("users", [])]


def mentions_of(message_reply: Reply) -> list[int]:
    """The users the last message of a reply may ping."""
    request = [r for r in message_reply.requests if r.message is not None][-1]
    return [int(u) for u in (request.allowed_mentions or {}).get("users", [])]


async def begin(discord: DiscordHarness, game: str = "tink", **options: object) -> Reply:
    """Alice challenges Bob and Bob accepts: the reply holds the first board."""
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, f"{game} start", {"opponent": bob, **options})
    return await discord.click(bob, challenge.message, "Accept")


def user_by_id(discord: DiscordHarness, user_id: int) -> User:
    return next(u for u in (discord.user("alice"), discord.user("bob")) if u.id == user_id)


@pytest.mark.parametrize("game", sorted(SCRIPTS))
async def test_a_whole_game_from_challenge_to_result(tmp_path: Path, game: str) -> None:
    """The bot as it runs for real: pictures come from its drawing process."""
    async with DiscordHarness(create_bot(App(settings_in(tmp_path)))) as discord:
        await play_a_whole_game(discord, game)
        drawing = discord.client.app.renderer  # type: ignore[attr-defined]
        assert isinstance(drawing, DrawingProcess) and drawing.pid is not None
    assert drawing.pid is None


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_whole_game_on_each_storage_backend(discord: DiscordHarness) -> None:
    await play_a_whole_game(discord, "tink")


@pytest.mark.parametrize("python", ["/bin/false", "/nonexistent/python"])
async def test_without_worker_processes_pictures_are_drawn_and_the_ai_thinks_in_threads(
    tmp_path: Path,
    python: str,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(sys, "executable", python)
    async with DiscordHarness(create_bot(App(settings_in(tmp_path)))) as discord:
        assert isinstance(discord.client.app.renderer, ThreadDrawing)  # type: ignore[attr-defined]
        assert isinstance(discord.client.app.thinker, ThreadThinking)  # type: ignore[attr-defined]
        await play_a_whole_game(discord, "tink")
    assert "the drawing process did not start" in caplog.text
    assert "the thinking process did not start" in caplog.text


async def play_a_whole_game(discord: DiscordHarness, game: str) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    script = SCRIPTS[game]
    challenge = await discord.slash(alice, f"{game} start", {"opponent": bob, **script.options})
    assert not challenge.ephemeral
    assert challenge.content.startswith("**alice** challenges bob")
    assert pinged(challenge) == [bob.id]
    assert [b.label for b in challenge.message.buttons] == ["Accept", "Decline"]

    accepted = await discord.click(bob, challenge.message, "Accept")
    assert accepted.response.response_type is InteractionResponseType.message_update
    assert accepted.message.png().startswith(b"\x89PNG")
    (turn,) = mentions_of(accepted)
    assert challenge.message.buttons == []

    reply = accepted
    splitter = engine.new_game(game, 2, seed=0)
    for move in script.moves:
        parts = splitter.split_move(move)
        reply = await discord.slash(user_by_id(discord, turn), f"{game} move", parts)
        assert not reply.ephemeral, reply.content
        assert f"`{move}`" in reply.content
        assert reply.png().startswith(b"\x89PNG")
        mentions = pinged(reply)
        if len(mentions) == 1:
            (turn,) = mentions
    assert f"wins: {script.reason}." in reply.content
    assert sorted(pinged(reply)) == sorted([alice.id, bob.id])
    record = await discord.client.host.storage.game(1)  # type: ignore[attr-defined]
    assert record is not None and record.status is Status.FINISHED
    assert reply.png() == render.board_png(
        engine.load_game(record.state), record.names, PICTURE_WORDS
    )


async def test_the_move_reply_pings_only_the_next_player(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord)
    reply = await discord.slash(alice, "tink move", {"move": "s d4"})
    assert reply.content.splitlines()[:2] == [
        "**alice** played `S d4`: a small on d4.",
        "Your move, **bob**.",
    ]
    assert pinged(reply) == [bob.id]
    assert reply.response.allowed_mentions["parse"] == []


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_restart_continues_the_game_and_its_buttons(
    tmp_path: Path, database_url: str
) -> None:
    async with DiscordHarness(new_bot(tmp_path, database_url=database_url)) as first:
        alice, bob = first.user("alice"), first.user("bob")
        challenge = await first.slash(alice, "tink start", {"opponent": bob})
    async with DiscordHarness(new_bot(tmp_path, database_url=database_url)) as second:
        alice, bob = second.user("alice"), second.user("bob")
        accepted = await second.click(
            bob, challenge.message, custom_id=challenge.message.buttons[0].custom_id
        )
        assert "begins" in accepted.messages[-1].content
        await second.slash(alice, "tink move", {"move": "S d4"})
        offer = await second.slash(bob, "tink draw")
    async with DiscordHarness(new_bot(tmp_path, database_url=database_url)) as third:
        alice, bob = third.user("alice"), third.user("bob")
        agreed = await third.click(
            alice, offer.message, custom_id=offer.message.buttons[0].custom_id
        )
        assert agreed.messages[0].content == "**bob** offered a draw."
        assert agreed.messages[-1].content.splitlines()[0] == "The players agreed to a draw."


async def refused(reply: Reply, sentence: str) -> None:
    assert reply.ephemeral, reply.content
    assert reply.content == sentence
    assert not reply.files


async def test_refusals_are_one_ephemeral_sentence(discord: DiscordHarness) -> None:
    alice, bob, carol = discord.user("alice"), discord.user("bob"), discord.user("carol")
    await refused(
        await discord.slash(alice, "tink move", {"move": "S d4"}),
        "There is no game in this channel; start one with `/tink start`.",
    )
    await refused(
        await discord.slash(alice, "tink start", {"opponent": alice}),
        "You cannot invite yourself; invite the people you want to play.",
    )
    await refused(
        await discord.slash(alice, "tink start", {"opponent": discord.user("dj", bot=True)}),
        "Bots cannot play; invite people instead.",
    )
    await refused(
        await discord.slash(
            alice, "folio start", {"opponent": bob, "grid": "fixed", "extras": "XX"}
        ),
        "'xx' is not a piece (e.g. RS or red small).",
    )
    challenge = await discord.slash(alice, "tink start", {"opponent": bob})
    second = await discord.slash(carol, "tink start", {"opponent": bob})
    assert second.ephemeral
    assert second.content.startswith(
        "This channel already has a game: [Tink #1](https://discord.com/"
    )
    assert second.content.endswith(f"/{challenge.message.id}).")
    await refused(
        await discord.click(carol, challenge.message, "Accept"),
        "Only bob can answer this challenge.",
    )
    await refused(
        await discord.slash(alice, "tink move", {"move": "S d4"}),
        "The game has not begun: waiting for bob to accept.",
    )
    await discord.click(bob, challenge.message, "Accept")
    await refused(await discord.slash(bob, "tink move", {"move": "S d4"}), "It is alice's turn.")
    await refused(
        await discord.slash(carol, "tink move", {"move": "S d4"}),
        "You are not playing in this game.",
    )
    illegal = await discord.slash(alice, "tink move", {"move": "S a1"})
    assert illegal.ephemeral and illegal.content.startswith("You cannot play 'S a1': ")
    await refused(
        await discord.slash(alice, "folio move", {"square": "a1"}),
        "The game in this channel is Tink; use `/tink` instead.",
    )
    discord.set_permissions(discord.me, discord.channel, attach_files=False)
    await refused(
        await discord.slash(alice, "tink move", {"move": "S d4"}),
        "I need the Attach Files permission in this channel; ask a server admin to grant it.",
    )
    discord.set_permissions(discord.me, discord.channel, attach_files=True)
    confirm = await discord.slash(alice, "tink resign")
    assert confirm.ephemeral and confirm.message.buttons[0].label == "Resign"
    done = await discord.click(alice, confirm.message, "Resign")
    assert "**bob** wins: resignation." in done.messages[-1].content
    await refused(
        await discord.slash(alice, "tink move", {"move": "S d4"}),
        "The last game here is over; start a new one with `/tink start`.",
    )


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_two_racing_moves_apply_exactly_once(discord: DiscordHarness) -> None:
    alice = discord.user("alice")
    await begin(discord)
    replies = await asyncio.gather(
        discord.slash(alice, "tink move", {"move": "S d4"}),
        discord.slash(alice, "tink move", {"move": "S e4"}),
    )
    assert sorted(r.ephemeral for r in replies) == [False, True]
    (loser,) = [r for r in replies if r.ephemeral]
    # The loser read the game before the winner's save, or (on a pool of connections) after.
    assert loser.content in ("The board changed meanwhile; please try again.", "It is bob's turn.")
    assert len(await discord.client.host.storage.actions(1)) == 1  # type: ignore[attr-defined]


async def test_autocomplete_offers_the_legal_moves_matching_the_text(
    discord: DiscordHarness,
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord)
    choices = await discord.autocomplete(alice, "tink move", "move", {"move": "s e"})
    assert [c.value for c in choices] == [f"S e{rank}" for rank in range(3, 7)]
    assert choices[0].name == "S e3: a small on e3"
    assert len(await discord.autocomplete(alice, "tink move", "move", {"move": ""})) == 16
    assert await discord.autocomplete(bob, "tink move", "move", {"move": ""}) == []
    await discord.slash(alice, "tink move", {"move": "S d4"})
    assert len(await discord.autocomplete(bob, "tink move", "move", {"move": ""})) == 25


async def test_folio_moves_are_asked_as_a_square_and_a_gift_each_suggested(
    discord: DiscordHarness,
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord, "folio", grid="fixed")
    assert await discord.autocomplete(bob, "folio move", "square") == []
    gifts = await discord.autocomplete(bob, "folio move", "give", {"give": "red"})
    assert [c.name for c in gifts] == [
        "RS: gives the red small",
        "RM: gives the red medium",
        "RL: gives the red large",
    ]
    opened = await discord.slash(bob, "folio move", {"give": "red small"})
    assert "**bob** played `give RS`: gives the red small." in opened.content

    squares = await discord.autocomplete(alice, "folio move", "square")
    assert len(squares) == 16 and squares[0].name == "a1: places the red small on a1"
    blues = await discord.autocomplete(alice, "folio move", "give", {"square": "b2", "give": "b"})
    assert [c.value for c in blues] == ["BS", "BM", "BL"]
    illegal = await discord.slash(alice, "folio move", {"square": "b2"})
    assert illegal.ephemeral
    assert illegal.content.startswith("You cannot play 'b2': you must also give a piece")
    placed = await discord.slash(alice, "folio move", {"square": "B2", "give": "blue large"})
    assert "**alice** played `b2 give BL`" in placed.content


async def test_a_winning_folio_square_comes_first_and_says_so(discord: DiscordHarness) -> None:
    """Where the server gives hints in every game (see test_hints.py)."""
    await discord.slash(discord.user("owner"), "gamehost settings", {"hints": "every_game"})
    script = SCRIPTS["folio"]
    await begin(discord, "folio", **script.options)
    splitter = engine.new_game("folio", 2, seed=0)
    players = [discord.user("bob"), discord.user("alice")]
    for ply, move in enumerate(script.moves[:-1]):
        await discord.slash(players[ply % 2], "folio move", splitter.split_move(move))
    mover = players[(len(script.moves) - 1) % 2]
    squares = await discord.autocomplete(mover, "folio move", "square")
    assert squares[0].value == script.moves[-1]
    assert squares[0].name.endswith("— wins")
    assert not any(c.name.endswith("— wins") for c in squares[1:])


async def test_autocomplete_lists_winning_moves_first_and_says_so(
    discord: DiscordHarness,
) -> None:
    """Where the server gives hints in every game (see test_hints.py)."""
    await discord.slash(discord.user("owner"), "gamehost settings", {"hints": "every_game"})
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord)
    for alices, bobs in [("S c3", "S a8"), ("S d3", "S h8"), ("S e3", "S a6")]:
        await discord.slash(alice, "tink move", {"move": alices})
        await discord.slash(bob, "tink move", {"move": bobs})
    choices = await discord.autocomplete(alice, "tink move", "move", {"move": ""})
    assert [c.name for c in choices[:3]] == [
        "S b3: a small on b3 — wins",
        "S f3: a small on f3 — wins",
        "S a1: a small on a1",
    ]


async def test_rules_are_paged_with_buttons(discord: DiscordHarness) -> None:
    alice = discord.user("alice")
    reply = await discord.slash(alice, "folio rules")
    assert reply.ephemeral
    assert reply.embeds[0].title == "Folio: Summary"
    assert [(b.label, b.disabled) for b in reply.message.buttons] == [
        ("Previous", True),
        ("Next", False),
    ]
    turned = await discord.click(alice, reply.message, "Next")
    assert turned.message.embeds[0].title == "Folio: How to play"
    assert turned.message.embeds[0].footer.text is not None
    back = await discord.click(alice, turned.message, "Previous")
    assert back.message.embeds[0].title == "Folio: Summary"


async def test_a_game_in_its_own_thread(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    reply = await discord.slash(alice, "tink start", {"opponent": bob, "thread": True})
    assert "challenge posted in <#" in reply.content
    (opened,) = reply.of(Kind.THREAD)
    assert opened.body["name"] == "Tink: alice vs bob"
    challenge = reply.messages[-1]
    assert challenge.channel.id != discord.channel.id
    assert challenge.content.startswith("**alice** challenges bob")
    await discord.click(bob, challenge, "Accept")
    moved = await discord.slash(alice, "tink move", {"move": "S d4"}, channel=challenge.channel)
    assert "`S d4`" in moved.content
    await refused(
        await discord.slash(alice, "tink board"),
        "There is no game in this channel; start one with `/tink start`.",
    )


async def test_a_games_thread_is_named_in_its_servers_language(discord: DiscordHarness) -> None:
    server = discord.new_guild("Spieleabend", locale="de")
    channel = discord.text_channel("spiele", guild=server)
    alice, bob, carol = (discord.user(name) for name in ("alice", "bob", "carol"))
    invitation = {"opponent": bob, "player3": carol, "thread": True}
    reply = await discord.slash(alice, "tink start", invitation, channel=channel)
    (opened,) = reply.of(Kind.THREAD)
    assert opened.body["name"] == "Tink: alice gegen bob gegen carol"


async def test_board_and_history_for_anyone(discord: DiscordHarness) -> None:
    alice, carol = discord.user("alice"), discord.user("carol")
    await begin(discord)
    await discord.slash(alice, "tink move", {"move": "S d4"})
    board = await discord.slash(carol, "tink board")
    assert not board.ephemeral and board.png().startswith(b"\x89PNG")
    assert pinged(board) == []
    history = await discord.slash(carol, "tink history")
    assert history.content.endswith("1. alice: S d4")
    assert history.files[0].data.startswith(b"GIF8")


async def test_undo_and_a_declined_draw_by_buttons(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord)
    await discord.slash(alice, "tink move", {"move": "S d4"})
    await refused(
        await discord.slash(bob, "tink undo"),
        "You can only ask to take back a move when the last move was yours.",
    )
    ask = await discord.slash(alice, "tink undo")
    assert pinged(ask) == [bob.id]
    await refused(
        await discord.click(alice, ask.message, "Agree"), "Only bob can answer this offer."
    )
    agreed = await discord.click(bob, ask.message, "Agree")
    assert [b.label for b in agreed.message.buttons] == ["Move"]
    assert "**alice**'s last move `S d4` was taken back." in agreed.messages[-1].content
    offer = await discord.slash(bob, "tink draw")
    declined = await discord.click(alice, offer.message, "Decline")
    assert declined.message.content == "**alice** declined bob's offer."
    assert "`S e4`" in (await discord.slash(alice, "tink move", {"move": "S e4"})).content


async def test_abort_belongs_to_the_starter_or_a_moderator(discord: DiscordHarness) -> None:
    alice, bob, owner = discord.user("alice"), discord.user("bob"), discord.user("owner")
    await begin(discord)
    await refused(
        await discord.slash(bob, "tink abort"),
        "Only the player who started this game can abort it.",
    )
    await discord.slash(alice, "tink move", {"move": "S d4"})
    aborted = await discord.slash(owner, "tink abort")
    assert aborted.content == "Tink #1 was aborted; it is not rated."
    challenge = await discord.slash(bob, "tink start", {"opponent": alice})
    assert not challenge.ephemeral
    assert (
        await discord.slash(bob, "tink abort")
    ).content == "Tink #2 was aborted; it is not rated."


async def test_our_failures_get_an_apology_and_a_log_line_with_context(
    discord: DiscordHarness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    alice = discord.user("alice")
    moves = discord.client.host.moves  # type: ignore[attr-defined]

    async def broken(*args: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(moves, "board", broken)
    reply = await discord.slash(alice, "tink board")
    assert reply.ephemeral and reply.content == str(APOLOGY)
    (line,) = [r for r in caplog.records if r.levelname == "ERROR"]
    assert f"guild={discord.guild.id} channel={discord.channel.id} user={alice.id}" in line.message
    assert "command=tink board" in line.message and line.exc_info is not None


async def test_a_failure_after_the_reply_is_followed_up_and_keeps_the_game(
    discord: DiscordHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    challenges = discord.client.host.challenges  # type: ignore[attr-defined]

    async def broken(*args: object) -> None:
        raise RuntimeError("lost the message id")

    monkeypatch.setattr(challenges, "note_message", broken)
    reply = await discord.slash(alice, "tink start", {"opponent": bob})
    assert [m.ephemeral for m in reply.messages] == [False, True]
    assert reply.messages[-1].content == str(APOLOGY)
    accepted = await discord.click(bob, reply.messages[0], "Accept")
    assert "begins" in accepted.messages[-1].content


async def test_slow_work_is_deferred_then_followed_up(
    discord: DiscordHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = discord.user("alice")
    await begin(discord)
    monkeypatch.setattr(replies, "DEFER_AFTER", 0.0)
    reply = await discord.slash(alice, "tink move", {"move": "S d4"})
    assert reply.response.response_type is InteractionResponseType.deferred_channel_message
    assert "`S d4`" in reply.message.content
    assert reply.message.png().startswith(b"\x89PNG")


async def test_a_refusal_after_slow_work_is_deferred_stays_private(
    discord: DiscordHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    bob = discord.user("bob")
    await begin(discord)
    public = discord.messages_in()
    monkeypatch.setattr(replies, "DEFER_AFTER", 0.0)
    reply = await discord.slash(bob, "tink move", {"move": "S d4"})
    assert reply.response.response_type is InteractionResponseType.deferred_channel_message
    assert reply.response.message.deleted
    await refused(reply, "It is alice's turn.")
    assert reply.message.visible_to == bob
    assert discord.messages_in() == [*public, reply.message]


async def test_a_thread_needs_the_thread_permissions(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    discord.set_permissions(discord.me, discord.channel, create_public_threads=False)
    await refused(
        await discord.slash(alice, "tink start", {"opponent": bob, "thread": True}),
        "I need the Create Public Threads permission in this channel; ask a server admin to "
        "grant it.",
    )


async def test_freeform_folio_is_listed_and_refused_with_the_reason(
    discord: DiscordHarness,
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await refused(
        await discord.slash(alice, "folio start", {"opponent": bob, "grid": "freeform"}),
        "The freeform variant needs pieces placed anywhere on a real table, so it is not "
        "offered here.",
    )


async def test_the_final_message_replays_the_game_for_anyone_even_after_a_restart(
    tmp_path: Path,
) -> None:
    async with DiscordHarness(new_bot(tmp_path)) as first:
        alice, bob = first.user("alice"), first.user("bob")
        await begin(first)
        script = SCRIPTS["tink"].moves
        for turn, move in enumerate(script):
            final = await first.slash((alice, bob)[turn % 2], "tink move", {"move": move})
        assert [b.label for b in final.message.buttons] == ["Replay", "Review", "Rematch"]
        replay = await first.click(first.user("carol"), final.message, "Replay")
        assert not replay.ephemeral
        assert replay.content.startswith(f"Tink #1, {len(script)} moves:\n1. alice: S c3")
        assert replay.files[0].filename == "tink-1.gif"
        assert replay.files[0].data.startswith(b"GIF8")
    async with DiscordHarness(new_bot(tmp_path)) as second:
        again = await second.click(
            second.user("dave"), final.message, custom_id=final.message.buttons[0].custom_id
        )
        assert again.files[0].data.startswith(b"GIF8")


async def test_an_ended_game_offers_its_replay_however_it_ended(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord)
    offer = await discord.slash(bob, "tink draw")
    agreed = await discord.click(alice, offer.message, "Agree")
    assert [b.label for b in agreed.messages[-1].buttons] == ["Replay", "Review", "Rematch"]
    await begin(discord, "folio")
    confirm = await discord.slash(alice, "folio resign")
    resigned = await discord.click(alice, confirm.message, "Resign")
    assert [b.label for b in resigned.messages[-1].buttons] == ["Replay", "Review", "Rematch"]
    assert [b.label for b in (await discord.slash(bob, "folio board")).buttons] == []


async def test_a_slow_replay_is_deferred_first(
    discord: DiscordHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = discord.user("alice")
    await begin(discord)
    confirm = await discord.slash(alice, "tink resign")
    resigned = await discord.click(alice, confirm.message, "Resign")
    monkeypatch.setattr(replies, "DEFER_AFTER", 0.0)
    replay = await discord.click(discord.user("carol"), resigned.messages[-1], "Replay")
    assert replay.response.response_type is InteractionResponseType.deferred_channel_message
    assert replay.message.files[0].data.startswith(b"GIF8")


async def test_a_finished_games_history_carries_its_record_files(discord: DiscordHarness) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord)
    await discord.slash(alice, "tink move", {"move": "S d4"})
    in_play = await discord.slash(bob, "tink history")
    assert [f.filename for f in in_play.files] == ["tink-1.gif"]
    confirm = await discord.slash(alice, "tink resign")
    await discord.click(alice, confirm.message, "Resign")
    history = await discord.slash(bob, "tink history")
    assert history.content.endswith("1. alice: S d4\nalice resigned after move 1.")
    assert [f.filename for f in history.files] == ["tink-1.gif", "tink-1.json", "tink-1.txt"]
    record = json.loads(history.files[1].data)
    assert [p["name"] for p in record["header"]["players"]] == ["alice", "bob"]
    assert "1. alice: S d4" in history.files[2].data.decode()


async def test_a_draw_offer_stands_through_its_makers_move_until_the_other_moves(
    discord: DiscordHarness,
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord)
    offer = await discord.slash(alice, "tink draw")
    moved = await discord.slash(alice, "tink move", {"move": "S d4"})
    assert "`S d4`" in moved.content
    assert not any(button.disabled for button in offer.message.buttons)
    agreed = await discord.click(bob, offer.message, "Agree")
    assert "The players agreed to a draw." in agreed.messages[-1].content
    await begin(discord)
    offer = await discord.slash(alice, "tink draw")
    await discord.slash(alice, "tink move", {"move": "S d4"})
    await discord.slash(bob, "tink move", {"move": "S e5"})
    assert all(button.disabled for button in offer.message.buttons)
    storage = discord.client.host.storage  # type: ignore[attr-defined]
    record = await storage.latest_game_in(discord.channel.id)
    assert record.offer is None and record.status is Status.ACTIVE
