"""How the Discord side of the bot is, for `/healthz` and `/metrics`: whether it has been
away from Discord's gateway for longer than a minute, and the requests Discord answered as
invalid (10,000 in ten minutes bar the bot's address)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord.http import HTTPClient, Route

from bot.metrics import INVALID_REQUESTS

GATEWAY_GRACE = 60.0
"""Seconds the bot may be away from Discord's gateway (reconnecting, resuming) before its
health check fails."""
INVALID = (401, 403, 429)
"""The answers Discord counts against a bot's address."""


class GatewayAbsence:
    """Since when the bot has been away from Discord's gateway, if it is."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._since: float | None = None

    def lost(self) -> None:
        """The gateway connection was lost (it may resume within seconds)."""
        if self._since is None:
            self._since = self._clock()

    def reason(self, client: discord.AutoShardedClient) -> str | None:
        """Why the bot is unhealthy, once it has been away from the gateway (every shard
        or some) for `GATEWAY_GRACE` seconds; None while it is connected or resuming."""
        down = sorted(i for i, shard in client.shards.items() if shard.is_closed())
        if client.is_closed() or not client.is_ready():
            away = "not connected to Discord"
        elif down:
            away = f"shards {', '.join(map(str, down))} not connected to Discord"
        else:
            self._since = None
            return None
        self.lost()
        assert self._since is not None
        gone = self._clock() - self._since
        return None if gone < GATEWAY_GRACE else f"{away} for {gone:.0f} s"


def count_invalid_requests(http: HTTPClient) -> None:
    """Count every REST request Discord answers 401, 403 or 429 (as discord.py gives up
    on it: its own tries of a 429 it waits out are not seen), by status."""
    request = http.request

    async def counted(route: Route, **kwargs: Any) -> Any:
        try:
            return await request(route, **kwargs)
        except discord.RateLimited:
            INVALID_REQUESTS.labels(status="429").inc()
            raise
        except discord.HTTPException as error:
            if error.status in INVALID:
                INVALID_REQUESTS.labels(status=str(error.status)).inc()
            raise

    http.request = counted  # type: ignore[method-assign]
