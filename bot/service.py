"""The use cases (start, accept, move, resign, offers, abort...) in plain values.

Nothing here knows about Discord: people are ids and names, replies are texts, files and
the ids a reply may ping. Every refusal a user can cause is a `Refusal` whose message is
one sentence; the game and the database are left unchanged by it.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import random
import re
import time
from collections import OrderedDict
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

import engine
from bot.drawing import Renderer, ThreadDrawing
from bot.links import game_link
from bot.storage import (
    Action,
    ChannelBusy,
    GameDraft,
    GameRecord,
    Offer,
    Seat,
    StaleGame,
    Status,
    Storage,
)
from bot.timing import DurationError, describe_duration, parse_duration
from engine.core import AGREED_DRAW, FORFEIT, replay

log = logging.getLogger(__name__)

CHALLENGE_LIFETIME = 24 * 60 * 60
"""Seconds an unanswered challenge stays open."""
MAX_SUGGESTIONS = 25
MAX_TEXT = 1900
STALE = "The board changed meanwhile; please try again."
_CACHE_SIZE = 512


class Refusal(Exception):
    """Something a user asked for that cannot be done; the message is one sentence."""


class DamagedGame(Exception):
    """A stored game whose move log does not replay to its saved state (our fault)."""


class Prompt(StrEnum):
    """Buttons a post carries."""

    CHALLENGE = "challenge"
    DRAW = "draw"
    UNDO = "undo"


@dataclass(frozen=True, slots=True)
class Person:
    """Someone taking part: a user id, the name to show, and whether it is a bot."""

    user_id: int
    name: str
    is_bot: bool = False


@dataclass(frozen=True, slots=True)
class File:
    name: str
    data: bytes


@dataclass(frozen=True, slots=True)
class Post:
    """A message for the game's channel. Only the users in `pings` may be notified."""

    game_id: int
    text: str
    files: tuple[File, ...] = ()
    pings: tuple[int, ...] = ()
    prompt: Prompt | None = None


@dataclass(frozen=True, slots=True)
class Answer:
    """The reply to a button: the new text of its message, whether its buttons go, and
    the post that follows (the first board, the result), if any."""

    text: str
    closed: bool
    post: Post | None = None


@dataclass(frozen=True, slots=True)
class Invitation:
    """A start request: who challenges whom to what, where, with which options.

    `time_limit` is text like `12h`, `3d` or `none`; None takes the server's default.
    """

    game: str
    guild_id: int | None
    channel_id: int
    starter: Person
    invitees: tuple[Person, ...]
    options: Mapping[str, object] = dataclasses.field(default_factory=dict)
    random_order: bool = False
    thread_id: int | None = None
    time_limit: str | None = None


class Service:
    """Every use case of the bot, over a storage backend and the renderer."""

    def __init__(
        self,
        storage: Storage,
        *,
        renderer: Renderer | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.storage = storage
        self._renderer = renderer or ThreadDrawing()
        self._clock = clock
        self._games: OrderedDict[int, tuple[int, engine.Game]] = OrderedDict()
        self.on_saved: list[Callable[[GameRecord], None]] = []
        """Called with every record saved: the scheduler wakes up on it."""

    # -- challenges ------------------------------------------------------------

    def check_invitation(self, invitation: Invitation) -> None:
        """Refuse an invitation that can never start, before anything is created."""
        self._draft(invitation, seed=0)

    async def start(self, invitation: Invitation) -> Post:
        """Open a challenge in the channel; the invitees answer with buttons."""
        seed = random.SystemRandom().randrange(2**32)
        draft = self._draft(invitation, seed, await self._default_time_limit(invitation))
        try:
            record = await self.storage.create_game(draft, self._clock())
        except ChannelBusy as busy:
            running = await self.storage.game(busy.game_id)
            link = "" if running is None else f": {_link(running)}"
            raise Refusal(f"This channel already has a game{link}.") from None
        return self._challenge_post(record)

    async def note_message(self, game_id: int, message_id: int) -> None:
        """Remember the message that opened a game, so refusals can link to it."""
        await self.storage.set_message(game_id, message_id)

    async def accept(self, game_id: int, user_id: int) -> Answer:
        """An invitee accepts; once everyone has, the game begins with its first board."""
        record = await self._challenge(game_id, user_id)
        seat = record.seat_of(user_id)
        assert seat is not None
        if seat.accepted:
            raise Refusal("You have already accepted this challenge.")
        players = tuple(
            dataclasses.replace(s, accepted=True) if s == seat else s for s in record.players
        )
        record = dataclasses.replace(record, players=players)
        if not all(s.accepted for s in players):
            saved = await self._save(record)
            return Answer(self._challenge_text(saved), closed=False)
        game = await self._checkout(record)
        saved = await self._save(self._advanced(record, game, Status.ACTIVE))
        text = f"{_title(saved)} begins: {_names(saved.names)}.\n{_turn_line(saved)}"
        post = await self._board_post(saved, game, text, ping_turn=True)
        return Answer(self._challenge_text(saved), closed=True, post=post)

    async def decline(self, game_id: int, user_id: int) -> Answer:
        """An invitee declines: the challenge closes and the channel is free again."""
        record = await self._challenge(game_id, user_id)
        saved = await self._save(dataclasses.replace(record, status=Status.DECLINED))
        name = _seat(saved, user_id).name
        return Answer(f"{_title(saved)}: **{name}** declined the challenge.", closed=True)

    # -- moves -----------------------------------------------------------------

    async def move(
        self, place_id: int, game_name: str, user_id: int, move: str | Mapping[str, str]
    ) -> Post:
        """Play a move for the user, given whole or by its parts (the game's `move_parts`);
        the post shows the new board and pings who is next."""
        record = await self._active(place_id, game_name)
        seat = self._turn_seat(record, user_id)
        if self._past_deadline(record):
            headline = f"**{seat.name}** ran out of time before moving."
            return await self._forfeit(record, seat, "ran out of time", headline)
        game = await self._checkout(record)
        events_before = len(game.events)
        text = move if isinstance(move, str) else game.join_move(move)
        try:
            canonical = game.play(text)
        except engine.GameError as error:
            self._checkin(record, game)
            raise Refusal(f"You cannot play {text.strip()!r}: {error}.") from None
        saved = await self._save(
            self._advanced(record, game), [Action(canonical, seat.seat, user_id)]
        )
        headline = f"**{seat.name}** played `{canonical}`: {game.describe(canonical)}."
        return await self._change_post(saved, game, headline, events_before)

    async def suggestions(
        self,
        place_id: int,
        game_name: str,
        user_id: int,
        typed: str,
        part: str | None = None,
        chosen: Mapping[str, str] | None = None,
    ) -> list[tuple[str, str]]:
        """Legal moves, or the values of one of their parts (see `GameInfo.move_parts`),
        matching what the user typed, winning ones first: (text, words) pairs. Parts
        `chosen` already narrow the moves when they name a part of one exactly."""
        record = await self.storage.latest_game_in(place_id)
        if record is None or record.game != game_name or record.status is not Status.ACTIVE:
            return []
        seat = record.seat_of(user_id)
        if seat is None or seat.seat != record.turn_seat:
            return []
        game = await self._checkout(record)
        try:
            values = _part_values(game, part, chosen or {})
            described = {
                value: game.describe(value if part is None else game.join_move({part: value}))
                + (" — wins" if winning else "")
                for value, winning in values.items()
            }
            wins = {value for value, winning in values.items() if winning}
            return [(value, described[value]) for value in _best_matches(described, typed, wins)]
        finally:
            self._checkin(record, game)

    async def board(self, place_id: int, game_name: str) -> Post:
        """The current picture of the game in a channel (or the last one's end), for anyone."""
        record = await self._played(place_id, game_name)
        game = await self._checkout(record)
        result = game.result
        text = _turn_line(record) if result is None else _result_text(result, record.names)
        return await self._board_post(record, game, f"{_title(record)}: {text}")

    async def history(self, place_id: int, game_name: str) -> Post:
        """The move list and the replay animation of the game in a channel, or the last one."""
        return await self._history_post(await self._played(place_id, game_name))

    async def finished_history(self, guild_id: int | None, game_name: str, game_id: int) -> Post:
        """The move list and the replay animation of any finished game of a server, by id."""
        record = await self.storage.game(game_id)
        title = engine.GAMES[game_name].title
        if record is None or record.guild_id != guild_id:
            raise Refusal(f"There is no {title} game #{game_id} in this server.")
        if record.game != game_name:
            raise Refusal(f"Game #{game_id} is {_title(record)}; use /{record.game} history.")
        if record.status is not Status.FINISHED:
            raise Refusal(f"{_title(record)} is not finished; /{game_name} history in its channel.")
        return await self._history_post(record)

    async def _history_post(self, record: GameRecord) -> Post:
        game = await self._checkout(record)
        lines = [
            f"{ply}. {record.players[seat].name}: {move}"
            for ply, (seat, move) in enumerate(zip(game.movers, game.history, strict=True), 1)
        ]
        listing = "\n".join(lines) or "No moves yet."
        names = list(record.names)
        try:
            gif = await self._renderer.replay_gif(game, names)
        finally:
            self._checkin(record, game)
        files = [File(f"{record.game}-{record.id}.gif", gif)]
        count = f"{_title(record)}, {len(lines)} move{'' if len(lines) == 1 else 's'}"
        text = f"{count}:\n{listing}"
        if len(text) > MAX_TEXT:
            files.append(File(f"{record.game}-{record.id}-moves.txt", listing.encode()))
            text = f"{count}: the list is attached."
        return Post(record.id, text, tuple(files))

    # -- resigning, offers, aborting ---------------------------------------------

    async def resign_check(self, place_id: int, game_name: str, user_id: int) -> int:
        """Refuse a resignation that cannot happen; otherwise the game id to confirm it on."""
        record = await self._active(place_id, game_name)
        self._player(record, user_id)
        return record.id

    async def resign(self, game_id: int, user_id: int) -> Post:
        """The player leaves the game: the others win, or with 3-4 players play on."""
        record = await self._active_by_id(game_id)
        seat = self._player(record, user_id)
        return await self._forfeit(record, seat, "resignation", f"**{seat.name}** resigned.")

    async def time_out(self, game_id: int, *, offline: bool = False) -> Post | None:
        """The player to move ran out of time: they lose, or with 3-4 players go out.

        None when the game no longer waits on an expired turn (a move came first).
        `offline` says the time ran out while the bot was not running.
        """
        record = await self.storage.game(game_id)
        if record is None or record.status is not Status.ACTIVE or record.turn_seat is None:
            return None
        if not self._past_deadline(record):
            return None
        seat = record.players[record.turn_seat]
        while_offline = " while the bot was offline" if offline else ""
        headline = f"**{seat.name}** ran out of time{while_offline}."
        return await self._forfeit(record, seat, "ran out of time", headline)

    async def offer(self, place_id: int, game_name: str, user_id: int, kind: Prompt) -> Post:
        """Offer a draw, or ask to take back your last move; the others answer by button."""
        record = await self._active(place_id, game_name)
        seat = self._player(record, user_id)
        if record.offer is not None:
            raise Refusal("An offer is already waiting for an answer in this game.")
        if kind is Prompt.UNDO:
            await self._check_undo(record, seat)
        others = await self._answerers(record, seat.seat)
        saved = await self._save(dataclasses.replace(record, offer=Offer(kind.value, seat.seat)))
        wanted = "a draw" if kind is Prompt.DRAW else "to take back their last move"
        text = f"**{seat.name}** offers {wanted}. {_names(s.name for s in others)}: do you agree?"
        return Post(saved.id, text, pings=tuple(s.user_id for s in others), prompt=kind)

    async def answer_offer(self, game_id: int, kind: Prompt, user_id: int, agree: bool) -> Answer:
        """One answer to an offer; the last agreement carries it out, any refusal ends it."""
        record = await self._active_by_id(game_id)
        offer = record.offer
        if offer is None or offer.kind != kind.value:
            raise Refusal("That offer is no longer open.")
        answerers = await self._answerers(record, offer.seat)
        seat = record.seat_of(user_id)
        if seat is None or seat not in answerers:
            raise Refusal(f"Only {_names(s.name for s in answerers)} can answer this offer.")
        by = record.players[offer.seat].name
        if not agree:
            await self._save(dataclasses.replace(record, offer=None))
            return Answer(f"**{seat.name}** declined {by}'s offer.", closed=True)
        accepted = offer.accepted | {seat.seat}
        if accepted < {s.seat for s in answerers}:
            pending = dataclasses.replace(offer, accepted=accepted)
            await self._save(dataclasses.replace(record, offer=pending))
            return Answer(f"**{seat.name}** agrees to {by}'s offer.", closed=False)
        if kind is Prompt.DRAW:
            return await self._agree_draw(record)
        return await self._take_back(record)

    async def abort(self, place_id: int, game_name: str, user_id: int, *, moderator: bool) -> Post:
        """End a game unrated: its starter before the first move, or a moderator any time."""
        record = await self._latest(place_id, game_name)
        if not record.status.is_open:
            raise Refusal(_no_game(game_name))
        if not moderator:
            if user_id != record.starter_id:
                raise Refusal("Only the player who started this game can abort it.")
            if await self.storage.actions(record.id):
                raise Refusal(
                    "Moves have been played, so only someone who can manage messages can abort "
                    "this game."
                )
        self._games.pop(record.id, None)
        saved = await self._save(
            dataclasses.replace(record, status=Status.ABORTED, turn_seat=None, turn_user_id=None)
        )
        return Post(saved.id, f"{_title(saved)} was aborted; it is not rated.")

    # -- the steps the use cases share -------------------------------------------

    async def _default_time_limit(self, invitation: Invitation) -> float | None:
        if invitation.time_limit is not None or invitation.guild_id is None:
            return None
        return (await self.storage.clocks.server_settings(invitation.guild_id)).time_limit

    def _draft(
        self, invitation: Invitation, seed: int, default_limit: float | None = None
    ) -> GameDraft:
        info = engine.GAMES.get(invitation.game)
        if info is None:
            raise Refusal(f"There is no game called {invitation.game}.")
        starter = invitation.starter
        people = (starter, *invitation.invitees)
        if any(p.user_id == starter.user_id for p in invitation.invitees):
            raise Refusal("You cannot invite yourself; invite the people you want to play.")
        if any(p.is_bot for p in invitation.invitees):
            raise Refusal("Bots cannot play; invite people instead.")
        if len({p.user_id for p in people}) != len(people):
            raise Refusal("Invite each player only once.")
        time_limit = _time_limit(invitation.time_limit, default_limit)
        try:
            game = engine.new_game(info.name, len(people), seed=seed, **invitation.options)
        except engine.GameError as error:
            raise Refusal(_sentence(str(error))) from None
        if invitation.random_order or info.random_seating:
            people = tuple(random.Random(seed).sample(people, len(people)))
        seats = tuple(
            Seat(i, p.user_id, p.name, accepted=p.user_id == starter.user_id)
            for i, p in enumerate(people)
        )
        return GameDraft(
            game=info.name,
            guild_id=invitation.guild_id,
            channel_id=invitation.channel_id,
            thread_id=invitation.thread_id,
            options=dict(game.options),
            seed=seed,
            starter_id=starter.user_id,
            players=seats,
            state=game.to_json(),
            expires_at=self._clock() + CHALLENGE_LIFETIME,
            time_limit=time_limit,
        )

    async def _challenge(self, game_id: int, user_id: int) -> GameRecord:
        """An open challenge that `user_id` was invited to."""
        record = await self.storage.game(game_id)
        if record is None or record.status is not Status.CHALLENGE:
            raise Refusal("This challenge is no longer open.")
        seat = record.seat_of(user_id)
        if seat is None or user_id == record.starter_id:
            invited = [s.name for s in record.players if s.user_id != record.starter_id]
            raise Refusal(f"Only {_names(invited)} can answer this challenge.")
        if self._expired(record):
            await self._save(dataclasses.replace(record, status=Status.EXPIRED))
            raise Refusal("This challenge has expired; start a new one.")
        return record

    def _challenge_post(self, record: GameRecord) -> Post:
        invited = tuple(s.user_id for s in record.players if s.user_id != record.starter_id)
        return Post(record.id, self._challenge_text(record), pings=invited, prompt=Prompt.CHALLENGE)

    def _challenge_text(self, record: GameRecord) -> str:
        starter = _seat(record, record.starter_id).name
        invited = [s for s in record.players if s.user_id != record.starter_id]
        lines = [f"**{starter}** challenges {_names(s.name for s in invited)} to {_title(record)}."]
        options = _options_text(record)
        if options:
            lines.append(f"Options: {options}.")
        if record.time_limit is not None:
            lines.append(f"Time limit: {describe_duration(record.time_limit)} per move.")
        waiting = [s.name for s in invited if not s.accepted]
        if record.status is Status.ACTIVE:
            lines.append("Everyone accepted: the game is on.")
        elif waiting:
            lines.append(f"Waiting for {_names(waiting)} to accept (the challenge lasts a day).")
        return "\n".join(lines)

    async def _latest(self, place_id: int, game_name: str) -> GameRecord:
        """The newest game in a channel, refusing when it belongs to another game's commands."""
        record = await self.storage.latest_game_in(place_id)
        if record is None or self._expired(record):
            raise Refusal(_no_game(game_name))
        if record.game != game_name:
            if record.status.is_open:
                title = engine.GAMES[record.game].title
                raise Refusal(f"The game in this channel is {title}; use /{record.game} instead.")
            raise Refusal(_no_game(game_name))
        return record

    async def _played(self, place_id: int, game_name: str) -> GameRecord:
        """The game being played in a channel, or the last one finished there."""
        record = await self._latest(place_id, game_name)
        if record.status is Status.CHALLENGE:
            waiting = [s.name for s in record.players if not s.accepted]
            raise Refusal(f"The game has not begun: waiting for {_names(waiting)} to accept.")
        if record.status not in (Status.ACTIVE, Status.FINISHED):
            raise Refusal(_no_game(game_name))
        return record

    async def _active(self, place_id: int, game_name: str) -> GameRecord:
        record = await self._played(place_id, game_name)
        if record.status is not Status.ACTIVE:
            raise Refusal(f"The last game here is over; start a new one with /{game_name} start.")
        return record

    def _past_deadline(self, record: GameRecord) -> bool:
        """Whether the turn being played has run out of time."""
        deadline = _deadline(record)
        return deadline is not None and deadline <= self._clock()

    def _expired(self, record: GameRecord) -> bool:
        return (
            record.status is Status.CHALLENGE
            and record.expires_at is not None
            and self._clock() >= record.expires_at
        )

    async def _active_by_id(self, game_id: int) -> GameRecord:
        record = await self.storage.game(game_id)
        if record is None or record.status is not Status.ACTIVE:
            raise Refusal("This game is over.")
        return record

    def _player(self, record: GameRecord, user_id: int) -> Seat:
        seat = record.seat_of(user_id)
        if seat is None:
            raise Refusal("You are not playing in this game.")
        return seat

    def _turn_seat(self, record: GameRecord, user_id: int) -> Seat:
        seat = self._player(record, user_id)
        if record.turn_seat != seat.seat:
            turn = record.players[record.turn_seat].name if record.turn_seat is not None else ""
            raise Refusal(f"It is {turn}'s turn.")
        return seat

    async def _answerers(self, record: GameRecord, offered_by: int) -> list[Seat]:
        """The seats whose agreement an offer needs: every other player still in."""
        game = await self._checkout(record)
        out = game.view().out
        self._checkin(record, game)
        return [s for s in record.players if s.seat != offered_by and s.seat not in out]

    async def _check_undo(self, record: GameRecord, seat: Seat) -> None:
        actions = await self.storage.actions(record.id)
        last = actions[-1] if actions else None
        if last is None or last.seat != seat.seat or last.action.startswith(FORFEIT):
            raise Refusal("You can only ask to take back a move when the last move was yours.")

    async def _agree_draw(self, record: GameRecord) -> Answer:
        game = await self._checkout(record)
        game.agree_draw()
        saved = await self._save(self._advanced(record, game), [Action(AGREED_DRAW, None, None)])
        post = await self._change_post(
            saved, game, "The players agreed to a draw.", len(game.events)
        )
        return Answer("Everyone agreed to a draw.", closed=True, post=post)

    async def _take_back(self, record: GameRecord) -> Answer:
        assert record.offer is not None
        game = (await self._checkout(record)).take_back()
        saved = await self._save(self._advanced(record, game), take_back=1)
        name = record.players[record.offer.seat].name
        headline = f"**{name}**'s last move was taken back."
        post = await self._change_post(saved, game, headline, len(game.events))
        return Answer("Everyone agreed to take the move back.", closed=True, post=post)

    def _advanced(
        self, record: GameRecord, game: engine.Game, status: Status = Status.ACTIVE
    ) -> GameRecord:
        """The record after its game changed: state, whose turn since when, any result."""
        now = self._clock()
        result = game.result
        if result is not None:
            players = tuple(
                dataclasses.replace(s, rank=result.ranks[s.seat]) for s in record.players
            )
            return dataclasses.replace(
                record,
                players=players,
                state=game.to_json(),
                status=Status.FINISHED,
                turn_seat=None,
                turn_user_id=None,
                turn_started_at=None,
                offer=None,
                result_reason=result.reason,
                ended_at=now,
            )
        turn = game.to_move
        return dataclasses.replace(
            record,
            state=game.to_json(),
            status=status,
            turn_seat=turn,
            turn_user_id=None if turn is None else record.players[turn].user_id,
            turn_started_at=now,
            offer=None,
        )

    async def _save(
        self, record: GameRecord, actions: Sequence[Action] = (), take_back: int = 0
    ) -> GameRecord:
        try:
            saved = await self.storage.save(record, self._clock(), actions, take_back)
        except StaleGame:
            self._games.pop(record.id, None)
            raise Refusal(STALE) from None
        for listener in self.on_saved:
            listener(saved)
        return saved

    async def _forfeit(self, record: GameRecord, seat: Seat, reason: str, headline: str) -> Post:
        """A seat leaves the game through the same versioned save as a move."""
        game = await self._checkout(record)
        events_before = len(game.events)
        try:
            game.forfeit(seat.seat, reason)
        except engine.GameError as error:
            self._checkin(record, game)
            raise Refusal(f"You cannot resign: {error}.") from None
        saved = await self._save(
            self._advanced(record, game), [Action(game.actions[-1], seat.seat, seat.user_id)]
        )
        return await self._change_post(saved, game, headline, events_before)

    async def _checkout(self, record: GameRecord) -> engine.Game:
        """The game at the record's version, for this caller alone until `_checkin`.

        A cached game is taken out of the cache, so two requests never share one;
        otherwise the move log is replayed and checked against the saved state.
        """
        cached = self._games.pop(record.id, None)
        if cached is not None and cached[0] == record.version:
            return cached[1]
        actions = [a.action for a in await self.storage.actions(record.id)]
        game = replay(record.game, len(record.players), record.seed, record.options, actions)
        saved = json.loads(record.state)
        if saved["actions"] != list(game.actions) or saved["history"] != list(game.history):
            current = await self.storage.game(record.id)
            if current is not None and current.version != record.version:
                raise Refusal(STALE)
            raise DamagedGame(f"game {record.id} does not replay to its saved state")
        return game

    def _checkin(self, record: GameRecord, game: engine.Game) -> None:
        """Put a game back in the cache after use, unless a newer version is there."""
        cached = self._games.get(record.id)
        if record.status.is_open and (cached is None or cached[0] < record.version):
            self._games[record.id] = (record.version, game)
            self._games.move_to_end(record.id)
            while len(self._games) > _CACHE_SIZE:
                self._games.popitem(last=False)

    async def _change_post(
        self, record: GameRecord, game: engine.Game, headline: str, events_before: int
    ) -> Post:
        """The post after a change: what happened, what the rules did, and what is next."""
        lines = [headline]
        lines += [_sentence(e.say(record.names)) for e in game.events[events_before:]]
        if game.result is not None:
            lines.append(_result_text(game.result, record.names))
            return await self._board_post(record, game, "\n".join(lines), ping_all=True)
        lines.append(_turn_line(record))
        return await self._board_post(record, game, "\n".join(lines), ping_turn=True)

    async def _board_post(
        self,
        record: GameRecord,
        game: engine.Game,
        text: str,
        *,
        ping_turn: bool = False,
        ping_all: bool = False,
    ) -> Post:
        """A post with the board picture; the game goes back in the cache afterwards."""
        try:
            png = await self._renderer.board_png(game, record.names)
        except Exception:
            log.exception("drawing game %s failed", record.id)
            files: tuple[File, ...] = ()
        else:
            files = (File(f"{record.game}-{record.id}.png", png),)
        finally:
            self._checkin(record, game)
        pings: tuple[int, ...] = ()
        if ping_all:
            pings = tuple(s.user_id for s in record.players)
        elif ping_turn and record.turn_user_id is not None:
            pings = (record.turn_user_id,)
        return Post(record.id, text, files, pings)


def _part_values(game: engine.Game, part: str | None, chosen: Mapping[str, str]) -> dict[str, bool]:
    """Each value `part` takes in the legal moves agreeing with the `chosen` parts (each
    legal move without a part), and whether one of those moves wins at once."""
    wins = set(game.winning_moves())
    if part is None:
        return {move: move in wins for move in game.legal_moves()}
    moves = [(move, game.split_move(move)) for move in game.legal_moves()]
    for name, text in chosen.items():
        wanted = text.strip().lower()
        agreeing = [(m, parts) for m, parts in moves if parts.get(name, "").lower() == wanted]
        if name != part and agreeing:
            moves = agreeing
    values: dict[str, bool] = {}
    for move, parts in moves:
        if part in parts:
            values[parts[part]] = values.get(parts[part], False) or move in wins
    return values


def _best_matches(described: Mapping[str, str], typed: str, wins: Container[str]) -> list[str]:
    """The moves (or parts) matching what was typed: the `wins` among them first, then
    those whose text starts with it, then those whose text and words hold every word."""
    words = [w for w in re.split(r"[\s,()]+", typed.lower()) if w]
    wanted = " ".join(words)
    starts: list[str] = []
    contains: list[str] = []
    for move, description in described.items():
        text = move.lower()
        if text.startswith(wanted):
            starts.append(move)
        elif all(w in f"{text} {description.lower()}" for w in words):
            contains.append(move)
    return sorted(starts + contains, key=lambda move: move not in wins)[:MAX_SUGGESTIONS]


def _no_game(game_name: str) -> str:
    return f"There is no game in this channel; start one with /{game_name} start."


def _seat(record: GameRecord, user_id: int) -> Seat:
    seat = record.seat_of(user_id)
    assert seat is not None
    return seat


def _title(record: GameRecord) -> str:
    return f"{engine.GAMES[record.game].title} #{record.id}"


def _turn_line(record: GameRecord) -> str:
    assert record.turn_seat is not None
    line = f"Your move, **{record.players[record.turn_seat].name}**."
    deadline = _deadline(record)
    return line if deadline is None else f"{line} Time runs out <t:{int(deadline)}:R>."


def _time_limit(text: str | None, default: float | None) -> float | None:
    """A new game's seconds per move: from the text given, else the server's default."""
    if text is None:
        return default
    try:
        return parse_duration(text, "The time limit")
    except DurationError as error:
        raise Refusal(str(error)) from None


def _deadline(record: GameRecord) -> float | None:
    """When the turn being played times out, if the game has a time limit."""
    if record.time_limit is None or record.turn_started_at is None:
        return None
    return record.turn_started_at + record.time_limit


def _options_text(record: GameRecord) -> str:
    info = engine.GAMES[record.game]
    changed = [
        f"{o.name} {record.options[o.name]}"
        for o in info.options
        if record.options.get(o.name, o.default) != o.default
    ]
    return ", ".join(changed)


def _result_text(result: engine.Result, names: Sequence[str]) -> str:
    if result.is_draw:
        return f"The game is drawn: {result.reason}."
    winners = [names[seat] for seat in result.winners]
    verb = "wins" if len(winners) == 1 else "win"
    return f"**{_names(winners)}** {verb}: {result.reason}."


def _names(names: Iterable[str]) -> str:
    listed = list(names)
    if len(listed) <= 1:
        return "".join(listed)
    return f"{', '.join(listed[:-1])} and {listed[-1]}"


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else f"{text}."


def _link(record: GameRecord) -> str:
    if record.message_id is None:
        return f"<#{record.place_id}>"
    return game_link(record.guild_id, record.place_id, record.message_id) or f"<#{record.place_id}>"
