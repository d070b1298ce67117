"""The board inside Discord (an Activity), as Discord serves it: who opened it (the OAuth2
code its page is given, exchanged for the user), where it runs (the instance's channel),
and **Play in Discord** on each turn's post, whose press launches it there."""

from __future__ import annotations

import logging
import re
from typing import Any, Self, cast

import aiohttp
import discord
from discord.http import Route
from discord.ui import Button, DynamicItem, View

from bot.config import Settings
from bot.discord_ui.post_buttons import activity_button
from bot.discord_ui.presses import ID, guarded, in_its_channel
from bot.discord_ui.replies import host_of
from bot.play.words.languages import SOURCE
from bot.play.words.text import Text, t
from bot.runtime.activities import ActivityInstance, ActivityRefused, ActivityTrouble, ActivityUser

log = logging.getLogger(__name__)

CODE_REFUSED = t("Discord did not confirm who you are; close the Activity and open it again.")
OAUTH_WAIT = aiohttp.ClientTimeout(total=10)
"""How long an OAuth2 call may take before the Activity says Discord is slow."""
HTTP_SESSION = "_HTTPClient__session"
"""discord.py's HTTP client's own aiohttp session, opened at login (it has no public name)."""


def activity_line(client: discord.Client, pages: bool) -> Text:
    """Whether a server's games offer the board inside Discord, as its settings say, and
    why not when they do not (the bot's settings, the application's, or the server's
    `pages`)."""
    settings = getattr(client, "settings", None)
    assert isinstance(settings, Settings), "the bot carries its settings"
    if settings.web_port is None:
        return t(
            "Board inside Discord (Play in Discord on each turn): no, the bot serves no "
            "pages (its {setting} is off)",
            setting="WEB_PORT",
        )
    if settings.public_url is None:
        return t(
            "Board inside Discord (Play in Discord on each turn): no, the bot's pages have "
            "no public address (its {setting})",
            setting="PUBLIC_URL",
        )
    if not settings.client_secret:
        return t(
            "Board inside Discord (Play in Discord on each turn): no, the bot has no {setting}",
            setting="DISCORD_CLIENT_SECRET",
        )
    if not client.application_flags.embedded:
        return t(
            "Board inside Discord (Play in Discord on each turn): no, Activities are not "
            "enabled for the application in the Developer Portal"
        )
    if pages:
        return t("Board inside Discord (Play in Discord on each turn): yes")
    return t("Board inside Discord (Play in Discord on each turn): no, as games have no pages here")


class DiscordActivities:
    """Discord's answers about the Activity, through the client's own HTTP session (its
    connector and proxy): the code exchange and the user are OAuth2 calls of the
    application, the instance a call with the bot's token."""

    def __init__(self, client: discord.Client, client_secret: str) -> None:
        self._client = client
        self._secret = client_secret

    @property
    def client_id(self) -> int:
        assert self._client.application_id is not None, "the Activity runs once logged in"
        return self._client.application_id

    async def authorized_user(self, code: str) -> ActivityUser:
        form = {
            "client_id": str(self.client_id),
            "client_secret": self._secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        token = await self._oauth("POST", "/oauth2/token", data=form)
        access = token.get("access_token")
        if not isinstance(access, str):
            raise ActivityRefused(CODE_REFUSED)
        user = await self._oauth("GET", "/users/@me", headers={"Authorization": f"Bearer {access}"})
        locale = user.get("locale")
        return ActivityUser(int(user["id"]), locale if isinstance(locale, str) else None)

    async def instance(self, instance_id: str) -> ActivityInstance | None:
        route = Route(
            "GET",
            "/applications/{application_id}/activity-instances/{instance_id}",
            application_id=self.client_id,
            instance_id=instance_id,
        )
        try:
            found = await self._client.http.request(route)
        except discord.NotFound:
            return None
        except (discord.HTTPException, aiohttp.ClientError, OSError) as error:
            raise ActivityTrouble(f"reading activity instance {instance_id}: {error}") from error
        channel = found["location"].get("channel_id")  # none where it runs in no channel
        if channel is None:
            return None
        return ActivityInstance(int(channel), frozenset(int(user) for user in found["users"]))

    async def _oauth(self, method: str, path: str, **sent: Any) -> dict[str, Any]:
        """An OAuth2 call answered with JSON: a 4xx is the code refused, anything else
        amiss is trouble that may pass."""
        http = self._client.http
        session = cast(aiohttp.ClientSession, vars(http)[HTTP_SESSION])
        try:
            async with session.request(
                method,
                Route.BASE + path,
                proxy=http.proxy,
                proxy_auth=http.proxy_auth,
                timeout=OAUTH_WAIT,
                **sent,
            ) as response:
                if 400 <= response.status < 500 and response.status != 429:
                    raise ActivityRefused(CODE_REFUSED)
                if response.status >= 300:
                    raise ActivityTrouble(f"{method} {path}: Discord answered {response.status}")
                answered: dict[str, Any] = await response.json()
                return answered
        except (aiohttp.ClientError, OSError, TimeoutError) as error:
            raise ActivityTrouble(f"{method} {path}: {error}") from error


class ActivityButton(DynamicItem[Button[View]], template=rf"pyr:activity:(?P<game>{ID})"):
    """Play in Discord, on a turn's post (its label in the post's `language`): launches
    the Activity in the channel, where the game's server has its pages on."""

    def __init__(self, game_id: int, language: str = SOURCE) -> None:
        super().__init__(activity_button(game_id, language))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self.game_id, self._launch(interaction))

    async def _launch(self, interaction: discord.Interaction) -> None:
        await in_its_channel(interaction, self.game_id)
        await host_of(interaction).watching.place_of(self.game_id)  # refused: pages off
        await interaction.response.launch_activity()


ACTIVITY_ITEMS = (ActivityButton,)
