"""Who the bot is when it plays: one player per AI level, under a user id of its own.

Each level plays under a fixed negative user id, which no Discord user can have, so it is
stored, rated and listed like anyone, the same in every process and after every restart.
The ids of the first three levels (easy, medium, hard: -1, -2, -3, then -4, -5, -6 for
their second seats in a game, and so on) were given before the beginner level came, so
the beginner's seats have ids of their own, from `BEGINNER_IDS` down.
When one game seats the same level more than once, each further seat is a player of its
own ("Pyramid Host (hard) 2"), so a game never holds one user twice.
"""

from __future__ import annotations

import ai
from bot.play.table.values import Person, UnknownLevel

LEVELS = ai.LEVELS
DEFAULT_LEVEL = "medium"
"""The level the bot plays at when invited without one."""
FIRST_LEVELS = ("easy", "medium", "hard")
"""The levels whose ids cycle from -1 (stored games hold them: never reorder)."""
BEGINNER_IDS = -1_000_001
"""The user id of the beginner level's first seat; its further seats count down."""


def ai_user_id(level: str, copy: int = 0) -> int:
    """The user id of a level's `copy`-th seat in one game (0 for the first)."""
    if level not in FIRST_LEVELS:
        return BEGINNER_IDS - copy
    return -(1 + FIRST_LEVELS.index(level) + len(FIRST_LEVELS) * copy)


def ai_level(user_id: int) -> str | None:
    """The level a user id plays at, or None for a person."""
    if user_id >= 0:
        return None
    if user_id <= BEGINNER_IDS:
        return "beginner"
    return FIRST_LEVELS[(-user_id - 1) % len(FIRST_LEVELS)]


def is_ai(user_id: int) -> bool:
    return user_id < 0


def humans(user_ids: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """The ids that belong to people, who may be pinged."""
    return tuple(user_id for user_id in user_ids if not is_ai(user_id))


def checked_level(level: str | None) -> str:
    """The level asked for (the default when none), refusing an unknown one."""
    if level is None:
        return DEFAULT_LEVEL
    wanted = level.strip().lower()
    if wanted not in LEVELS:
        raise UnknownLevel(level)
    return wanted


def ai_person(bot_name: str, level: str, copy: int = 0) -> Person:
    """The bot at `level`, as the `copy`-th seat of its level in a game."""
    suffix = "" if copy == 0 else f" {copy + 1}"
    return Person(ai_user_id(level, copy), f"{bot_name} ({level}){suffix}")
