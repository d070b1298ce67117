"""What an announcement of a saved change keeps, so that it can be posted after a restart:
the post's rich text, pings and buttons, and the position and clocks its picture shows."""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from bot.play.clocks.clock import SeatClock
from bot.play.table.values import Lapsed, Post, Prompt
from bot.play.words.text import from_data, to_data
from bot.storage import Announcement, GameRecord

CONSOLE_PLACE = 1
"""The place the console's games are played in (`python -m bot local`): no Discord channel
has so small an id (a snowflake), and the console shows each post as it is made, so the
announcements its games' saves keep are owed to no one."""


@dataclass(frozen=True, slots=True)
class Owed:
    """An announcement read back: the post (without its picture) and what to draw."""

    place_id: int
    post: Post
    picture_name: str | None
    """None for a post without a picture (a notice)."""
    state: str
    player_names: tuple[str, ...]
    clocks: tuple[SeatClock | None, ...] = ()
    dm_user_id: int | None = None
    """Whom the post goes to by direct message first (a reminder), if anyone."""


def announcement(
    record: GameRecord, post: Post, clocks: Sequence[SeatClock | None] = ()
) -> Announcement:
    """The announcement of the change saving `record` (read at its version before the save),
    with the `clocks` its picture shows beside the players' names, and the token of the
    interaction whose reply the post is to be, if known (`Post.reply_token`)."""
    data = _data(post) | {
        "picture": picture_name(record),
        "state": record.state,
        "names": list(record.names),
        "clocks": [None if clock is None else [clock.left, clock.paused] for clock in clocks],
    }
    return Announcement(
        uuid.uuid4().hex,
        record.id,
        record.version + 1,
        record.place_id,
        json.dumps(data),
        reply_token=post.reply_token,
    )


def notice(
    record: GameRecord, post: Post, now: float, *, dm_user_id: int | None = None
) -> Announcement:
    """The announcement of a post, without a picture, about something outside the game
    that is saved with it at `now` (a player's vacation, a reminder), at the game's
    version; sent to `dm_user_id` by direct message first, when given."""
    data = _data(post) | {"picture": None, "state": record.state, "names": list(record.names)}
    if dm_user_id is not None:
        data["dm"] = dm_user_id
    return Announcement(
        uuid.uuid4().hex, record.id, record.version, record.place_id, json.dumps(data), now
    )


def news(place_id: int, post: Post) -> Announcement:
    """The announcement of a post about no one game (a tournament's news), without a
    picture, saved with the change it tells of."""
    data = _data(post) | {"picture": None, "state": "", "names": []}
    return Announcement(uuid.uuid4().hex, post.game_id, 0, place_id, json.dumps(data))


def _data(post: Post) -> dict[str, object]:
    """What an announcement keeps of its post: text, pings, buttons, the messages whose
    buttons it ended."""
    return {
        "text": to_data(post.text),
        "pings": list(post.pings),
        "prompt": None if post.prompt is None else post.prompt.value,
        "lapsed": [[lapsed.message_id, lapsed.prompt.value] for lapsed in post.lapsed],
    }


def owed(stored: Announcement) -> Owed:
    """An announcement as it was written."""
    data = json.loads(stored.post)
    post = Post(
        stored.game_id,
        from_data(data["text"]),
        pings=tuple(data["pings"]),
        prompt=None if data["prompt"] is None else Prompt(data["prompt"]),
        lapsed=_lapsed(data["lapsed"]),
        announcement=stored.id,
    )
    clocks = tuple(map(_clock, data.get("clocks", ())))
    names = tuple(data["names"])
    dm = data.get("dm")
    return Owed(stored.place_id, post, data["picture"], data["state"], names, clocks, dm)


def _clock(kept: object) -> SeatClock | None:
    """A seat's clock as written: seconds left and whether paused (an announcement owed
    from before clocks were kept so, as words, is drawn again without them)."""
    if isinstance(kept, list):
        left, paused = kept
        return SeatClock(float(left), bool(paused))
    return None


def _lapsed(kept: object) -> tuple[Lapsed, ...]:
    """The lapsed messages an announcement keeps: a list of `[message id, prompt]`, or as
    written before a post could end more than one, that pair alone or null."""
    if not isinstance(kept, list) or not kept:
        return ()
    pairs = kept if isinstance(kept[0], list) else [kept]
    return tuple(Lapsed(int(message_id), Prompt(prompt)) for message_id, prompt in pairs)


def picture_name(record: GameRecord) -> str:
    """The file name of a game's board picture."""
    return f"{record.game}-{record.id}.png"
