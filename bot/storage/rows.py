"""Between records and database rows: one mapping per table, shared by every backend.

Rows are read by column name (`sqlite3.Row` and asyncpg's `Record` both allow it), so a
query may select its columns in any order. Flags are stored as 0/1 integers, options and
offers as JSON text, times as seconds since the epoch, in both backends.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any, Protocol

from bot.storage.clocks import (
    HeldPing,
    Hints,
    OnTimeOut,
    QuietHours,
    ServerSettings,
    Turn,
    Vacation,
)
from bot.storage.records import (
    Action,
    Announcement,
    GameDraft,
    GameRecord,
    Offer,
    OfferKind,
    Seat,
    Status,
    TurnClock,
)
from bot.storage.standings import (
    BoardRating,
    GameRating,
    Opponent,
    RatedGame,
    Standing,
    rated_guild,
)
from engine import Ending


class Row(Protocol):
    """A result row whose columns are read by name."""

    def __getitem__(self, column: str, /) -> Any: ...


def columns(alias: str, names: Sequence[str]) -> str:
    """`names` as a select list of the table aliased `alias`."""
    return ", ".join(f"{alias}.{name}" for name in names)


# -- games and their players -------------------------------------------------------

GAME_COLUMNS = (
    *("id", "game", "guild_id", "channel_id", "thread_id", "options", "seed", "starter_id"),
    *("status", "version", "state", "created_at", "updated_at", "expires_at", "message_id"),
    *("turn_seat", "turn_user_id", "turn_started_at", "offer", "ending", "ended_at"),
    *("time_limit", "time_increment", "time_cap", "clock", "deadline", "pairing_id"),
    "hinted",
)
SEAT_COLUMNS = ("seat", "user_id", "name", "accepted", "rank")
"""The `players` columns a game's seats are read from."""
NEW_GAME_COLUMNS = (
    *("game", "guild_id", "channel_id", "thread_id", "options", "seed", "starter_id"),
    *("status", "state", "expires_at", "created_at", "updated_at", "time_limit"),
    *("time_increment", "time_cap", "pairing_id", "hinted"),
)
SAVED_GAME_COLUMNS = (
    *("status", "state", "turn_seat", "turn_user_id", "turn_started_at", "offer"),
    *("ending", "ended_at", "updated_at", "clock", "deadline"),
)
"""The columns `save` writes; it also bumps `version`."""


def game_record(rows: Sequence[Row]) -> GameRecord | None:
    """A game from the rows of its players joined to it (seat order), None without rows."""
    if not rows:
        return None
    row = rows[0]
    return GameRecord(
        id=row["id"],
        game=row["game"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        starter_id=row["starter_id"],
        players=tuple(seat(r) for r in rows),
        status=Status(row["status"]),
        version=row["version"],
        state=row["state"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        expires_at=row["expires_at"],
        message_id=row["message_id"],
        turn_seat=row["turn_seat"],
        turn_user_id=row["turn_user_id"],
        turn_started_at=row["turn_started_at"],
        offer=_offer_from_text(row["offer"]),
        ending=Ending(row["ending"]) if row["ending"] else None,
        ended_at=row["ended_at"],
        time_limit=row["time_limit"],
        time_increment=row["time_increment"],
        time_cap=row["time_cap"],
        clock=turn_clock(row["clock"]),
        deadline=row["deadline"],
        pairing_id=row["pairing_id"],
        hinted=bool(row["hinted"]),
    )


def turn_clock(text: str | None) -> TurnClock:
    """A turn's clock from its JSON (NULL: the clock of a game that never changed it)."""
    if text is None:
        return TurnClock()
    data = json.loads(text)
    pauses = tuple((start, end) for start, end in data.get("pauses", ()))
    turns = tuple((int(seat), float(change)) for seat, change in data.get("turns", ()))
    return TurnClock(
        tuple(data.get("banks", ())),
        pauses,
        bool(data.get("flagged", False)),
        turns,
        data.get("claim_message_id"),
    )


def _turn_clock_text(clock: TurnClock) -> str | None:
    if clock == TurnClock():
        return None
    data: dict[str, object] = {
        "banks": list(clock.banks),
        "pauses": [list(p) for p in clock.pauses],
    }
    if clock.turns:
        data["turns"] = [list(turn) for turn in clock.turns]
    if clock.claim_message_id is not None:
        data["claim_message_id"] = clock.claim_message_id
    return json.dumps(data | ({"flagged": True} if clock.flagged else {}))


def clock_with_claim_message(text: str | None, message_id: int) -> str | None:
    """A stored clock with its Claim win message noted, or None unless the player to move
    ran out of time awaiting a claim and no other message is noted (the same one may be
    noted again: a post sent twice is one message, by its nonce)."""
    clock = turn_clock(text)
    if not clock.flagged or clock.claim_message_id not in (None, message_id):
        return None
    return _turn_clock_text(dataclasses.replace(clock, claim_message_id=message_id))


def new_game_values(draft: GameDraft, now: float) -> tuple[Any, ...]:
    """The values of `NEW_GAME_COLUMNS` for a new challenge."""
    return (
        *(draft.game, draft.guild_id, draft.channel_id, draft.thread_id),
        *(json.dumps(dict(draft.options)), draft.seed, draft.starter_id),
        *(Status.CHALLENGE.value, draft.state, draft.expires_at, now, now, draft.time_limit),
        *(draft.time_increment, draft.time_cap, draft.pairing_id, int(draft.hinted)),
    )


def saved_game_values(record: GameRecord, now: float) -> tuple[Any, ...]:
    """The values of `SAVED_GAME_COLUMNS` for a changed game."""
    return (
        *(record.status.value, record.state, record.turn_seat, record.turn_user_id),
        *(record.turn_started_at, _offer_text(record.offer), record.ending and record.ending.value),
        *(record.ended_at, now, _turn_clock_text(record.clock), record.deadline),
    )


def seat(row: Row) -> Seat:
    return Seat(row["seat"], row["user_id"], row["name"], bool(row["accepted"]), row["rank"])


def seat_values(game_id: int, seat: Seat) -> tuple[Any, ...]:
    """A new player's (game_id, seat, user_id, name, accepted)."""
    return (game_id, seat.seat, seat.user_id, seat.name, int(seat.accepted))


def seat_changes(record: GameRecord) -> list[tuple[Any, ...]]:
    """(accepted, rank, game_id, seat) of every player, as play changed them."""
    return [(int(s.accepted), s.rank, record.id, s.seat) for s in record.players]


def offer_with_message(text: str | None, kind: OfferKind, message_id: int) -> str | None:
    """A stored offer with its message noted, or None unless it is of `kind` and has none."""
    offer = _offer_from_text(text)
    if offer is None or offer.kind != kind or offer.message_id is not None:
        return None
    return _offer_text(dataclasses.replace(offer, message_id=message_id))


def _offer_text(offer: Offer | None) -> str | None:
    if offer is None:
        return None
    data = {"kind": offer.kind.value, "seat": offer.seat, "accepted": sorted(offer.accepted)}
    if offer.message_id is not None:
        data["message_id"] = offer.message_id
    return json.dumps(data)


def _offer_from_text(text: str | None) -> Offer | None:
    if text is None:
        return None
    data = json.loads(text)
    accepted = frozenset(data["accepted"])
    return Offer(OfferKind(data["kind"]), data["seat"], accepted, data.get("message_id"))


# -- announcements owed ----------------------------------------------------------------

ANNOUNCEMENT_COLUMNS = (
    *("id", "game_id", "version", "place_id", "post", "created_at", "slot", "writer"),
    *("reply_token", "tries", "retry_at"),
)
"""An announcement's columns, in the order of its fields."""


def announcement(row: Row) -> Announcement:
    return Announcement(*(row[column] for column in ANNOUNCEMENT_COLUMNS))


def announcement_values(owed: Announcement, now: float) -> tuple[Any, ...]:
    """An announcement's row, in `ANNOUNCEMENT_COLUMNS` order, written at `now`."""
    return tuple(
        now if column == "created_at" else getattr(owed, column) for column in ANNOUNCEMENT_COLUMNS
    )


# -- the move log --------------------------------------------------------------------

ACTION_COLUMNS = ("action", "seat", "user_id", "created_at")


def action(row: Row) -> Action:
    return Action(row["action"], row["seat"], row["user_id"], row["created_at"])


def action_values(game_id: int, actions: Sequence[Action], now: float) -> list[tuple[Any, ...]]:
    """(game_id, action, seat, user_id, created_at) of new actions."""
    return [(game_id, a.action, a.seat, a.user_id, now) for a in actions]


# -- settings and turns --------------------------------------------------------------

SETTINGS_COLUMNS = (
    *("time_limit", "reminder_delay", "threads", "time_increment", "time_cap", "on_time_out"),
    "pages",
    "hints",
    "language",
)


def server_settings(row: Row | None) -> ServerSettings:
    if row is None:
        return ServerSettings()
    return ServerSettings(
        *(row["time_limit"], row["reminder_delay"], bool(row["threads"])),
        *(row["time_increment"], row["time_cap"], OnTimeOut(row["on_time_out"])),
        bool(row["pages"]),
        Hints(row["hints"]),
        row["language"],
    )


def settings_values(guild_id: int, settings: ServerSettings) -> tuple[Any, ...]:
    """(guild_id, SETTINGS_COLUMNS...)."""
    return (
        *(guild_id, settings.time_limit, settings.reminder_delay, int(settings.threads)),
        *(settings.time_increment, settings.time_cap, settings.on_time_out),
        int(settings.pages),
        settings.hints,
        settings.language,
    )


def quiet_hours(row: Row) -> QuietHours:
    return QuietHours(row["quiet_start"], row["quiet_end"], row["quiet_zone"])


HELD_PING_COLUMNS = ("game_id", "turn", "user_id", "place_id", "due_at")


def held_ping(row: Row) -> HeldPing:
    return HeldPing(*(row[column] for column in HELD_PING_COLUMNS))


def held_ping_values(ping: HeldPing) -> tuple[Any, ...]:
    return (ping.game_id, ping.turn, ping.user_id, ping.place_id, ping.due_at)


VACATION_COLUMNS = ("user_id", "started_at", "ends_at", "automatic")


def vacation(row: Row) -> Vacation:
    return Vacation(row["user_id"], row["started_at"], row["ends_at"], bool(row["automatic"]))


def vacation_values(vacation: Vacation) -> tuple[Any, ...]:
    return (vacation.user_id, vacation.started_at, vacation.ends_at, int(vacation.automatic))


TURN_COLUMNS = (
    "g.id AS game_id, g.game, g.guild_id, g.channel_id, g.thread_id, g.message_id, "
    "(SELECT count(*) FROM players c WHERE c.game_id = g.id) AS players, p.user_id, p.name, "
    "g.turn_started_at, g.time_limit, g.reminder_turn, g.reminded, g.remind_at, "
    "g.turn_seat, g.clock, g.deadline"
)
"""The select list of a turn, from `games g` joined to the `players p` whose turn it is."""


def turn(row: Row) -> Turn:
    clock = turn_clock(row["clock"])
    return Turn(
        game_id=row["game_id"],
        game=row["game"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        message_id=row["message_id"],
        players=row["players"],
        user_id=row["user_id"],
        name=row["name"],
        started_at=row["turn_started_at"],
        bank=_bank(row),
        reminder_turn=row["reminder_turn"],
        reminded=row["reminded"],
        remind_at=row["remind_at"],
        deadline=row["deadline"],
        halted=clock.paused or clock.flagged,
    )


def _bank(row: Row) -> float | None:
    """The seconds the player to move had when their turn started."""
    banks = turn_clock(row["clock"]).banks
    bank: float | None = banks[row["turn_seat"]] if banks else row["time_limit"]
    return bank


# -- ratings -------------------------------------------------------------------------

RATING_COLUMNS = ("game", "user_id", "name", "mu", "sigma", "rating")
RECORD_COLUMNS = ("wins", "losses", "draws", "games")
RATED_SEAT_COLUMNS = (
    *("game_id", "user_id", "guild_id", "game", "rank", "outcome", "rating_before"),
    *("rating_after", "overall_before", "overall_after", "ended_at"),
)


def board_rating(row: Row) -> BoardRating:
    return BoardRating(
        *(row["game"], row["user_id"], row["name"], row["mu"], row["sigma"], row["rating"]),
        *(row["wins"], row["losses"], row["draws"], row["games"]),
    )


def rating_values(
    record: GameRecord, rating: GameRating, now: float
) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The `ratings` rows (guild_id, RATING_COLUMNS, RECORD_COLUMNS, updated_at) and the
    `rated_seats` rows (RATED_SEAT_COLUMNS) that rating a finished game writes."""
    guild_id = rated_guild(record)
    ended_at = now if record.ended_at is None else record.ended_at
    boards = [
        (*(guild_id, r.board, r.user_id, r.name, r.mu, r.sigma, r.rating), *_record(r), now)
        for r in rating.ratings
    ]
    seats = [
        (
            *(record.id, s.user_id, guild_id, record.game, s.rank, s.outcome),
            *(s.rating_before, s.rating_after, s.overall_before, s.overall_after, ended_at),
        )
        for s in rating.seats
    ]
    return boards, seats


def _record(rating: BoardRating) -> tuple[int, int, int, int]:
    return (rating.wins, rating.losses, rating.draws, rating.games)


STANDING_COLUMNS = ("user_id", "name", "rating", "wins", "losses", "draws", "games")


def standing(rank: int, row: Row) -> Standing:
    return Standing(
        rank,
        *(row["user_id"], row["name"], row["rating"]),
        *(row["wins"], row["losses"], row["draws"], row["games"]),
    )


def rated_game(row: Row, opponents: tuple[str, ...]) -> RatedGame:
    """A rated game from a row naming its columns as `RatedGame` does (its opponents are
    read apart)."""
    return RatedGame(
        *(row["game_id"], row["game"], row["outcome"], row["before"], row["after"]),
        *(row["ended_at"], row["guild_id"], row["place_id"], row["message_id"]),
        opponents,
    )


def opponent(row: Row) -> Opponent:
    return Opponent(
        row["user_id"], row["name"], row["games"], row["wins"], row["losses"], row["draws"]
    )
