"""The bot's players keep their user ids: stored games name the first three levels by the
ids they had before the beginner level came."""

from __future__ import annotations

import pytest

import ai
from bot.play.playing.ai_seats import LEVELS, ai_level, ai_user_id, checked_level
from bot.play.table.values import Refusal


def test_the_first_levels_keep_the_ids_stored_games_hold() -> None:
    assert [ai_user_id(level) for level in ("easy", "medium", "hard")] == [-1, -2, -3]
    assert [ai_user_id(level, 1) for level in ("easy", "medium", "hard")] == [-4, -5, -6]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("copy", [0, 1, 5])
def test_each_seat_of_each_level_is_read_back_as_its_level(level: str, copy: int) -> None:
    assert ai_level(ai_user_id(level, copy)) == level


def test_every_seat_has_an_id_of_its_own() -> None:
    ids = [ai_user_id(level, copy) for level in LEVELS for copy in range(8)]
    assert len(set(ids)) == len(ids) and all(user_id < 0 for user_id in ids)


def test_the_beginner_level_is_asked_for_by_name() -> None:
    assert LEVELS[0] == "beginner" and checked_level(" Beginner ") == "beginner"
    with pytest.raises(Refusal, match="beginner, easy, medium or hard"):
        checked_level("novice")


def test_the_beginner_blocks_less_in_the_first_seat_of_two_where_the_tempo_is() -> None:
    beginner = ai.SETTINGS["beginner"]
    assert beginner.misses(0, 2) > beginner.misses(1, 2) == beginner.misses(0, 3)
    assert ai.SETTINGS["easy"].misses(0, 2) == ai.SETTINGS["easy"].misses(1, 2)
