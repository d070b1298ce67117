"""Tournaments in the server's language: the announcement and the final standings said in
German and in Polish where the server speaks them, and in English as before elsewhere."""

from __future__ import annotations

import pytest

from bot.discord_ui.markup import markup
from bot.play.table.values import Person
from bot.play.tournaments.entries import Entry
from bot.play.words.languages import SOURCE, translations
from tests.bot.harness import DiscordHarness
from tests.bot.harness.records import Channel


async def swiss_of_alice_and_bob(discord: DiscordHarness, channel: Channel) -> None:
    """A one-round Swiss of alice and bob in the channel, begun, and bob withdrawn: the
    tournament ends, its standings posted to the channel."""
    owner = discord.user("owner")
    options = {"format": "swiss", "swiss_rounds": 1}
    announcement = await discord.slash(owner, "tournament create tink", options, channel=channel)
    language = channel.guild.locale if channel.guild else SOURCE
    for name in ("alice", "bob"):
        join = translations(language).gettext("Join")
        await discord.click(discord.user(name), announcement.message, join)
    await discord.slash(owner, "tournament start", {"number": 1}, channel=channel)
    await discord.client.service.settled()  # type: ignore[attr-defined]
    await discord.slash(discord.user("bob"), "tournament withdraw", {"number": 1}, channel=channel)
    await discord.client.service.settled()  # type: ignore[attr-defined]


def final_standings(discord: DiscordHarness, channel: Channel) -> list[str]:
    """The lines of the post that ends the tournament."""
    (over,) = [m.content for m in discord.messages_in(channel) if "Buchholz" in m.content]
    return over.splitlines()


@pytest.mark.parametrize("locale", ["de", "pl"])
async def test_the_final_standings_are_said_in_the_servers_language(
    discord: DiscordHarness, locale: str
) -> None:
    server = discord.new_guild("Turnier", locale=locale)
    channel = discord.text_channel("turnier", guild=server)
    await swiss_of_alice_and_bob(discord, channel)
    said = translations(locale)
    won, heading, first, second = final_standings(discord, channel)
    over = "Tournament #{number} is over: {winners} won!"
    assert won == said.ngettext(over, over, 1).format(number=1, winners="**alice**")
    swiss = said.ngettext("{game} Swiss, {count} round", "{game} Swiss, {count} rounds", 1)
    standings = said.gettext("Tournament #{number} standings ({tournament})")
    tournament = swiss.format(game=said.gettext("Tink"), count=1)
    assert heading == standings.format(number=1, tournament=tournament)
    point = said.ngettext("{count} point", "{count} points", 1).format(count=1)
    assert first.startswith(f"1. **alice**: {point}, Buchholz ")
    withdrawn = said.gettext("{player} (withdrawn)").format(player="**bob**")
    assert second.startswith(f"2. {withdrawn}: ")
    english = [over, "Tournament #{number} standings ({tournament})", "{player} (withdrawn)"]
    assert all(said.gettext(words) != words for words in english), "translated"


async def test_the_final_standings_stay_in_english_in_an_english_server(
    discord: DiscordHarness,
) -> None:
    await swiss_of_alice_and_bob(discord, discord.channel)
    won, heading, first, second = final_standings(discord, discord.channel)
    assert won == "Tournament #1 is over: **alice** won!"
    assert heading == "Tournament #1 standings (Tink Swiss, 1 round)"
    assert first.startswith("1. **alice**: 1 point, Buchholz 0, rating ")
    assert second.startswith("2. **bob** (withdrawn): 0 points, Buchholz 1, rating ")


async def announced(discord: DiscordHarness, locale: str) -> list[str]:
    """The lines of the announcement of a three-round Swiss of Tink on a 3-day clock that
    alice and bob entered, in a server speaking `locale`, as its channel shows it."""
    server = discord.new_guild("Turnier", locale=locale)
    channel = discord.text_channel("turnier", guild=server)
    tournaments = discord.client.host.tournaments  # type: ignore[attr-defined]
    owner = Person(discord.user("owner").id, "owner")
    entry = Entry("tink", server.id, channel.id, owner, "swiss", rounds=3, time_limit="3d")
    number, _ = await tournaments.create(entry)
    for name in ("alice", "bob"):
        post = await tournaments.join(server.id, number, Person(discord.user(name).id, name))
    return markup(post.text, server.locale).splitlines()


@pytest.mark.parametrize("locale", ["de", "pl"])
async def test_the_announcement_is_said_in_the_servers_language(
    discord: DiscordHarness, locale: str
) -> None:
    heading, _, scoring, starts, players = await announced(discord, locale)
    said = translations(locale)
    rounds = said.ngettext("{game} Swiss, {count} round", "{game} Swiss, {count} rounds", 3)
    tournament = rounds.format(game=said.gettext("Tink"), count=3)
    titled = said.gettext("Tournament #{number}: {tournament}")
    assert heading == titled.format(number=1, tournament=tournament)
    days = said.ngettext("{count} day", "{count} days", 3).format(count=3)
    clock = said.gettext("Points: win 1, draw ½, loss 0; a clock of {time} a move.")
    withdrawing = said.gettext("{scoring} A player who withdraws loses their unfinished games.")
    assert scoring == withdrawing.format(scoring=clock.format(time=days))
    assert starts == said.gettext("Starts when its creator starts it; press Join to enter.")
    both = said.gettext("{listed} and {last}").format(listed="alice", last="bob")
    assert players == said.gettext("Players ({count}): {players}").format(count=2, players=both)
    english = await announced(discord, SOURCE)
    assert all(line not in english for line in (heading, scoring, starts, players))


async def test_the_announcement_stays_in_english_in_an_english_server(
    discord: DiscordHarness,
) -> None:
    assert await announced(discord, SOURCE) == [
        "Tournament #1: Tink Swiss, 3 rounds",
        "Swiss: each round pairs players with equal scores; the next round is paired when the "
        "last game of a round ends. An odd player out gets a bye (one point).",
        "Points: win 1, draw ½, loss 0; a clock of 3 days a move. A player who withdraws loses "
        "their unfinished games.",
        "Starts when its creator starts it; press Join to enter.",
        "Players (2): alice and bob",
    ]
