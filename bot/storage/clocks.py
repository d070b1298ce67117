"""What asynchronous play stores: server settings, reminder choices, and each turn's clock.

A turn's deadline is worked out by play from the game's clock and stored with the game
(`GameRecord.deadline`), so what is due is one indexed look. Its reminders are planned
once per turn: `reminder_turn` names the turn (by its
`turn_started_at`) that `reminded` (the last reminder stage sent) and `remind_at` (when
the next one is due) belong to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.storage.claims import Claims
from bot.storage.records import Announcement

DAY = 24 * 60 * 60
DEFAULT_REMINDER_DELAY = float(DAY)
LOSE, CLAIM = "lose", "claim"
"""What running out of time means (`ServerSettings.on_time_out`)."""


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """A server's choices. The time control of new games: `time_limit` (seconds per
    move, or with `time_increment` the starting bank, capped at `time_cap`);
    `reminder_delay` (seconds into a turn before a nudge) None means no nudges;
    `on_time_out` what running out means: `lose` at once, or `claim` (the others may
    claim the win, and until one does the late player may still move)."""

    time_limit: float | None = None
    reminder_delay: float | None = DEFAULT_REMINDER_DELAY
    threads: bool = False
    time_increment: float | None = None
    time_cap: float | None = None
    on_time_out: str = LOSE


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


class ClockStorage(Claims, Protocol):
    """The storage operations asynchronous play needs, its due work claimed once."""

    async def server_settings(self, guild_id: int) -> ServerSettings: ...

    async def save_server_settings(self, guild_id: int, settings: ServerSettings) -> None: ...

    async def dm_reminders(self, user_id: int) -> bool:
        """Whether the user wants reminders by direct message."""

    async def set_dm_reminders(self, user_id: int, on: bool) -> None: ...

    async def quiet_hours(self, user_id: int) -> QuietHours | None: ...

    async def set_quiet_hours(self, user_id: int, hours: QuietHours | None) -> None: ...

    async def hold_pings(self, pings: Sequence[HeldPing]) -> None:
        """Keep held pings; one already kept for its turn is left alone."""

    async def due_pings(self, now: float) -> list[HeldPing]:
        """Held pings due by `now`, earliest first."""

    async def drop_ping(self, game_id: int, turn: float) -> bool:
        """Strike a held ping off; False when another caller did first (it is theirs to send)."""

    async def vacations(self, user_id: int, ending_after: float) -> list[Vacation]:
        """The user's vacations that end after `ending_after`, earliest first."""

    async def add_vacation(self, vacation: Vacation, notices: Sequence[Announcement] = ()) -> bool:
        """Keep a new vacation, unless one of the user's overlaps it (then False), with the
        announcements of it owed (`notices`) in the same transaction."""

    async def end_vacation(
        self, user_id: int, started_at: float, now: float, notices: Sequence[Announcement] = ()
    ) -> bool:
        """End the user's vacation that started at `started_at` now, if it still runs, with
        the announcements of its end owed (`notices`) in the same transaction."""

    async def turns_in_guild(self, guild_id: int) -> list[Turn]:
        """The server's active games, longest waiting first."""

    async def turns_of(self, user_id: int) -> list[Turn]:
        """The active games in every server waiting on this user, longest waiting first."""

    async def turns_with(self, user_id: int) -> list[Turn]:
        """The active games in every server this user plays in, longest waiting first."""

    async def ai_turns(self) -> list[Turn]:
        """Active turns of the bot's seats (negative user ids), longest waiting first."""

    async def unplanned_turns(self) -> list[Turn]:
        """Active turns whose reminders are not planned yet."""

    async def due_time_outs(self, now: float) -> list[Turn]:
        """People's active turns whose time ran out by `now`, earliest deadline first."""

    async def due_reminders(self, now: float) -> list[Turn]:
        """People's planned turns with a reminder due by `now`."""

    async def next_due(self) -> float | None:
        """The earliest planned reminder, held ping or deadline, if any."""

    async def plan_reminders(self, plans: Sequence[tuple[int, float, float | None]]) -> None:
        """Plan the first reminder of new turns, as (game id, turn, when) triples, in one
        transaction; a turn that is over or already planned is left alone."""

    async def mark_reminder(
        self,
        game_id: int,
        turn: float,
        expected: int,
        stage: int,
        remind_at: float | None,
        notices: Sequence[Announcement] = (),
    ) -> bool:
        """Move a planned turn from reminder stage `expected` to `stage`, keeping the
        reminder's announcement owed (`notices`), in one transaction.

        False (and nothing written) when the turn is over or its stage moved meanwhile: the
        caller that gets True is the only one to send that reminder.
        """
