"""Tap to move: a move built step by step from the game's legal moves, for any game.

Where a list holds every legal move, the moves are offered whole. Otherwise a move is
picked as its text is written, a piece at a time (the size, then the square in Tink;
the square in Folio; the square moved from in Bridge) until the moves left fit a list;
a step with more pieces than a list holds offers their first letters first (the file,
then the square), and a step with a single choice is taken at once. A board that can be
tapped (the game's page) has no list to fit: it is offered a piece at a time throughout.
Each step offers only what leads to a legal move, the winning ones first where the game
gives hints (`bot.play.playing.hints`), else in the text's order. What has been picked
is the move's text so far (`Step.chosen`), so a picker carries no state of its own.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import engine
from bot.play.words.moves import move_text
from bot.play.words.text import Code, Text, say, t
from bot.play.words.wording import title
from bot.storage import GameRecord

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
    words: Text = field(default_factory=Text)
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
    back: str | None
    """What Back picks: the text of the step shown before this one (None: there is none)."""
    moved_on: bool = False
    """The game changed since the picker was opened: this step starts afresh."""


@dataclass(frozen=True, slots=True)
class MoveChoices:
    """The legal moves of a position as a picker offers them, `listed` at a time."""

    legal: list[str]
    wins: set[str]
    describe: Callable[[str], Text]
    listed: int | None

    @classmethod
    def of(
        cls, game: engine.Game, listed: int | None = MOST_CHOICES, *, wins_marked: bool = True
    ) -> MoveChoices:
        """The moves of `game` as it stands; `wins_marked` marks the winning ones and offers
        them first (not in a puzzle, where that would give the answer away, nor in a game
        without hints)."""
        wins = set(game.winning_moves()) if wins_marked else set()
        return cls(game.legal_moves(), wins, functools.partial(move_text, game), listed)

    def step(self, where: tuple[int, int], chosen: str, heading: Text, moved_on: bool) -> Step:
        """The step after `chosen`, of the game or puzzle `where` names (an id and a
        version), headed by `heading` and what is picked."""
        chosen, choices = self.settled(chosen)
        back = self.back(chosen)
        if not choices:
            shown = say(heading, ": ", Code(chosen))
            return Step(*where, chosen, (), chosen, shown, back, moved_on)
        shown = say(heading, ": ", Code(chosen.strip())) if chosen.strip() else heading
        return Step(*where, chosen, choices, None, shown, back, moved_on)

    def settled(self, chosen: str) -> tuple[str, tuple[Choice, ...]]:
        """Where picking stands from `chosen` once every step with a single choice is
        taken: the text picked and the choices that follow (none once the move is whole)."""
        while chosen not in self.legal:
            matching = [move for move in self.legal if move.startswith(chosen)]
            if not matching:
                matching, chosen = self.legal, ""
            choices = _choices(chosen, matching, self.wins, self.describe, self.listed)
            if len(choices) > 1 or choices[0].value == chosen:
                return chosen, choices
            chosen = choices[0].value
        return chosen, ()

    def back(self, chosen: str) -> str | None:
        """What Back picks from the step at `chosen`: the step shown before it, found by
        picking from the start towards `chosen` (None: it is the first step)."""
        shown, choices = self.settled("")
        before = None
        while shown != chosen:
            before = shown
            onward = [choice.value for choice in choices if chosen.startswith(choice.value)]
            if not onward:
                break
            shown, choices = self.settled(max(onward, key=len))
        return before


def _choices(
    chosen: str,
    moves: list[str],
    wins: set[str],
    describe: Callable[[str], Text],
    listed: int | None,
) -> tuple[Choice, ...]:
    """The moves after `chosen` whole, when a list of `listed` holds them all; else their
    next pieces, each with whether a move through it wins, or the first letters of those
    when there are too many to list."""
    start = max(chosen.rfind(" "), chosen.rfind("-")) + 1
    if listed is not None and len(moves) <= listed:
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
    if listed is not None and len(pieces) > listed:
        letters: dict[str, bool] = {}
        for value, winning in pieces.items():
            letter = value[: len(chosen) + 1]
            letters[letter] = letters.get(letter, False) or winning
        pieces = letters
    moving = set(moves)
    return tuple(
        Choice(
            _label(value[start:], whole=value in moving),
            value,
            winning,
            describe(value) if value in moving else Text(),
        )
        for value, winning in sorted(pieces.items(), key=lambda item: (not item[1], item[0]))
    )


def _label(piece: str, *, whole: bool) -> str:
    """A piece as a choice shows it; the first letters of pieces end with an ellipsis."""
    shown = piece.strip(" -")
    return shown if whole or piece.endswith((" ", "-")) else f"{shown}…"


def game_step(
    record: GameRecord,
    game: engine.Game,
    chosen: str,
    version: int,
    listed: int | None,
    *,
    hinted: bool,
) -> Step:
    """The step after `chosen` in the game at `record` (`game`, its engine game), its
    winning choices marked when `hinted`; a picker opened at another `version` (0: none)
    of the game starts afresh."""
    moved_on = version not in (0, record.version)
    heading = t("{game}: your move", game=title(record))
    moves = MoveChoices.of(game, listed, wins_marked=hinted)
    return moves.step((record.id, record.version), "" if moved_on else chosen, heading, moved_on)
