"""Every benchmark script explains itself with `--help` and exits, measuring nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).parents[2] / "benchmarks").glob("*.py"))


def test_every_benchmark_is_covered() -> None:
    assert len(BENCHMARKS) >= 6


@pytest.mark.parametrize("script", BENCHMARKS, ids=lambda path: path.name)
def test_help_describes_the_script_and_exits(script: Path) -> None:
    run = subprocess.run(
        [sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(f"usage: {script.name}") and run.stderr == ""
    options = run.stdout.partition("options:")[2].splitlines()
    for line, following in zip(options, [*options[1:], ""], strict=True):
        if line.startswith("  -"):
            described = "  " in line.strip() or following.startswith(" " * 8)
            assert described, f"{script.name}: {line.strip()} has no description"
