"""Slow games in plain values: server settings, reminders by direct message, the
games waiting on someone, and the work that falls due (time-outs and reminders).

Nothing here knows about Discord or sleeps: the scheduler asks what is due and delivers
what comes back.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import engine
from bot.play.clocks.durations import parse_duration, parse_time_control
from bot.play.clocks.quiet import parse_span, quiet_until, zone_named
from bot.play.clocks.timing import WARNING, Reminder, pending_reminders, turn_reminders
from bot.play.playing.endings import Endings
from bot.play.table.announcements import notice
from bot.play.table.events import DueWorkChanged
from bot.play.table.games import GameTable
from bot.play.table.values import Delivery, Post, Refusal
from bot.play.words.languages import LANGUAGES, SERVERS_OWN, SOURCE
from bot.play.words.text import GameLink, Moment, Name, Segment, Strong, Text, t
from bot.storage.clock_queries import ClockStorage
from bot.storage.clocks import HeldPing, Hints, OnTimeOut, QuietHours, ServerSettings, Turn

SpareDay = Callable[[Turn], Awaitable[Delivery | None]]
"""`await spare_day(turn)`: take a vacation day for the player whose time in `turn` runs
out at its deadline, and the post telling them; None when they have none left."""


async def no_spare_day(turn: Turn) -> Delivery | None:
    return None


LISTED = 25
"""Games shown by one list; the rest are counted."""


@dataclass(frozen=True, slots=True)
class Listing:
    """Lines describing games, at most `LISTED` of them, and how many there are in all."""

    lines: tuple[Text, ...]
    total: int


class SlowGames:
    """The use cases of slow games: settings, lists, and the time-outs and reminders due."""

    def __init__(
        self,
        games: GameTable,
        clocks: ClockStorage,
        endings: Endings,
        *,
        spare_day: SpareDay = no_spare_day,
        clock: Callable[[], float] = time.time,
    ) -> None:
        """`spare_day` saves a clock that runs out with a vacation day, if the player has
        one."""
        self.games = games
        self.clocks = clocks
        self._endings = endings
        self._clock = clock
        self._spare_day = spare_day

    # -- settings ----------------------------------------------------------------

    async def settings(self, guild_id: int) -> ServerSettings:
        return await self.clocks.server_settings(guild_id)

    async def change_settings(
        self,
        guild_id: int,
        *,
        time_limit: str | None = None,
        reminder_delay: str | None = None,
        threads: bool | None = None,
        on_time_out: OnTimeOut | None = None,
        pages: bool | None = None,
        hints: Hints | None = None,
        language: str | None = None,
    ) -> ServerSettings:
        """Change what is given, keep the rest; running turns follow a new reminder delay.
        `language` is a shipped language's code, or `SERVERS_OWN` for the language the
        server's own Discord settings give it."""
        current = await self.clocks.server_settings(guild_id)
        changed = current
        if time_limit is not None:
            control = parse_time_control(time_limit)
            changed = dataclasses.replace(
                changed,
                time_limit=None if control is None else control.initial,
                time_increment=None if control is None else control.increment,
                time_cap=None if control is None else control.cap,
            )
        if on_time_out is not None:
            changed = dataclasses.replace(changed, on_time_out=on_time_out)
        if reminder_delay is not None:
            changed = dataclasses.replace(
                changed, reminder_delay=parse_duration(reminder_delay, t("The reminder delay"))
            )
        if threads is not None:
            changed = dataclasses.replace(changed, threads=threads)
        if pages is not None:
            changed = dataclasses.replace(changed, pages=pages)
        if hints is not None:
            changed = dataclasses.replace(changed, hints=hints)
        if language is not None:
            changed = dataclasses.replace(changed, language=_chosen_language(language))
        if changed != current:
            await self.clocks.save_server_settings(guild_id, changed)
            await self._replan(guild_id, changed.reminder_delay)
            self._changed()
        return changed

    async def opens_thread(self, guild_id: int | None) -> bool:
        """Whether a new game in this server gets its own thread when not told."""
        return guild_id is not None and (await self.clocks.server_settings(guild_id)).threads

    async def dm_reminders(self, user_id: int) -> bool:
        return await self.clocks.dm_reminders(user_id)

    async def set_dm_reminders(self, user_id: int, on: bool) -> None:
        await self.clocks.set_dm_reminders(user_id, on)

    async def quiet_hours(self, user_id: int) -> QuietHours | None:
        return await self.clocks.quiet_hours(user_id)

    async def set_quiet_hours(self, user_id: int, span: str, zone: str | None) -> QuietHours | None:
        """Keep the user's quiet hours, `span` like `23:00-08:00` in the IANA `zone`
        (the one kept before when not given); `off` clears them."""
        parsed = parse_span(span)
        if parsed is None:
            await self.clocks.set_quiet_hours(user_id, None)
            return None
        if zone is None:
            before = await self.clocks.quiet_hours(user_id)
            if before is None:
                raise Refusal(t("Say which time zone your quiet hours are in, like Europe/Berlin."))
            zone = before.zone
        hours = QuietHours(*parsed, zone_named(zone))
        await self.clocks.set_quiet_hours(user_id, hours)
        return hours

    async def quiet_until(self, user_id: int, moment: float) -> float | None:
        """When the user's quiet hours holding `moment` end; None when they are not quiet."""
        return await quiet_until(self.clocks, user_id, moment)

    async def _held_until(self, user_id: int, moment: float) -> float | None:
        """When the user's quiet hours or vacation holding `moment` end, if either does:
        reminders wait for it."""
        until = moment
        for start, end in await self.games.away(user_id, moment):
            if start <= until and (end is None or end > until):
                until = math.inf if end is None else end
        quiet = await self.quiet_until(user_id, until) if until < math.inf else None
        held = quiet if quiet is not None else until
        return None if held == moment else held

    # -- lists -------------------------------------------------------------------

    async def server_games(self, guild_id: int) -> Listing:
        """The server's active games: whose turn, since when, and when time runs out."""
        turns = await self.clocks.turns_in_guild(guild_id)
        lines = (
            t(
                "{game}: {player} to move {since}",
                game=game_link(turn),
                player=Strong(Name(turn.name)),
                since=_since(turn),
            )
            for turn in turns
        )
        return Listing(tuple(lines)[:LISTED], len(turns))

    async def waiting_on(self, user_id: int) -> Listing:
        """The games in every server where it is this user's turn."""
        turns = await self.clocks.turns_of(user_id)
        lines = (
            t("{game}: your move {since}", game=game_link(turn), since=_since(turn))
            for turn in turns
        )
        return Listing(tuple(lines)[:LISTED], len(turns))

    # -- what falls due ------------------------------------------------------------

    async def plan_turns(self) -> None:
        """Plan the first reminder of every turn that started since the last look, and the
        ping of a player whose turn began in their quiet hours (the move's post named them
        without one) for when those end."""
        delays: dict[int | None, float | None] = {}
        plans = []
        held = []
        for turn in await self.clocks.unplanned_turns():
            if turn.guild_id not in delays:
                delays[turn.guild_id] = await self._delay(turn)
            first = _first_due(turn_reminders(turn, delays[turn.guild_id]))
            plans.append((turn.game_id, turn.started_at, first))
            until = await self.quiet_until(turn.user_id, turn.started_at)
            if until is not None:
                held.append(
                    HeldPing(turn.game_id, turn.started_at, turn.user_id, turn.place_id, until)
                )
        await self.clocks.hold_pings(held)
        await self.clocks.plan_reminders(plans)

    async def due_time_outs(self) -> list[Turn]:
        return await self.clocks.due_time_outs(self._clock())

    async def time_out(self, turn: Turn, *, online_since: float) -> Delivery | None:
        """End a turn whose time ran out, unless its player has a vacation day to save it
        with (`spare_day`); None when a move came first, or the clock was stopped
        meanwhile (its deadline is worked out again first)."""
        await self.games.refresh_clocks([turn.game_id])
        record = await self.games.by_id(turn.game_id)
        if record is None or record.deadline is None or not self._endings.past_deadline(record):
            return None
        saved = await self._spare_day(dataclasses.replace(turn, deadline=record.deadline))
        if saved is not None:
            return saved
        offline = record.deadline < online_since
        post = await self._endings.time_out(turn.game_id, offline=offline)
        return None if post is None else Delivery(turn.place_id, post)

    async def due_reminders(self) -> list[Turn]:
        return await self.clocks.due_reminders(self._clock())

    async def remind(self, turn: Turn) -> Delivery | None:
        """Send a turn's due reminder at most once: the latest due, when several are.

        The reminder is saved as owed with its mark and struck off once sent (with a
        nonce of its own), so a restart between the two posts it, and never twice; None
        when another pass got there first or nothing is due after all. Once the
        turn's time has run out (the bot was offline, or its database), no reminder is
        sent: the time-out comes instead; nor while the clocks are stopped or a claim waits.
        In the player's quiet hours or vacation it waits for their end.
        """
        now = self._clock()
        pending = pending_reminders(turn, await self._delay(turn), turn.reminded)
        due = [r for r in pending if r.due <= now]
        until = await self._held_until(turn.user_id, now) if due else None
        if until is not None:
            await self.clocks.mark_reminder(
                turn.game_id, turn.started_at, turn.reminded, turn.reminded, until
            )
            return None
        stage = due[-1].stage if due else turn.reminded
        later = [r for r in pending if r.stage > stage]
        mark = (turn.game_id, turn.started_at, turn.reminded, stage, _first_due(later))
        ran_out = turn.deadline is not None and turn.deadline <= now
        record = await self.games.by_id(turn.game_id)
        if not due or ran_out or turn.halted or record is None:
            await self.clocks.mark_reminder(*mark)
            return None
        text = (
            _warning_text(turn, await self._on_time_out(turn))
            if stage == WARNING
            else _nudge_text(turn)
        )
        dm = turn.user_id if await self.clocks.dm_reminders(turn.user_id) else None
        post = Post(turn.game_id, text, pings=(turn.user_id,))
        owed = self.games.signed(notice(record, post, now, dm_user_id=dm))
        if not await self.clocks.mark_reminder(*mark, notices=[owed]):
            return None
        return Delivery(turn.place_id, dataclasses.replace(post, announcement=owed.id), dm)

    async def due_pings(self) -> list[HeldPing]:
        return await self.clocks.due_pings(self._clock())

    async def ping(self, held: HeldPing) -> Delivery | None:
        """The ping held back by a player's quiet hours, once: struck off as its post is
        saved owed (until Discord takes it); None when another pass got there first or the
        turn is over."""
        turn = next(
            (
                each
                for each in await self.clocks.turns_of(held.user_id)
                if each.game_id == held.game_id
            ),
            None,
        )
        record = await self.games.by_id(held.game_id)
        if turn is None or turn.started_at != held.turn or record is None:
            await self.clocks.drop_ping(held.game_id, held.turn)
            return None
        text = t(
            "{player}, it is your move in {game}.",
            player=Strong(Name(turn.name)),
            game=game_link(turn),
        )
        post = Post(turn.game_id, text, pings=(turn.user_id,))
        owed = self.games.signed(notice(record, post, self._clock()))
        if not await self.clocks.drop_ping(held.game_id, held.turn, [owed]):
            return None
        return Delivery(turn.place_id, dataclasses.replace(post, announcement=owed.id))

    async def next_due(self) -> float | None:
        return await self.clocks.next_due()

    async def replan_turn(self, game_id: int, user_id: int) -> None:
        """Plan a turn's next reminder again after its clock changed (resumed, or given
        time): a turn begun while the clocks were stopped has no warning planned yet."""
        for turn in await self.clocks.turns_of(user_id):
            if turn.game_id == game_id:
                await self._replan_turn(turn, await self._delay(turn))

    async def _replan(self, guild_id: int, delay: float | None) -> None:
        """Move the next reminder of the server's planned turns to a new delay."""
        for turn in await self.clocks.turns_in_guild(guild_id):
            await self._replan_turn(turn, delay)

    async def _replan_turn(self, turn: Turn, delay: float | None) -> None:
        if turn.planned:
            later = pending_reminders(turn, delay, turn.reminded)
            await self.clocks.mark_reminder(
                turn.game_id, turn.started_at, turn.reminded, turn.reminded, _first_due(later)
            )

    async def _delay(self, turn: Turn) -> float | None:
        return (await self._settings(turn)).reminder_delay

    async def _on_time_out(self, turn: Turn) -> OnTimeOut:
        return (await self._settings(turn)).on_time_out

    async def _settings(self, turn: Turn) -> ServerSettings:
        if turn.guild_id is None:
            return ServerSettings()
        return await self.clocks.server_settings(turn.guild_id)

    def _changed(self) -> None:
        self.games.events.write(DueWorkChanged())


def _chosen_language(language: str) -> str | None:
    """A server's `language` setting as given: a shipped language, or `SERVERS_OWN`."""
    if language == SERVERS_OWN:
        return None
    if language != SOURCE and language not in LANGUAGES:
        raise Refusal(t("The bot does not speak that language yet."))
    return language


def _first_due(reminders: list[Reminder]) -> float | None:
    return reminders[0].due if reminders else None


def game_link(turn: Turn) -> GameLink:
    title = f"{engine.GAMES[turn.game].title} #{turn.game_id}"
    return GameLink(title, turn.guild_id, turn.place_id, turn.message_id)


def _since(turn: Turn) -> Text:
    if turn.deadline is None:
        return t("since {moment}", moment=Moment(turn.started_at))
    return t(
        "since {moment}, time runs out {deadline}",
        moment=Moment(turn.started_at),
        deadline=Moment(turn.deadline),
    )


def _nudge_text(turn: Turn) -> Text:
    return t(
        "Reminder, {player}: it has been your move in {game} {since}.",
        player=Strong(Name(turn.name)),
        game=game_link(turn),
        since=_since(turn),
    )


def _warning_text(turn: Turn, on_time_out: OnTimeOut) -> Text:
    assert turn.deadline is not None
    parts: dict[str, Segment] = {
        "player": Strong(Name(turn.name)),
        "game": game_link(turn),
        "deadline": Moment(turn.deadline),
    }
    if on_time_out is OnTimeOut.CLAIM:
        return t(
            "{player}, a quarter of your time is left in {game}: time runs out {deadline}, "
            "and then the others may claim the win.",
            **parts,
        )
    if turn.players == 2:
        return t(
            "{player}, a quarter of your time is left in {game}: time runs out {deadline}, "
            "and then you lose the game.",
            **parts,
        )
    return t(
        "{player}, a quarter of your time is left in {game}: time runs out {deadline}, "
        "and then you are out of the game.",
        **parts,
    )
