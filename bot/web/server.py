"""The pages' web server (aiohttp): a game's page to watch (`/games/{id}/{signature}`),
a player's page to move (`/play/{id}/{user}/{expires}/{signature}`), each with its
board picture, its stream of changes (Server-Sent Events) and, once the game is over,
its record files; the board inside Discord (`/activity/`, see `bot.web.activity`); `/`
saying what this is, and `/healthz` and `/metrics` for whoever runs the bot. A link that
opens nothing reads as no game at all. Pages are in the language the browser asks for."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass

from aiohttp import web

import engine
from bot.metrics import PAGES_OPEN
from bot.play.host import Host
from bot.play.learning.reviews import graph_png
from bot.play.learning.watching import GameView
from bot.play.playing.choices import Step
from bot.play.ranking.standings import Card
from bot.play.table.records import Status
from bot.play.table.values import Delivery, Post, Refusal
from bot.play.words.languages import shipped
from bot.play.words.text import t
from bot.runtime.app import App
from bot.web.activity import ActivityFront
from bot.web.kept import Kept
from bot.web.links import WebLinks
from bot.web.live import LiveGames, next_version
from bot.web.pages import (
    Builder,
    PageLinks,
    card_page,
    game_page,
    home_page,
    message_page,
    move_builder,
    pages_nav,
    waiting_builder,
)
from bot.web.reading import number
from bot.web.records import RECORD_FILES, record_file
from bot.web.words import request_language

log = logging.getLogger(__name__)

NO_GAME = t("There is no game at this address: the link may be mistyped or expired.")
KEEP_ALIVE = 15.0
"""Seconds between the `alive` events that keep an idle stream of changes open (and tell
its page that the stream still works)."""
RETRY_MS = 2000
"""How soon a browser whose stream of changes dropped opens it again."""

Deliver = Callable[[Sequence[Delivery]], Awaitable[None]]
Health = Callable[[], Awaitable[str | None]]
"""Why the bot is not healthy, or None when it is."""
Metrics = Callable[[], Awaitable[bytes]]


@dataclass(frozen=True, slots=True)
class Opened:
    """What a link opens: a game, and the player it lets move (None: to watch)."""

    game_id: int
    path: str
    user_id: int | None = None


def serve_pages(app: App) -> WebFront | None:
    """The games' pages of the app, attached to it (started once it serves), where the
    settings give them a port; None where they do not."""
    address = app.settings.web_address
    if app.settings.web_port is None or address is None:
        return None
    pages = WebFront(WebLinks(address, app.settings.link_secret))
    app.attach(pages)
    return pages


class WebFront:
    """The pages over the use cases of one `Host`: moves made here are delivered to
    Discord by the app's runtime, as any other front end's."""

    def __init__(self, links: WebLinks) -> None:
        self._links = links
        self._host: Host
        self._deliver: Deliver
        self._health: Health
        self._metrics: Metrics
        self._clock: Callable[[], float]
        self.live: LiveGames | None = None
        """The pages open and their streams of changes, once served."""
        self.serving = False
        """Whether the pages are served (their port could be taken)."""
        self._views: Kept[tuple[int, int, float | None], GameView] = Kept()
        self._pictures: Kept[tuple[int, int, int | None, str], bytes] = Kept()
        self._tables: Kept[tuple[int, int | None, str], Post] = Kept()
        self._graphs: Kept[tuple[int, int, str], bytes] = Kept()
        self._runner: web.AppRunner | None = None
        self._activity: ActivityFront | None = None

    def app(self) -> web.Application:
        app = web.Application()
        if self._activity is not None:
            app.router.add_get("/activity", _to_activity)  # before the Activity's own
            app.add_subapp("/activity/", self._activity.app())
        game = r"/games/{game:\d{1,16}}/{signature:[\w-]{1,40}}"
        player = r"/play/{game:\d{1,16}}/{user:\d{1,20}}/{expires:\d{1,12}}/{signature:[\w-]{1,40}}"
        for prefix in (game, player):
            app.router.add_get(prefix, self._page)
            app.router.add_get(prefix + "/board.png", self._board)
            app.router.add_get(prefix + "/events", self._events)
            app.router.add_get(prefix + "/review.png", self._review_graph)
            for name in RECORD_FILES:
                app.router.add_get(f"{prefix}/{name}", self._record)
        app.router.add_post(player, self._play)
        leaderboard = r"/leaderboards/{guild:\d{1,20}}/{signature:[\w-]{1,40}}"
        tournament = r"/tournaments/{guild:\d{1,20}}/{which:\d{1,6}|newest}/{signature:[\w-]{1,40}}"
        app.router.add_get(leaderboard, self._leaderboard)
        app.router.add_get(tournament, self._tournament)
        app.router.add_get(tournament + "/crosstable.png", self._crosstable)
        app.router.add_get("/", self._home)
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/metrics", self._serve_metrics)
        app.on_shutdown.append(self._closing)
        return app

    async def start(self, app: App) -> None:
        """Serve on every address of this machine, at the port the app's settings give,
        over the app's use cases; a port that cannot be had is logged (the bot runs
        without the pages)."""
        self._host, self._deliver = app.host, app.service.scheduler.deliver
        self.live = live = LiveGames(app.host.watching.versions, app.host.watching.on_saves)
        self._health, self._metrics, self._clock = app.health, app.metrics, app.clock
        if app.activities is not None:
            self._activity = ActivityFront(
                self, app.activities, self._links, app.host, self._deliver, app.clock
            )
        port = app.settings.web_port
        assert port is not None, "the pages are served where a port is set"
        self._runner = web.AppRunner(self.app(), access_log=None)
        await self._runner.setup()
        try:
            await web.TCPSite(self._runner, port=port).start()
        except OSError as error:
            log.error(
                "could not serve the pages on port %d (%s): set WEB_PORT to a free port, "
                "or to off; the bot runs without them",
                port,
                error.strerror or error,
            )
            await self.stop()
            return
        await live.start()
        self.serving = True
        app.gauges.append(lambda: PAGES_OPEN.set(live.pages))
        log.info("serving the games' pages on port %d at %s", port, self._links.address)

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
        live, self.live = self.live, None
        if live is not None:
            await live.stop()

    async def _closing(self, app: web.Application) -> None:
        if self.live is not None:
            self.live.close_all()

    # -- what a link opens -------------------------------------------------------

    def _opened(self, request: web.Request) -> Opened:
        info = request.match_info
        game_id, signature = int(info["game"]), info["signature"]
        if "user" not in info:
            if not self._links.watches(game_id, signature):
                raise _not_found(request)
            return Opened(game_id, self._links.watch_path(game_id))
        user_id, expires = int(info["user"]), int(info["expires"])
        if not self._links.plays(game_id, user_id, expires, signature, self._clock()):
            raise _not_found(request)
        path = f"/play/{game_id}/{user_id}/{expires}/{signature}"
        return Opened(game_id, path, user_id)

    async def view(self, game_id: int) -> GameView:
        """The game's page as made, kept ready a few seconds."""
        versions = await self._host.watching.versions([game_id])
        key = (game_id, versions.get(game_id, 0), await self._host.reviews.made_at(game_id))
        return self._views.get(key) or self._views.put(key, await self._host.watching.view(game_id))

    # -- pages -------------------------------------------------------------------

    async def _page(self, request: web.Request) -> web.Response:
        opened, language = self._opened(request), request_language(request)
        try:
            view = await self.view(opened.game_id)
            builder = await self._builder(opened, request.query, view, language)
        except Refusal as refusal:
            return _refused(refusal, language, 404)
        return _page_response(self._game_page(opened, view, _at(request), builder, language))

    async def _builder(
        self, opened: Opened, query: Mapping[str, str], view: GameView, language: str
    ) -> Builder | None:
        """A player's move as it is being built, on a board to tap; nothing on a page to
        watch."""
        if opened.user_id is None:
            return None
        chosen, version = query.get("chosen", "")[:40], number(query.get("v", "0"))
        try:
            step = await self._host.picker.step(
                opened.game_id, opened.user_id, chosen, version, listed=None
            )
        except Refusal as refusal:
            return waiting_builder(refusal.text, language)
        return move_builder(step, opened.path, view.board, language)

    def _game_page(
        self,
        opened: Opened,
        view: GameView,
        at: int | None,
        builder: Builder | None,
        language: str,
    ) -> str:
        watch = self._links.watch_path(opened.game_id)
        links = PageLinks(
            path=opened.path,
            events=f"{opened.path}/events",
            board=f"{opened.path}/board.png",
            address=f"{self._links.address}{watch}",
            image=f"{self._links.address}{watch}/board.png?v={view.version}",
        )
        return game_page(view, links, at, builder, language)

    async def _play(self, request: web.Request) -> web.Response:
        """Play the move built on a player's page, as the Play button in Discord does (not
        where the server turned its pages off), announced in the game's channel."""
        opened, language = self._opened(request), request_language(request)
        assert opened.user_id is not None
        form = await request.post()
        chosen, version = str(form.get("chosen", ""))[:40], number(str(form.get("v", "0")))
        try:
            place_id = await self._host.watching.place_of(opened.game_id)
            played = await self._host.picker.play(
                opened.game_id, opened.user_id, chosen, version, listed=None
            )
            if isinstance(played, Step):
                view = await self.view(opened.game_id)
                builder = move_builder(played, opened.path, view.board, language)
                return _page_response(self._game_page(opened, view, None, builder, language), 409)
        except Refusal as refusal:
            return _refused(refusal, language, 409)
        await self._deliver([Delivery(place_id, played)])
        raise web.HTTPSeeOther(opened.path)

    async def _board(self, request: web.Request) -> web.Response:
        opened, language = self._opened(request), request_language(request)
        try:
            png = await self.board(opened.game_id, _at(request), language)
        except Refusal as refusal:
            return _refused(refusal, language, 404)
        return _board_response(png)

    async def board(self, game_id: int, at: int | None, language: str) -> bytes:
        """The game's picture now, or after `at` actions, in `language`, kept ready a few
        seconds."""
        versions = await self._host.watching.versions([game_id])
        key = (game_id, versions.get(game_id, 0), at, shipped(language))
        png = self._pictures.get(key)
        if png is None:
            drawn = await self._host.watching.board(game_id, at, shipped(language))
            png = self._pictures.put(key, drawn)
        return png

    async def _review_graph(self, request: web.Request) -> web.Response:
        """The graph of a reviewed game (a game not reviewed has none)."""
        opened, language = self._opened(request), shipped(request_language(request))
        try:
            view = await self.view(opened.game_id)
        except Refusal as refusal:
            return _refused(refusal, language, 404)
        if view.review is None:
            raise _not_found(request)
        key = (opened.game_id, view.version, language)
        graph = self._graphs.get(key) or self._graphs.put(
            key, await asyncio.to_thread(graph_png, view.names, view.review, language)
        )
        return web.Response(body=graph, content_type="image/png")

    async def _record(self, request: web.Request) -> web.Response:
        """A finished game's record file: Abstract Play's game record, or the move list."""
        opened = self._opened(request)
        try:
            view = await self.view(opened.game_id)  # refused as the game's page is
        except Refusal as refusal:
            return _refused(refusal, request_language(request), 404)
        record = await self._host.games.by_id(view.game_id)
        if record is None or record.status is not Status.FINISHED:
            raise _not_found(request)
        files = await self._host.history.record_files(record)
        return record_file(files, request.path.rpartition("/")[2])

    async def _events(self, request: web.Request) -> web.StreamResponse:
        return await self.stream(request, self._opened(request).game_id)

    async def stream(self, request: web.Request, game_id: int) -> web.StreamResponse:
        """The game's versions as they come, the current one first, so a page that lost
        its stream for a while learns at once that it missed a move."""
        versions = await self._host.watching.versions([game_id])
        if game_id not in versions:
            raise _not_found(request)
        stream = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-cache",
                "X-Accel-Buffering": "no",
            }
        )
        await stream.prepare(request)
        assert self.live is not None, "changes are streamed while the pages are served"
        with self.live.following(game_id) as heard:
            await stream.write(f"retry: {RETRY_MS}\n".encode())
            version: int | None = versions[game_id]
            async for said in _stream(heard, version):
                try:
                    await stream.write(said)
                except ConnectionError:
                    break
        return stream

    async def _leaderboard(self, request: web.Request) -> web.Response:
        """A server's leaderboards, a page of ten at a time, for each game or all."""
        guild = int(request.match_info["guild"])
        if not self._links.shows(f"leaderboard:{guild}", request.match_info["signature"]):
            raise _not_found(request)
        game = request.query.get("game") or None
        page = max(number(request.query.get("page", "1")) - 1, 0)
        try:
            shown = await self._host.standings.leaderboard(guild or None, game, page, None)
        except Refusal as refusal:
            return _refused(refusal, request_language(request), 404)
        games = {name: info.title for name, info in engine.GAMES.items()}
        language = request_language(request)
        nav = pages_nav(request.path, shown.game, shown.page, shown.pages, games, language)
        return _page_response(card_page(shown.card, nav=nav, language=language))

    async def _tournament(self, request: web.Request) -> web.Response:
        """A tournament's standings, with its crosstable."""
        try:
            standings = await self._standings(request)
        except Refusal as refusal:
            return _refused(refusal, request_language(request), 404)
        card = Card(standings.text)
        picture = f"{request.path}/crosstable.png"
        return _page_response(card_page(card, picture, language=request_language(request)))

    async def _crosstable(self, request: web.Request) -> web.Response:
        try:
            standings = await self._standings(request)
        except Refusal as refusal:
            return _refused(refusal, request_language(request), 404)
        png = standings.files[0].data if standings.files else b""
        return web.Response(body=png, content_type="image/png")

    async def _standings(self, request: web.Request) -> Post:
        """A tournament's standings post (text and crosstable), kept ready a few seconds."""
        info = request.match_info
        guild, which = int(info["guild"]), info["which"]
        if not self._links.shows(f"tournament:{guild}:{which}", info["signature"]):
            raise _not_found(request)
        number, language = None if which == "newest" else int(which), request_language(request)
        kept = self._tables.get((guild, number, language))
        if kept is not None:
            return kept
        made = await self._host.tournaments.standings(guild, number, 0, language)
        return self._tables.put((guild, number, language), made)

    async def _home(self, request: web.Request) -> web.Response:
        """What these pages are, with the leaderboards of the games played outside servers."""
        titles = [info.title for info in engine.GAMES.values()]
        leaderboard = self._links.leaderboard(None)
        return _page_response(home_page(titles, leaderboard, request_language(request)))

    async def _healthz(self, request: web.Request) -> web.Response:
        reason = await self._health()
        if reason is None:
            return web.Response(text="ok\n")
        return web.Response(text=f"unhealthy: {reason}\n", status=503)

    async def _serve_metrics(self, request: web.Request) -> web.Response:
        body = await self._metrics()
        return web.Response(body=body, headers={"Content-Type": METRICS_TYPE})


METRICS_TYPE = "text/plain; version=0.0.4; charset=utf-8"


async def _stream(heard: asyncio.Queue[int], first: int | None) -> AsyncIterator[bytes]:
    """The events of a stream: each version heard (a negative one ends it), and `alive`
    whenever nothing was said for `KEEP_ALIVE` seconds."""
    version = first
    while True:
        if version is not None:
            if version < 0:
                return
            yield f"id: {version}\nevent: version\ndata: {version}\n\n".encode()
        else:
            yield b"event: alive\ndata: \n\n"
        version = await next_version(heard, KEEP_ALIVE)


def _at(request: web.Request) -> int | None:
    given = request.query.get("at")
    return None if given is None else number(given)


async def _to_activity(request: web.Request) -> web.Response:
    """The Activity's address without its last slash, where its page's relative links
    would miss: sent on to it (with the query Discord opened it with)."""
    raise web.HTTPMovedPermanently(f"/activity/?{request.query_string}")


def _board_response(png: bytes) -> web.Response:
    return web.Response(
        body=png, content_type="image/png", headers={"Cache-Control": "public, max-age=5"}
    )


def _not_found(request: web.Request) -> web.HTTPNotFound:
    page = message_page(NO_GAME, request_language(request))
    return web.HTTPNotFound(text=page, content_type="text/html")


def _refused(refusal: Refusal, language: str, status: int) -> web.Response:
    """A page saying why what was asked cannot be done."""
    return _page_response(message_page(refusal.text, language), status)


def _page_response(html: str, status: int = 200) -> web.Response:
    return web.Response(
        text=html,
        status=status,
        content_type="text/html",
        headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"},
    )
