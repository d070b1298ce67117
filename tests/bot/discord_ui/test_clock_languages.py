"""Slow games, server settings and vacations in the reader's language: every sentence of
theirs goes through the catalogs, said to whoever asked in their Discord's language and
posted in the server's. The German catalog is given a stand-in for each of these
sentences (its English in «guillemets»), so the test holds what goes through the catalog,
whatever the translators write."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.play.clocks.clock import DAY, HOUR
from bot.play.words.settings import settings_text
from bot.play.words.text import Said, plain, t
from bot.storage.clocks import ServerSettings
from tests.bot.discord_ui.test_slow_game_commands import START, later, sent
from tests.bot.harness import DiscordHarness
from tests.bot.stand_in_catalogs import messages_of, stand_in
from tests.bot.support import Clock, new_bot

SPEAKING = [
    "bot/play/clocks/slow_games.py",
    "bot/play/clocks/vacations.py",
    "bot/play/clocks/quiet.py",
    "bot/play/clocks/durations.py",
    "bot/play/clocks/clock_changes.py",
    "bot/play/clocks/timing.py",
    "bot/play/words/settings.py",
    "bot/discord_ui/slow_game_commands.py",
    "bot/discord_ui/vacation_commands.py",
]
"""The modules whose sentences the stand-in catalog says."""


def stand_in_words(english: str) -> str:
    return f"«{english}»"


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """The German catalog, with a stand-in for every sentence of `SPEAKING`."""
    with stand_in(
        monkeypatch, tmp_path, "de", stand_in_words, messages_of(SPEAKING), over_real=True
    ):
        yield


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def discord(german: None, tmp_path: Path, clock: Clock) -> AsyncIterator[DiscordHarness]:
    async with DiscordHarness(new_bot(tmp_path, clock=clock, vacation_days=15)) as harness:
        yield harness


def test_the_settings_are_sentences_of_the_catalog(german: None) -> None:
    text = settings_text(ServerSettings(time_limit=5 * DAY, time_increment=DAY), "de")
    said = [segment for segment in text.segments if isinstance(segment, Said)]
    assert [s.message for s in said][:2] == [
        "Time limit in new games: {control} ({words})",
        "When time runs out: the game is lost (out, with 3 or 4 players)",
    ]
    assert (
        plain(text).splitlines()[0] == "Time limit in new games: 5d+1d (5 days, 1 day more a move)"
    )
    assert plain(text, language="de").splitlines()[0] == (
        "«Time limit in new games: 5d+1d (««5 days», «1 day» more a move»)»"
    )


async def test_a_german_reader_is_shown_the_settings_in_german(discord: DiscordHarness) -> None:
    klara = discord.user("klara", locale="de")
    server = discord.new_guild("Spieleabend", owner=klara)
    channel = discord.text_channel("spiele", guild=server)
    shown = await discord.slash(klara, "gamehost settings", channel=channel)
    assert shown.ephemeral and len(shown.content.splitlines()) == 9  # the Activity's line last
    assert shown.content.splitlines()[:8] == [
        "«Settings for this server:»",
        "«Time limit in new games: none»",
        "«When time runs out: the game is lost (out, with 3 or 4 players)»",
        "«Reminder when a turn has waited: «1 day»»",
        "«New games open a thread: no»",
        "«Games have pages on the web (Watch links): yes»",
        "«Winning moves shown as hints: in games against the bot only (games between people "
        "are rated)»",
        "«Language of posts: English, from the server's Discord settings»",
    ]
    saved = await discord.slash(klara, "gamehost settings", {"threads": True}, channel=channel)
    assert saved.content.splitlines()[:1] == ["«Saved. Settings for this server:»"]
    refused = await discord.slash(
        klara, "gamehost settings", {"reminder_delay": "soon"}, channel=channel
    )
    assert refused.content == (
        "««The reminder delay» must be none or a number of minutes, hours or days, like 12h or "
        "3d, not 'soon'.»"
    )
    english = await discord.slash(discord.user("owner"), "gamehost settings")
    assert english.content.splitlines()[:2] == [
        "Settings for this server:",
        "Time limit in new games: none",
    ]


async def test_the_time_limits_offered_are_worded_in_the_readers_language(
    discord: DiscordHarness,
) -> None:
    klara = discord.user("klara", locale="de")
    options = {"opponent": discord.user("bob"), "time_limit": "3d+"}
    (offered,) = await discord.autocomplete(klara, "tink start", "time_limit", options)
    assert (offered.name, offered.value) == ("3d+1d — ««3 days», «1 day» more a move»", "3d+1d")
    (english,) = await discord.autocomplete(
        discord.user("bob"), "tink start", "time_limit", options
    )
    assert english.name == "3d+1d — 3 days, 1 day more a move"


async def test_the_games_waiting_and_a_reminder_are_in_each_readers_language(
    discord: DiscordHarness, clock: Clock
) -> None:
    klara, bob = discord.user("klara", locale="de"), discord.user("bob")
    server = discord.new_guild("Spieleabend", locale="de")
    channel = discord.text_channel("spiele", guild=server)
    challenge = await discord.slash(
        klara, "tink start", {"opponent": bob}, channel=channel
    )  # klara moves first
    await discord.click(bob, challenge.message, plain(t("Accept"), language="de"))
    german, english = [(await discord.slash(u, "mygames")).embeds[0] for u in (klara, bob)]
    assert (german.title, english.title) == ("«Your move»", "Your move")
    since = f"«since <t:{int(START)}:f>»"
    assert german.description.startswith("«[Tink #1](")
    assert german.description.endswith(f"): your move {since}»")
    assert english.description == "No game is waiting on you."
    listed = (await discord.slash(bob, "games", channel=channel)).embeds[0]
    assert listed.title == "«Games on this server»"
    assert listed.description.startswith("«[Tink #1](")
    assert listed.description.endswith(f"): **klara** to move {since}»")
    (nudge,) = sent(await later(discord, clock, DAY))
    assert nudge.channel == channel
    assert nudge.content.startswith("«Reminder, **klara**: it has been your move in [Tink #1](")
    assert f") {since}.»" in nudge.content


async def test_notifications_are_said_in_the_readers_language(discord: DiscordHarness) -> None:
    klara = discord.user("klara", locale="de")
    options = {"dm": "off", "quiet": "23:00-08:00", "timezone": "Europe/Berlin"}
    told = await discord.slash(klara, "notify", options)
    assert told.ephemeral and told.content == (
        "«Reminders come in the game's channel; `/notify dm:on` sends them to you by direct "
        "message instead.» «Quiet hours: 23:00-08:00 (Europe/Berlin). Then no reminder or "
        "direct message comes, and posts name you without a ping; the ping comes when they "
        "end. Your clocks keep running meanwhile.»"
    )
    refused = await discord.slash(klara, "notify", {"quiet": "23:00-23:00"})
    assert refused.content == "«Quiet hours must end at another time than they start.»"


async def test_a_vacation_is_told_to_its_taker_and_posted_in_each_servers_language(
    discord: DiscordHarness,
) -> None:
    klara, bob = discord.user("klara", locale="de"), discord.user("bob")
    server = discord.new_guild("Spieleabend", locale="de")
    channel = discord.text_channel("spiele", guild=server)
    challenge = await discord.slash(klara, "tink start", {"opponent": bob}, channel=channel)
    await discord.click(bob, challenge.message, plain(t("Accept"), language="de"))
    started = (await discord.slash(klara, "vacation start", {"days": 3})).messages[0]
    until = f"<t:{int(START + 3 * DAY)}:f>"
    assert started.ephemeral and started.content == (
        f"«Your vacation runs until {until}.» «Every clock of yours waits meanwhile (said in "
        "the channel of your 1 game).» «Vacation left this year: «12 days».»"
    )
    (told,) = [m for m in discord.messages_in(channel) if "vacation" in m.content]
    assert told.content.startswith(f"«**klara** is on vacation until {until} in [Tink #1](")
    status = await discord.slash(bob, "vacation status")
    assert status.content == "Vacation left this year: 15 days."
    again = await discord.slash(klara, "vacation start", {"days": 1})
    assert again.content == "«You are on vacation already; `/vacation end` ends it.»"


async def test_a_gift_of_time_is_posted_in_the_servers_language(
    discord: DiscordHarness, clock: Clock
) -> None:
    klara, bob = discord.user("klara", locale="de"), discord.user("bob")
    server = discord.new_guild("Spieleabend", locale="de")
    channel = discord.text_channel("spiele", guild=server)
    options = {"opponent": bob, "time_limit": "2d+1d"}
    challenge = await discord.slash(klara, "tink start", options, channel=channel)
    await discord.click(bob, challenge.message, plain(t("Accept"), language="de"))
    clock.now = START + HOUR
    gifts = {"player": klara, "amount": "1d"}
    gift = await discord.slash(bob, "tink give_time", gifts, channel=channel)
    assert gift.content.startswith(
        "«**bob** gives «1 day» to **klara**, who now has «2 days» «23 hours».»"
    )
    to_self = await discord.slash(klara, "tink give_time", gifts, channel=channel)
    assert to_self.ephemeral and to_self.content == "«You cannot give time to yourself.»"
