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
refused here as everywhere. It speaks the language of its user's Discord, which their
session names (before there is one, the language the browser asks for)."""

from __future__ import annotations

import json
import logging
import re
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any, Protocol

from aiohttp import web

from bot.play.host import Host
from bot.play.learning.watching import GameView, PageOf
from bot.play.playing.choices import Step
from bot.play.table.records import Status
from bot.play.table.values import Delivery, Refusal
from bot.play.words.clocks import short_clock
from bot.play.words.languages import shipped
from bot.play.words.text import Text, plain, t
from bot.runtime.activities import ActivityDiscord, ActivityRefused, ActivityTrouble
from bot.web.links import ActivitySession, WebLinks
from bot.web.reading import number
from bot.web.words import (
    BACK,
    MOVES,
    NO_MOVES,
    PLAY,
    PLAYERS,
    REPLAY,
    TAP,
    TO_NEXT,
    TO_NOW,
    TO_PREVIOUS,
    TO_START,
    WINS,
    html,
    html_lang,
    moved_on,
    request_language,
)
from render import BoardMap

log = logging.getLogger(__name__)

STATIC = Path(__file__).with_name("static")
"""The page's script and style, and the SDK (`sdk/`, with its licence)."""
TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".md": "text/plain; charset=utf-8",
}
SDK_KEPT = "public, max-age=86400"
"""How long a browser keeps the SDK's modules (a version vendored, changed only with it)."""
INSTANCE_ID = re.compile(r"[A-Za-z0-9-]{1,120}")
"""What an Activity instance's id is made of (`i-<launch>-gc-<guild>-<channel>`)."""
UNREADABLE = (ValueError, KeyError, TypeError, RecursionError)
"""What reading a request's JSON raises for a body that is not what the page sends."""
SESSIONS_AT_ONCE, SESSIONS_WITHIN = 20, 10.0
"""Sessions opened at most in so many seconds: each asks Discord twice, with the bot's
standing at Discord at stake (429s count toward its ban of an address)."""
POLICY = (
    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'self' https://discord.com https://*.discord.com https://*.discordsays.com"
)
"""What the page may load (only what is served here) and who may frame it (Discord)."""

NO_GAME_HERE = t(
    "No game has been played in this channel yet: start one with a game's start command, "
    "such as {command}.",
    command="/tink start",
)
ENDED = t("This Activity has ended in Discord; open it again.")
NOT_IN_IT = t("Discord does not show you in this Activity; open it again from the channel.")
EXPIRED = t("This Activity has been open a long time; close it and open it again.")
DISCORD_SLOW = t("Discord is not answering just now; close the Activity and open it again soon.")
NOT_PLAYING = t("Only the game's players can move; you are watching.")
OPENING = t("Opening the game\u2026")
OUTSIDE = t("Open this from Discord: it is the game's board as a Discord Activity.")
NOT_AUTHORIZED = t("Discord did not let the Activity know who you are; close it and open it again.")
"""The page's sentences before it has a session (said in the browser's language)."""
WORDS: dict[str, Text] = {
    "players": PLAYERS,
    "moves": MOVES,
    "no_moves": NO_MOVES,
    "play": PLAY,
    "back": BACK,
    "start": TO_START,
    "prev": TO_PREVIOUS,
    "next": TO_NEXT,
    "now": TO_NOW,
    "watching": t("You are watching."),
    "tap": TAP,
    "replay": REPLAY,
    "wins": WINS,
    "board": t("The board"),
}
"""The words of the page's own, handed it with its session in its user's language."""

Deliver = Callable[[Sequence[Delivery]], Awaitable[None]]


class Pace:
    """At most `most` takings within `within` seconds, across the process."""

    def __init__(self, most: int, within: float) -> None:
        self._most, self._within = most, within
        self._taken: deque[float] = deque()

    def take(self, now: float) -> bool:
        """Whether one more may be taken now (and it is, if so)."""
        while self._taken and self._taken[0] <= now - self._within:
            self._taken.popleft()
        if len(self._taken) >= self._most:
            return False
        self._taken.append(now)
        return True


class GamePages(Protocol):
    """The games' pages' own readings, kept ready a few seconds (`WebFront`)."""

    async def view(self, game_id: int) -> GameView: ...

    async def board(self, game_id: int, at: int | None, language: str) -> bytes: ...

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
        self._opening = Pace(SESSIONS_AT_ONCE, SESSIONS_WITHIN)

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/", self._shell)
        app.router.add_get(r"/{name:activity(?:-[a-z]+)?\.(?:js|css)}", self._file)
        app.router.add_get("/sdk/{path:[\\w./-]{1,120}}", self._file)
        app.router.add_post("/api/session", self._session)
        app.router.add_get("/api/state", self._state)
        app.router.add_post("/api/play", self._play)
        app.router.add_get("/api/board.png", self._board)
        app.router.add_get("/api/events", self._events)
        return app

    # -- the page ----------------------------------------------------------------

    async def _shell(self, request: web.Request) -> web.Response:
        """The page, in the language the browser asks for until its session names one."""
        language = request_language(request)
        page = f"""<!doctype html>
<html lang="{html_lang(language)}">
<head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>Pyramid Host</title><link rel="stylesheet" href="activity.css"></head>
<body data-client-id="{escape(str(self._discord.client_id))}"
 data-outside="{html(OUTSIDE, language)}" data-not-authorized="{html(NOT_AUTHORIZED, language)}">
<main id="activity"><p id="status" role="status">{html(OPENING, language)}</p></main>
<script type="module" src="activity.js"></script>
</body>
</html>
"""
        return web.Response(text=page, content_type="text/html", headers=_headers())

    async def _file(self, request: web.Request) -> web.StreamResponse:
        """The script, the style, or a module of the SDK; nothing outside `STATIC`."""
        found = (STATIC / request.path.rpartition("/activity/")[2]).resolve()
        kind = TYPES.get(found.suffix)
        if kind is None or not found.is_relative_to(STATIC.resolve()) or not found.is_file():
            raise web.HTTPNotFound()
        kept = SDK_KEPT if "/sdk/" in request.path else "no-cache"
        headers = {**_headers(), "Content-Type": kind, "Cache-Control": kept}
        return web.FileResponse(found, headers=headers)

    # -- who opened it, where ----------------------------------------------------

    async def _session(self, request: web.Request) -> web.Response:
        """A session for the user Discord confirms, in the instance's channel, in the
        language of their Discord; refused in the browser's before they are known."""
        asked = request_language(request)
        try:
            sent = await request.json()
            code, instance_id = str(sent["code"])[:200], str(sent["instance_id"])
        except UNREADABLE:
            return _refused(400, ENDED, asked)
        if not INSTANCE_ID.fullmatch(instance_id):
            return _refused(404, ENDED, asked)
        if not self._opening.take(self._clock()):
            return _refused(429, DISCORD_SLOW, asked)
        try:
            instance = await self._discord.instance(instance_id)
            if instance is None:
                return _refused(404, ENDED, asked)
            user = await self._discord.authorized_user(code)
        except ActivityRefused as refused:
            return _refused(401, refused.text, asked)
        except ActivityTrouble as trouble:
            log.warning("could not open the Activity's session: %s", trouble)
            return _refused(503, DISCORD_SLOW, asked)
        language = shipped(user.locale)
        if user.user_id not in instance.users:
            return _refused(403, NOT_IN_IT, language)
        opened = ActivitySession(user.user_id, instance.channel_id, language)
        words = {key: plain(said, language=language) for key, said in WORDS.items()}
        session = self._links.activity_session(opened, self._clock())
        answer = {"session": session, "words": words, "language": html_lang(language)}
        return web.json_response(answer, headers=_headers())

    def _opened(self, session: str, request: web.Request) -> ActivitySession:
        opened = self._links.activity_opened(session[:200], self._clock())
        if opened is None:
            raise _error(web.HTTPUnauthorized, EXPIRED, request_language(request))
        return opened

    async def _game_here(self, request: web.Request) -> tuple[PageOf, ActivitySession]:
        """The channel's game of the request's session (named by `g`, if given, which
        must still be the channel's), and the session."""
        query = request.query
        opened = self._opened(query.get("s", ""), request)
        page = await self._channel_game(opened)
        if page is None or query.get("g", str(page.game_id)) != str(page.game_id):
            raise _error(web.HTTPNotFound, NO_GAME_HERE, opened.language)
        return page, opened

    async def _channel_game(self, opened: ActivitySession) -> PageOf | None:
        try:
            return await self._host.watching.in_channel(opened.channel_id, opened.user_id)
        except Refusal as refusal:
            raise _error(web.HTTPForbidden, refusal.text, opened.language) from None

    # -- the game ----------------------------------------------------------------

    async def _state(self, request: web.Request) -> web.Response:
        query = request.query
        opened = self._opened(query.get("s", ""), request)
        chosen, version = query.get("chosen", "")[:40], number(query.get("v", "0"))
        state = await self._state_of(query["s"], opened, chosen, version)
        return web.json_response(state, headers=_headers())

    async def _state_of(
        self, session: str, opened: ActivitySession, chosen: str = "", version: int = 0
    ) -> dict[str, Any]:
        """What the page shows, in the session's language: the channel's game, and the
        user's move as it is built (`chosen` so far, at the game's `version`) when it is
        theirs to make."""
        language = opened.language
        page = await self._channel_game(opened)
        if page is None:
            return {"said": plain(NO_GAME_HERE, language=language), "game": None}
        try:
            view = await self._pages.view(page.game_id)
        except Refusal as refusal:
            return {"said": plain(refusal.text, language=language), "game": None}
        you: dict[str, Any] | None = None
        if page.plays:
            try:
                step = await self._host.picker.step(
                    page.game_id, opened.user_id, chosen, version, listed=None
                )
                you = {"step": _step(step, view.board, language)}
            except Refusal as refusal:
                you = {"waiting": plain(refusal.text, language=language)}
        game = _game(view, session, language) | {"you": you}
        return {"said": plain(view.said, language=language), "game": game}

    async def _play(self, request: web.Request) -> web.Response:
        """Play the move built, as the Play button in Discord does, announced in the
        channel; refused (409, with the state) when it cannot be played any more."""
        try:
            sent = await request.json()
            session, chosen = str(sent["s"]), str(sent["chosen"])[:40]
            version, game_id = number(str(sent.get("v", "0"))), str(sent.get("g", ""))
        except UNREADABLE:
            raise _error(web.HTTPBadRequest, EXPIRED, request_language(request)) from None
        opened = self._opened(session, request)
        page = await self._channel_game(opened)
        if page is None or not page.plays:
            refused = NOT_PLAYING if page else NO_GAME_HERE
            raise _error(web.HTTPForbidden, refused, opened.language)
        if game_id != str(page.game_id):  # a move built in a game since ended
            return web.json_response(await self._state_of(session, opened), status=409)
        try:
            played = await self._host.picker.play(
                page.game_id, opened.user_id, chosen, version, listed=None
            )
        except Refusal as refusal:
            state = await self._state_of(session, opened)
            said = plain(refusal.text, language=opened.language)
            return web.json_response(state | {"refused": said}, status=409)
        if isinstance(played, Step):
            state = await self._state_of(session, opened, played.chosen, version)
            return web.json_response(state, status=409)
        await self._deliver([Delivery(opened.channel_id, played)])
        return web.json_response(await self._state_of(session, opened))

    async def _board(self, request: web.Request) -> web.Response:
        page, opened = await self._game_here(request)
        given = request.query.get("at")
        at = None if given is None else number(given)
        try:
            png = await self._pages.board(page.game_id, at, opened.language)
        except Refusal as refusal:
            raise _error(web.HTTPForbidden, refusal.text, opened.language) from None
        return web.Response(
            body=png, content_type="image/png", headers={"Cache-Control": "private, max-age=5"}
        )

    async def _events(self, request: web.Request) -> web.StreamResponse:
        page, _ = await self._game_here(request)
        return await self._pages.stream(request, page.game_id)


def _game(view: GameView, session: str, language: str) -> dict[str, Any]:
    """The game as the page shows it, in `language` (see the module's docstring)."""
    board = view.board
    picture = f"api/board.png?s={session}&g={view.game_id}&v={view.version}"
    return {
        "id": view.game_id,
        "title": view.title,
        "version": view.version,
        "finished": view.status is Status.FINISHED,
        "said": plain(view.said, language=language),
        "positions": view.positions,
        "seats": [
            {
                "name": seat.name,
                "clock": None if seat.clock is None else short_clock(seat.clock, language),
                "to_move": seat.to_move,
            }
            for seat in view.seats
        ],
        "moves": [
            {
                "ply": move.ply,
                "player": move.player,
                "move": move.move,
                "mark": plain(move.mark, language=language),
            }
            for move in view.moves
        ],
        "board": None
        if board is None
        else {"width": board.width, "height": board.height, "squares": dict(board.squares)},
        "picture": picture,
        "replay": f"api/board.png?s={session}&g={view.game_id}&at=",
        "events": f"api/events?s={session}&g={view.game_id}",
    }


def _step(step: Step, board: BoardMap | None, language: str) -> dict[str, Any]:
    """A move being built: its heading, what is picked, its choices (those naming a
    square of the board are tapped on it), the whole move once complete, and Back."""
    squares = board.squares if board else {}
    heading = moved_on(step.heading) if step.moved_on else step.heading
    return {
        "heading": plain(heading, language=language),
        "chosen": step.chosen,
        "version": step.version,
        "moved_on": step.moved_on,
        "choices": [
            {
                "label": choice.label,
                "value": choice.value,
                "wins": choice.wins,
                "words": plain(choice.words, language=language),
                "square": choice.label in squares,
            }
            for choice in step.choices
        ],
        "complete": step.complete,
        "back": step.back,
    }


def _headers() -> dict[str, str]:
    return {"Cache-Control": "no-store", "Content-Security-Policy": POLICY}


def _refused(status: int, sentence: Text, language: str) -> web.Response:
    said = {"error": plain(sentence, language=language)}
    return web.json_response(said, status=status, headers=_headers())


def _error(kind: type[web.HTTPError], sentence: Text, language: str) -> web.HTTPError:
    said = json.dumps({"error": plain(sentence, language=language)})
    return kind(text=said, content_type="application/json")
