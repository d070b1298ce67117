"""The drawing and thinking processes when the bot dies: they end quietly."""

from __future__ import annotations

import os
import pickle
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("module", ["bot.workers.drawing", "bot.workers.thinking"])
def test_a_worker_whose_parent_is_gone_exits_quietly(module: str) -> None:
    environment = os.environ | {"PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-m", module],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment,
    )
    assert child.stdin is not None and child.stdout is not None and child.stderr is not None
    job = pickle.dumps(("ready",))
    child.stdout.close()  # the parent died: no one reads the answer
    child.stdin.write(struct.pack(">I", len(job)) + job)
    child.stdin.close()
    try:
        assert child.wait(timeout=60) == 0
        assert child.stderr.read() == b""
    finally:
        child.kill()
        child.stderr.close()
