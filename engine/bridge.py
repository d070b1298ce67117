"""Bridge: move knights, bishops and kings of pyramids to join your two edges."""

from __future__ import annotations

from engine.core import Game, GameInfo, Option, register


@register
class BridgeGame(Game):
    """Bridge for two players, one round or a scored match."""

    info = GameInfo(
        name="bridge",
        title="Bridge",
        min_players=2,
        max_players=2,
        summary=(
            "Build a bridge of your own pieces, joined side to side, from rank 1 to rank "
            "8. Larges jump like knights, mediums slide diagonally like bishops, smalls "
            "step like kings; nothing is captured. Play one round, or a match scored "
            "like golf: every piece outside your bridge costs a point."
        ),
        options=(
            Option(
                "win",
                str,
                "instant",
                "instant: a bridge wins at once; delayed: the second player gets one "
                "more move to answer.",
                choices=("instant", "delayed"),
            ),
            Option("rounds", int, 1, "How many rounds the match lasts.", minimum=1, maximum=50),
            Option(
                "point_limit",
                int,
                None,
                "End the match as soon as a total passes this (replaces rounds).",
                minimum=1,
                maximum=1000,
            ),
            Option(
                "repetition_draw",
                bool,
                True,
                "Draw a round when the same position with the same player to move occurs "
                "a third time.",
            ),
        ),
    )
