"""Puzzles given to players: which position of which finished game, how many tries, and
whether it was solved; with the finished games a server's puzzles are found in."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.queries import Runner

NO_SERVER = 0
"""The server of puzzles from games played outside any."""


@dataclass(frozen=True, slots=True)
class PuzzleTry:
    """A puzzle given to a player: the position before move `ply` of game `game_id`."""

    user_id: int
    game_id: int
    ply: int
    tries: int
    solved: bool
    closed: bool


class PuzzleTries:
    """The puzzle_tries table, and the games puzzles come from, in SQL both backends run."""

    def __init__(self, runner: Runner) -> None:
        self._run = runner

    async def finished_games(self, guild_id: int | None, game: str | None, most: int) -> list[int]:
        """The server's finished games (outside servers: every such game), newest first."""
        where = "guild_id IS NULL" if guild_id is None else "guild_id = ?"
        values: list[object] = [] if guild_id is None else [guild_id]
        if game is not None:
            where += " AND game = ?"
            values.append(game)
        found = await self._run.fetch(
            f"SELECT id FROM games WHERE {where} AND status = 'finished' "
            "ORDER BY ended_at DESC, id DESC LIMIT ?",
            *values,
            most,
        )
        return [int(row["id"]) for row in found]

    async def given(self, user_id: int) -> set[tuple[int, int]]:
        """Every puzzle the player was ever given, as (game, ply)."""
        found = await self._run.fetch(
            "SELECT game_id, ply FROM puzzle_tries WHERE user_id = ?", user_id
        )
        return {(int(row["game_id"]), int(row["ply"])) for row in found}

    async def current(self, user_id: int, guild_id: int | None) -> PuzzleTry | None:
        """The player's puzzle of this server still open, if any."""
        found = await self._run.fetch(
            "SELECT user_id, game_id, ply, tries, solved, closed FROM puzzle_tries "
            "WHERE user_id = ? AND guild_id = ? AND closed = 0 ORDER BY given_at DESC LIMIT 1",
            *(user_id, guild_id or NO_SERVER),
        )
        if not found:
            return None
        row = found[0]
        return PuzzleTry(
            int(row["user_id"]),
            int(row["game_id"]),
            int(row["ply"]),
            int(row["tries"]),
            bool(row["solved"]),
            bool(row["closed"]),
        )

    async def give(
        self, user_id: int, guild_id: int | None, game_id: int, ply: int, now: float
    ) -> PuzzleTry:
        """Give the player a puzzle; any other still open in this server closes."""
        await self._run.execute(
            "UPDATE puzzle_tries SET closed = 1 WHERE user_id = ? AND guild_id = ?",
            *(user_id, guild_id or NO_SERVER),
        )
        await self._run.execute(
            "INSERT INTO puzzle_tries (user_id, game_id, ply, guild_id, tries, solved, closed, "
            "given_at) VALUES (?, ?, ?, ?, 0, 0, 0, ?)",
            *(user_id, game_id, ply, guild_id or NO_SERVER, now),
        )
        return PuzzleTry(user_id, game_id, ply, 0, False, False)

    async def save(self, tried: PuzzleTry) -> None:
        await self._run.execute(
            "UPDATE puzzle_tries SET tries = ?, solved = ?, closed = ? "
            "WHERE user_id = ? AND game_id = ? AND ply = ?",
            *(tried.tries, int(tried.solved), int(tried.closed)),
            *(tried.user_id, tried.game_id, tried.ply),
        )

    async def tally(self, user_id: int, guild_id: int | None) -> tuple[int, int]:
        """The player's puzzles of this server solved, and tried (given and answered)."""
        found = await self._run.fetch(
            "SELECT coalesce(sum(solved), 0) AS solved, count(*) AS tried FROM puzzle_tries "
            "WHERE user_id = ? AND guild_id = ? AND tries > 0",
            *(user_id, guild_id or NO_SERVER),
        )
        return int(found[0]["solved"]), int(found[0]["tried"])
