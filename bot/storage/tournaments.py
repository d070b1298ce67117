"""Tournaments as stored: the tournament, its entrants, and its pairings by round.

A pairing's game is the game stored with its `pairing_id`; its result is read from that
game's ranks, unless a player withdrew first (`forfeit_by`) or its game could never
begin because Discord refused its thread (`unplayed`). Rounds are added with the
tournament's round number moved on in the same transaction, only from the number the
caller read, so a round is never paired twice however many processes try.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.storage.announcements import change_one_keeping_owed, keep_owed
from bot.storage.queries import Runner
from bot.storage.records import Announcement, Status
from bot.storage.rows import Row
from engine import OptionValue


class TournamentStatus(StrEnum):
    OPEN = "open"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class Format(StrEnum):
    """How a tournament pairs its players."""

    ROUND_ROBIN = "round-robin"
    """Everyone meets everyone once; every round is paired at the start."""
    SWISS = "swiss"
    """Each round pairs players of equal scores, once the round before has ended."""


class Joined(StrEnum):
    """How a request to join ended."""

    JOINED = "joined"
    ALREADY = "already"
    FULL = "full"
    CLOSED = "closed"


@dataclass(frozen=True, slots=True)
class TournamentDraft:
    """A new tournament: `rounds` None for the default; `starts_at` None when it is
    started by hand."""

    guild_id: int
    channel_id: int
    creator_id: int
    game: str
    options: Mapping[str, OptionValue]
    format: Format
    rounds: int | None
    time_control: str | None
    max_players: int | None
    starts_at: float | None


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentRecord(TournamentDraft):
    """A stored tournament; `round` is the last round paired (0 before the first). `id`
    is the database's own; people name it by `number`, counted in each server from 1."""

    id: int
    number: int
    status: TournamentStatus
    round: int
    message_id: int | None
    created_at: float
    ended_at: float | None


@dataclass(frozen=True, slots=True)
class Entrant:
    user_id: int
    name: str
    rating: float
    withdrawn: bool


@dataclass(frozen=True, slots=True)
class NewPairing:
    """A game (or a bye, `second_id` None) to add in a round."""

    round: int
    board: int
    first_id: int
    second_id: int | None


@dataclass(frozen=True, slots=True)
class PairingRecord:
    """A stored pairing with its game, if one was started: `game_status` and the ranks
    of both players when it ended (0 best); `unplayed` when its game could never begin;
    `starter_id` the message its thread is opened from, once posted."""

    id: int
    round: int
    board: int
    first_id: int
    second_id: int | None
    thread_id: int | None
    forfeit_by: int | None
    game_id: int | None
    game_status: Status | None
    first_rank: int | None
    second_rank: int | None
    unplayed: bool = False
    starter_id: int | None = None


_TOURNAMENT_COLUMNS = (
    *("id", "number", "guild_id", "channel_id", "creator_id", "game", "options", "format"),
    "rounds",
    *("time_control", "max_players", "starts_at", "status", "round", "message_id"),
    *("created_at", "ended_at"),
)
_SELECT = f"SELECT {', '.join(_TOURNAMENT_COLUMNS)} FROM tournaments"
_ENDED = "('finished', 'cancelled')"


class Tournaments:
    """The tournament tables, in SQL both backends run."""

    def __init__(self, runner: Runner) -> None:
        self._run = runner

    async def create(self, draft: TournamentDraft, now: float) -> TournamentRecord:
        """Numbered after the server's last tournament, one creation at a time per server."""
        async with self._run.transaction() as tx:
            await tx.lock(draft.guild_id, "tournament numbers")
            found = await tx.fetch(
                "INSERT INTO tournaments (number, guild_id, channel_id, creator_id, game, "
                "options, format, rounds, time_control, max_players, starts_at, status, "
                "created_at) VALUES ((SELECT coalesce(max(number), 0) + 1 FROM tournaments "
                "WHERE guild_id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?) RETURNING id",
                *(draft.guild_id, draft.guild_id, draft.channel_id, draft.creator_id),
                *(draft.game, json.dumps(dict(draft.options)), draft.format, draft.rounds),
                *(draft.time_control, draft.max_players, draft.starts_at, now),
            )
        created = await self.tournament(found[0]["id"])
        assert created is not None
        return created

    async def tournament(self, tournament_id: int) -> TournamentRecord | None:
        found = await self._run.fetch(f"{_SELECT} WHERE id = ?", tournament_id)
        return _tournament(found[0]) if found else None

    async def numbered(self, guild_id: int, number: int) -> TournamentRecord | None:
        """A server's tournament by the number it goes by there."""
        found = await self._run.fetch(
            f"{_SELECT} WHERE guild_id = ? AND number = ?", guild_id, number
        )
        return _tournament(found[0]) if found else None

    async def in_guild(self, guild_id: int) -> list[TournamentRecord]:
        """A server's tournaments, open and running ones first, newest first within."""
        found = await self._run.fetch(
            f"{_SELECT} WHERE guild_id = ? "
            f"ORDER BY CASE WHEN status IN {_ENDED} THEN 1 ELSE 0 END, id DESC",
            guild_id,
        )
        return [_tournament(row) for row in found]

    async def due(self, now: float) -> list[TournamentRecord]:
        """Tournaments with work to look at: running ones, and open ones due to start."""
        found = await self._run.fetch(
            f"{_SELECT} WHERE status = 'running' OR (status = 'open' AND starts_at <= ?) "
            "ORDER BY id",
            now,
        )
        return [_tournament(row) for row in found]

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        await self._run.execute(
            "UPDATE tournaments SET message_id = ? WHERE id = ?", message_id, tournament_id
        )

    async def entrants(self, tournament_id: int) -> list[Entrant]:
        """In the order they joined."""
        found = await self._run.fetch(
            "SELECT user_id, name, rating, withdrawn FROM entrants WHERE tournament_id = ? "
            "ORDER BY joined_at, user_id",
            tournament_id,
        )
        return [Entrant(r["user_id"], r["name"], r["rating"], bool(r["withdrawn"])) for r in found]

    async def join(
        self, tournament_id: int, user_id: int, name: str, now: float, max_players: int | None
    ) -> Joined:
        """Enter a player while the tournament is open and not full."""
        async with self._run.transaction() as tx:
            status = await tx.fetch(
                f"SELECT status FROM tournaments WHERE id = ?{tx.dialect.for_update}",
                tournament_id,
            )
            if not status or status[0]["status"] != TournamentStatus.OPEN:
                return Joined.CLOSED
            if await tx.fetch(
                "SELECT 1 FROM entrants WHERE tournament_id = ? AND user_id = ?",
                tournament_id,
                user_id,
            ):
                return Joined.ALREADY
            count = await tx.fetch(
                "SELECT count(*) AS n FROM entrants WHERE tournament_id = ?", tournament_id
            )
            if max_players is not None and count[0]["n"] >= max_players:
                return Joined.FULL
            await tx.execute(
                "INSERT INTO entrants (tournament_id, user_id, name, joined_at) "
                "VALUES (?, ?, ?, ?)",
                *(tournament_id, user_id, name, now),
            )
            return Joined.JOINED

    async def leave(self, tournament_id: int, user_id: int) -> bool:
        """Take a player out while the tournament is open; False if they were not in."""
        async with self._run.transaction() as tx:
            status = await tx.fetch(
                f"SELECT status FROM tournaments WHERE id = ?{tx.dialect.for_update}",
                tournament_id,
            )
            if not status or status[0]["status"] != TournamentStatus.OPEN:
                return False
            left = await tx.execute(
                "DELETE FROM entrants WHERE tournament_id = ? AND user_id = ?",
                tournament_id,
                user_id,
            )
            return left == 1

    async def close_entries(self, tournament_id: int, ratings: Mapping[int, float]) -> bool:
        """Move an open tournament to running, noting each entrant's rating; False when it
        was not open (another process started it, or it was cancelled)."""
        async with self._run.transaction() as tx:
            closed = await tx.execute(
                "UPDATE tournaments SET status = 'running' WHERE id = ? AND status = 'open'",
                tournament_id,
            )
            if closed != 1:
                return False
            await tx.execute_many(
                "UPDATE entrants SET rating = ? WHERE tournament_id = ? AND user_id = ?",
                [(rating, tournament_id, user) for user, rating in ratings.items()],
            )
            return True

    async def add_round(
        self,
        tournament_id: int,
        after: int,
        last: int,
        pairings: Sequence[NewPairing],
        news: Sequence[Announcement] = (),
    ) -> bool:
        """Add the pairings of rounds `after + 1` to `last`, if the tournament's last round
        is still `after`, keeping `news` of them owed; False, and nothing added, otherwise."""
        async with self._run.transaction() as tx:
            moved = await tx.execute(
                "UPDATE tournaments SET round = ? "
                "WHERE id = ? AND round = ? AND status = 'running'",
                *(last, tournament_id, after),
            )
            if moved != 1:
                return False
            await tx.execute_many(
                "INSERT INTO pairings (tournament_id, round, board, first_id, second_id) "
                "VALUES (?, ?, ?, ?, ?)",
                [(tournament_id, p.round, p.board, p.first_id, p.second_id) for p in pairings],
            )
            await keep_owed(tx, news)
            return True

    async def pairings(self, tournament_id: int) -> list[PairingRecord]:
        """By round and board."""
        found = await self._run.fetch(
            "SELECT p.id, p.round, p.board, p.first_id, p.second_id, p.thread_id, "
            "p.forfeit_by, p.unplayed, p.starter_id, g.id AS game_id, g.status AS game_status, "
            "(SELECT rank FROM players WHERE game_id = g.id AND user_id = p.first_id) "
            "AS first_rank, "
            "(SELECT rank FROM players WHERE game_id = g.id AND user_id = p.second_id) "
            "AS second_rank "
            "FROM pairings p LEFT JOIN games g ON g.pairing_id = p.id "
            "WHERE p.tournament_id = ? ORDER BY p.round, p.board",
            tournament_id,
        )
        return [_pairing(row) for row in found]

    async def tournament_of(self, pairing_id: int) -> int | None:
        """The tournament a pairing belongs to."""
        found = await self._run.fetch("SELECT tournament_id FROM pairings WHERE id = ?", pairing_id)
        return int(found[0]["tournament_id"]) if found else None

    async def event_of(self, pairing_id: int) -> tuple[TournamentRecord, int] | None:
        """The tournament a pairing belongs to, and the pairing's round."""
        found = await self._run.fetch(
            "SELECT tournament_id, round FROM pairings WHERE id = ?", pairing_id
        )
        if not found:
            return None
        tournament = await self.tournament(int(found[0]["tournament_id"]))
        return None if tournament is None else (tournament, int(found[0]["round"]))

    async def set_starter(self, pairing_id: int, message_id: int) -> int:
        """Give a pairing the message its thread opens from, unless it has one; the
        pairing's message either way."""
        return await self._set_once(pairing_id, "starter_id", message_id)

    async def set_thread(self, pairing_id: int, thread_id: int) -> int:
        """Give a pairing its thread unless it has one; the pairing's thread either way."""
        return await self._set_once(pairing_id, "thread_id", thread_id)

    async def _set_once(self, pairing_id: int, column: str, value: int) -> int:
        """Set a pairing's column unless it is set; its value either way."""
        async with self._run.transaction() as tx:
            await tx.execute(
                f"UPDATE pairings SET {column} = ? WHERE id = ? AND {column} IS NULL",
                value,
                pairing_id,
            )
            found = await tx.fetch(f"SELECT {column} FROM pairings WHERE id = ?", pairing_id)
            return int(found[0][column])

    async def set_unplayed(self, pairing_id: int) -> bool:
        """Mark a pairing without a thread, game or forfeit as never played; False when it
        had one of them or was marked already."""
        marked = await self._run.execute(
            "UPDATE pairings SET unplayed = 1 WHERE id = ? AND unplayed = 0 "
            "AND thread_id IS NULL AND forfeit_by IS NULL AND NOT EXISTS "
            "(SELECT 1 FROM games g WHERE g.pairing_id = pairings.id)",
            pairing_id,
        )
        return marked == 1

    async def withdraw(
        self, tournament_id: int, user_id: int, news: Sequence[Announcement] = ()
    ) -> bool:
        """Withdraw a running entrant: every pairing of theirs without a finished game, and
        not unplayed, is forfeited by them; `news` of it is kept owed. False when they were
        not playing in it."""
        async with self._run.transaction() as tx:
            withdrawn = await tx.execute(
                "UPDATE entrants SET withdrawn = 1 "
                "WHERE tournament_id = ? AND user_id = ? AND withdrawn = 0 AND EXISTS ("
                "SELECT 1 FROM tournaments WHERE id = ? AND status = 'running')",
                *(tournament_id, user_id, tournament_id),
            )
            if withdrawn != 1:
                return False
            await tx.execute(
                "UPDATE pairings SET forfeit_by = ? WHERE tournament_id = ? "
                "AND (first_id = ? OR second_id = ?) AND second_id IS NOT NULL "
                "AND forfeit_by IS NULL AND unplayed = 0 AND NOT EXISTS (SELECT 1 FROM games g "
                "WHERE g.pairing_id = pairings.id AND g.status = 'finished')",
                *(user_id, tournament_id, user_id, user_id),
            )
            await keep_owed(tx, news)
            return True

    async def end(
        self,
        tournament_id: int,
        status: TournamentStatus,
        now: float,
        news: Sequence[Announcement] = (),
    ) -> bool:
        """Finish or cancel a tournament not ended yet, keeping `news` of it owed; False
        when it had ended."""
        return await change_one_keeping_owed(
            self._run,
            f"UPDATE tournaments SET status = ?, ended_at = ? "
            f"WHERE id = ? AND status NOT IN {_ENDED}",
            (status.value, now, tournament_id),
            news,
        )


def _tournament(row: Row) -> TournamentRecord:
    values: dict[str, Any] = {column: row[column] for column in _TOURNAMENT_COLUMNS}
    values["options"] = json.loads(values["options"])
    values["status"] = TournamentStatus(values["status"])
    values["format"] = Format(values["format"])
    return TournamentRecord(**values)


def _pairing(row: Row) -> PairingRecord:
    return PairingRecord(
        *(row["id"], row["round"], row["board"], row["first_id"], row["second_id"]),
        *(row["thread_id"], row["forfeit_by"], row["game_id"], _status(row["game_status"])),
        *(row["first_rank"], row["second_rank"], bool(row["unplayed"]), row["starter_id"]),
    )


def _status(stored: str | None) -> Status | None:
    return None if stored is None else Status(stored)
