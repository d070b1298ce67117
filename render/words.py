"""The words pictures (and every other front end) say for how a game ended."""

from __future__ import annotations

from types import MappingProxyType

import engine

ENDINGS = MappingProxyType(
    {
        engine.Ending.FOUR_IN_A_ROW: "four in a row",
        engine.Ending.FOUR_COLOURS: "four colours in a line",
        engine.Ending.THREE_SIZES: "three sizes in a line",
        engine.Ending.ALL_PLACED: "all pieces placed",
        engine.Ending.BRIDGE: "bridge completed",
        engine.Ending.BOTH_BRIDGES: "both bridges completed",
        engine.Ending.LOWEST_TOTAL: "lowest total",
        engine.Ending.EQUAL_TOTALS: "equal totals",
        engine.Ending.NO_ONE_CAN_MOVE: "no one can move",
        engine.Ending.LAST_PLAYER_IN: "last player in",
        engine.Ending.REPETITION: "threefold repetition",
        engine.Ending.AGREEMENT: "agreed draw",
        engine.Ending.RESIGNATION: "resignation",
        engine.Ending.TIME: "time ran out",
    }
)
"""How each ending is said after "wins:" or "Draw:"."""
