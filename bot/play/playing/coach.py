"""The coach in games against the bot: a player's move that hands the bot a win, at once
or forced in two, is named in the move's own post, so a newcomer sees why the game
turns. Between people, where ratings are at stake, it says nothing."""

from __future__ import annotations

from collections.abc import Sequence

import engine
from bot.play.playing.ai_seats import is_ai
from bot.play.table.values import Handed
from bot.storage import Seat


def handed(game: engine.Game, players: Sequence[Seat], mover: Seat) -> Handed | None:
    """What the person `mover`'s move, just played in `game`, hands the bot's seat that
    moves next: a win in one, else a forced win in two (the first of each); None when
    it hands nothing, or when no seat of the bot moves next."""
    seat = game.to_move
    if game.result is not None or seat is None or is_ai(mover.user_id):
        return None
    bot = players[seat]
    if not is_ai(bot.user_id):
        return None
    wins = game.winning_moves()
    if wins:
        return Handed(bot.name, wins[0], forced=False)
    forced = engine.forced_wins_in_two(game, 1)
    return Handed(bot.name, forced[0], forced=True) if forced else None
