"""Real processes started in a few milliseconds instead of half a second: a Python process
that has imported the bot once forks a child for each run, which runs the given code as a
fresh interpreter's `python -c` would, in its own folder, environment and output files.

    with Launcher() as launcher:
        run = launcher.run(code, ["argument"], cwd=folder, env=environment, timeout=60)
        run.returncode, run.stdout, run.stderr   # as `subprocess.run(..., text=True)`

The forking process never starts a thread or an event loop, so each child begins as a
fresh interpreter would, with the modules below already imported.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from types import TracebackType

PRELOADED = ("bot.__main__",)
"""What the forking process imports before it forks: everything `python -m bot` imports."""

_FORKING = """
import json, os, sys, traceback
for module in sys.argv[1:]:
    __import__(module)
    if module.endswith(".__main__"):
        del sys.modules[module]  # what it imports stays; runpy runs it afresh

def child(request):
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    for fd, path in ((1, request["stdout"]), (2, request["stderr"])):
        os.dup2(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), fd)
    sys.argv = ["-c", *request["argv"]]
    code = 0
    try:
        exec(compile(request["code"], "<string>", "exec"), {"__name__": "__main__"})
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
        if not isinstance(stop.code, (int, type(None))):
            print(stop.code, file=sys.stderr)
    except BaseException:
        traceback.print_exc()
        code = 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)

for line in sys.stdin:
    request = json.loads(line)
    pid = os.fork()
    if pid == 0:
        child(request)
    print(json.dumps({"pid": pid}), flush=True)
    _, status = os.waitpid(pid, 0)
    print(json.dumps({"returncode": os.waitstatus_to_exitcode(status)}), flush=True)
"""


class Launcher:
    """A forking process (see the module's docstring), started on entering and ended on
    leaving; one run at a time."""

    def __init__(self, preloaded: tuple[str, ...] = PRELOADED) -> None:
        root = str(Path(__file__).resolve().parent.parent)
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH")]))
        self._process = subprocess.Popen(
            [sys.executable, "-c", _FORKING, *preloaded],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
        )
        self._heard = b""

    def __enter__(self) -> Launcher:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        assert self._process.stdin is not None
        self._process.stdin.close()
        self._process.wait(timeout=30)

    def run(
        self, code: str, argv: list[str], *, cwd: Path, env: dict[str, str], timeout: float
    ) -> subprocess.CompletedProcess[str]:
        """`code` run as `python -c code *argv` would be, in `cwd` with exactly `env`; the
        child is killed and TimeoutError raised if it runs longer than `timeout` seconds."""
        with tempfile.TemporaryDirectory() as folder:
            out, err = Path(folder, "stdout"), Path(folder, "stderr")
            request = {"code": code, "argv": argv, "cwd": str(cwd), "env": env}
            request |= {"stdout": str(out), "stderr": str(err)}
            self._send(request)
            pid = self._receive(timeout)["pid"]
            try:
                returncode = self._receive(timeout)["returncode"]
            except TimeoutError:
                os.kill(pid, signal.SIGKILL)
                self._receive(timeout)
                raise
            return subprocess.CompletedProcess(
                [sys.executable, "-c", code, *argv], returncode, out.read_text(), err.read_text()
            )

    def _send(self, request: dict[str, object]) -> None:
        assert self._process.stdin is not None
        self._process.stdin.write(json.dumps(request).encode() + b"\n")
        self._process.stdin.flush()

    def _receive(self, timeout: float) -> dict[str, int]:
        """The forking process's next answer line, read from its pipe directly (a buffered
        reader could hold a second line that `select` would then never report)."""
        assert self._process.stdout is not None
        pipe = self._process.stdout.fileno()
        with selectors.DefaultSelector() as waiting:
            waiting.register(pipe, selectors.EVENT_READ)
            while b"\n" not in self._heard:
                if not waiting.select(timeout):
                    raise TimeoutError(f"no answer from the launched process in {timeout} s")
                read = os.read(pipe, 4096)
                if not read:
                    raise EOFError("the forking process ended")
                self._heard += read
        line, self._heard = self._heard.split(b"\n", 1)
        answer: dict[str, int] = json.loads(line)
        return answer
