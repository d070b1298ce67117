"""Announcements owed about saved changes: found, and struck off once sent. A game's save
writes its announcement, in the change's own transaction."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.storage import rows
from bot.storage.queries import Runner, Statements
from bot.storage.records import Announcement, Writer
from bot.storage.rows import ANNOUNCEMENT_COLUMNS, announcement_values

INSERT_ANNOUNCEMENT = (
    f"INSERT INTO announcements ({', '.join(ANNOUNCEMENT_COLUMNS)}) "
    f"VALUES ({', '.join('?' * len(ANNOUNCEMENT_COLUMNS))})"
)
"""Keep an announcement owed, its values as `rows.announcement_values` gives them."""


async def keep_owed(
    tx: Statements, owed: Sequence[Announcement], written_at: float | None = None
) -> None:
    """Keep announcements owed in the transaction of the change they tell of, each written
    at `written_at`, or at its own `created_at`; sent with the transaction's next
    statement or its commit."""
    if owed:
        values = [
            announcement_values(a, a.created_at if written_at is None else written_at) for a in owed
        ]
        await tx.execute_many(INSERT_ANNOUNCEMENT, values)


async def change_one_keeping_owed(
    runner: Runner, sql: str, values: Sequence[Any], owed: Sequence[Announcement]
) -> bool:
    """Run a change of one row and keep the announcements of it owed, in one transaction
    (a plain statement when there are none); False, and nothing written, when no row
    changed."""
    if not owed:
        return await runner.execute(sql, *values) == 1
    async with runner.transaction() as tx:
        if await tx.execute(sql, *values) != 1:
            return False
        await keep_owed(tx, owed)
    return True


_LEFT_BY_SLOT = "slot = ? AND writer <> ?"
"""Written by another process of a slot: one that stopped, as a slot runs in one at a time."""
_FIRST_OF_GAME = (
    "NOT EXISTS (SELECT 1 FROM announcements AS earlier WHERE earlier.game_id = "
    "announcements.game_id AND earlier.version < announcements.version)"
)
"""No change of the same game saved before it is unannounced: it may go out now."""


class Announcements:
    """The announcements table, in SQL both backends run."""

    def __init__(self, runner: Runner) -> None:
        self._run = runner

    async def owed(
        self, written_by: float, writer: Writer, limit: int, *, now: float
    ) -> list[Announcement]:
        """Those that may go out now, oldest first: each the first unannounced change of
        its game, either to be tried again by `now` (a send failed), or never tried and
        written at `written_by` or before, or by another process of `writer`'s slot."""
        found = await self._run.fetch(
            f"SELECT {', '.join(ANNOUNCEMENT_COLUMNS)} FROM announcements "
            "WHERE CASE WHEN retry_at IS NULL "
            f"THEN created_at <= ? OR ({_LEFT_BY_SLOT}) ELSE retry_at <= ? END "
            f"AND {_FIRST_OF_GAME} ORDER BY created_at, game_id, version LIMIT ?",
            *(written_by, writer.slot, writer.process, now, limit),
        )
        return [rows.announcement(row) for row in found]

    async def first_owed(self, writer: Writer, grace: float) -> float | None:
        """When the first that may go out is owed, if any: when it is to be tried again,
        at once when another process of `writer`'s slot wrote it, else `grace` after it
        was written (a change waits for the one of its game before it)."""
        found = await self._run.fetch(
            "SELECT min(CASE WHEN retry_at IS NOT NULL THEN retry_at "
            f"WHEN {_LEFT_BY_SLOT} THEN created_at ELSE created_at + ? END) "
            f"AS first FROM announcements WHERE {_FIRST_OF_GAME}",
            *(writer.slot, writer.process, grace),
        )
        first = found[0]["first"]
        return None if first is None else float(first)

    async def tried(self, announcement_id: str) -> int:
        """Count a send Discord failed for a while; how many have failed (0 when the
        announcement is struck off meanwhile)."""
        found = await self._run.fetch(
            "UPDATE announcements SET tries = tries + 1 WHERE id = ? RETURNING tries",
            announcement_id,
        )
        return int(found[0]["tries"]) if found else 0

    async def retry(self, announcement_ids: Sequence[str], at: float) -> None:
        """Send these again at `at`, not before (by whichever process finds them)."""
        await self._run.execute_many(
            "UPDATE announcements SET retry_at = ? WHERE id = ?",
            [(at, announcement_id) for announcement_id in announcement_ids],
        )

    async def backlog(self) -> int:
        """How many announcements are not yet struck off."""
        found = await self._run.fetch("SELECT count(*) AS n FROM announcements")
        return int(found[0]["n"])

    async def is_owed(self, announcement_id: str) -> bool:
        """Whether an announcement is not yet struck off."""
        found = await self._run.fetch("SELECT 1 FROM announcements WHERE id = ?", announcement_id)
        return bool(found)

    async def owed_before(self, game_id: int, announcement_id: str) -> bool:
        """Whether a change of a game saved before the one this announcement tells of is
        unannounced (False once the announcement itself is struck off)."""
        found = await self._run.fetch(
            "SELECT 1 FROM announcements WHERE game_id = ? AND version < "
            "(SELECT version FROM announcements WHERE id = ?) LIMIT 1",
            *(game_id, announcement_id),
        )
        return bool(found)

    async def announced(self, announcement_id: str) -> None:
        """Strike an announcement off: it was sent (or Discord refused it for good)."""
        await self._run.execute("DELETE FROM announcements WHERE id = ?", announcement_id)

    async def forget_place(self, place_id: int) -> int:
        """Strike off every announcement owed to a place that takes no posts; how many."""
        return await self._run.execute("DELETE FROM announcements WHERE place_id = ?", place_id)

    async def to_channel(self, announcement_id: str, at: float) -> None:
        """Send an announcement in its channel from `at`, not as the reply it was to be."""
        await self._run.execute(
            "UPDATE announcements SET reply_token = NULL, retry_at = ? WHERE id = ?",
            *(at, announcement_id),
        )

    async def replying(self, announcement_id: str, reply_token: str) -> bool:
        """Note the token of the interaction whose reply is about to carry an announcement,
        by which that reply can be read back; whether a change of its game saved before
        the one it tells of is unannounced (see `owed_before`), in the same statement."""
        found = await self._run.fetch(
            "UPDATE announcements SET reply_token = ? WHERE id = ? RETURNING EXISTS ("
            "SELECT 1 FROM announcements AS earlier WHERE earlier.game_id = "
            "announcements.game_id AND earlier.version < announcements.version) AS behind",
            *(reply_token, announcement_id),
        )
        return bool(found and found[0]["behind"])
