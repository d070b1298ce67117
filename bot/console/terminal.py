"""The console in the terminal: a prompt, lines typed and answers written at once, until
`quit`, Ctrl-D or Ctrl-C."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

from bot.config import Settings
from bot.console.commands import LOG_FILE, Console
from bot.logs import PLAIN
from bot.play.table.pictures import Renderer
from bot.play.words.languages import PROJECT, SOURCE, shipped
from bot.play.words.text import Text, plain, t
from bot.runtime.app import App

QUIT = ("quit", "exit")
"""The commands that leave the console."""


def _greeting(out: Path) -> Text:
    """The console's first line: where the pictures go and how to begin and leave."""
    folder = f"{out}/"
    return t(
        "{bot} console. Pictures go to {folder}. Type {help}, or {quit} to leave.",
        bot=PROJECT,
        folder=folder,
        help="help",
        quit=QUIT[0],
    )


def _print_at_once(text: str) -> None:
    """Print a line and flush it, so it shows before the console works on."""
    print(text, flush=True)


def run_console(
    database_url: str,
    out: Path,
    *,
    read: Callable[[str], str] = input,
    write: Callable[[str], object] = _print_at_once,
    renderer: Renderer | None = None,
    language: str = SOURCE,
) -> None:
    """Play from the terminal in `language` until `quit`, end of input (Ctrl-D) or Ctrl-C,
    which leave at once, at the prompt or while an answer is being worked out."""
    try:
        with _ctrl_c_interrupts(), asyncio.Runner() as runner:
            _session(runner, database_url, out, (read, write), renderer, language)
    except KeyboardInterrupt:
        write("")


@contextlib.contextmanager
def _ctrl_c_interrupts() -> Iterator[None]:
    """Let Ctrl-C interrupt the console whatever the process was started with (SIGINT
    ignored, blocked or handled elsewhere); as before afterwards. Main thread only."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    mask = signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def _session(
    runner: asyncio.Runner,
    database_url: str,
    out: Path,
    terminal: tuple[Callable[[str], str], Callable[[str], object]],
    renderer: Renderer | None,
    language: str,
) -> None:
    read, write = terminal
    app = App(Settings("", database_url), renderer=renderer, in_threads=True)
    runner.run(app.open())
    out.mkdir(parents=True, exist_ok=True)
    failures = logging.FileHandler(out / LOG_FILE, encoding="utf-8", delay=True)
    failures.setLevel(logging.WARNING)
    failures.setFormatter(PLAIN)
    logging.getLogger().addHandler(failures)
    try:
        console = Console(runner.run(app.use_cases()), out, shipped(language), write)
        write(plain(_greeting(out), language=console.language))
        resumed = runner.run(console.resume())
        if resumed:
            write(resumed)
        while True:
            try:
                line = read("> ")
            except EOFError:
                write("")
                return
            if line.strip().lower() in QUIT:
                return
            answer = runner.run(console.handle(line))
            if answer:
                write(answer)
    finally:
        logging.getLogger().removeHandler(failures)
        failures.close()
        runner.run(app.close())
