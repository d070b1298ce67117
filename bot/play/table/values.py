"""The plain values the use cases take and give: people, posts, answers, refusals.

People are ids and names, replies are rich texts (`bot.play.words.text`), files and the ids a
reply may ping. Every refusal a user can cause is a `Refusal` whose message is one
sentence; the game and the database are left unchanged by it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.play.words.text import Name, Text, excerpt, plain, say, t

LARGEST_ID = 2**53 - 1
"""The largest number anyone can name a game (or give any whole number) by: JavaScript's
safest integer, the largest Discord's options carry, well inside the databases' ids."""


class Refusal(Exception):
    """Something a user asked for that cannot be done; the message is one sentence.

    `str()` gives it in plain words (for logs); `text` keeps its names and links. The
    refusals the game commands share are values worded only when shown
    (`bot.play.words.refusals`)."""

    def __init__(self, message: str | Text) -> None:
        super().__init__(plain(message))
        self._text = say(message)

    @property
    def text(self) -> Text:
        return self._text

    def __str__(self) -> str:
        return plain(self.text)


class UnknownLevel(Refusal):
    """An AI level asked for that the bot does not have (typed in the console, or stale)."""

    def __init__(self, asked: str) -> None:
        super().__init__(
            t(
                "There is no AI level {level}: choose beginner, easy, medium or hard.",
                level=Name(excerpt(asked)),
            )
        )


class DamagedGame(Exception):
    """A stored game whose move log does not replay to its saved state (our fault)."""


class Prompt(StrEnum):
    """Buttons a post carries."""

    CHALLENGE = "challenge"
    DRAW = "draw"
    UNDO = "undo"
    PAUSE = "pause"
    CLAIM = "claim"
    MOVE = "move"
    """Move, on the post that says whose turn it is, for that player."""
    REPLAY = "replay"
    """Replay, on the post of a tournament game's end."""
    REMATCH = "rematch"
    """Replay and Rematch, on the post of any other game's end."""
    PUZZLE = "puzzle"
    """Answer, on a puzzle still open: picks the answer a piece at a time."""


@dataclass(frozen=True, slots=True)
class Person:
    """Someone taking part: a user id, the name to show, and whether it is a bot.

    `plays_ai` marks the hosting bot itself, invited to a game: it takes an AI seat.
    """

    user_id: int
    name: str
    is_bot: bool = False
    plays_ai: bool = False


@dataclass(frozen=True, slots=True)
class File:
    name: str
    data: bytes


@dataclass(frozen=True, slots=True)
class Lapsed:
    """A message whose buttons no longer mean anything: an offer that a change ended, or
    the Claim win of a turn a late move ended."""

    message_id: int
    prompt: Prompt


@dataclass(frozen=True, slots=True)
class Post:
    """A message for the game's channel. Only the users in `pings` may be notified; the
    buttons of the `lapsed` messages are disabled once it is posted. A post about a
    saved change is also kept as an `announcement` until it is sent."""

    game_id: int
    text: Text
    files: tuple[File, ...] = ()
    pings: tuple[int, ...] = ()
    prompt: Prompt | None = None
    lapsed: tuple[Lapsed, ...] = ()
    announcement: str | None = None
    """The id of the stored announcement this post is, struck off once it is sent."""
    private: bool = False
    """Shown only to whoever asked, as an answer rather than a post for the channel."""
    reply_token: str | None = None
    """The token of the interaction whose reply this post is to be, saved with its
    announcement: its reply can be read back after a restart without noting it first."""


@dataclass(frozen=True, slots=True)
class Handed:
    """What a move handed the bot in a game against it (the coach's warning): `bot`, the
    bot's seat to move next, wins with `move` at once, or (`forced`) forces a win with
    it, a double threat no single reply stops."""

    bot: str
    move: str
    forced: bool


@dataclass(frozen=True, slots=True)
class Hint:
    """What the coach tells a player about to move: their wins in one; without one, the
    moves that keep the next player from a win in one where most moves hand it one
    (`blocks`), or that every move hands one (`lost`)."""

    player: str
    wins: tuple[str, ...]
    blocks: tuple[str, ...] = ()
    lost: bool = False


@dataclass(frozen=True, slots=True)
class Played:
    """A move played: by whom, as typed in the game's notation, and in words; with the
    coach's warning where it handed the bot a win."""

    name: str
    move: str
    described: Text
    handed: Handed | None = None


@dataclass(frozen=True, slots=True)
class RanOut:
    """A player whose time ran out before they moved."""

    name: str


@dataclass(frozen=True, slots=True)
class Resent:
    """A move sent again once it was played: a double submission, or a resend after a
    reply that never came."""

    move: str


Headline = Text | Played | RanOut | Resent
"""What the post of a game's change says first (see `bot.play.table.changes`)."""


@dataclass(frozen=True, slots=True)
class Delivery:
    """A post for a game's channel. With `dm_user_id` it goes to that user's direct
    messages instead, and to the channel only when they cannot be reached."""

    place_id: int
    post: Post
    dm_user_id: int | None = None


@dataclass(frozen=True, slots=True)
class Answer:
    """The reply to a button: the new text of its message, whether its buttons go, and
    the post that follows (the first board, the result), if any."""

    text: Text
    closed: bool
    post: Post | None = None
