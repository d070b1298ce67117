"""The vocabulary every game shares: errors, results, options, views and the Game base."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from functools import cached_property
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, Self, TypeVar

OptionValue = bool | int | str | None
SearchMove = tuple[int, ...]


class LineMove(NamedTuple):
    """A Tink or Tingle move as the search plays it (a `SearchMove`); squares are
    `rank * width + file`. Tink makes each move once, in the tables a board size shares,
    and then only looks it up."""

    size: int
    target: int
    spent_first: int
    """The first square whose piece the move spends, in board order; -1 for a free small."""
    spent_second: int
    """The second one; -1 for a free small."""


"""A move on the search path: a few ints whose meaning only the game knows."""

FORMAT_VERSION = 1
_FORFEIT_TEXT = "@forfeit"
_DRAW_TEXT = "@draw"


@dataclass(frozen=True, slots=True)
class Reason:
    """Why the rules refuse a move or an option, as data, to be put in words in any
    language: its `kind` and its parts by name (squares as the board names them, sizes
    and pieces as the game names them, what was typed as typed). Its English is the
    message of the error that carries it."""

    kind: str
    parts: tuple[tuple[str, str], ...] = ()


class GameError(ValueError):
    """Anything a player asked for that the rules refuse; the message is one sentence,
    and `reason` the same as data where the game gives it (see `because`)."""

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason

    @classmethod
    def because(cls, kind: str, english: str, **parts: object) -> Self:
        """The error whose message is `english` with its `{parts}` filled in (`{typed!r}`
        quotes what was typed), its reason the kind and the parts as data."""
        named = tuple((name, str(value)) for name, value in parts.items())
        return cls(english.format(**dict(named)), Reason(kind, named))


class IllegalMove(GameError):
    """A move or action that the rules refuse. The game is left unchanged.

    Always one of two kinds, as in python-chess: `InvalidMove` or `ForbiddenMove`.
    """


class InvalidMove(IllegalMove):
    """Text that is no move of this game at all, in any position (a typo, a bad square)."""


class ForbiddenMove(IllegalMove):
    """A well-formed move or action that the rules do not allow in this position."""


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


class Ending(StrEnum):
    """How a game ended, as stored (python-chess's `Termination`, lichess's status): its
    value is the code kept in the action log and the database. Words for it belong to
    whoever shows it."""

    FOUR_IN_A_ROW = "four_in_a_row"
    """Tink and Tingle: four of a player's pieces in a line."""
    FOUR_COLOURS = "four_colours"
    """Folio: a line of four pieces of four colours."""
    THREE_SIZES = "three_sizes"
    """Folio: a line of four pieces holding all three sizes."""
    ALL_PLACED = "all_placed"
    """Folio: every piece placed with no winning line, a draw."""
    BRIDGE = "bridge"
    """Bridge: a bridge completed (and not answered)."""
    BOTH_BRIDGES = "both_bridges"
    """Bridge: a bridge answered with a bridge, a drawn round."""
    LOWEST_TOTAL = "lowest_total"
    """Bridge's match: the lower total of points over its rounds."""
    EQUAL_TOTALS = "equal_totals"
    """Bridge's match: equal totals, a draw."""
    NO_ONE_CAN_MOVE = "no_one_can_move"
    """Tink and Tingle: nobody has a legal move, a draw."""
    LAST_PLAYER_IN = "last_player_in"
    """Tink and Tingle with 3-4 players: everyone else is out."""
    REPETITION = "repetition"
    """The same position a third time, a draw."""
    AGREEMENT = "agreement"
    """A draw the players agreed on."""
    RESIGNATION = "resignation"
    """A player resigned."""
    TIME = "time"
    """A player's time ran out."""


FORFEITS = frozenset({Ending.RESIGNATION, Ending.TIME})
"""The endings a seat's forfeit may give: it resigns, or its time runs out."""


@dataclass(frozen=True, slots=True)
class MoveWords:
    """A move described as data, to be put in words in any language: its `kind` (each
    game lists its own in `MOVE_SENTENCES`) and its parts by name (squares as the board
    names them, sizes and colours as the game names them)."""

    kind: str
    parts: tuple[tuple[str, str], ...] = ()

    def english(self, sentences: Mapping[str, str]) -> str:
        """The move in the English of `sentences` (a sentence a kind, parts in braces)."""
        return sentences[self.kind].format(**dict(self.parts))


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended.

    `winners` is empty for a draw. `ranks` gives each seat's place, 0 best, equal
    numbers tied: the order ratings are computed from.
    """

    winners: tuple[int, ...]
    ending: Ending
    ranks: tuple[int, ...]

    @property
    def is_draw(self) -> bool:
        return not self.winners

    @classmethod
    def win(cls, winners: tuple[int, ...], players: int, ending: Ending) -> Result:
        """Winners share first place; everyone else shares second."""
        ranks = tuple(0 if seat in winners else 1 for seat in range(players))
        return cls(winners, ending, ranks)

    @classmethod
    def draw(cls, players: int, ending: Ending) -> Result:
        return cls((), ending, (0,) * players)


class ActionKind(StrEnum):
    """What a logged action does."""

    MOVE = "move"
    FORFEIT = "forfeit"
    AGREED_DRAW = "agreed draw"


@dataclass(frozen=True, slots=True)
class Action:
    """One entry of a game's action log: a move, a seat's forfeit or an agreed draw.

    `move` is the canonical move text of a move; `seat` and `ending` say who left a
    game and why (one of `FORFEITS`). `text` is the action as logged, and `Action.parse`
    reads it back.
    """

    kind: ActionKind
    move: str = ""
    seat: int | None = None
    ending: Ending = Ending.RESIGNATION

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action a logged text stands for."""
        if not isinstance(text, str):
            raise InvalidMove("a logged action must be text")
        if text == _DRAW_TEXT:
            return cls(ActionKind.AGREED_DRAW)
        tag, _, rest = text.partition(" ")
        if tag != _FORFEIT_TEXT:
            return cls(ActionKind.MOVE, move=text)
        seat, _, code = rest.partition(" ")
        if not seat.isdigit() or code not in FORFEITS:
            raise InvalidMove(f"{text!r} is not a logged action")
        return cls(ActionKind.FORFEIT, seat=int(seat), ending=Ending(code))

    @property
    def text(self) -> str:
        """The action as logged: the move's text, `@forfeit <seat> <ending>` or `@draw`."""
        if self.kind is ActionKind.FORFEIT:
            return f"{_FORFEIT_TEXT} {self.seat} {self.ending.value}"
        if self.kind is ActionKind.AGREED_DRAW:
            return _DRAW_TEXT
        return self.move


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

    `refusals` names values that are known but not offered, each with the kind of its
    refusal (see `Reason`) and the English saying why.
    """

    name: str
    kind: type[bool] | type[int] | type[str]
    default: OptionValue
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    refusals: tuple[tuple[str, str, str], ...] = ()

    def coerce(self, value: object) -> OptionValue:
        """Check one value, accepting the text forms a command line would give."""
        if value is None:
            if self.default is None:
                return None
            raise InvalidOption.because("needs_value", "{option} needs a value", option=self.name)
        if self.kind is bool:
            return _coerce_bool(self.name, value)
        if self.kind is int:
            return self._coerce_int(value)
        text = str(value).strip().lower()
        for refused, kind, why in self.refusals:
            if text == refused:
                raise InvalidOption.because(kind, why)
        if self.choices and text not in self.choices:
            raise InvalidOption.because(
                "one_of",
                "{option} must be one of {allowed}, not {typed!r}",
                option=self.name,
                allowed=", ".join(self.choices),
                typed=value,
            )
        return text

    def _coerce_int(self, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise InvalidOption(f"{self.name} must be a whole number")
        try:
            number = int(value)
        except ValueError:
            raise InvalidOption.because(
                "whole_number",
                "{option} must be a whole number, not {typed!r}",
                option=self.name,
                typed=value,
            ) from None
        if self.minimum is not None and number < self.minimum:
            raise InvalidOption.because(
                "at_least",
                "{option} must be at least {least}",
                option=self.name,
                least=self.minimum,
            )
        if self.maximum is not None and number > self.maximum:
            raise InvalidOption.because(
                "at_most", "{option} must be at most {most}", option=self.name, most=self.maximum
            )
        return number


def _coerce_bool(name: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "on", "1"):
        return True
    if text in ("false", "no", "off", "0"):
        return False
    raise InvalidOption.because(
        "true_or_false", "{option} must be true or false, not {typed!r}", option=name, typed=value
    )


@dataclass(frozen=True, slots=True)
class MovePart:
    """One piece of information a move is made of, asked for on its own by a command."""

    name: str
    help: str


WHOLE_MOVE = MovePart("move", "Your move, e.g. from the suggestions.")


@dataclass(frozen=True)
class GameInfo:
    """What the bot and the docs need to know about a game before one exists.

    `size_names` and `size_letters` are what the game calls its pieces, smallest first,
    in moves, pictures and words; `colour_letters`, where moves name colours too (Folio),
    gives each colour's letter. `random_seating` says the rules draw the turn order at
    random (the caller seats the players in a random order). `move_parts` are what a
    move is asked for as: the whole move in one text, unless a game splits it (see
    `Game.split_move`).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    summary: str
    options: tuple[Option, ...]
    size_names: tuple[str, str, str] = ("small", "medium", "large")
    size_letters: tuple[str, str, str] = ("S", "M", "L")
    colours: tuple[str, ...] = ()
    colour_letters: str = ""
    width: int = 8
    height: int = 8
    random_seating: bool = False
    move_parts: tuple[MovePart, ...] = (WHOLE_MOVE,)

    @cached_property
    def size_words(self) -> Mapping[str, Size]:
        """The words a move may name a piece with, lower case: the game's own letters and
        names, and the sizes' (`s`, `small`, ...)."""
        words = {word: size for size in Size for word in (size.name.lower(), size.name[0].lower())}
        for size, letter, name in zip(Size, self.size_letters, self.size_names, strict=True):
            words |= {letter.lower(): size, name: size}
        return MappingProxyType(words)

    def piece_code(self, piece: Piece) -> str:
        """A piece as moves name it: its colour's letter, then its size's (`RS`)."""
        return self.colour_letters[piece.colour] + self.size_letters[piece.size - 1]

    def size_name(self, size: int) -> str:
        """What the game calls a piece of this size."""
        return self.size_names[size - 1]

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise InvalidOption.because(
            "no_option", "{game} has no option called {typed!r}", game=self.title, typed=name
        )

    def resolve_options(self, given: Mapping[str, object]) -> dict[str, OptionValue]:
        """Every option with its default filled in; unknown names or bad values refused."""
        resolved: dict[str, OptionValue] = {o.name: o.default for o in self.options}
        for name, value in given.items():
            resolved[name] = self.option(name).coerce(value)
        return resolved


@dataclass(frozen=True, slots=True)
class MatchView:
    """A game scored over several rounds: the round and each seat's points so far.

    `between_rounds` says the last round is over and the seat to move chooses who
    starts the next (`round` is then the round just finished).
    """

    round: int
    totals: tuple[int, ...]
    between_rounds: bool = False


@dataclass(frozen=True)
class BoardView:
    """What stands where, and what else a picture of the game shows.

    Squares are named like chess (`a1` bottom left from the first seat). `placed` is
    the square the last move put a piece on (or moved it to), `cleared` the squares it
    emptied (spent pieces, or where a piece moved from). `highlight` is the winning line
    or bridge once the game is won; `to_answer` a bridge completed that does not win
    yet, which the player to move has one move to answer (Bridge's delayed win).
    `stashes` holds each seat's pieces off the board. Pieces that belong to nobody
    (Folio) are `in_hand`, the piece the seat to move must place, which may go on the
    `allowed` squares, or in the shared `pool`. `match` is set for a game played over
    several rounds.
    """

    width: int
    height: int
    squares: Mapping[str, Piece]
    stashes: tuple[Mapping[Size, int], ...] = ()
    placed: str | None = None
    cleared: tuple[str, ...] = ()
    highlight: tuple[str, ...] = ()
    out: frozenset[int] = field(default_factory=frozenset)
    to_answer: tuple[str, ...] = ()
    in_hand: Piece | None = None
    allowed: tuple[str, ...] = ()
    pool: tuple[Piece, ...] = ()
    match: MatchView | None = None


class Game(ABC):
    """One game in progress: moves in as text, canonical text out.

    Subclasses implement the rules; this base keeps the action log that makes every
    game replayable, serialisable and undoable.
    """

    info: ClassVar[GameInfo]
    MOVE_SENTENCES: ClassVar[Mapping[str, str]]
    """Each kind of move's English (see `MoveWords`)."""

    def __init__(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> None:
        self.players = players
        self.seed = seed
        self.options: Mapping[str, OptionValue] = MappingProxyType(dict(options))
        self._actions: list[Action] = []
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
    def move_words(self, move: str) -> MoveWords:
        """A canonical move of this game described as data (see `MoveWords`)."""

    def describe(self, move: str) -> str:
        """A canonical move of this game in English words, e.g. "a medium on e4, spending
        d3 and d5"."""
        return self.move_words(move).english(self.MOVE_SENTENCES)

    @abstractmethod
    def _parse(self, text: str) -> Any:
        """Read a move in any accepted spelling into the game's own form.

        Raises `InvalidMove` for text that is no move of this game; the position is not
        looked at, so text refused here is refused in every position.
        """

    @abstractmethod
    def _play(self, move: Any) -> str:
        """Check and apply a move from `_parse`; return its canonical text.

        Raises `ForbiddenMove` when the rules do not allow it here.
        """

    # -- the search path: fast, unchecked, outside the action log --------------
    # These defaults go through the move API (a move is its index in `legal_moves()`),
    # so any game can be searched; games override them with a fast path of their own.

    def search_copy(self) -> Game:
        """An independent copy to search on, far cheaper than a replay where a game says so.

        Games played in rounds end the copy with the round being played (or the next
        one, while who starts it is being chosen), whose result becomes the copy's:
        search looks at the round, not the whole match.
        """
        return replay(self.name, self.players, self.seed, self.options, self._actions)

    def search_moves(self) -> Sequence[SearchMove]:
        """Every legal move of the seat to move, in a fixed order; empty once over.

        The sequence may be the game's own: read it, never change it.
        """
        return [(index,) for index in range(len(self.legal_moves()))]

    def search_push(self, move: SearchMove) -> None:
        """Apply a move from `search_moves()` unchecked, then what the rules do by themselves.

        The action log need not record it, so `to_json` and `take_back` may no longer
        describe the game: push only on a `search_copy()`.
        """
        self.play(self.search_text(move))

    def search_wins(self) -> list[SearchMove]:
        """The moves of `search_moves()` that win the game (or round) at once, in order."""
        wins = set(self.winning_moves())
        return [move for move in self.search_moves() if self.search_text(move) in wins]

    def search_text(self, move: SearchMove) -> str:
        """The canonical text of a move from `search_moves()`."""
        return self.legal_moves()[move[0]]

    def _search_clone(self) -> Self:
        """A shallow copy with the base's lists copied; games copy their own mutable state."""
        clone = object.__new__(type(self))
        for name, value in self.__dict__.items():
            setattr(clone, name, value)  # one by one: attribute reads stay as fast as usual
        clone._actions = list(self._actions)
        clone._events = list(self._events)
        return clone

    def _forfeit(self, seat: int, ending: Ending) -> None:
        """A seat leaves the game. By default every other seat wins at once."""
        others = tuple(s for s in range(self.players) if s != seat)
        self._finish(Result.win(others, self.players, ending))

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
    def actions(self) -> tuple[Action, ...]:
        """Everything players did, in order: the log the game is rebuilt from."""
        return tuple(self._actions)

    def repetitions(self) -> int:
        """How many times the position now (the board and who is to move) has stood in this
        game, or in a game played in rounds this round, counting now. Games that draw on
        a repetition count it; the others always say 1."""
        return 1

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
        """Apply a move given in any accepted spelling; return its canonical text.

        Raises `InvalidMove` for text that is no move of this game, and `ForbiddenMove`
        for a move the rules do not allow now (any move, once the game is over).
        """
        if not isinstance(text, str):
            raise InvalidMove("a move must be text")
        move = self._parse(text)
        self._check_not_over()
        canonical = self._play(move)
        self._actions.append(Action(ActionKind.MOVE, move=canonical))
        return canonical

    def forfeit(self, seat: int, ending: Ending = Ending.RESIGNATION) -> None:
        """`seat` resigns or runs out of time: it loses, or with 3-4 players goes out."""
        if ending not in FORFEITS:
            raise InvalidMove(f"a forfeit is a resignation or time running out, not {ending!r}")
        self._check_not_over()
        if not 0 <= seat < self.players:
            raise ForbiddenMove(f"there is no seat {seat + 1} in this game")
        self._forfeit(seat, ending)
        self._actions.append(Action(ActionKind.FORFEIT, seat=seat, ending=ending))

    def agree_draw(self) -> None:
        """End the game as a draw that the players agreed on."""
        self._check_not_over()
        self._finish(Result.draw(self.players, Ending.AGREEMENT))
        self._actions.append(Action(ActionKind.AGREED_DRAW))

    def apply(self, action: Action) -> None:
        """Do one logged action again: play its move, forfeit its seat or agree the draw."""
        if action.kind is ActionKind.AGREED_DRAW:
            self.agree_draw()
        elif action.kind is ActionKind.MOVE:
            self.play(action.move)
        elif action.seat is None:
            raise InvalidMove("a forfeit needs a seat")
        else:
            self.forfeit(action.seat, action.ending)

    def take_back(self) -> Game:
        """A copy of this game without its last action (and the passes that followed it)."""
        if not self._actions:
            raise ForbiddenMove.because("no_take_back", "there is no move to take back")
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
                "actions": [action.text for action in self._actions],
                "history": list(self.history),
            },
            separators=(",", ":"),
        )

    def _check_not_over(self) -> None:
        if self._result is not None:
            raise ForbiddenMove.because("over", "the game is over")

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


_CLASSES: dict[str, type[Game]] = {}
_INFOS: dict[str, GameInfo] = {}
GAMES: Mapping[str, GameInfo] = MappingProxyType(_INFOS)
"""Every registered game by command name, in the order registered (a live, read-only view)."""

GameClass = TypeVar("GameClass", bound=type[Game])


def register(cls: GameClass) -> GameClass:
    """Class decorator: make a game known to `GAMES`, `new_game` and `load_game`."""
    name = cls.info.name
    if _CLASSES.setdefault(name, cls) is not cls:
        raise ValueError(f"a game called {name!r} is registered already")
    _INFOS[name] = cls.info
    return cls


def unregister(name: str) -> None:
    """Forget a registered game: the opposite of `register`."""
    del _CLASSES[name], _INFOS[name]


def game_class(name: str) -> type[Game]:
    try:
        return _CLASSES[name.strip().lower()]
    except KeyError:
        known = ", ".join(sorted(_CLASSES))
        raise InvalidOption.because(
            "no_game", "there is no game called {typed!r} (try {known})", typed=name, known=known
        ) from None


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
        raise InvalidOption.because(
            "players",
            "{game} is played by {span} players, not {players}",
            game=info.title,
            span=span,
            least=info.min_players,
            most=info.max_players,
            players=players,
        )
    return cls(players, seed, info.resolve_options(options))


def replay(
    name: str,
    players: int,
    seed: int,
    options: Mapping[str, object],
    actions: Iterable[Action],
) -> Game:
    """Rebuild a game by applying its logged actions, in order, to a new one."""
    game = create(name, players, seed, options)
    for action in actions:
        game.apply(action)
    return game
