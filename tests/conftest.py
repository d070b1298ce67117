"""Settings and fixtures shared by every test: hypothesis profiles (see `tests.profiles`),
scratch files in memory (see `tests.scratch`), and the storage backends (a SQLite file, or
a database on a throwaway PostgreSQL server)."""

import gc
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import tests.profiles  # noqa: F401  (loads the hypothesis profile before tests are collected)
from tests.postgres_server import HOW_TO_RUN, PostgresServer, ServerMissing
from tests.scratch import scratch_folder


def pytest_configure(config: pytest.Config) -> None:
    """`tmp_path` folders go in memory when there is room (see `tests.scratch`)."""
    folder = scratch_folder()
    if folder is not None:
        os.environ.setdefault("PYTEST_DEBUG_TEMPROOT", str(folder))


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collecting imported (the bot, its libraries, the test modules) is frozen out of
    the cycle collector's reach, so that its full collections, which the tests'
    allocations set off a dozen times a run in each worker, no longer scan it."""
    gc.collect()
    gc.freeze()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`--numprocesses=auto`: one worker more than the cores this process may run on, as
    many tests spend part of their time waiting (on a restarting server, a child process,
    a timer) and the extra worker runs meanwhile."""
    return len(os.sched_getaffinity(0)) + 1


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server for the run: skipped when the machine has none, unless
    REQUIRE_POSTGRES=1 makes that a failure."""
    try:
        server = PostgresServer()
    except ServerMissing as missing:
        if os.environ.get("REQUIRE_POSTGRES") == "1":
            pytest.fail(f"REQUIRE_POSTGRES=1 but {missing}", pytrace=False)
        pytest.skip(f"{HOW_TO_RUN} ({missing})")
    yield server
    server.stop()


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The storage backend under test: SQLite unless parametrized with
    `tests.postgres_server.BACKENDS`."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture
def database_url(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of the backend under test."""
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.new_database()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say once, visibly, that PostgreSQL tests were skipped and how to run them."""
    skipped = terminalreporter.stats.get("skipped", [])
    if any(HOW_TO_RUN in str(report.longrepr) for report in skipped):
        terminalreporter.write_line(HOW_TO_RUN, yellow=True, bold=True)
