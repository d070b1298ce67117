"""Every benchmark runs in the suite, in a quick mode of a few seconds, and fails the test
on any traceback or error it prints (its figures mean little there: it is run so that it
does not rot).

Most run in this interpreter, as `python benchmarks/<script>` would run them (see
`IN_PROCESS`), which spares starting Python and importing the bot afresh for each; the
others, which change what the whole process shares, run as processes of their own."""

from __future__ import annotations

import logging
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from tests.benchmarks.test_help import BENCHMARKS

QUICK = {
    "ai_strength.py": ["--games", "1", "--game", "tink", "--pairs", "easy:random"],
    "engine_speed.py": ["0.01", "--reviewed", "1"],
    "leaderboard.py": ["--games", "2000", "--players", "100", "--runs", "2"],
    "load.py": ["--games", "2", "--moves", "8", "--think", "0"],
    "outages.py": [
        *("--games", "3", "--moves", "2", "--think", "0.05"),
        *("--window", "0.15", "--outage", "1.2"),
    ],
    "pages.py": [
        *("--pages", "20", "--games", "2", "--moves", "4", "--every", "0.05"),
        *("--wait", "0.5"),
    ],
    "render_speed.py": ["--quick"],
    "review.py": ["--tink-moves", "8", "--bridge-moves", "0"],
    "scheduler.py": [
        *("--games", "300", "--due", "3", "--backend", "sqlite"),
        *("--lead", "0.5", "--spread", "0.3"),
    ],
    "startup.py": ["--runs", "1", "--gateway", "0.5"],
    "taps.py": ["--games", "1", "--bridge-moves", "10"],
    "tournament.py": ["--players", "20", "--rounds", "2", "--field", "4", "--swiss-rounds", "2"],
}
"""The options that make each benchmark quick, each still taking every path of its own.

Outages: short 429 windows, then 1.2 s of failures, the last of which (dropped
connections) meets the posts the 429s refused, retried after them: every run sees both
kinds fail. Scheduler: the time-outs fall due within 0.3 s from half a second after the
scheduler starts, so that its first pass after its shortest nap (1 s) does them all."""

IN_PROCESS = frozenset(
    {
        "engine_speed.py",
        "leaderboard.py",
        "load.py",
        "pages.py",
        "render_speed.py",
        "review.py",
        "scheduler.py",
        "startup.py",
        "taps.py",
    }
)
"""The benchmarks that leave the process as they found it (no logging set up, nothing
patched, no collector, signal or event loop policy settings; their own processes, bot
processes included, are started afresh), so they run in this interpreter. Not so
outages.py (it rewrites `ai.SETTINGS` and sets up logging), tournament.py (it adds a
handler to the root logger) and ai_strength.py (it plays in a pool of forked processes)."""


def test_every_benchmark_has_a_quick_run() -> None:
    assert sorted(QUICK) == [path.name for path in BENCHMARKS]


def test_the_benchmarks_run_here_are_benchmarks() -> None:
    assert IN_PROCESS.issubset(QUICK)


def quick_options(script: Path, tmp_path: Path) -> list[str]:
    options = QUICK[script.name]
    if script.name == "leaderboard.py":
        options = [*options, "--database-url", f"sqlite:///{tmp_path / 'board.sqlite3'}"]
    return options


@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
@pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")
@pytest.mark.parametrize("script", BENCHMARKS, ids=lambda path: path.name)
def test_a_quick_run_ends_well_and_logs_no_error(
    script: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    options = quick_options(script, tmp_path)
    if script.name in IN_PROCESS:
        status, out, said = run_here(script, options, tmp_path, monkeypatch, capfd, caplog)
    else:
        status, out, said = run_apart(script, options, tmp_path)
    assert status == 0, said
    assert "Traceback" not in said and "ERROR" not in said, said
    assert out.strip(), "a benchmark prints its figures"


def run_apart(script: Path, options: list[str], folder: Path) -> tuple[object, str, str]:
    """A benchmark run as a process of its own in `folder`: its exit status, what it
    printed on standard output, and all it printed."""
    run = subprocess.run(
        [sys.executable, str(script), *options],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=folder,
    )
    return run.returncode, run.stdout, run.stdout + run.stderr


def run_here(
    script: Path,
    options: list[str],
    folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> tuple[object, str, str]:
    """A benchmark run in this interpreter in `folder`, as `python benchmarks/<script>`
    would run it: its exit status (`sys.exit`'s, 0 if it returns), what it printed on
    standard output, and all it and the processes it started printed, with what it logged
    at WARNING or above as Python prints that when logging is not set up (the message and
    any traceback)."""
    monkeypatch.setattr(sys, "argv", [str(script), *options])
    monkeypatch.setattr(sys, "path", [*sys.path])
    monkeypatch.chdir(folder)
    status: object = 0
    try:
        runpy.run_path(str(script), run_name="__main__")
    except SystemExit as exited:
        status = 0 if exited.code is None else exited.code
    run = capfd.readouterr()
    printed = logging.Formatter()
    logged = [printed.format(r) for r in caplog.records if r.levelno >= logging.WARNING]
    return status, run.out, "\n".join([run.out, run.err, *logged])
