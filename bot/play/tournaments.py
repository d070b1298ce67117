"""Tournaments: a server's round robin or Swiss, above the games it starts.

A tournament pairs its entrants (`bot.play.pairings`), asks the challenges use case to
begin each pairing's game in a thread of its own, and is told by the runtime when a game
of one of its pairings ends (`game_ended`). Moving a tournament on (starting
it, beginning games, pairing the next round, finishing it) is due work claimed in the
database and written so that doing it again changes nothing: after a restart at any
moment, `run_due` picks up where it stopped and pairs nothing twice.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

import engine
from bot.play.announcements import news
from bot.play.challenges import Challenges, Invitation
from bot.play.clock import TimeControl, parse_duration, parse_time_control
from bot.play.endings import Endings
from bot.play.events import TournamentDue
from bot.play.game_clocks import control_of
from bot.play.games import GameTable
from bot.play.pairings import (
    BYE_POINTS,
    DRAW,
    LOSS,
    WIN,
    Played,
    Standing,
    round_robin,
    standings,
    swiss_round,
    swiss_rounds,
)
from bot.play.values import File, Person, Post, Refusal
from bot.play.words.text import (
    Command,
    Moment,
    Name,
    Strong,
    Text,
    excerpt,
    joined,
    lines,
    say,
)
from bot.play.words.wording import names, sentence
from bot.storage import Announcement
from bot.storage.claims import claimed, holder
from bot.storage.standings import Standings
from bot.storage.tournaments import (
    Entrant,
    Joined,
    NewPairing,
    PairingRecord,
    TournamentDraft,
    TournamentRecord,
    TournamentStatus,
)
from render.crosstable import CrossRow, crosstable_png

log = logging.getLogger(__name__)

ROUND_ROBIN, SWISS = "round-robin", "swiss"
FORMATS = (ROUND_ROBIN, SWISS)
MANUAL = "manual"
MOST_ROUNDS = 30
MOST_TOURNAMENTS = 2**31 - 1
"""The highest number a server's tournament can have (the column holds 32 bits)."""
NO_GAME = 0
"""The game id of a tournament's own posts, which are about no one game."""
SHOWN_PLAYERS = 16
"""Players the crosstable picture shows at most."""
_OPENING = "its games are being opened, each in its own thread under this channel."
"""What the start says: the threads follow one by one (a large round takes minutes)."""
CLAIM = "tournament"
"""The kind of due work that moves a tournament on."""
_FORMAT_WORDS = {
    **{f: f for f in FORMATS},
    "round robin": ROUND_ROBIN,
    "roundrobin": ROUND_ROBIN,
    "rr": ROUND_ROBIN,
}


class VenueError(Exception):
    """The venue could not do what was asked (Discord refused or failed); the work is
    tried again on the next due pass."""


class ThreadRefused(VenueError):
    """Discord will never open the thread: the channel is gone, or the bot may not see it
    or open threads there. The game is not tried again."""


class Venue(Protocol):
    """Where a tournament's games and news go (Discord, in the bot)."""

    async def post_starter(self, channel_id: int, text: Text, key: str) -> int:
        """Post the message a game's thread is opened from; its id. The same `key` posted
        again within a few minutes (after a restart) gives the same message. Raises as
        `open_thread` does."""

    async def open_thread(self, channel_id: int, starter_id: int, name: str) -> int:
        """The public thread opened from the starter message, for one game, or the one
        opened from it before (a restart between opening and recording it); its id.
        Raises `ThreadRefused` when it can never be opened there, `VenueError` when it
        could not be opened this time."""

    async def post(self, place_id: int, post: Post) -> None: ...

    async def edit(self, place_id: int, message_id: int, post: Post) -> None:
        """Show the post's text in place of a message's, without its buttons."""


@dataclass(frozen=True, slots=True)
class Entry:
    """What `/tournament create` asks for; texts as typed (None: the default)."""

    game: str
    guild_id: int
    channel_id: int
    creator: Person
    format: str
    rounds: int | None = None
    time_limit: str | None = None
    max_players: int | None = None
    starts: str | None = None
    players: int = 2
    options: dict[str, object] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Table:
    """The standings of a tournament, in plain values: `rows` in order, each player's
    name, the points of each game between two players (crosstable), and the round of
    each Swiss bye (a round robin's sitting out scores nothing, so is not shown)."""

    tournament: TournamentRecord
    rows: tuple[Standing, ...]
    names: dict[int, str]
    results: dict[tuple[int, int], Fraction]
    withdrawn: frozenset[int]
    byes: dict[int, int] = dataclasses.field(default_factory=dict)


class Tournaments:
    """Creating, entering, starting, running and ending tournaments."""

    def __init__(
        self,
        games: GameTable,
        challenges: Challenges,
        endings: Endings,
        standings: Standings,
        venue: Venue | None,
        sent: Callable[[Post], Awaitable[None]],
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        """`sent` strikes off the announcement a game's first board is, once posted."""
        self._games = games
        self._store = games.tournaments
        self._standings = standings
        self._challenges = challenges
        self._endings = endings
        self.venue = venue
        self._sent = sent
        self._clock = clock
        self._owner = holder(games.writer)
        self._locks: dict[int, asyncio.Lock] = {}

    # -- entries ---------------------------------------------------------------------

    async def create(self, entry: Entry) -> tuple[int, Post]:
        """Open a tournament for entries: its number, and its announcement."""
        info = engine.GAMES.get(entry.game)
        if info is None:
            raise Refusal(f"There is no game called {excerpt(entry.game)}.")
        if entry.players != 2 or info.min_players > 2:
            raise Refusal(
                f"Tournaments are for two-player games only, so a {info.title} tournament "
                f"of {entry.players} players cannot be held."
            )
        format_ = _FORMAT_WORDS.get(entry.format.strip().lower())
        if format_ is None:
            raise Refusal(
                f"There is no format {excerpt(entry.format)}: choose round-robin or swiss."
            )
        if entry.rounds is not None and not (format_ == SWISS and 1 <= entry.rounds <= MOST_ROUNDS):
            raise Refusal(
                f"Only a Swiss tournament has a number of rounds, from 1 to {MOST_ROUNDS}."
            )
        if entry.max_players is not None and entry.max_players < 2:
            raise Refusal("A tournament needs room for at least 2 players.")
        try:
            game = engine.new_game(info.name, 2, seed=0, **entry.options)
        except engine.GameError as error:
            raise Refusal(sentence(str(error))) from None
        if entry.time_limit is None:
            control = control_of(await self._games.clocks.server_settings(entry.guild_id))
        else:
            control = parse_time_control(entry.time_limit)
        starts_at = _start_time(entry.starts, self._clock())
        draft = TournamentDraft(
            guild_id=entry.guild_id,
            channel_id=entry.channel_id,
            creator_id=entry.creator.user_id,
            game=info.name,
            options=dict(game.options),
            format=format_,
            rounds=entry.rounds,
            time_control=None if control is None else str(control),
            max_players=entry.max_players,
            starts_at=starts_at,
        )
        tournament = await self._store.create(draft, self._clock())
        return tournament.number, await self._announcement(tournament)

    async def _announcement(self, tournament: TournamentRecord) -> Post:
        """The tournament's announcement as it stands: what, when, how, who entered."""
        entrants = await self._store.entrants(tournament.id)
        return Post(NO_GAME, _announcement(tournament, entrants))

    async def note_message(self, guild_id: int, number: int, message_id: int) -> None:
        tournament = await self._numbered(guild_id, number)
        await self._store.set_message(tournament.id, message_id)

    async def announced_in(self, guild_id: int, number: int, message_id: int) -> bool:
        """Whether the message is the announcement of the server's tournament `number`
        (where its Join and Leave work)."""
        found = await self._find(guild_id, number)
        return found is not None and found.message_id == message_id

    async def join(self, guild_id: int, number: int, person: Person) -> Post:
        """Enter a player; the announcement's new text."""
        tournament = await self._numbered(guild_id, number)
        if person.is_bot:
            raise Refusal("Bots cannot play in tournaments.")
        joined = await self._store.join(
            tournament.id, person.user_id, person.name, self._clock(), tournament.max_players
        )
        if joined is Joined.ALREADY:
            raise Refusal(f"You are already in tournament #{tournament.number}.")
        if joined is Joined.FULL:
            raise Refusal(f"Tournament #{tournament.number} is full.")
        if joined is Joined.CLOSED:
            raise Refusal(f"Tournament #{tournament.number} has closed its entries.")
        return await self._announcement(tournament)

    async def leave(self, guild_id: int, number: int, user_id: int) -> Post:
        """Take back an entry before the start; the announcement's new text."""
        return await self._leave(await self._numbered(guild_id, number), user_id)

    async def _leave(self, tournament: TournamentRecord, user_id: int) -> Post:
        if tournament.status is not TournamentStatus.OPEN:
            raise Refusal(
                f"Tournament #{tournament.number} has begun: use /tournament withdraw to leave it."
            )
        if not await self._store.leave(tournament.id, user_id):
            raise Refusal(f"You are not in tournament #{tournament.number}.")
        return await self._announcement(tournament)

    # -- running ---------------------------------------------------------------------

    async def start(self, guild_id: int, number: int, user_id: int, *, moderator: bool) -> Post:
        """Close the entries and begin the first round now (`moderator`: the asker may
        manage the server the tournament is in)."""
        tournament = await self._numbered(guild_id, number)
        _check_organiser(tournament, user_id, moderator, "start")
        if tournament.status is not TournamentStatus.OPEN:
            raise Refusal(f"Tournament #{tournament.number} has already begun.")
        if len(await self._store.entrants(tournament.id)) < 2:
            raise Refusal(f"Tournament #{tournament.number} needs at least 2 players to start.")
        if not await self._close_entries(tournament):
            raise Refusal(f"Tournament #{tournament.number} has already begun.")
        self._games.events.write(TournamentDue(tournament.id))
        return Post(
            NO_GAME, say(f"Tournament #{tournament.number} has begun: {_OPENING} Good luck!")
        )

    async def cancel(self, guild_id: int, number: int, user_id: int, *, moderator: bool) -> Post:
        """End the tournament: its games in play are aborted, unrated."""
        tournament = await self._numbered(guild_id, number)
        _check_organiser(tournament, user_id, moderator, "cancel")
        if not await self._store.end(tournament.id, TournamentStatus.CANCELLED, self._clock()):
            raise Refusal(f"Tournament #{tournament.number} is already over.")
        for pairing in await self._store.pairings(tournament.id):
            if pairing.game_id is not None and pairing.game_status in ("challenge", "active"):
                await self._abort(pairing)
        return Post(
            NO_GAME,
            say(
                f"Tournament #{tournament.number} was cancelled; its unfinished games are "
                "aborted, unrated."
            ),
        )

    async def withdraw(self, guild_id: int, number: int, user_id: int) -> Post:
        """A player leaves a running tournament: each game of theirs not finished is won by
        the opponent; games in play are aborted."""
        tournament = await self._numbered(guild_id, number)
        if tournament.status is TournamentStatus.OPEN:
            return await self._leave(tournament, user_id)
        entrants = {e.user_id: e.name for e in await self._store.entrants(tournament.id)}
        name = entrants.get(user_id, "")
        in_play = [
            pairing
            for pairing in await self._store.pairings(tournament.id)
            if user_id in (pairing.first_id, pairing.second_id)
            and pairing.game_id is not None
            and pairing.game_status in ("challenge", "active")
        ]
        notes = {
            pairing.id: self._news(
                pairing.thread_id, _withdrawn_text(tournament, pairing, user_id, entrants)
            )
            for pairing in in_play
            if pairing.thread_id is not None
        }
        if not await self._store.withdraw(tournament.id, user_id, [n for n, _ in notes.values()]):
            raise Refusal(f"You are not playing in tournament #{tournament.number}.")
        for pairing in in_play:
            if pairing.id in notes and self.venue is not None:
                await self._tell(self.venue, *notes[pairing.id])
            await self._abort(pairing)
        await self.advance(tournament.id)
        return Post(
            NO_GAME,
            say(
                Strong(Name(name)),
                f" withdrew from tournament #{tournament.number}; their unfinished games are won "
                "by their opponents.",
            ),
        )

    def _news(self, place_id: int, text: Text) -> tuple[Announcement, Post]:
        """Tournament news for a channel or thread: the announcement to keep owed with the
        change it tells of, and its post (sent by `_tell` once the change is saved)."""
        owed = news(place_id, Post(NO_GAME, text))
        owed = self._games.signed(dataclasses.replace(owed, created_at=self._clock()))
        return owed, Post(NO_GAME, text, announcement=owed.id)

    async def _tell(self, venue: Venue, owed: Announcement, post: Post) -> None:
        """Post saved news and strike it off; unsent, the outbox posts it later."""
        await venue.post(owed.place_id, post)
        await self._sent(post)

    async def _abort(self, pairing: PairingRecord) -> None:
        assert pairing.game_id is not None
        post = await self._endings.abort_unrated(pairing.game_id)
        if post is not None and pairing.thread_id is not None and self.venue is not None:
            await self.venue.post(pairing.thread_id, post)

    async def run_due(self) -> None:
        """Move on every tournament that may have work: catch-up after a restart, start
        times, rounds to pair; each claimed so that one process does it."""
        for tournament in await self._store.due(self._clock()):
            await self.advance(tournament.id)

    async def advance(self, tournament_id: int) -> None:
        """Do whatever the tournament is owed now, if this process claims it."""
        if self.venue is None:
            return
        key = str(tournament_id)
        async with (
            self._locks.setdefault(tournament_id, asyncio.Lock()),
            claimed(self._games.clocks, CLAIM, key, self._owner, self._clock) as mine,
        ):
            if mine:
                await self._advance(tournament_id, self.venue)

    async def game_ended(self, pairing_id: int) -> None:
        """A game of one of the pairings ended: move its tournament on."""
        tournament_id = await self._store.tournament_of(pairing_id)
        if tournament_id is not None:
            await self.advance(tournament_id)

    async def _advance(self, tournament_id: int, venue: Venue) -> None:
        found = await self._store.tournament(tournament_id)
        if found is None:
            return
        tournament = found
        if tournament.status is TournamentStatus.OPEN:
            if tournament.starts_at is None or tournament.starts_at > self._clock():
                return
            if not await self._start_on_time(tournament, venue):
                return
            tournament = await self._by_id(tournament_id)
        if tournament.status is not TournamentStatus.RUNNING:
            return
        pairings = await self._store.pairings(tournament.id)
        await self._begin_games(tournament, pairings, venue)
        if not all(_decided(p) for p in pairings):
            return
        entrants = await self._store.entrants(tournament.id)
        if await self._pair_next(tournament, entrants, pairings, venue):
            await self._advance(tournament_id, venue)
            return
        table = await self._table(tournament)
        owed, post = self._news(tournament.channel_id, _final_text(table))
        if await self._store.end(tournament.id, TournamentStatus.FINISHED, self._clock(), [owed]):
            pictured = await _standings_post(table, post.text, None)
            await self._tell(venue, owed, dataclasses.replace(post, files=pictured.files))

    async def _start_on_time(self, tournament: TournamentRecord, venue: Venue) -> bool:
        """Close the entries at the start time; with fewer than two players it is cancelled."""
        entrants = await self._store.entrants(tournament.id)
        if len(entrants) < 2:
            if await self._store.end(tournament.id, TournamentStatus.CANCELLED, self._clock()):
                text = say(
                    f"Tournament #{tournament.number} was cancelled: fewer than 2 players joined."
                )
                await venue.post(tournament.channel_id, Post(NO_GAME, text))
            return False
        if await self._close_entries(tournament):
            text = say(f"Tournament #{tournament.number} has begun: entries are closed. {_OPENING}")
            await venue.post(tournament.channel_id, Post(NO_GAME, text))
        return True

    async def _close_entries(self, tournament: TournamentRecord) -> bool:
        """Close the entries, noting each entrant's rating; the announcement then says so
        and loses its Join and Leave buttons. False when they were closed already."""
        closed = await self._close(tournament)
        if closed and self.venue is not None and tournament.message_id is not None:
            announcement = await self._announcement(await self._by_id(tournament.id))
            await self.venue.edit(tournament.channel_id, tournament.message_id, announcement)
        return closed

    async def _close(self, tournament: TournamentRecord) -> bool:
        entrants = await self._store.entrants(tournament.id)
        ratings = {}
        for entrant in entrants:
            standing = await self._standings.standing(
                tournament.guild_id, tournament.game, entrant.user_id
            )
            ratings[entrant.user_id] = 0.0 if standing is None else standing.rating
        return await self._store.close_entries(tournament.id, ratings)

    async def _pair_next(
        self,
        tournament: TournamentRecord,
        entrants: Sequence[Entrant],
        pairings: Sequence[PairingRecord],
        venue: Venue,
    ) -> bool:
        """Add the next round's pairings (every round at once in a round robin), telling
        the channel of each Swiss round after the first; False when the tournament has no
        more rounds to play."""
        playing = [e.user_id for e in entrants if not e.withdrawn]
        if tournament.format == ROUND_ROBIN:
            if tournament.round > 0:
                return False
            by_rating = sorted(entrants, key=lambda e: (-e.rating, e.user_id))
            rounds = round_robin([e.user_id for e in by_rating])
            new = [
                NewPairing(number, board, game.first, game.second)
                for number, games in enumerate(rounds, 1)
                for board, game in enumerate(games)
            ]
            return await self._store.add_round(tournament.id, 0, len(rounds), new)
        total = tournament.rounds or swiss_rounds(len(entrants))
        if tournament.round >= total or len(playing) < 2:
            return False
        ratings = {e.user_id: e.rating for e in entrants}
        try:
            paired = swiss_round(playing, _played(pairings), ratings)
        except ValueError:
            log.warning("tournament %s ends early: no pairing avoids a rematch", tournament.id)
            return False
        number = tournament.round + 1
        new = [NewPairing(number, b, g.first, g.second) for b, g in enumerate(paired)]
        names = {e.user_id: e.name for e in entrants}
        told = (
            []
            if number == 1
            else [self._news(tournament.channel_id, _round_text(tournament, number, new, names))]
        )
        if not await self._store.add_round(
            tournament.id, tournament.round, number, new, [owed for owed, _ in told]
        ):
            return False
        for owed, post in told:
            await self._tell(venue, owed, post)
        return True

    async def _begin_games(
        self, tournament: TournamentRecord, pairings: Sequence[PairingRecord], venue: Venue
    ) -> None:
        """Begin the game of every pairing that has none yet, each in its own thread, one
        at a time (Discord paces thread creation per channel); a pairing whose thread
        could not be opened is left for the next due pass, and the others go on. One
        whose thread Discord refuses for good is not played, and the channel is told."""
        entrants = {e.user_id: e for e in await self._store.entrants(tournament.id)}
        refused: list[PairingRecord] = []
        for pairing in pairings:
            if pairing.second_id is None or pairing.forfeit_by is not None or pairing.unplayed:
                continue
            if pairing.game_id is not None:
                if pairing.game_status == "challenge":
                    heading = _heading(tournament, pairing, entrants)
                    resumed = await self._challenges.resume_arranged(pairing.game_id, heading)
                    if resumed is not None and pairing.thread_id is not None:
                        await venue.post(pairing.thread_id, resumed)
                        await self._sent(resumed)
                continue
            try:
                await self._begin_game(tournament, pairing, entrants, venue)
            except ThreadRefused as error:
                log.warning(
                    "tournament %s: the game of pairing %s is not played: %s",
                    tournament.id,
                    pairing.id,
                    error,
                )
                if await self._store.set_unplayed(pairing.id):
                    refused.append(pairing)
            except VenueError as error:
                log.warning(
                    "tournament %s: the game of pairing %s waits for the next pass: %s",
                    tournament.id,
                    pairing.id,
                    error,
                )
        if refused:
            text = _unplayed_text(tournament, refused, entrants)
            await venue.post(tournament.channel_id, Post(NO_GAME, text))

    async def _begin_game(
        self,
        tournament: TournamentRecord,
        pairing: PairingRecord,
        entrants: dict[int, Entrant],
        venue: Venue,
    ) -> None:
        assert pairing.second_id is not None
        first, second = entrants[pairing.first_id], entrants[pairing.second_id]
        thread_id = pairing.thread_id
        if thread_id is None:
            thread_id = await self._open_thread(tournament, pairing, (first, second), venue)
        invitation = Invitation(
            game=tournament.game,
            guild_id=tournament.guild_id,
            channel_id=tournament.channel_id,
            starter=Person(first.user_id, first.name),
            invitees=(Person(second.user_id, second.name),),
            options=tournament.options,
            thread_id=thread_id,
        )
        heading = _heading(tournament, pairing, entrants)
        control = _control(tournament)
        post = await self._challenges.arrange(invitation, pairing.id, control, heading)
        await venue.post(thread_id, post)
        await self._sent(post)

    async def _open_thread(
        self,
        tournament: TournamentRecord,
        pairing: PairingRecord,
        players: tuple[Entrant, Entrant],
        venue: Venue,
    ) -> int:
        """Open a pairing's thread from a starter message recorded before the thread is
        opened, so that a restart between opening and recording it adopts the thread."""
        first, second = players
        starter_id = pairing.starter_id
        if starter_id is None:
            text = say(
                f"Tournament #{tournament.number}, round {pairing.round}: ",
                names([first.name, second.name], strong=True),
                " play in this thread.",
            )
            posted = await venue.post_starter(tournament.channel_id, text, f"pairing-{pairing.id}")
            starter_id = await self._store.set_starter(pairing.id, posted)
        title = engine.GAMES[tournament.game].title
        name = f"#{tournament.number} R{pairing.round}: {first.name} v {second.name} ({title})"
        opened = await venue.open_thread(tournament.channel_id, starter_id, name[:100])
        return await self._store.set_thread(pairing.id, opened)

    # -- reading ---------------------------------------------------------------------

    async def table(self, guild_id: int, number: int) -> Table:
        """The standings and crosstable of a server's tournament."""
        return await self._table(await self._numbered(guild_id, number))

    async def _table(self, tournament: TournamentRecord) -> Table:
        entrants = await self._store.entrants(tournament.id)
        pairings = await self._store.pairings(tournament.id)
        swiss = tournament.format == SWISS
        played = _played(pairings, byes_score=swiss)
        ratings = {e.user_id: e.rating for e in entrants}
        rows = standings(
            [e.user_id for e in entrants], played, ratings, swiss=tournament.format == SWISS
        )
        results = {}
        for game in played:
            if game.second is not None:
                results[(game.first, game.second)] = game.points_first
                results[(game.second, game.first)] = WIN - game.points_first
        return Table(
            tournament,
            tuple(rows),
            {e.user_id: e.name for e in entrants},
            results,
            frozenset(e.user_id for e in entrants if e.withdrawn),
            {p.first_id: p.round for p in pairings if swiss and p.second_id is None},
        )

    async def standings(self, guild_id: int, number: int | None, user_id: int) -> Post:
        """A server's tournament standings (its newest when `number` is None), as text
        and as a crosstable picture that shows `user_id`'s row in a large field."""
        if number is None:
            found = await self._store.in_guild(guild_id)
            if not found:
                raise Refusal("This server has no tournaments yet.")
            number = found[0].number
        table = await self.table(guild_id, number)
        return await _standings_post(table, _standings_text(table), user_id)

    async def listing(self, guild_id: int) -> Text:
        """The server's tournaments, open and running ones first."""
        found = await self._store.in_guild(guild_id)
        if not found:
            return say(
                "This server has no tournaments yet; start one with ",
                Command("tournament", "create"),
                ".",
            )
        shown = []
        for tournament in found[:20]:
            count = len(await self._store.entrants(tournament.id))
            shown.append(
                say(
                    f"#{tournament.number} {_describe(tournament)}: {tournament.status.value}, "
                    f"{count} players"
                )
            )
        return lines(shown)

    async def _numbered(self, guild_id: int | None, number: int) -> TournamentRecord:
        """The asking server's tournament `number`: another server's reads as none."""
        found = await self._find(guild_id, number)
        if found is None:
            raise Refusal(f"There is no tournament #{number} in this server.")
        return found

    async def _find(self, guild_id: int | None, number: int) -> TournamentRecord | None:
        if guild_id is None or not 0 < number <= MOST_TOURNAMENTS:
            return None
        return await self._store.numbered(guild_id, number)

    async def _by_id(self, tournament_id: int) -> TournamentRecord:
        found = await self._store.tournament(tournament_id)
        assert found is not None, f"tournament {tournament_id} is stored"
        return found


def _check_organiser(
    tournament: TournamentRecord, user_id: int, moderator: bool, what: str
) -> None:
    if not moderator and user_id != tournament.creator_id:
        raise Refusal(
            f"Only the creator of tournament #{tournament.number} or someone who can manage the "
            f"server can {what} it."
        )


def _heading(
    tournament: TournamentRecord, pairing: PairingRecord, entrants: dict[int, Entrant]
) -> Text:
    """The line above a tournament game's first board: which tournament, round, players."""
    assert pairing.second_id is not None
    players = [entrants[pairing.first_id].name, entrants[pairing.second_id].name]
    return say(
        f"Tournament #{tournament.number}, round {pairing.round}: ",
        names(players, strong=True),
        ".",
    )


_STAGES = {
    TournamentStatus.RUNNING: "the games are being played",
    TournamentStatus.FINISHED: "the tournament is over",
    TournamentStatus.CANCELLED: "the tournament was cancelled",
}
"""What a closed tournament's announcement says of where it stands."""


def _control(tournament: TournamentRecord) -> TimeControl | None:
    """The time control of the tournament's games, None without one."""
    return None if tournament.time_control is None else parse_time_control(tournament.time_control)


def _start_time(typed: str | None, now: float) -> float | None:
    if typed is None or typed.strip().lower() == MANUAL:
        return None
    after = parse_duration(typed, "The start")
    if after is None:
        return None
    return now + after


def _decided(pairing: PairingRecord) -> bool:
    """Whether a pairing's result is known: a bye, a forfeit, not played, or its game
    ended."""
    return (
        pairing.second_id is None
        or pairing.forfeit_by is not None
        or pairing.unplayed
        or pairing.game_status in ("finished", "aborted")
    )


SHOWN_UNPLAYED = 5
"""Games named at most in the sentence about games that cannot be played."""


def _unplayed_text(
    tournament: TournamentRecord, refused: Sequence[PairingRecord], entrants: dict[int, Entrant]
) -> Text:
    """One sentence: which games Discord would not open a thread for, and what follows."""
    games: list[Text] = [
        say(
            Strong(Name(entrants[p.first_id].name)),
            " v ",
            Strong(Name(entrants[p.second_id or p.first_id].name)),
            f" (round {p.round})",
        )
        for p in refused[:SHOWN_UNPLAYED]
    ]
    if len(refused) > SHOWN_UNPLAYED:
        games.append(say(f"{len(refused) - SHOWN_UNPLAYED} more"))
    listed = games[0] if len(games) == 1 else say(joined(", ", games[:-1]), " and ", games[-1])
    what = (
        "is not played: it scores nothing for either player and is not rated"
        if len(refused) == 1
        else "are not played: they score nothing for either player and are not rated"
    )
    return say(
        f"Tournament #{tournament.number}: Discord refuses to open a thread in this channel "
        "(the bot may have lost access to it), so the game",
        "" if len(refused) == 1 else "s",
        " of ",
        listed,
        f" {what}.",
    )


def _played(pairings: Sequence[PairingRecord], *, byes_score: bool = True) -> list[Played]:
    """The results so far, as the pairing rules read them."""
    played = []
    for p in pairings:
        if p.second_id is None:
            if byes_score:
                played.append(Played(p.first_id, None, BYE_POINTS))
        elif p.forfeit_by is not None:
            played.append(
                Played(p.first_id, p.second_id, LOSS if p.forfeit_by == p.first_id else WIN)
            )
        elif p.game_status == "finished" and p.first_rank is not None and p.second_rank is not None:
            if p.first_rank < p.second_rank:
                points = WIN
            elif p.first_rank > p.second_rank:
                points = LOSS
            else:
                points = DRAW
            played.append(Played(p.first_id, p.second_id, points))
    return played


def _describe(tournament: TournamentRecord) -> str:
    title = engine.GAMES[tournament.game].title
    kind = "round robin" if tournament.format == ROUND_ROBIN else "Swiss"
    rounds = f", {tournament.rounds} rounds" if tournament.rounds else ""
    return f"{title} {kind}{rounds}"


def _announcement(tournament: TournamentRecord, entrants: Sequence[Entrant]) -> Text:
    shown = [say(Strong(f"Tournament #{tournament.number}: {_describe(tournament)}"))]
    if tournament.format == ROUND_ROBIN:
        shown.append(
            say(
                "Everyone meets everyone once; all rounds are played at once, each game in "
                "its own thread."
            )
        )
    else:
        shown.append(
            say(
                "Swiss: each round pairs players with equal scores; the next round is paired "
                "when the last game of a round ends. An odd player out gets a bye (one point)."
            )
        )
    control = _control(tournament)
    limit = "no time limit" if control is None else f"a clock of {control.words()}"
    shown.append(
        say(
            f"Points: win 1, draw ½, loss 0; {limit}. A player who withdraws loses their "
            "unfinished games."
        )
    )
    if tournament.status is TournamentStatus.OPEN:
        if tournament.starts_at is None:
            shown.append(say("Starts when its creator starts it; press Join to enter."))
        else:
            shown.append(say("Starts ", Moment(tournament.starts_at), "; press Join to enter."))
    else:
        shown.append(say(f"Entries are closed: {_STAGES[tournament.status]}."))
    room = "" if tournament.max_players is None else f"/{tournament.max_players}"
    shown.append(
        say(
            f"Players ({len(entrants)}{room}): ",
            names([e.name for e in entrants]) if entrants else "none yet",
        )
    )
    return lines(shown)


def _points(value: Fraction) -> str:
    """`2½`, `½`, `3`."""
    whole = int(value)
    if value == whole:
        return str(whole)
    return f"{whole or ''}½"


def _point_noun(value: Fraction) -> str:
    """`point` for ½ and 1, `points` otherwise."""
    return "point" if 0 < value <= 1 else "points"


def _standings_text(table: Table) -> Text:
    tournament = table.tournament
    swiss = tournament.format == SWISS
    tie_break = "Buchholz" if swiss else "Sonneborn-Berger"
    shown = [say(Strong(f"Tournament #{tournament.number} standings ({_describe(tournament)})"))]
    for row in table.rows:
        second = row.buchholz if swiss else row.sonneborn_berger
        out = " (withdrawn)" if row.player in table.withdrawn else ""
        direct = "" if row.direct is None else f", direct {_points(row.direct)}"
        bye = table.byes.get(row.player)
        had_bye = "" if bye is None else f", a bye in round {bye} (+{_points(BYE_POINTS)})"
        shown.append(
            say(
                f"{row.place}. ",
                Strong(Name(table.names[row.player])),
                f"{out}: {_points(row.points)} {_point_noun(row.points)}, {tie_break} "
                f"{_points(second)}{direct}, rating {row.rating:.1f}, "
                f"{row.games} game{'' if row.games == 1 else 's'}{had_bye}",
            )
        )
    return lines(shown)


async def _standings_post(table: Table, text: Text, asker: int | None) -> Post:
    """The text with the crosstable picture attached."""
    title, tie_break, rows = _crosstable(table, asker)
    png = await asyncio.to_thread(crosstable_png, title, tie_break, rows)
    return Post(NO_GAME, text, files=(File(f"tournament-{table.tournament.number}.png", png),))


def _crosstable(table: Table, asker: int | None) -> tuple[str, str, list[CrossRow]]:
    """The crosstable's rows: everyone in a field of up to 16, else the top and the
    asker's own row."""
    shown = list(table.rows[:SHOWN_PLAYERS])
    mine = next((r for r in table.rows if r.player == asker), None)
    if mine is not None and mine not in shown:
        shown[-1] = mine
    swiss = table.tournament.format == SWISS
    rows = []
    for row in shown:
        cells: list[str | None] = []
        for other in shown:
            if other.player == row.player:
                cells.append(None)
            else:
                result = table.results.get((row.player, other.player))
                cells.append("" if result is None else _points(result))
        second = row.buchholz if swiss else row.sonneborn_berger
        rows.append(
            CrossRow(
                str(row.place),
                table.names[row.player],
                tuple(cells),
                _points(row.points),
                _points(second),
                asker=row.player == asker,
                bye="" if row.player not in table.byes else f"+{_points(BYE_POINTS)}",
                direct="" if row.direct is None else _points(row.direct),
            )
        )
    title = f"Tournament #{table.tournament.number}: {_describe(table.tournament)}"
    return title, "BH" if swiss else "SB", rows


def _round_text(
    tournament: TournamentRecord, number: int, paired: Sequence[NewPairing], names: dict[int, str]
) -> Text:
    """The news of a Swiss round paired: who meets whom, and who has the bye."""
    games = [
        say(Strong(Name(names[p.first_id])), " v ", Strong(Name(names[p.second_id])))
        for p in paired
        if p.second_id is not None
    ]
    shown = [say(f"Tournament #{tournament.number}, round {number} is paired:")]
    shown.extend(say(f"{board}. ", game) for board, game in enumerate(games, 1))
    shown.extend(
        say(Strong(Name(names[p.first_id])), f" has a bye (+{_points(BYE_POINTS)}).")
        for p in paired
        if p.second_id is None
    )
    return lines(shown)


def _withdrawn_text(
    tournament: TournamentRecord, pairing: PairingRecord, user_id: int, names: dict[int, str]
) -> Text:
    """The note in a game's thread that one of its players withdrew."""
    winner = pairing.second_id if pairing.first_id == user_id else pairing.first_id
    return say(
        Strong(Name(names.get(user_id, ""))),
        f" withdrew from tournament #{tournament.number}, so ",
        Strong(Name(names.get(winner or 0, "their opponent"))),
        " wins this game's point.",
    )


def _final_text(table: Table) -> Text:
    top = [table.names[r.player] for r in table.rows if r.place == 1]
    won = say(f"Tournament #{table.tournament.number} is over: ", names(top, strong=True), " won!")
    return lines([won, _standings_text(table)])
