"""What can be seen a few moves ahead: wins in one, moves that hand the next player one,
and moves that let the next player force a win in two."""

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


def without_forced_losses(
    game: engine.Game, moves: Sequence[engine.SearchMove]
) -> list[engine.SearchMove]:
    """The `moves` after which the next player cannot force a win in two (an unstoppable
    double threat), or all of them when each one allows it."""
    kept = [move for move in moves if not allows_a_forced_win(game, move)]
    return kept or list(moves)


def allows_a_forced_win(game: engine.Game, move: engine.SearchMove) -> bool:
    """Whether after `move` the next player has a move that wins in two whatever the reply."""
    after = game.search_copy()
    after.search_push(move)
    return after.result is None and bool(engine.forced_wins_in_two(after, most=1))


def hands_over_a_win(game: engine.Game, move: engine.SearchMove) -> bool:
    """Whether after `move` the next player can win at once."""
    after = game.search_copy()
    after.search_push(move)
    return after.result is None and bool(after.search_wins())
