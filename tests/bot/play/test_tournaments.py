"""Tournaments through the use cases: entries, rounds begun in threads, results, byes,
withdrawals, restarts between rounds, and refusals."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PIL import Image

from bot.play.ranking.ratings import rate_game
from bot.play.table.values import Person, Post, Prompt, Refusal
from bot.play.tournaments.entries import Entry
from bot.play.tournaments.venue import ThreadRefused, VenueError
from bot.play.words.text import Text
from bot.runtime.service import Service, build
from bot.storage import Status, Storage
from bot.storage.sqlite import SqliteStorage
from bot.storage.tournaments import TournamentStatus
from render.crosstable import BYE, CELL, FIGURE, MARGIN, NAME, PLACE
from tests.bot.support import Clock, KeptPosts, StubRenderer, built, shown

GUILD, CHANNEL = 10, 20
PLAYERS = [Person(200 + i, f"P{i}") for i in range(8)]


class Venue(KeptPosts):
    """Starter messages numbered from 8000, threads from 9000, and every post kept: the
    tournament's venue, and the courier that delivers the posts owed."""

    def __init__(self) -> None:
        super().__init__()
        self.starters: list[tuple[int, str]] = []
        self.threads: list[tuple[int, str]] = []

    async def post_starter(self, channel_id: int, text: Text, key: str) -> int:
        self.starters.append((channel_id, key))
        return 8000 + len(self.starters)

    async def open_thread(self, channel_id: int, starter_id: int, name: str) -> int:
        self.threads.append((channel_id, name))
        return 9000 + len(self.threads)

    async def edit(self, place_id: int, message_id: int, post: Post) -> None:
        self.posts.append((place_id, post))


class RefusingVenue(Venue):
    """Refuses the first thread for good, or for now if `for_good` is False."""

    def __init__(self, *, for_good: bool) -> None:
        super().__init__()
        self.for_good = for_good
        self.refused: list[str] = []

    async def open_thread(self, channel_id: int, starter_id: int, name: str) -> int:
        if not self.refused:
            self.refused.append(name)
            raise (ThreadRefused if self.for_good else VenueError)("403 Missing Access")
        return await super().open_thread(channel_id, starter_id, name)


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    store = await SqliteStorage.open(str(tmp_path / "games.sqlite3"), rater=rate_game)
    yield store
    await store.close()


def bot_on(storage: Storage, clock: Clock, venue: Venue) -> Service:
    """The bot over the storage, its tournaments' games and news going to the venue."""
    return build(storage, StubRenderer(), venue, clock=clock, venue=venue)


async def entered(bot: Service, format_: str, players: int, **options: object) -> int:
    entry = Entry("tink", GUILD, CHANNEL, PLAYERS[0], format_, **options)  # type: ignore[arg-type]
    number, post = await bot.host.tournaments.create(entry)
    assert f"Tournament #{number}" in shown(post.text)
    assert "Points: win 1, draw ½, loss 0;" in shown(post.text)
    for person in PLAYERS[:players]:
        await bot.host.tournaments.join(GUILD, number, person)
    return number


async def begun(bot: Service, format_: str, players: int, **options: object) -> int:
    """A tournament of the first `players` entered and started by its creator, its first
    games opened."""
    number = await entered(bot, format_, players, **options)
    await bot.host.tournaments.start(GUILD, number, PLAYERS[0].user_id, moderator=False)
    await bot.settled()
    return number


async def active_games(bot: Service, number: int) -> list[tuple[int, int, int]]:
    """(game id, first player, second player) of each game in play, once the games being
    opened are."""
    await bot.settled()
    pairings = await bot.host.storage.tournaments.pairings(number)
    return [
        (p.game_id, p.first_id, p.second_id)
        for p in pairings
        if p.game_id is not None and p.game_status == "active" and p.second_id is not None
    ]


async def play_out(bot: Service, number: int) -> int:
    """Every game in play ends: the second player resigns. How many ended."""
    games = await active_games(bot, number)
    for game_id, _, second in games:
        await bot.host.endings.resign(game_id, second)
    await bot.settled()
    return len(games)


async def test_a_round_robin_of_five_with_a_bye_and_a_withdrawal(
    storage: Storage, clock: Clock
) -> None:
    venue = Venue()
    bot = bot_on(storage, clock, venue)
    number = await begun(bot, "round-robin", 5)
    pairings = await storage.tournaments.pairings(number)
    assert len(pairings) == 15 and sum(p.second_id is None for p in pairings) == 5
    games = await active_games(bot, number)
    assert len(games) == 10 and len(venue.threads) == 10
    first_post = venue.posts[0][1]
    assert len(first_post.pings) == 2 and "Tournament #1, round 1" in shown(first_post.text)
    quitter = PLAYERS[4].user_id
    game_id, first, second = next(g for g in games if quitter in g[1:])
    await bot.host.endings.resign(game_id, second if first == quitter else first)
    await bot.settled()
    withdrawn = await bot.host.tournaments.withdraw(GUILD, number, quitter)
    assert "their unfinished games are won by their opponents" in shown(withdrawn.text)
    ended = await play_out(bot, number)
    assert ended == 10 - 4
    tournament = await storage.tournaments.tournament(number)
    assert tournament is not None and tournament.status is TournamentStatus.FINISHED
    table = await bot.host.tournaments.table(GUILD, number)
    by_player = {r.player: r for r in table.rows}
    assert by_player[quitter].games == 4 and by_player[quitter].points == 1
    assert sum(r.points for r in table.rows) == 10
    final = shown(venue.posts[-1][1].text)
    assert venue.posts[-1][0] == CHANNEL and "is over" in final and "Sonneborn-Berger" in final


async def test_a_swiss_of_six_over_three_rounds_survives_a_restart_between_rounds(
    storage: Storage, clock: Clock, tmp_path: Path
) -> None:
    venue = Venue()
    bot = bot_on(storage, clock, venue)
    number = await entered(bot, "swiss", 6, rounds=3)
    await bot.host.tournaments.start(GUILD, number, PLAYERS[0].user_id, moderator=False)
    assert await play_out(bot, number) == 3
    round_two = await storage.tournaments.pairings(number)
    assert len(round_two) == 6
    silent = built(storage, clock).host
    for game_id, _, second in await active_games(bot, number):
        await silent.endings.resign(game_id, second)
    tournament = await storage.tournaments.tournament(number)
    assert tournament is not None and tournament.round == 2
    second_store = await SqliteStorage.open(str(tmp_path / "games.sqlite3"), rater=rate_game)
    try:
        restarted = [bot_on(storage, clock, venue), bot_on(second_store, clock, venue)]
        for again in restarted * 2:
            await again.host.rounds.run_due()
    finally:
        await second_store.close()
    pairings = await storage.tournaments.pairings(number)
    assert len(pairings) == len(round_two) + 3 == 9
    met = [frozenset((p.first_id, p.second_id)) for p in pairings]
    assert len(set(met)) == len(met)
    assert len(await active_games(bot, number)) == 3
    assert await play_out(bot, number) == 3
    tournament = await storage.tournaments.tournament(number)
    assert tournament is not None and tournament.status is TournamentStatus.FINISHED
    firsts = [p.first_id for p in pairings]
    assert max(firsts.count(p.user_id) for p in PLAYERS[:6]) <= 2


async def test_a_tournament_starts_at_its_time_with_who_joined(
    storage: Storage, clock: Clock
) -> None:
    venue = Venue()
    bot = bot_on(storage, clock, venue)
    number = await entered(bot, "swiss", 3, starts="2h")
    await bot.host.rounds.run_due()
    assert (await storage.tournaments.tournament(number)).status is TournamentStatus.OPEN  # type: ignore[union-attr]
    clock.now += 2 * 3600
    await bot.host.rounds.run_due()
    with pytest.raises(Refusal, match="has closed its entries"):
        await bot.host.tournaments.join(GUILD, number, PLAYERS[5])
    assert len(await active_games(bot, number)) == 1
    lonely = await entered(bot, "swiss", 1, starts="1h")
    clock.now += 3600
    await bot.host.rounds.run_due()
    assert (await storage.tournaments.tournament(lonely)).status is TournamentStatus.CANCELLED  # type: ignore[union-attr]


async def test_bad_requests_are_refused_in_one_sentence(storage: Storage, clock: Clock) -> None:
    bot = bot_on(storage, clock, Venue())
    tournaments = bot.host.tournaments
    refusals = []
    number = await entered(bot, "swiss", 1)
    for attempt in (
        tournaments.join(GUILD, 99, PLAYERS[1]),
        tournaments.join(GUILD, number, PLAYERS[0]),
        tournaments.start(GUILD, number, PLAYERS[0].user_id, moderator=False),
        tournaments.start(GUILD, number, PLAYERS[1].user_id, moderator=False),
        tournaments.create(Entry("tink", GUILD, CHANNEL, PLAYERS[0], "swiss", players=3)),
        tournaments.create(Entry("tink", GUILD, CHANNEL, PLAYERS[0], "knockout")),
        tournaments.create(Entry("tink", GUILD, CHANNEL, PLAYERS[0], "swiss", starts="soon")),
    ):
        with pytest.raises(Refusal) as refused:
            await attempt
        refusals.append(str(refused.value))
    await tournaments.join(GUILD, number, PLAYERS[1])
    await tournaments.start(GUILD, number, PLAYERS[1].user_id, moderator=True)
    with pytest.raises(Refusal) as refused:
        await tournaments.join(GUILD, number, PLAYERS[2])
    refusals.append(str(refused.value))
    assert refusals == [
        "There is no tournament #99 in this server.",
        f"You are already in tournament #{number}.",
        f"Tournament #{number} needs at least 2 players to start.",
        f"Only the creator of tournament #{number} or someone who can manage the server can "
        "start it.",
        "Tournaments are for two-player games only, so a Tink tournament of 3 players cannot "
        "be held.",
        "There is no format 'knockout': choose round-robin or swiss.",
        "The start must be none or a number of minutes, hours or days, like 12h or 3d, not 'soon'.",
        f"Tournament #{number} has closed its entries.",
    ]
    assert all(r.count(". ") == 0 for r in refusals)
    await bot.settled()
    games = await storage.game(1)
    assert games is not None and games.status is Status.ACTIVE


async def test_games_take_the_tournament_time_limit_else_the_servers(
    storage: Storage, clock: Clock
) -> None:
    bot = bot_on(storage, clock, Venue())
    await bot.host.slow_games.change_settings(GUILD, time_limit="2d")
    for given, expected in ((None, 2 * 86400.0), ("12h", 12 * 3600.0), ("5d+1d", 5 * 86400.0)):
        number = await entered(bot, "round-robin", 2, time_limit=given)
        await bot.host.tournaments.start(GUILD, number, PLAYERS[0].user_id, moderator=True)
        ((game_id, _, _),) = await active_games(bot, number)
        record = await storage.game(game_id)
        assert record is not None and record.time_limit == expected
        assert record.time_increment == (86400.0 if given == "5d+1d" else None)
        await bot.host.tournaments.cancel(GUILD, number, PLAYERS[0].user_id, moderator=False)
        aborted = await storage.game(game_id)
        assert aborted is not None and aborted.status is Status.ABORTED


async def test_standings_say_one_point_and_one_game_in_the_singular(
    storage: Storage, clock: Clock
) -> None:
    bot = bot_on(storage, clock, Venue())
    number = await begun(bot, "swiss", 2, rounds=2)
    assert await play_out(bot, number) == 1
    standings = shown(
        (await bot.host.tournaments.standings(GUILD, number, PLAYERS[0].user_id)).text
    )
    assert ": 1 point, Buchholz 0, rating" in standings
    assert ", 1 game\n" in standings and ": 0 points," in standings
    assert "1 points" not in standings and "1 games" not in standings
    assert "direct" not in standings, "points decided the places, not the direct game"


async def test_a_swiss_bye_is_shown_with_its_point_in_the_text_and_the_crosstable(
    storage: Storage, clock: Clock
) -> None:
    bot = bot_on(storage, clock, Venue())
    number = await begun(bot, "swiss", 3, rounds=1)
    assert await play_out(bot, number) == 1
    (bye,) = [p for p in await storage.tournaments.pairings(number) if p.second_id is None]
    post = await bot.host.tournaments.standings(GUILD, number, PLAYERS[0].user_id)
    name = f"**P{bye.first_id - PLAYERS[0].user_id}**"
    (line,) = [line for line in shown(post.text).splitlines() if name in line]
    assert line.endswith(": 1 point, Buchholz 0, rating 0.0, 0 games, a bye in round 1 (+1)")
    (picture,) = post.files
    width = Image.open(io.BytesIO(picture.data)).width
    assert width == 2 * MARGIN + PLACE + NAME + 3 * CELL + BYE + 2 * FIGURE


async def test_a_withdrawal_tells_each_game_in_play_who_wins_its_point(
    storage: Storage, clock: Clock
) -> None:
    bot = bot_on(storage, clock, venue := Venue())
    number = await begun(bot, "round-robin", 2)
    assert len(venue.threads) == 1
    thread = 9001
    await bot.host.tournaments.withdraw(GUILD, number, PLAYERS[1].user_id)
    await bot.settled()
    told = [shown(post.text) for place, post in venue.posts if place == thread]
    assert told[-2:] == [
        f"**P1** withdrew from tournament #{number}, so **P0** wins this game's point.",
        "Tink #1 was aborted; it is not rated.",
    ]


async def test_a_game_whose_thread_is_refused_for_good_is_not_played_and_the_swiss_goes_on(
    storage: Storage, clock: Clock
) -> None:
    venue = RefusingVenue(for_good=True)
    bot = bot_on(storage, clock, venue)
    number = await begun(bot, "swiss", 4, rounds=2)
    (unplayed,) = [p for p in await storage.tournaments.pairings(number) if p.unplayed]
    assert unplayed.second_id is not None and unplayed.game_id is None
    first, second = unplayed.first_id - 200, unplayed.second_id - 200
    told = [shown(post.text) for place, post in venue.posts if place == CHANNEL]
    assert told[-1] == (
        f"Tournament #{number}: Discord refuses to open a thread in this channel (the bot "
        f"may have lost access to it), so the game of **P{first}** v **P{second}** "
        "(round 1) is not played: it scores nothing for either player and is not rated."
    )
    assert await play_out(bot, number) == 1
    await bot.host.rounds.run_due()
    assert len(venue.refused) == 1, "a refusal for good is not tried again"
    assert await play_out(bot, number) == 2
    tournament = await storage.tournaments.tournament(number)
    assert tournament is not None and tournament.status is TournamentStatus.FINISHED
    table = await bot.host.tournaments.table(GUILD, number)
    assert sum(r.points for r in table.rows) == 3 and sum(r.games for r in table.rows) == 6


async def test_a_thread_refused_for_now_is_tried_again_on_the_next_pass(
    storage: Storage, clock: Clock
) -> None:
    venue = RefusingVenue(for_good=False)
    bot = bot_on(storage, clock, venue)
    number = await begun(bot, "swiss", 4, rounds=1)
    assert len(await active_games(bot, number)) == 1
    await bot.host.rounds.run_due()
    assert len(await active_games(bot, number)) == 2
    assert not any(p.unplayed for p in await storage.tournaments.pairings(number))
    assert not any("refuses" in shown(post.text) for _, post in venue.posts)


async def test_a_tournament_game_offers_no_rematch(storage: Storage, clock: Clock) -> None:
    bot = bot_on(storage, clock, Venue())
    number = await begun(bot, "swiss", 2, rounds=1)
    ((game_id, first, second),) = await active_games(bot, number)
    ended = await bot.host.endings.resign(game_id, second)
    assert ended.prompt is Prompt.REPLAY
    with pytest.raises(Refusal, match="Tournament games have no rematch"):
        await bot.host.challenges.rematch(game_id, first)
