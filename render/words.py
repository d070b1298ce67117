"""The words a picture says, asked of whoever draws it: pictures hold no sentence of
their own, so the caller says each in its reader's language (the bot's catalogs do)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Protocol

import engine


class Label(Enum):
    """The short labels a picture carries beside its figures."""

    WINS = "wins"
    """A seat's note once it has won."""
    OUT = "out"
    """A seat's note once it is out of the game."""
    GIVES = "gives"
    """Folio: the seat to move gives a piece."""
    PLACES = "places"
    """Folio: the seat to move places the piece it was given."""
    TO_PLACE = "to place"
    """Folio: the row under the board with the piece in hand."""
    POOL = "pool"
    """Folio: the row under the board with the pieces left to give."""
    MOVES = "moves"
    """A review graph: under its axis of moves."""
    BYE = "bye"
    """A crosstable: the heading of the bye column."""
    POINTS = "points"
    """A crosstable: the heading of the points column (short)."""
    DIRECT = "direct"
    """A crosstable: the heading of the direct encounter column (short)."""


class PictureWords(Protocol):
    """Everything a picture says in words, in one language. The move notation (`S d4`),
    squares, piece codes and figures are drawn as they are in every language."""

    def label(self, label: Label) -> str:
        """A short label (see `Label`)."""

    def player(self, number: int) -> str:
        """`Player 2`: a seat whose player has no drawable name."""

    def won(self, winners: Sequence[str], ending: engine.Ending) -> str:
        """`Alice wins: four in a row`: the headline of a game won."""

    def drawn(self, ending: engine.Ending) -> str:
        """`Draw: agreed draw`: the headline of a game drawn."""

    def moved(self, number: int, move: str) -> str:
        """`Move 7: S d4`: the headline after a move."""

    def new_game(self, title: str) -> str:
        """`Tink: a new game`: the headline before the first move."""

    def points(self, total: int) -> str:
        """`12 points`: a seat's total in a Bridge match."""

    def home_rank(self, rank: int) -> str:
        """`home rank 8`: the rank a Bridge seat builds from."""

    def to_answer(self, name: str) -> str:
        """Bridge's headline while a bridge waits for the one move that answers it."""

    def round_over(self, number: int, name: str) -> str:
        """Bridge's headline between rounds of a match: who chooses who starts."""

    def in_round(self, number: int, headline: str) -> str:
        """`Round 2 · ...`: Bridge's headline during a round of a match."""

    def grade(self, grade: str) -> str:
        """A review graph's legend: the grade of a move (`blunder`, `mistake`...)."""

    def more(self, count: int) -> str:
        """`and 3 more`: under a list cut short."""

    def number(self, value: float, decimals: int) -> str:
        """A figure as the language writes it (`1,523.4`; `1.523,4` in German)."""
