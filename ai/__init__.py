"""The computer opponent: Monte Carlo tree search on the engine's search path.

move = ai.choose_move(game, "medium", seed=7)    # canonical text, one of game.legal_moves()
chances = ai.evaluate(game, "hard")              # expected reward of the seat to move
mine = ai.evaluate(game, "hard", seat=1)        # ... or of another seat

Levels differ by thinking budget and by deliberate mistakes (see `Level`), never by
code. Budgets count search iterations, not seconds, so a move depends only on the
game, the level and the seed.
"""

from __future__ import annotations

import math
import random

import engine
from ai.levels import LEVELS, SETTINGS, Level
from ai.lines import LINE_GAMES, guarded, read_lines
from ai.mcts import Node, Search
from ai.policy import policy
from ai.tactics import read, resisting
from ai.threat_space import unrefuted, winning_attack

__all__ = ["LEVELS", "SETTINGS", "Level", "choose_move", "evaluate"]

AHEAD = 0.6
"""The value from which the mover, judging itself ahead, avoids repeating a position."""
SLACK = 0.1
"""How much value a move may give up to avoid a repetition."""


def choose_move(game: engine.Game, level: str, *, seed: int | None = None) -> str:
    """A legal move for the seat to move, as canonical text; `game` is left unchanged.

    Wins in one are always taken, and a threat to win in one is blocked where a move
    does it (a weaker level now and then overlooks it). In Tink and Tingle, as far as
    the level reads (`Level.reading`, `Level.threat_depth`), double threats, forks and
    chains of threats that win are made and the opponent's are kept from it. A lost
    position is resisted: the move leaves the fewest wins in one. A side that judges
    itself ahead does not bring back a position that has stood before while a move about
    as good does not. Raises ValueError for an unknown level or a finished game.
    """
    settings = _settings(level, game)
    rng = _rng(game, level, seed)
    tactics = read(game)
    if tactics.wins:
        return game.search_text(tactics.wins[0])
    candidates = tactics.safe or resisting(game, tactics.moves)
    if tactics.threatened and tactics.safe and rng.random() < settings.miss_block:
        candidates = tactics.unsafe
    elif tactics.safe and settings.reading and game.name in LINE_GAMES and game.players == 2:
        winning = winning_attack(game, settings.threat_depth)
        if winning is not None:
            return game.search_text(winning)
        if rng.random() >= settings.miss_block:
            candidates = _defended(game, candidates, settings)
    if len(candidates) == 1:
        return game.search_text(candidates[0])
    search = _search(game, candidates, settings, rng)
    ranked = search.ranked()
    seat = search.root.to_move
    if ranked[0].proven is not None and ranked[0].proven[seat] == 0.0:
        return game.search_text(resisting(game, candidates)[0])
    return game.search_text(_unrepeated(game, ranked, _pick(ranked, seat, settings, rng)).move)


def evaluate(
    game: engine.Game, level: str, *, seed: int | None = None, seat: int | None = None
) -> float:
    """A seat's expected reward as the level judges it, from 0 (lost) to 1 (won): the seat
    to move's, unless `seat` names another, valued as the seat to move plays its best.

    A level position is worth one share among the players: 0.5 with two. Raises
    ValueError for an unknown level or a finished game.
    """
    settings = _settings(level, game)
    mover = game.to_move or 0
    judged = mover if seat is None else seat
    tactics = read(game)
    if tactics.wins:
        return 1.0 if judged == mover else 0.0
    search = _search(game, tactics.safe or list(tactics.moves), settings, _rng(game, level, seed))
    ranked = search.ranked()
    return ranked[0].mean(judged) if ranked else 1 / game.players


def _settings(level: str, game: engine.Game) -> Level:
    if level not in SETTINGS:
        raise ValueError(f"there is no level called {level!r}: choose easy, medium or hard")
    if game.result is not None:
        raise ValueError("the game is over, so there is no move to think about")
    return SETTINGS[level]


def _rng(game: engine.Game, level: str, seed: int | None) -> random.Random:
    """Randomness fixed by the seed, the level and the position in the game."""
    return random.Random(f"{seed or 0}:{level}:{game.seed}:{len(game.actions)}")


def _search(
    game: engine.Game,
    candidates: list[engine.SearchMove],
    settings: Level,
    rng: random.Random,
) -> Search:
    reading = policy(game.name)
    search = Search(game, sorted(candidates), reading, rng, settings.exploration)
    search.run(reading.budget(game, settings.budget(game.name)))
    return search


def _defended(
    game: engine.Game, moves: list[engine.SearchMove], settings: Level
) -> list[engine.SearchMove]:
    """The moves worth searching in Tink and Tingle, as far as the level reads the lines:
    those that keep the opponent from a double threat (see `guarded`) and from a win by
    threats; when none does both, those shown to keep it from a win by threats (a threat
    of one's own to win in one among them), or else the first ones."""
    lines = read_lines(game)
    forks = settings.reading > 1
    narrowed = guarded(game, lines, moves, forks=forks)
    depth, total = settings.threat_depth, settings.threat_checks
    holding = unrefuted(game, narrowed, depth, total)
    if holding:
        return holding
    kept = set(narrowed)
    others = [move for move in moves if move not in kept]
    holding = unrefuted(game, others, depth, total, proven=True)
    return guarded(game, lines, holding, forks=forks) or narrowed


def _unrepeated(game: engine.Game, ranked: list[Node], chosen: Node) -> Node:
    """`chosen`, or if it brings back a position that has stood before while the mover
    judges itself ahead, the most searched move about as good that does not: a side that is
    winning plays on rather than drift into a draw by repetition."""
    seat = game.to_move or 0
    value = chosen.mean(seat)
    if value < AHEAD or not _repeats(game, chosen.move):
        return chosen
    return next(
        (
            node
            for node in ranked
            if node.visits and node.mean(seat) >= value - SLACK and not _repeats(game, node.move)
        ),
        chosen,
    )


def _repeats(game: engine.Game, move: engine.SearchMove) -> bool:
    after = game.search_copy()
    after.search_push(move)
    return after.result is None and after.repetitions() > 1


def _pick(ranked: list[Node], seat: int, settings: Level, rng: random.Random) -> Node:
    """The best move, or with a temperature one of the `top_k` best by a softmax of values."""
    best = ranked[0]
    if settings.temperature <= 0 or (best.proven is not None and best.proven[seat] == 1.0):
        return best
    pool = [node for node in ranked[: settings.top_k] if node.visits]
    top = best.mean(seat)
    weights = [math.exp((node.mean(seat) - top) / settings.temperature) for node in pool]
    return rng.choices(pool, weights)[0]
