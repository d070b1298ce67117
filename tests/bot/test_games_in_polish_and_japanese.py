"""A whole Tink game in Polish and one in Japanese, through the harness: every post and
reply said in the server's or the reader's language (no sentence of the bot's English
left in them), and Polish plurals right for 1, 2, 5 and 22 (hours: godzina, godziny,
godzin)."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from bot.play.words import languages
from bot.play.words.languages import translations
from bot.play.words.text import plain, t
from tests.bot.drawn_words import Drawn
from tests.bot.harness import DiscordHarness, Kind
from tests.bot.test_pseudo_language import texts_of

PLACEHOLDER = re.compile(r"\{\w+\}")
GAME = ["S c3", "S c6", "S d3", "S d6", "S e3", "S e6", "S f3"]
"""Four smalls in a row for whoever moves first."""


def english_openings() -> list[str]:
    """Each sentence of the bot's English, up to its first part filled in: what a text
    left in English would hold (openings of three words or more)."""
    with languages.TEMPLATE.open("rb") as pot:
        messages = [m.id for m in read_po(pot) if m.id]
    found = []
    for message in messages:
        english = message if isinstance(message, str) else message[0]
        opening = PLACEHOLDER.split(english)[0].strip(" :(")
        if len(opening.split()) >= 3:
            found.append(opening)
    return found


@pytest.mark.parametrize("locale", ["pl", "ja"])
async def test_a_whole_tink_game_is_said_in_the_servers_and_the_readers_language(
    discord: DiscordHarness, drawn: Drawn, locale: str
) -> None:
    owner = discord.user(f"owner-{locale}", locale=locale)
    server = discord.new_guild(f"Serwer {locale}", owner=owner, locale=locale)
    channel = discord.text_channel("gry", guild=server)
    alice = discord.user("alice", locale=locale)
    bob = discord.user("bob", locale=locale)
    before = len(discord.requests)
    challenge = await discord.slash(alice, "tink start", {"opponent": bob}, channel=channel)
    await discord.click(bob, challenge.message, plain(t("Accept"), language=locale))
    record = await discord.client.host.games.newest_in(channel.id)  # type: ignore[attr-defined]
    first = alice if record.turn_user_id == alice.id else bob
    players = [first, bob if first is alice else alice]
    refused = await discord.slash(players[1], "tink move", {"move": "S d4"}, channel=channel)
    assert refused.ephemeral
    for ply, move in enumerate(GAME):
        await discord.slash(players[ply % 2], "tink move", {"move": move}, channel=channel)
    await discord.slash(first, "stats", {}, channel=channel)
    said = [text for r in discord.requests[before:] for text in texts_of(r)]
    assert len(said) > 20
    openings = english_openings()
    english = [(o, text) for text in said for o in openings if o in text]
    assert not english, english[:5]
    won = translations(locale).gettext("{players} wins: {ending}.").split("{players}")[-1]
    assert any(won.split("{ending}")[0] in text for text in said), "the result, in its words"
    posts = [r for r in discord.requests[before:] if r.kind is Kind.SEND]
    assert posts or said
    pictured = [text for text in drawn.texts if text]
    english_pictured = [(o, text) for text in pictured for o in PICTURE_OPENINGS if o in text]
    assert len(pictured) > len(GAME) and not english_pictured, english_pictured[:5]
    moved = translations(locale).gettext("Move {number}: {move}").split("{number}")[0]
    assert any(text.startswith(moved) for text in pictured), "each move's picture, in its words"


PICTURE_OPENINGS = ("Move ", "Player ", "a new game", " wins: ", "four in a row", "out")
"""The English of the board pictures' headlines and notes."""


@pytest.mark.parametrize(("hours", "form"), [(1, 0), (2, 1), (5, 2), (22, 1)])
async def test_a_polish_clock_says_its_hours_in_the_right_plural(
    discord: DiscordHarness, hours: int, form: int
) -> None:
    server = discord.new_guild("Serwer", locale="pl")
    channel = discord.text_channel("gry", guild=server)
    alice = discord.user("alice", locale="pl")
    options = {"opponent": discord.user("bob"), "time_limit": f"{hours}h"}
    challenge = await discord.slash(alice, "tink start", options, channel=channel)
    catalog = languages.read_catalog("pl")
    forms = catalog.get(("{count} hour", "{count} hours")).string
    assert len(set(forms)) == 3, "Polish has three forms for hours: godzina, godziny, godzin"
    assert forms[form].format(count=hours) in challenge.content


async def test_moves_are_suggested_for_words_typed_in_the_readers_language(
    discord: DiscordHarness,
) -> None:
    server = discord.new_guild("Serwer", locale="pl")
    channel = discord.text_channel("gry", guild=server)
    alice, bob = discord.user("alice", locale="pl"), discord.user("bob", locale="pl")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob}, channel=channel)
    await discord.click(bob, challenge.message, plain(t("Accept"), language="pl"))
    record = await discord.client.host.games.newest_in(channel.id)  # type: ignore[attr-defined]
    mover = alice if record.turn_user_id == alice.id else bob
    small = translations("pl").gettext("a small on {square}").split()[0]
    assert small != "a"
    offered = await discord.autocomplete(
        mover, "tink move", "move", {"move": small}, channel=channel
    )
    assert offered and all(small in choice.name for choice in offered)
