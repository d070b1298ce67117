"""Folio: place the piece your opponent gives you; four colours or three sizes in a line win."""

from __future__ import annotations

from engine.core import Game, GameInfo, Option, register


@register
class FolioGame(Game):
    """Folio for two players on a floating, fixed or absent grid."""

    info = GameInfo(
        name="folio",
        title="Folio",
        min_players=2,
        max_players=2,
        summary=(
            "Your opponent chooses the piece you place. Sixteen pyramids in four colours "
            "and three sizes are placed one by one; complete a line of four that holds "
            "four different colours or all three sizes and you win. On the floating grid "
            "the pieces must always fit in a 4x4 square."
        ),
        options=(
            Option(
                "grid",
                str,
                "floating",
                "floating (8x8, all pieces within a 4x4 square), fixed (4x4) or none "
                "(floating, each piece touching one already placed).",
                choices=("floating", "fixed", "none"),
                refusals=(
                    (
                        "freeform",
                        "the freeform variant needs pieces placed anywhere on a real "
                        "table, so it is not offered here",
                    ),
                ),
            ),
            Option(
                "extras",
                str,
                "RS YM GL BM",
                "The four extra pieces as codes (e.g. RS YM GL BM), or random.",
            ),
        ),
        colours=("red", "yellow", "green", "blue"),
    )
