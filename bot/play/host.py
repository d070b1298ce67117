"""The host: every use case over one storage backend, one renderer and one clock.

Front ends (the Discord client, the console) make one `Host` and call its use cases,
e.g. `await host.moves.move(channel_id, "tink", user_id, "S d4")`, getting back plain
values (`Post`, `Answer`, `Listing`, `Card`) or a `Refusal` to show its sentence.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypedDict, Unpack

from bot.play.clocks.clock_changes import ClockChanges
from bot.play.clocks.quiet import Audience
from bot.play.clocks.slow_games import SlowGames
from bot.play.clocks.vacations import Vacations, away_on_vacation
from bot.play.learning.history import History
from bot.play.learning.puzzles import Puzzles
from bot.play.learning.reviews import Reviews
from bot.play.learning.watching import Watching
from bot.play.playing.ai_turns import DEFAULT_NAME, AiPlayers, Thinker
from bot.play.playing.challenges import Challenges
from bot.play.playing.coach import Coach
from bot.play.playing.endings import Endings
from bot.play.playing.moves import Moves
from bot.play.playing.offers import Offers
from bot.play.playing.picker import Picker
from bot.play.playing.turns import Turns
from bot.play.ranking.standings import Leaderboards
from bot.play.table.answering import AnsweringPlaces
from bot.play.table.changes import Changes
from bot.play.table.events import Journal
from bot.play.table.games import GameTable
from bot.play.table.languages import Languages, ServerLocale, no_server_locale
from bot.play.table.outbox import Outbox
from bot.play.table.pictures import BoardPictures, Renderer
from bot.play.table.posts import BoardPosts
from bot.play.table.saving import Saves
from bot.play.tournaments.entries import Tournaments
from bot.play.tournaments.rounds import Rounds
from bot.play.tournaments.venue import Venue
from bot.storage import ALL_SHARDS, Storage, Writer
from bot.storage.claims import new_owner
from bot.workers.thinking import ThreadThinking


class HostSettings(TypedDict, total=False):
    """What the use cases are set up with; each has a default."""

    clock: Callable[[], float]
    """Seconds, like `time.time` (the default)."""
    slot: str
    """The part of the bot this process serves, one process at a time (see `Writer`):
    every shard (the default), unless the bot is split among processes."""
    thinker: Thinker
    """Runs the AI; without one it thinks in threads of this process."""
    vacation_days: int
    """Each player's days of vacation a calendar year (none unless given: the bot's
    settings give them)."""
    venue: Venue
    """Opens the threads of tournaments' games and posts their news; without one,
    tournaments take entries but do not run."""
    ai_name: str
    """The bot's own name on Discord, under which its seats play with their level."""
    server_locale: ServerLocale
    """The language each server's own Discord settings give it, where the front end
    knows it (its posts are in it unless the server chose another)."""


class Host:
    """The use cases, grouped by what they are about."""

    def __init__(
        self, storage: Storage, renderer: Renderer, **settings: Unpack[HostSettings]
    ) -> None:
        clock = settings.get("clock", time.time)
        slot = settings.get("slot", ALL_SHARDS)
        thinker = settings.get("thinker")
        vacation_days = settings.get("vacation_days", 0)
        venue = settings.get("venue")
        ai_name = settings.get("ai_name", DEFAULT_NAME)
        self.storage = storage
        self.events = Journal()
        """What the use cases did that others act on, for the runtime (or the console)."""
        clocks = storage.clocks
        writer = Writer(slot, new_owner())
        away = away_on_vacation(clocks)
        self.games = GameTable(storage, Saves(storage, clock, writer, self.events), away=away)
        self.languages = Languages(clocks, settings.get("server_locale", no_server_locale))
        pictures = BoardPictures(renderer, self.languages)
        boards = BoardPosts(pictures, Audience(clocks, clock))
        changes = Changes(boards, pictures, clock, away=away)
        self.vacations = Vacations(self.games, clocks, vacation_days, clock=clock)
        self.endings = Endings(self.games, clocks, changes, reprieve=self.vacations.reprieve)
        turns = Turns(self.endings, changes, clocks)
        self.moves = Moves(self.games, boards, turns, clocks)
        self.picker = Picker(self.games, turns, clocks)
        self.outbox = Outbox(self.games, storage.announcements, pictures, self.events)
        thinking = thinker or ThreadThinking()
        self.ai = AiPlayers(self.games, clocks, turns, thinking, name=ai_name)
        self.challenges = Challenges(self.games, clocks, changes, self.ai)
        self.offers = Offers(self.games, changes, self.ai)
        self.coach = Coach(self.games, clocks)
        self.answering = AnsweringPlaces(storage.reply_places, clock)
        self.reviews = Reviews(self.games, storage.reviews, thinking, renderer)
        self.history = History(self.games, renderer, self.reviews.kept, storage.tournaments)
        self.watching = Watching(self.games, clocks, renderer, self.reviews.kept)
        self.puzzles = Puzzles(self.games, storage.puzzles, renderer, thinking)
        self.slow_games = SlowGames(
            self.games, clocks, self.endings, spare_day=self.vacations.take_a_day, clock=clock
        )
        self.clock_changes = ClockChanges(self.games, self.slow_games)
        self.standings = Leaderboards(storage.standings, storage.puzzles, storage.tournaments)
        self.rounds = Rounds(
            self.games,
            storage.tournaments,
            clocks,
            self.challenges,
            self.endings,
            storage.standings,
            venue,
            self.languages,
            clock=clock,
        )
        self.tournaments = Tournaments(
            self.games, storage.tournaments, clocks, self.rounds, clock=clock
        )
