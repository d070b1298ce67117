"""Games, their players and their move log in SQL both backends run: each operation
written once, the ones of several statements in one transaction."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from bot.storage import rows
from bot.storage.announcements import keep_owed
from bot.storage.queries import Runner
from bot.storage.records import (
    Action,
    Announcement,
    ChannelBusy,
    GameDraft,
    GameRecord,
    OfferKind,
    StaleGame,
    Status,
)
from bot.storage.rows import GAME_COLUMNS, SEAT_COLUMNS, columns
from bot.storage.standing_queries import rate_finished_game
from bot.storage.standings import Rater

PLACE = "coalesce(thread_id, channel_id)"
"""Where a game is played: its thread, else its channel."""
OPEN_GAME_IN = f"SELECT id FROM games WHERE {PLACE} = ? AND status IN ('challenge', 'active')"
"""The open challenge or active game of a place."""
_READ_GAME = (
    f"SELECT {columns('g', GAME_COLUMNS)}, {columns('p', SEAT_COLUMNS)} "
    "FROM games g JOIN players p ON p.game_id = g.id WHERE {condition} ORDER BY p.seat"
)
GAME = _READ_GAME.format(condition="g.id = ?")
"""A game by its id, one row per player in seat order (see `rows.game_record`)."""
LATEST_GAME_IN = _READ_GAME.format(
    condition=f"g.id = (SELECT max(id) FROM games WHERE {PLACE} = ?)"
)
"""The newest game of a place, as `GAME` reads it."""
SAVE_GAME = (
    "UPDATE games SET version = version + 1, "
    + ", ".join(f"{column} = ?" for column in rows.SAVED_GAME_COLUMNS)
    + " WHERE id = ? AND version = ?"
)
"""A game's saved columns (`rows.saved_game_values`), over the version it was read at."""


GAMES_SAVED = "pyramids_games_saved"
"""The channel every process hears a game saved on (see `Runner.notify`)."""


class SqlGames:
    """The games operations of `Storage`; finished games are rated by `rater` (None
    leaves them unrated)."""

    def __init__(self, runner: Runner, rater: Rater | None) -> None:
        self._run = runner
        self._rater = rater

    async def create_game(self, draft: GameDraft, now: float) -> GameRecord:
        created = None
        while created is None:
            created = await self._try_create_game(draft, now)
        return created

    async def _try_create_game(self, draft: GameDraft, now: float) -> GameRecord | None:
        """None when another process opened a game in the channel between this one's look
        and its insert (the next look finds that game)."""
        place = draft.place_id
        async with self._run.transaction() as tx:
            await tx.execute(
                "UPDATE games SET status = 'expired', updated_at = ?, version = version + 1 "
                f"WHERE {PLACE} = ? AND status = 'challenge' AND expires_at <= ?",
                *(now, place, now),
            )
            busy = await tx.fetch(OPEN_GAME_IN, place)
            if busy:
                raise ChannelBusy(busy[0]["id"])
            inserted = await tx.fetch(
                f"INSERT INTO games ({', '.join(rows.NEW_GAME_COLUMNS)}) "
                f"VALUES ({', '.join('?' * len(rows.NEW_GAME_COLUMNS))}) "
                "ON CONFLICT DO NOTHING RETURNING id",
                *rows.new_game_values(draft, now),
            )
            if not inserted:
                return None
            game_id = inserted[0]["id"]
            await tx.execute_many(
                "INSERT INTO players (game_id, seat, user_id, name, accepted) "
                "VALUES (?, ?, ?, ?, ?)",
                [rows.seat_values(game_id, seat) for seat in draft.players],
            )
            return rows.game_record(await tx.fetch(GAME, game_id))

    async def game(self, game_id: int) -> GameRecord | None:
        return rows.game_record(await self._run.fetch(GAME, game_id))

    async def latest_game_in(self, place_id: int) -> GameRecord | None:
        return rows.game_record(await self._run.fetch(LATEST_GAME_IN, place_id))

    async def finished_ids(self, guild_id: int | None, after: int, most: int) -> list[int]:
        where, values = ("", ()) if guild_id is None else (" AND guild_id = ?", (guild_id,))
        found = await self._run.fetch(
            f"SELECT id FROM games WHERE status = 'finished' AND id > ?{where} ORDER BY id LIMIT ?",
            *(after, *values, most),
        )
        return [int(row["id"]) for row in found]

    async def versions(self, game_ids: Sequence[int]) -> dict[int, int]:
        if not game_ids:
            return {}
        marks = ", ".join("?" * len(game_ids))
        found = await self._run.fetch(
            f"SELECT id, version FROM games WHERE id IN ({marks})", *game_ids
        )
        return {int(row["id"]): int(row["version"]) for row in found}

    async def actions(self, game_id: int) -> list[Action]:
        found = await self._run.fetch(
            f"SELECT {', '.join(rows.ACTION_COLUMNS)} FROM actions "
            "WHERE game_id = ? AND taken_back = 0 ORDER BY id",
            game_id,
        )
        return [rows.action(row) for row in found]

    async def save(
        self,
        record: GameRecord,
        now: float,
        actions: Sequence[Action] = (),
        take_back: int = 0,
        announcement: Announcement | None = None,
        *,
        seats_changed: bool = True,
    ) -> GameRecord:
        """Of two racing saves of one version, the second waits on the game row the first
        changed, then finds the version moved and raises StaleGame."""
        async with self._run.transaction() as tx:
            await tx.change_one(
                SAVE_GAME,
                *rows.saved_game_values(record, now),
                *(record.id, record.version),
                failing=StaleGame(f"game {record.id} is no longer at version {record.version}"),
            )
            if seats_changed:
                await tx.execute_many(
                    "UPDATE players SET accepted = ?, rank = ? WHERE game_id = ? AND seat = ?",
                    rows.seat_changes(record),
                )
            if take_back:
                await tx.execute(
                    "UPDATE actions SET taken_back = 1 WHERE id IN (SELECT id FROM actions "
                    "WHERE game_id = ? AND taken_back = 0 ORDER BY id DESC LIMIT ?)",
                    *(record.id, take_back),
                )
            if actions:
                await tx.execute_many(
                    "INSERT INTO actions (game_id, action, seat, user_id, created_at) "
                    "VALUES (?, ?, ?, ?, ?)",
                    rows.action_values(record.id, actions, now),
                )
            if announcement is not None:
                await keep_owed(tx, [announcement], now)
            if self._rater is not None and record.status is Status.FINISHED:
                await rate_finished_game(tx, record, now, self._rater)
        await self._run.notify(GAMES_SAVED)
        return dataclasses.replace(record, version=record.version + 1, updated_at=now)

    async def on_saves(self, heard: Callable[[], None]) -> None:
        await self._run.listen(GAMES_SAVED, heard)

    async def set_message(self, game_id: int, message_id: int) -> None:
        await self._run.execute("UPDATE games SET message_id = ? WHERE id = ?", message_id, game_id)

    async def set_claim_message(self, game_id: int, message_id: int) -> bool:
        async with self._run.transaction() as tx:
            found = await tx.fetch(
                f"SELECT clock FROM games WHERE id = ?{tx.dialect.for_update}", game_id
            )
            noted = rows.clock_with_claim_message(found[0]["clock"] if found else None, message_id)
            if noted is not None:
                await tx.execute("UPDATE games SET clock = ? WHERE id = ?", noted, game_id)
        return noted is not None

    async def set_offer_message(self, game_id: int, kind: OfferKind, message_id: int) -> bool:
        async with self._run.transaction() as tx:
            found = await tx.fetch(
                f"SELECT offer FROM games WHERE id = ?{tx.dialect.for_update}", game_id
            )
            noted = rows.offer_with_message(found[0]["offer"] if found else None, kind, message_id)
            if noted is not None:
                await tx.execute("UPDATE games SET offer = ? WHERE id = ?", noted, game_id)
        return noted is not None
