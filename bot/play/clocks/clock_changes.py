"""Changing a running game's clock: starting it again after a pause, and giving time.

(Stopping the clocks takes everyone's agreement: it is an offer, see `bot.play.playing.offers`.)
"""

from __future__ import annotations

import dataclasses

from bot.play.clocks.clock import (
    MINUTE,
    TimeControl,
    control_of,
    facts_of,
    resumed_clock,
    time_left,
    with_gift,
)
from bot.play.clocks.durations import parse_amount
from bot.play.clocks.slow_games import SlowGames
from bot.play.playing.ai_seats import humans
from bot.play.table.games import GameTable, player
from bot.play.table.values import Post, Refusal
from bot.play.words.clocks import span
from bot.play.words.settings import duration
from bot.play.words.text import Name, Strong, Text, lines, t
from bot.play.words.wording import turn_line
from bot.storage import GameRecord


class ClockChanges:
    """`resume` and `give_time`, each saved by version with the post saying it."""

    def __init__(self, games: GameTable, slow_games: SlowGames) -> None:
        self._games = games
        self._slow_games = slow_games

    async def resume(self, place_id: int, game_name: str, user_id: int) -> Post:
        """Any player starts the stopped clocks again; the post says whose move it is."""
        return await self._games.retrying(lambda: self._resume(place_id, game_name, user_id))

    async def give_time(
        self, place_id: int, game_name: str, user_id: int, to_user_id: int, amount: str
    ) -> Post:
        """Add time to another player's clock, said in the channel."""
        return await self._games.retrying(
            lambda: self._give_time(place_id, game_name, user_id, to_user_id, amount)
        )

    async def _resume(self, place_id: int, game_name: str, user_id: int) -> Post:
        record = await self._games.active(place_id, game_name)
        seat = player(record, user_id)
        if not record.clock.paused:
            raise Refusal(t("The clocks are not stopped."))
        now = self._games.clock()
        resumed = await self._games.with_deadline(
            dataclasses.replace(record, clock=resumed_clock(record.clock, now))
        )
        async with self._games.borrow(record) as loan:
            following = turn_line(resumed, loan.game)
        started = t("{player} started the clocks again.", player=Strong(Name(seat.name)))
        pings = humans([] if record.turn_user_id is None else [record.turn_user_id])
        post = Post(record.id, lines([started, following]), pings=pings)
        saved = await self._games.save_with_post(resumed, post)
        await self._replan(record)
        return saved

    async def _give_time(
        self, place_id: int, game_name: str, user_id: int, to_user_id: int, amount: str
    ) -> Post:
        record = await self._games.active(place_id, game_name)
        giver = player(record, user_id)
        receiver = record.seat_of(to_user_id)
        control = control_of(record)
        if control is None:
            raise Refusal(t("This game has no clock."))
        if receiver is None:
            raise Refusal(t("You can only give time to another player of this game."))
        if receiver == giver:
            raise Refusal(t("You cannot give time to yourself."))
        if control.per_move and receiver.seat != record.turn_seat:
            raise Refusal(t("With a time per move, time can only be given to the player to move."))
        seconds = parse_amount(amount, t("The time given"))
        gifted = await self._games.with_deadline(self._gifted(record, receiver.seat, seconds))
        facts = facts_of(gifted)
        assert facts is not None
        held = time_left(facts, receiver.seat, self._games.clock())
        if held > control.most_held:
            raise Refusal(_over_the_most(control, receiver.name, held - seconds))
        text = t(
            "{giver} gives {time} to {receiver}, who now has {left}.",
            giver=Strong(Name(giver.name)),
            time=duration(seconds),
            receiver=Strong(Name(receiver.name)),
            left=span(held),
        )
        post = Post(record.id, text, pings=humans([receiver.user_id]))
        saved = await self._games.save_with_post(gifted, post)
        await self._replan(record)
        return saved

    async def _replan(self, record: GameRecord) -> None:
        if record.turn_user_id is not None:
            await self._slow_games.replan_turn(record.id, record.turn_user_id)

    def _gifted(self, record: GameRecord, seat: int, seconds: float) -> GameRecord:
        """The record with `seconds` more in the seat's bank; the player to move, whose
        time had run out awaiting a claim, is back in time when the gift covers it."""
        facts = facts_of(record)
        assert facts is not None
        clock = dataclasses.replace(record.clock, banks=with_gift(facts.banks, seat, seconds))
        if clock.flagged and seat == record.turn_seat:
            after = dataclasses.replace(facts, banks=clock.banks)
            clock = dataclasses.replace(
                clock, flagged=time_left(after, seat, self._games.clock()) <= 0
            )
        return dataclasses.replace(record, clock=clock)


def _over_the_most(control: TimeControl, name: str, held: float) -> Text:
    """Why a gift is refused: it would give the player more than they may hold."""
    most = duration(control.most_held)
    room = control.most_held - held
    if room < MINUTE:
        return t(
            "{player} already has the most time a player may hold here ({most}).",
            player=Name(name),
            most=most,
        )
    return t(
        "A player may hold at most {most} in this game, so you can give {player} up to {room}.",
        most=most,
        player=Name(name),
        room=span(room),
    )
