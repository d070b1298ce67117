"""Tournaments as their organisers and players meet them: creating one, joining and
leaving, starting and cancelling it, withdrawing, and reading the standings. `Rounds`
runs them once started."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass

import engine
from bot.play.clocks.clock import control_of
from bot.play.clocks.durations import parse_duration, parse_time_control
from bot.play.table.events import TournamentDue
from bot.play.table.games import GameTable
from bot.play.table.values import Person, Post, Refusal
from bot.play.tournaments.posts import announcement_post, standings_post
from bot.play.tournaments.reading import Table, tally
from bot.play.tournaments.rounds import Rounds
from bot.play.tournaments.venue import NO_GAME
from bot.play.words.languages import SOURCE
from bot.play.words.reasons import refusal_text
from bot.play.words.text import Command, Name, Text, excerpt, lines, t, tn
from bot.play.words.tournaments import (
    begun_text,
    cancelled_text,
    game_title,
    listing_line,
    standings_text,
    withdrawn_text,
    withdrew_text,
)
from bot.storage.clock_queries import ClockStorage
from bot.storage.tournaments import (
    Format,
    Joined,
    PairingRecord,
    TournamentDraft,
    TournamentRecord,
    TournamentStatus,
)
from bot.storage.tournaments import Tournaments as TournamentStore

FORMATS = tuple(format_.value for format_ in Format)
"""The formats as `/tournament create` offers them."""
MANUAL = "manual"
MOST_ROUNDS = 30
MOST_TOURNAMENTS = 2**31 - 1
"""The highest number a server's tournament can have (the column holds 32 bits)."""
_FORMAT_WORDS = {
    **{format_.value: format_ for format_ in Format},
    "round robin": Format.ROUND_ROBIN,
    "roundrobin": Format.ROUND_ROBIN,
    "rr": Format.ROUND_ROBIN,
}


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


class Tournaments:
    """Creating, entering, starting, cancelling and leaving tournaments, and reading their
    standings; `Rounds` runs them."""

    def __init__(
        self,
        games: GameTable,
        store: TournamentStore,
        clocks: ClockStorage,
        rounds: Rounds,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._games = games
        self._store = store
        self._clocks = clocks
        self._rounds = rounds
        self._clock = clock

    async def create(self, entry: Entry) -> tuple[int, Post]:
        """Open a tournament for entries: its number, and its announcement."""
        info = engine.GAMES.get(entry.game)
        if info is None:
            raise Refusal(t("There is no game called {game}.", game=Name(excerpt(entry.game))))
        if entry.players != 2 or info.min_players > 2:
            raise Refusal(
                tn(
                    "Tournaments are for two-player games only, so a {game} tournament of "
                    "{count} player cannot be held.",
                    "Tournaments are for two-player games only, so a {game} tournament of "
                    "{count} players cannot be held.",
                    entry.players,
                    game=game_title(info.name),
                )
            )
        format_ = _FORMAT_WORDS.get(entry.format.strip().lower())
        if format_ is None:
            raise Refusal(
                t(
                    "There is no format {format}: choose round-robin or swiss.",
                    format=Name(excerpt(entry.format)),
                )
            )
        if entry.rounds is not None and not (
            format_ is Format.SWISS and 1 <= entry.rounds <= MOST_ROUNDS
        ):
            raise Refusal(
                t(
                    "Only a Swiss tournament has a number of rounds, from 1 to {most}.",
                    most=str(MOST_ROUNDS),
                )
            )
        if entry.max_players is not None and entry.max_players < 2:
            raise Refusal(t("A tournament needs room for at least 2 players."))
        try:
            game = engine.new_game(info.name, 2, seed=0, **entry.options)
        except engine.GameError as error:
            raise Refusal(refusal_text(error)) from None
        if entry.time_limit is None:
            control = control_of(await self._clocks.server_settings(entry.guild_id))
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
        return tournament.number, await announcement_post(self._store, tournament)

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
            raise Refusal(t("Bots cannot play in tournaments."))
        joined = await self._store.join(
            tournament.id, person.user_id, person.name, self._clock(), tournament.max_players
        )
        if joined is Joined.ALREADY:
            raise Refusal(
                t("You are already in tournament #{number}.", number=str(tournament.number))
            )
        if joined is Joined.FULL:
            raise Refusal(t("Tournament #{number} is full.", number=str(tournament.number)))
        if joined is Joined.CLOSED:
            raise Refusal(
                t("Tournament #{number} has closed its entries.", number=str(tournament.number))
            )
        return await announcement_post(self._store, tournament)

    async def leave(self, guild_id: int, number: int, user_id: int) -> Post:
        """Take back an entry before the start; the announcement's new text."""
        return await self._leave(await self._numbered(guild_id, number), user_id)

    async def _leave(self, tournament: TournamentRecord, user_id: int) -> Post:
        if tournament.status is not TournamentStatus.OPEN:
            raise Refusal(
                t(
                    "Tournament #{number} has begun: use {withdraw} to leave it.",
                    number=str(tournament.number),
                    withdraw="/tournament withdraw",
                )
            )
        if not await self._store.leave(tournament.id, user_id):
            raise Refusal(t("You are not in tournament #{number}.", number=str(tournament.number)))
        return await announcement_post(self._store, tournament)

    async def start(self, guild_id: int, number: int, user_id: int, *, moderator: bool) -> Post:
        """Close the entries and begin the first round now (`moderator`: the asker may
        manage the server the tournament is in)."""
        tournament = await self._numbered(guild_id, number)
        _check_organiser(
            tournament,
            user_id,
            moderator,
            t(
                "Only the creator of tournament #{number} or someone who can manage the server "
                "can start it.",
                number=str(tournament.number),
            ),
        )
        begun = t("Tournament #{number} has already begun.", number=str(tournament.number))
        if tournament.status is not TournamentStatus.OPEN:
            raise Refusal(begun)
        if len(await self._store.entrants(tournament.id)) < 2:
            raise Refusal(
                t(
                    "Tournament #{number} needs at least 2 players to start.",
                    number=str(tournament.number),
                )
            )
        if not await self._rounds.close_entries(tournament):
            raise Refusal(begun)
        self._games.events.write(TournamentDue(tournament.id))
        return Post(NO_GAME, begun_text(tournament, on_time=False))

    async def cancel(self, guild_id: int, number: int, user_id: int, *, moderator: bool) -> Post:
        """End the tournament: its games in play are aborted, unrated."""
        tournament = await self._numbered(guild_id, number)
        _check_organiser(
            tournament,
            user_id,
            moderator,
            t(
                "Only the creator of tournament #{number} or someone who can manage the server "
                "can cancel it.",
                number=str(tournament.number),
            ),
        )
        if not await self._store.end(tournament.id, TournamentStatus.CANCELLED, self._clock()):
            raise Refusal(t("Tournament #{number} is already over.", number=str(tournament.number)))
        for pairing in await self._store.pairings(tournament.id):
            if pairing.game_id is not None and _in_play(pairing):
                await self._rounds.abort(pairing)
        return Post(NO_GAME, cancelled_text(tournament, by_organiser=True))

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
            and _in_play(pairing)
        ]
        notes = {
            pairing.id: self._rounds.news(
                pairing.thread_id, withdrawn_text(tournament, pairing, user_id, entrants)
            )
            for pairing in in_play
            if pairing.thread_id is not None
        }
        if not await self._store.withdraw(tournament.id, user_id, [n for n, _ in notes.values()]):
            raise Refusal(
                t("You are not playing in tournament #{number}.", number=str(tournament.number))
            )
        for pairing in in_play:
            if pairing.id in notes:
                self._rounds.tell(*notes[pairing.id])
            await self._rounds.abort(pairing)
        await self._rounds.advance(tournament.id)
        return Post(NO_GAME, withdrew_text(tournament, name))

    async def table(self, guild_id: int, number: int) -> Table:
        """The standings and crosstable of a server's tournament."""
        return await tally(self._store, await self._numbered(guild_id, number))

    async def standings(
        self, guild_id: int, number: int | None, user_id: int, language: str = SOURCE
    ) -> Post:
        """A server's tournament standings (its newest when `number` is None), as text
        and as a crosstable picture that shows `user_id`'s row in a large field, its
        words in `language`."""
        if number is None:
            found = await self._store.in_guild(guild_id)
            if not found:
                raise Refusal(t("This server has no tournaments yet."))
            number = found[0].number
        table = await self.table(guild_id, number)
        return await standings_post(table, standings_text(table), user_id, language)

    async def listing(self, guild_id: int) -> Text:
        """The server's tournaments, open and running ones first."""
        found = await self._store.in_guild(guild_id)
        if not found:
            return t(
                "This server has no tournaments yet; start one with {create}.",
                create=Command("tournament", "create"),
            )
        shown = []
        for tournament in found[:20]:
            count = len(await self._store.entrants(tournament.id))
            shown.append(listing_line(tournament, count))
        return lines(shown)

    async def _numbered(self, guild_id: int | None, number: int) -> TournamentRecord:
        """The asking server's tournament `number`: another server's reads as none."""
        found = await self._find(guild_id, number)
        if found is None:
            raise Refusal(t("There is no tournament #{number} in this server.", number=str(number)))
        return found

    async def _find(self, guild_id: int | None, number: int) -> TournamentRecord | None:
        if guild_id is None or not 0 < number <= MOST_TOURNAMENTS:
            return None
        return await self._store.numbered(guild_id, number)


def _check_organiser(
    tournament: TournamentRecord, user_id: int, moderator: bool, refused: Text
) -> None:
    """Refuse, saying `refused`, anyone but the creator and the server's managers."""
    if not moderator and user_id != tournament.creator_id:
        raise Refusal(refused)


def _start_time(typed: str | None, now: float) -> float | None:
    if typed is None or typed.strip().lower() == MANUAL:
        return None
    after = parse_duration(typed, t("The start"))
    if after is None:
        return None
    return now + after


def _in_play(pairing: PairingRecord) -> bool:
    """Whether the pairing's game is begun and not over."""
    return pairing.game_status is not None and pairing.game_status.is_open
