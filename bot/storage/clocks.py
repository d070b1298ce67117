"""What asynchronous play stores: server settings, reminder choices, and each turn's clock.

A turn's deadline is worked out by play from the game's clock and stored with the game
(`GameRecord.deadline`), so what is due is one indexed look. Its reminders are planned
once per turn: `reminder_turn` names the turn (by its
`turn_started_at`) that `reminded` (the last reminder stage sent) and `remind_at` (when
the next one is due) belong to.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

DAY = 24 * 60 * 60
DEFAULT_REMINDER_DELAY = float(DAY)


class OnTimeOut(StrEnum):
    """What running out of time means (`ServerSettings.on_time_out`), stored as its value."""

    LOSE = "lose"
    """The late player loses at once (is out, with 3 or 4 players)."""
    CLAIM = "claim"
    """The others may claim the win; until one does, the late player may still move."""


class Hints(StrEnum):
    """Where players are shown their winning moves (`ServerSettings.hints`), stored as its
    value."""

    BOT_GAMES = "bot_games"
    """In games against the bot alone: never where people play each other, rated."""
    EVERY_GAME = "every_game"
    NO_GAME = "no_game"


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """A server's choices. The time control of new games: `time_limit` (seconds per
    move, or with `time_increment` the starting bank, capped at `time_cap`);
    `reminder_delay` (seconds into a turn before a nudge) None means no nudges;
    `on_time_out` what running out means: `lose` at once, or `claim` (the others may
    claim the win, and until one does the late player may still move); `pages` whether
    its games have pages on the web; `hints` in which games players are shown their
    winning moves; `language` what its posts are in (a Discord locale), None for the
    language the server's own Discord settings give it."""

    time_limit: float | None = None
    reminder_delay: float | None = DEFAULT_REMINDER_DELAY
    threads: bool = False
    time_increment: float | None = None
    time_cap: float | None = None
    on_time_out: OnTimeOut = OnTimeOut.LOSE
    pages: bool = True
    hints: Hints = Hints.BOT_GAMES
    language: str | None = None


@dataclass(frozen=True, slots=True)
class Turn:
    """An active game as seen from the turn it waits on."""

    game_id: int
    game: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    message_id: int | None
    players: int
    user_id: int
    name: str
    started_at: float
    bank: float | None
    """Seconds the player had when the turn started (None: no clock)."""
    reminder_turn: float | None
    reminded: int
    remind_at: float | None
    deadline: float | None
    """When the turn runs out, as stored (None: no clock running)."""
    halted: bool = False
    """Whether the clocks are paused, or the player's time ran out awaiting a claim."""

    @property
    def place_id(self) -> int:
        return self.thread_id if self.thread_id is not None else self.channel_id

    @property
    def planned(self) -> bool:
        """Whether this turn's reminders are planned (rather than a previous turn's)."""
        return self.reminder_turn == self.started_at


@dataclass(frozen=True, slots=True)
class QuietHours:
    """From `start` to `end` (minutes after local midnight; past midnight when `end` is
    the smaller) every day, in the IANA time zone `zone`."""

    start: int
    end: int
    zone: str


@dataclass(frozen=True, slots=True)
class HeldPing:
    """The ping of a turn's player held back by their quiet hours until `due_at`; the
    turn is named by its game and its start."""

    game_id: int
    turn: float
    user_id: int
    place_id: int
    due_at: float


@dataclass(frozen=True, slots=True)
class Vacation:
    """A player's vacation, from `started_at` until `ends_at`; `automatic` when the bot
    took the day to save a clock that ran out."""

    user_id: int
    started_at: float
    ends_at: float
    automatic: bool = False
