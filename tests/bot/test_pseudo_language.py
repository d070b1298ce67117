"""No English is left: whole games played in a pseudo-language, every sentence of the
catalogs accented and lengthened by a third (as Android's `en-XA`), and every text the
bot sends Discord held against it: a word still plain English is a sentence that does
not go through the catalogs."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import engine
from bot.play.words import languages
from tests.bot.drawn_words import Drawn
from tests.bot.harness import DiscordHarness, Kind, Request
from tests.bot.stand_in_catalogs import bots_messages, stand_in
from tests.bot.support import Clock, new_bot

PSEUDO = "hi"
"""A Discord locale the bot does not ship, spoken here as the pseudo-language."""
ACCENTS = str.maketrans("aeiouyAEIOUYcnCN", "áéíóúýÁÉÍÓÚÝçñÇÑ")
PLACEHOLDER = re.compile(r"(\{\w+\})")
KEPT = re.compile(r"`[^`]*`|<[^>]*>|https?://\S+|\*\*[^*]*\*\*|#\d+")
"""What the bot shows as it is in every language: code (commands, moves), mentions and
timestamps, addresses, names in bold, numbers."""
WORD = re.compile(r"\b[A-Za-z]{3,}\b")
NAMES = {"alice", "bob", "olga", "Tink", "Tingle", "Folio", "Bridge", "Pyramid", "Host"}


LONGEST = 100
"""Discord's longest command description: the pseudo-language lengthens no message past it."""


def pseudo(english: str) -> str:
    """The English accented outside its placeholders, and a third longer (short of
    Discord's longest description)."""
    parts = PLACEHOLDER.split(english)
    said = "".join(p if PLACEHOLDER.fullmatch(p) else p.translate(ACCENTS) for p in parts)
    if len(english) + 2 > LONGEST:
        return said
    longer = min(len(english) // 3, LONGEST - len(english) - 2)
    return f"[{said}{'~' * longer}]"


@pytest.fixture
def pseudo_language(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Every message of the template said in the pseudo-language, for Discord's `PSEUDO`."""
    with languages.TEMPLATE.open("rb") as pot:
        template = [message.id for message in read_po(pot) if message.id]
    said = [m if isinstance(m, str) else (m[0], m[1]) for m in template]
    with stand_in(monkeypatch, tmp_path, PSEUDO, pseudo, [*said, *bots_messages()]):
        yield


def texts_of(request: Request) -> list[str]:
    """Every text a request shows people: content, embeds, components' labels, options,
    a new thread's name."""
    body = request.body if isinstance(request.body, dict) else {}
    data = body.get("data", body) if isinstance(body.get("data"), dict) else body
    found = [str(data.get("content") or "")]
    if request.kind is Kind.THREAD:
        found.append(str(body.get("name") or ""))
    for embed in data.get("embeds") or []:
        found += [str(embed.get(key) or "") for key in ("title", "description")]
        found += [str((embed.get("footer") or {}).get("text") or "")]
        for field in embed.get("fields") or []:
            found += [str(field.get("name") or ""), str(field.get("value") or "")]
    stack = list(data.get("components") or [])
    while stack:
        component = stack.pop()
        stack += component.get("components") or []
        found += [str(component.get(key) or "") for key in ("label", "placeholder")]
        for option in component.get("options") or []:
            found += [str(option.get("label") or ""), str(option.get("description") or "")]
    for choice in data.get("choices") or []:
        found.append(str(choice.get("name") or ""))
    return [text for text in found if text]


def english_in(text: str) -> list[str]:
    """The plain English words of a text the pseudo-language should have said."""
    bare = KEPT.sub(" ", text)
    bare = re.sub(r"\[[^\]]*\]", " ", bare)  # said in the pseudo-language
    return [word for word in WORD.findall(bare) if word not in NAMES and word.lower() not in NAMES]


def english_left(discord: DiscordHarness, drawn: Drawn) -> list[str]:
    """Every text the bot sent, and every word its pictures said, still in plain English."""
    sent = {
        f"{request.kind}: {text[:160]!r} -> {words}"
        for request in discord.requests
        for text in texts_of(request)
        if (words := english_in(text))
    }
    drawn_words = [
        f"picture: {text!r} -> {words}" for text in drawn.texts if (words := english_in(text))
    ]
    return sorted(sent) + drawn_words


@pytest.fixture
async def discord(
    tmp_path: Path, clock: Clock, pseudo_language: None, drawn: Drawn
) -> Iterator[DiscordHarness]:
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as harness:
        yield harness


async def test_a_whole_tink_game_says_nothing_in_plain_english(
    discord: DiscordHarness, drawn: Drawn
) -> None:
    owner = discord.user("olga", locale=PSEUDO)
    server = discord.new_guild("Pseudo", owner=owner, locale=PSEUDO)
    channel = discord.text_channel("games", guild=server)
    alice, bob = discord.user("alice", locale=PSEUDO), discord.user("bob", locale=PSEUDO)
    await discord.slash(owner, "gamehost settings", {}, channel=channel)
    invitation = {"opponent": bob, "time_limit": "5d+1d"}
    challenge = await discord.slash(alice, "tink start", invitation, channel=channel)
    accepted = await discord.click(bob, challenge.message, pseudo("Accept"))
    turn = accepted.messages[-1]
    first = alice if "alice" in turn.content.split("\n")[-1] else bob
    second = bob if first is alice else alice
    picker = await discord.click(first, turn, pseudo("Move"))
    await discord.autocomplete(second, "tink move", "move", {"move": "c"}, channel=channel)
    del picker
    for player, move in ((first, "S c3"), (second, "S c6"), (first, "S d3")):
        await discord.slash(player, "tink move", {"move": move}, channel=channel)
    await discord.slash(second, "tink board", {}, channel=channel)
    await discord.slash(second, "tink move", {"move": "S e5"}, channel=channel)
    await discord.slash(first, "tink move", {"move": "Z z9"}, channel=channel)
    offered = await discord.slash(first, "tink draw", {}, channel=channel)
    await discord.click(second, offered.messages[-1], pseudo("Decline"))
    confirm = await discord.slash(first, "tink resign", {}, channel=channel)
    ended = await discord.click(first, confirm.message, pseudo("Resign"))
    await discord.click(second, ended.messages[-1], pseudo("Review"))
    await discord.slash(first, "stats", {}, channel=channel)
    await discord.slash(first, "leaderboard", {}, channel=channel)
    await discord.slash(first, "mygames", {}, channel=channel)
    await discord.slash(first, "tink history", {}, channel=channel)
    await discord.slash(first, "games", {}, channel=channel)
    await discord.slash(first, "vacation status", {}, channel=channel)
    await discord.slash(first, "puzzle", {}, channel=channel)
    left = english_left(discord, drawn)
    assert drawn.scenes >= 8, "the boards, the replay and the key moments were drawn"
    assert not left, f"{len(left)} texts in plain English:\n" + "\n".join(left[:60])


@pytest.mark.parametrize("game", ["tingle", "folio", "bridge"])
async def test_the_other_games_say_nothing_in_plain_english(
    discord: DiscordHarness, drawn: Drawn, game: str
) -> None:
    owner = discord.user("olga", locale=PSEUDO)
    channel = discord.text_channel(
        "games", guild=discord.new_guild("Pseudo", owner=owner, locale=PSEUDO)
    )
    alice, bob = discord.user("alice", locale=PSEUDO), discord.user("bob", locale=PSEUDO)
    challenge = await discord.slash(alice, f"{game} start", {"opponent": bob}, channel=channel)
    await discord.click(bob, challenge.message, pseudo("Accept"))
    for _ in range(4):
        record = await discord.client.host.games.newest_in(channel.id)  # type: ignore[attr-defined]
        player = alice if record.turn_user_id == alice.id else bob
        chosen: dict[str, str] = {}
        for part in engine.GAMES[game].move_parts:
            offered = await discord.autocomplete(
                player, f"{game} move", part.name, chosen, channel=channel
            )
            if offered:
                chosen[part.name] = offered[0].value
        await discord.slash(player, f"{game} move", chosen, channel=channel)
    host = discord.client.host  # type: ignore[attr-defined]
    assert len(await host.games.actions(record.id)) == 4, "every move was played"
    await discord.slash(alice, f"{game} board", {}, channel=channel)
    left = english_left(discord, drawn)
    assert drawn.scenes >= 5, "every move's board was drawn"
    assert not left, f"{len(left)} texts in plain English:\n" + "\n".join(left[:60])


async def test_a_tournament_round_says_nothing_in_plain_english(
    discord: DiscordHarness, drawn: Drawn
) -> None:
    owner = discord.user("olga", locale=PSEUDO)
    channel = discord.text_channel(
        "games", guild=discord.new_guild("Pseudo", owner=owner, locale=PSEUDO)
    )
    alice, bob = discord.user("alice", locale=PSEUDO), discord.user("bob", locale=PSEUDO)
    created = await discord.slash(
        owner, "tournament create tink", {"format": "round-robin"}, channel=channel
    )
    for player in (alice, bob):
        await discord.click(player, created.message, pseudo("Join"))
    await discord.slash(owner, "tournament start", {"number": 1}, channel=channel)
    host = discord.client.host  # type: ignore[attr-defined]
    await discord.run(discord.client.service.settled())  # type: ignore[attr-defined]
    (pairing,) = await host.storage.tournaments.pairings(1)
    await host.endings.resign(pairing.game_id, bob.id)
    await discord.run(discord.client.service.settled())  # type: ignore[attr-defined]
    await discord.slash(alice, "tournament standings", {}, channel=channel)
    await discord.slash(alice, "tournaments", {}, channel=channel)
    left = english_left(discord, drawn)
    assert drawn.scenes >= 1 and pseudo("Pts") in drawn.texts, "the crosstable was drawn"
    assert not left, f"{len(left)} texts in plain English:\n" + "\n".join(left[:60])
