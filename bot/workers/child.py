"""A child Python process fed jobs over a pipe: what the drawing and thinking processes share.

The parent writes each job, pickled and prefixed by its length, to the child's standard
input; the child answers every job in order on its standard output, with a flag telling an
answer from a failure. A child that dies fails the jobs it owed, and the next job starts a
new one; closing lets it finish what it was asked, then makes sure it is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import pickle
import struct
import sys
import traceback
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

log = logging.getLogger(__name__)

_ANSWER_HEADER = struct.Struct(">?I")
_REQUEST_HEADER = struct.Struct(">I")
_PROJECT_ROOT = Path(__file__).resolve().parents[2]
_STOP_SECONDS = 5.0

Job = tuple[object, ...]


class WorkerError(Exception):
    """A job failed in its child process, or the process stopped; the message says why."""


class ChildProcess:
    """A child running `python -m module`, started on the first job and after it dies.

    `what` names it in logs ("drawing"); its failures raise `error`.
    """

    def __init__(self, module: str, what: str, error: type[WorkerError]) -> None:
        self._module = module
        self._what = what
        self._error = error
        self._worker: _Worker | None = None
        self._starting = asyncio.Lock()
        self._closed = False

    async def ask(self, job: Job) -> bytes:
        """The child's answer to one job."""
        worker = await self._running()
        return await worker.ask(pickle.dumps(job, protocol=pickle.HIGHEST_PROTOCOL))

    async def close(self) -> None:
        """Let the child finish the jobs asked for, then stop it; no more are taken."""
        self._closed = True
        async with self._starting:
            worker, self._worker = self._worker, None
        if worker is not None:
            await worker.stop()

    @property
    def pid(self) -> int | None:
        """The child's process id while it runs."""
        worker = self._worker
        return worker.process.pid if worker is not None and worker.alive else None

    async def _running(self) -> _Worker:
        async with self._starting:
            if self._closed:
                raise self._error(f"the {self._what} process was closed")
            if self._worker is None or not self._worker.alive:
                if self._worker is not None:
                    await self._worker.stop()
                self._worker = await _Worker.launch(self._module, self._what, self._error)
            return self._worker


class _Worker:
    """One child process and the answers it owes, oldest first."""

    def __init__(
        self, process: asyncio.subprocess.Process, what: str, error: type[WorkerError]
    ) -> None:
        self.process = process
        self._what = what
        self._error = error
        self._owed: deque[asyncio.Future[bytes]] = deque()
        self._reading = asyncio.create_task(self._read_answers())

    @classmethod
    async def launch(cls, module: str, what: str, error: type[WorkerError]) -> _Worker:
        environment = dict(os.environ)
        paths = [str(_PROJECT_ROOT), environment.get("PYTHONPATH", "")]
        environment["PYTHONPATH"] = os.pathsep.join(path for path in paths if path)
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            module,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env=environment,
        )
        log.info("%s process %s started", what, process.pid)
        return cls(process, what, error)

    @property
    def alive(self) -> bool:
        return not self._reading.done()

    async def ask(self, request: bytes) -> bytes:
        stdin = self.process.stdin
        assert stdin is not None
        answer: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._owed.append(answer)
        stdin.write(_REQUEST_HEADER.pack(len(request)) + request)
        with contextlib.suppress(ConnectionError):
            await stdin.drain()
        return await answer

    async def stop(self) -> None:
        """End the child's input, let it answer what it owes, and make sure it is gone.

        The child's end is only seen once its answers are read to the end, so a child
        whose answers no one reads any more (the reader was cancelled) is killed.
        """
        if self.process.stdin is not None:
            self.process.stdin.close()
        await asyncio.wait([self._reading], timeout=_STOP_SECONDS)
        if self._reading.done() and not self._reading.cancelled():
            await self.process.wait()
            return
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()
        if not self._reading.done():
            await asyncio.wait([self._reading])
        await self.process.wait()

    async def _read_answers(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        try:
            while True:
                done, size = _ANSWER_HEADER.unpack(await stdout.readexactly(_ANSWER_HEADER.size))
                body = await stdout.readexactly(size)
                answer = self._owed.popleft()
                if answer.done():
                    continue
                if done:
                    answer.set_result(body)
                else:
                    answer.set_exception(self._error(body.decode()))
        except asyncio.IncompleteReadError:
            self._fail_owed()

    def _fail_owed(self) -> None:
        if self._owed:
            log.error("%s process %s stopped with jobs unfinished", self._what, self.process.pid)
        while self._owed:
            answer = self._owed.popleft()
            if not answer.done():
                answer.set_exception(self._error(f"the {self._what} process stopped"))


def serve(requests: BinaryIO, answers: BinaryIO, work: Callable[[Job], bytes]) -> None:
    """The child's loop: do each job and answer it, until the requests end."""
    while header := requests.read(_REQUEST_HEADER.size):
        (size,) = _REQUEST_HEADER.unpack(header)
        job = requests.read(size)
        try:
            body, done = work(pickle.loads(job)), True
        except Exception:
            body, done = traceback.format_exc().encode(), False
        answers.write(_ANSWER_HEADER.pack(done, len(body)) + body)
        answers.flush()


def serve_standard_streams(work: Callable[[Job], bytes]) -> None:
    """`serve` on the child's standard input and output; whatever the work prints goes
    to standard error, so it cannot break the answers. When the parent is gone, the child
    ends quietly."""
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    try:
        serve(sys.stdin.buffer, answers, work)
    except BrokenPipeError:
        # The parent is gone: no one reads the answers. The pipe is pointed at nothing so
        # that closing the stream at exit has nothing left to complain about.
        os.dup2(os.open(os.devnull, os.O_WRONLY), answers.fileno())
