"""A tournament's posts that carry its state: the announcement, and the standings with
their crosstable picture."""

from __future__ import annotations

import asyncio

from bot.play.table.values import File, Post
from bot.play.tournaments.reading import Table
from bot.play.tournaments.venue import NO_GAME
from bot.play.words.pictures import picture_words
from bot.play.words.text import Text, plain
from bot.play.words.tournaments import announcement_text, crosstable_rows
from bot.storage.tournaments import TournamentRecord
from bot.storage.tournaments import Tournaments as TournamentStore
from render.crosstable import crosstable_png


async def announcement_post(store: TournamentStore, tournament: TournamentRecord) -> Post:
    """The tournament's announcement as it stands: what, when, how, who entered."""
    entrants = await store.entrants(tournament.id)
    return Post(NO_GAME, announcement_text(tournament, entrants))


async def standings_post(table: Table, text: Text, asker: int | None, language: str) -> Post:
    """The text with the crosstable picture attached, showing `asker`'s row in a large
    field, its words in `language`."""
    title, tie_break, rows = crosstable_rows(table, asker)
    said = plain(title, language=language), plain(tie_break, language=language)
    png = await asyncio.to_thread(crosstable_png, *said, rows, picture_words(language))
    return Post(NO_GAME, text, files=(File(f"tournament-{table.tournament.number}.png", png),))
