"""Which language each reader is told things in, outside the reply to their own
interaction: a server's posts in the server's language (its `language` setting, else the
one its own Discord settings give it), a direct message in the language its reader last
used the bot in, and a game outside servers in its first player's."""

from __future__ import annotations

from collections.abc import Callable

from bot.play.words.languages import SOURCE
from bot.storage import GameRecord
from bot.storage.clock_queries import ClockStorage

ServerLocale = Callable[[int], str | None]
"""The language a server's own Discord settings give it, where the front end knows it."""


def no_server_locale(guild_id: int) -> str | None:
    """A front end that knows no server's settings (the console)."""
    return None


class Languages:
    """The languages of servers, people and games, as chosen and as last heard."""

    def __init__(self, clocks: ClockStorage, server_locale: ServerLocale = no_server_locale):
        self._clocks = clocks
        self._server_locale = server_locale

    async def of_server(self, guild_id: int, locale: str | None = None) -> str:
        """What the server's posts are in: its `language` setting, else `locale` (the
        server's own, as an interaction from it tells), else the one the front end knows."""
        chosen = (await self._clocks.server_settings(guild_id)).language
        return chosen or locale or self._server_locale(guild_id) or SOURCE

    async def of_person(self, user_id: int) -> str | None:
        """The language the user last used the bot in, for what reaches them outside any
        interaction (a direct message, a reminder); None before they used it."""
        return await self._clocks.language(user_id)

    async def heard(self, user_id: int, language: str) -> None:
        """The user used the bot in `language`."""
        await self._clocks.set_language(user_id, language)

    async def of_game(self, record: GameRecord) -> str:
        """What everyone in the game's place reads: its server's language; outside
        servers, the language its first player last used the bot in."""
        if record.guild_id is not None:
            return await self.of_server(record.guild_id)
        people = [seat.user_id for seat in record.players if seat.user_id > 0]
        remembered = await self.of_person(people[0]) if people else None
        return remembered or SOURCE
