"""Vacations: each player's yearly days away, kept as a ledger of intervals in the
database, and the away times of the players' clocks that follow from it.

A vacation is the interval [start, end) of one player; the days used in a calendar year
(UTC) are the minutes its vacations overlap it, every begun minute counted. While a
player is away, every clock of theirs stops, in every game and server; when a clock
would run out and its player has a day left, one day is taken automatically.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.play.clocks.clock import DAY, MINUTE, AwayTimes
from bot.play.clocks.quiet import quiet_until
from bot.play.clocks.slow_games import game_link
from bot.play.table.announcements import notice
from bot.play.table.events import PostsOwed
from bot.play.table.games import GameTable
from bot.play.table.values import Delivery, Post, Refusal
from bot.play.words.text import Code, GameLink, Moment, Name, Strong, Text, joined, say, t, tn
from bot.play.words.wording import title
from bot.storage import Announcement, GameRecord
from bot.storage.clock_queries import ClockStorage
from bot.storage.clocks import Turn, Vacation
from bot.storage.records import Interval

DAYS_A_YEAR = 15
"""Vacation days each player has a calendar year, unless the bot's owner sets another."""


@dataclass(frozen=True, slots=True)
class VacationStatus:
    """Seconds of vacation left this year, the vacation running (if any), and the games
    whose clocks it pauses."""

    left: float
    current: Vacation | None
    games: tuple[Text, ...]


@dataclass(frozen=True, slots=True)
class VacationChange:
    """A vacation begun or ended, with the posts telling each of the player's games."""

    vacation: Vacation
    left: float
    deliveries: tuple[Delivery, ...]


def year_of(moment: float) -> tuple[float, float]:
    """The calendar year (UTC) holding `moment`, as [start, end)."""
    year = datetime.fromtimestamp(moment, UTC).year
    return (
        datetime(year, 1, 1, tzinfo=UTC).timestamp(),
        datetime(year + 1, 1, 1, tzinfo=UTC).timestamp(),
    )


def used_in(vacations: Sequence[Vacation], start: float, end: float) -> float:
    """Seconds of vacation in [start, end), every begun minute of each vacation counted."""
    used = 0.0
    for vacation in vacations:
        overlap = min(vacation.ends_at, end) - max(vacation.started_at, start)
        if overlap > 0:
            used += math.ceil(overlap / MINUTE) * MINUTE
    return used


def describe_left(seconds: float) -> Text:
    """`12 days 4 hours 30 minutes`, to the minute; `no time` when nothing is left."""
    left = max(0, int(seconds // MINUTE))
    days, left = divmod(left, 24 * 60)
    hours, minutes = divmod(left, 60)
    units = (
        (days, tn("{count} day", "{count} days", days)),
        (hours, tn("{count} hour", "{count} hours", hours)),
        (minutes, tn("{count} minute", "{count} minutes", minutes)),
    )
    parts = [said for count, said in units if count]
    return joined(" ", parts) if parts else t("no time")


def left_this_year(seconds: float) -> Text:
    """`Vacation left this year: 12 days.`"""
    return t("Vacation left this year: {left}.", left=describe_left(seconds))


ENDS_IT = Code("/vacation end")
"""The command that ends a vacation, as refusals name it."""


def away_on_vacation(clocks: ClockStorage) -> AwayTimes:
    """When players are away, as their vacations say (for `GameTable`)."""

    async def away(user_id: int, since: float) -> Sequence[Interval]:
        return [(v.started_at, v.ends_at) for v in await clocks.vacations(user_id, since)]

    return away


class Vacations:
    """The use cases of vacations: start, end, status, and the days taken automatically."""

    def __init__(
        self,
        games: GameTable,
        clocks: ClockStorage,
        days_a_year: int,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.games = games
        self.clocks = clocks
        self.days_a_year = days_a_year
        self._clock = clock

    async def left(self, user_id: int, moment: float) -> float:
        """Seconds of vacation the user has left in the calendar year of `moment`."""
        start, end = year_of(moment)
        used = used_in(await self.clocks.vacations(user_id, start), start, end)
        return max(0.0, self.days_a_year * DAY - used)

    async def status(self, user_id: int) -> VacationStatus:
        now = self._clock()
        current = await self._current(user_id, now)
        games = () if current is None else await self._games(user_id)
        return VacationStatus(await self.left(user_id, now), current, games)

    async def start(self, user_id: int, name: str, days: int) -> VacationChange:
        """Begin a vacation of `days` days now; refused in one sentence when the user is
        on vacation already, or has not that much left this year."""
        now = self._clock()
        if not self.days_a_year:
            raise Refusal(t("This bot gives no vacation days."))
        already = t("You are on vacation already; {command} ends it.", command=ENDS_IT)
        if await self._current(user_id, now) is not None:
            raise Refusal(already)
        if not 1 <= days <= self.days_a_year:
            lasts = tn(
                "A vacation lasts 1 to {count} days.",
                "A vacation lasts 1 to {count} days.",
                self.days_a_year,
            )
            raise Refusal(lasts)
        left = await self.left(user_id, now)
        if left < MINUTE:
            raise Refusal(t("You have no vacation left this year."))
        if days * DAY > left:
            raise Refusal(
                t("You have {left} of vacation left this year.", left=describe_left(left))
            )
        vacation = Vacation(user_id, now, now + days * DAY)
        player, until = Strong(Name(name)), Moment(vacation.ends_at)
        told = await self._tell(
            user_id,
            lambda game: t(
                "{player} is on vacation until {until} in {game}: their clock waits.",
                player=player,
                until=until,
                game=game,
            ),
            now,
        )
        if not await self.clocks.add_vacation(vacation, [owed for _, owed in told]):
            raise Refusal(already)
        await self._refresh(user_id)
        return VacationChange(vacation, left - days * DAY, tuple(d for d, _ in told))

    async def end(self, user_id: int, name: str) -> VacationChange:
        """End the user's vacation now; refused in one sentence when they are not on one."""
        now = self._clock()
        current = await self._current(user_id, now)
        if current is None:
            raise Refusal(t("You are not on vacation."))
        player = Strong(Name(name))
        told = await self._tell(
            user_id,
            lambda game: t(
                "{player} is back from vacation in {game}: their clock runs again.",
                player=player,
                game=game,
            ),
            now,
        )
        notices = [owed for _, owed in told]
        if not await self.clocks.end_vacation(user_id, current.started_at, now, notices):
            raise Refusal(t("You are not on vacation."))
        await self._refresh(user_id)
        ended = Vacation(user_id, current.started_at, now, current.automatic)
        return VacationChange(ended, await self.left(user_id, now), tuple(d for d, _ in told))

    async def take_a_day(self, turn: Turn) -> Delivery | None:
        """Save the clock of `turn`'s player, which runs out at its deadline, with a
        vacation day from then (what is left, when under a day) if they have any left
        this year; None when they have none, or a vacation of theirs covers the deadline
        already. The player is told by direct message (in the game's channel when their
        direct messages are closed, or without a ping during their quiet hours). The
        notice is saved with the day, owed until Discord takes it."""
        record = await self.games.by_id(turn.game_id)
        if turn.deadline is None or record is None:
            return None
        quiet = await quiet_until(self.clocks, turn.user_id, self._clock()) is not None
        pings, dm = ((), None) if quiet else ((turn.user_id,), turn.user_id)
        told = await self._day_from(record, turn.user_id, turn.deadline, turn.name, pings, dm)
        return None if told is None else Delivery(turn.place_id, told, dm_user_id=dm)

    async def reprieve(self, record: GameRecord) -> GameRecord | None:
        """Spare a move that came after its turn's deadline, before the time-out did, with
        the vacation day the time-out would have taken (see `take_a_day`): the record with
        its deadline worked out again, or None without a day left. The notice of the day
        is saved with it and posted in the game's channel at once, before the move."""
        assert record.deadline is not None and record.turn_seat is not None
        seat = record.players[record.turn_seat]
        told = await self._day_from(record, seat.user_id, record.deadline, seat.name)
        if told is None:
            return None
        self.games.events.write(PostsOwed((Delivery(record.place_id, told),)))
        return await self.games.by_id(record.id)

    async def _day_from(
        self,
        record: GameRecord,
        user_id: int,
        at: float,
        name: str,
        pings: tuple[int, ...] = (),
        dm_user_id: int | None = None,
    ) -> Post | None:
        """A vacation day from `at` (what is left, when under a day) if the user has any
        left this year and no vacation covers `at`, with its notice about `record`'s game
        (pinging `pings`, to `dm_user_id` by direct message first) kept owed with the day,
        and their games' deadlines worked out again: the notice's post; None otherwise."""
        left = await self.left(user_id, at)
        if left < MINUTE:
            return None
        day = Vacation(user_id, at, at + min(DAY, left), automatic=True)
        link = GameLink(title(record), record.guild_id, record.place_id, record.message_id)
        ran_out = t(
            "{player}, your time in {game} ran out, so a vacation day was used: your clocks "
            "wait until {until}.",
            player=Strong(Name(name)),
            game=link,
            until=Moment(day.ends_at),
        )
        text = say(ran_out, " ", left_this_year(left - (day.ends_at - at)))
        post = Post(record.id, text, pings=pings)
        owed = self.games.signed(notice(record, post, self._clock(), dm_user_id=dm_user_id))
        if not await self.clocks.add_vacation(day, [owed]):
            return None
        await self._refresh(user_id)
        return dataclasses.replace(post, announcement=owed.id)

    async def _refresh(self, user_id: int) -> None:
        """Work out again the deadlines of the user's games, as their absences changed."""
        await self.games.refresh_clocks(
            [turn.game_id for turn in await self.clocks.turns_with(user_id)]
        )

    async def _current(self, user_id: int, now: float) -> Vacation | None:
        running = [v for v in await self.clocks.vacations(user_id, now) if v.started_at <= now]
        return running[0] if running else None

    async def _games(self, user_id: int) -> tuple[Text, ...]:
        return tuple(say(game_link(turn)) for turn in await self.clocks.turns_with(user_id))

    async def _tell(
        self, user_id: int, said: Callable[[GameLink], Text], now: float
    ) -> list[tuple[Delivery, Announcement]]:
        """A post for each game of the user's, in its channel, saying `said(game)`, with its
        announcement (to be saved with the change it tells of, so that it is posted even
        after a restart)."""
        told = []
        for turn in await self.clocks.turns_with(user_id):
            record = await self.games.by_id(turn.game_id)
            if record is None:
                continue
            post = Post(turn.game_id, said(game_link(turn)))
            owed = self.games.signed(notice(record, post, now))
            post = dataclasses.replace(post, announcement=owed.id)
            told.append((Delivery(turn.place_id, post), owed))
        return told
