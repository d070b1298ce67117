"""Running tournaments: the due work that moves each one on (its start, each pairing's
game opened in a thread of its own, the next round, the end), claimed in the database
and written so that doing it again changes nothing: after a restart at any moment,
`run_due` picks up where it stopped and pairs nothing twice. The runtime calls
`game_ended` when a game of a pairing ends."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Callable

from bot.play.playing.challenges import Challenges, Invitation
from bot.play.playing.endings import Endings
from bot.play.table.announcements import news
from bot.play.table.events import PostsOwed
from bot.play.table.games import GameTable
from bot.play.table.languages import Languages
from bot.play.table.values import Delivery, Person, Post
from bot.play.tournaments.pairings import round_robin, swiss_round, swiss_rounds
from bot.play.tournaments.posts import announcement_post, standings_post
from bot.play.tournaments.reading import (
    Field,
    decided,
    field_of,
    played_games,
    table_of,
    time_control,
)
from bot.play.tournaments.venue import NO_GAME, ThreadRefused, Venue, VenueError
from bot.play.words.text import Text, plain
from bot.play.words.tournaments import (
    begun_text,
    cancelled_text,
    final_text,
    game_heading,
    round_text,
    starter_text,
    thread_name,
    unplayed_text,
)
from bot.storage import Announcement, Status
from bot.storage.claims import Claims, claimed, holder
from bot.storage.standing_queries import Standings
from bot.storage.tournaments import (
    Entrant,
    Format,
    NewPairing,
    PairingRecord,
    TournamentRecord,
    TournamentStatus,
)
from bot.storage.tournaments import Tournaments as TournamentStore

log = logging.getLogger(__name__)

CLAIM = "tournament"
"""The kind of due work that moves a tournament on."""


class Rounds:
    """Moving tournaments on: starting them on time, opening each pairing's game in a
    thread, pairing the next round when one is decided, and finishing them."""

    def __init__(
        self,
        games: GameTable,
        store: TournamentStore,
        claims: Claims,
        challenges: Challenges,
        endings: Endings,
        standings: Standings,
        venue: Venue | None,
        languages: Languages,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._games = games
        self._languages = languages
        self._store = store
        self._claims = claims
        self._standings = standings
        self._challenges = challenges
        self._endings = endings
        self._venue = venue
        self._clock = clock
        self._owner = holder(games.writer)
        self._locks: dict[int, asyncio.Lock] = {}

    def news(self, place_id: int, text: Text) -> tuple[Announcement, Post]:
        """Tournament news for a channel or thread: the announcement to keep owed with the
        change it tells of, and its post (owed by `tell` once the change is saved)."""
        owed = news(place_id, Post(NO_GAME, text))
        owed = self._games.signed(dataclasses.replace(owed, created_at=self._clock()))
        return owed, Post(NO_GAME, text, announcement=owed.id)

    def tell(self, owed: Announcement, post: Post) -> None:
        """Owe saved news to its channel (struck off once sent; unsent, the outbox posts
        it later)."""
        self._owe(owed.place_id, post)

    async def abort(self, pairing: PairingRecord) -> None:
        """Abort a pairing's game, unrated, telling its thread."""
        assert pairing.game_id is not None
        post = await self._endings.abort_unrated(pairing.game_id)
        if post is not None and pairing.thread_id is not None:
            self._owe(pairing.thread_id, post)

    def _owe(self, place_id: int, post: Post) -> None:
        """A post owed to a channel or thread, for the runtime to deliver."""
        self._games.events.write(PostsOwed((Delivery(place_id, post),)))

    async def run_due(self) -> None:
        """Move on every tournament that may have work: catch-up after a restart, start
        times, rounds to pair; each claimed so that one process does it."""
        for tournament in await self._store.due(self._clock()):
            await self.advance(tournament.id)

    async def advance(self, tournament_id: int) -> None:
        """Do whatever the tournament is owed now, if this process claims it."""
        if self._venue is None:
            return
        key = str(tournament_id)
        async with (
            self._locks.setdefault(tournament_id, asyncio.Lock()),
            claimed(self._claims, CLAIM, key, self._owner, self._clock) as mine,
        ):
            if mine:
                await self._advance(tournament_id, self._venue)

    async def game_ended(self, pairing_id: int) -> None:
        """A game of one of the pairings ended: move its tournament on."""
        tournament_id = await self._store.tournament_of(pairing_id)
        if tournament_id is not None:
            await self.advance(tournament_id)

    async def _advance(self, tournament_id: int, venue: Venue) -> None:
        """Start the tournament if it is due, then begin its games and pair each round
        once the one before is decided, each step from one read of the tournament; when
        no round is left, finish it."""
        tournament = await self._store.tournament(tournament_id)
        if tournament is None:
            return
        if tournament.status is TournamentStatus.OPEN:
            if tournament.starts_at is None or tournament.starts_at > self._clock():
                return
            if not await self._start_on_time(tournament):
                return
            tournament = await self._by_id(tournament_id)
        while tournament.status is TournamentStatus.RUNNING:
            field = await field_of(self._store, tournament)
            await self._begin_games(field, venue)
            if not all(decided(p) for p in field.pairings):
                return
            if not await self._pair_next(field):
                await self._finish(field)
                return
            tournament = await self._by_id(tournament_id)

    async def _finish(self, field: Field) -> None:
        """End the tournament, telling its channel the final standings."""
        tournament, table = field.tournament, table_of(field)
        owed, post = self.news(tournament.channel_id, final_text(table))
        if await self._store.end(tournament.id, TournamentStatus.FINISHED, self._clock(), [owed]):
            language = await self._languages.of_server(tournament.guild_id)
            pictured = await standings_post(table, post.text, None, language)
            self.tell(owed, dataclasses.replace(post, files=pictured.files))

    async def _start_on_time(self, tournament: TournamentRecord) -> bool:
        """Close the entries at the start time; with fewer than two players it is cancelled."""
        entrants = await self._store.entrants(tournament.id)
        if len(entrants) < 2:
            if await self._store.end(tournament.id, TournamentStatus.CANCELLED, self._clock()):
                text = cancelled_text(tournament, by_organiser=False)
                self._owe(tournament.channel_id, Post(NO_GAME, text))
            return False
        if await self.close_entries(tournament):
            text = begun_text(tournament, on_time=True)
            self._owe(tournament.channel_id, Post(NO_GAME, text))
        return True

    async def close_entries(self, tournament: TournamentRecord) -> bool:
        """Close the entries, noting each entrant's rating; the announcement then says so
        and loses its Join and Leave buttons. False when they were closed already."""
        closed = await self._close(tournament)
        if closed and self._venue is not None and tournament.message_id is not None:
            announcement = await announcement_post(self._store, await self._by_id(tournament.id))
            await self._venue.edit(tournament.channel_id, tournament.message_id, announcement)
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

    async def _pair_next(self, field: Field) -> bool:
        """Add the next round's pairings (every round at once in a round robin), telling
        the channel of each Swiss round after the first; False when the tournament has no
        more rounds to play."""
        tournament, entrants, pairings = field.tournament, field.entrants, field.pairings
        playing = [e.user_id for e in entrants if not e.withdrawn]
        if tournament.format is Format.ROUND_ROBIN:
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
            paired = swiss_round(playing, played_games(pairings), ratings)
        except ValueError:
            log.warning("tournament %s ends early: no pairing avoids a rematch", tournament.id)
            return False
        number = tournament.round + 1
        new = [NewPairing(number, b, g.first, g.second) for b, g in enumerate(paired)]
        names = {e.user_id: e.name for e in entrants}
        told = (
            []
            if number == 1
            else [self.news(tournament.channel_id, round_text(tournament, number, new, names))]
        )
        if not await self._store.add_round(
            tournament.id, tournament.round, number, new, [owed for owed, _ in told]
        ):
            return False
        for owed, post in told:
            self.tell(owed, post)
        return True

    async def _begin_games(self, field: Field, venue: Venue) -> None:
        """Begin the game of every pairing that has none yet, each in its own thread, one
        at a time (Discord paces thread creation per channel); a pairing whose thread
        could not be opened is left for the next due pass, and the others go on. One
        whose thread Discord refuses for good is not played, and the channel is told."""
        tournament = field.tournament
        entrants = {e.user_id: e for e in field.entrants}
        refused: list[PairingRecord] = []
        for pairing in field.pairings:
            if pairing.second_id is None or pairing.forfeit_by is not None or pairing.unplayed:
                continue
            if pairing.game_id is not None:
                if pairing.game_status is Status.CHALLENGE:
                    heading = game_heading(tournament, pairing, entrants)
                    resumed = await self._challenges.resume_arranged(pairing.game_id, heading)
                    if resumed is not None and pairing.thread_id is not None:
                        self._owe(pairing.thread_id, resumed)
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
            text = unplayed_text(tournament, refused, entrants)
            self._owe(tournament.channel_id, Post(NO_GAME, text))

    async def _begin_game(
        self,
        tournament: TournamentRecord,
        pairing: PairingRecord,
        entrants: dict[int, Entrant],
        venue: Venue,
    ) -> None:
        assert pairing.second_id is not None
        first, second = entrants[pairing.first_id], entrants[pairing.second_id]
        heading = game_heading(tournament, pairing, entrants)
        control = time_control(tournament)
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
        post = await self._challenges.arrange(invitation, pairing.id, control, heading)
        self._owe(thread_id, post)

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
            text = starter_text(tournament, pairing, (first.name, second.name))
            posted = await venue.post_starter(tournament.channel_id, text, f"pairing-{pairing.id}")
            starter_id = await self._store.set_starter(pairing.id, posted)
        said = thread_name(tournament, pairing, (first.name, second.name))
        name = plain(said, language=await self._languages.of_server(tournament.guild_id))
        opened = await venue.open_thread(tournament.channel_id, starter_id, name[:100])
        return await self._store.set_thread(pairing.id, opened)

    async def _by_id(self, tournament_id: int) -> TournamentRecord:
        found = await self._store.tournament(tournament_id)
        assert found is not None, f"tournament {tournament_id} is stored"
        return found
