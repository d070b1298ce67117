"""The games' pages over HTTP: a signed link opens a game's page (players, whose turn,
moves, the board, a replay step by step), its stream of changes hears each move made in
Discord, a player's link builds and plays a move announced in Discord, and every other
address opens nothing. A finished game's page offers its record files; `/` says what the
pages are. `/healthz` and `/metrics` tell how the bot is."""

from __future__ import annotations

import asyncio
import re
import sqlite3
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiohttp
import pytest

import engine
from bot.discord_ui.health import GATEWAY_GRACE
from bot.discord_ui.web_commands import NO_PAGES
from bot.metrics import INTERACTIONS
from bot.play.learning import watching
from bot.play.words.text import plain
from bot.web import live, server
from bot.web.links import PLAY_LINK_LASTS
from tests.bot.discord_ui.test_slow_game_commands import START, begin
from tests.bot.harness import DiscordHarness, Kind
from tests.bot.harness import discord_internals as internals
from tests.bot.play.test_exports import VALIDATOR, replayed
from tests.bot.support import Clock, new_bot
from tests.bot.taps import labels_of
from tests.bot.web.conftest import bot_of
from tests.postgres_server import BACKENDS

NO_GAME, PAGES_OFF = plain(server.NO_GAME), plain(watching.PAGES_OFF)


async def text_of(http: aiohttp.ClientSession, url: str) -> tuple[int, str]:
    async with http.get(url) as answer:
        return answer.status, await answer.text()


def watch_url(discord: DiscordHarness, game_id: int = 1) -> str:
    links = bot_of(discord).links
    assert links is not None
    return links.watch(game_id)


async def test_a_games_page_shows_its_players_turn_moves_and_board(
    discord: DiscordHarness, http: aiohttp.ClientSession
) -> None:
    begun = await begin(discord)
    turn_post = begun.messages[-1]
    assert labels_of(turn_post) == ["Move", "Watch"]
    (watch,) = [b for b in turn_post.buttons if b.label == "Watch"]
    assert watch.url == watch_url(discord)
    await discord.slash(discord.user("alice"), "tink move", {"move": "S d4"})
    status, page = await text_of(http, watch_url(discord))
    assert status == 200
    assert "<title>Tink #1: alice, bob</title>" in page
    assert "Your move, bob." in page and "alice: <code>S d4</code>" in page
    assert f'<meta property="og:image" content="{watch_url(discord)}/board.png?v=' in page
    async with http.get(f"{watch_url(discord)}/board.png") as board:
        assert board.status == 200 and (await board.read()).startswith(b"\x89PNG")
    status, start = await text_of(http, f"{watch_url(discord)}?at=0")
    assert status == 200 and "The start" in start and 'rel="next"' in start


async def test_an_address_that_opens_nothing_reads_as_no_game(
    discord: DiscordHarness, http: aiohttp.ClientSession, clock: Clock
) -> None:
    await begin(discord)
    good = watch_url(discord)
    forged = re.sub(r"/[\w-]+$", "/AAAAAAAAAAAAAAAAAAAAAA", good)
    other_game = good.replace("/games/1/", "/games/2/")
    for url in (forged, other_game, f"{forged}/board.png", f"{forged}/events"):
        status, page = await text_of(http, url)
        assert status == 404 and NO_GAME in page, url
    links = bot_of(discord).links
    assert links is not None
    expired = links.play(1, discord.user("alice").id, START - PLAY_LINK_LASTS - 1)
    status, page = await text_of(http, expired)
    assert status == 404 and NO_GAME in page


async def test_the_stream_hears_a_move_made_in_discord_within_two_seconds(
    discord: DiscordHarness, http: aiohttp.ClientSession
) -> None:
    await begin(discord)
    async with http.get(f"{watch_url(discord)}/events") as stream:
        assert stream.headers["Content-Type"] == "text/event-stream"
        first = await _event(stream)
        assert first == "version"
        moved_at = time.monotonic()
        await discord.slash(discord.user("alice"), "tink move", {"move": "S d4"})
        assert await asyncio.wait_for(_event(stream), 2.0) == "version"
        assert time.monotonic() - moved_at < 2.0


async def _event(stream: aiohttp.ClientResponse) -> str:
    """The name of the next event the stream sends."""
    while True:
        line = (await stream.content.readline()).decode()
        if line.startswith("event: "):
            return line.removeprefix("event: ").strip()


async def test_a_players_link_builds_and_plays_a_move_announced_in_discord(
    discord: DiscordHarness, http: aiohttp.ClientSession
) -> None:
    alice = discord.user("alice")
    turn_post = (await begin(discord)).messages[-1]
    picker = await discord.click(alice, turn_post, "Move")
    (web,) = [b for b in picker.message.buttons if b.label == "Play on the web"]
    assert web.url is not None
    status, page = await text_of(http, web.url)
    assert status == 200 and "Tap a marked square on the board." in page
    assert 'class="back"' not in page, "the only size, taken at once, leaves nothing to go back to"
    assert spots(page) == {f"S {square}": square for square in SMALL_OPENINGS}
    assert 'aria-label="d4" title="a small on d4"' in page
    status, page = await text_of(http, f"{web.url}?chosen=S+d4&v=1")
    assert 'method="post"' in page and "Play <code>S d4</code>" in page
    assert spots(page) == {} and 'class="spot picked"' in page
    assert 'class="back" href="?chosen=S+&amp;v=1"' in page
    before = len(discord.requests)
    async with http.post(web.url, data={"chosen": "S d4", "v": "1"}) as played:
        assert played.status == 200 and "Your move, bob." in await played.text()
    (announced,) = [r for r in discord.requests[before:] if r.kind is Kind.SEND]
    assert announced.content.startswith("**alice** played `S d4`")
    assert announced.params["channel_id"] == str(discord.channel.id)
    async with http.post(web.url, data={"chosen": "S e5", "v": "2"}) as refused:
        assert refused.status == 409 and "It is bob&#x27;s turn." in await refused.text()


SMALL_OPENINGS = [f"{file}{rank}" for rank in range(3, 7) for file in "cdef"]
"""Where Tink's first small may go: the middle sixteen squares."""


def spots(page: str) -> dict[str, str]:
    """The squares a tap on the page's board picks: each move's text so far by square."""
    found = re.findall(r'value="([^"]*)" class="spot[^"]*" style="[^"]*" aria-label="(\w+)', page)
    return dict(found)


async def test_bridges_board_is_tapped_from_a_square_then_to_one(
    discord: DiscordHarness, http: aiohttp.ClientSession
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "bridge start", {"opponent": bob})
    await discord.click(bob, challenge.message, "Accept")
    bot = bot_of(discord)
    record = await bot.host.storage.latest_game_in(discord.channel.id)
    assert record is not None and record.turn_user_id is not None and bot.links is not None
    moves = engine.new_game("bridge", 2, seed=record.seed).legal_moves()
    web = bot.links.play(1, record.turn_user_id, START)
    status, page = await text_of(http, web)
    starts = {m.split("-")[0] for m in moves}
    assert status == 200 and spots(page) == {f"{square}-": square for square in starts}
    start = moves[0].split("-")[0]
    status, page = await text_of(http, f"{web}?chosen={start}-&v=1")
    ends = {m: m.split("-")[1] for m in moves if m.startswith(start)}
    assert spots(page) == ends and page.count('class="spot picked"') == 1
    status, page = await text_of(http, f"{web}?chosen={moves[0]}&v=1")
    assert f"Play <code>{moves[0]}</code>" in page and page.count('class="spot picked"') == 2
    assert f'class="back" href="?chosen={start}-&amp;v=1"' in page


async def test_healthz_says_when_the_database_stops_answering(
    discord: DiscordHarness,
    http: aiohttp.ClientSession,
    port: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, body = await text_of(http, f"http://127.0.0.1:{port}/healthz")
    assert (status, body) == (200, "ok\n")

    async def locked() -> None:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(bot_of(discord).host.storage, "ping", locked)
    status, body = await text_of(http, f"http://127.0.0.1:{port}/healthz")
    assert status == 503
    assert (
        body == "unhealthy: the database does not answer (OperationalError: database is locked)\n"
    )


async def test_metrics_count_interactions_and_pages(
    discord: DiscordHarness, http: aiohttp.ClientSession, port: int
) -> None:
    received = INTERACTIONS.labels(kind="application_command", outcome="received")
    before = received._value.get()
    await begin(discord)
    status, body = await text_of(http, f"http://127.0.0.1:{port}/metrics")
    assert status == 200
    assert received._value.get() == before + 1
    assert "pyramid_interactions_total{" in body and "pyramid_outbox_backlog 0.0" in body
    assert "pyramid_first_answer_seconds_bucket" in body


async def test_healthz_says_when_the_gateway_is_lost_for_longer_than_a_minute(
    discord: DiscordHarness, http: aiohttp.ClientSession, port: int, clock: Clock
) -> None:
    internals.mark_disconnected(discord.client)
    discord.client.dispatch("disconnect")
    assert await text_of(http, f"http://127.0.0.1:{port}/healthz") == (200, "ok\n"), "resuming"
    clock.now += GATEWAY_GRACE - 1
    assert await text_of(http, f"http://127.0.0.1:{port}/healthz") == (200, "ok\n")
    clock.now += 1
    status, body = await text_of(http, f"http://127.0.0.1:{port}/healthz")
    assert (status, body) == (503, "unhealthy: not connected to Discord for 60 s\n")
    internals.mark_ready(discord.client)
    assert await text_of(http, f"http://127.0.0.1:{port}/healthz") == (200, "ok\n")
    internals.mark_disconnected(discord.client)
    assert await text_of(http, f"http://127.0.0.1:{port}/healthz") == (200, "ok\n"), "anew"


async def test_healthz_says_when_the_database_answers_but_cannot_be_written(
    discord: DiscordHarness,
    http: aiohttp.ClientSession,
    port: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    storage = bot_of(discord).host.storage
    checked = await storage.count_rows("health_checks")
    assert await text_of(http, f"http://127.0.0.1:{port}/healthz") == (200, "ok\n")
    assert await storage.count_rows("health_checks") == max(checked, 1)

    async def disk_full(now: float) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(storage, "write_check", disk_full)
    status, body = await text_of(http, f"http://127.0.0.1:{port}/healthz")
    assert (status, body) == (
        503,
        "unhealthy: the database cannot be written (OperationalError: database or disk is full)\n",
    )


async def test_a_server_may_turn_its_games_pages_off(
    discord: DiscordHarness, http: aiohttp.ClientSession
) -> None:
    await begin(discord)
    await discord.slash(discord.user("owner"), "gamehost settings", {"pages": False})
    for url in (watch_url(discord), f"{watch_url(discord)}/board.png"):
        status, page = await text_of(http, url)
        assert status == 404 and PAGES_OFF.replace("'", "&#x27;") in page, url
    links = bot_of(discord).links
    assert links is not None
    before = len(discord.requests)
    alices = links.play(1, discord.user("alice").id, START)
    async with http.post(alices, data={"chosen": "S d4", "v": "1"}) as refused:
        assert refused.status == 409 and PAGES_OFF.replace("'", "&#x27;") in await refused.text()
    assert [r for r in discord.requests[before:] if r.kind is Kind.SEND] == []
    assert await bot_of(discord).host.storage.actions(1) == [], "nothing was played"
    await discord.slash(discord.user("owner"), "gamehost settings", {"pages": True})
    assert (await text_of(http, watch_url(discord)))[0] == 200


async def test_the_leaderboard_and_a_tournaments_standings_open_on_the_web(
    discord: DiscordHarness, http: aiohttp.ClientSession
) -> None:
    alice, bob, owner = discord.user("alice"), discord.user("bob"), discord.user("owner")
    await begin(discord)
    await discord.slash(alice, "tink move", {"move": "S d4"})
    await discord.slash(bob, "tink move", {"move": "S e5"})
    asked = await discord.slash(alice, "tink resign")
    await discord.click(alice, asked, "Resign")
    board = await discord.slash(alice, "leaderboard")
    (web,) = [b for b in board.message.buttons if b.label == "Open on the web"]
    assert web.url is not None
    status, page = await text_of(http, web.url)
    assert status == 200 and "All games leaderboard" in page and "bob" in page
    status, page = await text_of(http, f"{web.url}?game=folio")
    assert status == 200 and "No rated Folio games in this server yet" in page
    assert (await text_of(http, web.url.replace("/leaderboards/", "/leaderboards/1")))[0] == 404
    created = await discord.slash(owner, "tournament create tink", {"format": "swiss"})
    for player in (alice, bob):
        await discord.click(player, created.message, "Join")
    await discord.slash(owner, "tournament start", {"number": 1})
    standings = await discord.slash(bob, "tournament standings")
    (web,) = [b for b in standings.message.buttons if b.label == "Open on the web"]
    assert web.url is not None and "/tournaments/" in web.url and "/newest/" in web.url
    status, page = await text_of(http, web.url)
    assert status == 200 and "Buchholz" in page and "crosstable.png" in page
    async with http.get(f"{web.url}/crosstable.png") as crosstable:
        assert (await crosstable.read()).startswith(b"\x89PNG")


async def test_a_reviewed_games_page_shows_its_accuracy_and_graph(
    discord: DiscordHarness, http: aiohttp.ClientSession
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord)
    for ply, move in enumerate(["S c3", "S c5", "S d3", "S d5", "S e3", "S e5", "S f3"]):
        ended = await discord.slash((alice, bob)[ply % 2], "tink move", {"move": move})
    status, page = await text_of(http, watch_url(discord))
    assert status == 200 and "<h2>Review</h2>" not in page
    assert (await text_of(http, f"{watch_url(discord)}/review.png"))[0] == 404
    await discord.click(discord.user("carol"), ended.messages[-1], "Review")
    status, page = await text_of(http, watch_url(discord))
    assert "<h2>Review</h2><p>Accuracy: alice " in page and "/review.png?v=" in page
    async with http.get(f"{watch_url(discord)}/review.png") as graph:
        assert graph.status == 200 and (await graph.read()).startswith(b"\x89PNG")


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_save_is_heard_at_once_not_at_the_next_look(
    tmp_path: Path,
    database_url: str,
    port: int,
    http: aiohttp.ClientSession,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the versions looked at only once a minute, a move still reaches the stream
    at once: the save is heard (PostgreSQL's LISTEN/NOTIFY, or SQLite's one process)."""
    monkeypatch.setattr(live, "LOOK_EVERY", 60.0)
    address = f"http://127.0.0.1:{port}"
    bot = new_bot(tmp_path, database_url=database_url, web_port=port, public_url=address)
    async with DiscordHarness(bot) as discord:
        await begin(discord)
        async with http.get(f"{watch_url(discord)}/events") as stream:
            assert await _event(stream) == "version"
            await discord.slash(discord.user("alice"), "tink move", {"move": "S d4"})
            assert await asyncio.wait_for(_event(stream), 2.0) == "version"


async def test_the_web_command_gives_the_watch_link_and_a_players_own(
    discord: DiscordHarness, http: aiohttp.ClientSession
) -> None:
    await begin(discord)
    alice, carol = discord.user("alice"), discord.user("carol")
    player = await discord.slash(alice, "tink web")
    assert player.ephemeral and player.content.startswith("Tink #1 on the web: share **Watch**")
    assert labels_of(player.message) == ["Watch", "Play on the web"]
    watch, play = (button.url for button in player.message.buttons)
    assert watch == watch_url(discord) and play is not None
    status, page = await text_of(http, play)
    assert status == 200 and "Tap a marked square on the board." in page
    onlooker = await discord.slash(carol, "tink web")
    assert labels_of(onlooker.message) == ["Watch"]
    none_here = await discord.slash(alice, "bridge web")
    assert none_here.ephemeral and "Tink" in none_here.content
    await discord.slash(discord.user("owner"), "gamehost settings", {"pages": False})
    off = await discord.slash(alice, "tink web")
    assert off.ephemeral and off.content == PAGES_OFF


async def test_the_web_command_says_when_the_bot_serves_no_pages(
    tmp_path: Path, open_harness: Callable[..., Awaitable[DiscordHarness]]
) -> None:
    discord = await open_harness(new_bot(tmp_path))
    await begin(discord)
    refused = await discord.slash(discord.user("alice"), "tink web")
    assert refused.ephemeral and refused.content == str(NO_PAGES)


async def test_a_finished_games_page_offers_its_record_and_move_list(
    discord: DiscordHarness, http: aiohttp.ClientSession, port: int
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord)
    await discord.slash(alice, "tink move", {"move": "S c3"})
    record_url, moves_url = f"{watch_url(discord)}/record.json", f"{watch_url(discord)}/moves.txt"
    status, page = await text_of(http, watch_url(discord))
    assert status == 200 and "<h2>Record</h2>" not in page
    for url in (record_url, moves_url):
        status, said = await text_of(http, url)
        assert status == 404 and NO_GAME in said, "a game not over has no record yet"
    for ply, move in enumerate(["S c5", "S d3", "S d5", "S e3", "S e5", "S f3"], 1):
        await discord.slash((alice, bob)[ply % 2], "tink move", {"move": move})
    status, page = await text_of(http, watch_url(discord))
    path = watch_url(discord).removeprefix(f"http://127.0.0.1:{port}")
    assert f'<a href="{path}/record.json" download>Game record</a>' in page
    assert f'<a href="{path}/moves.txt" download>Move list</a>' in page
    async with http.get(record_url) as answer:
        assert answer.content_type == "application/json"
        assert answer.headers["Content-Disposition"] == 'attachment; filename="tink-1.json"'
        record = await answer.json()
    assert list(VALIDATOR.iter_errors(record)) == []
    assert [p["result"] for p in record["header"]["players"]] == [1, 0]
    async with http.get(moves_url) as answer:
        assert answer.content_type == "text/plain"
        assert answer.headers["Content-Disposition"] == 'attachment; filename="tink-1.txt"'
        moves = await answer.text()
    assert moves.startswith("Game: Tink #1\n") and "Result: alice wins: four in a row." in moves
    assert replayed(moves).history == ("S c3", "S c5", "S d3", "S d5", "S e3", "S e5", "S f3")
    forged = re.sub(r"/[\w-]+$", "/AAAAAAAAAAAAAAAAAAAAAA", watch_url(discord))
    assert (await text_of(http, f"{forged}/record.json"))[0] == 404


async def test_the_root_says_what_the_pages_are_and_links_the_leaderboards(
    discord: DiscordHarness, http: aiohttp.ClientSession, port: int
) -> None:
    status, page = await text_of(http, f"http://127.0.0.1:{port}/")
    assert status == 200 and "<title>Pyramid Host</title>" in page
    said = " ".join(page.split())
    assert "games of Bridge, Folio, Tink and Tingle, Looney Pyramid games played on Discord" in said
    links = bot_of(discord).links
    assert links is not None
    leaderboard = links.leaderboard(None)
    assert f'<a href="{leaderboard}">' in page
    status, board = await text_of(http, leaderboard)
    assert status == 200 and "leaderboard" in board.lower()


@pytest.mark.parametrize("hints", [None, "every_game"])
async def test_the_play_page_marks_winning_squares_only_where_the_game_gives_hints(
    discord: DiscordHarness, http: aiohttp.ClientSession, hints: str | None
) -> None:
    if hints is not None:
        await discord.slash(discord.user("owner"), "gamehost settings", {"hints": hints})
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord)
    for player, move in zip(
        [alice, bob] * 3, ["S c3", "S a8", "S d3", "S h8", "S e3", "S a1"], strict=True
    ):
        turn = await discord.slash(player, "tink move", {"move": move})
    picker = await discord.click(alice, turn.messages[-1], "Move")
    (web,) = [b for b in picker.message.buttons if b.label == "Play on the web"]
    assert web.url is not None
    _, page = await text_of(http, f"{web.url}?chosen=S+&v=7")
    assert ("spot wins" in page and "b3 (wins)" in page) == (hints == "every_game")
    assert 'aria-label="b3' in page, "the winning square is offered all the same"
