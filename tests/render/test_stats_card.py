"""A player's statistics card: twice a phone's width, as tall as what it shows."""

from __future__ import annotations

import io

from PIL import Image

from bot.play.words.pictures import picture_words
from render.stats_card import SHOWN_TROPHIES, WIDTH, StatsCard, stats_card_png

PICTURE_WORDS = picture_words("en")


def card(trophies: int, history: tuple[float, ...] = (3.0, 4.5, 4.0)) -> Image.Image:
    drawn = StatsCard(
        "alice: Tink",
        "4.0",
        "#1 of 3",
        history,
        ("2 wins, 1 loss, 0 draws in 3 games", "Highest rating 4.5"),
        tuple(f"Tournament #{n}: Tink Swiss" for n in range(trophies)),
    )
    return Image.open(io.BytesIO(stats_card_png(drawn, PICTURE_WORDS)))


def test_the_card_is_drawn_twice_a_phones_width_and_grows_with_each_trophy_shown() -> None:
    none, one, many = card(0), card(1), card(SHOWN_TROPHIES + 3)
    assert none.width == one.width == many.width == WIDTH
    row = one.height - none.height
    assert row > 0 and many.height == none.height + row * (SHOWN_TROPHIES + 1)


def test_a_rating_line_is_drawn_only_from_two_games_on() -> None:
    flat, drawn = card(0, (4.0,)), card(0)
    assert flat.size == drawn.size and flat.tobytes() != drawn.tobytes()
