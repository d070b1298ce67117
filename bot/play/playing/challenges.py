"""Challenges: inviting people to a game, and their Accept or Decline."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass

import engine
from bot.play.clocks.clock import TimeControl, control_of
from bot.play.clocks.durations import parse_time_control
from bot.play.playing.ai_seats import ai_person, checked_level, humans, is_ai
from bot.play.playing.ai_turns import AiPlayers
from bot.play.table.changes import Changes
from bot.play.table.games import GameTable
from bot.play.table.values import Answer, Person, Post, Prompt, Refusal
from bot.play.words.reasons import refusal_text
from bot.play.words.settings import control_text
from bot.play.words.text import (
    Name,
    Strong,
    Text,
    excerpt,
    joined,
    lines,
    names,
    t,
)
from bot.play.words.wording import game_link, options_text, seat_of, title
from bot.storage import ChannelBusy, GameDraft, GameRecord, Seat, Status
from bot.storage.clock_queries import ClockStorage
from bot.storage.clocks import Hints

CHALLENGE_LIFETIME = 24 * 60 * 60
"""Seconds an unanswered challenge stays open."""
LISTED, RANDOM, AI_FIRST = "listed", "random", "ai first"
ORDERS = (LISTED, RANDOM, AI_FIRST)
"""The seatings `start` offers."""
_ORDER_WORDS = {**{order: order for order in ORDERS}, "ai": AI_FIRST, "ai-first": AI_FIRST}


@dataclass(frozen=True, slots=True)
class Invitation:
    """A start request: who challenges whom to what, where, with which options.

    `time_limit` is text like `12h`, `3d` or `none`; None takes the server's default.
    Invitees that `plays_ai` are the bot, playing at `ai_level` (medium when None); an
    `ai_level` with no such invitee seats the bot once, after the people invited.
    `order` seats the players: `listed` (the starter, then the invitees, the default),
    `random`, or `ai first` (also `ai`): the bot's first seat makes the game's first move.
    `hints` starts the game with hints on: everyone is shown their winning moves, and the
    game is unrated (refused where the server gives hints in no game).
    """

    game: str
    guild_id: int | None
    channel_id: int
    starter: Person
    invitees: tuple[Person, ...]
    options: Mapping[str, object] = dataclasses.field(default_factory=dict)
    order: str | None = None
    thread_id: int | None = None
    time_limit: str | None = None
    ai_level: str | None = None
    hints: bool = False


HINTS_ON = t("Hints are on: everyone is shown their winning moves, and the game is unrated.")
"""Said when a game started with hints on is offered and when it begins."""


class Challenges:
    """Opening a challenge and answering it; the game begins once everyone accepted."""

    def __init__(
        self, games: GameTable, clocks: ClockStorage, changes: Changes, ai: AiPlayers
    ) -> None:
        self._games = games
        self._clocks = clocks
        self._changes = changes
        self._ai = ai

    def check(self, invitation: Invitation) -> None:
        """Refuse an invitation that can never start, before anything is created."""
        self._draft(invitation, seed=0)

    async def start(self, invitation: Invitation) -> Post:
        """Open a challenge in the channel; the invitees answer with buttons.

        The bot accepts at once, so a game whose only invitees are AI seats begins with
        its first board.
        """
        seed = random.SystemRandom().randrange(2**32)
        draft = self._draft(invitation, seed, await self._default_time_limit(invitation))
        if draft.hinted and invitation.guild_id is not None:
            settings = await self._clocks.server_settings(invitation.guild_id)
            if settings.hints is Hints.NO_GAME:
                raise Refusal(t("This server gives no hints: its games are played without them."))
        return await self._open(draft)

    async def rematch(self, game_id: int, user_id: int) -> Post:
        """A finished game again, asked for by one of its players: in the same place, with
        the same options and clock, the seats turned (the second player moves first; drawn
        again where the rules draw them). The others accept as they would any challenge;
        the bot at once. A tournament's games have none: the tournament pairs them."""
        record = await self._games.by_id(game_id)
        if record is None or record.status is not Status.FINISHED:
            raise Refusal(t("Only a finished game can be played again."))
        if record.pairing_id is not None:
            raise Refusal(t("Tournament games have no rematch: the tournament pairs its games."))
        asker = record.seat_of(user_id)
        if asker is None:
            raise Refusal(t("Only the players of this game can ask for a rematch."))
        turned = (*record.players[1:], record.players[0])
        invitation = Invitation(
            game=record.game,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            starter=Person(user_id, asker.name),
            invitees=tuple(Person(s.user_id, s.name) for s in turned if s != asker),
            options=record.options,
            thread_id=record.thread_id,
            hints=record.hinted,
        )
        seed = random.SystemRandom().randrange(2**32)
        draft = self._draft(invitation, seed, control_of(record))
        if not engine.GAMES[record.game].random_seating:
            draft = dataclasses.replace(draft, players=_seated_as(draft.players, turned))
        return await self._open(draft)

    async def _open(self, draft: GameDraft) -> Post:
        """Store a new challenge, begun at once when everyone accepted already (the bot's
        seats do); else its post, pinging the people invited."""
        try:
            record = await self._games.create(draft)
        except ChannelBusy as busy:
            running = await self._games.by_id(busy.game_id)
            if running is None:
                raise Refusal(t("This channel already has a game.")) from None
            link = game_link(running)
            raise Refusal(t("This channel already has a game: {game}.", game=link)) from None
        if all(s.accepted for s in record.players):
            return await self._begin(record)
        invited = humans([s.user_id for s in record.players if s.user_id != record.starter_id])
        return Post(record.id, _challenge_text(record), pings=invited, prompt=Prompt.CHALLENGE)

    async def arrange(
        self, invitation: Invitation, pairing_id: int, control: TimeControl | None, heading: Text
    ) -> Post:
        """Begin a game its players agreed to beforehand (a tournament's pairing), in the
        invitation's seat order with no challenge to accept, on the clock `control`; its
        first board, under `heading` and pinging both players, is saved as an announcement
        with the beginning (see `_begin`)."""
        seed = random.SystemRandom().randrange(2**32)
        draft = self._draft(invitation, seed, control)
        seats = tuple(dataclasses.replace(s, accepted=True) for s in draft.players)
        draft = dataclasses.replace(draft, players=seats, expires_at=None, pairing_id=pairing_id)
        return await self._begin(await self._games.create(draft), heading)

    async def resume_arranged(self, game_id: int, heading: Text) -> Post | None:
        """Begin an arranged game saved but not yet begun (the bot stopped in between)."""
        record = await self._games.by_id(game_id)
        if record is None or record.status is not Status.CHALLENGE:
            return None
        return await self._begin(record, heading)

    async def note_message(self, game_id: int, message_id: int) -> None:
        """Remember the message that opened a game, so refusals can link to it."""
        await self._games.note_message(game_id, message_id)

    async def accept(self, game_id: int, user_id: int) -> Answer:
        """An invitee accepts; once everyone has, the game begins with its first board."""
        return await self._games.retrying(lambda: self._accept(game_id, user_id))

    async def decline(self, game_id: int, user_id: int) -> Answer:
        """An invitee declines: the challenge closes and the channel is free again."""
        return await self._games.retrying(lambda: self._decline(game_id, user_id))

    async def _accept(self, game_id: int, user_id: int) -> Answer:
        record = await self._challenge(game_id, user_id)
        seat = seat_of(record, user_id)
        if seat.accepted:
            raise Refusal(t("You have already accepted this challenge."))
        players = tuple(
            dataclasses.replace(s, accepted=True) if s == seat else s for s in record.players
        )
        record = dataclasses.replace(record, players=players)
        if not all(s.accepted for s in players):
            saved = await self._games.save(record)
            return Answer(_challenge_text(saved), closed=False)
        post = await self._begin(record)
        begun = dataclasses.replace(record, status=Status.ACTIVE)
        return Answer(_challenge_text(begun), closed=True, post=post)

    async def _begin(self, record: GameRecord, heading: Text | None = None) -> Post:
        """Everyone accepted: the game begins with its first board, pinging who moves
        (every player, under `heading`, for an arranged game).

        The beginning is saved with its announcement, as a move is, so that the board is
        posted once even if the bot stops before or just after posting it, and the bot's
        first move only after the board it answers."""
        async with self._games.borrow(record) as loan:
            headline = t(
                "{game} begins: {players}.", game=title(record), players=names(record.names)
            )
            if heading is not None:
                headline = lines([heading, headline])
            if record.hinted:
                headline = lines([headline, HINTS_ON])
            events = len(loan.game.events)
            return await self._changes.made(
                loan, headline, events, status=Status.ACTIVE, ping_all=heading is not None
            )

    async def _decline(self, game_id: int, user_id: int) -> Answer:
        record = await self._challenge(game_id, user_id)
        saved = await self._games.save(dataclasses.replace(record, status=Status.DECLINED))
        name = seat_of(saved, user_id).name
        declined = t(
            "{game}: {player} declined the challenge.", game=title(saved), player=Strong(Name(name))
        )
        return Answer(declined, closed=True)

    async def _default_time_limit(self, invitation: Invitation) -> TimeControl | None:
        if invitation.time_limit is not None or invitation.guild_id is None:
            return None
        return control_of(await self._clocks.server_settings(invitation.guild_id))

    def _draft(
        self, invitation: Invitation, seed: int, default_limit: TimeControl | None = None
    ) -> GameDraft:
        info = engine.GAMES.get(invitation.game)
        if info is None:
            raise Refusal(t("There is no game called {game}.", game=excerpt(invitation.game)))
        starter = invitation.starter
        invitees = self._seated(invitation)
        people = (starter, *invitees)
        if any(p.user_id == starter.user_id for p in invitees):
            raise Refusal(t("You cannot invite yourself; invite the people you want to play."))
        if any(p.is_bot for p in invitees):
            raise Refusal(t("Bots cannot play; invite people instead."))
        if not invitees:
            raise Refusal(t("Invite an opponent, or choose an ai level to play against me."))
        if len({p.user_id for p in people}) != len(people):
            raise Refusal(t("Invite each player only once."))
        control = _time_control(invitation.time_limit, default_limit)
        try:
            game = engine.new_game(info.name, len(people), seed=seed, **invitation.options)
        except engine.GameError as error:
            raise Refusal(refusal_text(error)) from None
        people = _seated_in_order(people, invitation.order, info, game, seed)
        seats = tuple(
            Seat(i, p.user_id, p.name, accepted=p.user_id == starter.user_id or is_ai(p.user_id))
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
            expires_at=self._games.clock() + CHALLENGE_LIFETIME,
            time_limit=None if control is None else control.initial,
            time_increment=None if control is None else control.increment,
            time_cap=None if control is None else control.cap,
            hinted=invitation.hints,
        )

    def players(self, invitation: Invitation) -> list[str]:
        """The names of everyone the invitation seats: its starter, then the invitees, the
        bot under the name of its level's seat."""
        return [invitation.starter.name, *(person.name for person in self._seated(invitation))]

    def _seated(self, invitation: Invitation) -> tuple[Person, ...]:
        """The invitees with the bot's invitations turned into its AI seats."""
        level = checked_level(invitation.ai_level)
        name = self._ai.name
        copies = 0
        seated = []
        for person in invitation.invitees:
            if person.plays_ai:
                person, copies = ai_person(name, level, copies), copies + 1
            seated.append(person)
        if invitation.ai_level is not None and copies == 0:
            seated.append(ai_person(name, level))
        return tuple(seated)

    async def _challenge(self, game_id: int, user_id: int) -> GameRecord:
        """An open challenge that `user_id` was invited to."""
        record = await self._games.by_id(game_id)
        if record is None or record.status is not Status.CHALLENGE:
            raise Refusal(t("This challenge is no longer open."))
        seat = record.seat_of(user_id)
        if seat is None or user_id == record.starter_id:
            invited = [s.name for s in record.players if s.user_id != record.starter_id]
            raise Refusal(t("Only {players} can answer this challenge.", players=names(invited)))
        if self._games.expired(record):
            await self._games.save(dataclasses.replace(record, status=Status.EXPIRED))
            raise Refusal(t("This challenge has expired; start a new one."))
        return record


def _seated_as(seats: tuple[Seat, ...], order: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """The new game's seats in the order of the old game's `order` (by user)."""
    by_user = {seat.user_id: seat for seat in seats}
    return tuple(
        dataclasses.replace(by_user[old.user_id], seat=index) for index, old in enumerate(order)
    )


def _challenge_text(record: GameRecord) -> Text:
    starter = seat_of(record, record.starter_id).name
    invited = [s for s in record.players if s.user_id != record.starter_id]
    challenged = names(s.name for s in invited)
    shown = [
        t(
            "{starter} challenges {players} to {game}.",
            starter=Strong(Name(starter)),
            players=challenged,
            game=title(record),
        )
    ]
    options = options_text(record)
    if options:
        shown.append(t("Options: {options}.", options=options))
    if record.hinted:
        shown.append(HINTS_ON)
    control = control_of(record)
    if control is not None:
        limit, words = str(control), control_text(control)
        shown.append(t("Time limit: {limit} ({in_words}).", limit=limit, in_words=words))
    waiting = [s.name for s in invited if not s.accepted]
    if record.status is Status.ACTIVE:
        shown.append(t("Everyone accepted: the game is on."))
    elif waiting:
        waiting_for = names(waiting)
        shown.append(
            t("Waiting for {players} to accept (the challenge lasts a day).", players=waiting_for)
        )
    return lines(shown)


def _seated_in_order(
    people: tuple[Person, ...],
    order: str | None,
    info: engine.GameInfo,
    game: engine.Game,
    seed: int,
) -> tuple[Person, ...]:
    """The players in seat order, as `order` asks; drawn whenever the rules draw seats.
    With `ai first`, the bot takes the seat that makes the game's first move."""
    wanted = _ORDER_WORDS.get((order or LISTED).strip().lower())
    if wanted is None:
        choose = t("{first} or {second}", first=joined(", ", ORDERS[:-1]), second=ORDERS[-1])
        typed = excerpt(order or "")
        raise Refusal(t("There is no order {order}: choose {orders}.", order=typed, orders=choose))
    if info.random_seating and wanted == AI_FIRST:
        raise Refusal(
            t(
                "{game} draws who moves first, as its rules say, even against me: "
                "leave out the order.",
                game=info.title,
            )
        )
    if wanted == RANDOM or info.random_seating:
        return tuple(random.Random(seed).sample(people, len(people)))
    if wanted == LISTED:
        return people
    bot = next((p for p in people if is_ai(p.user_id)), None)
    if bot is None:
        raise Refusal(
            t("The order {order} needs me as a player: choose an ai level.", order=AI_FIRST)
        )
    others = [p for p in people if p is not bot]
    first = game.to_move or 0
    return (*others[:first], bot, *others[first:])


def _time_control(text: str | None, default: TimeControl | None) -> TimeControl | None:
    """A new game's time control: from the text given, else the server's default."""
    if text is None:
        return default
    return parse_time_control(text)
