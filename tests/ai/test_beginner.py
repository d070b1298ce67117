"""The beginner: its settings by seat, and leniency towards an opponent that never blocks."""

from __future__ import annotations

import pytest

import ai
import engine
from ai import _played, _unblocking

LET_BE = "S c3, S a8, S f3, S b8, S c6, S h1, S f6"
"""The second seat's two on a8 and b8 is let be twice by the first seat, never blocked."""
BLOCKED = "S c3, S a8, S f3, S b8, S c8, S h1, S f6"
"""As `LET_BE`, but the first seat blocks the two on c8, then lets it be."""


def played(moves: str) -> engine.Game:
    game = engine.new_game("tink", 2, seed=3)
    for move in moves.split(", "):
        game.play(move)
    return game


def test_an_opponent_that_lets_the_lines_be_and_never_blocks_them_is_seen_so() -> None:
    game = played(LET_BE)
    assert _unblocking(game, 2) and not _unblocking(game, 3)
    assert not _unblocking(played(BLOCKED), 1)


def test_the_beginner_is_lenient_only_towards_an_opponent_that_does_not_block() -> None:
    beginner = ai.SETTINGS["beginner"]
    assert beginner.lenient is not None
    assert _played(beginner, played(LET_BE)) is beginner.lenient
    assert _played(beginner, played(BLOCKED)) is beginner
    assert _played(beginner, played("S c3")) is beginner


def test_the_beginner_plays_its_first_seat_by_settings_of_its_own() -> None:
    beginner = ai.SETTINGS["beginner"]
    assert beginner.first is not None
    assert _played(beginner, engine.new_game("tink", 2, seed=3)) is beginner.first
    assert _played(beginner, engine.new_game("tink", 3, seed=3)) is beginner


@pytest.mark.parametrize("seed", range(5))
def test_the_beginner_takes_a_win_in_one_however_lenient(seed: int) -> None:
    game = played("S c3, S a8, S f3, S b8, S c6, S c8, S f6")
    assert _played(ai.SETTINGS["beginner"], game) is ai.SETTINGS["beginner"].lenient
    assert ai.choose_move(game, "beginner", seed=seed) == "S d8"


@pytest.mark.parametrize("name", ["folio", "bridge"])
def test_the_beginner_plays_folio_and_bridge_by_settings_of_their_own(name: str) -> None:
    beginner = ai.SETTINGS["beginner"]
    game = engine.new_game(name, 2, seed=3)
    game.play(game.legal_moves()[0])
    assert _played(beginner, game) is beginner.games[name]
    assert beginner.games[name].miss_block < 0.5, "it blocks the most threats in the second seat"


def test_no_other_level_changes_with_the_seat_or_the_opponent() -> None:
    for level in ("easy", "medium", "hard"):
        settings = ai.SETTINGS[level]
        assert settings.first is None and settings.lenient is None
