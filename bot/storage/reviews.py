"""Finished games' reviews, kept once made: the same game always gives the same review,
so a second ask, the game's page and its move list read it instead of making it again."""

from __future__ import annotations

from bot.storage.queries import Runner


class KeptReviews:
    """The reviews table, in SQL both backends run: each review as its JSON text."""

    def __init__(self, runner: Runner) -> None:
        self._run = runner

    async def review(self, game_id: int, version: int) -> str | None:
        """The review made of the game at this version, if one was."""
        found = await self._run.fetch(
            "SELECT review FROM reviews WHERE game_id = ? AND version = ?", game_id, version
        )
        return str(found[0]["review"]) if found else None

    async def made_at(self, game_id: int) -> float | None:
        """When the game's review was made, if one was."""
        found = await self._run.fetch("SELECT made_at FROM reviews WHERE game_id = ?", game_id)
        return float(found[0]["made_at"]) if found else None

    async def keep(self, game_id: int, version: int, review: str, now: float) -> None:
        await self._run.execute(
            "INSERT INTO reviews (game_id, version, review, made_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, "
            "review = excluded.review, made_at = excluded.made_at",
            *(game_id, version, review, now),
        )
