"""`python -m bot` runs the bot; `python -m bot local` plays in the console without Discord."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from pathlib import Path

import aiohttp
import discord

from bot.config import ConfigError, Settings, load_settings
from bot.console import run_console
from bot.discord_ui.app import create_bot
from bot.storage import CopyError, DatabaseUnusable, copy_between

CONSOLE_DATABASE = "sqlite:///out/console.sqlite3"
USAGE = "usage: python -m bot [local | copy-database FROM_URL TO_URL]"
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
UNREACHABLE_ERRORS = (OSError, TimeoutError, aiohttp.ClientError, discord.GatewayNotFound)


class CannotStart(Exception):
    """The bot cannot start; the message says why and what to do."""


def main(argv: list[str]) -> int:
    if argv == ["local"]:
        run_console(CONSOLE_DATABASE, Path("out"))
        return 0
    if len(argv) == 3 and argv[0] == "copy-database":
        return copy_database(argv[1], argv[2])
    if argv:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        settings = load_settings()
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # no voice here
        discord.utils.setup_logging(level=logging.getLevelName(settings.log_level))
        asyncio.run(_run(settings))
    except (ConfigError, CannotStart, DatabaseUnusable) as error:
        print(error, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


async def _run(settings: Settings) -> None:
    """Log in, saying plainly why that failed if it did, and serve until stopped (SIGTERM
    stops the bot as cleanly as Ctrl-C does, letting go of the work it claimed)."""
    async with create_bot(settings) as bot:
        try:
            await bot.login(settings.token)
        except discord.LoginFailure:
            raise CannotStart(TOKEN_REFUSED) from None
        except discord.HTTPException as error:
            if error.status < 500:
                raise
            raise CannotStart(DISCORD_DOWN.format(reason=_reason(error))) from None
        except UNREACHABLE_ERRORS as error:
            raise CannotStart(UNREACHABLE.format(reason=_reason(error))) from None
        serving = asyncio.ensure_future(bot.connect())
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
