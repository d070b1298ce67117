"""The bot as a player: its turns, played like anyone's, and its answers to offers.

Thinking is slow (up to seconds a move), so it is done by a `Thinker` away from the
event loop, on the game's saved state; the move then goes through the same versioned
save and the same post as a person's move, so a move thought out for a position that has
changed meanwhile (a take-back, an offer, another process) is dropped, never played.
"""

from __future__ import annotations

from enum import Enum
from typing import Protocol

import ai
import engine
from bot.play.playing.ai_seats import ai_level
from bot.play.playing.turns import Turns
from bot.play.table.games import GameTable, Mover
from bot.play.table.values import Post
from bot.storage import GameRecord, Seat, Status
from bot.storage.clock_queries import ClockStorage

DEFAULT_NAME = "Pyramid Host"
LATE_PLIES = 16
"""Moves played before the bot agrees to a draw in a level position: one offered in the
first moves is declined, so that a newcomer trying the command does not end their game."""
LOST_SHARE = 0.5
"""The part of its share of the players' chances at or below which the bot, judging its
position lost, agrees to a draw at any time."""


class DrawAnswer(Enum):
    """The bot's answer to a draw offer."""

    AGREES = "agrees"
    PLAYS_ON = "plays on"
    """It still sees a way to win."""
    TOO_EARLY = "too early"
    """The game has only begun."""


class Thinker(Protocol):
    """Runs the AI (`ai.choose_move`, `ai.evaluate`) on a game's saved JSON state."""

    async def choose_move(self, state: str, level: str) -> str: ...

    async def evaluate(self, state: str, level: str, seat: int) -> float:
        """`seat`'s expected reward, 0 (lost) to 1 (won), as `level` judges it."""

    async def appraise(self, state: str, level: str, move: str) -> ai.Appraisal:
        """The mover's best move and `move` valued alike (`ai.appraise`)."""

    async def close(self) -> None: ...


class AiPlayers:
    """The bot's seats: playing their turns and judging offers.

    `name` is the bot's name, which its seats are shown under with their level.
    """

    def __init__(
        self,
        games: GameTable,
        clocks: ClockStorage,
        turns: Turns,
        thinker: Thinker,
        *,
        name: str = DEFAULT_NAME,
    ) -> None:
        self.games = games
        self._clocks = clocks
        self._thinker = thinker
        self.name = name
        self._turns = turns

    async def waiting(self) -> list[int]:
        """The games whose turn is the bot's, longest waiting first."""
        return [turn.game_id for turn in await self._clocks.ai_turns()]

    async def turn(self, game_id: int) -> GameRecord | None:
        """The game if it waits on one of the bot's seats."""
        record = await self.games.by_id(game_id)
        if record is None or record.status is not Status.ACTIVE or record.turn_user_id is None:
            return None
        return record if ai_level(record.turn_user_id) is not None else None

    async def take_turn(self, game_id: int) -> Post | None:
        """Play the bot's turn in the game if it waits on one of the bot's seats (see
        `turn`, then `play`): the post of its move, None when it waits on no one of the
        bot's; a `Refusal` when the game changed while it thought."""
        record = await self.turn(game_id)
        return None if record is None else await self.play(record)

    async def play(self, record: GameRecord) -> Post:
        """Think of a move for the bot's seat to move and play it as a person would; a
        `Refusal` when the game changed while it thought."""
        assert record.turn_seat is not None and record.turn_user_id is not None
        level = ai_level(record.turn_user_id)
        assert level is not None
        move = await self._thinker.choose_move(record.state, level)
        async with self.games.borrow(record) as loan:
            return await self._turns.play(Mover(loan, record.players[record.turn_seat]), move)

    async def answer_draw(self, record: GameRecord, seat: Seat, players_in: int) -> DrawAnswer:
        """How the bot's seat answers a draw offer: it agrees where it judges its position
        lost (at most half its share of the players still in), plays on where it judges
        it better than level (more than its share), and agrees to a level one only once
        the game is under way (`LATE_PLIES`)."""
        level = ai_level(seat.user_id)
        assert level is not None
        share = 1 / players_in
        chances = await self._thinker.evaluate(record.state, level, seat.seat)
        if chances <= share * LOST_SHARE:
            return DrawAnswer.AGREES
        if chances > share:
            return DrawAnswer.PLAYS_ON
        if len(engine.load_game(record.state).history) < LATE_PLIES:
            return DrawAnswer.TOO_EARLY
        return DrawAnswer.AGREES
