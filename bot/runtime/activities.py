"""What the board inside Discord (an Activity) needs of Discord, which the Discord front
end provides: who opened it (and the language their Discord speaks), and in which
channel it runs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.play.words.text import Text, plain


@dataclass(frozen=True, slots=True)
class ActivityInstance:
    """An Activity running in a channel (of a server, or a DM or group DM) and the users
    who have it open."""

    channel_id: int
    users: frozenset[int]


@dataclass(frozen=True, slots=True)
class ActivityUser:
    """Who opened the Activity, as Discord confirms them: their id, and the locale their
    Discord is set to (None where Discord does not say)."""

    user_id: int
    locale: str | None


class ActivityRefused(Exception):
    """Discord did not confirm who opened the Activity (a code spent, expired or forged);
    `text` says so in a sentence, to be said in the reader's language."""

    def __init__(self, text: Text) -> None:
        super().__init__(plain(text))
        self.text = text


class ActivityTrouble(Exception):
    """Discord could not be asked for now (a refusal that may pass: 429, 5xx, the
    network)."""


class ActivityDiscord(Protocol):
    """Discord as the Activity asks it."""

    @property
    def client_id(self) -> int:
        """The application's id, which the Activity's page hands Discord's SDK."""

    async def authorized_user(self, code: str) -> ActivityUser:
        """The user who let the Activity know who they are with `code` (from the SDK's
        `authorize`), and their Discord's locale: `ActivityRefused` when Discord does not
        take the code."""

    async def instance(self, instance_id: str) -> ActivityInstance | None:
        """Where the Activity's instance runs and who is in it; None when Discord knows
        no such instance (it ended, or the id is forged)."""
