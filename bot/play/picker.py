"""Tap to move: a move built step by step from the game's legal moves, for any game.

Where a list holds every legal move, the moves are offered whole. Otherwise a move is
picked as its text is written, a piece at a time (the size, then the square in Tink;
the square in Folio; the square moved from in Bridge) until the moves left fit a list;
a step with more pieces than a list holds offers their first letters first (the file,
then the square), and a step with a single choice is taken at once. Each step offers
only what leads to a legal move, the winning ones first. What has been picked is the
move's text so far (`Step.chosen`), so a picker carries no state of its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from bot.play.games import GameTable, turn_seat
from bot.play.moves import Moves
from bot.play.values import Post, Refusal
from bot.play.words.text import Code, Text, say
from bot.play.words.wording import title
from bot.storage import GameRecord, Status

MOST_CHOICES = 25
"""The choices one step offers at most (Discord's limit for a list)."""
_PIECE_END = re.compile(r"[\s-]")
"""What ends a piece of a move's text: a space, or Bridge's dash."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice of a step: `value` is the move's text up to and with it."""

    label: str
    value: str
    wins: bool
    words: str = ""
    """What a whole move does, in words (`a medium on e4, spending d3 and d5`)."""


@dataclass(frozen=True, slots=True)
class Step:
    """Where a picker stands: the game (at `version`), the text picked so far, and the
    choices that follow, or the whole move once it is `complete`."""

    game_id: int
    version: int
    chosen: str
    choices: tuple[Choice, ...]
    complete: str | None
    heading: Text
    moved_on: bool = False
    """The game changed since the picker was opened: this step starts afresh."""


class Picker:
    """The steps of picking a move, read off the lent game's legal moves, and playing it."""

    def __init__(self, games: GameTable, moves: Moves) -> None:
        self._games = games
        self._moves = moves

    async def play(self, game_id: int, user_id: int, chosen: str, version: int) -> Post | Step:
        """Play the move picked, as a typed one is played; a picker the game moved on
        from (or whose move is not whole) gets its step instead."""
        record = await self._active(game_id)
        seat = turn_seat(record, user_id)
        if version == record.version:
            async with self._games.borrow(record) as loan:
                whole = chosen in loan.game.legal_moves()
            if whole:
                return await self._moves.play(record, seat, chosen)
        return await self.step(game_id, user_id, chosen, version)

    async def step(self, game_id: int, user_id: int, chosen: str = "", version: int = 0) -> Step:
        """The step after `chosen` for the player to move; a picker opened at another
        `version` (0: none) of the game starts afresh. Refused, in one sentence, to
        anyone but the player to move, and once the game is over."""
        record = await self._active(game_id)
        turn_seat(record, user_id)
        moved_on = version not in (0, record.version)
        if moved_on:
            chosen = ""
        async with self._games.borrow(record) as loan:
            legal = loan.game.legal_moves()
            wins = set(loan.game.winning_moves())
            describe = loan.game.describe
        heading = say(f"{title(record)}: your move")
        where = (game_id, record.version)
        while True:
            if chosen in legal:
                shown = say(heading, ": ", Code(chosen))
                return Step(*where, chosen, (), chosen, shown, moved_on)
            matching = [move for move in legal if move.startswith(chosen)]
            if not matching:
                matching, chosen = legal, ""
            choices = _choices(chosen, matching, wins, describe)
            if len(choices) == 1 and choices[0].value != chosen:
                chosen = choices[0].value
                continue
            shown = say(heading, ": ", Code(chosen.strip())) if chosen.strip() else heading
            return Step(*where, chosen, choices, None, shown, moved_on)

    async def _active(self, game_id: int) -> GameRecord:
        record = await self._games.by_id(game_id)
        if record is None or record.status is not Status.ACTIVE:
            raise Refusal("This game is over.")
        return record


def back_from(chosen: str) -> str:
    """The text picked one step before `chosen`: its last piece, or letter, taken off."""
    text = chosen.rstrip(" -")
    if text != chosen or not text:
        cut = max(text.rfind(" "), text.rfind("-"))
        return text[: cut + 1]
    return text[:-1]


def _choices(
    chosen: str, moves: list[str], wins: set[str], describe: Callable[[str], str]
) -> tuple[Choice, ...]:
    """The moves after `chosen` whole, when a list holds them all; else their next
    pieces, each with whether a move through it wins, or the first letters of those when
    there are too many to list."""
    start = max(chosen.rfind(" "), chosen.rfind("-")) + 1
    if len(moves) <= MOST_CHOICES:
        return tuple(
            Choice(move[start:], move, move in wins, describe(move))
            for move in sorted(moves, key=lambda move: (move not in wins, move))
        )
    pieces: dict[str, bool] = {}
    for move in moves:
        rest = move[len(chosen) :]
        end = _PIECE_END.search(rest)
        piece = rest if end is None else rest[: end.end()]
        pieces[chosen + piece] = pieces.get(chosen + piece, False) or move in wins
    if len(pieces) > MOST_CHOICES:
        letters: dict[str, bool] = {}
        for value, winning in pieces.items():
            letter = value[: len(chosen) + 1]
            letters[letter] = letters.get(letter, False) or winning
        pieces = letters
    return tuple(
        Choice(_label(value[start:], whole=value in moves), value, winning)
        for value, winning in sorted(pieces.items(), key=lambda item: (not item[1], item[0]))
    )


def _label(piece: str, *, whole: bool) -> str:
    """A piece as a choice shows it; the first letters of pieces end with an ellipsis."""
    shown = piece.strip(" -")
    return shown if whole or piece.endswith((" ", "-")) else f"{shown}…"
