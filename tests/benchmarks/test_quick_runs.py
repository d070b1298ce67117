"""Every benchmark runs in the suite, in a quick mode of a few seconds, and fails the test
on any traceback or error it prints (its figures mean little there: it is run so that it
does not rot)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.benchmarks.test_help import BENCHMARKS

QUICK = {
    "ai_strength.py": ["--games", "1", "--game", "tink", "--pairs", "easy:random"],
    "engine_speed.py": ["0.02"],
    "leaderboard.py": ["--games", "2000", "--players", "100", "--runs", "2"],
    "load.py": ["--games", "2", "--moves", "8", "--think", "0"],
    "outages.py": [
        "--games",
        "3",
        "--moves",
        "2",
        "--think",
        "0.05",
        "--window",
        "0.5",
        "--outage",
        "1",
    ],
    "pages.py": ["--pages", "20", "--games", "2", "--moves", "4", "--every", "0.1"],
    "render_speed.py": ["--quick"],
    "review.py": ["--tink-moves", "8", "--bridge-moves", "0"],
    "scheduler.py": ["--games", "300", "--due", "3", "--backend", "sqlite"],
    "startup.py": ["--runs", "1", "--gateway", "0.5"],
    "taps.py": ["--games", "1", "--bridge-moves", "10"],
    "tournament.py": ["--players", "20", "--rounds", "2", "--field", "4", "--swiss-rounds", "2"],
}
"""The options that make each benchmark quick."""


def test_every_benchmark_has_a_quick_run() -> None:
    assert sorted(QUICK) == [path.name for path in BENCHMARKS]


@pytest.mark.parametrize("script", BENCHMARKS, ids=lambda path: path.name)
def test_a_quick_run_ends_well_and_logs_no_error(script: Path, tmp_path: Path) -> None:
    options = QUICK[script.name]
    if script.name == "leaderboard.py":
        options = [*options, "--database-url", f"sqlite:///{tmp_path / 'board.sqlite3'}"]
    run = subprocess.run(
        [sys.executable, str(script), *options],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    said = run.stdout + run.stderr
    assert run.returncode == 0, said
    assert "Traceback" not in said and "ERROR" not in said, said
    assert run.stdout.strip(), "a benchmark prints its figures"
