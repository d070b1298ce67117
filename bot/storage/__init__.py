"""The narrow async interface every storage backend offers, and the records it speaks in.

The move log is the truth: a game is rebuilt by replaying its live actions, and `state`
(the engine's JSON after the last change) is kept beside it to check that replay.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol
from urllib.parse import SplitResult, urlsplit

import asyncpg

from bot.storage.announcements import Announcements
from bot.storage.clock_queries import ClockStorage
from bot.storage.command_syncs import CommandSyncs
from bot.storage.copy import CopyError, copy_database
from bot.storage.identifies import Identifies
from bot.storage.postgres import PostgresStorage
from bot.storage.puzzles import PuzzleTries
from bot.storage.records import (
    ALL_SHARDS,
    Action,
    Announcement,
    ChannelBusy,
    DatabaseUnusable,
    GameDraft,
    GameRecord,
    Offer,
    OfferKind,
    Seat,
    StaleGame,
    Status,
    StorageError,
    TurnClock,
    Writer,
)
from bot.storage.reply_places import Reach, ReplyHandle, ReplyPlaces
from bot.storage.reviews import KeptReviews
from bot.storage.sqlite import SqliteStorage
from bot.storage.standing_queries import Standings
from bot.storage.standings import BoardRating, GameRating, RatedSeat, Rater, boards_of
from bot.storage.tournaments import Tournaments

__all__ = [
    "ALL_SHARDS",
    "SQLITE_PREFIX",
    "Action",
    "Announcement",
    "BoardRating",
    "ChannelBusy",
    "CopyError",
    "DatabaseUnusable",
    "GameDraft",
    "GameRating",
    "GameRecord",
    "Offer",
    "OfferKind",
    "RatedSeat",
    "Rater",
    "Reach",
    "ReplyHandle",
    "ReplyPlaces",
    "Seat",
    "StaleGame",
    "Status",
    "Storage",
    "StorageError",
    "TurnClock",
    "Writer",
    "boards_of",
    "copy_between",
    "open_storage",
]


class Storage(Protocol):
    """Everything the bot stores, behind one small async interface."""

    @property
    def standings(self) -> Standings:
        """Ratings and records, written by `save` in the transaction that finishes a game."""

    @property
    def clocks(self) -> ClockStorage:
        """Server settings, reminder choices and the clocks of turns."""

    @property
    def command_syncs(self) -> CommandSyncs:
        """What was last registered with Discord as the bot's commands."""

    @property
    def identifies(self) -> Identifies:
        """The gateway sessions the bot opened in the last day."""

    @property
    def announcements(self) -> Announcements:
        """Announcements owed about saved changes (`save` writes them)."""

    @property
    def tournaments(self) -> Tournaments:
        """Tournaments, their entrants and pairings (a pairing's game is a stored game)."""

    @property
    def reviews(self) -> KeptReviews:
        """Finished games' reviews, kept once made."""

    @property
    def puzzles(self) -> PuzzleTries:
        """The puzzles given to players, and the finished games they come from."""

    @property
    def reply_places(self) -> ReplyPlaces:
        """The places the bot only answers in, with their latest interaction's token."""

    async def close(self) -> None: ...

    async def ping(self) -> None:
        """Ask the database something trivial: raises when it does not answer."""

    async def write_check(self, now: float) -> None:
        """Write something trivial (when a health check ran): raises when the database
        answers but cannot be written (a full disk, a read-only file)."""

    async def create_game(self, draft: GameDraft, now: float) -> GameRecord:
        """Store a new challenge; raises ChannelBusy when its channel is taken.

        Challenges in that channel that expired before `now` are closed first.
        """

    async def game(self, game_id: int) -> GameRecord | None: ...

    async def latest_game_in(self, place_id: int) -> GameRecord | None:
        """The newest game of a channel or thread, whatever its status.

        A channel's open challenge or active game, when it has one, is always its newest.
        """

    async def finished_ids(self, guild_id: int | None, after: int, most: int) -> list[int]:
        """The ids of up to `most` finished games after the game `after`, in order: those of
        one server, or with `guild_id` None every one (played in a server or outside)."""

    async def versions(self, game_ids: Sequence[int]) -> dict[int, int]:
        """The saved version of each of these games that exists, by id."""

    async def on_saves(self, heard: Callable[[], None]) -> None:
        """Call `heard` whenever a game is saved, by this process or any other sharing the
        database, until the storage is closed."""

    async def actions(self, game_id: int) -> list[Action]:
        """The live move log of a game, oldest first (taken-back actions left out)."""

    async def save(
        self,
        record: GameRecord,
        now: float,
        actions: Sequence[Action] = (),
        take_back: int = 0,
        announcement: Announcement | None = None,
        *,
        seats_changed: bool = True,
    ) -> GameRecord:
        """Write a changed game in one transaction, if it is still at `record.version`.

        Writes the players' rows too unless the caller knows that no seat changed
        (`seats_changed`). Appends `actions`, marks the last `take_back` live actions as
        taken back, keeps the `announcement` owed about the change (written at `now`) and
        returns the
        record at its new version. Raises StaleGame when another change won.
        A game saved as finished is rated in the same transaction, once, by the storage's
        rater (which sees the players' stored ratings as they are in that transaction).
        """

    async def set_message(self, game_id: int, message_id: int) -> None:
        """Remember the message that opened the game, for links to it."""

    async def set_offer_message(self, game_id: int, kind: OfferKind, message_id: int) -> bool:
        """Remember the message carrying the buttons of the game's offer of `kind`, if it
        still waits on one without a message; False when it does not."""

    async def set_claim_message(self, game_id: int, message_id: int) -> bool:
        """Remember the message carrying the Claim win button of the game's turn, if its
        player ran out of time awaiting a claim and no other is noted; False when not (a
        late move came first). Like the offer's message, this makes no new version."""


SQLITE_PREFIX = "sqlite:///"
POSTGRES_SCHEMES = ("postgresql", "postgres")
URL_FORMS = "sqlite:///path/to/file.sqlite3 or postgresql://user:password@host:port/dbname"


Backend = SqliteStorage | PostgresStorage


async def open_storage(url: str, *, rater: Rater | None, setting: str = "DATABASE_URL") -> Storage:
    """Open the backend a database URL names, as the bot uses it (see `open_backend`)."""
    return await open_backend(url, rater=rater, setting=setting)


async def open_backend(
    url: str, *, rater: Rater | None, setting: str = "DATABASE_URL", existing: bool = False
) -> Backend:
    """Open the backend a database URL names, its schema brought up to date.

    Finished games are rated by `rater`; None leaves them unrated. A database that cannot
    be used raises DatabaseUnusable, in one sentence naming `setting` (where the URL came
    from) and what is wrong; so does a SQLite file that does not exist, when `existing`.
    """
    if url.startswith(SQLITE_PREFIX):
        return await _open_sqlite(url, rater, setting, existing)
    if _url_parts(url, setting).scheme in POSTGRES_SCHEMES:
        return await _open_postgres(url, rater, setting)
    given = url.partition("://")[0] + "://..." if "://" in url else url  # no password shown
    raise DatabaseUnusable(f"{setting} must look like {URL_FORMS}, not {given!r}.")


def _url_parts(url: str, setting: str) -> SplitResult:
    """The parts of a database URL, its port read; one that cannot be read (a port out of
    range or not a number, a broken IPv6 address) raises DatabaseUnusable."""
    try:
        parts = urlsplit(url)
        _ = parts.port
    except ValueError as error:
        raise DatabaseUnusable(
            f"{setting} cannot be read as a URL ({error}): it must look like {URL_FORMS}."
        ) from None
    return parts


async def _open_sqlite(
    url: str, rater: Rater | None, setting: str, existing: bool
) -> SqliteStorage:
    path = url.removeprefix(SQLITE_PREFIX)
    if not path or path.endswith("/"):
        raise DatabaseUnusable(
            f"{setting} must name a file after {SQLITE_PREFIX}, like "
            f"{SQLITE_PREFIX}path/to/file.sqlite3, not {url!r}."
        )
    if existing and not Path(path).is_file():
        raise DatabaseUnusable(f"{setting} names the SQLite file {path!r}, which does not exist.")
    writable = f"point {setting} at a file in a folder this user may write to"
    try:
        return await SqliteStorage.open(path, rater=rater)
    except OSError as error:
        folder = str(Path(path).parent)
        problem = f"whose folder {folder!r} cannot be created ({error.strerror}): {writable}"
    except sqlite3.Error as error:
        if error.sqlite_errorname == "SQLITE_NOTADB":
            problem = (
                f"which is not a SQLite database: point {setting} at a new file name (the "
                "bot creates it), or put the right file back"
            )
        else:
            problem = f"which cannot be written ({error}): {writable}"
    raise DatabaseUnusable(f"{setting} names the SQLite file {path!r}, {problem}.")


async def _open_postgres(url: str, rater: Rater | None, setting: str) -> PostgresStorage:
    parts = _url_parts(url, setting)
    server = f"the PostgreSQL server at {parts.hostname or 'localhost'}:{parts.port or 5432}"
    database = parts.path.lstrip("/") or parts.username or "postgres"
    try:
        return await PostgresStorage.open(url, rater=rater)
    except asyncpg.InvalidPasswordError:
        problem = f"{server} refused the password of user {parts.username!r}"
    except asyncpg.InvalidCatalogNameError:
        problem = (
            f"{server} has no database {database!r}: create it (createdb {database}) "
            "or correct the name"
        )
    except asyncpg.PostgresError as error:
        problem = f"{server} refused the connection: {error}"
    except (asyncpg.InterfaceError, ValueError) as error:
        problem = f"this is not a PostgreSQL URL asyncpg can use ({error})"
    except (OSError, TimeoutError) as error:
        problem = f"{server} cannot be reached ({error or 'no answer in time'})"
    raise DatabaseUnusable(f"{setting}: {problem}.")


async def copy_between(from_url: str, to_url: str, say: Callable[[str], None]) -> None:
    """`python -m bot copy-database`: copy the database at `from_url` into the one at
    `to_url` (see bot.storage.copy), saying the counts checked."""
    source = await open_backend(from_url, rater=None, setting="FROM_URL", existing=True)
    try:
        target = await open_backend(to_url, rater=None, setting="TO_URL")
        try:
            await copy_database(source, target, say, target_name="TO_URL")
        finally:
            await target.close()
    finally:
        await source.close()
