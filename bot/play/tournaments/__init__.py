"""Tournaments: a server's round robin or Swiss, above the games it starts.

`entries` is how people meet a tournament (create, join, start, withdraw, standings);
`rounds` runs it (threads, pairings, the end); `reading` says what its stored rows mean;
`pairings` computes Berger tables and Swiss rounds;
its words are in `bot.play.words.tournaments`.
"""

from bot.play.tournaments.entries import (
    FORMATS,
    MANUAL,
    MOST_ROUNDS,
    MOST_TOURNAMENTS,
    Entry,
    Tournaments,
)
from bot.play.tournaments.rounds import Rounds
from bot.play.tournaments.venue import ThreadRefused, Venue, VenueError

__all__ = [
    "FORMATS",
    "MANUAL",
    "MOST_ROUNDS",
    "MOST_TOURNAMENTS",
    "Entry",
    "Rounds",
    "ThreadRefused",
    "Tournaments",
    "Venue",
    "VenueError",
]
