"""Threat-space search in Tink and Tingle: wins by a chain of threats the opponent must answer.

The attacker plays only moves that threaten: a threat to win in one, or a square from which
its next move makes a double threat (a *maker*, as an open two has). The defender answers
every threat with each move that could meet it: a piece on a square of the attacker's open
windows holding two or more of its pieces, or a threat of its own to win in one. A chain
whose every answer still leaves the attacker a win is a forced win (as gomoku programs call
it, a victory by continuous threats). A threat counts only where its seat may have the
piece for it (see `Lines.live_threats`). When the defender has no small in hand, so that
every move of its lifts two pieces, a quiet move that leaves each of them lifting a blocker
(a zugzwang) wins too. Each step is played on the game itself, so stashes, spending and
every ruling are respected; the lines only choose what to try.

Glossary, against threat-space search as Allis, van den Herik and Huntjens named it for
gomoku (1993):

- *threat* (`Lines.threats`): a window of four holding three of a seat's pieces and an
  empty square; Allis's *four*, its empty square the *gain square* of the next move.
- *live threat* (`Lines.live_threats`): a threat whose seat may have the piece to play
  on its gain square; gomoku has no such condition (any stone fills any square).
- *double threat*: two threatened squares at once, Allis's *double four*, which one
  answer cannot meet.
- *maker* (`Lines.makers`): an empty square where one piece makes a double threat, the
  gain square of a *four-three* or *three-three* in gomoku terms; *threat maker*
  (`Lines.threat_makers`): where one piece makes a single threat (a *three*).
- *critical squares* (`Lines.critical`): the empty squares of a seat's windows holding
  two or more of its pieces, the union of the gain and *cost squares* of its threats to
  come: where a defender's answer can matter.
- *chain of threats* (`winning_attack`, `depth`): a *threat sequence*, each threat
  forcing an answer, ending in a double threat or a win; `_attack` is the OR node and
  `_holds` the AND node, every answer that meets the threat (a block, or a threat of the
  defender's own to win in one, Allis's *counter-threat*) tried.
- *refuted* / *held* (`Verdict`): a candidate move after which the opponent has a
  winning threat sequence within `depth` (refuted), or none, every line searched
  (held); *unknown* when the search budget ran out first.
- *zugzwang* (`_waiting`): outside Allis's method; Tink's spending rule can leave a
  defender whose every move lifts a blocker.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

import engine
from ai.lines import SMALL, Lines, as_lines, line_moves, line_wins, read_lines

MOST_NODES = 3000
"""Positions one search for a win may visit before it gives up, finding none."""
CHECK_NODES = 2000
"""Positions the search for the opponent's win after one candidate move may visit."""
MOST_ATTACKS = 12
"""The threatening moves tried in each position, the strongest first."""
MOST_WAITS = 3
"""The quiet moves tried for a zugzwang in each position where the opponent has no small
in hand."""


class Verdict(Enum):
    """What a check of a candidate move found (see `Checks`)."""

    REFUTED = "refuted"
    HELD = "held"
    UNKNOWN = "unknown"


@dataclass
class _Budget:
    """Positions a search may still visit."""

    nodes: int
    spent: int = 0

    def take(self) -> bool:
        self.spent += 1
        return self.spent <= self.nodes


def winning_attack(
    game: engine.Game, depth: int, nodes: int = MOST_NODES
) -> engine.LineMove | None:
    """A move of the seat to move that wins by at most `depth` threats in a row, or None.

    A win in one counts as such a move. Two players only; the game is left unchanged.
    """
    wins = line_wins(game)
    if wins:
        return wins[0]
    return _attack(game, read_lines(game), game.to_move or 0, depth, _Budget(nodes))


def keeps_a_win(
    game: engine.Game, move: engine.LineMove, depth: int, nodes: int = MOST_NODES
) -> bool:
    """Whether `move` wins by at most `depth` threats in a row (a win in one included),
    as `winning_attack` judges its own moves: every answer still leaves a win."""
    seat = game.to_move or 0
    lines = read_lines(game)
    pending = lines.live_threats(1 - seat)
    if pending.bit_count() > 1:
        return False
    after = game.search_copy()
    after.search_push(move)
    if after.result is not None:
        return seat in after.result.winners
    depth += 1 if pending else 0
    return _holds(after, lines.after(seat, move), seat, depth, _Budget(nodes))


def refuted(game: engine.Game, move: engine.LineMove, depth: int, nodes: int = MOST_NODES) -> bool:
    """Whether after `move` the next player wins by at most `depth` threats in a row."""
    return _refuted(game, read_lines(game), move, depth, _Budget(nodes))


def _refuted(
    game: engine.Game, lines: Lines, move: engine.LineMove, depth: int, budget: _Budget
) -> bool:
    seat = game.to_move or 0
    after = game.search_copy()
    after.search_push(move)
    if after.result is not None:
        return not after.result.is_draw and seat not in after.result.winners
    if after.search_wins():
        return True
    return _attack(after, lines.after(seat, move), 1 - seat, depth, budget) is not None


def _attack(
    game: engine.Game, lines: Lines, seat: int, depth: int, budget: _Budget
) -> engine.LineMove | None:
    """A threatening move of `seat` (to move) that wins within `depth` threats; blocking
    a threat of the opponent's to win in one, as long as one of its own stands, is free.
    A quiet move that leaves the opponent in zugzwang counts too."""
    wins = line_wins(game)
    if wins:
        return wins[0]
    pending = lines.live_threats(1 - seat)
    if pending.bit_count() > 1 or (depth <= 0 and not pending) or not budget.take():
        return None
    if pending:
        depth += 1
    for move in _threatening(game, lines, seat, pending):
        after = game.search_copy()
        after.search_push(move)
        if after.result is not None:
            if seat in after.result.winners:
                return move
            continue
        if _holds(after, lines.after(seat, move), seat, depth, budget):
            return move
    if not pending and lines.stash and not lines.stash[1 - seat]:
        return _waiting(game, lines, seat, budget)
    return None


def _waiting(game: engine.Game, lines: Lines, seat: int, budget: _Budget) -> engine.LineMove | None:
    """A quiet move of `seat` (to move) after which the opponent, with no small in hand and
    so lifting two pieces whatever it does, lets `seat` win at once: a zugzwang. The moves
    that leave the most of the opponent's pieces blocking its threes are tried."""
    blocking = lines.blockers(seat)
    if not blocking:
        return None

    def pinned(move: engine.LineMove) -> int:
        """The opponent's pieces still blocking a three of the seat's after `move`."""
        if move.spent_first < 0:
            return blocking.bit_count()
        return lines.after(seat, move).blockers(seat).bit_count()

    for move in sorted(line_moves(game), key=pinned, reverse=True)[:MOST_WAITS]:
        if not budget.take():
            return None
        after = game.search_copy()
        after.search_push(move)
        if after.result is None and _cornered(after, seat, blocking, budget):
            return move
    return None


def _lifted(move: engine.LineMove) -> int:
    """The squares a move spends, as a mask (none for a free small)."""
    return 0 if move.spent_first < 0 else 1 << move.spent_first | 1 << move.spent_second


def _cornered(game: engine.Game, seat: int, blocking: int, budget: _Budget) -> bool:
    """Whether every move of the opponent (to move) lets `seat` win at once; the moves that
    lift none of the `blocking` pieces are tried first."""
    moves = sorted(line_moves(game), key=lambda move: bool(_lifted(move) & blocking))
    return bool(moves) and _all_lose(
        game, moves, seat, budget, lambda reply, _: bool(reply.search_wins())
    )


def _all_lose(
    game: engine.Game,
    answers: list[engine.LineMove],
    seat: int,
    budget: _Budget,
    wins: Callable[[engine.Game, engine.LineMove], bool],
) -> bool:
    """Whether after each of the defender's `answers` `seat` wins (as `wins` judges the
    position after an answer), or the game is over and won by it."""
    for answer in answers:
        if not budget.take():
            return False
        reply = game.search_copy()
        reply.search_push(answer)
        if reply.result is not None:
            if seat in reply.result.winners:
                continue
            return False
        if not wins(reply, answer):
            return False
    return True


def _threatening(game: engine.Game, lines: Lines, seat: int, pending: int) -> list[engine.LineMove]:
    """The seat's moves that threaten, the strongest first; if the opponent threatens to win
    on `pending`, only the blocks that leave a threat of the seat's standing."""
    reach = pending or lines.threat_makers(seat) | lines.two_makers(seat)
    scored = []
    for move in line_moves(game):
        if not reach >> move.target & 1:
            continue
        after = lines.after(seat, move)
        threats = after.live_threats(seat).bit_count()
        makers = after.makers(seat).bit_count() if threats < 2 else 0
        if threats or makers:
            scored.append((-min(threats, 2), -makers, move.spent_first >= 0, move))
    scored.sort()
    return [move for *_, move in scored[:MOST_ATTACKS]]


def _holds(game: engine.Game, lines: Lines, seat: int, depth: int, budget: _Budget) -> bool:
    """Whether every answer of the defender (to move) still leaves `seat` a win in time.

    Answers that touch neither the attacker's lines nor make a threat lose; one of them
    is played out all the same, to check that the attacker's threat can be carried out:
    one that leaves the defender the most smalls in hand, lest it be cornered for want.
    """
    if game.search_wins():
        return False
    threatened = lines.live_threats(seat)
    meets = threatened or lines.critical(seat) | lines.threat_makers(1 - seat)
    answers: list[engine.LineMove] = []
    ignoring: list[engine.LineMove] = []
    for move in line_moves(game):
        (answers if meets >> move.target & 1 else ignoring).append(move)
    if ignoring:
        answers.append(_least_short(lines, 1 - seat, ignoring))

    def carried_on(reply: engine.Game, answer: engine.LineMove) -> bool:
        follow = lines.after(1 - seat, answer)
        return _attack(reply, follow, seat, depth - 1, budget) is not None

    return _all_lose(game, answers, seat, budget, carried_on)


def _least_short(lines: Lines, seat: int, moves: list[engine.LineMove]) -> engine.LineMove:
    """The first of `moves`, or when the seat has at most one small in hand, the one that
    leaves it the most."""
    if not lines.stash or lines.stash[seat] > 1:
        return moves[0]
    pure_smalls = lines.smalls[seat] & ~lines.mediums[seat]
    return max(
        moves, key=lambda move: (_lifted(move) & pure_smalls).bit_count() - (move.size == SMALL)
    )


class Checks:
    """Checks of a position's candidate moves against the opponent's wins by threats.

    Each check may visit `CHECK_NODES` positions and all of them together `total`, so
    a move's verdict is reproducible: REFUTED (the opponent wins by at most `depth`
    threats in a row), HELD (no such win, every line searched) or UNKNOWN (the search
    ran out first, or the total was spent before it began).
    """

    def __init__(self, game: engine.Game, depth: int, total: int) -> None:
        self.game, self.depth, self.left = game, depth, total
        self.lines = read_lines(game)

    def verdict(self, move: engine.SearchMove) -> Verdict:
        """What checking `move` found."""
        if self.left <= 0:
            return Verdict.UNKNOWN
        budget = _Budget(CHECK_NODES)
        (line,) = as_lines([move])
        refuted = _refuted(self.game, self.lines, line, self.depth, budget)
        self.left -= budget.spent
        if refuted:
            return Verdict.REFUTED
        return Verdict.UNKNOWN if budget.spent > budget.nodes else Verdict.HELD
