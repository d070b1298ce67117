"""Threat-space search in Tink: wins by a chain of threats, found and kept from the opponent,
and never claimed without the pieces to carry them out."""

from __future__ import annotations

import pytest

import ai
import engine
from ai.lines import read_lines
from ai.threat_space import refuted, winning_attack
from tests.ai.test_lines import played
from tests.ai.test_lines import tiny_budgets as tiny_budgets


def texts(game: engine.Game, moves: list[engine.SearchMove]) -> set[str]:
    return {game.search_text(move) for move in moves}


FORK = "S e5, S d6, S d4, S f6, S e6, S e7"
"""The second seat's e7 made two open twos on the diagonals through it: c5 would make
b4-c5-d6-e7 open at both ends, g5 would make e7-f6-g5 open at d8 and h4. No one move blocks
both; only a threat to win in one (b2 or c3 on the c3-d4-e5 diagonal, e3 or e4 on the e file)
keeps the first seat alive, as the block it forces costs the second seat a small it needs."""


def test_after_a_fork_only_the_counter_threats_hold() -> None:
    game = played(FORK)
    holding = [move for move in game.search_moves() if not refuted(game, move, 3)]
    assert texts(game, holding) == {"S b2", "S c3", "S e3", "S e4"}


@pytest.mark.parametrize("seed", range(3))
def test_hard_answers_a_fork_with_a_counter_threat(seed: int) -> None:
    assert ai.choose_move(played(FORK), "hard", seed=seed) in {"S b2", "S c3", "S e3", "S e4"}


@pytest.mark.parametrize("seed", range(3))
def test_a_double_threat_that_wins_is_made(seed: int) -> None:
    game = played(f"{FORK}, S b4")
    assert ai.choose_move(game, "hard", seed=seed) == "S g5"


def test_a_double_threat_without_the_smalls_to_finish_it_is_no_win() -> None:
    game = played(f"{FORK}, S b2, S c3, S b4")
    assert game.view().stashes[1][engine.Size.SMALL] == 1
    assert winning_attack(game, 4) is None


QUIET_WIN = "S f3, S g6, S f4, S f5, S f2, S f1"
"""The first seat's e4 threatens no win in one, but with f3 and f4 it makes two open twos
(d4-e4-f4-g4's rank, d5-e4-f3-g2's diagonal), more than the second seat can meet."""


def test_a_win_by_threats_that_starts_quietly_is_found_and_holds_against_every_answer() -> None:
    game = played(QUIET_WIN)
    assert winning_attack(game, 2) is None
    move = winning_attack(game, 3)
    assert move is not None and game.search_text(move) == "S e4"
    after = game.search_copy()
    after.search_push(move)
    for answer in after.search_moves():
        reply = after.search_copy()
        reply.search_push(answer)
        assert reply.result is not None or winning_attack(reply, 2) is not None


@pytest.mark.parametrize("seed", range(2))
def test_hard_reads_the_quiet_chain_that_medium_does_not(seed: int) -> None:
    game = played(QUIET_WIN)
    assert ai.SETTINGS["medium"].threat_depth < 3 <= ai.SETTINGS["hard"].threat_depth
    assert ai.choose_move(game, "hard", seed=seed) == "S e4"


CORNERED = (
    "S e7, S d7, S d8, S f6, S c9, S b10, S d6, S f8, S c5, S b4, M c6 c5 d6, M e8 d7 f8, "
    "S d6, S g9, S c5, S f8"
)
"""Tingle. The second seat has all its coins on the board, so every move of its spends two
of them, and each such move lifts f8, which blocks the first seat's c5-d6-e7 diagonal. The
first seat has no coin either: it wins by a quiet spend that gives it coins back and leaves
f8 pinned (a zugzwang)."""


def test_a_zugzwang_is_found_where_no_threat_wins() -> None:
    game = played(CORNERED, "tingle")
    move = winning_attack(game, 1)
    assert move is not None and game.search_text(move) in {"M c8 d8 c9", "M d9 d8 c9"}
    after = game.search_copy()
    after.search_push(move)
    assert read_lines(after).threats(0) == 0
    for answer in after.search_moves():
        reply = after.search_copy()
        reply.search_push(answer)
        assert reply.search_wins()


LOST_OPEN_TWO = (
    "S g6, S g5, S f5, S e4, S h7, S i8, S e6, S g4, S d7, S c8, M h6 g6 h7, M f4 e4 g5, S e4"
)
"""Tingle. The first seat's e4-f5 diagonal is open at both ends (d3 and c2, g6 and h7) and
the second seat, with two coins left, loses whatever it does; only a block at d3 or g6 keeps
the double threat from coming at once."""


@pytest.mark.parametrize("seed", range(2))
def test_a_lost_position_is_resisted_by_blocking_the_open_two(seed: int) -> None:
    game = played(LOST_OPEN_TWO, "tingle")
    assert ai.choose_move(game, "hard", seed=seed) in {"S d3", "S g6"}


def test_a_review_values_a_win_by_threats_as_won_and_a_move_keeping_it_as_losing_nothing() -> None:
    game = played(QUIET_WIN)
    kept = ai.appraise(game, "review", "S e4")
    assert (kept.best, kept.values, kept.played) == ("S e4", (1.0, 0.0), 1.0)
    missed = ai.appraise(game, "review", "S a8")
    assert missed.values == (1.0, 0.0) and missed.played < 1.0


def test_a_review_values_a_move_after_which_the_opponent_wins_by_threats_as_lost() -> None:
    game = played(FORK)
    assert ai.appraise(game, "review", "S a8").played == 0.0
    assert ai.appraise(game, "review", "S c3").played > 0.0
