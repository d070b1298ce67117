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
from bot.discord_ui.presses import ID, guarded, in_its_channel
from bot.discord_ui.replies import host_of
from bot.runtime.activities import ActivityInstance, ActivityRefused, ActivityTrouble

log = logging.getLogger(__name__)

CODE_REFUSED = "Discord did not confirm who you are; close the Activity and open it again."
PLAY_IN_DISCORD = "Play in Discord"
HTTP_SESSION = "_HTTPClient__session"
"""discord.py's HTTP client's own aiohttp session, opened at login (it has no public name)."""


def activity_line(client: discord.Client, pages: bool) -> str:
    """Whether a server's games offer the board inside Discord, as its settings say, and
    why not when they do not (the bot's settings, or the server's `pages`)."""
    said = "Board inside Discord (Play in Discord on each turn):"
    settings = getattr(client, "settings", None)
    assert isinstance(settings, Settings), "the bot carries its settings"
    if settings.web_port is None:
        return f"{said} no, the bot serves no pages (its WEB_PORT is off)"
    if settings.public_url is None:
        return f"{said} no, the bot's pages have no public address (its PUBLIC_URL)"
    if not settings.client_secret:
        return f"{said} no, the bot has no DISCORD_CLIENT_SECRET"
    return f"{said} {'yes' if pages else 'no, as games have no pages here'}"


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

    async def authorized_user(self, code: str) -> int:
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
        return int(user["id"])

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
        location = found["location"]
        guild = location.get("guild_id")
        return ActivityInstance(
            int(location["channel_id"]),
            int(guild) if guild else None,
            frozenset(int(user) for user in found["users"]),
        )

    async def _oauth(self, method: str, path: str, **sent: Any) -> dict[str, Any]:
        """An OAuth2 call answered with JSON: a 4xx is the code refused, anything else
        amiss is trouble that may pass."""
        http = self._client.http
        session = cast(aiohttp.ClientSession, vars(http)[HTTP_SESSION])
        try:
            async with session.request(
                method, Route.BASE + path, proxy=http.proxy, proxy_auth=http.proxy_auth, **sent
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
    """Play in Discord, on a turn's post: launches the Activity in the channel, where the
    game's server has its pages on."""

    def __init__(self, game_id: int) -> None:
        button: Button[View] = Button(
            label=PLAY_IN_DISCORD,
            style=discord.ButtonStyle.success,
            custom_id=f"pyr:activity:{game_id}",
        )
        super().__init__(button)
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
