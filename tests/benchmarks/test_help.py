"""Every benchmark script explains itself with `--help` and exits, measuring nothing (run
in this interpreter, as `python benchmarks/<script> --help` would run it: `--help` stops it
before it measures)."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).parents[2] / "benchmarks").glob("*.py"))


def test_every_benchmark_is_covered() -> None:
    assert len(BENCHMARKS) >= 6


@pytest.mark.parametrize("script", BENCHMARKS, ids=lambda path: path.name)
def test_help_describes_the_script_and_exits(
    script: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", [str(script), "--help"])
    with pytest.raises(SystemExit) as exited:
        runpy.run_path(str(script), run_name="__main__")
    run = capsys.readouterr()
    assert exited.value.code in (0, None), run.err
    assert run.out.startswith(f"usage: {script.name}") and run.err == ""
    options = run.out.partition("options:")[2].splitlines()
    for line, following in zip(options, [*options[1:], ""], strict=True):
        if line.startswith("  -"):
            described = "  " in line.strip() or following.startswith(" " * 8)
            assert described, f"{script.name}: {line.strip()} has no description"
