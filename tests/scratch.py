"""Where the tests keep their files: in memory (/dev/shm) when it has room, since on a disk
busy with other work every SQLite commit and every copy of a PostgreSQL database waits."""

import shutil
from pathlib import Path

IN_MEMORY = Path("/dev/shm")
ROOM_NEEDED = 2 * 1024**3
"""Bytes free under `IN_MEMORY` for the tests to use it: a run writes some 500 MB there."""


def scratch_folder() -> Path | None:
    """The folder in memory when it has room, else None (the system's temporary folder)."""
    try:
        roomy = shutil.disk_usage(IN_MEMORY).free >= ROOM_NEEDED
    except OSError:
        return None
    return IN_MEMORY if roomy else None
