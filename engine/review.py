"""A finished (or running) game looked at one move ahead, for players to learn from."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Game, replay


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One move of a game: what its mover missed and what it handed the next player.

    `ply` indexes `Game.history`. `missed_wins` are the moves that would have won at
    once, when the move played was not one of them; `allowed_wins` the moves that win
    at once for the next player after it. Both are canonical texts, empty when none.
    """

    ply: int
    seat: int
    move: str
    missed_wins: tuple[str, ...]
    allowed_wins: tuple[str, ...]


def review(game: Game) -> list[MoveReview]:
    """Every move the players made (forced passes left out), in order; exact, by the rules."""
    replayed = replay(game.name, game.players, game.seed, game.options, ())
    reviews = []
    for action in game.actions:
        ply = len(replayed.history)
        wins = replayed.winning_moves()
        replayed.apply(action)
        if len(replayed.history) == ply:
            continue
        move = replayed.history[ply]
        reviews.append(
            MoveReview(
                ply=ply,
                seat=replayed.movers[ply],
                move=move,
                missed_wins=() if move in wins else tuple(wins),
                allowed_wins=tuple(replayed.winning_moves()),
            )
        )
    return reviews
