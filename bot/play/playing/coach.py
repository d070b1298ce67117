"""The coach in games against the bot, where the game gives hints (see `hints_shown`): a
player's move that hands the bot a win, at once or forced in two, is named in the move's
own post, so a newcomer sees why the game turns; and asked for a hint before a move, it
names the player's own win in one. Between people, where ratings are at stake, it says
nothing and gives no hint (unless the server gives hints in every game)."""

from __future__ import annotations

from collections.abc import Sequence

import engine
from ai.tactics import read
from bot.play.playing.ai_seats import is_ai
from bot.play.playing.hints import Hints, hints_in
from bot.play.table.games import GameTable, turn_seat
from bot.play.table.values import Handed, Hint, Refusal
from bot.play.words.text import Text, t
from bot.storage import GameRecord, Seat
from bot.storage.clock_queries import ClockStorage


class Coach:
    """Hints for the player to move, where the server's `hints` setting gives them (by
    default, in games against the bot: see `hints_shown`)."""

    def __init__(self, games: GameTable, clocks: ClockStorage) -> None:
        self._games = games
        self._clocks = clocks

    async def hint(self, place_id: int, game_name: str, user_id: int) -> Hint:
        """The player's wins in one, for the move they are about to make; refused where the
        game gives no hints (between people, where it is rated) and to anyone whose turn
        it is not."""
        record = await self._games.active(place_id, game_name)
        seat = turn_seat(record, user_id)
        if not await hints_in(self._clocks, record):
            raise Refusal(await self._no_hints(record))
        async with self._games.borrow(record) as loan:
            return coached(loan.game, seat.name)

    async def _no_hints(self, record: GameRecord) -> Text:
        """Why the game gives no hints: its server gives none, or it is rated."""
        if record.guild_id is not None:
            settings = await self._clocks.server_settings(record.guild_id)
            if settings.hints is Hints.NO_GAME:
                return t("This server gives no hints: its games are played without them.")
        return t("Hints are given in games against the bot only: between people, it is rated.")


def coached(game: engine.Game, player: str) -> Hint:
    """The hint for `player`, to move in `game`: a win in one, else a block where most
    moves would hand the next player one, else whether every move does."""
    wins = game.winning_moves()
    if wins:
        return Hint(player, tuple(wins))
    tactics = read(game)
    if not tactics.safe:
        return Hint(player, (), lost=bool(tactics.moves))
    if not tactics.threatened:
        return Hint(player, ())
    return Hint(player, (), blocks=tuple(game.search_text(move) for move in tactics.safe))


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
