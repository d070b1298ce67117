"""Moves: playing one, suggesting them as the player types, and showing the board."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Container, Mapping

import engine
from bot.play.ai_seats import is_ai
from bot.play.endings import Endings
from bot.play.games import GameTable, player
from bot.play.posts import BoardPosts, lapsed_claim, lapsed_offer
from bot.play.values import Post, Refusal
from bot.play.words.refusals import EndedMeanwhile, IllegalMove, NotYourTurn, OutOfGame
from bot.play.words.text import Code, Name, Strong, Text, lines, say
from bot.play.words.wording import result_text, title, turn_line
from bot.storage import Action, GameRecord, Seat, Status


class Moves:
    """A player's turn, and the board for anyone."""

    def __init__(self, games: GameTable, boards: BoardPosts, endings: Endings) -> None:
        self._games = games
        self._boards = boards
        self._endings = endings

    async def move(
        self,
        place_id: int,
        game_name: str,
        user_id: int,
        move: str | Mapping[str, str],
        *,
        reply_token: str | None = None,
    ) -> Post:
        """Play a move for the user, given whole or by its parts (the game's `move_parts`);
        the post shows the new board and pings who is next. `reply_token` names the
        interaction whose reply the post is to be, saved with the move (see `Post`).

        The same move sent again once it was played (a double submission, or a resend
        after a reply that never came) is answered with the board, privately.
        """
        record = await self._games.latest(place_id, game_name)
        try:
            active = self._games.in_play(record, game_name)
            seat = player(active, user_id)
            if active.turn_seat != seat.seat:
                await self._refuse_out_of_turn(active, seat)
            return await self.play(active, seat, move, reply_token=reply_token)
        except Refusal:
            played = await self._played_already(record.id, user_id, move)
            if played is not None:
                return played
            if record.status.is_open:
                await self._ended_meanwhile(record.id)
            raise

    async def _refuse_out_of_turn(self, record: GameRecord, seat: Seat) -> None:
        """Refuse the move of a player whose turn it is not: out of a game the others play
        on (saying why), or waiting for another's move."""
        async with self._games.borrow(record) as loan:
            if seat.seat in loan.game.view().out:
                endings = [
                    action.ending
                    for action in loan.game.actions
                    if action.kind is engine.ActionKind.FORFEIT and action.seat == seat.seat
                ]
                raise OutOfGame(endings[-1] if endings else None)
        assert record.turn_seat is not None, "an active game has a turn"
        raise NotYourTurn(record.players[record.turn_seat].name)

    async def _ended_meanwhile(self, game_id: int) -> None:
        """Refuse a move that lost its race to the game's end (a claim, a time-out, a
        resignation) by saying how it ended."""
        record = await self._games.by_id(game_id)
        if record is None or record.status.is_open:
            return
        if record.status is not Status.FINISHED:
            raise EndedMeanwhile(record, None)
        async with self._games.borrow(record) as loan:
            result = loan.game.result
        raise EndedMeanwhile(record, result)

    async def play(
        self,
        record: GameRecord,
        seat: Seat,
        move: str | Mapping[str, str],
        *,
        reply_token: str | None = None,
    ) -> Post:
        """Play a move for the seat to move in the game at `record`: a person's, or the
        bot's. A person whose time ran out loses instead, unless the server lets the others
        claim the win: then the move stands while no one has claimed it. A player with
        vacation left is spared as at a time-out (see `Endings.still_in_time`)."""
        late = False
        if not is_ai(seat.user_id):
            record, in_time = await self._endings.still_in_time(record)
            late = not in_time
        async with self._games.borrow(record) as loan:
            if late and not await self._endings.claimers(loan, seat):
                headline = say(Strong(Name(seat.name)), " ran out of time before moving.")
                return await self._endings.forfeit(loan, seat, engine.Ending.TIME, headline)
            game = loan.game
            events_before = len(game.events)
            text = move if isinstance(move, str) else game.join_move(move)
            try:
                canonical = game.play(text)
            except engine.GameError as error:
                raise IllegalMove(text, str(error)) from None
            said = f": {game.describe(canonical)}."
            headline = say(Strong(Name(seat.name)), " played ", Code(canonical), said)
            following = await self._games.advanced(record, game)
            lapsed = (*lapsed_offer(record), *lapsed_claim(record))
            change = await self._boards.change_post(
                loan, following, headline, events_before, lapsed=lapsed, reply_token=reply_token
            )
            actions = [Action(canonical, seat.seat, seat.user_id)]
            saved = await loan.save(following.record, actions, announcement=change.owed)
            return await self._boards.pictured(change, saved, game)

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
        matching what the user typed, winning ones first: (text, words) pairs, all of
        them (a front end shows as many as it can). Parts `chosen` already narrow the
        moves when they name a part of one exactly."""
        record = await self._games.newest_in(place_id)
        if record is None or record.game != game_name or record.status is not Status.ACTIVE:
            return []
        seat = record.seat_of(user_id)
        if seat is None or seat.seat != record.turn_seat:
            return []
        async with self._games.borrow(record) as loan:
            game = loan.game
            values = _part_values(game, part, chosen or {})
            described = {
                value: game.describe(value if part is None else game.join_move({part: value}))
                + (" — wins" if winning else "")
                for value, winning in values.items()
            }
        wins = {value for value, winning in values.items() if winning}
        return [(value, described[value]) for value in _best_matches(described, typed, wins)]

    async def board(self, place_id: int, game_name: str) -> Post:
        """The current picture of the game in a channel (or the last one's end), for anyone."""
        return await self._board(await self._games.played(place_id, game_name))

    async def _board(self, record: GameRecord, headline: Text | None = None) -> Post:
        async with self._games.borrow(record) as loan:
            result = loan.game.result
            text = (
                turn_line(record, loan.game)
                if result is None
                else result_text(result, record.names)
            )
            shown = say(f"{title(record)}: ", text)
            return await self._boards.board(
                loan, shown if headline is None else lines([headline, shown])
            )

    async def _played_already(
        self, game_id: int, user_id: int, move: str | Mapping[str, str]
    ) -> Post | None:
        """The board, privately, when the user's last action in the game (now moved on) was
        this very move; otherwise None."""
        record = await self._games.by_id(game_id)
        if record is None or record.status not in (Status.ACTIVE, Status.FINISHED):
            return None
        if record.status is Status.ACTIVE and record.turn_user_id == user_id:
            return None
        actions = await self._games.actions(game_id)
        mine = [i for i, a in enumerate(actions) if a.user_id == user_id]
        if not mine:
            return None
        last = mine[-1]
        before = engine.replay(
            record.game,
            len(record.players),
            record.seed,
            record.options,
            [engine.Action.parse(a.action) for a in actions[:last]],
        )
        try:
            canonical = before.play(move if isinstance(move, str) else before.join_move(move))
        except engine.GameError:
            return None
        if canonical != actions[last].action:
            return None
        played = say("Your move ", Code(canonical), " was played already.")
        return dataclasses.replace(await self._board(record, played), private=True)


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
    return sorted(starts + contains, key=lambda move: move not in wins)
