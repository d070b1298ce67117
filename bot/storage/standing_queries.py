"""Ratings in SQL both backends run: the statements a finished game's save makes in its
transaction, and the indexed reads behind the leaderboard and player statistics."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage import rows
from bot.storage.queries import Runner, Transaction
from bot.storage.records import GameRecord
from bot.storage.standings import (
    OVERALL,
    Opponent,
    RatedGame,
    Rater,
    Standing,
    boards_of,
    rated_guild,
)

_RATING_ROW = (*rows.RATING_COLUMNS, *rows.RECORD_COLUMNS)
RATING_LOCK = 0x5059_0002
"""The lock a server's ratings are written under (see `Transaction.lock`)."""

IS_RATED = "SELECT 1 AS rated FROM rated_seats WHERE game_id = ? LIMIT 1"
"""Whether a game is rated already (a row when it is)."""
SAVE_RATINGS = (
    f"INSERT INTO ratings (guild_id, {', '.join(_RATING_ROW)}, updated_at) "
    f"VALUES ({', '.join('?' * (len(_RATING_ROW) + 2))}) "
    "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET "
    + ", ".join(f"{c} = excluded.{c}" for c in (*_RATING_ROW[2:], "updated_at"))
)
"""Store a player's rating on a board, rows as `rows.rating_values` makes them."""
SAVE_RATED_SEATS = (
    f"INSERT INTO rated_seats ({', '.join(rows.RATED_SEAT_COLUMNS)}) "
    f"VALUES ({', '.join('?' * len(rows.RATED_SEAT_COLUMNS))})"
)


def known_ratings(record: GameRecord) -> tuple[str, tuple[object, ...]]:
    """The query, and its values, reading a game's players' ratings on its two boards."""
    users = [seat.user_id for seat in record.players]
    return (
        f"SELECT {', '.join(_RATING_ROW)} FROM ratings WHERE guild_id = ? "
        f"AND game IN (?, ?) AND user_id IN ({', '.join('?' * len(users))})",
        (rated_guild(record), *boards_of(record), *users),
    )


async def rate_finished_game(tx: Transaction, record: GameRecord, now: float, rater: Rater) -> None:
    """Rate a finished game once, inside the transaction that saves it, so the result and
    the ratings are written together or not at all; a game already rated, or played with
    hints on (`hinted`), is left alone.

    The server's ratings are locked first, so games finishing at once in two processes
    are rated one after the other, each from the ratings the other left.
    """
    if record.hinted:
        return
    await tx.lock(RATING_LOCK, str(rated_guild(record)))
    if await tx.fetch(IS_RATED, record.id):
        return
    query, values = known_ratings(record)
    found = await tx.fetch(query, *values)
    known = {(r.board, r.user_id): r for r in map(rows.board_rating, found)}
    boards, seats = rows.rating_values(record, rater(record, known), now)
    await tx.execute_many(SAVE_RATINGS, boards)
    await tx.execute_many(SAVE_RATED_SEATS, seats)


class Standings:
    """The standings reads, one statement each."""

    def __init__(self, runner: Runner) -> None:
        self._fetch = runner.fetch

    async def page(self, guild_id: int, board: str, offset: int, limit: int) -> list[Standing]:
        # Skipping `offset` entries of the index alone, then reading the page's rows, keeps
        # deep pages cheap: the rows skipped are never read.
        """Players by rating, best first, from place `offset + 1` on."""
        found = await self._fetch(
            f"SELECT {rows.columns('r', rows.STANDING_COLUMNS)} "
            "FROM (SELECT user_id, rating FROM ratings WHERE guild_id = ? AND game = ? "
            "ORDER BY rating DESC, user_id LIMIT ? OFFSET ?) k "
            "JOIN ratings r ON r.guild_id = ? AND r.game = ? AND r.user_id = k.user_id "
            "ORDER BY k.rating DESC, k.user_id",
            *(guild_id, board, limit, offset, guild_id, board),
        )
        return [rows.standing(offset + place, row) for place, row in enumerate(found, 1)]

    async def count(self, guild_id: int, board: str) -> int:
        """How many players a board holds."""
        found = await self._fetch(
            "SELECT count(*) AS players FROM ratings WHERE guild_id = ? AND game = ?",
            *(guild_id, board),
        )
        return int(found[0]["players"])

    async def standing(self, guild_id: int, board: str, user_id: int) -> Standing | None:
        """The place counts the players ahead: higher rated, or equal with a lower id."""
        found = await self._fetch(
            f"SELECT {rows.columns('r', rows.STANDING_COLUMNS)}, "
            "(SELECT count(*) FROM ratings a WHERE a.guild_id = r.guild_id "
            "AND a.game = r.game AND a.rating > r.rating) + "
            "(SELECT count(*) FROM ratings a WHERE a.guild_id = r.guild_id "
            "AND a.game = r.game AND a.rating = r.rating AND a.user_id < r.user_id) AS ahead "
            "FROM ratings r WHERE guild_id = ? AND game = ? AND user_id = ?",
            *(guild_id, board, user_id),
        )
        return rows.standing(found[0]["ahead"] + 1, found[0]) if found else None

    async def recent(self, guild_id: int, board: str, user_id: int, limit: int) -> list[RatedGame]:
        """A player's latest rated games on a board, newest first."""
        column = "overall" if board == OVERALL else "rating"
        on_board, parameters = _board_filter(board, "s", (user_id, guild_id))
        found = await self._fetch(
            f"SELECT s.game_id, s.game, s.outcome, s.{column}_before AS before, "
            f"s.{column}_after AS after, s.ended_at, g.guild_id, "
            "coalesce(g.thread_id, g.channel_id) AS place_id, g.message_id "
            "FROM rated_seats s JOIN games g ON g.id = s.game_id "
            f"WHERE s.user_id = ? AND s.guild_id = ?{on_board} "
            "ORDER BY s.game_id DESC LIMIT ?",
            *parameters,
            limit,
        )
        names = await self._opponent_names([row["game_id"] for row in found], user_id)
        return [rows.rated_game(row, names[row["game_id"]]) for row in found]

    async def _opponent_names(
        self, game_ids: Sequence[int], user_id: int
    ) -> dict[int, tuple[str, ...]]:
        if not game_ids:
            return {}
        marks = ", ".join("?" * len(game_ids))
        found = await self._fetch(
            f"SELECT game_id, name FROM players WHERE game_id IN ({marks}) AND user_id != ? "
            "ORDER BY game_id, seat",
            *game_ids,
            user_id,
        )
        names: dict[int, tuple[str, ...]] = dict.fromkeys(game_ids, ())
        for row in found:
            names[row["game_id"]] += (row["name"],)
        return names

    async def opponents(
        self, guild_id: int, board: str, user_id: int, limit: int, within: int
    ) -> list[Opponent]:
        """The people a player met most in their last `within` games on a board, most first."""
        on_board, parameters = _board_filter(board, "s", (user_id, guild_id))
        found = await self._fetch(
            "SELECT met.user_id, coalesce(r.name, '') AS name, met.games, met.wins, "
            "met.losses, met.draws FROM (SELECT o.user_id, count(*) AS games, "
            "count(*) FILTER (WHERE me.rank < o.rank) AS wins, "
            "count(*) FILTER (WHERE me.rank > o.rank) AS losses, "
            "count(*) FILTER (WHERE me.rank = o.rank) AS draws "
            "FROM (SELECT s.game_id, s.rank, s.user_id FROM rated_seats s "
            f"WHERE s.user_id = ? AND s.guild_id = ?{on_board} "
            "ORDER BY s.game_id DESC LIMIT ?) me JOIN rated_seats o "
            "ON o.game_id = me.game_id AND o.user_id != me.user_id "
            "GROUP BY o.user_id ORDER BY games DESC, o.user_id LIMIT ?) met "
            "LEFT JOIN ratings r ON r.guild_id = ? AND r.game = ? AND r.user_id = met.user_id "
            "ORDER BY met.games DESC, met.user_id",
            *(*parameters, within, limit, guild_id, OVERALL),
        )
        return [rows.opponent(row) for row in found]


def _board_filter(
    board: str, alias: str, parameters: tuple[int, int]
) -> tuple[str, tuple[object, ...]]:
    """The condition on the `rated_seats` alias that keeps one game's board, and its values."""
    if board == OVERALL:
        return "", parameters
    return f" AND {alias}.game = ?", (*parameters, board)
