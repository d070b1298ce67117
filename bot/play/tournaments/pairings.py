"""Tournament pairings and scores, pure values: Berger tables for round robin, Swiss rounds
by a maximum-weight matching (networkx), and standings with their tie-breaks.

Players are ids. A game is a `Pairing` of who moves first and second; a bye is a pairing
whose `second` is None and is worth one point to `first`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import networkx as nx

WIN, DRAW, LOSS = Fraction(1), Fraction(1, 2), Fraction(0)
BYE_POINTS = WIN
BLOCK = 48
"""Swiss: the standings are paired in slices of this many players, top to bottom in
score order, so that a round of a thousand players is paired in well under a second; a
slice that cannot be paired without a rematch is paired together with the next."""
_BYE = -1
"""The matching's stand-in for the bye: whoever is matched with it sits the round out."""


@dataclass(frozen=True, slots=True)
class Pairing:
    """One game of a round: `first` moves first; a bye when `second` is None."""

    first: int
    second: int | None = None


@dataclass(frozen=True, slots=True)
class Played:
    """A finished pairing and the points `first` scored (1, 1/2 or 0; a bye scores 1)."""

    first: int
    second: int | None
    points_first: Fraction


def swiss_rounds(players: int) -> int:
    """The default number of Swiss rounds: about log2 of the players, plus one."""
    return max(1, math.ceil(math.log2(max(players, 2)))) + 1


def round_robin(players: Sequence[int]) -> list[list[Pairing]]:
    """Every round of a round robin, by Berger tables (the circle method).

    With an odd number of players, each round one player has a bye. Over the rounds every
    player moves first about as often as second (never more than one game apart).
    """
    seats: list[int | None] = list(players)
    if len(seats) % 2:
        seats.append(None)
    size = len(seats)
    fixed, turning = seats[:1], seats[1:]
    rounds = []
    for number in range(size - 1):
        table = fixed + turning
        pairs = []
        for board in range(size // 2):
            a, b = table[board], table[size - 1 - board]
            if board == 0 and number % 2:
                a, b = b, a
            pairs.append(_pairing(a, b))
        rounds.append(pairs)
        turning = turning[-1:] + turning[:-1]
    return rounds


def _pairing(a: int | None, b: int | None) -> Pairing:
    if a is None:
        assert b is not None
        return Pairing(b)
    return Pairing(a, b)


def swiss_round(
    players: Sequence[int], played: Sequence[Played], ratings: Mapping[int, float] | None = None
) -> list[Pairing]:
    """The next Swiss round for `players` (the entrants still playing).

    No two players meet twice; with an odd number one player gets a bye, never one who
    had a bye already (unless everyone has), and as low in the standings as possible.
    Players are paired with others of their score or as near it as can be; who moves
    first goes to the one who moved first less often so far, then to the one who moved
    second last time. Raises ValueError when no pairing without a rematch exists.
    """
    ratings = ratings or {}
    score = points(played)
    balance = _first_move_balance(played)
    last = _last_seat(played)
    met = {frozenset((g.first, g.second)) for g in played if g.second is not None}
    byes = {g.first for g in played if g.second is None}
    order = sorted(players, key=lambda p: (-score.get(p, LOSS), -ratings.get(p, 0.0), p))
    place = {p: i for i, p in enumerate(order)}
    matching = _matched_in_blocks(order, score, met, byes)
    pairings = []
    for a, b in matching:
        if _BYE in (a, b):
            pairings.append(Pairing(b if a == _BYE else a))
        else:
            pairings.append(_seated(a, b, balance, last, place))
    return sorted(pairings, key=lambda g: min(place[g.first], place.get(g.second or 0, 1 << 62)))


def _matched_in_blocks(
    order: Sequence[int],
    score: Mapping[int, Fraction],
    met: set[frozenset[int]],
    byes: set[int],
) -> list[tuple[int, int]]:
    """A perfect matching of the players (and the bye, for an odd number), found slice by
    slice from the bottom of the standings up, where the bye belongs."""
    matching: list[tuple[int, int]] = []
    end = len(order)
    needs_bye = end % 2 == 1
    start = max(0, end - BLOCK - (1 if needs_bye else 0))
    while end > 0:
        block = order[start:end]
        graph = _swiss_graph(block, score, met, byes, needs_bye)
        found = nx.max_weight_matching(graph, maxcardinality=True)
        if 2 * len(found) == graph.number_of_nodes():
            matching.extend(found)
            end, start, needs_bye = start, max(0, start - BLOCK), False
        elif start == 0:
            raise ValueError("no pairing avoids a rematch")
        else:
            start = max(0, start - BLOCK)
    return matching


def _swiss_graph(
    order: Sequence[int],
    score: Mapping[int, Fraction],
    met: set[frozenset[int]],
    byes: set[int],
    needs_bye: bool,
) -> nx.Graph[int]:
    """Possible games as edges, weighted so that a larger total keeps score groups
    together: each edge loses the square of its score gap, in half points."""
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(order)
    top = 2 * max((score.get(p, LOSS) for p in order), default=LOSS)
    base = int(4 * (top + 2) ** 2) + 1
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            if frozenset((a, b)) not in met:
                gap = int(2 * (score.get(a, LOSS) - score.get(b, LOSS)))
                graph.add_edge(a, b, weight=base - gap * gap)
    if needs_bye:
        graph.add_node(_BYE)
        everyone_had_one = all(p in byes for p in order)
        for p in order:
            if p not in byes or everyone_had_one:
                height = int(2 * score.get(p, LOSS)) + 1
                graph.add_edge(p, _BYE, weight=base - height * height)
    return graph


def _seated(
    a: int, b: int, balance: Mapping[int, int], last: Mapping[int, int], place: Mapping[int, int]
) -> Pairing:
    """Who of two opponents moves first: the one who did so less often, then the one who
    moved second last time, then the higher placed."""
    key_a = (balance.get(a, 0), last.get(a, 0), place[a])
    key_b = (balance.get(b, 0), last.get(b, 0), place[b])
    return Pairing(a, b) if key_a <= key_b else Pairing(b, a)


def _first_move_balance(played: Iterable[Played]) -> dict[int, int]:
    """Games moved first minus games moved second, per player (byes left out)."""
    balance: dict[int, int] = {}
    for game in played:
        if game.second is not None:
            balance[game.first] = balance.get(game.first, 0) + 1
            balance[game.second] = balance.get(game.second, 0) - 1
    return balance


def _last_seat(played: Iterable[Played]) -> dict[int, int]:
    """1 for players who moved first in their last game, -1 for second."""
    last: dict[int, int] = {}
    for game in played:
        if game.second is not None:
            last[game.first], last[game.second] = 1, -1
    return last


def points(played: Iterable[Played]) -> dict[int, Fraction]:
    """Each player's points: win 1, draw 1/2, loss 0, bye 1."""
    score: dict[int, Fraction] = {}
    for game in played:
        score[game.first] = score.get(game.first, LOSS) + game.points_first
        if game.second is not None:
            score[game.second] = score.get(game.second, LOSS) + WIN - game.points_first
    return score


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's line in the standings; `place` counts from 1. `direct` is None where
    the direct encounter decided nothing: no one else was level on points and the first
    tie-break, or all who were scored the same against each other."""

    place: int
    player: int
    points: Fraction
    sonneborn_berger: Fraction
    buchholz: Fraction
    direct: Fraction | None
    rating: float
    games: int


def standings(
    players: Sequence[int],
    played: Sequence[Played],
    ratings: Mapping[int, float] | None = None,
    *,
    swiss: bool,
) -> list[Standing]:
    """The players in order: points, then Buchholz (Swiss) or Sonneborn-Berger (round
    robin), then points between the players still tied (direct encounter), then rating.
    Players level on all of these share a place."""
    ratings = ratings or {}
    score = points(played)
    sb: dict[int, Fraction] = {p: LOSS for p in players}
    bh: dict[int, Fraction] = {p: LOSS for p in players}
    games = dict.fromkeys(players, 0)
    for game in played:
        if game.second is None:
            continue
        for me, them, mine in (
            (game.first, game.second, game.points_first),
            (game.second, game.first, WIN - game.points_first),
        ):
            if me in games:
                games[me] += 1
                bh[me] += score.get(them, LOSS)
                sb[me] += mine * score.get(them, LOSS)
    second = bh if swiss else sb

    def tied_key(p: int) -> tuple[Fraction, Fraction]:
        return score.get(p, LOSS), second[p]

    tied = {p: [q for q in players if tied_key(q) == tied_key(p)] for p in players}
    direct = {p: _direct(p, tied[p], played) for p in players}
    keys = {p: (*tied_key(p), direct[p], ratings.get(p, 0.0)) for p in players}
    deciding = {p for p in players if len({direct[q] for q in tied[p]}) > 1}
    order = sorted(players, key=lambda p: (tuple(-k for k in keys[p]), p))
    rows: list[Standing] = []
    for i, p in enumerate(order):
        place = rows[-1].place if rows and keys[order[i - 1]] == keys[p] else i + 1
        rows.append(
            Standing(
                *(place, p, score.get(p, LOSS), sb[p], bh[p]),
                direct[p] if p in deciding else None,
                *(ratings.get(p, 0.0), games[p]),
            )
        )
    return rows


def _direct(player: int, tied: Sequence[int], played: Iterable[Played]) -> Fraction:
    """The points `player` scored against the others in `tied`."""
    group = set(tied)
    total = LOSS
    for game in played:
        if game.second is None or not {game.first, game.second} <= group:
            continue
        if game.first == player:
            total += game.points_first
        elif game.second == player:
            total += WIN - game.points_first
    return total
