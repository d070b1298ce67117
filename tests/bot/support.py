"""Plain helpers the bot tests share: people, a settable clock, scripted games."""

from __future__ import annotations

import contextlib
import dataclasses
import random
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from bot.config import Settings
from bot.discord_ui.app import PyramidBot, create_bot
from bot.discord_ui.markup import markup
from bot.play.playing.ai_turns import Thinker
from bot.play.table.changes import following
from bot.play.table.pictures import Renderer
from bot.play.table.values import Person, Post
from bot.play.words.languages import SOURCE
from bot.play.words.text import Text
from bot.runtime.app import App
from bot.runtime.service import Service, build
from bot.storage import Action, Status, Storage
from bot.web.server import serve_pages
from bot.workers.drawing import ThreadDrawing
from bot.workers.thinking import ThreadThinking
from tests.bot.harness import Channel, DiscordHarness, User

SETTINGS = (
    "DISCORD_TOKEN",
    "DATABASE_URL",
    "DEV_GUILD_ID",
    "LOG_LEVEL",
    "SHARD_COUNT",
    "SHARD_IDS",
    "AI_PROCESSES",
    "WEB_PORT",
    "PUBLIC_URL",
    "WEB_SECRET",
    "LOG_FORMAT",
    "DISCORD_CLIENT_SECRET",
)
"""Every setting the bot reads from the environment."""


def new_bot(
    tmp_path: Path,
    *,
    clock: Callable[[], float] = time.time,
    renderer: Renderer | None = None,
    thinker: Thinker | None = None,
    **settings: Any,
) -> PyramidBot:
    """The bot on a fresh SQLite file in `tmp_path` (the same file again after a restart),
    its other `settings` (such as `database_url` or `shard_ids`) given by name.

    It draws and thinks in threads of the test's process unless given another renderer or
    thinker: child processes of its own for every test would cost more than the tests. Its
    app is opened by the harness that logs it in (as `python -m bot` opens it first), and
    serves the pages where a `web_port` is given.
    """
    chosen = dataclasses.replace(settings_in(tmp_path), **settings)
    app = App(
        chosen,
        clock=clock,
        renderer=renderer or ThreadDrawing(),
        thinker=thinker or ThreadThinking(),
    )
    serve_pages(app)
    return create_bot(app)


def settings_in(tmp_path: Path) -> Settings:
    """Settings for a bot whose SQLite file is in `tmp_path`, without vacation days (the
    tests of vacations give them), as the use cases' tests: a clock that runs out times
    the turn out."""
    return Settings("token", f"sqlite:///{tmp_path / 'games.sqlite3'}", vacation_days=0)


def shown(text: Text) -> str:
    """A use case's text as Discord shows it (to an English reader)."""
    return markup(text, SOURCE)


@dataclass
class Clock:
    """A clock the test moves by hand."""

    now: float = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class StubRenderer:
    """Stands in for the renderer where the picture itself is not under test."""

    async def board_png(
        self,
        game: engine.Game,
        player_names: Sequence[str],
        clocks: Sequence[str | None] = (),
        *,
        language: str = SOURCE,
    ) -> bytes:
        return f"png {len(game.history)} {' '.join(player_names)}".encode()

    async def replay_gif(
        self,
        game: engine.Game,
        player_names: Sequence[str],
        *,
        max_frames: int,
        language: str = SOURCE,
    ) -> bytes:
        return f"gif {len(game.history)} of at most {max_frames}".encode()

    async def close(self) -> None:
        """Nothing to release."""


@dataclass
class KeptPosts:
    """A courier that keeps what the background work delivers, where its delivery is not
    under test."""

    posts: list[tuple[int, Post]] = field(default_factory=list)

    async def to_channel(self, place_id: int, post: Post) -> None:
        self.posts.append((place_id, post))

    async def replied(self, reply_token: str) -> bool:
        return False

    async def to_user(self, user_id: int, post: Post) -> bool:
        self.posts.append((user_id, post))
        return True

    @contextlib.asynccontextmanager
    async def typing(self, place_id: int) -> AsyncIterator[None]:
        yield


def built(storage: Storage, clock: Callable[[], float], **settings: Any) -> Service:
    """The bot over the storage, drawing nothing, its posts kept (see `build`)."""
    return build(storage, StubRenderer(), KeptPosts(), clock=clock, **settings)


ALICE = Person(101, "Alice")
BOB = Person(102, "Bob")
CAROL = Person(103, "Carol")
ROBOT = Person(199, "Robot", is_bot=True)


@dataclass(frozen=True)
class Script:
    """A short game: its options, every move in turn order, and who wins it."""

    options: dict[str, object]
    moves: list[str]
    winner: int
    reason: str


_BRIDGE_MINE = [
    *("b1-a2", "c1-b3", "b3-a5", "d1-b2", "b2-a4", "c2-b3", "b3-a3", "f2-g2"),
    *("g1-a7", "e1-d3", "d3-b4", "b4-a6", "f1-e3", "e3-c4", "c4-b6", "b6-a8"),
]
_BRIDGE_THEIRS = ["a8-b7", *["h8-g7", "g7-h8"] * 7]
_BRIDGE = [m for pair in zip(_BRIDGE_MINE, _BRIDGE_THEIRS, strict=False) for m in pair]

SCRIPTS: dict[str, Script] = {
    "tink": Script(
        {}, ["S c3", "S c5", "S d3", "S d5", "S e3", "S e5", "S f3"], 0, "four in a row"
    ),
    "tingle": Script(
        {}, ["S c3", "S c5", "S d3", "S d5", "S e3", "S e5", "S f3"], 0, "four in a row"
    ),
    "folio": Script(
        {"grid": "fixed"},
        ["give RS", "a1 give YS", "b1 give GS", "c1 give BS", "d1"],
        1,
        "four colours in a line",
    ),
    "bridge": Script(
        {},
        [*_BRIDGE, _BRIDGE_MINE[-1]],
        0,
        "bridge completed",
    ),
}
"""Short games played to a win, for every hosted game."""


def long_bridge(actions: int) -> engine.Game:
    """A Bridge game of random moves, at least `actions` long."""
    rng = random.Random(3)
    while True:
        game = engine.new_game("bridge", 2, seed=rng.randrange(2**32))
        while game.result is None and len(game.actions) < actions:
            game.play(rng.choice(game.legal_moves()))
        if len(game.actions) >= actions:
            return game


async def seed_long_game(discord: DiscordHarness, channel: Channel, actions: int = 600) -> User:
    """A Bridge game `actions` long in a channel, stored at once; one of its players."""
    alice, bob = discord.user("alice"), discord.user("bob")
    challenge = await discord.slash(alice, "bridge start", {"opponent": bob}, channel=channel)
    await discord.click(bob, challenge.message, "Accept")
    host = discord.client.host  # type: ignore[attr-defined]
    record = await host.storage.latest_game_in(channel.id)
    game = long_bridge(actions)
    played = engine.new_game("bridge", 2, seed=record.seed, **record.options)
    logged = []
    for action in game.actions:
        played.play(action.text)
        mover = played.movers[-1]
        logged.append(Action(action.text, mover, record.players[mover].user_id))
    moved = following(record, played, host.games.clock(), Status.ACTIVE, (), (), 0)
    async with host.games.borrow(record) as loan:
        loan.game = played
        await loan.save(moved.record, logged)
    return alice
