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
from urllib.parse import urlsplit

from bot.storage import POSTGRES_SCHEMES, SQLITE_PREFIX
from bot.storage.records import StorageError

POSTGRES_PREFIXES = tuple(f"{scheme}://" for scheme in POSTGRES_SCHEMES)
SQLITE_MAGIC = b"SQLite format 3\0"
"""How a SQLite file (the SQLite backend's backup) begins."""
PG_DUMP_MAGIC = b"PGDMP"
"""How a `pg_dump --format=custom` file (the PostgreSQL backend's backup) begins."""
TABLES = (
    "SELECT count(*) FROM pg_catalog.pg_tables "
    "WHERE schemaname NOT IN ('pg_catalog', 'information_schema')"
)
"""The tables of a PostgreSQL database, those of the system left out."""


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
        _restore_sqlite(source, _sqlite_file(url))
    elif url.startswith(POSTGRES_PREFIXES):
        _check_kind(source, PG_DUMP_MAGIC, "PostgreSQL")
        _check_empty(url)
        _run_tool(
            "pg_restore", "--no-owner", "--single-transaction", f"--dbname={url}", str(source)
        )
    else:
        raise BackupError("DATABASE_URL must start with sqlite:/// or postgresql://.")


def _restore_sqlite(source: Path, target: Path) -> None:
    """Copy a SQLite backup into a new file."""
    if target.exists():
        raise BackupError(
            f"{target} already exists: restore into a new file (move the old one "
            "away first, with its -wal and -shm files, while the bot is stopped)."
        )
    _check_kind(source, SQLITE_MAGIC, "SQLite")
    target.parent.mkdir(parents=True, exist_ok=True)
    _sqlite_copy(source, target)


def _sqlite_file(url: str) -> Path:
    """The file of a SQLite URL."""
    return Path(url.removeprefix(SQLITE_PREFIX))


def _check_kind(source: Path, magic: bytes, backend: str) -> None:
    """Refuse a backup that is not of the database it is to be restored into."""
    with source.open("rb") as file:
        if file.read(len(magic)) != magic:
            raise BackupError(
                f"{source} is not a backup of a {backend} database, the kind DATABASE_URL names: "
                "restore it into the kind of database it was taken from."
            )


def _check_empty(url: str) -> None:
    """Refuse to restore into a PostgreSQL database that already has tables."""
    if int(_run_tool("psql", "--no-psqlrc", "-A", "-t", "-c", TABLES, url).strip() or 0):
        name = urlsplit(url).path.lstrip("/") or "postgres"
        raise BackupError(
            f"The PostgreSQL database {name!r} already has tables, and a backup goes into an "
            f"empty one only: make a new one (createdb {name}_restored) and point DATABASE_URL "
            f"at it, or, with the bot stopped, empty this one (dropdb {name}, then createdb "
            f"{name}), then restore again."
        )


def _sqlite_copy(source: Path, target: Path) -> None:
    """SQLite's online backup: a consistent copy even while another connection writes."""
    with (
        contextlib.closing(sqlite3.connect(source)) as reading,
        contextlib.closing(sqlite3.connect(target)) as writing,
    ):
        reading.backup(writing)


def _run_tool(name: str, *arguments: str) -> str:
    """Run one of PostgreSQL's tools, found on the PATH or where Debian installs them;
    what it printed."""
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
    return done.stdout
