"""The crosstable picture: sized to stay legible on a phone, every row drawn."""

import io

from PIL import Image

from render.crosstable import ASKER, CrossRow, crosstable_png

PHONE_WIDTH = 360


def rows(count: int) -> list[CrossRow]:
    return [
        CrossRow(
            str(i + 1),
            f"Player {i + 1} with a long name 名前",
            tuple(None if j == i else "½" if (i + j) % 3 else "1" for j in range(count)),
            "7½",
            "42",
            asker=i == count - 1,
        )
        for i in range(count)
    ]


def test_sixteen_players_fit_twice_a_phone_width_so_text_stays_legible() -> None:
    image = Image.open(io.BytesIO(crosstable_png("Tournament #1: Tink Swiss", "BH", rows(16))))
    assert image.width <= 2.1 * PHONE_WIDTH
    assert image.height < image.width * 1.2
    shrink = PHONE_WIDTH / image.width
    assert 22 * shrink >= 10, "figures of 22 px stay 10 px tall or more on a phone"


def test_the_askers_row_is_marked_and_a_small_field_is_narrow() -> None:
    small = Image.open(io.BytesIO(crosstable_png("Tournament #2", "SB", rows(3)))).convert("RGB")
    assert small.width < 16 * 26
    colours = {colour for _, colour in small.getcolors(1 << 16) or []}
    assert ASKER in colours
