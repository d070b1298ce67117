"""A turn played: the move of the seat to move, a person's or the bot's, or the loss of a
person whose time ran out first."""

from __future__ import annotations

from collections.abc import Mapping

import engine
from bot.play.playing.ai_seats import is_ai
from bot.play.playing.coach import handed
from bot.play.playing.endings import Endings
from bot.play.playing.hints import hints_in
from bot.play.table.changes import Changes, offer_stands
from bot.play.table.games import Mover
from bot.play.table.values import Headline, Played, Post, RanOut, Resent
from bot.play.words.moves import move_text
from bot.play.words.reasons import reason_text
from bot.play.words.refusals import IllegalMove
from bot.storage import Action
from bot.storage.clock_queries import ClockStorage


class Turns:
    """Plays the moves of the seats to move, whoever asks: a player's command, the
    picker, the bot."""

    def __init__(self, endings: Endings, changes: Changes, clocks: ClockStorage) -> None:
        self._endings = endings
        self._changes = changes
        self._clocks = clocks

    async def play(
        self, mover: Mover, move: str | Mapping[str, str], *, reply_token: str | None = None
    ) -> Post:
        """Play a move, given whole or by its parts (the game's `move_parts`), for the seat
        to move in the lent game: a person's, or the bot's; the post shows the new board
        and pings who is next. `reply_token` names the interaction whose reply the post is
        to be, saved with the move (see `Post`).

        A person whose time ran out loses instead, unless the server lets the others claim
        the win: then the move stands while no one has claimed it. A player with vacation
        left is spared as at a time-out (see `Endings.still_in_time`). A move played
        already (`Mover.played`) is answered with the board, to its player alone."""
        loan, seat = mover.loan, mover.seat
        game = loan.game
        events_before = len(game.events)
        headline: Headline
        done: str | None = None
        if mover.played is not None:
            headline = Resent(mover.played)
        elif not is_ai(seat.user_id) and await self._endings.loses_on_time(loan, seat):
            game.forfeit(seat.seat, engine.Ending.TIME)
            headline, done = RanOut(seat.name), game.actions[-1].text
        else:
            text = move if isinstance(move, str) else game.join_move(move)
            try:
                done = game.play(text)
            except engine.GameError as error:
                raise IllegalMove(text, reason_text(error)) from None
            warning = handed(game, loan.record.players, seat)
            if warning is not None and not await hints_in(self._clocks, loan.record):
                warning = None
            headline = Played(seat.name, done, move_text(game, done), warning)
        return await self._changes.made(
            loan,
            headline,
            events_before,
            actions=[] if done is None else [Action(done, seat.seat, seat.user_id)],
            ends_offer=not isinstance(headline, Resent) and not offer_stands(loan.record),
            ends_claim=isinstance(headline, Played),
            reply_token=reply_token,
        )
