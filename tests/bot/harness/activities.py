"""Discord's side of the Activity, as the bot meets it.

An Activity is launched in a channel (`launch`, or the bot's LAUNCH_ACTIVITY answer to a
press) and has users in it (`join`). Its page is given an OAuth2 code for its user
(`code`, as the SDK's `authorize` gives one), which the bot exchanges at `/oauth2/token`
(with the application's client secret, `CLIENT_SECRET`) for an access token, which
`/users/@me` answers with that user (and their Discord's `locale`, as it does for the
`identify` scope). A code is good once, for ten minutes, as Discord's are; a token for a
week. The bot asks where an instance runs with its own token, at
`GET /applications/{id}/activity-instances/{instance_id}` (404 once it ended).

The OAuth2 calls come through the client's aiohttp session (with a user's token, which
discord.py's own requests cannot carry), and are answered here; every other use of that
session is still a bug."""

from __future__ import annotations

import itertools
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from discord.http import Route

from tests.bot.harness.discord_api import check_request
from tests.bot.harness.records import Channel, HarnessError, Json, Kind, Request, User
from tests.bot.harness.transport import http_error

CLIENT_SECRET = "harness-client-secret"
CODE_LASTS = 600.0
TOKEN_LASTS = 604_800.0


@dataclass
class Instance:
    """An Activity running in a channel, and who has it open."""

    id: str
    launch_id: int
    channel: Channel
    users: set[int] = field(default_factory=set)
    ended: bool = False
    channel_less: bool = False
    """Running in no channel (a `party` location, such as a voice call's), as Discord
    documents some are."""

    def payload(self, application_id: int) -> Json:
        channel = self.channel
        guild = channel.guild
        location: Json = {
            "id": f"gc-{guild.id}-{channel.id}" if guild else f"pc-{channel.id}",
            "kind": "gc" if guild else "pc",
            "channel_id": str(channel.id),
        }
        if guild is not None:
            location["guild_id"] = str(guild.id)
        if self.channel_less:
            location = {"id": f"party-{self.launch_id}", "kind": "party"}
        return {
            "application_id": str(application_id),
            "instance_id": self.id,
            "launch_id": str(self.launch_id),
            "location": location,
            "users": [str(user) for user in sorted(self.users)],
        }


class OAuthAnswer:
    """The little of aiohttp's response the bot reads: used as `async with`."""

    def __init__(self, status: int, body: Json) -> None:
        self.status = status
        self._body = body

    async def json(self) -> Json:
        return self._body

    async def __aenter__(self) -> OAuthAnswer:
        return self

    async def __aexit__(self, *_: object) -> None:
        return None


class FakeActivities:
    """The Activities of the application (see the module's docstring)."""

    def __init__(
        self,
        application_id: Callable[[], int],
        record: Callable[[Request], None],
        clock: Callable[[], float],
    ) -> None:
        self._application_id = application_id
        self._record = record
        self._clock = clock
        self._launches = itertools.count(1_276_580_072_400_224_306)
        self.instances: dict[str, Instance] = {}
        self._codes: dict[str, tuple[User, float]] = {}
        self._tokens: dict[str, tuple[User, float]] = {}
        self.client_secret = CLIENT_SECRET

    def launch(self, channel: Channel, *users: User) -> Instance:
        """An Activity launched in the channel, these users in it."""
        launch_id = next(self._launches)
        where = f"gc-{channel.guild.id}-{channel.id}" if channel.guild else f"pc-{channel.id}"
        instance = Instance(f"i-{launch_id}-{where}", launch_id, channel)
        instance.users.update(user.id for user in users)
        self.instances[instance.id] = instance
        return instance

    def in_channel(self, channel: Channel) -> Instance | None:
        """The channel's running instance, if any (a launch there joins it)."""
        running = [i for i in self.instances.values() if i.channel is channel and not i.ended]
        return running[-1] if running else None

    def code(self, user: User) -> str:
        """A fresh authorization code for the user, as `authorize` gives the page."""
        code = secrets.token_urlsafe(16)
        self._codes[code] = (user, self._clock() + CODE_LASTS)
        return code

    def instance(self, request: Request) -> tuple[Any, None]:
        """`GET /applications/{id}/activity-instances/{instance_id}`."""
        if request.params["application_id"] != str(self._application_id()):
            raise http_error(403, 50001, "Missing Access")
        found = self.instances.get(request.params["instance_id"])
        if found is None or found.ended:
            raise http_error(404, 10_000 + 64, "Unknown Activity Instance")
        return found.payload(self._application_id()), None

    def oauth(self, method: str, url: str, **sent: Any) -> OAuthAnswer | None:
        """An OAuth2 call through the client's session, answered as Discord does; None
        for any other address."""
        path = urlsplit(url).path.removeprefix(urlsplit(Route.BASE).path)
        if not url.startswith(Route.BASE) or (method, path) not in (
            ("POST", "/oauth2/token"),
            ("GET", "/users/@me"),
        ):
            return None
        if path == "/oauth2/token":
            return self._exchange(sent.get("data"))
        return self._me(url, sent.get("headers") or {})

    def _exchange(self, form: Any) -> OAuthAnswer:
        """The code exchange, with the application's credentials in the form."""
        if not isinstance(form, Mapping):
            raise HarnessError(f"/oauth2/token takes a form, not {form!r}")
        expected = {"client_id", "client_secret", "grant_type", "code"}
        if set(form) != expected:
            raise HarnessError(f"/oauth2/token takes {sorted(expected)}, not {sorted(form)}")
        body = {key: value for key, value in form.items() if key != "client_secret"}
        self._record(_request("POST", "/oauth2/token", body))
        if form["client_id"] != str(self._application_id()):
            return OAuthAnswer(401, {"error": "invalid_client"})
        if form["client_secret"] != self.client_secret:
            return OAuthAnswer(401, {"error": "invalid_client"})
        if form["grant_type"] != "authorization_code":
            return OAuthAnswer(400, {"error": "unsupported_grant_type"})
        user, until = self._codes.pop(str(form["code"]), (None, 0.0))
        if user is None or until < self._clock():
            return OAuthAnswer(400, {"error": "invalid_grant"})
        token = secrets.token_urlsafe(24)
        self._tokens[token] = (user, self._clock() + TOKEN_LASTS)
        return OAuthAnswer(
            200,
            {
                "access_token": token,
                "token_type": "Bearer",
                "expires_in": int(TOKEN_LASTS),
                "refresh_token": secrets.token_urlsafe(24),
                "scope": "identify",
            },
        )

    def _me(self, url: str, headers: Mapping[str, str]) -> OAuthAnswer:
        """`GET /users/@me` with a user's access token (never the bot's)."""
        check_request("GET", url, None)
        self._record(_request("GET", "/users/@me", None))
        kind, _, token = str(headers.get("Authorization", "")).partition(" ")
        if kind != "Bearer":
            raise HarnessError(f"/users/@me for the Activity takes a Bearer token, not {kind!r}")
        user, until = self._tokens.get(token, (None, 0.0))
        if user is None or until < self._clock():
            return OAuthAnswer(401, {"message": "401: Unauthorized", "code": 0})
        return OAuthAnswer(200, user.payload() | {"locale": user.locale})


def _request(method: str, path: str, body: Any) -> Request:
    return Request(
        method=method,
        path=path,
        params={},
        query={},
        kind=Kind.OAUTH,
        body=body or {},
        sent_at=time.perf_counter(),
    )
