"""Tink (8x8) and Tingle (10x10): one rule set on two boards."""

from __future__ import annotations

from engine.core import Game, GameInfo, Option, register

REPETITION = Option(
    "repetition_draw",
    bool,
    True,
    "Draw when the same position with the same player to move occurs a third time.",
)


@register
class TinkGame(Game):
    """Tink: four in a row of one size, with spending to bring out bigger pieces."""

    info = GameInfo(
        name="tink",
        title="Tink",
        min_players=2,
        max_players=4,
        summary=(
            "Place pyramids on a chessboard and get four of your own in a row that all "
            "count as smalls or all count as mediums. A small is free; a medium costs two "
            "of your smalls next to it, returned to your stash; the large or a small costs "
            "two mediums. Your large is wild: it counts as either size and can even be "
            "spent to move itself."
        ),
        options=(REPETITION,),
    )


@register
class TingleGame(TinkGame):
    """Tingle: Tink with piecepack coins, pyramids and pawns on a 10x10 board."""

    info = GameInfo(
        name="tingle",
        title="Tingle",
        min_players=2,
        max_players=4,
        summary=(
            "Tink on piecepack tiles: a 10x10 board with the hole in the middle playable. "
            "Get four coins or four pyramids of your suit in a row; the pawn is wild. A "
            "coin is free; a pyramid costs two of your coins next to it; the pawn or a "
            "coin costs two pyramids."
        ),
        options=(REPETITION,),
        size_names=("coin", "pyramid", "pawn"),
        colours=("Suns", "Moons", "Crowns", "Arms"),
        width=10,
        height=10,
    )
