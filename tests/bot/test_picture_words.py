"""The words of the board pictures in every shipped language: the line over the board
fits the full picture (as a phone shows it, about 340 px wide) without being cut, for a
player's name of nine letters."""

from __future__ import annotations

import pytest

import engine
import render
from bot.play.words.languages import LANGUAGES, SOURCE
from bot.play.words.pictures import picture_words
from render.lettering import line

NAME = "Alexandra"
WON = (
    *(engine.Ending.FOUR_IN_A_ROW, engine.Ending.FOUR_COLOURS, engine.Ending.THREE_SIZES),
    *(engine.Ending.BRIDGE, engine.Ending.BOTH_BRIDGES, engine.Ending.LOWEST_TOTAL),
    *(engine.Ending.NO_ONE_CAN_MOVE, engine.Ending.LAST_PLAYER_IN),
    *(engine.Ending.RESIGNATION, engine.Ending.TIME),
)
"""The endings a game is won by."""
DRAWN = (
    *(engine.Ending.AGREEMENT, engine.Ending.REPETITION, engine.Ending.EQUAL_TOTALS),
    *(engine.Ending.ALL_PLACED, engine.Ending.NO_ONE_CAN_MOVE),
)
"""The endings a game is drawn by."""


def headlines(language: str) -> list[str]:
    words = picture_words(language)
    return [
        *(words.won([NAME], ending) for ending in WON),
        *(words.drawn(ending) for ending in DRAWN),
        words.round_over(2, NAME),
        words.to_answer(NAME),
        words.in_round(3, words.moved(12, "N c3-d5")),
        words.moved(40, "M e4 d3 f3"),
        words.new_game("Bridge"),
    ]


@pytest.mark.parametrize("language", [SOURCE, *LANGUAGES])
def test_every_headline_fits_the_board_picture_uncut(language: str) -> None:
    scene = render.board_scene(engine.new_game("bridge", 2, seed=1), [], picture_words(SOURCE))
    room = scene.style.width - 2 * render.FULL.pad
    size = render.FULL.text_size
    widths = {headline: line(headline, size).width for headline in headlines(language)}
    assert max(widths.values()) > room * 0.6, "the longest is a long line"
    assert {h: w for h, w in widths.items() if w > room} == {}
