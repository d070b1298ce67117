"""The narrow async interface every storage backend offers, and the records it speaks in.

The move log is the truth: a game is rebuilt by replaying its live actions, and `state`
(the engine's JSON after the last change) is kept beside it to check that replay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from bot.storage.clocks import ClockStorage
from bot.storage.standings import Standings
from engine import OptionValue


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


@dataclass(frozen=True, slots=True)
class Offer:
    """A pending draw or take-back offer, made by `seat`, with the seats that agreed."""

    kind: str
    seat: int
    accepted: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class GameDraft:
    """What a new challenge is made of. `expires_at` is when the challenge lapses unanswered
    (None: never); `time_limit` the seconds each turn may last (None: no limit)."""

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

    @property
    def place_id(self) -> int:
        """The channel the game is played in: its thread when it has one."""
        return self.thread_id if self.thread_id is not None else self.channel_id


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRecord(GameDraft):
    """A stored game: its draft (`players` and `state` kept up to date by play) and what
    storing and playing it added. `version` grows by one with every saved change."""

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
    result_reason: str | None = None
    ended_at: float | None = None

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


class Storage(Protocol):
    """Everything the bot stores, behind one small async interface."""

    @property
    def standings(self) -> Standings:
        """Ratings and records, written by `save` in the transaction that finishes a game."""

    @property
    def clocks(self) -> ClockStorage:
        """Server settings, reminder choices and the clocks of turns."""

    async def close(self) -> None: ...

    async def create_game(self, draft: GameDraft, now: float) -> GameRecord:
        """Store a new challenge; raises ChannelBusy when its channel is taken.

        Challenges in that channel that expired before `now` are closed first.
        """

    async def game(self, game_id: int) -> GameRecord | None: ...

    async def latest_game_in(self, place_id: int) -> GameRecord | None:
        """The newest game of a channel or thread, whatever its status.

        A channel's open challenge or active game, when it has one, is always its newest.
        """

    async def actions(self, game_id: int) -> list[Action]:
        """The live move log of a game, oldest first (taken-back actions left out)."""

    async def save(
        self, record: GameRecord, now: float, actions: Sequence[Action] = (), take_back: int = 0
    ) -> GameRecord:
        """Write a changed game in one transaction, if it is still at `record.version`.

        Appends `actions`, marks the last `take_back` live actions as taken back and
        returns the record at its new version. Raises StaleGame when another change won.
        A game saved as finished is rated in the same transaction, once.
        """

    async def set_message(self, game_id: int, message_id: int) -> None:
        """Remember the message that opened the game, for links to it."""


async def open_storage(url: str) -> Storage:
    """Open the backend named by a database URL (`sqlite:///path/to/file.sqlite3`)."""
    from bot.storage.sqlite import SqliteStorage

    prefix = "sqlite:///"
    if not url.startswith(prefix):
        raise ValueError(f"unsupported DATABASE_URL {url!r}: use sqlite:///path/to/file.sqlite3")
    return await SqliteStorage.open(url.removeprefix(prefix))
