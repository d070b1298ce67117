"""A change of a lent game made whole: the record it leads to (whose turn, its clock and
deadline, worked out once), the post announcing it with the board's picture, and the save
of both together; or, for a move sent again once played, the board as it stands."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import engine
from bot.play.clocks.clock import (
    AwayTimes,
    Following,
    away_during,
    clock_after_take_back,
    clock_after_turn,
    never_away,
    runs_out,
    seat_clocks,
)
from bot.play.table.pictures import BoardPictures
from bot.play.table.posts import BoardPosts
from bot.play.table.saving import Loan
from bot.play.table.values import Headline, Post, Resent
from bot.play.words.text import Text
from bot.storage import Action, GameRecord, OfferKind, Status, TurnClock
from bot.storage.records import Interval


class Changes:
    """Makes the changes of lent games whole, for every use case that changes one: a
    move, a forfeit, an agreed draw or take-back, a game's beginning."""

    def __init__(
        self,
        boards: BoardPosts,
        pictures: BoardPictures,
        clock: Callable[[], float],
        *,
        away: AwayTimes = never_away,
    ) -> None:
        """`away` says when players are away, their clocks stopped (see `AwayTimes`)."""
        self._boards = boards
        self._pictures = pictures
        self._clock = clock
        self._away = away

    async def made(
        self,
        loan: Loan,
        headline: Headline,
        events_before: int,
        *,
        actions: Sequence[Action] = (),
        status: Status = Status.ACTIVE,
        taken_back: int = 0,
        ends_offer: bool = False,
        ends_claim: bool = False,
        said: Text | None = None,
        ping_all: bool = False,
        reply_token: str | None = None,
    ) -> Post:
        """Save the lent game's change with the post announcing it (see
        `BoardPosts.change_post`), the `actions` logged (or the last `taken_back` taken
        back); the post comes back with its picture, naming its announcement. A move
        `Resent` changes nothing: the post is the board as it stands, for its player."""
        following = await self.following(loan, status, taken_back=taken_back, headline=headline)
        change = await self._boards.change_post(
            loan,
            following,
            headline,
            events_before,
            ends_offer=ends_offer,
            ends_claim=ends_claim,
            said=said,
            ping_all=ping_all,
            reply_token=reply_token,
        )
        owed = change.owed
        if owed is not None:
            await loan.save(following.record, actions, taken_back, announcement=owed)
        record = following.record
        files = await self._pictures.drawn(
            change.picture, loan.game, record.names, following.clocks, record
        )
        return dataclasses.replace(
            change.post, files=files, announcement=None if owed is None else owed.id
        )

    async def following(
        self,
        loan: Loan,
        status: Status = Status.ACTIVE,
        *,
        taken_back: int = 0,
        headline: Headline | None = None,
    ) -> Following:
        """The lent record once its game changed (see `following`), asking once for the
        absences of the player whose turn ends and of the one whose turn begins; as it
        stands when the `headline` is a move `Resent`."""
        record, game, now = loan.record, loan.game, self._clock()
        resent = isinstance(headline, Resent)
        if game.result is not None and not resent:
            return Following(ended(record, game.result, game.to_json(), now), ())
        started = None if taken_back else record.turn_started_at
        ended_turn = await away_during(self._away, record, record.turn_user_id, started)
        if resent:
            return Following(record, seat_clocks(record, now, ended_turn))
        turn = game.to_move
        next_user = None if turn is None else record.players[turn].user_id
        begun_turn = await away_during(self._away, record, next_user, now)
        return following(record, game, now, status, ended_turn, begun_turn, taken_back)


def ended(record: GameRecord, result: engine.Result, state: str, now: float) -> GameRecord:
    """The record of a game that just ended with `result`."""
    players = tuple(dataclasses.replace(s, rank=result.ranks[s.seat]) for s in record.players)
    return dataclasses.replace(
        record,
        players=players,
        state=state,
        status=Status.FINISHED,
        turn_seat=None,
        turn_user_id=None,
        turn_started_at=None,
        offer=None,
        ending=result.ending,
        ended_at=now,
        clock=TurnClock(),
        deadline=None,
    )


def offer_stands(record: GameRecord, taken_back: int = 0) -> bool:
    """Whether the record's offer outlasts a change of its game: a draw offered by the
    player whose turn it was stands through their own move, until the others answer or
    one of them moves instead; any other offer ends with the change."""
    offer = record.offer
    return (
        offer is not None
        and offer.kind is OfferKind.DRAW
        and offer.seat == record.turn_seat
        and not taken_back
    )


def following(
    record: GameRecord,
    game: engine.Game,
    now: float,
    status: Status,
    ended_turn: Sequence[Interval],
    begun_turn: Sequence[Interval],
    taken_back: int,
) -> Following:
    """The record after its game (not over) changed at `now`: state, whose turn since
    when, and the clock of the new turn (the player whose turn ended, away during
    `ended_turn`, gains the increment; when the last `taken_back` moves were taken back,
    the banks are as when the first of them began), its deadline and the seats' clocks,
    the player to move being away during `begun_turn`."""
    turn = game.to_move
    clock = (
        clock_after_take_back(record, now, taken_back)
        if taken_back
        else clock_after_turn(record, now, ended_turn)
    )
    moved = dataclasses.replace(
        record,
        state=game.to_json(),
        status=status,
        turn_seat=turn,
        turn_user_id=None if turn is None else record.players[turn].user_id,
        turn_started_at=now,
        offer=record.offer if offer_stands(record, taken_back) else None,
        clock=clock,
    )
    moved = dataclasses.replace(moved, deadline=runs_out(moved, begun_turn))
    return Following(moved, seat_clocks(moved, now, begun_turn))
