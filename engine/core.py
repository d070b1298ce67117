"""The vocabulary every game shares: errors, results, options, views and the Game base."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from types import MappingProxyType
from typing import Any, ClassVar

OptionValue = bool | int | str | None

FORMAT_VERSION = 1
FORFEIT = "@forfeit"
AGREED_DRAW = "@draw"


class GameError(ValueError):
    """Anything a player asked for that the rules refuse; the message is one sentence."""


class IllegalMove(GameError):
    """A move or action that the rules refuse. The game is left unchanged."""


class InvalidOption(GameError):
    """A game option, player count or saved game that cannot be used."""


class Size(IntEnum):
    """Pyramid sizes (Tingle: coin, pyramid, pawn)."""

    SMALL = 1
    MEDIUM = 2
    LARGE = 3


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece on a square.

    `colour` indexes the game's `GameInfo.colours`: the owner's seat in Tink, Tingle and
    Bridge; red, yellow, green, blue (0-3) in Folio, whose pieces belong to nobody.
    """

    size: Size
    colour: int
    owner: int | None = None


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended.

    `winners` is empty for a draw. `ranks` gives each seat's place, 0 best, equal
    numbers tied: the order ratings are computed from.
    """

    winners: tuple[int, ...]
    reason: str
    ranks: tuple[int, ...]

    @property
    def is_draw(self) -> bool:
        return not self.winners

    @classmethod
    def win(cls, winners: tuple[int, ...], players: int, reason: str) -> Result:
        """Winners share first place; everyone else shares second."""
        ranks = tuple(0 if seat in winners else 1 for seat in range(players))
        return cls(winners, reason, ranks)

    @classmethod
    def draw(cls, players: int, reason: str) -> Result:
        return cls((), reason, (0,) * players)


@dataclass(frozen=True, slots=True)
class Event:
    """Something the rules did by themselves (a forced pass, a player out, a round ended).

    `text` names seats as `{0}`, `{1}`, ... so a caller can put in player names.
    `ply` is the length of the history when it happened.
    """

    ply: int
    text: str

    def say(self, names: list[str] | tuple[str, ...]) -> str:
        return self.text.format(*names)


@dataclass(frozen=True, slots=True)
class Option:
    """A start option: its type, default, allowed values and a line of help.

    `refusals` pairs values that are known but not offered with the sentence saying why.
    """

    name: str
    kind: type[bool] | type[int] | type[str]
    default: OptionValue
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    refusals: tuple[tuple[str, str], ...] = ()

    def coerce(self, value: object) -> OptionValue:
        """Check one value, accepting the text forms a command line would give."""
        if value is None:
            if self.default is None:
                return None
            raise InvalidOption(f"{self.name} needs a value")
        if self.kind is bool:
            return _coerce_bool(self.name, value)
        if self.kind is int:
            return self._coerce_int(value)
        text = str(value).strip().lower()
        for refused, why in self.refusals:
            if text == refused:
                raise InvalidOption(why)
        if self.choices and text not in self.choices:
            allowed = ", ".join(self.choices)
            raise InvalidOption(f"{self.name} must be one of {allowed}, not {value!r}")
        return text

    def _coerce_int(self, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise InvalidOption(f"{self.name} must be a whole number")
        try:
            number = int(value)
        except ValueError:
            raise InvalidOption(f"{self.name} must be a whole number, not {value!r}") from None
        if self.minimum is not None and number < self.minimum:
            raise InvalidOption(f"{self.name} must be at least {self.minimum}")
        if self.maximum is not None and number > self.maximum:
            raise InvalidOption(f"{self.name} must be at most {self.maximum}")
        return number


def _coerce_bool(name: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "on", "1"):
        return True
    if text in ("false", "no", "off", "0"):
        return False
    raise InvalidOption(f"{name} must be true or false, not {value!r}")


@dataclass(frozen=True, slots=True)
class MovePart:
    """One piece of information a move is made of, asked for on its own by a command."""

    name: str
    help: str


WHOLE_MOVE = MovePart("move", "Your move, e.g. from the suggestions.")


@dataclass(frozen=True)
class GameInfo:
    """What the bot and the docs need to know about a game before one exists.

    `random_seating` says the rules draw the turn order at random (the caller seats
    the players in a random order). `move_parts` are what a move is asked for as:
    the whole move in one text, unless a game splits it (see `Game.split_move`).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    summary: str
    options: tuple[Option, ...]
    size_names: tuple[str, str, str] = ("small", "medium", "large")
    colours: tuple[str, ...] = ()
    width: int = 8
    height: int = 8
    random_seating: bool = False
    move_parts: tuple[MovePart, ...] = (WHOLE_MOVE,)

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise InvalidOption(f"{self.title} has no option called {name!r}")

    def resolve_options(self, given: Mapping[str, object]) -> dict[str, OptionValue]:
        """Every option with its default filled in; unknown names or bad values refused."""
        resolved: dict[str, OptionValue] = {o.name: o.default for o in self.options}
        for name, value in given.items():
            resolved[name] = self.option(name).coerce(value)
        return resolved


@dataclass(frozen=True)
class BoardView:
    """What stands where, for drawing.

    Squares are named like chess (`a1` bottom left from the first seat). `placed` is
    the square the last move put a piece on (or moved it to), `cleared` the squares it
    emptied (spent pieces, or where a piece moved from). `highlight` is the winning line
    or bridge once the game is won. `stashes` holds each seat's pieces off the board
    (empty for Folio, whose pool is on the game).
    """

    width: int
    height: int
    squares: Mapping[str, Piece]
    stashes: tuple[Mapping[Size, int], ...] = ()
    placed: str | None = None
    cleared: tuple[str, ...] = ()
    highlight: tuple[str, ...] = ()
    out: frozenset[int] = field(default_factory=frozenset)


class Game(ABC):
    """One game in progress: moves in as text, canonical text out.

    Subclasses implement the rules; this base keeps the action log that makes every
    game replayable, serialisable and undoable.
    """

    info: ClassVar[GameInfo]

    def __init__(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> None:
        self.players = players
        self.seed = seed
        self.options: Mapping[str, OptionValue] = MappingProxyType(dict(options))
        self._actions: list[str] = []
        self._result: Result | None = None
        self._events: list[Event] = []

    # -- the rules, per game -------------------------------------------------

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat whose decision is awaited, or None once the game is over."""

    @abstractmethod
    def legal_moves(self) -> list[str]:
        """Every move the seat to move may make, as canonical text."""

    @property
    @abstractmethod
    def history(self) -> tuple[str, ...]:
        """Canonical moves in order, forced passes included as `pass`."""

    @property
    @abstractmethod
    def movers(self) -> tuple[int, ...]:
        """The seat that made each entry of `history`."""

    @abstractmethod
    def view(self) -> BoardView:
        """The position as it stands, for drawing."""

    @abstractmethod
    def describe(self, move: str) -> str:
        """A canonical move of this game in words, e.g. "a medium on e4, spending d3 and d5"."""

    @abstractmethod
    def _play(self, text: str) -> str:
        """Parse, check and apply a move; return its canonical text or raise IllegalMove."""

    def _forfeit(self, seat: int, reason: str) -> None:
        """A seat leaves the game. By default every other seat wins at once."""
        others = tuple(s for s in range(self.players) if s != seat)
        self._finish(Result.win(others, self.players, reason))

    # -- shared behaviour ----------------------------------------------------

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def events(self) -> tuple[Event, ...]:
        """Forced passes, players out, rounds ended: in order, each with its ply."""
        return tuple(self._events)

    @property
    def actions(self) -> tuple[str, ...]:
        """Everything players did, in order: the log the game is rebuilt from."""
        return tuple(self._actions)

    def winning_moves(self) -> list[str]:
        """The legal moves that win the game at once for the seat to move, canonical, in order.

        Empty once the game is over. This default tries each move on a replayed copy;
        games override it with a test that leaves the game untouched and costs far less.
        """
        seat = self.to_move
        if seat is None:
            return []
        wins = []
        for move in self.legal_moves():
            trial = replay(self.name, self.players, self.seed, self.options, self._actions)
            trial.play(move)
            if trial.result is not None and seat in trial.result.winners:
                wins.append(move)
        return wins

    def split_move(self, move: str) -> dict[str, str]:
        """A canonical move by the names of `info.move_parts` it fills (one part by default)."""
        return {WHOLE_MOVE.name: move}

    def join_move(self, parts: Mapping[str, str]) -> str:
        """Move text from the parts a player gave (any spelling; `play` checks it)."""
        return parts.get(WHOLE_MOVE.name, "")

    def play(self, text: str) -> str:
        """Apply a move given in any accepted spelling; return its canonical text."""
        if self._result is not None:
            raise IllegalMove("the game is over")
        if not isinstance(text, str):
            raise IllegalMove("a move must be text")
        canonical = self._play(text)
        self._actions.append(canonical)
        return canonical

    def forfeit(self, seat: int, reason: str = "resignation") -> None:
        """`seat` resigns or runs out of time: it loses, or with 3-4 players goes out."""
        if self._result is not None:
            raise IllegalMove("the game is over")
        if not 0 <= seat < self.players:
            raise IllegalMove(f"there is no seat {seat + 1} in this game")
        if not reason.strip():
            raise IllegalMove("a forfeit needs a reason")
        self._forfeit(seat, reason)
        self._actions.append(f"{FORFEIT} {seat} {reason}")

    def agree_draw(self) -> None:
        """End the game as a draw that the players agreed on."""
        if self._result is not None:
            raise IllegalMove("the game is over")
        self._finish(Result.draw(self.players, "agreed draw"))
        self._actions.append(AGREED_DRAW)

    def take_back(self) -> Game:
        """A copy of this game without its last action (and the passes that followed it)."""
        if not self._actions:
            raise IllegalMove("there is no move to take back")
        return replay(self.name, self.players, self.seed, self.options, self._actions[:-1])

    def to_json(self) -> str:
        """The game as JSON text; `engine.load_game` rebuilds an equal game from it."""
        return json.dumps(
            {
                "format": FORMAT_VERSION,
                "game": self.name,
                "players": self.players,
                "seed": self.seed,
                "options": dict(self.options),
                "actions": self._actions,
                "history": list(self.history),
            },
            separators=(",", ":"),
        )

    def _finish(self, result: Result) -> None:
        self._result = result

    def _note(self, text: str) -> None:
        self._events.append(Event(len(self.history), text))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._identity() == other._identity()

    def __hash__(self) -> int:
        return hash((self.name, self.players, self.seed, tuple(self._actions)))

    def _identity(self) -> tuple[Any, ...]:
        return (self.name, self.players, self.seed, dict(self.options), self._actions)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} players={self.players} plies={len(self.history)}>"


_REGISTRY: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a game available to `new_game` and `load_game`."""
    _REGISTRY[cls.info.name] = cls
    return cls


def game_class(name: str) -> type[Game]:
    try:
        return _REGISTRY[name.strip().lower()]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise InvalidOption(f"there is no game called {name!r} (try {known})") from None


def create(name: str, players: int, seed: int, options: Mapping[str, object]) -> Game:
    """A new game with checked player count and options."""
    cls = game_class(name)
    info = cls.info
    if not info.min_players <= players <= info.max_players:
        span = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players} to {info.max_players}"
        )
        raise InvalidOption(f"{info.title} is played by {span} players, not {players}")
    return cls(players, seed, info.resolve_options(options))


def replay(
    name: str,
    players: int,
    seed: int,
    options: Mapping[str, object],
    actions: list[str] | tuple[str, ...],
) -> Game:
    """Rebuild a game by applying its logged actions to a new one."""
    game = create(name, players, seed, options)
    for action in actions:
        apply_action(game, action)
    return game


def apply_action(game: Game, action: str) -> None:
    """Apply one logged action: a move, a forfeit or an agreed draw."""
    if action == AGREED_DRAW:
        game.agree_draw()
    elif action.startswith(FORFEIT + " "):
        _, seat, reason = action.split(" ", 2)
        game.forfeit(int(seat), reason)
    else:
        game.play(action)
