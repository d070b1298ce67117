"""The languages shipped: every catalog complete and current, and Discord shown the
commands in each of them (descriptions and choices translated, names as they are)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import discord
import pytest
from babel.messages.pofile import read_po

from bot.discord_ui.app import all_commands
from bot.discord_ui.markup import markup
from bot.discord_ui.translator import command_texts
from bot.discord_ui.tree import GameTree
from bot.play.clocks.clock import DAY
from bot.play.words.languages import (
    LANGUAGES,
    TEMPLATE,
    read_catalog,
    shipped,
    spoken_messages,
    translations,
)
from bot.play.words.text import (
    Moment,
    Name,
    Number,
    Strong,
    from_data,
    plain,
    say,
    t,
    tn,
    to_data,
)
from tests.bot.discord_ui.test_slow_game_commands import begin, later, sent
from tests.bot.harness import DiscordHarness, Kind
from tests.bot.support import Clock, new_bot

PLACEHOLDER = re.compile(r"\{\w+\}|%\(\w+\)[sd]")


def template_messages() -> list[str]:
    """The template's messages, each by its English (its singular, for a count)."""
    with TEMPLATE.open("rb") as pot:
        return [_english(message.id) for message in read_po(pot) if message.id]


def _english(message_id: str | tuple[str, ...]) -> str:
    return message_id if isinstance(message_id, str) else message_id[0]


def _placeholders(texts: Iterable[str]) -> set[str]:
    return {found for text in texts for found in PLACEHOLDER.findall(text)}


async def test_the_template_holds_every_text_of_the_bot_and_nothing_else() -> None:
    async with discord.Client(intents=discord.Intents.none()) as client:
        tree = GameTree(client)
        tree.add_commands(all_commands())
        texts = await command_texts(tree)
    spoken = [_english(message) for message in spoken_messages()]
    assert sorted(template_messages()) == sorted({*spoken, *texts}), "run: make catalogs"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_shipped_catalog_translates_every_message_with_its_placeholders(language: str) -> None:
    catalog = read_catalog(language)
    entries = [message for message in catalog if message.id]
    assert sorted(_english(m.id) for m in entries) == sorted(template_messages()), (
        "run: make catalogs"
    )
    for message in entries:
        english = (message.id,) if isinstance(message.id, str) else message.id
        forms = (message.string,) if isinstance(message.string, str) else message.string
        assert not message.fuzzy and all(forms), f"untranslated: {english[0]!r}"
        if isinstance(message.id, tuple):
            assert len(forms) == catalog.num_plurals, f"plural forms of {english[0]!r}"
        for form in forms:
            assert _placeholders([form]) == _placeholders(english), f"{english[0]!r}: {form!r}"


def test_each_of_discords_locales_is_answered_in_the_nearest_shipped_language() -> None:
    assert [shipped(code) for code in ("de", "pt-BR", "es-419", "en-GB", "ko", None)] == [
        "de",
        "pt-BR",
        "es-ES",
        "en-US",
        "en-US",
        "en-US",
    ]
    assert translations("ko").gettext("Make your move in Tink.") == "Make your move in Tink."


def _everywhere(node: dict[str, Any]) -> list[dict[str, Any]]:
    """The command and every option, choice and subcommand under it."""
    found = [node]
    for child in [*node.get("options", []), *node.get("choices", [])]:
        found += _everywhere(child)
    return found


async def test_discord_is_shown_each_command_in_every_shipped_language(
    discord: DiscordHarness,
) -> None:
    (registered,) = [r for r in discord.requests if r.kind is Kind.COMMANDS]
    nodes = [node for command in registered.body for node in _everywhere(command)]
    (tink,) = [c for c in registered.body if c["name"] == "tink"]
    (start,) = [o for o in tink["options"] if o["name"] == "start"]
    german = translations("de").gettext
    assert start["description_localizations"]["de"] == german("Challenge people to Tink.")
    (board,) = [o for o in tink["options"] if o["name"] == "board"]
    assert board["description_localizations"]["ja"] == translations("ja").gettext(
        "Show the {title} board in this channel."
    ).format(title="Tink")
    assert all(set(each["description_localizations"]) == set(LANGUAGES) for each in [tink, start])
    described = [node for node in nodes if "description" in node]
    assert all("de" in node["description_localizations"] for node in described)
    assert not any(node.get("name_localizations") for node in described), "names stay as they are"
    choices = {(c["value"], c["name"]): c.get("name_localizations") for c in nodes if "value" in c}
    assert choices[("random", "random")]["pl"] == translations("pl").gettext("random")


async def test_a_refusal_is_said_in_the_language_of_whoever_is_refused(
    discord: DiscordHarness,
) -> None:
    english = discord.user("alice")
    german = discord.user("bruno", locale="de")
    polish = discord.user("celina", locale="pl")
    said = {}
    for user in (english, german, polish):
        reply = await discord.slash(user, "tink move", {"move": "S d4"})
        assert reply.ephemeral
        said[user.locale] = reply.content
    template = "There is no game in this channel; start one with {start}."
    assert said["en-US"] == template.format(start="`/tink start`")
    for locale in ("de", "pl"):
        translated = translations(locale).gettext(template)
        assert translated != template
        assert said[locale] == translated.format(start="`/tink start`")


def test_a_count_takes_the_plural_form_of_the_language() -> None:
    catalog = read_catalog("pl")
    (slow,) = [m for m in catalog if m.id and "Slow down" in _english(m.id)]
    singular, plural = slow.id
    forms = {1: 0, 2: 1, 5: 2, 22: 1, 12: 2}
    for count, form in forms.items():
        shown = plain(tn(singular, plural, count), language="pl")
        assert shown == slow.string[form].format(count=count)
    assert plain(tn(singular, plural, 1)) == "Slow down: try again in 1 second."


def test_a_sentence_kept_as_data_is_said_again_in_any_language() -> None:
    sentence = t("It is {player}'s turn.", player=Name("Zoë"))
    kept = from_data(json.loads(json.dumps(to_data(sentence))))
    assert kept == sentence
    assert plain(kept, language="de") == plain(sentence, language="de") != plain(sentence)


async def test_a_post_in_a_channel_is_in_the_servers_language_a_refusal_in_the_readers(
    discord: DiscordHarness,
) -> None:
    server = discord.new_guild("Spieleabend", locale="de")
    channel = discord.text_channel("spiele", guild=server)
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob}, channel=channel)
    accepted = await discord.click(bob, challenge.message, plain(t("Accept"), language="de"))
    german = translations("de").gettext
    turns = {
        player.name: german("Your move, {player}.").format(player=f"**{player.name}**")
        for player in (alice, bob)
    }
    posted = accepted.messages[-1].content
    first = alice if turns["alice"] in posted else bob
    assert turns[first.name] in posted and turns[first.name] != f"Your move, **{first.name}**."
    other = bob if first == alice else alice
    refused = await discord.slash(other, "tink move", {"move": "S d4"}, channel=channel)
    assert refused.ephemeral and refused.content == f"It is {first.name}'s turn."
    moved = await discord.slash(first, "tink move", {"move": "S d4"}, channel=channel)
    played = german("{player} played {move}: {described}.")
    described = german("a small on {square}").format(square="d4")
    assert described != "a small on d4", "the move in words is said in German too"
    headline = played.format(player=f"**{first.name}**", move="`S d4`", described=described)
    assert moved.content.splitlines()[0] == headline


def test_a_right_to_left_name_is_isolated_in_a_sentence_and_no_other_name_is() -> None:
    dana = "\u062f\u0627\u0646\u0629"  # written right to left
    turn = t("It is {player}'s turn.", player=Strong(Name(dana)))
    assert plain(turn) == f"It is \u2068{dana}\u2069's turn."
    german = translations("de").gettext("It is {player}'s turn.")
    assert markup(turn, "de") == german.format(player=f"**\u2068{dana}\u2069**")
    assert plain(t("It is {player}'s turn.", player=Name("Zoë"))) == "It is Zoë's turn."


async def test_a_direct_message_is_in_the_language_its_reader_last_used_the_bot_in(
    tmp_path: Path, clock: Clock
) -> None:
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as discord:
        alice = discord.user("alice", locale="pl")
        await discord.slash(alice, "notify", {"dm": "on"})
        await begin(discord)
        (reminder,) = sent(await later(discord, clock, DAY))
    assert reminder.channel == discord.dm(alice)
    polish = translations("pl").gettext(
        "Reminder, {player}: it has been your move in {game} {since}."
    )
    assert reminder.content.startswith(polish.split("{player}")[0]) and not polish.startswith(
        "Reminder"
    )
    async with DiscordHarness(new_bot(tmp_path, clock=clock)) as restarted:
        host = restarted.client.host  # type: ignore[attr-defined]
        record = await host.languages.of_person(alice.id)
    assert record == "pl", "remembered across a restart"


async def test_the_bots_own_move_in_a_direct_message_game_is_in_its_players_language(
    tmp_path: Path,
) -> None:
    async with DiscordHarness(new_bot(tmp_path)) as discord:
        alice = discord.user("alice", locale="pl")
        dm = discord.dm(alice)
        await discord.slash(alice, "tink start", {"ai": "easy"}, channel=dm)
        await discord.slash(alice, "tink move", {"move": "S d4"}, channel=dm)
        await discord.client.service.settled()  # type: ignore[attr-defined]
        bots = [m for m in discord.messages_in(dm) if m.content.startswith("**harness-bot")]
    played = translations("pl").gettext("{player} played {move}: {described}.")
    assert bots and played != "{player} played {move}: {described}."
    assert played.split("{move}")[0].replace("{player}", "") in bots[-1].content


def test_a_moment_in_plain_words_is_written_the_readers_way() -> None:
    now = 1_800_000_000.0
    soon, past = Moment(now + 3 * 86_400 + 3_600), Moment(now - 2 * 86_400)
    assert plain(say(soon), now) == "in 3 days 1 hour"
    assert plain(say(past), now) == "2 days ago"
    assert plain(say(soon), now, "de") == "in 3 Tagen"
    assert plain(say(past), now, "pl") == "2 dni temu"
    assert plain(say(soon)) == "2027-01-18 09:00 UTC"
    assert plain(say(soon), language="de") == "18.01.27, 09:00 UTC"


@pytest.mark.parametrize(
    ("language", "rating", "change", "count"),
    [
        ("en-US", "1,523.4", "+1.5", "12,345"),
        ("de", "1.523,4", "+1,5", "12.345"),
        ("fr", "1\u202f523,4", "+1,5", "12\u202f345"),
        ("pl", "1\u00a0523,4", "+1,5", "12\u00a0345"),
        ("ja", "1,523.4", "+1.5", "12,345"),
    ],
)
def test_numbers_are_written_as_the_readers_language_writes_them(
    language: str, rating: str, change: str, count: str
) -> None:
    text = say(Number(1523.4, 1), " ", Number(1.5, 1, signed=True), " ", Number(12345))
    assert plain(text, language=language) == f"{rating} {change} {count}"
    assert markup(text, language) == plain(text, language=language)
    assert from_data(json.loads(json.dumps(to_data(text)))) == text
