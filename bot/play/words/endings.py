"""How a game ended, in words: said after "wins:" or "Draw:", in sentences and pictures."""

from __future__ import annotations

import engine
from bot.play.words.text import Text, t


def ending_text(ending: engine.Ending) -> Text:
    """`four in a row`: how a game ended, in a few words."""
    match ending:
        case engine.Ending.FOUR_IN_A_ROW:
            return t("four in a row")
        case engine.Ending.FOUR_COLOURS:
            return t("four colours in a line")
        case engine.Ending.THREE_SIZES:
            return t("three sizes in a line")
        case engine.Ending.ALL_PLACED:
            return t("all pieces placed")
        case engine.Ending.BRIDGE:
            return t("bridge completed")
        case engine.Ending.BOTH_BRIDGES:
            return t("both bridges completed")
        case engine.Ending.LOWEST_TOTAL:
            return t("lowest total")
        case engine.Ending.EQUAL_TOTALS:
            return t("equal totals")
        case engine.Ending.NO_ONE_CAN_MOVE:
            return t("no one can move")
        case engine.Ending.LAST_PLAYER_IN:
            return t("last player in")
        case engine.Ending.REPETITION:
            return t("threefold repetition")
        case engine.Ending.AGREEMENT:
            return t("agreed draw")
        case engine.Ending.RESIGNATION:
            return t("resignation")
        case engine.Ending.TIME:
            return t("time ran out")
