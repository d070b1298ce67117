"""A game with no search path of its own is searched through the move API."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import ClassVar

import pytest

import ai
import engine

COUNTERS = 5


class Countdown(engine.Game):
    """Two players take one or two counters in turn; whoever takes the last one wins."""

    info = engine.GameInfo(
        name="countdown",
        title="Countdown",
        min_players=2,
        max_players=2,
        summary="Take one or two counters; take the last one and you win.",
        options=(),
    )

    @property
    def to_move(self) -> int | None:
        return None if self.result is not None else len(self.history) % 2

    def legal_moves(self) -> list[str]:
        left = self._left()
        return [] if self.result is not None else [str(n) for n in (1, 2) if n <= left]

    @property
    def history(self) -> tuple[str, ...]:
        return tuple(action.move for action in self.actions)

    @property
    def movers(self) -> tuple[int, ...]:
        return tuple(ply % 2 for ply in range(len(self.history)))

    def view(self) -> engine.BoardView:
        return engine.BoardView(1, 1, {})

    MOVE_SENTENCES: ClassVar[Mapping[str, str]] = {"take": "takes {number}"}

    def move_words(self, move: str) -> engine.MoveWords:
        return engine.MoveWords("take", (("number", move),))

    def _parse(self, text: str) -> int:
        if text.strip() not in ("1", "2"):
            raise engine.InvalidMove(f"{text!r} is not 1 or 2")
        return int(text)

    def _play(self, move: int) -> str:
        left = self._left()
        if move > left:
            raise engine.ForbiddenMove(f"only {left} left")
        if move == left:
            self._finish(engine.Result.win((len(self.history) % 2,), 2, "took the last one"))
        return str(move)

    def _left(self) -> int:
        return COUNTERS - sum(int(move) for move in self.history)


@pytest.fixture(autouse=True)
def countdown(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    engine.register(Countdown)
    budget = MappingProxyType({"default": 200})
    monkeypatch.setitem(ai.SETTINGS, "hard", replace(ai.SETTINGS["hard"], iterations=budget))
    yield
    engine.unregister("countdown")


def played(*moves: str) -> engine.Game:
    game = engine.new_game("countdown", 2, seed=1)
    for move in moves:
        game.play(move)
    return game


def test_the_move_api_search_path_lists_and_plays_moves() -> None:
    game = played("1", "1")
    moves = game.search_moves()
    assert [game.search_text(move) for move in moves] == ["1", "2"]
    copy = game.search_copy()
    copy.search_push(moves[1])
    assert copy.history == ("1", "1", "2") and game.history == ("1", "1")


def test_a_win_in_one_is_taken() -> None:
    game = played("1", "2")
    assert [game.search_text(move) for move in game.search_wins()] == ["2"]
    assert ai.choose_move(game, "hard") == "2"


def test_a_forced_win_two_moves_ahead_is_found_and_a_lost_position_judged_lost() -> None:
    assert ai.choose_move(played("1"), "hard") == "1"
    assert ai.evaluate(played("1", "1"), "hard") == 0.0
