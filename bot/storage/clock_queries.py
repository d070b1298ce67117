"""Asynchronous play's storage in SQL both backends run: settings, reminder choices,
turn clocks and the claims on due work.

Every "what is due" query walks a partial index (migrations 3 and 9; SQLite is held to it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from bot.storage import rows
from bot.storage.announcements import change_one_keeping_owed, keep_owed
from bot.storage.claims import SLOT_END
from bot.storage.clocks import HeldPing, QuietHours, ServerSettings, Turn, Vacation
from bot.storage.queries import Runner
from bot.storage.records import Announcement

_DEADLINE = "g.deadline"
_PLANNED = "g.reminder_turn = g.turn_started_at"
_PERSON = "coalesce(g.turn_user_id, 0) >= 0"
"""The turn is a person's: the bot's seats (negative ids) never run out of time or need
reminding."""
_TIMED = f"g.deadline IS NOT NULL AND {_PERSON} ORDER BY {_DEADLINE}"
SLOT_LOCK = 0x5059_0003
"""The lock the one live process of a slot holds (the second key hashes the slot)."""
VACATION_LOCK = 0x5059_0004
"""The lock a user's new vacation holds while it checks it overlaps none of theirs."""
T = TypeVar("T")
LET_GO = "pyramids_claims_let_go"
"""What a process stopping tells the others on."""
SETTINGS_CHANGED = "pyramids_settings_changed"
"""The channel on which processes tell each other that someone's quiet hours, vacations
or language, or a server's settings, changed."""
PEOPLE_KEPT = 10_000
"""People whose quiet hours (or vacations), or servers whose settings, a process keeps at
most (then it starts afresh)."""
_REMINDING = f"g.remind_at IS NOT NULL AND {_PLANNED} AND {_PERSON} ORDER BY g.remind_at"


class ClockStorage:
    """Asynchronous play's queries over the games table, its two settings tables and the
    claims table."""

    def __init__(self, runner: Runner) -> None:
        self._run = runner
        self._dialect = runner.dialect
        self._quiet: dict[int, QuietHours | None] = {}
        """Quiet hours read, by user: asked for every ping, changed by people rarely."""
        self._vacations: dict[int, list[Vacation]] = {}
        """Every vacation of a user, once read: asked for every move with a clock."""
        self._languages: dict[int, str | None] = {}
        """The language a user last used the bot in, once read: asked for every picture of
        a game outside servers and every direct message."""
        self._servers: dict[int, ServerSettings] = {}
        """A server's settings once read: asked for every post, changed by owners rarely."""
        self._changes = 0
        """Changes heard of, so that a read overtaken by one is not kept."""
        self._hearing = False

    async def server_settings(self, guild_id: int) -> ServerSettings:
        """Kept once read (see `_kept`)."""
        if guild_id in self._servers:
            return self._servers[guild_id]
        changes = await self._hearing_changes()
        found = await self._run.fetch(
            f"SELECT {', '.join(rows.SETTINGS_COLUMNS)} FROM server_settings WHERE guild_id = ?",
            guild_id,
        )
        settings = rows.server_settings(found[0] if found else None)
        self._kept(self._servers, guild_id, settings, changes)
        return settings

    async def save_server_settings(self, guild_id: int, settings: ServerSettings) -> None:
        await self._run.execute(
            f"INSERT INTO server_settings (guild_id, {', '.join(rows.SETTINGS_COLUMNS)}) "
            f"VALUES (?{', ?' * len(rows.SETTINGS_COLUMNS)}) ON CONFLICT (guild_id) DO UPDATE "
            f"SET {', '.join(f'{c} = excluded.{c}' for c in rows.SETTINGS_COLUMNS)}",
            *rows.settings_values(guild_id, settings),
        )
        await self._settings_changed()

    async def dm_reminders(self, user_id: int) -> bool:
        """Whether the user wants reminders by direct message."""
        found = await self._run.fetch(
            "SELECT dm_reminders FROM user_settings WHERE user_id = ?", user_id
        )
        return bool(found and found[0]["dm_reminders"])

    async def set_dm_reminders(self, user_id: int, on: bool) -> None:
        await self._run.execute(
            "INSERT INTO user_settings (user_id, dm_reminders) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET dm_reminders = excluded.dm_reminders",
            user_id,
            int(on),
        )

    async def language(self, user_id: int) -> str | None:
        """The language (Discord's code) the user last used the bot in, if known; kept
        once read (see `_kept`)."""
        if user_id in self._languages:
            return self._languages[user_id]
        changes = await self._hearing_changes()
        found = await self._run.fetch(
            "SELECT language FROM user_settings WHERE user_id = ?", user_id
        )
        language = str(found[0]["language"]) if found and found[0]["language"] else None
        self._kept(self._languages, user_id, language, changes)
        return language

    async def set_language(self, user_id: int, language: str) -> None:
        await self._run.execute(
            "INSERT INTO user_settings (user_id, dm_reminders, language) VALUES (?, 0, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
            user_id,
            language,
        )
        await self._settings_changed()

    async def quiet_hours(self, user_id: int) -> QuietHours | None:
        """Kept once read (see `_kept`)."""
        if user_id in self._quiet:
            return self._quiet[user_id]
        changes = await self._hearing_changes()
        found = await self._run.fetch(
            "SELECT quiet_start, quiet_end, quiet_zone FROM user_settings "
            "WHERE user_id = ? AND quiet_zone IS NOT NULL",
            user_id,
        )
        hours = rows.quiet_hours(found[0]) if found else None
        self._kept(self._quiet, user_id, hours, changes)
        return hours

    async def _hearing_changes(self) -> int:
        """Listen for other processes' changes to settings and vacations (once);
        the count of changes heard so far."""
        if not self._hearing:
            self._hearing = True
            await self._run.listen(SETTINGS_CHANGED, self._forget)
        return self._changes

    def _kept(self, kept: dict[int, T], key: int, value: T, changes: int) -> None:
        """Keep what was read of a user or server, unless a change was heard since
        (`changes`): what a process keeps is forgotten whenever anyone's settings change,
        in any process."""
        if changes != self._changes:
            return
        if len(kept) >= PEOPLE_KEPT:
            kept.clear()
        kept[key] = value

    def _forget(self) -> None:
        self._changes += 1
        self._quiet.clear()
        self._vacations.clear()
        self._languages.clear()
        self._servers.clear()

    async def _settings_changed(self) -> None:
        """Someone's quiet hours or vacations, or a server's settings, changed: forget, and
        tell the others."""
        self._forget()
        await self._run.notify(SETTINGS_CHANGED)

    async def set_quiet_hours(self, user_id: int, hours: QuietHours | None) -> None:
        values = (None, None, None) if hours is None else (hours.start, hours.end, hours.zone)
        await self._run.execute(
            "INSERT INTO user_settings (user_id, dm_reminders, quiet_start, quiet_end, "
            "quiet_zone) VALUES (?, 0, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET "
            "quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, "
            "quiet_zone = excluded.quiet_zone",
            user_id,
            *values,
        )
        await self._settings_changed()

    async def hold_pings(self, pings: Sequence[HeldPing]) -> None:
        """Keep held pings; one already kept for its turn is left alone."""
        await self._run.execute_many(
            f"INSERT INTO held_pings ({', '.join(rows.HELD_PING_COLUMNS)}) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, turn) DO NOTHING",
            [rows.held_ping_values(ping) for ping in pings],
        )

    async def due_pings(self, now: float) -> list[HeldPing]:
        """Held pings due by `now`, earliest first."""
        found = await self._run.fetch(
            f"SELECT {', '.join(rows.HELD_PING_COLUMNS)} FROM held_pings "
            "WHERE due_at <= ? ORDER BY due_at",
            now,
        )
        return [rows.held_ping(row) for row in found]

    async def drop_ping(
        self, game_id: int, turn: float, notices: Sequence[Announcement] = ()
    ) -> bool:
        """Strike a held ping off, keeping its post owed (`notices`) in the same
        transaction; False, and nothing kept, when another caller did first (it is theirs
        to send)."""
        return await change_one_keeping_owed(
            self._run,
            "DELETE FROM held_pings WHERE game_id = ? AND turn = ?",
            (game_id, turn),
            notices,
        )

    async def vacations(self, user_id: int, ending_after: float) -> list[Vacation]:
        """Every vacation of the user is kept once read (see `_kept`)."""
        kept = self._vacations.get(user_id)
        if kept is None:
            changes = await self._hearing_changes()
            found = await self._run.fetch(
                f"SELECT {', '.join(rows.VACATION_COLUMNS)} FROM vacations "
                "WHERE user_id = ? ORDER BY started_at",
                user_id,
            )
            kept = [rows.vacation(row) for row in found]
            self._kept(self._vacations, user_id, kept, changes)
        return [vacation for vacation in kept if vacation.ends_at > ending_after]

    async def add_vacation(self, vacation: Vacation, notices: Sequence[Announcement] = ()) -> bool:
        """Keep a new vacation, unless one of the user's overlaps it (then False), with the
        announcements of it owed (`notices`) in the same transaction."""
        async with self._run.transaction() as run:
            await run.lock(VACATION_LOCK, str(vacation.user_id))
            overlapping = await run.fetch(
                "SELECT 1 FROM vacations WHERE user_id = ? AND started_at < ? AND ends_at > ?",
                *(vacation.user_id, vacation.ends_at, vacation.started_at),
            )
            if overlapping:
                return False
            await run.execute(
                f"INSERT INTO vacations ({', '.join(rows.VACATION_COLUMNS)}) VALUES (?, ?, ?, ?)",
                *rows.vacation_values(vacation),
            )
            await keep_owed(run, notices)
        await self._settings_changed()
        return True

    async def end_vacation(
        self, user_id: int, started_at: float, now: float, notices: Sequence[Announcement] = ()
    ) -> bool:
        """End the user's vacation that started at `started_at` now, if it still runs, with
        the announcements of its end owed (`notices`) in the same transaction."""
        ended = await change_one_keeping_owed(
            self._run,
            "UPDATE vacations SET ends_at = ? WHERE user_id = ? AND started_at = ? AND ends_at > ?",
            (now, user_id, started_at, now),
            notices,
        )
        if ended:
            await self._settings_changed()
        return ended

    async def turns_in_guild(self, guild_id: int) -> list[Turn]:
        """The server's active games, longest waiting first."""
        return await self._turns(
            "games_by_guild", "g.guild_id = ? ORDER BY g.turn_started_at", guild_id
        )

    async def turns_of(self, user_id: int) -> list[Turn]:
        """The active games in every server waiting on this user, longest waiting first."""
        return await self._turns(
            "games_by_turn_user", "g.turn_user_id = ? ORDER BY g.turn_started_at", user_id
        )

    async def turns_with(self, user_id: int) -> list[Turn]:
        """The active games in every server this user plays in, longest waiting first."""
        return await self._turns(
            "games_by_turn",
            "g.id IN (SELECT q.game_id FROM players q WHERE q.user_id = ?) "
            "ORDER BY g.turn_started_at",
            user_id,
        )

    async def ai_turns(self) -> list[Turn]:
        """Active turns of the bot's seats (negative user ids), longest waiting first."""
        return await self._turns(
            "games_by_turn_user", "g.turn_user_id < 0 ORDER BY g.turn_started_at"
        )

    async def unplanned_turns(self) -> list[Turn]:
        """Active turns whose reminders are not planned yet."""
        return await self._turns(
            "games_unplanned",
            f"g.reminder_turn {self._dialect.is_distinct} g.turn_started_at ORDER BY g.id",
        )

    async def due_time_outs(self, now: float) -> list[Turn]:
        """People's active turns whose time ran out by `now`, earliest deadline first."""
        return await self._turns("games_by_deadline_at", f"{_DEADLINE} <= ? AND {_TIMED}", now)

    async def due_reminders(self, now: float) -> list[Turn]:
        """People's planned turns with a reminder due by `now`."""
        return await self._turns("games_by_reminder", f"g.remind_at <= ? AND {_REMINDING}", now)

    async def next_due(self) -> float | None:
        """The earliest planned reminder or deadline of an active game, read off two
        indexes, or held ping."""
        earliest = " UNION ALL ".join(
            f"SELECT due FROM (SELECT {column} AS due FROM {self._dialect.table('games g', index)} "
            f"WHERE g.status = 'active' AND {condition} LIMIT 1) {index}"
            for index, condition, column in (
                ("games_by_reminder", _REMINDING, "g.remind_at"),
                ("games_by_deadline_at", _TIMED, _DEADLINE),
            )
        )
        held = "SELECT min(due_at) AS due FROM held_pings"
        found = await self._run.fetch(
            f"SELECT min(due) AS due FROM ({earliest} UNION ALL {held}) due_times"
        )
        due: float | None = found[0]["due"]
        return due

    async def plan_reminders(self, plans: Sequence[tuple[int, float, float | None]]) -> None:
        """Plan the first reminder of new turns, as (game id, turn, when) triples, in one
        transaction; a turn that is over or already planned is left alone."""
        await self._run.execute_many(
            "UPDATE games SET reminder_turn = ?, reminded = 0, remind_at = ? "
            "WHERE id = ? AND status = 'active' AND turn_started_at = ? "
            f"AND reminder_turn {self._dialect.is_distinct} ?",
            [(turn, remind_at, game_id, turn, turn) for game_id, turn, remind_at in plans],
        )

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
        return await change_one_keeping_owed(
            self._run,
            "UPDATE games SET reminded = ?, remind_at = ? WHERE id = ? "
            "AND status = 'active' AND turn_started_at = ? "
            "AND reminder_turn = turn_started_at AND reminded = ?",
            (stage, remind_at, game_id, turn, expected),
            notices,
        )

    async def claim(self, kind: str, key: str, owner: str, now: float, until: float) -> bool:
        taken = await self._run.execute(
            "INSERT INTO claims (kind, key, claimed_by, claimed_until) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (kind, key) DO UPDATE SET claimed_by = excluded.claimed_by, "
            "claimed_until = excluded.claimed_until WHERE claims.claimed_until <= ?",
            *(kind, key, owner, until, now),
        )
        return taken == 1

    async def renew(self, kind: str, key: str, owner: str, until: float) -> bool:
        renewed = await self._run.execute(
            "UPDATE claims SET claimed_until = ? WHERE kind = ? AND key = ? AND claimed_by = ?",
            *(until, kind, key, owner),
        )
        return renewed == 1

    async def release(self, kind: str, key: str, owner: str) -> None:
        await self._run.execute(
            "DELETE FROM claims WHERE kind = ? AND key = ? AND claimed_by = ?", kind, key, owner
        )

    async def take_over(self, slot: str, holder: str) -> bool:
        if not await self._run.hold_lock(SLOT_LOCK, slot):
            return False
        prefix = f"{slot}{SLOT_END}"
        await self._run.execute(
            "DELETE FROM claims WHERE substr(claimed_by, 1, ?) = ? AND claimed_by <> ?",
            *(len(prefix), prefix, holder),
        )
        return True

    async def let_go(self, holder: str) -> int:
        released = await self._run.execute("DELETE FROM claims WHERE claimed_by = ?", holder)
        await self._run.notify(LET_GO)
        return released

    async def on_let_go(self, heard: Callable[[], None]) -> None:
        await self._run.listen(LET_GO, heard)

    async def orphaned(self, own_slot: str) -> list[str]:
        if not self._run.steady():
            return []
        position = self._dialect.position
        found = await self._run.fetch(
            "SELECT slot FROM announcements WHERE slot <> ? UNION "
            f"SELECT substr(claimed_by, 1, {position}(claimed_by, ?) - 1) AS slot "
            "FROM claims WHERE substr(claimed_by, 1, ?) <> ?",
            *(own_slot, SLOT_END, len(own_slot) + len(SLOT_END), f"{own_slot}{SLOT_END}"),
        )
        slots = [str(row["slot"]) for row in found]
        return [slot for slot in slots if await self._run.lock_free(SLOT_LOCK, slot)]

    async def adopt(self, slot: str, own_slot: str) -> None:
        prefix = f"{slot}{SLOT_END}"
        async with self._run.transaction() as run:
            await run.execute(
                "DELETE FROM claims WHERE substr(claimed_by, 1, ?) = ?", len(prefix), prefix
            )
            await run.execute("UPDATE announcements SET slot = ? WHERE slot = ?", own_slot, slot)

    async def prune(self, lapsed_before: float) -> int:
        return await self._run.execute("DELETE FROM claims WHERE claimed_until < ?", lapsed_before)

    async def _turns(self, index: str, condition: str, *values: Any) -> list[Turn]:
        """Active games with their turn, found through `index`."""
        found = await self._run.fetch(
            f"SELECT {rows.TURN_COLUMNS} FROM {self._dialect.table('games g', index)} "
            "JOIN players p ON p.game_id = g.id AND p.seat = g.turn_seat "
            f"WHERE g.status = 'active' AND {condition}",
            *values,
        )
        return [rows.turn(row) for row in found]
