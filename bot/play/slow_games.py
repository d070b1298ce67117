"""Slow games in plain values: server settings, reminders by direct message, the
games waiting on someone, and the work that falls due (time-outs and reminders).

Nothing here knows about Discord or sleeps: the scheduler asks what is due and delivers
what comes back.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass

import engine
from bot.play.endings import Endings
from bot.play.games import GameTable
from bot.play.timing import (
    WARNING,
    Reminder,
    describe_duration,
    parse_duration,
    pending_reminders,
    turn_reminders,
)
from bot.play.values import Post
from bot.play.words.text import GameLink, Moment, Name, Strong, Text, say
from bot.storage.clocks import ServerSettings, Turn

LISTED = 25
"""Games shown by one list; the rest are counted."""


@dataclass(frozen=True, slots=True)
class Delivery:
    """A post for a game's channel. With `dm_user_id` it goes to that user's direct
    messages instead, and to the channel only when they cannot be reached."""

    place_id: int
    post: Post
    dm_user_id: int | None = None


@dataclass(frozen=True, slots=True)
class Listing:
    """Lines describing games, at most `LISTED` of them, and how many there are in all."""

    lines: tuple[Text, ...]
    total: int


class SlowGames:
    """The use cases of slow games: settings, lists, and the time-outs and reminders due."""

    def __init__(
        self, games: GameTable, endings: Endings, *, clock: Callable[[], float] = time.time
    ) -> None:
        self.games = games
        self.clocks = games.clocks
        self._endings = endings
        self._clock = clock
        self.on_change: list[Callable[[], None]] = []
        """Called when settings change what falls due when: the scheduler wakes up on it."""

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
    ) -> ServerSettings:
        """Change what is given, keep the rest; running turns follow a new reminder delay."""
        current = await self.clocks.server_settings(guild_id)
        changed = current
        if time_limit is not None:
            changed = dataclasses.replace(
                changed, time_limit=parse_duration(time_limit, "The time limit")
            )
        if reminder_delay is not None:
            changed = dataclasses.replace(
                changed, reminder_delay=parse_duration(reminder_delay, "The reminder delay")
            )
        if threads is not None:
            changed = dataclasses.replace(changed, threads=threads)
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

    # -- lists -------------------------------------------------------------------

    async def server_games(self, guild_id: int) -> Listing:
        """The server's active games: whose turn, since when, and when time runs out."""
        turns = await self.clocks.turns_in_guild(guild_id)
        lines = (say(_link(t), ": ", Strong(Name(t.name)), " to move ", _since(t)) for t in turns)
        return Listing(tuple(lines)[:LISTED], len(turns))

    async def waiting_on(self, user_id: int) -> Listing:
        """The games in every server where it is this user's turn."""
        turns = await self.clocks.turns_of(user_id)
        lines = (say(_link(t), ": your move ", _since(t)) for t in turns)
        return Listing(tuple(lines)[:LISTED], len(turns))

    # -- what falls due ------------------------------------------------------------

    async def plan_turns(self) -> None:
        """Plan the first reminder of every turn that started since the last look."""
        delays: dict[int | None, float | None] = {}
        plans = []
        for turn in await self.clocks.unplanned_turns():
            if turn.guild_id not in delays:
                delays[turn.guild_id] = await self._delay(turn)
            first = _first_due(turn_reminders(turn, delays[turn.guild_id]))
            plans.append((turn.game_id, turn.started_at, first))
        await self.clocks.plan_reminders(plans)

    async def due_time_outs(self) -> list[Turn]:
        return await self.clocks.due_time_outs(self._clock())

    async def time_out(self, turn: Turn, *, online_since: float) -> Delivery | None:
        """End a turn whose time ran out; None when a move came first."""
        deadline = turn.deadline
        offline = deadline is not None and deadline < online_since
        post = await self._endings.time_out(turn.game_id, offline=offline)
        return None if post is None else Delivery(turn.place_id, post)

    async def due_reminders(self) -> list[Turn]:
        return await self.clocks.due_reminders(self._clock())

    async def remind(self, turn: Turn) -> Delivery | None:
        """Send a turn's due reminder at most once: the latest due, when several are.

        The reminder is marked sent before it is handed out, so a restart never repeats
        it; None when another pass got there first or nothing is due after all. Once the
        turn's time has run out (the bot was offline, or its database), no reminder is
        sent: the time-out comes instead.
        """
        now = self._clock()
        pending = pending_reminders(turn, await self._delay(turn), turn.reminded)
        due = [r for r in pending if r.due <= now]
        stage = due[-1].stage if due else turn.reminded
        later = [r for r in pending if r.stage > stage]
        claimed = await self.clocks.mark_reminder(
            turn.game_id, turn.started_at, turn.reminded, stage, _first_due(later)
        )
        if not claimed or not due or (turn.deadline is not None and turn.deadline <= now):
            return None
        text = _warning_text(turn) if stage == WARNING else _nudge_text(turn)
        dm = turn.user_id if await self.clocks.dm_reminders(turn.user_id) else None
        return Delivery(turn.place_id, Post(turn.game_id, text, pings=(turn.user_id,)), dm)

    async def next_due(self) -> float | None:
        return await self.clocks.next_due()

    async def _replan(self, guild_id: int, delay: float | None) -> None:
        """Move the next reminder of the server's planned turns to a new delay."""
        for turn in await self.clocks.turns_in_guild(guild_id):
            if turn.planned:
                later = pending_reminders(turn, delay, turn.reminded)
                await self.clocks.mark_reminder(
                    turn.game_id, turn.started_at, turn.reminded, turn.reminded, _first_due(later)
                )

    async def _delay(self, turn: Turn) -> float | None:
        if turn.guild_id is None:
            return ServerSettings().reminder_delay
        return (await self.clocks.server_settings(turn.guild_id)).reminder_delay

    def _changed(self) -> None:
        for listener in self.on_change:
            listener()


def settings_text(settings: ServerSettings) -> str:
    """A server's settings, one per line."""
    delay = settings.reminder_delay
    return "\n".join(
        [
            f"Time limit per move in new games: {describe_duration(settings.time_limit)}",
            "Reminder when a turn has waited: "
            + ("never" if delay is None else describe_duration(delay)),
            f"New games open a thread: {'yes' if settings.threads else 'no'}",
        ]
    )


def _first_due(reminders: list[Reminder]) -> float | None:
    return reminders[0].due if reminders else None


def _link(turn: Turn) -> GameLink:
    title = f"{engine.GAMES[turn.game].title} #{turn.game_id}"
    return GameLink(title, turn.guild_id, turn.place_id, turn.message_id)


def _since(turn: Turn) -> Text:
    since = say("since ", Moment(turn.started_at))
    return since if turn.deadline is None else say(since, ", time runs out ", Moment(turn.deadline))


def _nudge_text(turn: Turn) -> Text:
    return say(
        "Reminder, ",
        Strong(Name(turn.name)),
        ": it has been your move in ",
        _link(turn),
        " ",
        _since(turn),
        ".",
    )


def _warning_text(turn: Turn) -> Text:
    assert turn.deadline is not None
    loss = "you lose the game" if turn.players == 2 else "you are out of the game"
    return say(
        Strong(Name(turn.name)),
        ", a quarter of your time is left in ",
        _link(turn),
        ": time runs out ",
        Moment(turn.deadline),
        f", and then {loss}.",
    )
