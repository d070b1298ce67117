"""The board inside Discord (an Activity), at `/activity/`: its page (a shell, its script
and style, and Discord's Embedded App SDK, all served from here, as Discord's content
security policy asks), and the API the page moves by, never navigating away:

- `POST api/session`: the OAuth2 code the SDK's `authorize` gave and the instance's id;
  Discord confirms the user and tells the instance's channel, and the page is handed a
  signed session naming both;
- `GET api/state`: the channel's game as JSON (a player's move as it is being built,
  with `chosen` and `v`), `POST api/play` to play it, as the Play button does;
- `GET api/board.png` and `GET api/events`: its picture and its changes.

The channel's players move; everyone else there watches. Pages a server turned off are
refused here as everywhere."""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any, Protocol

from aiohttp import web

from bot.play.host import Host
from bot.play.learning.watching import GameView, PageOf
from bot.play.playing.choices import Step
from bot.play.table.records import Status
from bot.play.table.values import Delivery, Refusal
from bot.play.words.text import plain
from bot.runtime.activities import ActivityDiscord, ActivityRefused, ActivityTrouble
from bot.web.links import WebLinks
from bot.web.reading import number
from render import BoardMap

log = logging.getLogger(__name__)

STATIC = Path(__file__).with_name("static")
"""The page's script and style, and the SDK (`sdk/`, with its licence)."""
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css"}
POLICY = (
    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'self' https://discord.com https://*.discord.com https://*.discordsays.com"
)
"""What the page may load (only what is served here) and who may frame it (Discord)."""

NO_GAME_HERE = (
    "No game has been played in this channel yet: start one with a game's start command, "
    "such as /tink start."
)
ENDED = "This Activity has ended in Discord; open it again."
NOT_IN_IT = "Discord does not show you in this Activity; open it again from the channel."
EXPIRED = "This Activity has been open a long time; close it and open it again."
DISCORD_SLOW = "Discord is not answering just now; close the Activity and open it again soon."
NOT_PLAYING = "Only the game's players can move; you are watching."
WORDS = {
    "players": "Players",
    "moves": "Moves",
    "no_moves": "No moves yet.",
    "play": "Play",
    "back": "Back",
    "start": "\u00ab Start",
    "prev": "\u2039 Back",
    "next": "Forward \u203a",
    "now": "Now \u00bb",
    "watching": "You are watching.",
    "tap": "Tap a marked square on the board.",
    "replay": "Replay",
    "wins": "wins",
    "board": "The board",
}
"""The words of the page's own, handed it with its session."""

Deliver = Callable[[Sequence[Delivery]], Awaitable[None]]


class GamePages(Protocol):
    """The games' pages' own readings, kept ready a few seconds (`WebFront`)."""

    async def view(self, game_id: int) -> GameView: ...

    async def board(self, game_id: int, at: int | None) -> bytes: ...

    async def stream(self, request: web.Request, game_id: int) -> web.StreamResponse: ...


class ActivityFront:
    """The Activity's page and API over the use cases of one `Host`; what the page shows
    is read through `pages` (the games' pages' own, kept ready a few seconds)."""

    def __init__(
        self,
        pages: GamePages,
        discord: ActivityDiscord,
        links: WebLinks,
        host: Host,
        deliver: Deliver,
        clock: Callable[[], float],
    ) -> None:
        self._pages = pages
        self._discord = discord
        self._links = links
        self._host = host
        self._deliver = deliver
        self._clock = clock

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/", self._shell)
        for name in ("activity.js", "activity.css"):
            app.router.add_get(f"/{name}", self._file)
        app.router.add_get("/sdk/{path:[\\w./-]{1,120}}", self._file)
        app.router.add_post("/api/session", self._session)
        app.router.add_get("/api/state", self._state)
        app.router.add_post("/api/play", self._play)
        app.router.add_get("/api/board.png", self._board)
        app.router.add_get("/api/events", self._events)
        return app

    # -- the page ----------------------------------------------------------------

    async def _shell(self, request: web.Request) -> web.Response:
        html = f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>Pyramid Host</title><link rel="stylesheet" href="activity.css"></head>
<body data-client-id="{escape(str(self._discord.client_id))}">
<main id="activity"><p id="status" role="status">Opening the game\u2026</p></main>
<script type="module" src="activity.js"></script>
</body>
</html>
"""
        return web.Response(text=html, content_type="text/html", headers=_headers())

    async def _file(self, request: web.Request) -> web.StreamResponse:
        """The script, the style, or a module of the SDK; nothing outside `STATIC`."""
        found = (STATIC / request.path.rpartition("/activity/")[2]).resolve()
        kind = TYPES.get(found.suffix)
        if kind is None or not found.is_relative_to(STATIC.resolve()) or not found.is_file():
            raise web.HTTPNotFound()
        return web.FileResponse(found, headers={"Content-Type": kind, **_headers()})

    # -- who opened it, where ----------------------------------------------------

    async def _session(self, request: web.Request) -> web.Response:
        """A session for the user Discord confirms, in the instance's channel."""
        try:
            sent = await request.json()
            code, instance_id = str(sent["code"])[:200], str(sent["instance_id"])[:200]
        except (ValueError, KeyError, TypeError):
            return _refused(400, ENDED)
        try:
            instance = await self._discord.instance(instance_id)
            if instance is None:
                return _refused(404, ENDED)
            user_id = await self._discord.authorized_user(code)
        except ActivityRefused as refused:
            return _refused(401, str(refused))
        except ActivityTrouble as trouble:
            log.warning("could not open the Activity's session: %s", trouble)
            return _refused(503, DISCORD_SLOW)
        if user_id not in instance.users:
            return _refused(403, NOT_IN_IT)
        session = self._links.activity_session(user_id, instance.channel_id, self._clock())
        return web.json_response({"session": session, "words": WORDS}, headers=_headers())

    def _opened(self, session: str) -> tuple[int, int]:
        opened = self._links.activity_opened(session[:200], self._clock())
        if opened is None:
            raise _error(web.HTTPUnauthorized, EXPIRED)
        return opened

    async def _game_here(self, query: Mapping[str, str]) -> tuple[int, int, PageOf]:
        """The session's user and channel, and the channel's game (named by `g`, if
        given, which must still be the channel's)."""
        user_id, channel_id = self._opened(query.get("s", ""))
        page = await self._channel_game(user_id, channel_id)
        if page is None or query.get("g", str(page.game_id)) != str(page.game_id):
            raise _error(web.HTTPNotFound, NO_GAME_HERE)
        return user_id, channel_id, page

    async def _channel_game(self, user_id: int, channel_id: int) -> PageOf | None:
        try:
            return await self._host.watching.in_channel(channel_id, user_id)
        except Refusal as refusal:
            raise _error(web.HTTPForbidden, str(refusal)) from None

    # -- the game ----------------------------------------------------------------

    async def _state(self, request: web.Request) -> web.Response:
        query = request.query
        user_id, channel_id = self._opened(query.get("s", ""))
        chosen, version = query.get("chosen", "")[:40], number(query.get("v", "0"))
        state = await self._state_of(query["s"], user_id, channel_id, chosen, version)
        return web.json_response(state, headers=_headers())

    async def _state_of(
        self, session: str, user_id: int, channel_id: int, chosen: str = "", version: int = 0
    ) -> dict[str, Any]:
        """What the page shows: the channel's game, and the user's move as it is built
        (`chosen` so far, at the game's `version`) when it is theirs to make."""
        page = await self._channel_game(user_id, channel_id)
        if page is None:
            return {"said": NO_GAME_HERE, "game": None}
        try:
            view = await self._pages.view(page.game_id)
        except Refusal as refusal:
            return {"said": str(refusal), "game": None}
        you: dict[str, Any] | None = None
        if page.plays:
            try:
                step = await self._host.picker.step(
                    page.game_id, user_id, chosen, version, listed=None
                )
                you = {"step": _step(step, view.board)}
            except Refusal as refusal:
                you = {"waiting": str(refusal)}
        return {"said": plain(view.said), "game": _game(view, session) | {"you": you}}

    async def _play(self, request: web.Request) -> web.Response:
        """Play the move built, as the Play button in Discord does, announced in the
        channel; refused (409, with the state) when it cannot be played any more."""
        try:
            sent = await request.json()
            session, chosen = str(sent["s"]), str(sent["chosen"])[:40]
            version = number(str(sent.get("v", "0")))
        except (ValueError, KeyError, TypeError):
            raise _error(web.HTTPBadRequest, EXPIRED) from None
        user_id, channel_id = self._opened(session)
        page = await self._channel_game(user_id, channel_id)
        if page is None or not page.plays:
            raise _error(web.HTTPForbidden, NOT_PLAYING if page else NO_GAME_HERE)
        try:
            played = await self._host.picker.play(
                page.game_id, user_id, chosen, version, listed=None
            )
        except Refusal as refusal:
            state = await self._state_of(session, user_id, channel_id)
            return web.json_response(state | {"refused": str(refusal)}, status=409)
        if isinstance(played, Step):
            state = await self._state_of(session, user_id, channel_id, played.chosen, version)
            return web.json_response(state, status=409)
        await self._deliver([Delivery(channel_id, played)])
        return web.json_response(await self._state_of(session, user_id, channel_id))

    async def _board(self, request: web.Request) -> web.Response:
        *_, page = await self._game_here(request.query)
        given = request.query.get("at")
        try:
            png = await self._pages.board(page.game_id, None if given is None else number(given))
        except Refusal as refusal:
            raise _error(web.HTTPForbidden, str(refusal)) from None
        return web.Response(
            body=png, content_type="image/png", headers={"Cache-Control": "private, max-age=5"}
        )

    async def _events(self, request: web.Request) -> web.StreamResponse:
        *_, page = await self._game_here(request.query)
        return await self._pages.stream(request, page.game_id)


def _game(view: GameView, session: str) -> dict[str, Any]:
    """The game as the page shows it (see the module's docstring)."""
    board = view.board
    picture = f"api/board.png?s={session}&g={view.game_id}&v={view.version}"
    return {
        "id": view.game_id,
        "title": view.title,
        "version": view.version,
        "finished": view.status is Status.FINISHED,
        "said": plain(view.said),
        "positions": view.positions,
        "seats": [
            {"name": seat.name, "clock": seat.clock, "to_move": seat.to_move} for seat in view.seats
        ],
        "moves": [
            {"ply": move.ply, "player": move.player, "move": move.move, "mark": move.mark}
            for move in view.moves
        ],
        "board": None
        if board is None
        else {"width": board.width, "height": board.height, "squares": dict(board.squares)},
        "picture": picture,
        "replay": f"api/board.png?s={session}&g={view.game_id}&at=",
        "events": f"api/events?s={session}&g={view.game_id}",
    }


def _step(step: Step, board: BoardMap | None) -> dict[str, Any]:
    """A move being built: its heading, what is picked, its choices (those naming a
    square of the board are tapped on it), the whole move once complete, and Back."""
    squares = board.squares if board else {}
    heading = plain(step.heading)
    if step.moved_on:
        heading = f"The game moved on; here is your move afresh. {heading}"
    return {
        "heading": heading,
        "chosen": step.chosen,
        "version": step.version,
        "moved_on": step.moved_on,
        "choices": [
            {
                "label": choice.label,
                "value": choice.value,
                "wins": choice.wins,
                "words": choice.words,
                "square": choice.label in squares,
            }
            for choice in step.choices
        ],
        "complete": step.complete,
        "back": step.back,
    }


def _headers() -> dict[str, str]:
    return {"Cache-Control": "no-store", "Content-Security-Policy": POLICY}


def _refused(status: int, sentence: str) -> web.Response:
    return web.json_response({"error": sentence}, status=status, headers=_headers())


def _error(kind: type[web.HTTPError], sentence: str) -> web.HTTPError:
    return kind(text=json.dumps({"error": sentence}), content_type="application/json")
