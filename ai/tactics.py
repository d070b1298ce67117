"""What can be seen one move ahead: wins in one, and moves that hand the next player one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import engine


@dataclass(frozen=True)
class Tactics:
    """The seat to move's moves sorted by what they do one move ahead.

    `safe` are the moves after which the next player cannot win at once; `threatened`
    says most moves are not safe: the next player has a win in one to block.
    """

    moves: Sequence[engine.SearchMove]
    wins: list[engine.SearchMove]
    safe: list[engine.SearchMove]

    @property
    def threatened(self) -> bool:
        return 2 * len(self.safe) < len(self.moves)

    @property
    def unsafe(self) -> list[engine.SearchMove]:
        safe = set(self.safe)
        return [move for move in self.moves if move not in safe]


def read(game: engine.Game) -> Tactics:
    """The tactics of the position; the game is left unchanged."""
    moves = game.search_moves()
    wins = game.search_wins()
    safe = [] if wins else [move for move in moves if not hands_over_a_win(game, move)]
    return Tactics(moves, wins, safe)


def hands_over_a_win(game: engine.Game, move: engine.SearchMove) -> bool:
    """Whether after `move` the next player can win at once."""
    after = game.search_copy()
    after.search_push(move)
    return after.result is None and bool(after.search_wins())


def has_safe_move(game: engine.Game) -> bool:
    """Whether the seat to move has a move after which the next player cannot win at once;
    without one, a two-player game is lost to a player who takes wins in one."""
    return any(not hands_over_a_win(game, move) for move in game.search_moves())


def resisting(game: engine.Game, moves: Sequence[engine.SearchMove]) -> list[engine.SearchMove]:
    """The moves of `moves` that leave the next player the fewest wins in one: in a lost
    position, the moves that block the most and so hold out longest."""
    left = {}
    for move in moves:
        after = game.search_copy()
        after.search_push(move)
        left[move] = len(after.search_wins()) if after.result is None else 0
    fewest = min(left.values(), default=0)
    return [move for move in moves if left[move] == fewest]
