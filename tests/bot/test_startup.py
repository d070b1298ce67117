"""`python -m bot` stops with one sentence and exit code 1 when it cannot start, never a
traceback (a setting or a database it cannot use stops it before it logs in), and starts
without voice warnings.

Each run is a real process. Discord's address is moved to this machine (a closed port, a
port that never answers, a small HTTP server) or name lookups are made to fail, so no test
sends anything beyond the loopback interface.
"""

from __future__ import annotations

import gc
import json
import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import discord
import pytest

from bot.discord_ui.app import create_bot
from bot.process import COLLECTION_THRESHOLDS
from bot.runtime.app import open_app
from tests.bot.harness import DiscordHarness
from tests.bot.support import SETTINGS, new_bot, settings_in
from tests.launcher import Launcher
from tests.postgres_server import PostgresServer

NO_NAMES = "no names resolve on this machine"
LAUNCH = f"""
import runpy, socket, sys
import aiohttp.client, discord.http

discord_at, answer_within = sys.argv.pop(1), float(sys.argv.pop(1))
if discord_at == "no-names":
    def no_names(*args, **kwargs):
        raise socket.gaierror(socket.EAI_AGAIN, {NO_NAMES!r})
    socket.getaddrinfo = no_names
    discord_at = "http://discord.invalid"
discord.http.Route.BASE = discord_at + "/api/v10"
aiohttp.client.DEFAULT_TIMEOUT = aiohttp.ClientTimeout(total=answer_within)
runpy.run_module("bot", run_name="__main__", alter_sys=True)
"""
HELP = 'import runpy; runpy.run_module("bot", run_name="__main__", alter_sys=True)'


PLAIN_LOG_LINE = """
import logging, sys
from bot.logs import start_logging
logs = start_logging("INFO")
logging.getLogger("bot").info("started")
print("held until now", file=sys.stderr, flush=True)
logs.let_through()
"""


@pytest.fixture(scope="module")
def launcher() -> Iterator[Launcher]:
    """Real processes, forked from one that has imported the bot already."""
    with Launcher() as forking:
        yield forking


def start_bot(
    launcher: Launcher, cwd: Path, discord_at: str, *, answer_within: float = 2.0, **settings: str
) -> subprocess.CompletedProcess[str]:
    """`python -m bot` in `cwd` with only the given settings, Discord being at `discord_at`
    and given `answer_within` seconds to answer each request."""
    env = {name: value for name, value in os.environ.items() if name not in SETTINGS}
    env.update(settings)
    return launcher.run(LAUNCH, [discord_at, str(answer_within)], cwd=cwd, env=env, timeout=60)


def stopped_saying(run: subprocess.CompletedProcess[str], *words: str) -> str:
    """The sentence the bot stopped with, checked to be all it wrote (no log line before it,
    no traceback) and to contain `words`."""
    assert run.returncode == 1, run.stderr
    (sentence,) = run.stderr.strip().splitlines()
    for word in words:
        assert word in sentence
    return sentence


def stopped_before_logging_in(run: subprocess.CompletedProcess[str], *words: str) -> str:
    """The one line the bot wrote, checked as `stopped_saying` does, before logging in."""
    assert run.stderr.count("\n") == 1 and "logging in" not in run.stderr, run.stderr
    return stopped_saying(run, *words)


@pytest.fixture
def closed_port() -> Iterator[str]:
    """An address on this machine where connections are refused."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        yield f"http://127.0.0.1:{held.getsockname()[1]}"


@pytest.fixture
def silent_port() -> Iterator[str]:
    """An address on this machine that takes connections and never answers."""
    with socket.create_server(("127.0.0.1", 0)) as listening:
        yield f"http://127.0.0.1:{listening.getsockname()[1]}"


class _Answer(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        status = self.server.status  # type: ignore[attr-defined]
        body = b'{"message": "refused", "code": 0}'
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the test reads the bot's output, not the server's."""


@pytest.fixture
def discord_answering(request: pytest.FixtureRequest) -> Iterator[str]:
    """A server on this machine answering every request with the status in `request.param`."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Answer)
    server.status = request.param  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_without_a_token_it_names_the_setting_and_a_working_command(
    launcher: Launcher, tmp_path: Path, closed_port: str
) -> None:
    run = start_bot(launcher, tmp_path, closed_port)
    assert run.stderr.count("\n") == 1
    stopped_saying(run, "DISCORD_TOKEN", "make local")


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"LOG_LEVEL": "loud"}, ["LOG_LEVEL", "DEBUG, INFO, WARNING, ERROR, CRITICAL"]),
        ({"AI_PROCESSES": "many"}, ["AI_PROCESSES", "1 or more"]),
        ({"DATABASE_URL": "mysql://bot:secret@db/games"}, ["DATABASE_URL", "postgresql://"]),
        ({"DATABASE_URL": "sqlite:///notes.txt"}, ["DATABASE_URL", "not a SQLite database"]),
        ({"DATABASE_URL": "sqlite:///notes.txt/games.sqlite3"}, ["DATABASE_URL", "folder"]),
        ({"DATABASE_URL": "postgresql://u:secret@127.0.0.1:99999/db"}, ["Port out of range"]),
        ({"DATABASE_URL": "postgresql://u:secret@127.0.0.1:abc/db"}, ["DATABASE_URL", "'abc'"]),
        ({"DATABASE_URL": "postgresql://u:secret@[::1/db"}, ["DATABASE_URL", "IPv6"]),
    ],
    ids=[
        *("log level", "ai processes", "database kind", "not a database", "no folder"),
        *("port out of range", "port not a number", "broken ipv6 address"),
    ],
)
def test_an_unusable_setting_stops_it_before_logging_in(
    launcher: Launcher, tmp_path: Path, closed_port: str, settings: dict[str, str], words: list[str]
) -> None:
    (tmp_path / "notes.txt").write_text("shopping: eggs, flour, pyramids\n" * 10)
    run = start_bot(launcher, tmp_path, closed_port, DISCORD_TOKEN="token", **settings)
    assert "secret" not in stopped_before_logging_in(run, *words)


@pytest.mark.parametrize("case", ["unreachable host", "wrong password", "missing database"])
def test_an_unusable_postgresql_database_stops_it_before_logging_in(
    launcher: Launcher, tmp_path: Path, closed_port: str, postgres_server: PostgresServer, case: str
) -> None:
    where = f"the PostgreSQL server at 127.0.0.1:{postgres_server.port}"
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        nowhere = unused.getsockname()[1]
    url, sentence = {
        "unreachable host": (
            f"postgresql://bot:pw@127.0.0.1:{nowhere}/games",
            f"DATABASE_URL: the PostgreSQL server at 127.0.0.1:{nowhere} cannot be reached",
        ),
        "wrong password": (
            postgres_server.url("postgres", password="wrong"),
            f"DATABASE_URL: {where} refused the password of user 'postgres'.",
        ),
        "missing database": (
            postgres_server.url("nowhere"),
            f"DATABASE_URL: {where} has no database 'nowhere'",
        ),
    }[case]
    run = start_bot(launcher, tmp_path, closed_port, DISCORD_TOKEN="token", DATABASE_URL=url)
    assert stopped_before_logging_in(run).startswith(sentence)


def test_when_discord_cannot_be_reached_it_says_so(
    launcher: Launcher, tmp_path: Path, closed_port: str
) -> None:
    run = start_bot(launcher, tmp_path, closed_port, DISCORD_TOKEN="token")
    stopped_saying(run, "Could not reach Discord", "online")
    assert "logging in" not in run.stderr
    assert "voice" not in run.stderr


def test_without_name_lookups_discord_cannot_be_reached(launcher: Launcher, tmp_path: Path) -> None:
    run = start_bot(launcher, tmp_path, "no-names", DISCORD_TOKEN="token")
    stopped_saying(run, "Could not reach Discord", NO_NAMES)


def test_when_discord_never_answers_it_gives_up(
    launcher: Launcher, tmp_path: Path, silent_port: str
) -> None:
    run = start_bot(launcher, tmp_path, silent_port, answer_within=0.2, DISCORD_TOKEN="token")
    stopped_saying(run, "Could not reach Discord", "Timeout")


@pytest.mark.parametrize("discord_answering", [401], indirect=True)
def test_a_refused_token_is_named(
    launcher: Launcher, tmp_path: Path, discord_answering: str
) -> None:
    run = start_bot(launcher, tmp_path, discord_answering, DISCORD_TOKEN="token")
    stopped_saying(run, "Discord refused the token in DISCORD_TOKEN", "Reset Token")


@pytest.mark.parametrize(
    ("discord_answering", "words"),
    [(403, ["403", "Developer Portal"]), (429, ["429", "RestartSec"]), (418, ["418", "later"])],
    indirect=["discord_answering"],
)
def test_a_refused_login_is_named(
    launcher: Launcher, tmp_path: Path, discord_answering: str, words: list[str]
) -> None:
    run = start_bot(launcher, tmp_path, discord_answering, DISCORD_TOKEN="token")
    stopped_saying(run, "Discord", *words)


@pytest.mark.parametrize("discord_answering", [503], indirect=True)
def test_a_discord_outage_is_named(
    launcher: Launcher, tmp_path: Path, discord_answering: str
) -> None:
    run = start_bot(launcher, tmp_path, discord_answering, DISCORD_TOKEN="token")
    stopped_saying(run, "server error", "503", "later")


@pytest.mark.parametrize("discord_answering", [401], indirect=True)
async def test_a_refused_login_starts_no_drawing_or_thinking_process(
    tmp_path: Path, discord_answering: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", f"{discord_answering}/api/v10")
    async with open_app(settings_in(tmp_path)) as app, create_bot(app) as bot:
        with pytest.raises(discord.LoginFailure):
            await bot.login("token")
        assert (app.renderer, app.thinker) == (None, None)


def test_help_lists_the_modes_and_every_setting_with_its_default(
    launcher: Launcher, tmp_path: Path
) -> None:
    run = launcher.run(HELP, ["--help"], cwd=tmp_path, env=dict(os.environ), timeout=60)
    assert run.returncode == 0, run.stderr
    for word in ("local", "copy-database", *SETTINGS, "default: INFO", "sqlite:///"):
        assert word in run.stdout


def test_log_lines_off_a_terminal_are_plain_and_held_until_let_through() -> None:
    run = subprocess.run(
        [sys.executable, "-c", PLAIN_LOG_LINE], capture_output=True, text=True, timeout=60
    )
    first, logged = run.stderr.splitlines()
    assert first == "held until now"
    assert logged.endswith("] [INFO    ] bot: started") and "\x1b[" not in run.stderr


JSON_LOG_LINES = """
import logging
from bot.logs import start_logging
logs = start_logging("INFO", "json")
logs.let_through()
logging.getLogger("bot.play").info("game %s saved", 12)
try:
    raise ValueError("broken")
except ValueError:
    logging.getLogger("bot").exception("failed")
"""


def test_log_format_json_writes_one_object_a_line_for_log_collectors() -> None:
    run = subprocess.run(
        [sys.executable, "-c", JSON_LOG_LINES], capture_output=True, text=True, timeout=60
    )
    saved, failed = [json.loads(line) for line in run.stderr.splitlines()]
    assert {key: saved[key] for key in ("level", "logger", "message")} == {
        "level": "INFO",
        "logger": "bot.play",
        "message": "game 12 saved",
    }
    assert "time" in saved and failed["level"] == "ERROR"
    assert "ValueError: broken" in failed["exc_info"]


SERVE_UNTIL_STOPPED = """
import asyncio, contextlib, gc
import bot.__main__ as main
from bot.config import Settings
from bot.logs import start_logging

class Bot:
    async def __aenter__(self):
        return self
    async def __aexit__(self, *exc):
        await self.close()
    async def login(self, token):
        pass
    async def connect(self):
        print("serving, collecting at", *gc.get_threshold(), flush=True)
        await asyncio.Event().wait()
    async def close(self):
        await asyncio.sleep(0.1)
        print("closed", flush=True)

@contextlib.asynccontextmanager
async def no_app(settings):
    yield None

main.open_app = no_app
main.create_bot = lambda app: Bot()
main.serve_pages = lambda app: None
asyncio.run(main._run(Settings("token"), start_logging("INFO")))
print("stopped", flush=True)
"""
"""The bot's serving loop, around a bot that serves until it is stopped."""


def test_sigterm_closes_the_bot_as_cleanly_as_ctrl_c() -> None:
    serving = subprocess.Popen(
        [sys.executable, "-c", SERVE_UNTIL_STOPPED], stdout=subprocess.PIPE, text=True
    )
    assert serving.stdout is not None
    thresholds = " ".join(map(str, COLLECTION_THRESHOLDS))
    assert serving.stdout.readline() == f"serving, collecting at {thresholds}\n"
    serving.send_signal(signal.SIGTERM)
    out, _ = serving.communicate(timeout=30)
    assert (out, serving.returncode) == ("closed\nstopped\n", 0)


async def test_a_bot_booted_in_a_process_leaves_its_collector_as_it_was(tmp_path: Path) -> None:
    before = (gc.get_threshold(), gc.get_freeze_count())
    async with DiscordHarness(new_bot(tmp_path)):
        assert (gc.get_threshold(), gc.get_freeze_count()) == before, "python -m bot tunes it"
