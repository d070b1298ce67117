"""How the client's HTTP calls reach the fake Discord instead of the network."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import unquote

import discord
from discord.http import Route

from tests.bot.harness import discord_internals as internals
from tests.bot.harness.records import Json, NetworkBlocked, SentFile

if TYPE_CHECKING:
    from tests.bot.harness.server import FakeDiscord


class _ErrorResponse:
    """The little of aiohttp's response that discord.HTTPException reads."""

    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason


class OfflineSession:
    """Stands in for the client's aiohttp session; any real use of it is a bug."""

    closed = False

    def __init__(self, server: FakeDiscord) -> None:
        self.server = server

    def request(self, method: str, url: str, **sent: Any) -> Any:
        """Only the Activity's OAuth2 calls are answered (`FakeDiscord.activities`)."""
        answered = self.server.activities.oauth(method, url, **sent)
        if answered is None:
            raise NetworkBlocked(f"The bot tried to reach {method} {url}.")
        return answered

    def get(self, url: str, **_: Any) -> Any:
        return self.request("GET", url)

    async def ws_connect(self, url: str, **_: Any) -> Any:
        return self.request("GET", url)

    async def close(self) -> None:
        self.closed = True


def _answer_webhooks(original: internals.WebhookRequest) -> internals.WebhookRequest:
    async def request(adapter: Any, route: Route, session: Any, **kwargs: Any) -> Any:
        """Answers interaction webhook calls made on a harness session; passes the rest on."""
        if not isinstance(session, OfflineSession):
            return await original(adapter, route, session, **kwargs)
        return await session.server.serve(
            route,
            body=kwargs.get("payload"),
            form=kwargs.get("multipart"),
            files=kwargs.get("files"),
            query=kwargs.get("params"),
            reason=kwargs.get("reason"),
        )

    return request


internals.answer_webhooks(_answer_webhooks)


@functools.cache
def _route_pattern(path: str) -> re.Pattern[str]:
    template = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/?]+)", re.escape(Route.BASE + path))
    return re.compile(template)


def route_params(route: Route) -> dict[str, str]:
    match = _route_pattern(route.path).match(route.url)
    return {key: unquote(value) for key, value in match.groupdict().items()} if match else {}


def parse_body(body: Any, form: Sequence[Json] | None) -> Any:
    for part in form or ():
        if part["name"] == "payload_json":
            return json.loads(part["value"])
    return copy_json(body) if body is not None else {}


def copy_json(value: Any) -> Any:
    """A deep copy of JSON data, so that neither side's later changes reach the other."""
    return json.loads(json.dumps(value))


def read_files(files: Sequence[discord.File] | None) -> tuple[SentFile, ...]:
    return tuple(SentFile(f.filename, _read(f.fp), f.description) for f in files or ())


def _read(stream: Any) -> bytes:
    position = stream.tell()
    data: bytes = stream.read()
    stream.seek(position)
    return data


def http_error(status: int, code: int, text: str) -> discord.HTTPException:
    """The exception discord.py raises for this Discord error answer."""
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    if status >= 500:
        kind = discord.DiscordServerError
    return kind(cast(Any, _ErrorResponse(status, text)), {"code": code, "message": text})
