"""Finished games written straight to storage, for the ratings and standings tests."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence

from bot.storage import GameDraft, GameRecord, Seat, Status, Storage

GUILD = 1
_CHANNELS = itertools.count(900)


async def finish(
    storage: Storage,
    user_ids: Sequence[int],
    ranks: Sequence[int | None],
    *,
    game: str = "tink",
    guild_id: int = GUILD,
    status: Status = Status.FINISHED,
) -> GameRecord:
    """A game between `user_ids` (named `P<id>`) in a channel of its own, saved as ended."""
    seats = tuple(Seat(i, u, f"P{u}", accepted=True) for i, u in enumerate(user_ids))
    draft = GameDraft(game, guild_id, next(_CHANNELS), None, {}, 7, user_ids[0], seats, "{}", 1e12)
    record = await storage.create_game(draft, now=1.0)
    ended = dataclasses.replace(
        record,
        status=status,
        players=tuple(dataclasses.replace(s, rank=r) for s, r in zip(seats, ranks, strict=True)),
        ended_at=2.0,
    )
    return await storage.save(ended, now=2.0)
