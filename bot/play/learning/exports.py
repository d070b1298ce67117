"""A finished game taken away as a record file, made from the stored game alone.

There is no standard file for these games, so two are made: Abstract Play's game record
(`APGameRecord`, JSON modelled on chess's PGN, checked against its published schema
https://www.abstractplay.com/schemas/gamerecord/1-0-0.json), and a plain move list in
the games' own notation under a header, which replays to the same game."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import engine
from bot.play.clocks.clock import control_of
from bot.play.playing.ai_seats import is_ai
from bot.play.table.values import File
from bot.play.words.settings import control_text
from bot.play.words.text import plain, t
from bot.play.words.tournaments import description
from bot.play.words.wording import options_text, result_text, title
from bot.storage import GameRecord
from bot.storage.tournaments import Tournaments as TournamentStore

SITE = "Pyramid Host"
"""The site every record names: the bot."""
FORFEITS = {engine.Ending.RESIGNATION: "resign", engine.Ending.TIME: "timeout"}
"""A forfeit in the record's moves, in Abstract Play's words."""
FORFEIT_LINES = {engine.Ending.RESIGNATION: "resigns.", engine.Ending.TIME: "runs out of time."}
"""A forfeit in the move list, after the player's name."""
AGREED_DRAW = "The players agree to a draw."
"""An agreed draw in the move list."""


@dataclass(frozen=True, slots=True)
class Event:
    """The tournament a game was played for, as its record names it, and the round."""

    name: str
    round: int


async def event_of(store: TournamentStore, record: GameRecord) -> Event | None:
    """The tournament the game was played for, if it was one's."""
    found = None if record.pairing_id is None else await store.event_of(record.pairing_id)
    if found is None:
        return None
    tournament, round_number = found
    named = t(
        "Tournament #{number}: {tournament}",
        number=str(tournament.number),
        tournament=description(tournament),
    )
    return Event(plain(named), round_number)


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a finished game's list: a move of its history (`ply` from 1, forced
    passes included), a forfeit of `seat` (its `ending`), or an agreed draw (no seat)."""

    seat: int | None
    text: str
    ply: int | None = None
    ending: engine.Ending | None = None


def record_files(
    record: GameRecord, generated: float, event: Event | None = None
) -> tuple[File, File]:
    """A finished game's two record files: its game record (JSON), then its move list;
    each names the tournament `event` it was played for, if any."""
    name = f"{record.game}-{record.id}"
    ap = json.dumps(game_record(record, generated, event), ensure_ascii=False, indent=2)
    listed = move_list(record, event).encode()
    return File(f"{name}.json", ap.encode()), File(f"{name}.txt", listed)


def game_record(record: GameRecord, generated: float, event: Event | None = None) -> dict[str, Any]:
    """The finished game as Abstract Play's game record, made at `generated` (seconds).

    Its header starts with the challenge (`date-start`), names the tournament and round
    it was played in (`event`, `round`) if any, and adds to the schema's own fields, as
    the schema allows: `ending` (how the game ended, as stored), `seed` (the game's,
    which random options are dealt from) and `clock` (the time control, as typed, when
    one ran)."""
    game = _finished(record)
    header: dict[str, Any] = {
        "game": {"name": engine.GAMES[record.game].title, "variants": _variants(record)},
        "site": {"name": SITE, "gameid": record.id},
        "date-start": _stamp(record.created_at),
        "date-end": _stamp(_ended(record)),
        "date-generated": _stamp(generated),
        "players": _players(record, game),
        "ending": _result(game).ending.value,
        "seed": record.seed,
    }
    if event is not None:
        header |= {"event": event.name, "round": str(event.round)}
    control = control_of(record)
    if control is not None:
        header["clock"] = str(control)
    return {"header": header, "moves": _rounds(_entries(game), game.players)}


def move_list(record: GameRecord, event: Event | None = None) -> str:
    """The finished game as text: a header (game, options, seed, players, result, dates
    from the challenge to the end, clock), a blank line, then each move numbered, in the
    games' notation (forced passes as `pass`), and each forfeit or agreed draw where it
    came."""
    game = _finished(record)
    control = control_of(record)
    header = [
        f"Game: {title(record)}",
        f"Site: {SITE}",
        *([] if event is None else [f"Event: {event.name}, round {event.round}"]),
        f"Options: {options_text(record) or 'the defaults'}",
        f"Seed: {record.seed}",
        *(f"Player {seat.seat + 1}: {seat.name}" for seat in record.players),
        f"Result: {plain(result_text(_result(game), record.names))}",
        f"Started: {_day(record.created_at)}",
        f"Ended: {_day(_ended(record))}",
        f"Clock: {'none' if control is None else plain(control_text(control))}",
    ]
    return "\n".join([*header, "", *(_line(e, record.names) for e in _entries(game))]) + "\n"


def _finished(record: GameRecord) -> engine.Game:
    """The stored game replayed (refused by the engine if it does not replay to its saved
    history); a ValueError if it is not over."""
    game = engine.load_game(record.state)
    if game.result is None:
        raise ValueError(f"{title(record)} is not finished")
    return game


def _entries(game: engine.Game) -> list[Entry]:
    """Every entry of the game, in order: it is replayed action by action, so that the
    forfeits and the agreed draw, which the history leaves out, fall where they came."""
    replayed = engine.replay(game.name, game.players, game.seed, game.options, ())
    found: list[Entry] = []
    for action in game.actions:
        before = len(replayed.history)
        replayed.apply(action)
        if action.kind is engine.ActionKind.FORFEIT:
            found.append(Entry(action.seat, FORFEITS[action.ending], ending=action.ending))
        elif action.kind is engine.ActionKind.AGREED_DRAW:
            found.append(Entry(None, AGREED_DRAW))
        history, movers = replayed.history, replayed.movers
        found.extend(Entry(movers[p], history[p], p + 1) for p in range(before, len(history)))
    return found


def _line(entry: Entry, names: tuple[str, ...]) -> str:
    if entry.seat is None:
        return entry.text
    name = names[entry.seat]
    if entry.ending is not None:
        return f"{name} {FORFEIT_LINES[entry.ending]}"
    return f"{entry.ply}. {name}: {entry.text}"


def _rounds(found: list[Entry], players: int) -> list[list[str | None]]:
    """The moves as Abstract Play lists them: rounds of one entry per seat in seat order
    (None where a seat made none), a new round begun wherever the order would go back."""
    rounds: list[list[str | None]] = []
    for entry in found:
        if entry.seat is None:
            continue
        if not rounds or any(done is not None for done in rounds[-1][entry.seat :]):
            rounds.append([None] * players)
        rounds[-1][entry.seat] = entry.text
    return rounds


def _players(record: GameRecord, game: engine.Game) -> list[dict[str, Any]]:
    """Each seat with its result: higher is better, equal numbers tied (the engine's
    ranks turned round); with a match's points as its score."""
    ranks = _result(game).ranks
    match = game.view().match
    players = []
    for seat in record.players:
        player: dict[str, Any] = {
            "name": seat.name,
            "userid": str(seat.user_id),
            "is_ai": is_ai(seat.user_id),
            "result": max(ranks) - ranks[seat.seat],
        }
        if match is not None:
            player["score"] = match.totals[seat.seat]
        players.append(player)
    return players


def _variants(record: GameRecord) -> list[str]:
    """The options that differ from the game's defaults, each as `name value`."""
    changed = options_text(record)
    return changed.split(", ") if changed else []


def _result(game: engine.Game) -> engine.Result:
    assert game.result is not None, "records are made of finished games"
    return game.result


def _ended(record: GameRecord) -> float:
    return record.ended_at if record.ended_at is not None else record.updated_at


def _stamp(seconds: float) -> str:
    """RFC 3339, in UTC: `2025-01-02T10:00:00Z`."""
    moment = datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds")
    return moment.replace("+00:00", "Z")


def _day(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")
