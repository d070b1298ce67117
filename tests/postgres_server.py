"""A throwaway PostgreSQL server for the tests, started from the machine's own binaries.

`initdb` makes a cluster in a temporary folder (in memory when there is room, see
`tests.scratch`: a database is copied there in a tenth of the time a busy disk takes) and
`pg_ctl` starts it on a free port of 127.0.0.1, with fsync off (nothing in it outlives
the run). PostgreSQL refuses to run as root, so as root both run as the `postgres` system
user (which the `postgresql` package creates), in a folder that user owns. Each test gets
a database of its own, copied from a template that already holds the schema.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bot.storage.postgres import PostgresStorage
from tests.scratch import scratch_folder

BACKENDS = ("sqlite", "postgresql")
"""Parameters for the `backend` fixture, to run a test on each storage backend."""
USER = "postgres"
PASSWORD = "test-password"
TEMPLATE = "schema_template"
SEARCHED = "/usr/lib/postgresql/*/bin"
HOW_TO_RUN = (
    "PostgreSQL tests skipped: install the postgresql package (apt-get install postgresql) "
    "to run them, or set REQUIRE_POSTGRES=1 to make a missing server fail the run."
)


class ServerMissing(Exception):
    """No PostgreSQL server binaries were found on this machine."""


def binaries() -> Path:
    """The folder holding initdb and pg_ctl: the newest installed version's."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name or 0))
    on_path = shutil.which("initdb")
    folders = [*reversed(found), *([Path(on_path).parent] if on_path else [])]
    for folder in folders:
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    raise ServerMissing(f"no initdb and pg_ctl in {SEARCHED} or on PATH")


class PostgresServer:
    """A running throwaway server, stopped and deleted by `stop`."""

    def __init__(self) -> None:
        self._bin = binaries()
        self._as_postgres = os.geteuid() == 0
        self.root = Path(tempfile.mkdtemp(prefix="pyramids-pg-", dir=scratch_folder()))
        self.port = _free_port()
        self._names = (f"test_{n}" for n in itertools.count(1))
        if self._as_postgres:
            account = pwd.getpwnam(USER)
            os.chown(self.root, account.pw_uid, account.pw_gid)
        try:
            self._start()
        except BaseException:
            self.stop()
            raise

    def url(self, database: str, *, password: str = PASSWORD) -> str:
        return f"postgresql://{USER}:{password}@127.0.0.1:{self.port}/{database}"

    def new_database(self, *, empty: bool = False) -> str:
        """A fresh database's URL: with the schema, or `empty` (not even migrated)."""
        name = next(self._names)
        template = "template0" if empty else TEMPLATE
        self.psql(f"CREATE DATABASE {name} TEMPLATE {template}")
        return self.url(name)

    def psql(self, command: str, database: str = "postgres") -> str:
        """Run one SQL command as the superuser, over the server's local socket."""
        return self._run(
            self._bin / "psql",
            *("-h", str(self.root), "-p", str(self.port), "-U", USER, "-d", database),
            *("-v", "ON_ERROR_STOP=1", "-qAtc", command),
        )

    def restart(self) -> None:
        """Stop the server at once, as a crash does (every connection cut, locks lost),
        and start it again on the same port. What was committed is checkpointed first,
        as this server commits without waiting for its log (`synchronous_commit=off`)."""
        self.psql("CHECKPOINT")
        data = str(self.root / "data")
        self._run(self._bin / "pg_ctl", "-D", data, "-m", "immediate", "stop")
        self._run(
            self._bin / "pg_ctl",
            *("-D", data, "-l", str(self.root / "log"), "-o", self._options(), "-w", "start"),
        )

    def stop(self) -> None:
        if (self.root / "data" / "postmaster.pid").exists():
            self._run(
                self._bin / "pg_ctl", "-D", str(self.root / "data"), "-m", "immediate", "stop"
            )
        shutil.rmtree(self.root, ignore_errors=True)

    def _start(self) -> None:
        data = self.root / "data"
        password_file = self.root / "password"
        password_file.write_text(PASSWORD)
        if self._as_postgres:
            os.chown(password_file, pwd.getpwnam(USER).pw_uid, -1)
        self._run(
            self._bin / "initdb",
            *("-D", str(data), "-U", USER, f"--pwfile={password_file}"),
            *("--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8", "--no-locale"),
            "--no-sync",
        )
        self._run(
            self._bin / "pg_ctl",
            *("-D", str(data), "-l", str(self.root / "log"), "-o", self._options(), "-w", "start"),
        )
        self.psql(f"CREATE DATABASE {TEMPLATE}")
        with ThreadPoolExecutor(1) as thread:  # callers may be inside an event loop
            thread.submit(asyncio.run, _migrate(self.url(TEMPLATE))).result()

    def _options(self) -> str:
        return (
            f"-h 127.0.0.1 -p {self.port} -k {self.root} -F "
            "-c full_page_writes=off -c synchronous_commit=off -c max_connections=200"
        )

    def _run(self, program: Path, *arguments: str) -> str:
        command = [str(program), *arguments]
        if self._as_postgres:
            command = ["runuser", "-u", USER, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.root)
        if done.returncode != 0:
            log = self.root / "log"
            detail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"{' '.join(command)} failed:\n{done.stderr}{detail}")
        return done.stdout


async def _migrate(url: str) -> None:
    storage = await PostgresStorage.open(url, rater=None)
    await storage.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port
