"""`python -m bot` runs the bot; `python -m bot local` plays in the console without Discord."""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path

import discord

from bot.app import create_bot
from bot.config import ConfigError, load_settings
from bot.console import run_console

CONSOLE_DATABASE = "sqlite:///out/console.sqlite3"
USAGE = "usage: python -m bot [local]"


def main(argv: list[str]) -> int:
    if argv == ["local"]:
        asyncio.run(run_console(CONSOLE_DATABASE, Path("out")))
        return 0
    if argv:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        settings = load_settings()
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 1
    discord.utils.setup_logging(level=logging.getLevelName(settings.log_level))
    try:
        create_bot(settings).run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print(
            "Discord refused the token in DISCORD_TOKEN: reset it in the Developer Portal "
            "(your application > Bot > Reset Token) and put the new one in .env.",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
