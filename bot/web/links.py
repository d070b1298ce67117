"""Signed links to the pages: a game's page (to watch it) and a player's page (to move
in it). Nobody can guess one: each carries an HMAC of what it opens, made with a secret
of the settings; a player's link also names the player and expires."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass

from bot.play.words.languages import shipped

PLAY_LINK_LASTS = 24 * 3600.0
"""Seconds a player's link to their game works."""
ACTIVITY_SESSION_LASTS = 12 * 3600.0
"""Seconds the board inside Discord knows who opened it, before asking Discord again."""
SIGNATURE_BYTES = 16
LANGUAGE = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,4})?")
"""How a language is named in a session (Discord's locale codes: `de`, `pt-BR`)."""


@dataclass(frozen=True, slots=True)
class ActivitySession:
    """Who opened the board inside Discord, in which channel, and the language of their
    Discord, in which it speaks to them."""

    user_id: int
    channel_id: int
    language: str


class WebLinks:
    """Makes and checks the pages' links, which start with `address`."""

    def __init__(self, address: str, secret: bytes) -> None:
        self.address = address.rstrip("/")
        self._secret = secret

    def watch(self, game_id: int) -> str:
        """The page anyone with the link may watch the game on."""
        return f"{self.address}{self.watch_path(game_id)}"

    def watch_path(self, game_id: int) -> str:
        return f"/games/{game_id}/{self._sign(f'watch:{game_id}')}"

    def play(self, game_id: int, user_id: int, now: float) -> str:
        """The page on which the player (and only they) may move, for a day."""
        expires = int(now + PLAY_LINK_LASTS)
        signature = self._sign(f"play:{game_id}:{user_id}:{expires}")
        return f"{self.address}/play/{game_id}/{user_id}/{expires}/{signature}"

    def leaderboard(self, guild_id: int | None) -> str:
        """A server's leaderboards (outside servers: the direct games' ones)."""
        guild = guild_id or 0
        return f"{self.address}/leaderboards/{guild}/{self._sign(f'leaderboard:{guild}')}"

    def tournament(self, guild_id: int, number: int | None) -> str:
        """A server's tournament's standings (its newest when `number` is None)."""
        which = "newest" if number is None else str(number)
        signature = self._sign(f"tournament:{guild_id}:{which}")
        return f"{self.address}/tournaments/{guild_id}/{which}/{signature}"

    def shows(self, what: str, signature: str) -> bool:
        """Whether the signature opens `what` (`leaderboard:GUILD`, `tournament:GUILD:N`)."""
        return hmac.compare_digest(signature, self._sign(what))

    def watches(self, game_id: int, signature: str) -> bool:
        """Whether the signature opens the game's page."""
        return hmac.compare_digest(signature, self._sign(f"watch:{game_id}"))

    def plays(self, game_id: int, user_id: int, expires: int, signature: str, now: float) -> bool:
        """Whether the signature lets the player move in the game, and has not expired."""
        signed = self._sign(f"play:{game_id}:{user_id}:{expires}")
        return hmac.compare_digest(signature, signed) and now < expires

    def activity_session(self, opened: ActivitySession, now: float) -> str:
        """What the board inside Discord shows the user it was opened by, in the channel
        it runs in, hands back with each request: for `ACTIVITY_SESSION_LASTS`. It names
        the language it speaks to them in (a shipped one)."""
        expires = int(now + ACTIVITY_SESSION_LASTS)
        user_id, channel_id, language = opened.user_id, opened.channel_id, opened.language
        signature = self._sign(f"activity:{user_id}:{channel_id}:{expires}:{language}")
        return f"{user_id}.{channel_id}.{expires}.{language}.{signature}"

    def activity_opened(self, session: str, now: float) -> ActivitySession | None:
        """The user, channel and language of a session of the board inside Discord, or
        None when it is forged or has expired."""
        parts = session.split(".")
        numbers = parts[:3]
        if len(parts) != 5 or not all(
            p.isascii() and p.isdigit() and len(p) <= 20 for p in numbers
        ):
            return None
        user_id, channel_id, expires = (int(part) for part in parts[:3])
        language = parts[3]
        signed = self._sign(f"activity:{user_id}:{channel_id}:{expires}:{language}")
        if not LANGUAGE.fullmatch(language) or not hmac.compare_digest(parts[4], signed):
            return None
        if now >= expires:
            return None
        return ActivitySession(user_id, channel_id, shipped(language))

    def _sign(self, what: str) -> str:
        digest = hmac.new(self._secret, what.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:SIGNATURE_BYTES]).decode().rstrip("=")
