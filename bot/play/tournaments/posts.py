"""A tournament's posts that carry its state: the announcement, and the standings with
their crosstable picture."""

from __future__ import annotations

import asyncio

from bot.play.table.values import File, Post
from bot.play.tournaments.reading import Table
from bot.play.tournaments.venue import NO_GAME
from bot.play.words.text import Text
from bot.play.words.tournaments import announcement_text, crosstable_rows
from bot.storage.tournaments import TournamentRecord
from bot.storage.tournaments import Tournaments as TournamentStore
from render.crosstable import crosstable_png


async def announcement_post(store: TournamentStore, tournament: TournamentRecord) -> Post:
    """The tournament's announcement as it stands: what, when, how, who entered."""
    entrants = await store.entrants(tournament.id)
    return Post(NO_GAME, announcement_text(tournament, entrants))


async def standings_post(table: Table, text: Text, asker: int | None) -> Post:
    """The text with the crosstable picture attached, showing `asker`'s row in a large
    field."""
    title, tie_break, rows = crosstable_rows(table, asker)
    png = await asyncio.to_thread(crosstable_png, title, tie_break, rows)
    return Post(NO_GAME, text, files=(File(f"tournament-{table.tournament.number}.png", png),))
