"""Rewards per seat, and random playouts that take every win in one they see."""

from __future__ import annotations

import random

import engine

Outcome = tuple[float, ...]
"""A reward per seat: 1 for a win, 0 for a loss, shares for draws."""

MAX_PLAYOUT_PLIES = 400


def outcome(result: engine.Result, players: int) -> Outcome:
    """The rewards of a finished game: winners share one point; a draw shares it out."""
    if result.is_draw:
        return (1 / players,) * players
    share = 1 / len(result.winners)
    return tuple(share if seat in result.winners else 0.0 for seat in range(players))


def win_for(seat: int, players: int) -> Outcome:
    return tuple(1.0 if other == seat else 0.0 for other in range(players))


def playout(game: engine.Game, rng: random.Random) -> Outcome:
    """Play `game` (a search copy) to the end, taking wins in one; return the rewards."""
    for _ in range(MAX_PLAYOUT_PLIES):
        result = game.result
        if result is not None:
            return outcome(result, game.players)
        wins = game.search_wins()
        game.search_push(wins[0] if wins else rng.choice(game.search_moves()))
    return (1 / game.players,) * game.players


def careful_playout(game: engine.Game, rng: random.Random, tries: int = 6) -> Outcome:
    """Play `game` (a search copy) to the end as `playout` does, but each side draws up to
    `tries` random moves to find one that hands the next player no win in one."""
    for _ in range(MAX_PLAYOUT_PLIES):
        result = game.result
        if result is not None:
            return outcome(result, game.players)
        wins = game.search_wins()
        game.search_push(wins[0] if wins else _careful_move(game, rng, tries))
    return (1 / game.players,) * game.players


def _careful_move(game: engine.Game, rng: random.Random, tries: int) -> engine.SearchMove:
    moves = game.search_moves()
    move = rng.choice(moves)
    for _ in range(tries):
        after = game.search_copy()
        after.search_push(move)
        if after.result is not None or not after.search_wins():
            return move
        move = rng.choice(moves)
    return move
