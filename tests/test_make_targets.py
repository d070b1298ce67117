"""The owner's tools as make targets: from a fresh clone (no environment yet), each builds
the bot's environment first and runs its mode with that environment's Python."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
VENV_PYTHON = ".venv/bin/python -m bot"


def dry_run(clone: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """`make -n` in the clone: the commands it would run, without running them."""
    return subprocess.run(
        ["make", "--no-print-directory", "-n", "-C", str(clone), *arguments],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    """A fresh clone's Makefile and project file, without the bot's environment."""
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    return tmp_path


@pytest.mark.parametrize(
    ("arguments", "command"),
    [
        (["web"], "web"),
        (["backup", "FILE=backups/nightly.backup"], "backup 'backups/nightly.backup'"),
        (["restore", "FILE=backups/nightly.backup"], "restore 'backups/nightly.backup'"),
        (
            ["copy-database", "FROM=sqlite:///data/pyramids.sqlite3", "TO=postgresql://h/db"],
            "copy-database 'sqlite:///data/pyramids.sqlite3' 'postgresql://h/db'",
        ),
        (["export", "FILE=records.jsonl"], "export 'records.jsonl'"),
        (["export", "FILE=mine.jsonl", "SERVER=42"], "export --server '42' 'mine.jsonl'"),
    ],
)
def test_a_tool_runs_in_the_bots_environment_built_first(
    clone: Path, arguments: list[str], command: str
) -> None:
    done = dry_run(clone, *arguments)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "python3 -m venv .venv" in lines
    assert ".venv/bin/python -m pip install --quiet -e ." in lines
    assert lines[-1] == f"{VENV_PYTHON} {command}"


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["backup"], "make backup FILE="),
        (["restore"], "make restore FILE="),
        (["copy-database", "FROM=sqlite:///a.sqlite3"], "make copy-database FROM="),
        (["export"], "make export FILE="),
    ],
)
def test_a_tool_missing_its_file_says_how_to_name_it(
    clone: Path, arguments: list[str], said: str
) -> None:
    done = dry_run(clone, *arguments)
    assert done.returncode != 0
    assert said in done.stderr
    assert VENV_PYTHON not in done.stdout
