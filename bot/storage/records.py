"""The records games are stored and read as, and the storage's own errors."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from engine import Ending, OptionValue


class Status(StrEnum):
    """Where a game stands. Only `CHALLENGE` and `ACTIVE` occupy a channel."""

    CHALLENGE = "challenge"
    ACTIVE = "active"
    FINISHED = "finished"
    DECLINED = "declined"
    EXPIRED = "expired"
    ABORTED = "aborted"

    @property
    def is_open(self) -> bool:
        return self in (Status.CHALLENGE, Status.ACTIVE)


class StorageError(Exception):
    """Base class of the storage's own errors."""


class DatabaseUnusable(StorageError):
    """The database a URL names cannot be used; the message says which setting and why."""


class StaleGame(StorageError):
    """The game changed since it was read: nothing was written."""


class ChannelBusy(StorageError):
    """The channel already holds an open challenge or an active game."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"channel busy with game {game_id}")
        self.game_id = game_id


@dataclass(frozen=True, slots=True)
class Seat:
    """One player: their seat in turn order, who they are, and how they fared."""

    seat: int
    user_id: int
    name: str
    accepted: bool = False
    rank: int | None = None


class OfferKind(StrEnum):
    """What an offer the other players answer asks (`Offer.kind`), stored as its value."""

    DRAW = "draw"
    UNDO = "undo"
    """Taking back the offerer's last move."""
    PAUSE = "pause"
    """Stopping the clocks."""


@dataclass(frozen=True, slots=True)
class Offer:
    """A pending draw or take-back offer, made by `seat`, with the seats that agreed and
    the message carrying its buttons, once known."""

    kind: OfferKind
    seat: int
    accepted: frozenset[int] = frozenset()
    message_id: int | None = None


ALL_SHARDS = "all shards"
"""The slot of a process running every shard of the bot (the only slot there is on SQLite)."""


@dataclass(frozen=True, slots=True)
class Writer:
    """Who writes announcements: `process`, a name unique among processes and restarts,
    serving `slot`, the part of the bot (the shards it runs) that one process at a time
    serves. What another process of its slot wrote, that process had stopped sending."""

    slot: str
    process: str


@dataclass(frozen=True, slots=True)
class Announcement:
    """A post owed to a game's channel about a saved change: written in the change's
    transaction, struck off once sent. `post` is the use cases' JSON of it (text, pings,
    the position to draw); `version` is the game's version the change saved; `slot` and
    `writer` say who wrote it (see `Writer`; empty before it is saved); `reply_token`
    is the token of the interaction whose reply carries it, once that reply is sent for;
    `tries` counts the sends Discord failed for a while (a 5xx, a 429, a lost connection),
    and `retry_at` is when it is to be sent again (None: not yet tried and failed, owed
    a lease after it was written)."""

    id: str
    game_id: int
    version: int
    place_id: int
    post: str
    created_at: float = 0.0
    slot: str = ""
    writer: str = ""
    reply_token: str | None = None
    tries: int = 0
    retry_at: float | None = None


Interval = tuple[float, float | None]
"""A stretch of wall time, seconds since the epoch: (start, end); end None is still open."""


@dataclass(frozen=True, slots=True)
class TurnClock:
    """The stored facts of the current turn's clock (see `bot.play.clocks.clock`): each seat's
    seconds left when the turn started (empty: every seat has the time control's first
    bank), the game's pauses since it started (the last one open while paused),
    whether the player to move ran out of time with the others yet to claim the win,
    for the last turns played (newest last) whose turn it was and how much it changed
    their bank, so that a take-back gives it back, and the message carrying the Claim
    win button of this turn, once noted, so that a late move disables it."""

    banks: tuple[float, ...] = ()
    pauses: tuple[Interval, ...] = ()
    flagged: bool = False
    turns: tuple[tuple[int, float], ...] = ()
    claim_message_id: int | None = None

    @property
    def paused(self) -> bool:
        return bool(self.pauses) and self.pauses[-1][1] is None


@dataclass(frozen=True, slots=True)
class GameDraft:
    """What a new challenge is made of. `expires_at` is when the challenge lapses unanswered
    (None: never); `time_limit` the seconds each turn may last (None: no limit), or with
    a `time_increment` the starting bank, gaining that much after each move up to
    `time_cap` (None: the starting bank);
    `pairing_id` the tournament pairing the game is played for, if any; `hinted` whether
    it was started with hints on: its players are shown their winning moves, and it is
    unrated."""

    game: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    options: Mapping[str, OptionValue]
    seed: int
    starter_id: int
    players: tuple[Seat, ...]
    state: str
    expires_at: float | None
    time_limit: float | None = None
    time_increment: float | None = None
    time_cap: float | None = None
    pairing_id: int | None = None
    hinted: bool = False

    @property
    def place_id(self) -> int:
        """The channel the game is played in: its thread when it has one."""
        return self.thread_id if self.thread_id is not None else self.channel_id


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRecord(GameDraft):
    """A stored game: its draft (`players` and `state` kept up to date by play) and what
    storing and playing it added. `version` grows by one with every saved change.
    `deadline` is when the turn runs out, worked out from `clock` and the time control
    whenever either changes (None: no clock running), so storage finds what is due."""

    id: int
    status: Status
    version: int
    created_at: float
    updated_at: float
    message_id: int | None = None
    turn_seat: int | None = None
    turn_user_id: int | None = None
    turn_started_at: float | None = None
    offer: Offer | None = None
    ending: Ending | None = None
    """How a finished game ended."""
    ended_at: float | None = None
    clock: TurnClock = TurnClock()
    deadline: float | None = None

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.players if s.user_id == user_id), None)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.players)


@dataclass(frozen=True, slots=True)
class Action:
    """One logged action: a move, forfeit or agreed draw, with who made it and when."""

    action: str
    seat: int | None
    user_id: int | None
    created_at: float = field(default=0.0)
