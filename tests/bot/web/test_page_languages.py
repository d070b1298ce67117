"""The pages and the board inside Discord speak their reader's language: a page the one
its browser asks for first (`Accept-Language`), the Activity the one of its user's Discord,
which its signed session carries. German is given here a stand-in catalog saying every
sentence of the bot marked (`⟦...⟧`): a word left unmarked is a sentence said without the
catalogs."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.discord_ui.activities import ActivityButton, activity_line
from bot.discord_ui.post_buttons import PLAY_IN_DISCORD
from bot.play.learning import watching
from bot.play.words.languages import SOURCE
from bot.play.words.text import Said, Text, plain
from bot.web import activity, server
from bot.web.links import ActivitySession, WebLinks
from bot.web.words import page_language
from tests.bot.discord_ui.test_slow_game_commands import START, begin
from tests.bot.harness import DiscordHarness
from tests.bot.harness.activities import CLIENT_SECRET
from tests.bot.stand_in_catalogs import bots_messages, stand_in
from tests.bot.support import Clock, new_bot
from tests.bot.web.conftest import bot_of
from tests.bot.web.test_activity import api, launched, session_of, state

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
PLACEHOLDER = re.compile(r"(\{\w+\})")
MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
WORD = re.compile(r"\b[A-Za-z]{3,}\b")
KEPT = {"alice", "bob", "carol", "Tink", "Bridge", "Folio", "Tingle", "Pyramid", "Host"}
"""Words every language shows as they are: names and the games' titles."""


def marked(english: str) -> str:
    """A stand-in German: the English marked, its placeholders kept."""
    return f"⟦{english}⟧"


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """German's catalog replaced by one saying every sentence of the bot `marked`."""
    with stand_in(monkeypatch, tmp_path, "de", marked, bots_messages()):
        yield


@pytest.fixture
async def discord(
    tmp_path: Path, clock: Clock, port: int, german: None
) -> AsyncIterator[DiscordHarness]:
    address = f"http://127.0.0.1:{port}"
    bot = new_bot(
        tmp_path, clock=clock, web_port=port, public_url=address, client_secret=CLIENT_SECRET
    )
    harness = DiscordHarness(bot)
    harness.enable_activities()
    async with harness:
        yield harness


class Shown(HTMLParser):
    """What a page shows people: its text, and the words of its pictures and controls."""

    SAID = ("alt", "aria-label", "data-outside", "data-not-authorized")

    def __init__(self) -> None:
        super().__init__()
        self.said: list[str] = []
        self.lang: str | None = None
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        if tag == "html":
            self.lang = given.get("lang")
        self._hidden += tag in ("style", "script")
        self.said += [value for key, value in attrs if key in self.SAID and value]

    def handle_endtag(self, tag: str) -> None:
        self._hidden -= tag in ("style", "script")

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.said.append(data)


def shown(page: str) -> Shown:
    found = Shown()
    found.feed(page)
    return found


def english_in(said: str) -> list[str]:
    """The words said without the catalogs: outside every marked sentence."""
    while MARKED.search(said):
        said = MARKED.sub(" ", said)
    return [word for word in WORD.findall(said) if word not in KEPT]


async def german_page(
    http: aiohttp.ClientSession, url: str, status: int = 200, *, elsewhere: str = ""
) -> Shown:
    """The page at `url` as a German browser asks for it, all of it said in German but
    for the words `elsewhere` (said by another part of the bot, passed through)."""
    async with http.get(url, headers=GERMAN) as answer:
        assert answer.status == status, url
        page = shown(await answer.text())
    assert page.lang == "de", url
    left = [word for said in page.said for word in english_in(said.replace(elsewhere, ""))]
    assert not left, f"{url} says in English: {left}"
    return page


def test_a_page_is_in_the_first_shipped_language_the_browser_asks_for() -> None:
    asked = {
        None: SOURCE,
        "": SOURCE,
        "de": "de",
        "de-AT,en;q=0.5": "de",
        "fr;q=0.3, ja": "ja",
        "zh-CN, pt;q=0.8, de;q=0.7": "pt-BR",
        "es-419": "es-ES",
        "pt-br": "pt-BR",
        "en-GB,de": SOURCE,
        "de;q=0, pl;q=0.1": "pl",
        "*": SOURCE,
        "ko, zh": SOURCE,
        "pl;q=oops, fr;q=0.2": "fr",
    }
    assert {header: page_language(header) for header in asked} == asked


async def test_a_game_its_replay_and_a_players_page_are_said_in_german(
    discord: DiscordHarness, http: aiohttp.ClientSession
) -> None:
    await begin(discord)
    await discord.slash(discord.user("alice"), "tink move", {"move": "S d4"})
    await discord.slash(discord.user("bob"), "tink move", {"move": "S e5"})
    links = bot_of(discord).links
    assert links is not None
    watch = links.watch(1)
    page = await german_page(http, watch)
    for sentence in ("Players", "Moves", "Now"):
        assert marked(sentence) in page.said
    assert marked("Your move, {player}.").replace("{player}", "alice") in page.said
    await german_page(http, f"{watch}?at=0")
    after = await german_page(http, f"{watch}?at=1")
    assert marked("After move {number}").replace("{number}", "1") in after.said
    async with http.get(watch) as answer:
        english = await answer.text()
    assert '<html lang="en">' in english and "Players" in shown(english).said, (
        "a browser asking for no language is answered in English"
    )
    waiting = await german_page(http, links.play(1, discord.user("bob").id, START))
    assert any("alice" in said for said in waiting.said), "it is alice's turn"
    alices = links.play(1, discord.user("alice").id, START)
    heading = "Tink #1: your move"  # the picker's heading (bot.play.playing.choices)
    building = await german_page(http, f"{alices}?chosen=S+&v=3", elsewhere=heading)
    assert marked("Tap a marked square on the board.") in building.said
    chosen = await german_page(http, f"{alices}?chosen=S+d3&v=3", elsewhere=heading)
    assert marked("Play") + " " in chosen.said and marked("Back") in chosen.said


async def test_a_finished_games_page_and_the_sites_own_pages_are_said_in_german(
    discord: DiscordHarness, http: aiohttp.ClientSession, port: int
) -> None:
    alice, bob = discord.user("alice"), discord.user("bob")
    await begin(discord)
    for ply, move in enumerate(["S c3", "S c5", "S d3", "S d5", "S e3", "S e5", "S f3"]):
        ended = await discord.slash((alice, bob)[ply % 2], "tink move", {"move": move})
    await discord.click(discord.user("carol"), ended.messages[-1], "Review")
    links = bot_of(discord).links
    assert links is not None
    finished = await german_page(http, links.watch(1))
    assert marked("Game record") in finished.said and marked("Move list") in finished.said
    assert marked("Review") in finished.said
    home = await german_page(http, f"http://127.0.0.1:{port}/")
    assert marked("Games") in home.said
    forged = re.sub(r"/[\w-]+$", "/AAAAAAAAAAAAAAAAAAAAAA", links.watch(1))
    said = (await german_page(http, forged, 404)).said
    assert marked(plain(server.NO_GAME)) in said
    said = (await german_page(http, links.watch(2), 404)).said
    assert marked("There is no game #{number} to watch.").replace("{number}", "2") in said


async def test_the_leaderboards_own_words_and_pages_turned_off_are_said_in_german(
    discord: DiscordHarness, http: aiohttp.ClientSession
) -> None:
    links = bot_of(discord).links
    assert links is not None
    await begin(discord)
    await discord.slash(discord.user("owner"), "gamehost settings", {"pages": False})
    said = (await german_page(http, links.watch(1), 404)).said
    assert marked(plain(watching.PAGES_OFF)) in said
    async with http.get(links.leaderboard(None), headers=GERMAN) as answer:
        page = shown(await answer.text())
    assert answer.status == 200 and page.lang == "de"
    assert marked("All games") in page.said


def words(text: Text) -> str:
    """The English of a sentence said with `t`."""
    (said,) = text.segments
    assert isinstance(said, Said)
    return said.message


async def test_the_activity_speaks_the_language_of_its_users_discord(
    discord: DiscordHarness, http: aiohttp.ClientSession, port: int, clock: Clock
) -> None:
    discord.user("bruno", locale="de")
    discord.user("bob", locale="de")
    instance = await launched(discord)
    status, opened = await session_of(discord, http, port, "bruno", instance)
    assert status == 200 and opened["language"] == "de"
    links = bot_of(discord).links
    assert isinstance(links, WebLinks)
    assert links.activity_opened(opened["session"], clock.now) == ActivitySession(
        discord.user("bruno").id, discord.channel.id, "de"
    ), "the session carries the user's language"
    assert opened["words"]["players"] == marked("Players")
    assert opened["words"]["start"] == "\u00ab " + marked("Start")
    url = api(discord, port)
    status, shown_state = await state(http, url, opened["session"])
    assert status == 200 and shown_state["said"].startswith("⟦")
    assert shown_state["game"]["you"] is None, "bruno watches"
    played = {"s": opened["session"], "chosen": "S d4", "v": 1}
    async with http.post(f"{url}/play", json=played) as refused:
        said = await refused.json()
    assert refused.status == 403 and said == {"error": marked(words(activity.NOT_PLAYING))}
    _, bobs = await session_of(discord, http, port, "bob", instance)
    _, shown_state = await state(http, url, bobs["session"])
    assert shown_state["game"]["you"]["waiting"] == marked("It is {player}'s turn.").replace(
        "{player}", "alice"
    )
    _, english = await session_of(discord, http, port, "carol", instance)
    assert english["language"] == "en" and english["words"]["players"] == "Players"
    forged = opened["session"].replace(".de.", ".fr.")
    async with http.get(f"{url}/state", params={"s": forged}, headers=GERMAN) as refused:
        said = await refused.json()
    assert refused.status == 401 and said == {"error": marked(words(activity.EXPIRED))}
    dave = discord.user("dave", locale="de")
    sent = {"code": discord.activities.code(dave), "instance_id": instance.id}
    async with http.post(f"{url}/session", json=sent) as answer:
        said = await answer.json()
    assert answer.status == 403 and said == {"error": marked(words(activity.NOT_IN_IT))}


async def test_the_activitys_page_and_its_button_are_said_in_german(
    discord: DiscordHarness, http: aiohttp.ClientSession, port: int
) -> None:
    async with http.get(f"http://127.0.0.1:{port}/activity/", headers=GERMAN) as answer:
        page = shown(await answer.text())
    assert page.lang == "de" and marked(words(activity.OUTSIDE)) in page.said
    assert not [word for said in page.said for word in english_in(said)]
    button: Any = ActivityButton(1, "de").item
    assert button.label == marked(words(PLAY_IN_DISCORD))
    line = activity_line(discord.client, pages=True)
    assert plain(line, language="de") == marked(words(line))
    assert plain(line) == "Board inside Discord (Play in Discord on each turn): yes"
