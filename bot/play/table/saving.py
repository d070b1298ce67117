"""Saving games: each change saved over the version it was read at, with the announcement
owed about it signed by this process, and what it means written in the journal."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import engine
from bot.play.table.events import GameEnded, Journal, TurnWaiting
from bot.play.table.values import Refusal
from bot.storage import Action, Announcement, GameRecord, StaleGame, Status, Storage, Writer

STALE = "The board changed meanwhile; please try again."


class Stale(Refusal):
    """The game changed since it was read; nothing was saved. A move is refused with this
    sentence; other changes are worked out again on the new record (`GameTable.retrying`)."""

    def __init__(self) -> None:
        super().__init__(STALE)


@dataclass(slots=True)
class Loan:
    """An engine game lent to one caller, and the record it stands at.

    Saving through the loan moves its record on; a save that loses a race spoils it.
    """

    saves: Saves
    game: engine.Game
    record: GameRecord
    spoiled: bool = False

    async def save(
        self,
        record: GameRecord,
        actions: Sequence[Action] = (),
        take_back: int = 0,
        announcement: Announcement | None = None,
    ) -> GameRecord:
        """Save the record after the lent game changed; the loan follows it."""
        seats_changed = record.players != self.record.players
        try:
            self.record = await self.saves.save(
                record, actions, take_back, announcement, seats_changed=seats_changed
            )
        except Refusal:
            self.spoiled = True
            raise
        return self.record


class Saves:
    """Saves the games of one storage backend, for the table of games and its loans."""

    def __init__(
        self, storage: Storage, clock: Callable[[], float], writer: Writer, events: Journal
    ) -> None:
        """Every save writes what it means in `events` (a turn waits on someone, a game
        ended); `writer` says who this process is, among those sharing the storage."""
        self._storage = storage
        self.clock = clock
        self.writer = writer
        self.events = events

    def signed(self, announcement: Announcement) -> Announcement:
        """An announcement signed by this process, which owes it (see `Writer`)."""
        return dataclasses.replace(announcement, slot=self.writer.slot, writer=self.writer.process)

    async def save(
        self,
        record: GameRecord,
        actions: Sequence[Action] = (),
        take_back: int = 0,
        announcement: Announcement | None = None,
        *,
        seats_changed: bool = True,
    ) -> GameRecord:
        """Save a record over the version it was read at, with the announcement owed about
        the change, if any, signed by this process; a lost race is a `Stale` refusal.
        The players' rows are written unless no seat changed (`seats_changed`).
        What the save means is written in the journal (see `Journal`).

        The record's deadline is saved as it stands: a change of the turn or its clock
        works it out once (`bot.play.table.changes`, `GameTable.with_deadline`)."""
        if announcement is not None:
            announcement = self.signed(announcement)
        try:
            saved = await self._storage.save(
                record, self.clock(), actions, take_back, announcement, seats_changed=seats_changed
            )
        except StaleGame:
            raise Stale() from None
        self._tell(saved)
        return saved

    def _tell(self, saved: GameRecord) -> None:
        """Write in the journal what a saved record means."""
        user_id = saved.turn_user_id
        if saved.status is Status.ACTIVE and user_id is not None:
            self.events.write(TurnWaiting(saved.id, user_id))
        elif not saved.status.is_open:
            self.events.write(GameEnded(saved.id, saved.pairing_id))
