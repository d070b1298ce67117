"""Ratings in SQLite: rating a finished game inside the transaction that saves it, and the
indexed reads behind the leaderboard and player statistics."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from functools import partial
from typing import Any

from bot import ratings
from bot.ratings import Rating
from bot.storage import GameRecord, Status
from bot.storage.sqlite_database import Database
from bot.storage.standings import NO_GUILD, OVERALL, Opponent, RatedGame, Standing

_STANDING_COLUMNS = ("user_id", "name", "rating", "wins", "losses", "draws", "games")


def record_result(db: sqlite3.Connection, record: GameRecord, now: float) -> None:
    """Rate a finished game on its own board and the overall one, once per game.

    Called inside the transaction that saves the game, so the result and the ratings
    are written together or not at all; saving a game that is already rated changes
    nothing.
    """
    if record.status is not Status.FINISHED or _is_rated(db, record.id):
        return
    ranks = [seat.rank for seat in record.players if seat.rank is not None]
    if len(ranks) != len(record.players):
        raise ValueError(f"game {record.id} finished without a rank for every seat")
    guild_id = NO_GUILD if record.guild_id is None else record.guild_id
    own = _rate_board(db, guild_id, record.game, record, ranks, now)
    overall = _rate_board(db, guild_id, OVERALL, record, ranks, now)
    ended_at = now if record.ended_at is None else record.ended_at
    db.executemany(
        "INSERT INTO rated_seats (game_id, user_id, guild_id, game, rank, outcome, "
        "rating_before, rating_after, overall_before, overall_after, ended_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                record.id,
                seat.user_id,
                guild_id,
                record.game,
                ranks[seat.seat],
                ratings.outcome(ranks, seat.seat).value,
                own[seat.seat][0].conservative,
                own[seat.seat][1].conservative,
                overall[seat.seat][0].conservative,
                overall[seat.seat][1].conservative,
                ended_at,
            )
            for seat in record.players
        ],
    )


def _is_rated(db: sqlite3.Connection, game_id: int) -> bool:
    row = db.execute("SELECT 1 FROM rated_seats WHERE game_id = ? LIMIT 1", (game_id,))
    return row.fetchone() is not None


def _rate_board(
    db: sqlite3.Connection,
    guild_id: int,
    board: str,
    record: GameRecord,
    ranks: Sequence[int],
    now: float,
) -> list[tuple[Rating, Rating]]:
    """Update every seat's rating and record on one board: (before, after) per seat."""
    user_ids = [seat.user_id for seat in record.players]
    marks = ", ".join("?" * len(user_ids))
    rows = db.execute(
        f"SELECT user_id, mu, sigma FROM ratings "
        f"WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
        (guild_id, board, *user_ids),
    )
    known = {row[0]: Rating(row[1], row[2]) for row in rows}
    before = [known.get(user_id, Rating()) for user_id in user_ids]
    after = ratings.rate(before, ranks)
    db.executemany(
        "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, rating, wins, losses, "
        "draws, games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?) "
        "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET name = excluded.name, "
        "mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating, "
        "wins = wins + excluded.wins, losses = losses + excluded.losses, "
        "draws = draws + excluded.draws, games = games + 1, updated_at = excluded.updated_at",
        [
            (
                guild_id,
                board,
                seat.user_id,
                seat.name,
                new.mu,
                new.sigma,
                new.conservative,
                *_record_counts(ratings.outcome(ranks, seat.seat)),
                now,
            )
            for seat, new in zip(record.players, after, strict=True)
        ],
    )
    return list(zip(before, after, strict=True))


def _record_counts(outcome: ratings.Outcome) -> tuple[int, int, int]:
    """(wins, losses, draws) that one game adds to a record."""
    return (
        int(outcome is ratings.Outcome.WIN),
        int(outcome is ratings.Outcome.LOSS),
        int(outcome is ratings.Outcome.DRAW),
    )


class SqliteStandings:
    """The standings reads, each one job on the storage's database thread."""

    def __init__(self, database: Database) -> None:
        self._database = database

    async def _fetch(self, sql: str, parameters: Sequence[object]) -> list[tuple[Any, ...]]:
        return await self._database.read(partial(_fetch_all, sql=sql, parameters=parameters))

    async def page(self, guild_id: int, board: str, offset: int, limit: int) -> list[Standing]:
        # Skipping `offset` entries of the index alone, then reading the page's rows, keeps
        # deep pages cheap: the rows skipped are never read.
        rows = await self._fetch(
            f"SELECT {_standing_columns('r')} "
            "FROM (SELECT user_id, rating FROM ratings WHERE guild_id = ? AND game = ? "
            "ORDER BY rating DESC, user_id LIMIT ? OFFSET ?) k "
            "JOIN ratings r ON r.guild_id = ? AND r.game = ? AND r.user_id = k.user_id "
            "ORDER BY k.rating DESC, k.user_id",
            (guild_id, board, limit, offset, guild_id, board),
        )
        return [Standing(offset + place, *row) for place, row in enumerate(rows, 1)]

    async def count(self, guild_id: int, board: str) -> int:
        rows = await self._fetch(
            "SELECT count(*) FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, board)
        )
        return int(rows[0][0])

    async def standing(self, guild_id: int, board: str, user_id: int) -> Standing | None:
        """The place counts the players ahead: higher rated, or equal with a lower id."""
        rows = await self._fetch(
            f"SELECT {_standing_columns('r')}, "
            "(SELECT count(*) FROM ratings a WHERE a.guild_id = r.guild_id "
            "AND a.game = r.game AND a.rating > r.rating) + "
            "(SELECT count(*) FROM ratings a WHERE a.guild_id = r.guild_id "
            "AND a.game = r.game AND a.rating = r.rating AND a.user_id < r.user_id) "
            "FROM ratings r WHERE guild_id = ? AND game = ? AND user_id = ?",
            (guild_id, board, user_id),
        )
        if not rows:
            return None
        *fields, ahead = rows[0]
        return Standing(ahead + 1, *fields)

    async def recent(self, guild_id: int, board: str, user_id: int, limit: int) -> list[RatedGame]:
        column = "overall" if board == OVERALL else "rating"
        on_board, parameters = _board_filter(board, "s", (user_id, guild_id))
        rows = await self._fetch(
            f"SELECT s.game_id, s.game, s.outcome, s.{column}_before, s.{column}_after, "
            "s.ended_at, g.guild_id, coalesce(g.thread_id, g.channel_id), g.message_id "
            "FROM rated_seats s JOIN games g ON g.id = s.game_id "
            f"WHERE s.user_id = ? AND s.guild_id = ?{on_board} "
            "ORDER BY s.game_id DESC LIMIT ?",
            (*parameters, limit),
        )
        names = await self._opponent_names([row[0] for row in rows], user_id)
        return [
            RatedGame(
                game_id, game, outcome, before, after, ended, guild, place, message, names[game_id]
            )
            for game_id, game, outcome, before, after, ended, guild, place, message in rows
        ]

    async def _opponent_names(
        self, game_ids: Sequence[int], user_id: int
    ) -> dict[int, tuple[str, ...]]:
        marks = ", ".join("?" * len(game_ids))
        rows = await self._fetch(
            f"SELECT game_id, name FROM players WHERE game_id IN ({marks}) AND user_id != ? "
            "ORDER BY game_id, seat",
            (*game_ids, user_id),
        )
        names: dict[int, tuple[str, ...]] = dict.fromkeys(game_ids, ())
        for game_id, name in rows:
            names[game_id] += (name,)
        return names

    async def opponents(
        self, guild_id: int, board: str, user_id: int, limit: int, within: int
    ) -> list[Opponent]:
        on_board, parameters = _board_filter(board, "s", (user_id, guild_id))
        rows = await self._fetch(
            "SELECT met.user_id, coalesce(r.name, ''), met.games, met.wins, met.losses, "
            "met.draws FROM (SELECT o.user_id, count(*) AS games, "
            "sum(me.rank < o.rank) AS wins, sum(me.rank > o.rank) AS losses, "
            "sum(me.rank = o.rank) AS draws "
            "FROM (SELECT s.game_id, s.rank, s.user_id FROM rated_seats s "
            f"WHERE s.user_id = ? AND s.guild_id = ?{on_board} "
            "ORDER BY s.game_id DESC LIMIT ?) me JOIN rated_seats o "
            "ON o.game_id = me.game_id AND o.user_id != me.user_id "
            "GROUP BY o.user_id ORDER BY games DESC, o.user_id LIMIT ?) met "
            "LEFT JOIN ratings r ON r.guild_id = ? AND r.game = ? AND r.user_id = met.user_id "
            "ORDER BY met.games DESC, met.user_id",
            (*parameters, within, limit, guild_id, OVERALL),
        )
        return [Opponent(*row) for row in rows]


def _fetch_all(
    db: sqlite3.Connection, sql: str, parameters: Sequence[object]
) -> list[tuple[Any, ...]]:
    return [tuple(row) for row in db.execute(sql, parameters)]


def _standing_columns(alias: str) -> str:
    return ", ".join(f"{alias}.{column}" for column in _STANDING_COLUMNS)


def _board_filter(
    board: str, alias: str, parameters: tuple[int, int]
) -> tuple[str, tuple[object, ...]]:
    """The condition on the `rated_seats` alias that keeps one game's board, and its values."""
    if board == OVERALL:
        return "", parameters
    return f" AND {alias}.game = ?", (*parameters, board)
