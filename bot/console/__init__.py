"""Local play without Discord: the same use cases, seats played as named users, pictures
written to a folder, every answer in plain words (`python -m bot local`)."""

from bot.console.commands import CHANNEL, MOVES_LISTED, Console
from bot.console.terminal import run_console

__all__ = ["CHANNEL", "MOVES_LISTED", "Console", "run_console"]
