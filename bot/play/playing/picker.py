"""Tap to move: a move picked step by step (see `bot.play.playing.choices`) and played."""

from __future__ import annotations

import engine
from bot.play.playing.choices import MOST_CHOICES, Step, game_step
from bot.play.playing.hints import hints_in
from bot.play.playing.turns import Turns
from bot.play.table.games import GameTable, Mover, turn_seat
from bot.play.table.values import Post
from bot.storage import GameRecord
from bot.storage.clock_queries import ClockStorage


class Picker:
    """The steps of picking a move, read off the lent game's legal moves, and playing it."""

    def __init__(self, games: GameTable, turns: Turns, clocks: ClockStorage) -> None:
        """`clocks` holds the server settings that say where hints are shown."""
        self._games = games
        self._turns = turns
        self._clocks = clocks

    async def play(
        self,
        game_id: int,
        user_id: int,
        chosen: str,
        version: int,
        *,
        listed: int | None = MOST_CHOICES,
    ) -> Post | Step:
        """Play the move picked, as a typed one is played; a picker the game moved on
        from (or whose move is not whole) gets its step instead."""
        record = await self._games.active_by_id(game_id)
        async with self._games.borrow(record) as loan:
            seat = turn_seat(record, user_id)
            if version == record.version and chosen in loan.game.legal_moves():
                return await self._turns.play(Mover(loan, seat), chosen)
            return await self._step(record, loan.game, chosen, version, listed)

    async def step(
        self,
        game_id: int,
        user_id: int,
        chosen: str = "",
        version: int = 0,
        *,
        listed: int | None = MOST_CHOICES,
    ) -> Step:
        """The step after `chosen` for the player to move; a picker opened at another
        `version` (0: none) of the game starts afresh. A step offers at most `listed`
        choices (None: a piece at a time, however many), the winning ones first and
        marked where the game gives hints (see `hints_shown`). Refused, in one sentence,
        to anyone but the player to move, and once the game is over."""
        record = await self._games.active_by_id(game_id)
        async with self._games.borrow(record) as loan:
            turn_seat(record, user_id)
            return await self._step(record, loan.game, chosen, version, listed)

    async def _step(
        self, record: GameRecord, game: engine.Game, chosen: str, version: int, listed: int | None
    ) -> Step:
        hinted = await hints_in(self._clocks, record)
        return game_step(record, game, chosen, version, listed, hinted=hinted)
