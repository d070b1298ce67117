"""The standings use cases, leaderboard pages and player statistics, in plain values.

A board is one game's ratings in a server, or every game of the server rated together
(`game=None`). Replies are `Card`s of rich text; refusals are one-sentence `Refusal`s.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

import engine
from bot.play.ranking.trophies import Bests, Trophy, bests, trophies
from bot.play.table.values import File, Refusal
from bot.play.words.text import (
    GameLink,
    Highlight,
    Moment,
    Name,
    Strong,
    Text,
    joined,
    plain,
    say,
)
from bot.play.words.tournaments import description
from bot.storage.puzzles import PuzzleTries
from bot.storage.standing_queries import Standings
from bot.storage.standings import NO_GUILD, OVERALL, RatedGame, Standing
from bot.storage.tournaments import Tournaments as TournamentStore
from render.stats_card import StatsCard, stats_card_png

STATS_PICTURE = "stats.png"
"""The name of a player's statistics card picture."""
PAGE_SIZE = 10
RECENT_GAMES = 5
TREND_GAMES = 20
FREQUENT_OPPONENTS = 3
OPPONENT_WINDOW = 1000
"""How many of a player's latest games their most frequent opponents are counted over."""
SPARKS = "▁▂▃▄▅▆▇█"
RATING_NOTE = "Rating: skill minus three times its uncertainty. Record: wins-losses-draws."


@dataclass(frozen=True, slots=True)
class Card:
    """A titled block of text: description lines, then named fields of lines, then a
    footer. A front end may show fewer lines of a field than it has, never part of one."""

    title: Text
    description: tuple[Text, ...] = ()
    fields: tuple[tuple[str, tuple[Text, ...]], ...] = ()
    footer: str = ""
    picture: File | None = None
    """The same drawn, where a card has a picture (a player's statistics)."""


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    """One page of a board; `page` counts from 0, and `pages` is at least 1."""

    card: Card
    game: str | None
    page: int
    pages: int


class Leaderboards:
    """Leaderboards and player statistics over the stored standings."""

    def __init__(
        self, standings: Standings, puzzles: PuzzleTries, tournaments: TournamentStore
    ) -> None:
        self._standings = standings
        self._puzzles = puzzles
        self._tournaments = tournaments

    async def leaderboard(
        self,
        guild_id: int | None,
        game: str | None,
        page: int,
        viewer_id: int | None,
        viewer: str = "",
    ) -> LeaderboardPage:
        """A page of players by rating; the viewer's own place (if any viewer) is added
        when off the page."""
        board = _board(game)
        guild = _guild(guild_id)
        title = say(f"{board.title} leaderboard{'' if guild_id else ': direct games'}")
        total = await self._standings.count(guild, board.key)
        if total == 0:
            empty = f"No rated {board.kind} {_pool(guild_id)} yet: finish one to appear here."
            return LeaderboardPage(Card(title, (say(empty),)), game, 0, 1)
        pages = -(-total // PAGE_SIZE)
        if not 0 <= page < pages:
            raise Refusal(f"This leaderboard has {_count(pages, 'page')}.")
        shown = await self._standings.page(guild, board.key, page * PAGE_SIZE, PAGE_SIZE)
        lines = [_standing_line(s, mark=s.user_id == viewer_id) for s in shown]
        if viewer_id is not None and all(s.user_id != viewer_id for s in shown):
            lines += [say(), await self._viewer_line(guild, board, viewer_id, viewer)]
        footer = f"Page {page + 1} of {pages} · {_count(total, 'player')}\n{RATING_NOTE}"
        return LeaderboardPage(Card(title, tuple(lines), footer=footer), game, page, pages)

    async def _viewer_line(self, guild: int, board: _Board, viewer_id: int, viewer: str) -> Text:
        mine = await self._standings.standing(guild, board.key, viewer_id)
        if mine is None:
            return say(Strong(Name(viewer)), f" has no rated {board.kind} yet.")
        return _standing_line(mine, mark=True)

    async def stats(self, guild_id: int | None, user_id: int, name: str, game: str | None) -> Card:
        """A player's rating and trend, record, best rating and longest winning streak,
        recent games, the server's tournaments they won, and most frequent opponents."""
        board = _board(game)
        guild = _guild(guild_id)
        standing = await self._standings.standing(guild, board.key, user_id)
        if standing is None:
            raise Refusal(say(Name(name), f" has no rated {board.kind} {_pool(guild_id)} yet."))
        total = await self._standings.count(guild, board.key)
        games = max(standing.games, TREND_GAMES)
        every = await self._standings.recent(guild, board.key, user_id, games)
        recent = every[:TREND_GAMES]
        opponents = await self._standings.opponents(
            guild, board.key, user_id, FREQUENT_OPPONENTS, OPPONENT_WINDOW
        )
        fields = [
            ("Rating", _rating_text(standing, total, recent)),
            ("Record", _record_text(standing)),
            ("Best", _bests_text(bests(every))),
            ("Recent games", tuple(_game_line(g) for g in recent[:RECENT_GAMES])),
        ]
        won = [] if guild_id is None else await trophies(self._tournaments, guild_id, user_id)
        if won:
            fields.append(("Trophies", tuple(_trophy_line(trophy) for trophy in won)))
        solved, tried = await self._puzzles.tally(user_id, guild_id)
        if tried:
            fields.append(("Puzzles", (say(f"{solved} solved of {tried} tried"),)))
        if opponents:
            met = tuple(
                say(
                    Name(o.name),
                    f": {_count(o.games, 'game')}, {o.wins}-{o.losses}-{o.draws} against them",
                )
                for o in opponents
            )
            fields.append(("Most frequent opponents", met))
        footer = "See any game's moves and replay with /<game> history id:<number>."
        title = say(Name(standing.name), f": {board.title}")
        shown = dict(fields)
        drawn = StatsCard(
            plain(title),
            f"{standing.rating:.1f}",
            f"#{standing.rank} of {total}",
            (recent[-1].rating_before, *(game.rating_after for game in reversed(recent))),
            tuple(plain(text) for text in (*shown["Record"], *shown["Best"])),
            tuple(
                plain(say(f"Tournament #{t.tournament.number}: ", description(t.tournament)))
                for t in won
            ),
        )
        picture = File(STATS_PICTURE, await asyncio.to_thread(stats_card_png, drawn))
        return Card(title, fields=tuple(fields), footer=footer, picture=picture)


@dataclass(frozen=True, slots=True)
class _Board:
    """Where a game's ratings are kept (`key`), and its names for people."""

    key: str
    title: str
    kind: str


def _board(game: str | None) -> _Board:
    if game is None:
        return _Board(OVERALL, "All games", "games")
    info = engine.GAMES.get(game)
    if info is None:
        raise Refusal(f"There is no game called {game}.")
    return _Board(info.name, info.title, f"{info.title} games")


def _guild(guild_id: int | None) -> int:
    return NO_GUILD if guild_id is None else guild_id


def _pool(guild_id: int | None) -> str:
    """Where ratings are kept: each server's own, and one for games outside servers."""
    return "in this server" if guild_id else "in direct games (played outside servers)"


def _standing_line(standing: Standing, *, mark: bool) -> Text:
    name = Name(standing.name)
    record = f"{standing.wins}-{standing.losses}-{standing.draws}"
    return say(
        Strong(f"{standing.rank}."),
        " ",
        Highlight(name) if mark else name,
        " · ",
        Strong(f"{standing.rating:.1f}"),
        f" · {record}",
    )


def _rating_text(standing: Standing, total: int, recent: Sequence[RatedGame]) -> tuple[Text, ...]:
    place = say(Strong(f"{standing.rating:.1f}"), f", #{standing.rank} of {total}")
    oldest_first = list(reversed(recent))
    change = standing.rating - oldest_first[0].rating_before
    trend = f"{_sparkline([g.rating_after for g in oldest_first])} {change:+.1f}"
    return place, say(f"{trend} over the last {_count(len(recent), 'game')}")


def _record_text(standing: Standing) -> tuple[Text, ...]:
    return (
        say(
            f"{_count(standing.wins, 'win')}, {_count(standing.losses, 'loss')}, "
            f"{_count(standing.draws, 'draw')} in {_count(standing.games, 'game')}"
        ),
    )


def _bests_text(best: Bests) -> tuple[Text, ...]:
    streak = _count(best.streak, "win") + " in a row" if best.streak else "no win yet"
    return (say(f"Highest rating {best.rating:.1f} · longest streak: {streak}"),)


def _trophy_line(trophy: Trophy) -> Text:
    tied = " (shared first place)" if trophy.shared else ""
    tournament = trophy.tournament
    return say(
        f"🏆 Tournament #{tournament.number}: ",
        description(tournament),
        ", won ",
        Moment(trophy.ended_at),
        tied,
    )


def _game_line(game: RatedGame) -> Text:
    title = f"{engine.GAMES[game.game].title} #{game.game_id}"
    link = GameLink(title, game.guild_id, game.place_id, game.message_id)
    verb = {"win": "won", "loss": "lost", "draw": "drew"}[game.outcome]
    against = say(" vs ", joined(", ", map(Name, game.opponents))) if game.opponents else say()
    change = game.rating_after - game.rating_before
    return say(link, f" {verb}", against, f" · {change:+.1f}")


def _sparkline(values: Sequence[float]) -> str:
    """A rating history as block characters, lowest to highest."""
    low, high = min(values), max(values)
    if high - low < 1e-9:
        return SPARKS[len(SPARKS) // 2] * len(values)
    steps = len(SPARKS) - 1
    return "".join(SPARKS[round((v - low) / (high - low) * steps)] for v in values)


def _count(number: int, noun: str) -> str:
    plural = noun if number == 1 else ("losses" if noun == "loss" else f"{noun}s")
    return f"{number:,} {plural}"
