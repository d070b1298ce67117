"""The games being played: records found by channel or id, and their engine games lent
out one caller at a time from a small cache (saved through `bot.play.table.saving`).

`GameTable` is the use cases' one door to the games stored: they ask it for games, move
logs and the clocks of turns, never the storage behind it. What else they keep (server
settings, vacations, announcements, tournaments) each use case is given by the builder."""

from __future__ import annotations

import contextlib
import dataclasses
import json
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

import engine
from bot.play.clocks.clock import (
    AwayTimes,
    SeatClock,
    away_during,
    never_away,
    runs_out,
    seat_clocks,
)
from bot.play.table.announcements import announcement
from bot.play.table.saving import Loan, Saves, Stale
from bot.play.table.values import LARGEST_ID, DamagedGame, Post, Refusal
from bot.play.words.refusals import (
    EndedMeanwhile,
    GameOver,
    NoGame,
    NotAPlayer,
    NotBegun,
    NotYourTurn,
    OtherGame,
    OutOfGame,
)
from bot.play.words.text import t
from bot.storage import (
    Action,
    Announcement,
    GameDraft,
    GameRecord,
    OfferKind,
    Seat,
    Status,
    Storage,
)
from bot.storage.records import Interval

T = TypeVar("T")

CACHE_SIZE = 512
"""Engine games kept ready between requests."""
ATTEMPTS = 5
"""Times an answer that lost a race to another change is worked out again."""


@dataclass(frozen=True, slots=True)
class Mover:
    """A player about to move: the lent game, their seat, and the move they sent when it
    was played already (`played`, the move as the game wrote it): then nothing is to be
    played, the board is shown to them instead."""

    loan: Loan
    seat: Seat
    played: str | None = None


class GameTable:
    """Finds and lends the games of one storage backend; saves them through `Saves`."""

    def __init__(self, storage: Storage, saves: Saves, *, away: AwayTimes = never_away) -> None:
        """Changes are saved by `saves`. `away` says when players are away, their clocks
        stopped (see `AwayTimes`)."""
        self._storage = storage
        self._saves = saves
        self.clock = saves.clock
        self.writer = saves.writer
        """Who this process is, among those sharing the storage: it signs announcements."""
        self.events = saves.events
        """What the saves meant, and what else the use cases did that others act on."""
        self._cache: OrderedDict[int, tuple[int, engine.Game]] = OrderedDict()
        self.away = away

    # -- lending -------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def borrow(self, record: GameRecord) -> AsyncIterator[Loan]:
        """The game at the record's version, for this caller alone inside `async with`.

        Afterwards the game goes back in the cache at the version last saved through the
        loan. A failure other than a `Refusal` (which leaves the game as it was), or a
        save that lost a race, drops it instead: the next caller replays the move log.
        """
        loan = Loan(self._saves, await self._check_out(record), record)
        try:
            yield loan
        except Refusal:
            self._check_in(loan)
            raise
        else:
            self._check_in(loan)

    def forget(self, game_id: int) -> None:
        """Drop a game from the cache."""
        self._cache.pop(game_id, None)

    async def _check_out(self, record: GameRecord) -> engine.Game:
        """A cached game is taken out of the cache, so two requests never share one;
        otherwise the move log is replayed and checked against the saved state."""
        cached = self._cache.pop(record.id, None)
        if cached is not None and cached[0] == record.version:
            return cached[1]
        actions = [engine.Action.parse(a.action) for a in await self.actions(record.id)]
        game = engine.replay(record.game, len(record.players), record.seed, record.options, actions)
        saved = json.loads(record.state)
        logged = [action.text for action in game.actions]
        if saved["actions"] != logged or saved["history"] != list(game.history):
            current = await self._storage.game(record.id)
            if current is not None and current.version != record.version:
                raise Stale()
            raise DamagedGame(f"game {record.id} does not replay to its saved state")
        return game

    def _check_in(self, loan: Loan) -> None:
        """Put a lent game back, unless spoiled, over, or a newer version is there."""
        record = loan.record
        cached = self._cache.get(record.id)
        if loan.spoiled or not record.status.is_open:
            return
        if cached is None or cached[0] < record.version:
            self._cache[record.id] = (record.version, loan.game)
            self._cache.move_to_end(record.id)
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)

    # -- saving --------------------------------------------------------------------

    def signed(self, announcement: Announcement) -> Announcement:
        """An announcement signed by this process, which owes it (see `Saves.signed`)."""
        return self._saves.signed(announcement)

    async def save(
        self, record: GameRecord, announcement: Announcement | None = None
    ) -> GameRecord:
        """Save a change of a record, not of its game's moves (see `Loan.save`), over the
        version it was read at, with the announcement owed about it (see `Saves.save`); a
        lost race drops its game from the cache and is a `Stale` refusal."""
        try:
            return await self._saves.save(record, announcement=announcement)
        except Stale:
            self.forget(record.id)
            raise

    async def retrying(self, attempt: Callable[[], Awaitable[T]]) -> T:
        """The attempt's result, running it again (it reads the record afresh) each time
        its save loses a race to another change."""
        for _ in range(ATTEMPTS - 1):
            try:
                return await attempt()
            except Stale:
                continue
        return await attempt()

    async def save_with_post(self, record: GameRecord, post: Post) -> Post:
        """Save a change of the record with the post announcing it, kept until it is sent
        (so a restart still posts it); the post comes back naming its announcement."""
        owed = announcement(record, post)
        await self.save(record, announcement=owed)
        return dataclasses.replace(post, announcement=owed.id)

    async def with_deadline(self, record: GameRecord) -> GameRecord:
        """The record with its turn's deadline worked out from its clock."""
        deadline = runs_out(record, await self._away_of(record))
        return (
            record
            if deadline == record.deadline
            else dataclasses.replace(record, deadline=deadline)
        )

    async def refresh_clocks(self, game_ids: Sequence[int]) -> None:
        """Work the stored deadlines of these games out again (after someone's absences
        changed), each saved by version as any change is."""
        for game_id in game_ids:
            await self.retrying(partial(self._refresh_clock, game_id))

    async def _refresh_clock(self, game_id: int) -> None:
        record = await self.by_id(game_id)
        if record is None or record.status is not Status.ACTIVE:
            return
        refreshed = await self.with_deadline(record)
        if refreshed is not record:
            await self.save(refreshed)

    async def seat_clocks(self, record: GameRecord) -> tuple[SeatClock | None, ...]:
        """Each seat's time left now, short, for the board picture (see `seat_clocks`)."""
        return seat_clocks(record, self.clock(), await self._away_of(record))

    async def _away_of(self, record: GameRecord) -> Sequence[Interval]:
        """When the player to move is away during their turn (see `AwayTimes`)."""
        return await away_during(self.away, record, record.turn_user_id, record.turn_started_at)

    async def create(self, draft: GameDraft) -> GameRecord:
        """Store a new challenge; raises ChannelBusy when its channel is taken."""
        return await self._storage.create_game(draft, self.clock())

    async def note_message(self, game_id: int, message_id: int) -> None:
        """Remember the message that opened the game, for links to it."""
        await self._storage.set_message(game_id, message_id)

    async def note_claim_message(self, game_id: int, message_id: int) -> bool:
        """Remember the message carrying the Claim win button of the game's turn, if its
        player ran out of time awaiting a claim; False when not (a late move came first)."""
        return await self._storage.set_claim_message(game_id, message_id)

    async def note_offer_message(self, game_id: int, kind: OfferKind, message_id: int) -> bool:
        """Remember the message carrying the buttons of the game's offer of `kind`, if it
        still waits on one without a message; False when it does not."""
        return await self._storage.set_offer_message(game_id, kind, message_id)

    # -- finding -------------------------------------------------------------------

    async def newest_in(self, place_id: int) -> GameRecord | None:
        """The newest game of a channel or thread, whatever its status."""
        return await self._storage.latest_game_in(place_id)

    async def actions(self, game_id: int) -> list[Action]:
        """The live move log of a game, oldest first (taken-back actions left out)."""
        return await self._storage.actions(game_id)

    async def latest(self, place_id: int, game_name: str) -> GameRecord:
        """The newest game in a channel, refusing when it belongs to another game's commands."""
        record = await self.newest_in(place_id)
        if record is None or self.expired(record):
            raise NoGame(game_name)
        if record.game != game_name:
            if record.status.is_open:
                raise OtherGame(record.game)
            raise NoGame(game_name)
        return record

    async def played(self, place_id: int, game_name: str) -> GameRecord:
        """The game being played in a channel, or the last one finished there."""
        return self.begun(await self.latest(place_id, game_name), game_name)

    def begun(self, record: GameRecord, game_name: str) -> GameRecord:
        """The channel's newest game (see `latest`), refused unless it has begun."""
        if record.status is Status.CHALLENGE:
            raise NotBegun(tuple(s.name for s in record.players if not s.accepted))
        if record.status not in (Status.ACTIVE, Status.FINISHED):
            raise NoGame(game_name)
        return record

    async def active(self, place_id: int, game_name: str) -> GameRecord:
        """The game being played in a channel."""
        return self.in_play(await self.latest(place_id, game_name), game_name)

    def in_play(self, record: GameRecord, game_name: str) -> GameRecord:
        """The channel's newest game (see `latest`), refused unless it is being played."""
        record = self.begun(record, game_name)
        if record.status is not Status.ACTIVE:
            raise GameOver(game_name)
        return record

    @contextlib.asynccontextmanager
    async def mover(
        self,
        place_id: int,
        game_name: str,
        user_id: int,
        move: str | Mapping[str, str],
        *,
        raced: bool = False,
    ) -> AsyncIterator[Mover]:
        """The user about to move in the channel's game, its game lent (see `borrow`);
        refused when they cannot move there, unless this very move was their last one
        (sent again). After a first try lost its race to another change (`raced`), the
        move is refused unless it was played: saying how the game ended, if it did, else
        as `Stale`."""
        record = await self.latest(place_id, game_name)
        played = await self._played_already(record, user_id, move)
        if played is None and raced:
            await self._refuse_raced(record)
        if played is None:
            record = self.in_play(record, game_name)
        async with self.borrow(record) as loan:
            seat = player(record, user_id)
            if played is None and record.turn_seat != seat.seat:
                if seat.seat in loan.game.view().out:
                    endings = [
                        action.ending
                        for action in loan.game.actions
                        if action.kind is engine.ActionKind.FORFEIT and action.seat == seat.seat
                    ]
                    raise OutOfGame(endings[-1] if endings else None)
                assert record.turn_seat is not None, "an active game has a turn"
                raise NotYourTurn(record.players[record.turn_seat].name)
            yield Mover(loan, seat, played)

    async def _played_already(
        self, record: GameRecord, user_id: int, move: str | Mapping[str, str]
    ) -> str | None:
        """The move as the game wrote it when the user's last action in the game, now moved
        on, was this very move; otherwise None."""
        if record.status not in (Status.ACTIVE, Status.FINISHED):
            return None
        if record.status is Status.ACTIVE and record.turn_user_id == user_id:
            return None
        actions = await self.actions(record.id)
        mine = [i for i, a in enumerate(actions) if a.user_id == user_id]
        if not mine:
            return None
        last = mine[-1]
        logged = [engine.Action.parse(a.action) for a in actions[:last]]
        before = engine.replay(
            record.game, len(record.players), record.seed, record.options, logged
        )
        try:
            canonical = before.play(move if isinstance(move, str) else before.join_move(move))
        except engine.GameError:
            return None
        return canonical if canonical == actions[last].action else None

    async def _refuse_raced(self, record: GameRecord) -> None:
        """Refuse a move that lost its race: by how the game ended, if it did (a claim, a
        time-out, a resignation came first), else as `Stale`."""
        if record.status.is_open:
            raise Stale()
        if record.status is not Status.FINISHED:
            raise EndedMeanwhile(record, None)
        async with self.borrow(record) as loan:
            result = loan.game.result
        raise EndedMeanwhile(record, result)

    async def on_saves(self, heard: Callable[[], None]) -> None:
        """Call `heard` whenever any process saves a game."""
        await self._storage.on_saves(heard)

    async def versions(self, game_ids: Sequence[int]) -> dict[int, int]:
        """The saved version of each of these games, by id (those too large left out)."""
        return await self._storage.versions([i for i in game_ids if 0 < i <= LARGEST_ID])

    async def by_id(self, game_id: int) -> GameRecord | None:
        """The game with this id, None if there is none (an id too large for one too)."""
        if not 0 < game_id <= LARGEST_ID:
            return None
        return await self._storage.game(game_id)

    async def active_by_id(self, game_id: int) -> GameRecord:
        record = await self.by_id(game_id)
        if record is None or record.status is not Status.ACTIVE:
            raise Refusal(t("This game is over."))
        return record

    # -- the clock ------------------------------------------------------------------

    def expired(self, record: GameRecord) -> bool:
        """Whether a challenge went unanswered too long."""
        return (
            record.status is Status.CHALLENGE
            and record.expires_at is not None
            and self.clock() >= record.expires_at
        )


def player(record: GameRecord, user_id: int) -> Seat:
    """The user's seat, refusing someone who does not play in the game."""
    seat = record.seat_of(user_id)
    if seat is None:
        raise NotAPlayer()
    return seat


def turn_seat(record: GameRecord, user_id: int) -> Seat:
    """The user's seat, refusing unless it is their turn."""
    seat = player(record, user_id)
    if record.turn_seat != seat.seat:
        turn = record.players[record.turn_seat].name if record.turn_seat is not None else ""
        raise NotYourTurn(turn)
    return seat
