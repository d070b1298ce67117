"""What an announcement of a saved change keeps, so that it can be posted after a restart:
the post's rich text, pings and buttons, and the position and clocks its picture shows."""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from bot.play.values import Lapsed, Post, Prompt
from bot.play.words.text import from_data, to_data
from bot.storage import Announcement, GameRecord


@dataclass(frozen=True, slots=True)
class Owed:
    """An announcement read back: the post (without its picture) and what to draw."""

    place_id: int
    post: Post
    picture_name: str
    state: str
    player_names: tuple[str, ...]
    clocks: tuple[str | None, ...] = ()


def announcement(record: GameRecord, post: Post, clocks: Sequence[str | None] = ()) -> Announcement:
    """The announcement of the change saving `record` (read at its version before the save),
    with the `clocks` its picture shows beside the players' names."""
    lapsed = post.lapsed
    data = {
        "text": to_data(post.text),
        "pings": list(post.pings),
        "prompt": None if post.prompt is None else post.prompt.value,
        "lapsed": None if lapsed is None else [lapsed.message_id, lapsed.prompt.value],
        "picture": picture_name(record),
        "state": record.state,
        "names": list(record.names),
        "clocks": list(clocks),
    }
    return Announcement(
        uuid.uuid4().hex, record.id, record.version + 1, record.place_id, json.dumps(data)
    )


def owed(stored: Announcement) -> Owed:
    """An announcement as it was written."""
    data = json.loads(stored.post)
    lapsed = data["lapsed"]
    post = Post(
        stored.game_id,
        from_data(data["text"]),
        pings=tuple(data["pings"]),
        prompt=None if data["prompt"] is None else Prompt(data["prompt"]),
        lapsed=None if lapsed is None else Lapsed(lapsed[0], Prompt(lapsed[1])),
        announcement=stored.id,
    )
    clocks = tuple(data.get("clocks", ()))
    return Owed(stored.place_id, post, data["picture"], data["state"], tuple(data["names"]), clocks)


def picture_name(record: GameRecord) -> str:
    """The file name of a game's board picture."""
    return f"{record.game}-{record.id}.png"
