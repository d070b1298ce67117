"""Hints: whether the players of a game are shown their winning moves (marked, and
offered first) as they pick a move, by the server's `hints` setting. By default only a
person playing the bot alone is: where people play each other the game is rated, and a
hint would hand them the tactics the game is about. A game started with hints on
(`hinted`, unrated) shows them unless the server gives hints in no game."""

from __future__ import annotations

from bot.play.playing.ai_seats import humans
from bot.storage import GameRecord
from bot.storage.clock_queries import ClockStorage
from bot.storage.clocks import Hints, ServerSettings

__all__ = ["Hints", "hints_in", "hints_shown"]


def hints_shown(record: GameRecord, settings: ServerSettings) -> bool:
    """Whether the game's players are shown their winning moves: in every game, in none,
    or (`Hints.BOT_GAMES`) where at most one person plays, against the bot, or the game
    was started with hints on."""
    if record.hinted:
        return settings.hints is not Hints.NO_GAME
    if settings.hints is Hints.BOT_GAMES:
        return len(humans([seat.user_id for seat in record.players])) <= 1
    return settings.hints is Hints.EVERY_GAME


async def hints_in(clocks: ClockStorage, record: GameRecord) -> bool:
    """`hints_shown` by the settings of the game's server (the defaults outside one)."""
    if record.guild_id is None:
        return hints_shown(record, ServerSettings())
    return hints_shown(record, await clocks.server_settings(record.guild_id))
