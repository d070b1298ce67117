"""What a tournament's stored rows mean: the tournament as one read finds it, its time
control, which pairings are decided, the results so far, and the standings they make."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.play.clocks.clock import TimeControl
from bot.play.clocks.durations import parse_time_control
from bot.play.tournaments.pairings import BYE_POINTS, DRAW, LOSS, WIN, Played, Standing, standings
from bot.storage import Status
from bot.storage.tournaments import Entrant, Format, PairingRecord, TournamentRecord
from bot.storage.tournaments import Tournaments as TournamentStore


@dataclass(frozen=True, slots=True)
class Table:
    """The standings of a tournament, in plain values: `rows` in order, each player's
    name, the points of each game between two players (crosstable), and the round of
    each Swiss bye (a round robin's sitting out scores nothing, so is not shown)."""

    tournament: TournamentRecord
    rows: tuple[Standing, ...]
    names: dict[int, str]
    results: dict[tuple[int, int], Fraction]
    withdrawn: frozenset[int]
    byes: dict[int, int] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Field:
    """A tournament as one read finds it: its record, its entrants and its pairings."""

    tournament: TournamentRecord
    entrants: tuple[Entrant, ...]
    pairings: tuple[PairingRecord, ...]


async def field_of(store: TournamentStore, tournament: TournamentRecord) -> Field:
    """The tournament with its entrants and pairings as they are stored now."""
    entrants = await store.entrants(tournament.id)
    pairings = await store.pairings(tournament.id)
    return Field(tournament, tuple(entrants), tuple(pairings))


def time_control(tournament: TournamentRecord) -> TimeControl | None:
    """The time control of the tournament's games, None without one."""
    return None if tournament.time_control is None else parse_time_control(tournament.time_control)


def decided(pairing: PairingRecord) -> bool:
    """Whether a pairing's result is known: a bye, a forfeit, not played, or its game
    ended."""
    return (
        pairing.second_id is None
        or pairing.forfeit_by is not None
        or pairing.unplayed
        or pairing.game_status in (Status.FINISHED, Status.ABORTED)
    )


def played_games(pairings: Sequence[PairingRecord], *, byes_score: bool = True) -> list[Played]:
    """The results so far, as the pairing rules read them."""
    played = []
    for p in pairings:
        if p.second_id is None:
            if byes_score:
                played.append(Played(p.first_id, None, BYE_POINTS))
        elif p.forfeit_by is not None:
            played.append(
                Played(p.first_id, p.second_id, LOSS if p.forfeit_by == p.first_id else WIN)
            )
        elif (
            p.game_status is Status.FINISHED
            and p.first_rank is not None
            and p.second_rank is not None
        ):
            if p.first_rank < p.second_rank:
                points = WIN
            elif p.first_rank > p.second_rank:
                points = LOSS
            else:
                points = DRAW
            played.append(Played(p.first_id, p.second_id, points))
    return played


async def tally(store: TournamentStore, tournament: TournamentRecord) -> Table:
    """The tournament's standings as its stored results make them."""
    return table_of(await field_of(store, tournament))


def table_of(field: Field) -> Table:
    """The standings the field's results make."""
    tournament, entrants, pairings = field.tournament, field.entrants, field.pairings
    swiss = tournament.format is Format.SWISS
    played = played_games(pairings, byes_score=swiss)
    ratings = {e.user_id: e.rating for e in entrants}
    rows = standings([e.user_id for e in entrants], played, ratings, swiss=swiss)
    results = {}
    for game in played:
        if game.second is not None:
            results[(game.first, game.second)] = game.points_first
            results[(game.second, game.first)] = WIN - game.points_first
    return Table(
        tournament,
        tuple(rows),
        {e.user_id: e.name for e in entrants},
        results,
        frozenset(e.user_id for e in entrants if e.withdrawn),
        {p.first_id: p.round for p in pairings if swiss and p.second_id is None},
    )
