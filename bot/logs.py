"""Log lines on standard error: coloured on a terminal only (journald and files get plain
text), and held back until the bot has logged in, so that a start-up failure is its one
sentence alone."""

from __future__ import annotations

import logging
from logging.handlers import MemoryHandler
from typing import Any

import discord
from pythonjsonlogger.json import JsonFormatter

JSON_LINES = JsonFormatter(
    "{asctime}{levelname}{name}{message}",
    style="{",
    rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
)
"""One JSON object a line: time, level, logger, message, and any exception's traceback."""
PLAIN = logging.Formatter(
    "[{asctime}] [{levelname:<8}] {name}: {message}", "%Y-%m-%d %H:%M:%S", style="{"
)


class HeldLogs(MemoryHandler):
    """Keeps every record until `let_through` (written then, in order) or `drop`."""

    def __init__(self, target: logging.StreamHandler[Any]) -> None:
        super().__init__(capacity=0, target=target, flushOnClose=False)

    def shouldFlush(self, record: logging.LogRecord) -> bool:
        return False

    def let_through(self) -> None:
        """Writes what was held and lets later records through."""
        root = logging.getLogger()
        root.removeHandler(self)
        if self.target is not None:
            root.addHandler(self.target)
        self.flush()

    def drop(self) -> None:
        """Forgets what was held (the start-up failure says all)."""
        self.buffer.clear()
        self.let_through()


def start_logging(level: str, log_format: str = "text") -> HeldLogs:
    """Logging at `level` to standard error, held until the bot logs in: one JSON object
    a line for log collectors when `log_format` is `json`."""
    handler: logging.StreamHandler[Any] = logging.StreamHandler()
    if log_format == "json":
        discord.utils.setup_logging(
            handler=handler, formatter=JSON_LINES, level=logging.getLevelName(level)
        )
    elif handler.stream.isatty():
        discord.utils.setup_logging(handler=handler, level=logging.getLevelName(level))
    else:
        discord.utils.setup_logging(
            handler=handler, formatter=PLAIN, level=logging.getLevelName(level)
        )
    held = HeldLogs(handler)
    root = logging.getLogger()
    root.removeHandler(handler)
    root.addHandler(held)
    return held
