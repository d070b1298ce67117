"""The standings use cases, leaderboard pages and player statistics, in plain values.

A board is one game's ratings in a server, or every game of the server rated together
(`game=None`). Replies are `Card`s of rich text; refusals are one-sentence `Refusal`s.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field

import engine
from bot.play.ranking.trophies import bests, trophies
from bot.play.table.values import File, Refusal
from bot.play.words import standings as words
from bot.play.words.languages import SOURCE
from bot.play.words.pictures import picture_words
from bot.play.words.text import Text, plain, say
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


@dataclass(frozen=True, slots=True)
class Card:
    """A titled block of text: description lines, then named fields of lines, then a
    footer (empty for none). A front end may show fewer lines of a field than it has,
    never part of one."""

    title: Text
    description: tuple[Text, ...] = ()
    fields: tuple[tuple[Text, tuple[Text, ...]], ...] = ()
    footer: Text = field(default_factory=Text)
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
        title = words.board_title(board.title, direct=not guild_id)
        total = await self._standings.count(guild, board.key)
        if total == 0:
            empty = words.empty_board(board.title, direct=not guild_id)
            return LeaderboardPage(Card(title, (empty,)), game, 0, 1)
        pages = -(-total // PAGE_SIZE)
        if not 0 <= page < pages:
            raise Refusal(words.no_such_page(pages))
        shown = await self._standings.page(guild, board.key, page * PAGE_SIZE, PAGE_SIZE)
        lines = [words.standing_line(s, mark=s.user_id == viewer_id) for s in shown]
        if viewer_id is not None and all(s.user_id != viewer_id for s in shown):
            lines += [say(), await self._viewer_line(guild, board, viewer_id, viewer)]
        footer = words.board_footer(page, pages, total)
        return LeaderboardPage(Card(title, tuple(lines), footer=footer), game, page, pages)

    async def _viewer_line(self, guild: int, board: _Board, viewer_id: int, viewer: str) -> Text:
        mine = await self._standings.standing(guild, board.key, viewer_id)
        if mine is None:
            return words.unrated_viewer(viewer, board.title)
        return words.standing_line(mine, mark=True)

    async def stats(
        self,
        guild_id: int | None,
        user_id: int,
        name: str,
        game: str | None,
        language: str = SOURCE,
    ) -> Card:
        """A player's rating and trend, record, best rating and longest winning streak,
        recent games, the server's tournaments they won, and most frequent opponents; its
        picture drawn in `language` (the card's words are said when shown)."""
        board = _board(game)
        guild = _guild(guild_id)
        standing = await self._standings.standing(guild, board.key, user_id)
        if standing is None:
            raise Refusal(words.unrated_player(name, board.title, direct=not guild_id))
        total = await self._standings.count(guild, board.key)
        games = max(standing.games, TREND_GAMES)
        every = await self._standings.recent(guild, board.key, user_id, games)
        recent = every[:TREND_GAMES]
        opponents = await self._standings.opponents(
            guild, board.key, user_id, FREQUENT_OPPONENTS, OPPONENT_WINDOW
        )
        record, best = (words.record_line(standing),), (words.bests_line(bests(every)),)
        fields = [
            (words.RATING, _rating_text(standing, total, recent)),
            (words.RECORD, record),
            (words.BEST, best),
            (words.RECENT_GAMES, tuple(_game_line(g) for g in recent[:RECENT_GAMES])),
        ]
        won = [] if guild_id is None else await trophies(self._tournaments, guild_id, user_id)
        if won:
            fields.append((words.TROPHIES, tuple(words.trophy_line(trophy) for trophy in won)))
        solved, tried = await self._puzzles.tally(user_id, guild_id)
        if tried:
            fields.append((words.PUZZLES, (words.puzzles_line(solved, tried),)))
        if opponents:
            fields.append((words.OPPONENTS, tuple(map(words.opponent_line, opponents))))
        title = words.stats_title(standing.name, board.title)
        drawn = StatsCard(
            plain(title, language=language),
            plain(words.rating(standing.rating), language=language),
            plain(words.place(standing.rank, total), language=language),
            (recent[-1].rating_before, *(game.rating_after for game in reversed(recent))),
            tuple(plain(text, language=language) for text in (*record, *best)),
            tuple(plain(words.tournament_name(w.tournament), language=language) for w in won),
        )
        png = await asyncio.to_thread(stats_card_png, drawn, picture_words(language))
        picture = File(STATS_PICTURE, png)
        return Card(title, fields=tuple(fields), footer=words.STATS_FOOTER, picture=picture)


@dataclass(frozen=True, slots=True)
class _Board:
    """Where a game's ratings are kept (`key`), and the game's title (None for every
    game rated together)."""

    key: str
    title: str | None


def _board(game: str | None) -> _Board:
    if game is None:
        return _Board(OVERALL, None)
    info = engine.GAMES.get(game)
    if info is None:
        raise Refusal(words.no_such_game(game))
    return _Board(info.name, info.title)


def _guild(guild_id: int | None) -> int:
    return NO_GUILD if guild_id is None else guild_id


def _rating_text(standing: Standing, total: int, recent: Sequence[RatedGame]) -> tuple[Text, ...]:
    oldest_first = list(reversed(recent))
    change = standing.rating - oldest_first[0].rating_before
    trend = f"{_sparkline([g.rating_after for g in oldest_first])} {words.change(change)}"
    return words.rating_line(standing, total), words.trend_line(trend, len(recent))


def _game_line(game: RatedGame) -> Text:
    return words.game_line(game, engine.GAMES[game.game].title)


def _sparkline(values: Sequence[float]) -> str:
    """A rating history as block characters, lowest to highest."""
    low, high = min(values), max(values)
    if high - low < 1e-9:
        return SPARKS[len(SPARKS) // 2] * len(values)
    steps = len(SPARKS) - 1
    return "".join(SPARKS[round((v - low) / (high - low) * steps)] for v in values)
