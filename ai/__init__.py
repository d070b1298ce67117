"""The computer opponent: Monte Carlo tree search on the engine's search path.

move = ai.choose_move(game, "medium", seed=7)    # canonical text, one of game.legal_moves()
chances = ai.evaluate(game, "hard")              # expected reward of the seat to move
mine = ai.evaluate(game, "hard", seat=1)        # ... or of another seat

Levels differ only in their settings (see `Level`): the thinking budget, how far they
read the lines of Tink and Tingle (`Reading`), and the deliberate mistakes they make;
one code path plays all three. Budgets count search iterations, not seconds, so a move
depends only on the game, the level and the seed. The terms of the line reading are
mapped to the literature's in the glossary of `ai.threat_space`.
"""

from __future__ import annotations

import math
import random
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace

import engine
from ai.levels import LEVELS, SETTINGS, Level, Reading
from ai.lines import LINE_GAMES, as_lines, guarded, read_lines
from ai.mcts import Node, Search
from ai.policy import policy
from ai.tactics import read, resisting
from ai.threat_space import Checks, Verdict, keeps_a_win, winning_attack

__all__ = [
    "LEVELS",
    "SETTINGS",
    "Appraisal",
    "Level",
    "Reading",
    "appraise",
    "choose_move",
    "evaluate",
]

AHEAD = 0.6
"""The value from which the mover, judging itself ahead, avoids repeating a position."""
SLACK = 0.1
"""How much value a move may give up to avoid a repetition."""
FALLBACK_SHARE = 4
"""In Tink and Tingle, the part (one in this many) of its iterations a level spends
choosing among the moves shown to hold when none of those it preferred holds."""
FULL_READS = 3
"""With `Level.exact_replies`, the moves of a turn read in full for the opponent's chains
of threats (a read may take a few tenths of a second)."""


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
    settings = _played(settings, game)
    candidates = tactics.safe or resisting(game, tactics.moves)
    misses = settings.misses(game.to_move or 0, game.players)
    if tactics.threatened and tactics.safe and rng.random() < misses:
        candidates = tactics.unsafe
    elif tactics.safe and settings.reading >= Reading.THREATS and _reads_lines(game):
        winning = winning_attack(game, settings.threat_depth)
        if winning is not None:
            return game.search_text(winning)
        if rng.random() >= misses:
            return game.search_text(_checked_choice(game, candidates, settings, rng))
    return game.search_text(_choice(game, candidates, settings, rng))


def _played(settings: Level, game: engine.Game) -> Level:
    """The settings the level plays this move by: those of its game (`Level.games`), then
    `Level.first` in the first seat of two, then `Level.lenient` against an opponent that
    does not block (see `_unblocking`)."""
    settings = settings.games.get(game.name, settings)
    if settings.first is not None and game.players == 2 and game.to_move == 0:
        settings = settings.first
    lenient = settings.lenient
    if lenient is not None and _reads_lines(game) and _unblocking(game, settings.lenient_after):
        return lenient
    return settings


def _unblocking(game: engine.Game, chances: int) -> bool:
    """Whether the opponent of the seat to move has let its lines be `chances` times and
    never blocked them: of the opponent's moves made while the seat had open lines of two
    or more (`Lines.critical`), at least that many and none on one of their squares."""
    seat = game.to_move or 0
    replayed = engine.replay(game.name, game.players, game.seed, game.options, ())
    let_be = 0
    for action in game.actions:
        if action.kind is not engine.ActionKind.MOVE or replayed.to_move in (None, seat):
            replayed.apply(action)
            continue
        before = read_lines(replayed)
        critical = before.critical(seat)
        replayed.apply(action)
        if critical & read_lines(replayed).occupied & ~before.occupied:
            return False
        let_be += critical != 0
    return let_be >= chances


def _reads_lines(game: engine.Game) -> bool:
    """Whether the game's lines can be read: Tink or Tingle between two players."""
    return game.name in LINE_GAMES and game.players == 2


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


@dataclass(frozen=True, slots=True)
class Appraisal:
    """A move judged against the best one, by searches of one budget from one position:
    each seat's expected reward after the best move, that move, and the mover's expected
    reward after the move played."""

    values: tuple[float, ...]
    best: str
    played: float


def appraise(game: engine.Game, level: str, move: str, *, seed: int | None = None) -> Appraisal:
    """The mover's best move and `move` (a legal move) valued alike: the position searched
    as `evaluate` does, then `move` alone with as many iterations as the best move had, so
    that neither is judged deeper than the other. In Tink and Tingle, what the level's
    reading of the lines proves comes first: a position won by a chain of threats is won,
    a move that keeps that win loses nothing, and a move after which the opponent wins by
    one is lost. Raises ValueError as `evaluate` does."""
    settings = _settings(level, game)
    mover = game.to_move or 0
    rng = _rng(game, level, seed)
    tactics = read(game)
    by_text = {game.search_text(candidate): candidate for candidate in tactics.moves}
    played = by_text[move]
    won = tuple(1.0 if seat == mover else 0.0 for seat in range(game.players))
    if tactics.wins:
        best = game.search_text(tactics.wins[0])
        return Appraisal(won, best, 1.0 if played in tactics.wins else 0.0)
    candidates = tactics.safe or list(tactics.moves)
    reads = bool(tactics.safe) and settings.reading >= Reading.THREATS and _reads_lines(game)
    line = as_lines([played])[0] if reads else None
    if line is not None:
        attack = _remembered_attack(game, settings.threat_depth)
        if attack is not None:
            best = game.search_text(attack)
            if attack == line or keeps_a_win(game, line, settings.threat_depth):
                return Appraisal(won, best, 1.0)
            value = _unproven(game, played, line, settings, rng, _budget(game, settings))
            return Appraisal(won, best, value)
    search = _search(game, candidates, settings, rng)
    top = search.ranked()[0]
    values = tuple(top.mean(seat) for seat in range(game.players))
    best = game.search_text(top.move)
    if best == move:
        return Appraisal(values, best, values[mover])
    return Appraisal(values, best, _unproven(game, played, line, settings, rng, top.visits))


def _unproven(
    game: engine.Game,
    move: engine.SearchMove,
    line: engine.LineMove | None,
    settings: Level,
    rng: random.Random,
    iterations: int,
) -> float:
    """The mover's expected reward after `move`: none where the opponent then wins by a
    chain of threats (read where `line`, the move as a line move, is given), else as the
    move searched alone for `iterations` finds it."""
    if line is not None and _refuted(game, game.search_text(move), settings.threat_depth):
        return 0.0
    alone = Search(game, [move], policy(game.name), rng, settings.exploration)
    alone.run(max(iterations, 1))
    return alone.ranked()[0].mean(game.to_move or 0)


REMEMBERED_ATTACKS = 64
"""Positions whose winning attack (or none) `appraise` remembers, the newest kept."""
_attacks: OrderedDict[tuple[str, int], engine.LineMove | None] = OrderedDict()
_attacks_held = threading.Lock()


def _remembered_attack(game: engine.Game, depth: int) -> engine.LineMove | None:
    """`winning_attack(game, depth)`, remembered by the game's saved form. A review asks
    whether the opponent wins by threats after each move played, and then whether the
    mover of the next position does: the same question of the same position, asked
    once."""
    key = (game.to_json(), depth)
    with _attacks_held:
        if key in _attacks:
            _attacks.move_to_end(key)
            return _attacks[key]
    found = winning_attack(game, depth)
    with _attacks_held:
        _attacks[key] = found
        if len(_attacks) > REMEMBERED_ATTACKS:
            _attacks.popitem(last=False)
    return found


def forget_attacks() -> None:
    """Forget the remembered attacks (see `_remembered_attack`)."""
    with _attacks_held:
        _attacks.clear()


def _refuted(game: engine.Game, move: str, depth: int) -> bool:
    """Whether after `move` (canonical text) the next player wins by at most `depth`
    threats in a row, as `refuted` judges it, read on the game as it will be played."""
    after = engine.load_game(game.to_json())
    after.play(move)
    if after.result is not None:
        return not after.result.is_draw and (game.to_move or 0) not in after.result.winners
    return _remembered_attack(after, depth) is not None


def _budget(game: engine.Game, settings: Level) -> int:
    """The iterations the level's search of this position runs."""
    return policy(game.name).budget(game, settings.budget(game.name))


def _settings(level: str, game: engine.Game) -> Level:
    if level not in SETTINGS:
        raise ValueError(
            f"there is no level called {level!r}: choose beginner, easy, medium or hard"
        )
    if game.result is not None:
        raise ValueError("the game is over, so there is no move to think about")
    return SETTINGS[level]


def _rng(game: engine.Game, level: str, seed: int | None) -> random.Random:
    """Randomness fixed by the seed, the level and the position in the game."""
    return random.Random(f"{seed or 0}:{level}:{game.seed}:{len(game.actions)}")


def _search(
    game: engine.Game,
    candidates: Sequence[engine.SearchMove],
    settings: Level,
    rng: random.Random,
) -> Search:
    reading = policy(game.name)
    search = Search(game, sorted(candidates), reading, rng, settings.exploration)
    search.run(reading.budget(game, settings.budget(game.name)) if len(candidates) > 1 else 1)
    return search


def _choice(
    game: engine.Game,
    candidates: Sequence[engine.SearchMove],
    settings: Level,
    rng: random.Random,
    ranked: list[Node] | None = None,
) -> engine.SearchMove:
    """The move the level plays among `candidates`, from the search's ranking of them
    (searched now unless given): in a lost position the one that resists longest."""
    if ranked is None:
        ranked = _search(game, candidates, settings, rng).ranked()
    seat = game.to_move or 0
    if ranked[0].proven is not None and ranked[0].proven[seat] == 0.0:
        return resisting(game, candidates)[0]
    return _unrepeated(game, ranked, _pick(ranked, seat, settings, rng)).move


def _checked_choice(
    game: engine.Game, moves: list[engine.SearchMove], settings: Level, rng: random.Random
) -> engine.SearchMove:
    """In Tink and Tingle, the move the level plays as far as it reads the lines.

    The moves `guarded` leaves are searched, then checked in the order the search ranks
    them until as many as the level picks from hold, those found to hand the opponent a
    win by threats left out (see `Checks`; with `Level.exact_replies`, also those after
    which the opponent forces a win in two, or wins by a chain of threats the review's
    reader finds: see `_held`). When every one of them does, the choice is among the
    other moves shown to hold (a threat of one's own to win in one among them), or else
    among the guarded moves (with `exact_replies`, first among all the moves that hand
    over no forced win in two). All the checks of a move share the level's
    `threat_checks`.
    """
    lines = read_lines(game)
    forks = settings.reading >= Reading.FORKS
    narrowed = guarded(game, lines, moves, forks=forks)
    checks = Checks(game, settings.threat_depth, settings.threat_checks)
    ranked = _search(game, narrowed, settings, rng).ranked()
    held = _held(ranked, checks, settings)
    if held:
        return _choice(game, [node.move for node in held], settings, rng, held)
    kept = set(narrowed)
    others = [move for move in moves if move not in kept]
    shown = [move for move in others if checks.verdict(move) is Verdict.HELD]
    holding: list[engine.SearchMove] = list(guarded(game, lines, shown, forks=forks))
    if settings.exact_replies:
        tried = set(holding)
        rest = [move for move in moves if move not in tried]
        holding = _unanswered(game, holding) or _unanswered(game, rest)
    if holding:
        share = max(1, settings.budget(game.name) // FALLBACK_SHARE)
        quick = replace(settings, iterations={"default": share})
        return _choice(game, holding, quick, rng)
    return _choice(game, narrowed, settings, rng, ranked)


def _held(ranked: list[Node], checks: Checks, settings: Level) -> list[Node]:
    """The first `top_k` of the ranked moves that are not refuted, a proven win among
    them unchecked; with `exact_replies`, a move after which the opponent forces a win
    in two is refuted too, as is one of the first `FULL_READS` after which the opponent
    wins by a chain of threats read in full."""
    game = checks.game
    seat = game.to_move or 0
    full_reads = FULL_READS
    held: list[Node] = []
    for node in ranked:
        won = node.proven is not None and node.proven[seat] == 1.0
        if not won and checks.verdict(node.move) is Verdict.REFUTED:
            continue
        if not won and settings.exact_replies:
            depth = checks.depth if full_reads > 0 else None
            full_reads -= 1
            if _answered_by_a_win(game, node.move, depth):
                continue
        held.append(node)
        if len(held) == settings.top_k:
            break
    return held


def _unanswered(game: engine.Game, moves: list[engine.SearchMove]) -> list[engine.SearchMove]:
    """The moves after which the next player forces no win in two."""
    return [move for move in moves if not _answered_by_a_win(game, move, None)]


def _answered_by_a_win(game: engine.Game, move: engine.SearchMove, depth: int | None) -> bool:
    """Whether after `move` the next player forces a win in two by the rules' exact
    reading (`engine.forced_wins_in_two`), or, given a `depth`, wins by at most that many
    threats in a row (`winning_attack`, read in full)."""
    after = game.search_copy()
    after.search_push(move)
    if after.result is not None:
        return False
    if engine.forced_wins_in_two(after, most=1):
        return True
    return depth is not None and winning_attack(after, depth) is not None


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
    pool = [node for node in ranked[: settings.top_k] if node.visits] or [best]
    top = best.mean(seat)
    weights = [math.exp((node.mean(seat) - top) / settings.temperature) for node in pool]
    return rng.choices(pool, weights)[0]
