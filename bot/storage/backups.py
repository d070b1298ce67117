"""`python -m bot backup DEST` and `python -m bot restore SRC`: a consistent copy of the
database taken while the bot runs (SQLite's online backup; PostgreSQL's `pg_dump`), and
that copy put back into an empty database (a new SQLite file; `pg_restore` into an empty
PostgreSQL database), which the bot then opens as it was, migrating it if it is older."""

from __future__ import annotations

import contextlib
import glob
import shutil
import sqlite3
import subprocess
from pathlib import Path

from bot.storage import POSTGRES_SCHEMES, SQLITE_PREFIX
from bot.storage.records import StorageError

POSTGRES_PREFIXES = tuple(f"{scheme}://" for scheme in POSTGRES_SCHEMES)


class BackupError(StorageError):
    """A backup or restore that cannot be made; the message says why in one sentence."""


def backup(url: str, destination: Path) -> None:
    """Copy the database at `url` into the file `destination`, safely while it is used."""
    if destination.exists():
        raise BackupError(f"{destination} already exists: name a new file for the backup.")
    destination.parent.mkdir(parents=True, exist_ok=True)
    if url.startswith(SQLITE_PREFIX):
        source = _sqlite_file(url)
        if not source.is_file():
            raise BackupError(f"There is no SQLite database at {source}.")
        _sqlite_copy(source, destination)
    elif url.startswith(POSTGRES_PREFIXES):
        _run_tool("pg_dump", "--format=custom", f"--file={destination}", url)
    else:
        raise BackupError("DATABASE_URL must start with sqlite:/// or postgresql://.")


def restore(source: Path, url: str) -> None:
    """Put the backup `source` into the empty database at `url` (a new SQLite file, or
    an empty PostgreSQL database)."""
    if not source.is_file():
        raise BackupError(f"There is no backup at {source}.")
    if url.startswith(SQLITE_PREFIX):
        target = _sqlite_file(url)
        if target.exists():
            raise BackupError(
                f"{target} already exists: restore into a new file (move the old one "
                "away first, with its -wal and -shm files, while the bot is stopped)."
            )
        target.parent.mkdir(parents=True, exist_ok=True)
        _sqlite_copy(source, target)
    elif url.startswith(POSTGRES_PREFIXES):
        _run_tool("pg_restore", "--no-owner", "--exit-on-error", f"--dbname={url}", str(source))
    else:
        raise BackupError("DATABASE_URL must start with sqlite:/// or postgresql://.")


def _sqlite_file(url: str) -> Path:
    return Path(url.removeprefix(SQLITE_PREFIX))


def _sqlite_copy(source: Path, target: Path) -> None:
    """SQLite's online backup: a consistent copy even while another connection writes."""
    with (
        contextlib.closing(sqlite3.connect(source)) as reading,
        contextlib.closing(sqlite3.connect(target)) as writing,
    ):
        reading.backup(writing)


def _run_tool(name: str, *arguments: str) -> None:
    """Run one of PostgreSQL's tools, found on the PATH or where Debian installs them."""
    found = shutil.which(name) or next(
        iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None
    )
    if found is None:
        raise BackupError(
            f"{name} is not installed: install PostgreSQL's client tools "
            "(apt-get install postgresql-client)."
        )
    done = subprocess.run([found, *arguments], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        said = " ".join(done.stderr.split()) or f"exit status {done.returncode}"
        raise BackupError(f"{name} failed: {said}")
