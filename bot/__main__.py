"""`python -m bot` runs the bot; `python -m bot web` serves its pages alone; `python -m bot
local` plays in the console without Discord; `python -m bot export FILE` writes the
finished games' records."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import TextIO

import aiohttp
import discord

from bot.config import ConfigError, Settings, load_database_url, load_settings, settings_help
from bot.console import run_console
from bot.discord_ui.app import create_bot, update_language_catalogs
from bot.logs import HeldLogs, start_logging
from bot.play.learning.exports import event_of, game_record
from bot.play.words.languages import posix_language
from bot.process import tune_collector
from bot.runtime.app import open_app
from bot.storage import (
    CopyError,
    DatabaseUnusable,
    GameRecord,
    Storage,
    copy_between,
    open_backend,
)
from bot.storage.backups import BackupError, backup, restore
from bot.web.server import serve_pages

CONSOLE_DATABASE = "sqlite:///out/console.sqlite3"
TOKEN_REFUSED = (
    "Discord refused the token in DISCORD_TOKEN: reset it in the Developer Portal "
    "(your application > Bot > Reset Token) and put the new one in .env."
)
UNREACHABLE = (
    "Could not reach Discord ({reason}): check that this machine is online and that no "
    "firewall or proxy blocks discord.com, then start the bot again."
)
DISCORD_DOWN = (
    "Discord answered with a server error ({reason}): it is having trouble on its side "
    "(see discordstatus.com); start the bot again later."
)
LOGIN_REFUSED = {
    403: (
        "Discord refused the bot's login ({reason}): the application may be disabled, or "
        "this machine's address blocked; check the application in the Developer Portal "
        "and your e-mail from Discord, then start the bot again."
    ),
    429: (
        "Discord is limiting how often the bot may log in ({reason}): too many logins in "
        "a short time, often a restart loop; wait some minutes (a systemd unit should "
        "have RestartSec=30 or more), then start the bot again."
    ),
}
"""What a refused login means, by Discord's status, and what to do."""
REFUSED = "Discord refused the bot's login ({reason}); start the bot again later."
NO_PAGES = (
    "python -m bot web serves the games' pages, but WEB_PORT is off: set it to a port "
    "(and PUBLIC_URL to where people reach it)."
)
PORT_TAKEN = (
    "python -m bot web could not serve the pages on port {port} (the log above says why): "
    "set WEB_PORT to a free port."
)
UNREACHABLE_ERRORS = (OSError, TimeoutError, aiohttp.ClientError, discord.GatewayNotFound)
EXPORT_BATCH = 500
"""Finished games' ids read at a time by `python -m bot export`."""


class CannotStart(Exception):
    """The bot cannot start; the message says why and what to do."""


def main(argv: list[str]) -> int:
    arguments = _parser().parse_args(argv)
    if arguments.mode == "local":
        language = posix_language(arguments.lang or os.environ.get("LANG"))
        run_console(CONSOLE_DATABASE, Path("out"), language=language)
        return 0
    if arguments.mode == "copy-database":
        return copy_database(arguments.from_url, arguments.to_url)
    if arguments.mode in ("backup", "restore"):
        return backup_or_restore(arguments.mode, Path(arguments.file))
    if arguments.mode == "export":
        return export_games(Path(arguments.file), arguments.server)
    if arguments.mode == "catalogs":
        for path in asyncio.run(update_language_catalogs()):
            print(f"Wrote {path}.")
        return 0
    logs = None
    try:
        settings = load_settings()
        if arguments.mode == "web":
            if settings.web_port is None:
                raise CannotStart(NO_PAGES)
            settings = dataclasses.replace(settings, gateway=False)
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # no voice here
        logs = start_logging(settings.log_level, settings.log_format)
        asyncio.run(_run(settings, logs))
    except (ConfigError, CannotStart, DatabaseUnusable) as error:
        if logs is not None:
            logs.drop()
        print(error, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    finally:
        if logs is not None:
            logs.let_through()
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Runs the Pyramid Host Discord bot, with the settings below.",
        epilog=settings_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    modes = parser.add_subparsers(dest="mode", title="modes (without one, the bot runs)")
    local = modes.add_parser("local", help="play in this terminal, without Discord")
    local.add_argument(
        "--lang", help="the language to play in, such as de or pt-BR (default: from LANG)"
    )
    modes.add_parser(
        "web",
        help="serve the games' pages (and the work due) beside the bot, with no shard of its own",
    )
    copy = modes.add_parser("copy-database", help="copy every game from one database into another")
    copy.add_argument("from_url", metavar="FROM_URL", help="the database to copy")
    copy.add_argument("to_url", metavar="TO_URL", help="the empty database to fill")
    backup = modes.add_parser(
        "backup", help="copy DATABASE_URL's database into a new file, safely while it runs"
    )
    backup.add_argument("file", metavar="DEST", help="the backup file to write")
    restore = modes.add_parser(
        "restore", help="put a backup into DATABASE_URL's database, which must be empty"
    )
    restore.add_argument("file", metavar="SRC", help="the backup file to read")
    export = modes.add_parser(
        "export",
        help="write DATABASE_URL's finished games into a file, one Abstract Play game record "
        "(JSON) a line",
    )
    export.add_argument(
        "--server", type=int, metavar="ID", help="only the games of this server (its id)"
    )
    export.add_argument("file", metavar="FILE", help="the file to write")
    modes.add_parser(
        "catalogs", help="bring the language catalogs up to date with what the bot says"
    )
    return parser


def backup_or_restore(mode: str, file: Path) -> int:
    """`python -m bot backup DEST` / `restore SRC`, with DATABASE_URL's database."""
    try:
        url = load_database_url()
        if mode == "backup":
            backup(url, file)
            print(f"Backed up the database into {file}.")
        else:
            restore(file, url)
            print(f"Restored {file}; start the bot to play on.")
    except (BackupError, ConfigError) as error:
        print(error, file=sys.stderr)
        return 1
    return 0


def export_games(file: Path, server: int | None) -> int:
    """`python -m bot export [--server ID] FILE`: DATABASE_URL's finished games, of one
    server or all, written into FILE as JSON Lines of game records."""
    try:
        count = asyncio.run(_export(load_database_url(), server, file))
    except (ConfigError, DatabaseUnusable, OSError) as error:
        print(error, file=sys.stderr)
        return 1
    print(f"Wrote {count} finished game{'' if count == 1 else 's'} into {file}.")
    return 0


async def _export(url: str, server: int | None, file: Path) -> int:
    storage = await open_backend(url, rater=None, existing=True)
    try:
        with file.open("w", encoding="utf-8") as out:
            return await _write_records(storage, server, out)
    finally:
        await storage.close()


async def _write_records(storage: Storage, server: int | None, out: TextIO) -> int:
    """Each finished game of the server (None: every game) as a line; how many."""
    count, after, now = 0, 0, time.time()
    while found := await storage.finished_ids(server, after, EXPORT_BATCH):
        for game_id in found:
            line = await _record_line(storage, await storage.game(game_id), now)
            if line is not None:
                out.write(line + "\n")
                count += 1
        after = found[-1]
    return count


async def _record_line(storage: Storage, record: GameRecord | None, now: float) -> str | None:
    """The game's record in one line of JSON, naming its tournament if any; None for a
    game that does not replay (said on stderr)."""
    if record is None:
        return None
    event = await event_of(storage.tournaments, record)
    try:
        return json.dumps(game_record(record, now, event), ensure_ascii=False)
    except ValueError as error:
        print(f"Left out game #{record.id}: {error}.", file=sys.stderr)
        return None


async def _run(settings: Settings, logs: HeldLogs) -> None:
    """Open the app (its storage first), log in, saying plainly why that failed if it
    did, and serve until stopped (the start-up's log lines are written once logged in;
    SIGTERM stops the bot as cleanly as Ctrl-C does, letting go of the work it claimed).
    Without the gateway (`python -m bot web`) the pages and the work due are served
    through Discord's HTTP API alone."""
    async with open_app(settings) as app, create_bot(app) as bot:
        pages = serve_pages(app)
        try:
            await bot.login(settings.token)
        except discord.LoginFailure:
            raise CannotStart(TOKEN_REFUSED) from None
        except discord.HTTPException as error:
            said = DISCORD_DOWN if error.status >= 500 else LOGIN_REFUSED.get(error.status, REFUSED)
            raise CannotStart(said.format(reason=_reason(error))) from None
        except UNREACHABLE_ERRORS as error:
            raise CannotStart(UNREACHABLE.format(reason=_reason(error))) from None
        logs.let_through()
        tune_collector()
        if not settings.gateway and (pages is None or not pages.serving):
            raise CannotStart(PORT_TAKEN.format(port=settings.web_port))
        serving = asyncio.ensure_future(
            bot.connect() if settings.gateway else asyncio.Event().wait()
        )
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, serving.cancel)
        with contextlib.suppress(asyncio.CancelledError):
            await serving


def _reason(error: BaseException) -> str:
    """The error's own words on one line, or its kind when it has none."""
    words = " ".join(str(error).split())
    return words or type(error).__name__


def copy_database(from_url: str, to_url: str) -> int:
    """Copy one database into another (both named by URLs), printing the counts checked."""
    try:
        asyncio.run(copy_between(from_url, to_url, print))
    except (DatabaseUnusable, CopyError) as error:
        print(error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
