"""Moves: playing one, suggesting them as the player types, and showing the board."""

from __future__ import annotations

import re
from collections.abc import Container, Mapping

import engine
from bot.play.playing.hints import hints_in
from bot.play.playing.turns import Turns
from bot.play.table.games import GameTable
from bot.play.table.posts import BoardPosts
from bot.play.table.saving import Stale
from bot.play.table.values import Post
from bot.play.words.languages import SOURCE
from bot.play.words.moves import move_text
from bot.play.words.text import Text, plain, t
from bot.play.words.wording import standing_text
from bot.storage import Status
from bot.storage.clock_queries import ClockStorage


class Moves:
    """A player's turn, and the board for anyone."""

    def __init__(
        self, games: GameTable, boards: BoardPosts, turns: Turns, clocks: ClockStorage
    ) -> None:
        """`clocks` holds the server settings that say where hints are shown."""
        self._games = games
        self._boards = boards
        self._turns = turns
        self._clocks = clocks

    async def move(
        self,
        place_id: int,
        game_name: str,
        user_id: int,
        move: str | Mapping[str, str],
        *,
        reply_token: str | None = None,
    ) -> Post:
        """Play a move for the user in the channel's game, given whole or by its parts (the
        game's `move_parts`); the post shows the new board and pings who is next.
        `reply_token` names the interaction whose reply the post is to be, saved with the
        move (see `Post`).

        The same move sent again once it was played (a double submission, or a resend
        after a reply that never came) is answered with the board, privately. A move that
        lost its race to another change is looked at once more (`raced`): as that, or as
        the game's end if it ended meanwhile, else refused as `Stale`.
        """
        raced = False
        while True:
            try:
                async with self._games.mover(
                    place_id, game_name, user_id, move, raced=raced
                ) as mover:
                    return await self._turns.play(mover, move, reply_token=reply_token)
            except Stale:
                if raced:
                    raise
                raced = True

    async def suggestions(
        self,
        place_id: int,
        game_name: str,
        user_id: int,
        typed: str,
        part: str | None = None,
        chosen: Mapping[str, str] | None = None,
        language: str = SOURCE,
    ) -> list[tuple[str, Text]]:
        """Legal moves, or the values of one of their parts (see `GameInfo.move_parts`),
        matching what the user typed (in the moves' words, in English or in the reader's
        `language`), winning ones
        first and marked where the game gives hints (see `hints_shown`): (text, words)
        pairs, all of them (a front end shows as
        many as it can). Parts `chosen` already narrow the moves when they name a part of
        one exactly."""
        record = await self._games.newest_in(place_id)
        if record is None or record.game != game_name or record.status is not Status.ACTIVE:
            return []
        seat = record.seat_of(user_id)
        if seat is None or seat.seat != record.turn_seat:
            return []
        hinted = await hints_in(self._clocks, record)
        async with self._games.borrow(record) as loan:
            game = loan.game
            values = _part_values(game, part, chosen or {}, hinted=hinted)
            words = {
                value: _words(
                    game, value if part is None else game.join_move({part: value}), winning
                )
                for value, winning in values.items()
            }
        wins = {value for value, winning in values.items() if winning}
        read = {
            value: f"{plain(said)} {plain(said, language=language)}"
            for value, said in words.items()
        }
        return [(value, words[value]) for value in _best_matches(read, typed, wins)]

    async def board(self, place_id: int, game_name: str) -> Post:
        """The current picture of the game in a channel (or the last one's end), for anyone."""
        record = await self._games.played(place_id, game_name)
        async with self._games.borrow(record) as loan:
            clocks = await self._games.seat_clocks(record)
            return await self._boards.board(loan, standing_text(record, loan.game), clocks)


def _words(game: engine.Game, move: str, winning: bool) -> Text:
    """A move (or part) in words, marked when it wins."""
    said = move_text(game, move)
    return t("{move} — wins", move=said) if winning else said


def _part_values(
    game: engine.Game, part: str | None, chosen: Mapping[str, str], *, hinted: bool
) -> dict[str, bool]:
    """Each value `part` takes in the legal moves agreeing with the `chosen` parts (each
    legal move without a part), and whether one of those moves wins at once (never, when
    not `hinted`)."""
    wins = set(game.winning_moves()) if hinted else set()
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
