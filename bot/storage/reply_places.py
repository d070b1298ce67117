"""Places where the bot answers only through interactions: a group DM, a DM between
others, or a server it was not added to, where the app is installed to someone's account.

There nothing can be posted in the channel: what the bot says by itself (its own move, a
time-out) goes as a follow-up to the latest interaction in the place, whose token Discord
honours for 15 minutes. Each interaction there notes its token here. What could not be
said in time is held, and said on the next answer there.

Places Discord said the bot can never post in (Missing Access, Missing Permissions,
Unknown Channel) are kept too, with Discord's reason: nothing is sent there for a while,
what the bot would have said is held in the same way, and the next answer there says it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.queries import Runner


@dataclass(frozen=True, slots=True)
class ReplyHandle:
    """The token of the latest interaction in a place, and when it came (seconds)."""

    token: str
    noted_at: float


@dataclass(frozen=True, slots=True)
class Reach:
    """How a post reaches a place: by a follow-up to `handle` where the bot only answers,
    and not at all while Discord refuses the place (`refused`, its reason, since
    `refused_at`)."""

    handle: ReplyHandle | None = None
    refused: str | None = None
    refused_at: float = 0.0


class ReplyPlaces:
    """The reply_places table, in SQL both backends run."""

    def __init__(self, runner: Runner) -> None:
        self._run = runner

    async def note(self, place_id: int, token: str, now: float) -> None:
        """Remember the token of the latest interaction in a place the bot only answers in."""
        await self._run.execute(
            "INSERT INTO reply_places (place_id, token, noted_at) VALUES (?, ?, ?) "
            "ON CONFLICT (place_id) DO UPDATE SET token = excluded.token, "
            "noted_at = excluded.noted_at",
            *(place_id, token, now),
        )

    async def handle(self, place_id: int) -> ReplyHandle | None:
        """The latest token noted for the place; None where the bot posts in the channel."""
        found = await self._run.fetch(
            "SELECT token, noted_at FROM reply_places WHERE place_id = ?", place_id
        )
        if not found:
            return None
        return ReplyHandle(str(found[0]["token"]), float(found[0]["noted_at"]))

    async def reach(self, place_id: int) -> Reach:
        """How a post reaches the place, in one query."""
        found = await self._run.fetch(
            "SELECT r.token, r.noted_at, u.reason, u.since "
            "FROM (SELECT CAST(? AS BIGINT) AS place_id) AS p "
            "LEFT JOIN reply_places AS r ON r.place_id = p.place_id "
            "LEFT JOIN unreachable_places AS u ON u.place_id = p.place_id",
            place_id,
        )
        row = found[0]
        token, reason = row["token"], row["reason"]
        handle = None if token is None else ReplyHandle(str(token), float(row["noted_at"]))
        if reason is None:
            return Reach(handle)
        return Reach(handle, str(reason), float(row["since"]))

    async def refused(self, place_id: int, reason: str, now: float) -> None:
        """Note that Discord refused the bot the place for good, for `reason`."""
        await self._run.execute(
            "INSERT INTO unreachable_places (place_id, reason, since) VALUES (?, ?, ?) "
            "ON CONFLICT (place_id) DO UPDATE SET reason = excluded.reason, "
            "since = excluded.since",
            *(place_id, reason, now),
        )

    async def reachable(self, place_id: int) -> None:
        """Forget that the place was refused: something changed there."""
        await self._run.execute("DELETE FROM unreachable_places WHERE place_id = ?", place_id)

    async def hold(self, place_id: int, text: str, now: float) -> None:
        """Keep a post's text that could not be said in the place, for its next answer."""
        await self._run.execute(
            "INSERT INTO unsaid_posts (place_id, text, held_at) VALUES (?, ?, ?)",
            *(place_id, text, now),
        )

    async def take_unsaid(self, place_id: int) -> list[str]:
        """The texts held for the place, oldest first, no longer held."""
        found = await self._run.fetch(
            "SELECT id, text FROM unsaid_posts WHERE place_id = ? ORDER BY id", place_id
        )
        if found:
            await self._run.execute(
                "DELETE FROM unsaid_posts WHERE place_id = ? AND id <= ?",
                *(place_id, found[-1]["id"]),
            )
        return [str(row["text"]) for row in found]
