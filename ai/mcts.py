"""Monte Carlo tree search with a reward per seat (max^n) and MCTS-Solver proofs.

Every node is valued when it is created: a finished game, or a seat to move that can
win at once, is proven on the spot; otherwise the game's policy plays the position out
or reads it, and orders its moves (see `policy`). A node whose mover has a proven win,
or whose children are all proven, is proven too, so short forced wins and losses near
the end are found exactly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import engine
from ai.playout import Outcome, outcome, win_for
from ai.policy import Policy
from ai.tactics import has_safe_move


class Node:
    """A position in the tree, reached by `move` from its parent."""

    __slots__ = ("children", "move", "proven", "to_move", "totals", "untried", "visits")

    def __init__(self, move: engine.SearchMove, players: int) -> None:
        self.move = move
        self.children: list[Node] = []
        self.untried: list[engine.SearchMove] = []
        self.visits = 0
        self.totals = [0.0] * players
        self.to_move = 0
        self.proven: Outcome | None = None

    def mean(self, seat: int) -> float:
        """The seat's expected reward here: exact once proven."""
        if self.proven is not None:
            return self.proven[seat]
        return self.totals[seat] / self.visits if self.visits else 0.0


class Search:
    """One search from a position, over the moves it is allowed to consider at the root."""

    def __init__(
        self,
        game: engine.Game,
        root_moves: Sequence[engine.SearchMove],
        policy: Policy,
        rng: random.Random,
        exploration: float,
    ) -> None:
        self.game = game.search_copy()
        self.players = game.players
        self.policy = policy
        self.rng = rng
        self.exploration = exploration
        self.root = Node((), self.players)
        self.root.to_move = game.to_move or 0
        ordered, _ = policy.assess(self.game.search_copy(), list(root_moves), rng)
        self.root.untried = ordered[::-1]

    def run(self, iterations: int) -> None:
        for _ in range(iterations):
            if self.root.proven is not None:
                return
            self._iterate()

    def ranked(self) -> list[Node]:
        """The root's children, best first for the seat to move: proven, then most visited."""
        seat = self.root.to_move
        return sorted(
            self.root.children,
            key=lambda child: (
                child.proven is not None and child.proven[seat] == 1.0,
                child.proven is None or child.proven[seat] > 0.0,
                child.visits,
                child.mean(seat),
            ),
            reverse=True,
        )

    def _iterate(self) -> None:
        state = self.game.search_copy()
        node = self.root
        path = [node]
        while node.children and node.proven is None and not self._widens(node):
            node = self._select(node)
            state.search_push(node.move)
            path.append(node)
        if node.proven is not None:
            reward = node.proven
        else:
            move = node.untried.pop()
            child = Node(move, self.players)
            node.children.append(child)
            state.search_push(move)
            path.append(child)
            reward = self._open(child, state)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for seat, share in enumerate(reward):
                totals[seat] += share
        self._prove(path)

    def _open(self, node: Node, state: engine.Game) -> Outcome:
        """Value a new node: proven if the game is over or its mover wins at once."""
        result = state.result
        if result is not None:
            node.proven = outcome(result, self.players)
            return node.proven
        seat = state.to_move or 0
        node.to_move = seat
        if state.search_wins():
            node.proven = win_for(seat, self.players)
            return node.proven
        if self.policy.cornered and self.players == 2 and not has_safe_move(state):
            node.proven = win_for(1 - seat, self.players)
            return node.proven
        ordered, reward = self.policy.assess(state, list(state.search_moves()), self.rng)
        node.untried = ordered[::-1]
        return reward

    def _widens(self, node: Node) -> bool:
        """Whether the node takes a new child now rather than a visit to an old one."""
        if not node.untried:
            return False
        widening = self.policy.widening
        return widening is None or len(node.children) < 1 + widening * math.sqrt(node.visits)

    def _select(self, node: Node) -> Node:
        """The child with the best upper confidence bound for the node's mover."""
        seat = node.to_move
        spread = self.exploration * math.sqrt(math.log(node.visits))
        best, best_score = node.children[0], -math.inf
        for child in node.children:
            if child.proven is not None:
                score = child.proven[seat]
            else:
                score = child.totals[seat] / child.visits + spread / math.sqrt(child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def _prove(self, path: list[Node]) -> None:
        """Carry proofs up the path: a winning child, or every child proven."""
        for node in reversed(path):
            if node.proven is not None:
                continue
            seat = node.to_move
            proven = [child.proven for child in node.children if child.proven is not None]
            best = max(proven, key=lambda rewards: rewards[seat], default=None)
            settled = not node.untried and len(proven) == len(node.children)
            if best is None or (best[seat] < 1.0 and not settled):
                return
            node.proven = best
