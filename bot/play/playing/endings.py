"""How a game ends early: a player resigns or runs out of time, or the game is aborted."""

from __future__ import annotations

import dataclasses

import engine
from bot.play.clocks.clock import Reprieve, no_reprieve
from bot.play.playing.ai_seats import humans, is_ai
from bot.play.table.changes import Changes
from bot.play.table.games import GameTable, player
from bot.play.table.posts import lapsed_offer
from bot.play.table.saving import Loan
from bot.play.table.values import Answer, Post, Prompt, Refusal
from bot.play.words.reasons import reason_text
from bot.play.words.refusals import NoGame
from bot.play.words.text import Name, Strong, Text, names, say, t
from bot.play.words.wording import title
from bot.storage import Action, GameRecord, Seat, Status
from bot.storage.clock_queries import ClockStorage
from bot.storage.clocks import OnTimeOut


class NothingToClaim(Refusal):
    """A claim on time with no win to claim: a late move came first, or the game is over."""

    def __init__(self) -> None:
        super().__init__(t("There is no win to claim: the late move came first."))


class Endings:
    """Resigning, time-outs and aborting."""

    def __init__(
        self,
        games: GameTable,
        clocks: ClockStorage,
        changes: Changes,
        *,
        reprieve: Reprieve = no_reprieve,
    ) -> None:
        """`reprieve` is asked, when a move comes after its turn's deadline, whether its
        player gets more time (see `Reprieve`)."""
        self._games = games
        self._clocks = clocks
        self._changes = changes
        self._reprieve = reprieve

    async def resign_check(self, place_id: int, game_name: str, user_id: int) -> int:
        """Refuse a resignation that cannot happen; otherwise the game id to confirm it on."""
        record = await self._games.active(place_id, game_name)
        player(record, user_id)
        return record.id

    async def resign(self, game_id: int, user_id: int) -> Post:
        """The player leaves the game: the others win, or with 3-4 players play on."""
        return await self._games.retrying(lambda: self._resign(game_id, user_id))

    async def _resign(self, game_id: int, user_id: int) -> Post:
        record = await self._games.active_by_id(game_id)
        seat = player(record, user_id)
        async with self._games.borrow(record) as loan:
            resigned = t("{player} resigned.", player=Strong(Name(seat.name)))
            return await self.forfeit(
                loan, seat, engine.Ending.RESIGNATION, resigned, ends_claim=True
            )

    async def time_out(self, game_id: int, *, offline: bool = False) -> Post | None:
        """The player to move ran out of time: they lose, or with 3-4 players go out; where
        the server lets the others claim the win, the post asks them to, and the late
        player may still move until one does.

        None when the game no longer waits on an expired turn (a move came first).
        `offline` says the time ran out while the bot was not running.
        """
        found = await self._games.by_id(game_id)
        if found is None or found.status is not Status.ACTIVE:
            return None
        record, in_time = await self.still_in_time(found)
        if in_time or record.turn_seat is None:
            return None
        seat = record.players[record.turn_seat]
        late = Strong(Name(seat.name))
        if offline:
            headline = t("{player} ran out of time while the bot was offline.", player=late)
        else:
            headline = t("{player} ran out of time.", player=late)
        async with self._games.borrow(record) as loan:
            claimers = await self.claimers(loan, seat)
            if not claimers:
                return await self.forfeit(loan, seat, engine.Ending.TIME, headline)
        return await self._flag(record, seat, headline, claimers)

    async def still_in_time(self, record: GameRecord) -> tuple[GameRecord, bool]:
        """The one decision on a turn whose deadline may have passed, for the scheduler's
        time-out and a late move alike: the record as it stands now, and whether its
        player is still in time, after asking `reprieve` (an automatic vacation day, the
        deadline then worked out again and saved)."""
        while self.past_deadline(record):
            assert record.deadline is not None and record.turn_user_id is not None
            passed = record.deadline
            spared = await self._reprieve(record)
            if spared is None:
                return record, False
            record = spared
            if record.deadline is None or record.deadline <= passed:
                return record, False
        return record, True

    def past_deadline(self, record: GameRecord) -> bool:
        """Whether the turn being played has run out of time."""
        return record.deadline is not None and record.deadline <= self._games.clock()

    async def loses_on_time(self, loan: Loan, seat: Seat) -> bool:
        """Whether the lent game's player to move, a person, loses on time rather than
        moving: their time ran out (see `still_in_time`; the loan follows the record a
        reprieve saved) and no one may claim the win from them (see `claimers`)."""
        loan.record, in_time = await self.still_in_time(loan.record)
        return not in_time and not await self.claimers(loan, seat)

    async def claimers(self, loan: Loan, late: Seat) -> list[Seat]:
        """Who may claim the win from a player whose time ran out: the people still in
        but them, where the server lets the others claim; none where running out loses
        at once (and against the bot alone, which claims at once)."""
        record = loan.record
        if record.guild_id is None:
            return []
        others = self._others_in(loan, late)
        settings = await self._clocks.server_settings(record.guild_id)
        return others if settings.on_time_out is OnTimeOut.CLAIM else []

    async def _flag(
        self, record: GameRecord, seat: Seat, headline: Text, others: list[Seat]
    ) -> Post:
        """Mark the turn as run out, saved with the post asking the others to claim."""
        flagged = await self._games.with_deadline(
            dataclasses.replace(record, clock=dataclasses.replace(record.clock, flagged=True))
        )
        may_claim = t(
            "{players} may claim the win (until then, {late_player} may still move).",
            players=names(s.name for s in others),
            late_player=Name(seat.name),
        )
        text = say(headline, " ", may_claim)
        post = Post(record.id, text, pings=humans([s.user_id for s in others]), prompt=Prompt.CLAIM)
        return await self._games.save_with_post(flagged, post)

    async def note_claim_message(self, game_id: int, message_id: int) -> bool:
        """Remember the message carrying a time-out's Claim win button, so that a late
        move disables it; False when the late move came first (disable it now)."""
        return await self._games.note_claim_message(game_id, message_id)

    async def claim(self, game_id: int, user_id: int) -> Answer:
        """Another player claims the win on time: the late player loses (or goes out)."""
        return await self._games.retrying(lambda: self._claim(game_id, user_id))

    async def _claim(self, game_id: int, user_id: int) -> Answer:
        record = await self._games.by_id(game_id)
        if (
            record is None
            or record.status is not Status.ACTIVE
            or record.turn_seat is None
            or not record.clock.flagged
        ):
            raise NothingToClaim()
        late = record.players[record.turn_seat]
        async with self._games.borrow(record) as loan:
            claimers = self._others_in(loan, late)
            claimer = next((s for s in claimers if s.user_id == user_id), None)
            if claimer is None:
                allowed = names(s.name for s in claimers)
                raise Refusal(t("Only {players} can claim this win.", players=allowed))
            by = Strong(Name(claimer.name))
            claimed = t("{player} claimed the win on time.", player=by)
            post = await self.forfeit(loan, late, engine.Ending.TIME, claimed)
        answer = t(
            "{late_player} ran out of time; {claimer} claimed the win on time.",
            late_player=Name(late.name),
            claimer=by,
        )
        return Answer(answer, closed=True, post=post)

    def _others_in(self, loan: Loan, late: Seat) -> list[Seat]:
        """The people still in the game but the late player."""
        out = loan.game.view().out
        return [
            s
            for s in loan.record.players
            if s.seat != late.seat and s.seat not in out and not is_ai(s.user_id)
        ]

    async def forfeit(
        self,
        loan: Loan,
        seat: Seat,
        ending: engine.Ending,
        headline: Text,
        *,
        ends_claim: bool = False,
    ) -> Post:
        """A seat leaves the lent game through the same versioned save as a move; the
        buttons of its offer, and of the turn's Claim win when it `ends_claim`, go."""
        game = loan.game
        events_before = len(game.events)
        try:
            game.forfeit(seat.seat, ending)
        except engine.GameError as error:
            raise Refusal(t("You cannot resign: {reason}.", reason=reason_text(error))) from None
        return await self._changes.made(
            loan,
            headline,
            events_before,
            actions=[Action(game.actions[-1].text, seat.seat, seat.user_id)],
            ends_offer=True,
            ends_claim=ends_claim,
        )

    async def abort(self, place_id: int, game_name: str, user_id: int, *, moderator: bool) -> Post:
        """End a game unrated: its starter before the first move, or a moderator any time."""
        return await self._games.retrying(
            lambda: self._abort(place_id, game_name, user_id, moderator=moderator)
        )

    async def _abort(self, place_id: int, game_name: str, user_id: int, *, moderator: bool) -> Post:
        record = await self._games.latest(place_id, game_name)
        if not record.status.is_open:
            raise NoGame(game_name)
        if not moderator:
            await self._check_abort(record, user_id)
        return await self._aborted(record)

    async def _aborted(self, record: GameRecord) -> Post:
        self._games.forget(record.id)
        saved = await self._games.save(
            dataclasses.replace(
                record,
                status=Status.ABORTED,
                turn_seat=None,
                turn_user_id=None,
                offer=None,
                deadline=None,
            )
        )
        aborted = t("{game} was aborted; it is not rated.", game=title(saved))
        return Post(saved.id, aborted, lapsed=lapsed_offer(record))

    async def abort_unrated(self, game_id: int) -> Post | None:
        """Abort a game by its id, whoever asks (a tournament cancelled or left); None
        when it was not open."""
        return await self._games.retrying(lambda: self._abort_record(game_id))

    async def _abort_record(self, game_id: int) -> Post | None:
        record = await self._games.by_id(game_id)
        if record is None or not record.status.is_open:
            return None
        return await self._aborted(record)

    async def _check_abort(self, record: GameRecord, user_id: int) -> None:
        if user_id != record.starter_id:
            raise Refusal(t("Only the player who started this game can abort it."))
        if await self._games.actions(record.id):
            raise Refusal(
                t(
                    "Moves have been played, so only someone who can manage messages can abort "
                    "this game."
                )
            )
