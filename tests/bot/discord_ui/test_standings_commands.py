"""Leaderboards, statistics and old games' history, through the Discord-payload path."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import discord
import pytest

from bot.discord_ui.standings_commands import card_embed
from bot.play.ranking import standings
from bot.play.ranking.ratings import rate_game
from bot.play.ranking.standings import Leaderboards
from bot.play.ranking.trophies import Trophy
from bot.play.words import standings as words
from bot.play.words.text import plain
from bot.storage import Storage, open_storage
from bot.storage.standings import OVERALL, Opponent, RatedGame, Standing
from bot.storage.tournaments import Format, TournamentDraft, TournamentRecord, TournamentStatus
from render import PictureWords
from render.stats_card import StatsCard, stats_card_png
from tests.bot.harness import DiscordHarness, Reply, User
from tests.bot.play.test_exports import VALIDATOR
from tests.bot.rated_games import finish
from tests.bot.stand_in_catalogs import bots_messages, stand_in
from tests.bot.support import SCRIPTS, new_bot
from tests.postgres_server import BACKENDS


def storage_of(discord: DiscordHarness) -> Storage:
    return discord.client.host.storage  # type: ignore[attr-defined, no-any-return]


async def play_tink(discord: DiscordHarness, winner: User, loser: User) -> Reply:
    """`winner` challenges `loser`, who accepts and loses the scripted game; the challenge."""
    challenge = await discord.slash(winner, "tink start", {"opponent": loser})
    await discord.click(loser, challenge.message, "Accept")
    players = [winner, loser]
    for ply, move in enumerate(SCRIPTS["tink"].moves):
        await discord.slash(players[ply % 2], "tink move", {"move": move})
    return challenge


async def refused(reply: Reply, sentence: str) -> None:
    assert reply.ephemeral, reply.content
    assert reply.content == sentence


async def test_a_finished_game_puts_both_players_on_the_boards(discord: DiscordHarness) -> None:
    alice, bob, carol = discord.user("alice"), discord.user("bob"), discord.user("carol")
    await play_tink(discord, alice, bob)
    for options, title in (({"game": "tink"}, "Tink leaderboard"), ({}, "All games leaderboard")):
        board = await discord.slash(carol, "leaderboard", options)
        assert not board.ephemeral and board.message.buttons == []
        (embed,) = board.embeds
        assert embed.title == title
        lines = (embed.description or "").splitlines()
        assert lines[0].startswith("**1.** alice · **") and lines[0].endswith("** · 1-0-0")
        assert lines[1].startswith("**2.** bob · **") and lines[1].endswith("** · 0-1-0")
        assert lines[2:] == ["", f"**carol** has no rated {'Tink ' if options else ''}games yet."]
        assert embed.footer.text is not None and embed.footer.text.startswith("Page 1 of 1 · 2")
    mine = await discord.slash(alice, "leaderboard", {"game": "tink"})
    assert "__alice__" in (mine.embeds[0].description or "")
    assert len((mine.embeds[0].description or "").splitlines()) == 2


async def test_stats_show_rating_record_recent_games_with_links_and_opponents(
    discord: DiscordHarness,
) -> None:
    alice, bob, carol = discord.user("alice"), discord.user("bob"), discord.user("carol")
    challenge = await play_tink(discord, alice, bob)
    reply = await discord.slash(carol, "stats", {"player": bob, "game": "tink"})
    assert not reply.ephemeral
    (embed,) = reply.embeds
    assert embed.title == "bob: Tink"
    fields = {field.name: field.value or "" for field in embed.fields}
    rating, trend = fields["Rating"].splitlines()
    assert rating.endswith(", #2 of 2")
    assert trend.endswith("over the last 1 game") and " -" in trend
    assert fields["Record"] == "0 wins, 1 loss, 0 draws in 1 game"
    link = f"https://discord.com/channels/{discord.guild.id}/{discord.channel.id}/"
    assert fields["Recent games"].startswith(
        f"[Tink #1]({link}{challenge.message.id}) lost vs alice"
    )
    assert fields["Most frequent opponents"] == "alice: 1 game, 0-1-0 against them"
    own = await discord.slash(alice, "stats")
    assert own.embeds[0].title == "alice: All games"
    assert {f.name: f.value for f in own.embeds[0].fields}["Record"] == (
        "1 win, 0 losses, 0 draws in 1 game"
    )
    await refused(
        await discord.slash(carol, "stats", {"game": "folio"}),
        "carol has no rated Folio games in this server yet.",
    )


async def test_resignations_are_rated_and_aborted_games_are_not(discord: DiscordHarness) -> None:
    alice, bob, owner = discord.user("alice"), discord.user("bob"), discord.user("owner")
    challenge = await discord.slash(alice, "folio start", {"opponent": bob})
    await discord.click(bob, challenge.message, "Accept")
    await discord.slash(owner, "folio abort")
    await refused(
        await discord.slash(alice, "stats"), "alice has no rated games in this server yet."
    )
    challenge = await discord.slash(alice, "folio start", {"opponent": bob})
    await discord.click(bob, challenge.message, "Accept")
    confirm = await discord.slash(alice, "folio resign")
    await discord.click(alice, confirm.message, "Resign")
    stats = await discord.slash(alice, "stats", {"game": "folio"})
    fields = {f.name: f.value for f in stats.embeds[0].fields}
    assert fields["Record"] == "0 wins, 1 loss, 0 draws in 1 game"
    assert (fields["Recent games"] or "").startswith("[Folio #2](")


async def test_history_shows_any_finished_game_of_the_server_by_its_id(
    discord: DiscordHarness,
) -> None:
    alice, bob, carol = discord.user("alice"), discord.user("bob"), discord.user("carol")
    await play_tink(discord, alice, bob)
    elsewhere = discord.text_channel("elsewhere")
    history = await discord.slash(carol, "tink history", {"id": 1}, channel=elsewhere)
    assert not history.ephemeral
    assert history.content.startswith("Tink #1, 7 moves:\n1. alice: S c3")
    assert history.files[0].data.startswith(b"GIF8")
    await refused(
        await discord.slash(carol, "folio history", {"id": 1}),
        "Game #1 is Tink #1; use `/tink history`.",
    )
    await refused(
        await discord.slash(carol, "tink history", {"id": 9}),
        "There is no Tink game #9 in this server.",
    )
    other = discord.new_guild("other")
    away = discord.text_channel("general", guild=other)
    await refused(
        await discord.slash(other.owner, "tink history", {"id": 1}, channel=away),
        "There is no Tink game #1 in this server.",
    )
    await discord.slash(alice, "tink start", {"opponent": bob})
    await refused(
        await discord.slash(carol, "tink history", {"id": 2}, channel=elsewhere),
        "Tink #2 is not finished; use `/tink history` in its channel.",
    )


async def test_pages_turn_by_buttons_that_survive_a_restart(tmp_path: Path) -> None:
    async with DiscordHarness(new_bot(tmp_path)) as first:
        alice = first.user("alice")
        storage = storage_of(first)
        # Twelve players; alice loses every game, so she is last, off the first page.
        for rival in range(1, 12):
            await finish(storage, [rival, alice.id], [0, 1], guild_id=first.guild.id)
        top = await first.slash(alice, "leaderboard", {"game": "tink"})
        (embed,) = top.embeds
        lines = (embed.description or "").splitlines()
        assert len(lines) == 12 and lines[10] == ""
        assert lines[11].startswith(f"**12.** __P{alice.id}__ · **")
        assert embed.footer.text is not None and embed.footer.text.startswith("Page 1 of 2 · 12")
        assert [(b.label, b.disabled) for b in top.message.buttons] == [
            ("Previous", True),
            ("Next", False),
        ]
        turned = await first.click(alice, top.message, "Next")
        (embed,) = turned.message.embeds
        eleventh, twelfth = (embed.description or "").splitlines()
        assert eleventh.startswith("**11.** P") and twelfth == lines[11]
        assert [(b.label, b.disabled) for b in turned.message.buttons] == [
            ("Previous", False),
            ("Next", True),
        ]
        await refused(
            await first.slash(alice, "leaderboard", {"game": "tink", "page": 3}),
            "This leaderboard has 2 pages.",
        )
    async with DiscordHarness(new_bot(tmp_path)) as second:
        alice = second.user("alice")
        back = await second.click(
            alice, turned.message, custom_id=turned.message.buttons[0].custom_id
        )
        assert (back.message.embeds[0].description or "").startswith("**1.** P")


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_boards_belong_to_their_server_and_rivals_count_recent_games(
    database_url: str,
) -> None:
    storage = await open_storage(database_url, rater=rate_game)
    try:
        await finish(storage, [1, 2], [0, 1], guild_id=10)
        await finish(storage, [1, 3], [1, 0], guild_id=10, game="folio")
        await finish(storage, [1, 3, 2], [0, 0, 1], guild_id=10)
        await finish(storage, [1, 4], [0, 1], guild_id=20)
        standings = storage.standings
        board = await standings.page(10, OVERALL, 0, 10)
        assert sorted(s.user_id for s in board) == [1, 2, 3]
        assert [s.rank for s in board] == [1, 2, 3]
        assert [s.rating for s in board] == sorted((s.rating for s in board), reverse=True)
        assert [s.user_id for s in await standings.page(20, OVERALL, 0, 10)] == [1, 4]
        assert await standings.count(10, "tink") == 3
        rivals = await standings.opponents(10, OVERALL, 1, 5, within=10)
        assert [(o.name, o.games, o.wins, o.losses, o.draws) for o in rivals] == [
            ("P2", 2, 2, 0, 0),
            ("P3", 2, 0, 1, 1),
        ]
        latest = await standings.opponents(10, OVERALL, 1, 5, within=1)
        assert [(o.user_id, o.games) for o in latest] == [(2, 1), (3, 1)]
        recent = await standings.recent(10, "tink", 1, 5)
        assert [(g.game_id, g.outcome, g.opponents) for g in recent] == [
            (3, "draw", ("P3", "P2")),
            (1, "win", ("P2",)),
        ]
    finally:
        await storage.close()


class LongNames:
    """Standings of a player whose games all had three opponents with long, marked-up names."""

    name = "under_score*" * 3

    async def standing(self, guild_id: int, board: str, user_id: int) -> Standing:
        return Standing(1, user_id, self.name, 3.0, 1, 0, 0, 1)

    async def count(self, guild_id: int, board: str) -> int:
        return 1

    async def recent(self, guild_id: int, board: str, user_id: int, limit: int) -> list[RatedGame]:
        game = RatedGame(1, "tink", "win", 0.0, 3.0, 0.0, 10**18, 10**18, 10**18, (self.name,) * 3)
        return [dataclasses.replace(game, game_id=n) for n in range(limit, 0, -1)]

    async def opponents(self, *args: object) -> list[Opponent]:
        return [Opponent(2, self.name, 1, 1, 0, 0)]


class NoPuzzles:
    async def tally(self, user_id: int, guild_id: int | None) -> tuple[int, int]:
        return 0, 0


async def test_stats_escape_names_and_fit_every_field() -> None:
    leaderboards = Leaderboards(LongNames(), NoPuzzles(), NoTournaments())  # type: ignore[arg-type]
    card = await leaderboards.stats(10, 1, "who", "tink")
    embed = card_embed(card)
    assert embed.title == r"under\_score\*" * 3 + ": Tink"
    fields = {field.name: field.value or "" for field in embed.fields}
    assert fields["Most frequent opponents"].startswith(r"under\_score\*" * 3 + ": 1 game")
    assert all(len(value) <= 1024 for value in fields.values())
    assert 1 < len(fields["Recent games"].splitlines()) < 5


class NoTournaments:
    async def in_guild(self, guild_id: int) -> list[object]:
        return []


async def test_a_tournament_won_is_a_trophy_on_stats_with_the_players_bests(
    tmp_path: Path,
) -> None:
    async with DiscordHarness(new_bot(tmp_path)) as discord:
        owner, alice, bob = discord.user("owner"), discord.user("alice"), discord.user("bob")
        announced = await discord.slash(owner, "tournament create tink", {"format": "round-robin"})
        for player in (alice, bob):
            await discord.click(player, announced.message, "Join")
        await discord.slash(owner, "tournament start", {"number": 1})
        host = discord.client.host  # type: ignore[attr-defined]
        await discord.client.service.settled()  # type: ignore[attr-defined]
        (pairing,) = await host.storage.tournaments.pairings(1)
        await host.endings.resign(pairing.game_id, bob.id)
        await discord.client.service.settled()  # type: ignore[attr-defined]
        stats = await discord.slash(alice, "stats", {"game": "tink"})
        fields = {field.name: field.value or "" for field in stats.embeds[0].fields}
        assert fields["Trophies"].startswith("🏆 Tournament #1: Tink round robin, won <t:")
        assert fields["Best"].startswith("Highest rating ") and "1 win in a row" in fields["Best"]
        (card,) = stats.files
        assert card.filename == "stats.png" and card.data.startswith(b"\x89PNG")
        assert stats.embeds[0].image.url == "attachment://stats.png"
        beaten = await discord.slash(bob, "stats", {"game": "tink"})
        assert "Trophies" not in {field.name for field in beaten.embeds[0].fields}
        assert "longest streak: no win yet" in str(beaten.embeds[0].fields)
        history = await discord.slash(alice, "tink history", {"id": pairing.game_id})
        files = {file.filename: file.data for file in history.files}
        record = json.loads(files[f"tink-{pairing.game_id}.json"])
        assert [error.message for error in VALIDATOR.iter_errors(record)] == []
        assert record["header"]["event"] == "Tournament #1: Tink round robin"
        assert record["header"]["round"] == "1"
        moves = files[f"tink-{pairing.game_id}.txt"].decode()
        assert "\nEvent: Tournament #1: Tink round robin, round 1\n" in moves


PLACEHOLDER = re.compile(r"(\{\w+\})")
KEPT = re.compile(r"\([^)]*\)|<[^>]*>|`[^`]*`|/<game> history id:<number>")
"""What a card shows as it is in every language: links' addresses, timestamps, code, and
the command its footer names."""
NAMES = {"alice", "bob", "carol", "Tink"}


def shout(english: str) -> str:
    """The fake German: the English in capitals, its placeholders as they are."""
    return "".join(p if PLACEHOLDER.fullmatch(p) else p.upper() for p in PLACEHOLDER.split(english))


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """German readers get every sentence of the bot's source (`shout`ed): the catalogs
    copied, with a German catalog of the messages the source says today."""
    with stand_in(monkeypatch, tmp_path, "de", shout, bots_messages()):
        yield


def english_in(texts: Iterable[str]) -> list[str]:
    """The words of the texts still in English (in small letters, but for names)."""
    bare = [KEPT.sub(" ", text) for text in texts]
    words = [word for text in bare for word in re.findall(r"[A-Za-z]{3,}", text)]
    return [word for word in words if word not in NAMES and not word.isupper()]


def embed_texts(embed: discord.Embed) -> list[str]:
    fields = [text for field in embed.fields for text in (field.name or "", field.value or "")]
    return [embed.title or "", embed.description or "", embed.footer.text or "", *fields]


async def test_a_german_server_reads_its_boards_and_stats_through_the_catalog(
    discord: DiscordHarness, german: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = discord.new_guild("Spieleabend", locale="de")
    channel = discord.text_channel("spiele", guild=server)
    alice, bob = discord.user("alice", locale="de"), discord.user("bob", locale="de")
    carol = discord.user("carol")
    await finish(storage_of(discord), [alice.id, bob.id], [0, 1], guild_id=server.id)
    winner, loser = f"P{alice.id}", f"P{bob.id}"
    drawn: list[StatsCard] = []

    def drawing(card: StatsCard, words: PictureWords) -> bytes:
        drawn.append(card)
        assert words.more(2) == "AND 2 MORE"
        return stats_card_png(card, words)

    monkeypatch.setattr(standings, "stats_card_png", drawing)
    board = await discord.slash(carol, "leaderboard", {"game": "tink"}, channel=channel)
    (shown,) = board.embeds
    assert shown.title == "Tink LEADERBOARD"
    assert (shown.footer.text or "").startswith("PAGE 1 OF 1 · 2 PLAYERS\nRATING: SKILL MINUS")
    assert (shown.description or "").endswith("\n\n**carol** HAS NO RATED Tink GAMES YET.")
    stats = await discord.slash(carol, "stats", {"player": alice}, channel=channel)
    (shown,) = stats.embeds
    fields = {field.name: field.value for field in shown.fields}
    assert shown.title == f"{winner}: ALL GAMES"
    assert list(fields) == ["RATING", "RECORD", "BEST", "RECENT GAMES", "MOST FREQUENT OPPONENTS"]
    assert fields["RECORD"] == "1 WIN, 0 LOSSES, 0 DRAWS IN 1 GAME"
    assert fields["MOST FREQUENT OPPONENTS"] == f"{loser}: 1 GAME, 1-0-0 AGAINST THEM"
    recent = fields["RECENT GAMES"] or ""
    assert recent.startswith("[Tink #1](") and f") WON VS {loser} · +" in recent
    assert english_in([*embed_texts(board.embeds[0]), *embed_texts(shown)]) == []
    (picture,) = drawn
    assert picture.title == f"{winner}: ALL GAMES" and picture.place == "#1 OF 2"
    assert picture.lines[0] == "1 WIN, 0 LOSSES, 0 DRAWS IN 1 GAME"
    assert picture.lines[1].startswith("HIGHEST RATING ") and "1 WIN IN A ROW" in picture.lines[1]
    asked = {"game": "tink", "page": 3}
    await refused(
        await discord.slash(alice, "leaderboard", asked, channel=channel),
        "THIS LEADERBOARD HAS 1 PAGE.",
    )
    await refused(
        await discord.slash(carol, "leaderboard", asked, channel=channel),
        "This leaderboard has 1 page.",
    )


async def test_every_line_of_a_card_is_said_through_the_catalog(german: None) -> None:
    leaderboards = Leaderboards(LongNames(), NoPuzzles(), NoTournaments())  # type: ignore[arg-type]
    card = await leaderboards.stats(10, 1, "who", "tink", language="de")
    embed = card_embed(card, "de")
    name = r"under\_score\*"
    assert english_in(text.replace(name, " ") for text in embed_texts(embed)) == []
    assert embed.footer.text == "SEE ANY GAME'S MOVES AND REPLAY WITH /<game> history id:<number>."
    record = TournamentDraft(10, 20, 1, "tink", {}, Format.ROUND_ROBIN, None, None, None, None)
    finished = TournamentRecord(
        **{f.name: getattr(record, f.name) for f in dataclasses.fields(record)},
        id=1,
        number=4,
        status=TournamentStatus.FINISHED,
        round=3,
        message_id=None,
        created_at=0.0,
        ended_at=86400.0,
    )
    shared = words.trophy_line(Trophy(finished, 86400.0, shared=True))
    assert plain(shared, language="de") == (
        "🏆 TOURNAMENT #4: Tink ROUND ROBIN, WON 02.01.70, 00:00 UTC (SHARED FIRST PLACE)"
    )
    alone = words.trophy_line(Trophy(finished, 86400.0, shared=False))
    assert plain(alone) == "🏆 Tournament #4: Tink round robin, won 1970-01-02 00:00 UTC"
