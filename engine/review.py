"""A finished (or running) game looked at one and two moves ahead, for players to learn from."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from engine.core import Game, SearchMove, replay

REFUTERS_KEPT = 4
"""Replies remembered for refuting a forced win, tried first on the next candidate."""


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One move of a game: what its mover missed and what it handed the next player.

    `ply` indexes `Game.history`. `missed_wins` are the moves that would have won at
    once, when the move played was not one of them; `allowed_wins` the moves that win
    at once for the next player after it; `allowed_forced_wins`, when there are none,
    the next player's moves that force a win in two (see `forced_wins_in_two`). All are
    canonical texts, empty when none.
    """

    ply: int
    seat: int
    move: str
    missed_wins: tuple[str, ...]
    allowed_wins: tuple[str, ...]
    allowed_forced_wins: tuple[str, ...] = ()


def review(
    game: Game, *, most_forced_wins: int | None = None, forced_win_pushes: int | None = None
) -> list[MoveReview]:
    """Every move the players made (forced passes left out), in order; exact, by the rules.

    `most_forced_wins` caps each move's `allowed_forced_wins` (the first ones found): all
    of them can take long to find where many moves force a win. `forced_win_pushes` caps
    the moves tried on the search path to find them, over the whole game: positions are
    read from the last move back, and those left when it runs out stay unmarked.
    """
    replayed = replay(game.name, game.players, game.seed, game.options, ())
    reviews: list[MoveReview] = []
    unread: list[tuple[int, Game]] = []
    for action in game.actions:
        ply = len(replayed.history)
        wins = replayed.winning_moves()
        replayed.apply(action)
        if len(replayed.history) == ply:
            continue
        move = replayed.history[ply]
        allowed = tuple(replayed.winning_moves())
        if not allowed and replayed.result is None:
            unread.append((len(reviews), replayed.search_copy()))
        reviews.append(
            MoveReview(
                ply=ply,
                seat=replayed.movers[ply],
                move=move,
                missed_wins=() if move in wins else tuple(wins),
                allowed_wins=allowed,
            )
        )
    budget = _Budget(math.inf if forced_win_pushes is None else forced_win_pushes)
    for index, position in reversed(unread):
        try:
            forced = _forced_wins(position, most_forced_wins, budget)
        except _OutOfBudget:
            break
        reviews[index] = replace(reviews[index], allowed_forced_wins=forced)
    return reviews


def forced_wins_in_two(game: Game, most: int | None = None) -> tuple[str, ...]:
    """The moves of the seat to move that force a win in two: after each, the next player
    has no win in one, and whatever it replies the seat to move wins in one (an
    unstoppable double threat). Canonical texts in `search_moves()` order, the first
    `most` of them when given; empty when the seat to move wins in one already, or once
    the game (or round) is over.

    Read on the search path; a reply after which another seat moves never counts as
    answered, so in games of three or four this finds only what two players left face.
    """
    return _forced_wins(game, most, _Budget(math.inf))


class _OutOfBudget(Exception):
    """The moves a reading may try have all been tried."""


@dataclass(slots=True)
class _Budget:
    """How many more moves a reading may push on the search path."""

    pushes: float

    def pushed(self, game: Game, move: SearchMove) -> Game:
        """A copy of `game` after `move`, paid for; `_OutOfBudget` once nothing is left."""
        if self.pushes <= 0:
            raise _OutOfBudget
        self.pushes -= 1
        after = game.search_copy()
        after.search_push(move)
        return after


def _forced_wins(game: Game, most: int | None, budget: _Budget) -> tuple[str, ...]:
    seat = game.to_move
    if seat is None or game.search_wins():
        return ()
    refuters: list[SearchMove] = []
    forcing = []
    for move in game.search_moves():
        if _wins_whatever_the_reply(budget.pushed(game, move), seat, refuters, budget):
            forcing.append(game.search_text(move))
            if len(forcing) == most:
                break
    return tuple(forcing)


def _wins_whatever_the_reply(
    game: Game, seat: int, refuters: list[SearchMove], budget: _Budget
) -> bool:
    """Whether `seat` wins in one after every reply of the player to move in `game`; a
    reply that wins (or ends the game or round otherwise) spoils it. `refuters` are
    replies that spoiled earlier tries, tried first; one that spoils this try joins them."""
    if game.result is not None:
        return False
    if game.to_move == seat:
        return bool(game.search_wins())
    replies = game.search_moves()
    for reply in _refuters_first(replies, refuters):
        answered = budget.pushed(game, reply)
        if answered.result is None and answered.to_move == seat and answered.search_wins():
            continue
        if reply in refuters:
            refuters.remove(reply)
        refuters.insert(0, reply)
        del refuters[REFUTERS_KEPT:]
        return False
    return True


def _refuters_first(
    replies: Sequence[SearchMove], refuters: list[SearchMove]
) -> Iterator[SearchMove]:
    """The replies, those among `refuters` first."""
    known = [reply for reply in refuters if reply in replies]
    yield from known
    yield from (reply for reply in replies if reply not in known)
