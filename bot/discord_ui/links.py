"""Links to the places games are played in."""

from __future__ import annotations


def game_link(guild_id: int | None, place_id: int, message_id: int | None) -> str | None:
    """The message that opened a game, else its channel; None outside a server."""
    if guild_id is None:
        return None
    place = f"https://discord.com/channels/{guild_id}/{place_id}"
    return place if message_id is None else f"{place}/{message_id}"
