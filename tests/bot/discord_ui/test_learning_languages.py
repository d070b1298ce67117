"""Reviews, puzzles, histories and the rules pages in the reader's language: every
sentence of theirs goes through the catalogs, a puzzle (seen by the asker alone) said in
the asker's Discord's language, a review and a history (posts) in the server's. The
German catalog is given a stand-in for each of these sentences (its English in
«guillemets»), so the tests hold what goes through the catalog, whatever the translators
write; the rules documents themselves stay the licensed English originals."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from types import MappingProxyType

import pytest

import ai
from ai.review import LEVEL
from bot.discord_ui.rules_pages import rules_embed
from bot.play.learning.rules import rules_pages
from bot.play.words import languages
from bot.play.words.learning import lesson_text
from bot.play.words.text import Said, plain, t
from tests.bot.discord_ui.test_puzzles import MISSED
from tests.bot.harness import DiscordHarness
from tests.bot.harness.records import Channel
from tests.bot.stand_in_catalogs import messages_of, stand_in
from tests.bot.support import new_bot

SPEAKING = [
    "bot/play/learning/reviews.py",
    "bot/play/learning/puzzles.py",
    "bot/play/learning/history.py",
    "bot/play/words/learning.py",
    "bot/discord_ui/review_commands.py",
    "bot/discord_ui/puzzle_views.py",
    "bot/discord_ui/rules_pages.py",
]
"""The modules whose sentences the stand-in catalog says."""
ORIGINAL = "These rules are the licensed English original, shown as they are written."


def stand_in_words(english: str) -> str:
    return f"«{english}»"


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """The German catalog, with a stand-in for every sentence of `SPEAKING`."""
    with stand_in(
        monkeypatch, tmp_path, "de", stand_in_words, messages_of(SPEAKING), over_real=True
    ):
        yield


@pytest.fixture(autouse=True)
def quick_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review's search thinks a few iterations only: its exact marks stay exact."""
    quick = dataclasses.replace(ai.SETTINGS[LEVEL], iterations=MappingProxyType({"default": 8}))
    monkeypatch.setitem(ai.SETTINGS, LEVEL, quick)


@pytest.fixture
async def discord(german: None, tmp_path: Path) -> AsyncIterator[DiscordHarness]:
    async with DiscordHarness(new_bot(tmp_path)) as harness:
        yield harness


async def missed_win(discord: DiscordHarness, channel: Channel) -> None:
    """Tink in `channel`: alice misses her only win, S f3, with S a8, and takes it later."""
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "tink start", {"opponent": bob}, channel=channel)
    language = channel.guild.locale if channel.guild else "en-US"
    await discord.click(bob, challenge.message, plain(t("Accept"), language=language))
    for ply, move in enumerate(MISSED):
        await discord.slash((alice, bob)[ply % 2], "tink move", {"move": move}, channel=channel)


def test_a_lesson_is_sentences_of_the_catalog(german: None) -> None:
    lesson = lesson_text(("S b3", "S f3"), (), ("S c2", "S e2", "S b3", "S a1"))
    assert lesson is not None
    said = [segment.message for segment in lesson.segments if isinstance(segment, Said)]
    assert said == ["missed a win: {moves}", "allowed a forced win in two: {moves}"]
    assert plain(lesson) == (
        "missed a win: S b3 or S f3; allowed a forced win in two: S c2 or S e2 or S b3 or more"
    )
    german_or = languages.translations("de").gettext("{first} or {second}")
    assert plain(lesson, language="de").startswith(
        "«missed a win: " + german_or.format(first="S b3", second="S f3") + "»; "
    )


async def test_a_german_reader_is_given_and_answers_a_puzzle_in_german(
    discord: DiscordHarness,
) -> None:
    await missed_win(discord, discord.channel)
    bruno = discord.user("bruno", locale="de")
    given = await discord.slash(bruno, "puzzle")
    assert given.ephemeral
    assert given.content == (
        "«Puzzle from Tink #1, before move 7: **alice** («orange») to play and win in one move.» "
        "«Answer with `/puzzle move:<your move>` or **«Answer»** (3 tries), or see the solution "
        "with `/puzzle solution:True`.»"
    )
    wrong = await discord.slash(bruno, "puzzle", {"move": "S a8"})
    assert wrong.content.startswith("«S a8 does not win: bob answers ")
    assert wrong.content.endswith("» «Try again (2 tries left).»")
    picker = await discord.click(bruno, given.message, given.buttons[0].label)
    assert picker.ephemeral and picker.content == "«Puzzle from Tink #1: your answer»"
    assert picker.message.button("«Back»").disabled
    solved = await discord.slash(bruno, "puzzle", {"move": "S f3"})
    assert solved.content == "«**«Solved»**: S f3 wins at once.» «Another with `/puzzle`.»"
    closed = await discord.slash(bruno, "puzzle", {"move": "S f3"})
    assert closed.content == "«You have no puzzle open: ask for one with `/puzzle`.»"
    english = await discord.slash(discord.user("alice"), "puzzle")
    assert english.content.startswith("Puzzle from Tink #1, before move 7: **alice** (orange)")


async def test_a_review_and_a_history_are_posted_in_the_servers_language(
    discord: DiscordHarness,
) -> None:
    server = discord.new_guild("Spieleabend", locale="de")
    channel = discord.text_channel("spiele", guild=server)
    await missed_win(discord, channel)
    carol = discord.user("carol")
    reviewed = await discord.slash(carol, "tink review", channel=channel)
    assert reviewed.requests[0].content == "«Reviewing Tink #1…»"
    progress = [request.content for request in reviewed.requests[1:-1]]
    assert progress and all(said.startswith("«Reviewing Tink #1: ") for said in progress)
    assert all(said.endswith(" positions valued…»") for said in progress)
    review = reviewed.message.content.splitlines()
    assert review[0].startswith("«Review of Tink #1: ") and not reviewed.message.ephemeral
    assert all(line.startswith("«") and line.endswith("»") for line in review), review
    assert "«Key moments:»" in review
    assert review[-1] == (
        "«Grades by the expected score a move lost: inaccuracy 0,05, mistake 0,10, blunder "
        "0,20; see `/tink history` for the moves.»"
    )
    history = await discord.slash(carol, "tink history", channel=channel)
    listed = history.content.splitlines()
    assert listed[0] == "«Tink #1, 9 moves»:" and listed[-1] == "9. alice: S f3"
    assert listed[7] == "7. alice: S a8 («miss»; «missed a win: S f3»)", "graded, then taught"
    assert listed[8].startswith("8. bob: S h8 («") and listed[8].endswith("«allowed a win: S f3»)")
    refused = await discord.slash(discord.user("bruno", locale="de"), "tink review", {"id": 9})
    assert refused.ephemeral and refused.content == "«There is no Tink game #9 in this server.»"


def test_a_rules_page_says_in_the_readers_language_that_its_rules_are_the_english_original(
    german: None,
) -> None:
    pages_of = rules_pages("tink")
    pages = len(pages_of)
    assert pages > 1
    english = rules_embed("tink", 0)
    assert english.footer.text == f"Page 1 of {pages}"
    shown = rules_embed("tink", 1, "de")
    assert shown.footer.text == f"«Page 2 of {pages}»\n«{ORIGINAL}»"
    heading = rules_pages("tink")[1].title.partition(": ")[2]
    assert (shown.title, shown.description) == (f"«Tink: «{heading}»»", pages_of[1].body)
    assert english.title == "Tink: Summary", "the heading said by the catalogs, the text as is"


async def test_the_rules_pages_turn_in_the_readers_language(discord: DiscordHarness) -> None:
    bruno = discord.user("bruno", locale="de")
    first = await discord.slash(bruno, "tink rules")
    (page,) = first.embeds
    turned = await discord.click(bruno, first.message, first.buttons[-1].label)
    (next_page,) = turned.message.embeds
    assert next_page.footer.text is not None
    assert next_page.footer.text.endswith(f"»\n«{ORIGINAL}»")
    assert next_page.footer.text.startswith("«Page 2 of ")
    assert next_page.title != page.title and next_page.title is not None
    assert next_page.title.startswith("«Tink: «") and next_page.title.endswith("»»")
