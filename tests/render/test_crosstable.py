"""The crosstable picture: sized to stay legible on a phone, every row drawn, byes and a
deciding direct encounter in columns of their own."""

import dataclasses
import io

import pytest
from PIL import Image

from bot.play.words.pictures import picture_words
from render.crosstable import (
    ASKER,
    BYE,
    DIRECT,
    FIGURE,
    INK,
    MARGIN,
    ROW,
    CrossRow,
    crosstable_png,
)

PICTURE_WORDS = picture_words("en")

PHONE_WIDTH = 360


def rows(count: int, *, bye: bool = False, direct: bool = False) -> list[CrossRow]:
    return [
        CrossRow(
            str(i + 1),
            f"Player {i + 1} with a long name 名前",
            tuple(None if j == i else "½" if (i + j) % 3 else "1" for j in range(count)),
            "7½",
            "42",
            asker=i == count - 1,
            bye="+1" if bye and i == 0 else "",
            direct="1½" if direct and i == 1 else "",
        )
        for i in range(count)
    ]


def picture(title: str, tie_break: str, shown: list[CrossRow]) -> Image.Image:
    return Image.open(io.BytesIO(crosstable_png(title, tie_break, shown, PICTURE_WORDS))).convert(
        "RGB"
    )


@pytest.mark.parametrize("extras", [{}, {"bye": True}, {"bye": True, "direct": True}])
def test_sixteen_players_fit_twice_a_phone_width_so_text_stays_legible(
    extras: dict[str, bool],
) -> None:
    image = picture("Tournament #1: Tink Swiss", "BH", rows(16, **extras))
    assert image.width <= 2.1 * PHONE_WIDTH
    assert image.height < image.width * 1.2
    shrink = PHONE_WIDTH / image.width
    assert 22 * shrink >= 10, "figures of 22 px stay 10 px tall or more on a phone"


def test_the_askers_row_is_marked_and_a_small_field_is_narrow() -> None:
    small = picture("Tournament #2", "SB", rows(3))
    assert small.width < 16 * 26
    colours = {colour for _, colour in small.getcolors(1 << 16) or []}
    assert ASKER in colours


def inked(image: Image.Image, left: int, right: int, row: int) -> bool:
    """Whether anything is written in the columns from `left` to `right` of a row."""
    top = MARGIN + ROW * (row + 2)
    band = image.crop((left, top, right, top + ROW))
    return any(colour == INK for _, colour in band.getcolors(1 << 16) or [])


def test_a_bye_is_written_in_its_own_column_on_the_row_of_who_had_it() -> None:
    plain = picture("Tournament #3", "BH", rows(4))
    with_bye = picture("Tournament #3", "BH", rows(4, bye=True))
    assert with_bye.width == plain.width + BYE
    right = with_bye.width - MARGIN - 2 * FIGURE
    assert inked(with_bye, right - BYE, right, 0)
    assert not inked(with_bye, right - BYE, right, 1)


def test_direct_encounter_is_a_column_only_when_it_decided_a_place() -> None:
    plain = picture("Tournament #4", "SB", rows(4))
    deciding = picture("Tournament #4", "SB", rows(4, direct=True))
    assert deciding.width == plain.width + DIRECT
    right = deciding.width - MARGIN
    assert inked(deciding, right - DIRECT, right, 1)
    assert not inked(deciding, right - DIRECT, right, 0)
    blank = [dataclasses.replace(row, direct="") for row in rows(4, direct=True)]
    assert picture("Tournament #4", "SB", blank).width == plain.width
