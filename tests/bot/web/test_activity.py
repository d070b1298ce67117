"""The board inside Discord (an Activity), through its API as its page uses it: a turn's
post offers Play in Discord, whose press launches the Activity in the channel; the page
is told who its user is by Discord (an OAuth2 code exchanged with the client secret) and
where it runs (the instance's channel); a player builds and plays a move there, announced
once in the channel as any move; a move made in Discord reaches it within 2 s; watchers
watch; and whatever is forged, spent, expired or turned off opens nothing."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import aiohttp
import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from bot.discord_ui import activities, post_buttons
from bot.play.learning import watching
from bot.play.words.text import plain
from bot.web import activity
from bot.web.activity import POLICY
from bot.web.links import ACTIVITY_SESSION_LASTS
from tests.bot.discord_ui.test_slow_game_commands import START, begin
from tests.bot.harness import DiscordHarness, InteractionResponseType, Kind
from tests.bot.harness.activities import CLIENT_SECRET, Instance
from tests.bot.support import Clock, new_bot
from tests.bot.taps import labels_of
from tests.bot.web.conftest import DESKTOP, MOST_NARROW_WINDOW, PHONE, bot_of
from tests.bot.web.test_browser import needs_browser, screenshot
from tests.bot.web.test_pages import SMALL_OPENINGS, text_of

CODE_REFUSED, PLAY_IN_DISCORD = plain(activities.CODE_REFUSED), plain(post_buttons.PLAY_IN_DISCORD)
PAGES_OFF = plain(watching.PAGES_OFF)
ENDED, EXPIRED = plain(activity.ENDED), plain(activity.EXPIRED)
NO_GAME_HERE, NOT_IN_IT = plain(activity.NO_GAME_HERE), plain(activity.NOT_IN_IT)


@pytest.fixture
async def discord(tmp_path: Path, clock: Clock, port: int) -> AsyncIterator[DiscordHarness]:
    bot = new_bot(
        tmp_path,
        clock=clock,
        web_port=port,
        public_url=f"http://127.0.0.1:{port}",
        client_secret=CLIENT_SECRET,
    )
    harness = DiscordHarness(bot)
    harness.enable_activities()
    async with harness:
        yield harness


def api(discord: DiscordHarness, port: int) -> str:
    return f"http://127.0.0.1:{port}/activity/api"


async def launched(discord: DiscordHarness) -> Instance:
    """The game begun, and Alice's press of Play in Discord on its turn's post."""
    turn_post = (await begin(discord)).messages[-1]
    pressed = await discord.click(discord.user("alice"), turn_post, PLAY_IN_DISCORD)
    assert pressed.response.response_type is InteractionResponseType.launch_activity
    instance = discord.activities.in_channel(discord.channel)
    assert instance is not None
    return instance


async def session_of(
    discord: DiscordHarness, http: aiohttp.ClientSession, port: int, name: str, instance: Instance
) -> tuple[int, Any]:
    user = discord.user(name)
    instance.users.add(user.id)
    sent = {"code": discord.activities.code(user), "instance_id": instance.id}
    async with http.post(f"{api(discord, port)}/session", json=sent) as answer:
        return answer.status, await answer.json()


async def state(
    http: aiohttp.ClientSession, url: str, session: str, **query: str
) -> tuple[int, Any]:
    async with http.get(f"{url}/state", params={"s": session, **query}) as answer:
        return answer.status, await answer.json()


async def test_a_turns_post_offers_play_in_discord_whose_press_launches_the_activity_there(
    discord: DiscordHarness,
) -> None:
    turn_post = (await begin(discord)).messages[-1]
    assert labels_of(turn_post) == ["Move", PLAY_IN_DISCORD, "Watch"]
    pressed = await discord.click(discord.user("alice"), turn_post, PLAY_IN_DISCORD)
    assert pressed.response.response_type is InteractionResponseType.launch_activity
    instance = discord.activities.in_channel(discord.channel)
    assert instance is not None and instance.channel is discord.channel
    assert instance.users == {discord.user("alice").id}
    again = await discord.click(discord.user("bob"), turn_post, PLAY_IN_DISCORD)
    assert again.response.response_type is InteractionResponseType.launch_activity
    assert discord.activities.in_channel(discord.channel) is instance, "bob joined it"
    assert instance.users == {discord.user("alice").id, discord.user("bob").id}


async def test_a_player_builds_and_plays_a_move_in_the_activity_announced_once_in_the_channel(
    discord: DiscordHarness, http: aiohttp.ClientSession, port: int
) -> None:
    instance = await launched(discord)
    status, opened = await session_of(discord, http, port, "alice", instance)
    assert status == 200 and set(opened["words"]) >= {"play", "back", "players", "moves"}
    oauth = [(r.method, r.path) for r in discord.requests if r.kind is Kind.OAUTH]
    assert oauth == [("POST", "/oauth2/token"), ("GET", "/users/@me")]
    url, session = api(discord, port), opened["session"]
    status, shown = await state(http, url, session)
    game = shown["game"]
    assert status == 200 and game["title"] == "Tink #1" and shown["said"] == game["said"]
    assert [seat["to_move"] for seat in game["seats"]] == [True, False]
    step = game["you"]["step"]
    tapped = {c["label"]: c["value"] for c in step["choices"] if c["square"]}
    assert tapped == {square: f"S {square}" for square in SMALL_OPENINGS}
    assert set(game["board"]["squares"]) >= set(SMALL_OPENINGS)
    _, picked = await state(http, url, session, chosen="S d4", v=str(step["version"]))
    assert picked["game"]["you"]["step"]["complete"] == "S d4"
    async with http.get(f"http://127.0.0.1:{port}/activity/{game['picture']}") as picture:
        assert picture.status == 200 and (await picture.read()).startswith(b"\x89PNG")
    before = len(discord.requests)
    played = {"s": session, "g": game["id"], "chosen": "S d4", "v": step["version"]}
    async with http.post(f"{url}/play", json=played) as answer:
        assert answer.status == 200
        after = await answer.json()
    assert after["game"]["you"] == {"waiting": "It is bob's turn."}
    assert [move["move"] for move in after["game"]["moves"]] == ["S d4"]
    (announced,) = [r for r in discord.requests[before:] if r.kind is Kind.SEND]
    assert announced.content.startswith("**alice** played `S d4`")
    assert announced.params["channel_id"] == str(discord.channel.id)
    async with http.post(f"{url}/play", json=played) as again:
        assert again.status == 409 and (await again.json())["refused"] == "It is bob's turn."


async def test_a_move_made_in_discord_reaches_the_activitys_stream_within_two_seconds(
    discord: DiscordHarness, http: aiohttp.ClientSession, port: int
) -> None:
    instance = await launched(discord)
    _, opened = await session_of(discord, http, port, "carol", instance)
    _, shown = await state(http, api(discord, port), opened["session"])
    assert shown["game"]["you"] is None, "carol does not play: she watches"
    async with http.get(f"http://127.0.0.1:{port}/activity/{shown['game']['events']}") as stream:
        assert stream.headers["Content-Type"] == "text/event-stream"
        assert await next_version(stream) == shown["game"]["version"]
        moved_at = time.monotonic()
        await discord.slash(discord.user("alice"), "tink move", {"move": "S d4"})
        assert await asyncio.wait_for(next_version(stream), 2.0) > shown["game"]["version"]
        assert time.monotonic() - moved_at < 2.0


async def next_version(stream: aiohttp.ClientResponse) -> int:
    while True:
        line = (await stream.content.readline()).decode()
        if line.startswith("data: "):
            return int(line.removeprefix("data: "))


async def test_what_is_spent_forged_ended_or_expired_opens_nothing(
    discord: DiscordHarness, http: aiohttp.ClientSession, port: int, clock: Clock
) -> None:
    instance = await launched(discord)
    url = api(discord, port)
    alice = discord.user("alice")
    code = discord.activities.code(alice)
    for sent, status, said in (
        ({"code": code, "instance_id": "i-1-gc-2-3"}, 404, ENDED),
        ({"code": "forged", "instance_id": instance.id}, 401, CODE_REFUSED),
        ({"code": code, "instance_id": instance.id}, 200, None),
        ({"code": code, "instance_id": instance.id}, 401, CODE_REFUSED),  # spent
        (
            {"code": discord.activities.code(discord.user("dave")), "instance_id": instance.id},
            403,
            NOT_IN_IT,
        ),
    ):
        async with http.post(f"{url}/session", json=sent) as answer:
            assert answer.status == status, sent
            assert said is None or (await answer.json())["error"] == said
    _, opened = await session_of(discord, http, port, "alice", instance)
    session = opened["session"]
    forged = session[:-4] + "AAAA"
    assert (await state(http, url, forged)) == (401, {"error": EXPIRED})
    clock.now = START + ACTIVITY_SESSION_LASTS + 1
    assert (await state(http, url, session)) == (401, {"error": EXPIRED})
    clock.now = START
    async with http.get(f"{url}/board.png", params={"s": session, "g": "2"}) as other:
        assert other.status == 404 and (await other.json())["error"] == NO_GAME_HERE
    instance.ended = True
    sent = {"code": discord.activities.code(alice), "instance_id": instance.id}
    async with http.post(f"{url}/session", json=sent) as answer:
        assert answer.status == 404 and (await answer.json())["error"] == ENDED


async def test_a_channel_without_a_game_or_with_its_pages_off_says_so(
    discord: DiscordHarness, http: aiohttp.ClientSession, port: int
) -> None:
    quiet = discord.text_channel("quiet")
    instance = discord.activities.launch(quiet)
    _, opened = await session_of(discord, http, port, "alice", instance)
    url = api(discord, port)
    assert (await state(http, url, opened["session"])) == (
        200,
        {"said": NO_GAME_HERE, "game": None},
    )
    turn_post = (await begin(discord)).messages[-1]
    shown_on = await discord.slash(discord.user("owner"), "gamehost settings", {})
    assert shown_on.content.endswith("Board inside Discord (Play in Discord on each turn): yes")
    turned = await discord.slash(discord.user("owner"), "gamehost settings", {"pages": False})
    assert turned.content.endswith(
        "(Play in Discord on each turn): no, as games have no pages here"
    )
    pressed = await discord.click(discord.user("alice"), turn_post, PLAY_IN_DISCORD)
    assert pressed.ephemeral and pressed.content == PAGES_OFF, "a post from before says why"
    moved = await discord.slash(discord.user("alice"), "tink move", {"move": "S d4"})
    assert labels_of(moved.message) == ["Move"], "no Watch nor Play in Discord: pages are off"
    here = discord.activities.launch(discord.channel)
    _, opened = await session_of(discord, http, port, "alice", here)
    status, shown = await state(http, url, opened["session"])
    assert status == 403 and shown == {"error": PAGES_OFF}


async def test_the_page_loads_only_what_is_served_with_it_and_nothing_else_is_served(
    discord: DiscordHarness, http: aiohttp.ClientSession, port: int
) -> None:
    root = f"http://127.0.0.1:{port}/activity/"
    async with http.get(root) as shell:
        page = await shell.text()
        assert shell.status == 200 and shell.headers["Content-Security-Policy"] == POLICY
    assert f'data-client-id="{discord.me.id}"' in page
    assert '<script type="module" src="activity.js"></script>' in page
    assert "<style" not in page and "style=" not in page and page.count("<script") == 1
    for name in ("activity.js", "activity.css", "sdk/index.mjs", "sdk/Discord.mjs"):
        async with http.get(root + name) as served:
            assert served.status == 200, name
            assert served.content_type in ("text/javascript", "text/css"), name
            kept = "public, max-age=86400" if "sdk/" in name else "no-cache"
            assert served.headers["Cache-Control"] == kept, name
    status, licence = await text_of(http, root + "sdk/LICENSE.md")
    assert status == 200 and "MIT License" in licence and "Discord Inc." in licence
    for name in ("sdk/../activity.py", "sdk/%2e%2e/kept.py", "api/nothing", "kept.py"):
        status, _ = await text_of(http, root + name)
        assert status == 404, name
    query = "frame_id=f&instance_id=i-1-gc-2-3&platform=mobile"
    async with http.get(f"{root[:-1]}?{query}", allow_redirects=False) as bare:
        assert bare.status == 301 and bare.headers["Location"] == f"/activity/?{query}"


async def test_a_move_built_in_a_game_since_ended_is_not_played_in_the_next(
    discord: DiscordHarness, http: aiohttp.ClientSession, port: int
) -> None:
    instance = await launched(discord)
    _, opened = await session_of(discord, http, port, "alice", instance)
    url, session = api(discord, port), opened["session"]
    _, shown = await state(http, url, session)
    first = shown["game"]
    confirm = await discord.slash(discord.user("bob"), "tink resign")
    await discord.click(discord.user("bob"), confirm.message, "Resign")
    await begin(discord)
    _, now = await state(http, url, session)
    assert now["game"]["id"] != first["id"] and now["game"]["version"] == first["version"]
    before = len(discord.requests)
    stale = {"s": session, "g": first["id"], "chosen": "S d4", "v": first["version"]}
    async with http.post(f"{url}/play", json=stale) as answer:
        assert answer.status == 409 and (await answer.json())["game"]["moves"] == []
    assert not [r for r in discord.requests[before:] if r.kind is Kind.SEND]


async def test_a_malformed_or_hurried_request_is_refused_in_a_sentence_never_a_fault(
    discord: DiscordHarness, http: aiohttp.ClientSession, port: int
) -> None:
    instance = await launched(discord)
    _, opened = await session_of(discord, http, port, "alice", instance)
    url, session = api(discord, port), opened["session"]
    assert (await state(http, url, session, v="\u00b2"))[0] == 200
    async with http.get(f"{url}/board.png", params={"s": session, "at": "\u00b2"}) as board:
        assert board.status == 200
    assert await state(http, url, "\u00b2.1.1.de.x") == (401, {"error": EXPIRED})
    deep = "[" * 100_000 + "]" * 100_000
    for path in ("session", "play"):
        async with http.post(f"{url}/{path}", data=deep) as answer:
            assert answer.status == 400 and "error" in await answer.json(), path
    for forged in ("../../users/@me", "i-1-gc-2-3/../../x", "i\nforged log line"):
        sent = {"code": discord.activities.code(discord.user("alice")), "instance_id": forged}
        async with http.post(f"{url}/session", json=sent) as answer:
            assert answer.status == 404 and (await answer.json())["error"] == ENDED, forged
    party = discord.activities.launch(discord.channel, discord.user("alice"))
    party.channel_less = True
    assert (await session_of(discord, http, port, "alice", party))[0] == 404
    answers = []
    for _ in range(activity.SESSIONS_AT_ONCE + 1):
        answers.append((await session_of(discord, http, port, "alice", instance))[0])
    assert answers[-1] == 429 and 429 not in answers[: activity.SESSIONS_AT_ONCE - 2]


async def test_without_activities_enabled_in_the_portal_no_play_in_discord_is_offered(
    tmp_path: Path, clock: Clock, port: int
) -> None:
    bot = new_bot(
        tmp_path,
        clock=clock,
        web_port=port,
        public_url=f"http://127.0.0.1:{port}",
        client_secret=CLIENT_SECRET,
    )
    async with DiscordHarness(bot) as discord:
        turn_post = (await begin(discord)).messages[-1]
        assert labels_of(turn_post) == ["Move", "Watch"]
        shown = await discord.slash(discord.user("owner"), "gamehost settings", {})
        assert shown.content.endswith(
            "no, Activities are not enabled for the application in the Developer Portal"
        )


FRAME_SCRIPT = (Path(__file__).with_name("discord_frame.js")).read_text()
"""Discord's client frame, stood in for on the Activity's own origin (see the script)."""


def open_in_discord(
    driver: WebDriver, origin: str, instance: Instance, client_id: int, code: str
) -> None:
    """Open the Activity as Discord does: in its frame, with the instance's query."""
    driver.get(f"{origin}/")
    narrow = driver.execute_script("return innerWidth") < MOST_NARROW_WINDOW
    platform = "mobile" if narrow else "desktop"
    channel = instance.channel
    query = urlencode(
        {
            "frame_id": f"frame-{code[:6]}",
            "instance_id": instance.id,
            "platform": platform,
            "channel_id": channel.id,
            **({"guild_id": channel.guild.id} if channel.guild else {}),
        }
    )
    driver.execute_script(FRAME_SCRIPT, f"{origin}/activity/?{query}", str(client_id), code)
    WebDriverWait(driver, 5).until(
        lambda d: d.execute_script("return window.discordFrame.authorized")
    )
    driver.switch_to.frame("activity-frame")


def activity_says(driver: WebDriver, text: str, seconds: float = 5.0) -> float:
    """Wait until the Activity's page shows `text` (the said line, or the move panel);
    when it did (`time.monotonic()`)."""
    WebDriverWait(
        driver, seconds, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,)
    ).until(lambda d: text in d.find_element(By.TAG_NAME, "main").text)
    return time.monotonic()


def click_move(driver: WebDriver, move: str) -> None:
    """Build `move` (like `S c3`) by clicks: its size where the page asks for one, its
    square on the board, then Play."""
    size, square = move.split()
    waiting = WebDriverWait(driver, 5, ignored_exceptions=(StaleElementReferenceException,))
    waiting.until(lambda d: d.find_elements(By.CSS_SELECTOR, "button.spot, button.choice"))
    for choice in driver.find_elements(By.CSS_SELECTOR, "button.choice"):
        if choice.text.strip() == size:
            choice.click()
            break
    spot = f'button.spot[aria-label^="{square}"]'
    waiting.until(lambda d: d.find_elements(By.CSS_SELECTOR, spot))[0].click()
    waiting.until(lambda d: d.find_elements(By.CSS_SELECTOR, "button.play"))[0].click()


async def pages_open(http: aiohttp.ClientSession, origin: str, count: int) -> bool:
    """Whether `count` pages follow their games' streams within a second, as the
    metrics tell."""
    for _ in range(20):
        async with http.get(f"{origin}/metrics") as metrics:
            if f"pyramid_pages_open {count:.1f}" in await metrics.text():
                return True
        await asyncio.sleep(0.05)
    return False


GAME = [
    ("alice", "S c3"),
    ("bob", "S c6"),
    ("alice", "S d3"),
    ("bob", "typed: S d6"),
    ("alice", "S e3"),
    ("bob", "S e6"),
    ("alice", "S f3"),
]
"""A whole Tink game: Alice's four smalls in a row win; one of Bob's moves is typed."""


@needs_browser
async def test_a_whole_game_is_played_by_clicks_in_the_activity_on_a_phone_and_a_desktop(
    discord: DiscordHarness,
    http: aiohttp.ClientSession,
    port: int,
    desktop: WebDriver,
    phone: WebDriver,
) -> None:
    instance = await launched(discord)
    bob = discord.user("bob")
    instance.users.add(bob.id)
    origin = f"http://127.0.0.1:{port}"
    players = {"alice": desktop, "bob": phone}
    for name, driver in players.items():
        code = discord.activities.code(discord.user(name))
        await asyncio.to_thread(open_in_discord, driver, origin, instance, discord.me.id, code)
    await asyncio.to_thread(activity_says, desktop, "Tap a marked square on the board.")
    await asyncio.to_thread(activity_says, phone, "It is alice's turn.")
    assert await pages_open(http, origin, 2), "both pages follow the game's stream"
    await asyncio.to_thread(screenshot, desktop, f"activity-{DESKTOP}-start.png")
    await asyncio.to_thread(screenshot, phone, f"activity-{PHONE}-waiting.png")
    shown_within = []
    for turn, (name, move) in enumerate(GAME, 1):
        before = len(discord.requests)
        if move.startswith("typed: "):
            typed = move.removeprefix("typed: ")
            moved_at = time.monotonic()
            await discord.slash(bob, "tink move", {"move": typed})
            shown = [asyncio.to_thread(activity_says, d, f"bob: {typed}") for d in players.values()]
            shown_within.extend(at - moved_at for at in await asyncio.gather(*shown))
            continue
        await asyncio.to_thread(click_move, players[name], move)
        other = phone if name == "alice" else desktop
        await asyncio.to_thread(activity_says, other, f"{name}: {move}")
        (announced,) = [r for r in discord.requests[before:] if r.kind is Kind.SEND]
        assert announced.content.startswith(f"**{name}** played `{move}`"), turn
        if turn == 1:
            await asyncio.to_thread(screenshot, phone, f"activity-{PHONE}-followed.png")
    for driver in players.values():
        await asyncio.to_thread(activity_says, driver, "alice wins: four in a row.")
    record = await bot_of(discord).host.games.by_id(1)
    assert record is not None and record.status.name == "FINISHED"
    assert shown_within and max(shown_within) < 2.0, shown_within
    for driver, width in ((desktop, DESKTOP), (phone, PHONE)):
        scroll = await asyncio.to_thread(
            driver.execute_script, "return document.documentElement.scrollWidth"
        )
        assert scroll <= width, "the Activity fits the width"
        await asyncio.to_thread(screenshot, driver, f"activity-{width}-won.png")
        driver.switch_to.default_content()
        frame = await asyncio.to_thread(driver.execute_script, "return window.discordFrame")
        assert frame["mismatches"] == [], frame["mismatches"]
