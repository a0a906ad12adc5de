"""An outside AI as a subprocess: JSON lines to its standard input, answers from its standard output.

Reading is done by a thread that queues each line, so a question can wait with a time limit and a
silent or dead process never blocks the table.  An answer that comes after its question was given up
is skipped (the channel counts the answers it still owes itself).  What the AI writes to standard
error is never logged (it may describe the seat's hand); only when the process ends before its first
answer (a start-up failure: a missing module, a bad path) are its last lines quoted, to say why.
"""

from __future__ import annotations

import contextlib
import json
import queue
import shlex
import subprocess
import threading
import time
from collections import deque
from collections.abc import Sequence
from typing import IO, Any


class ChannelClosed(RuntimeError):
    """The AI's process has ended (or could not be started)."""


class LineChannel:
    def __init__(self, command: Sequence[str] | str, *, name: str = "mjai", cwd: str | None = None) -> None:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise ValueError("an mjai AI needs a command to run")
        self.name = name
        try:
            self.process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                bufsize=1,
                cwd=cwd,
            )
        except OSError as exc:
            raise ChannelClosed(f"{name}: cannot start {argv[0]!r}: {exc}") from exc
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._owed = 0  # answers still to come for questions already given up
        self._answered = False  # an answer has come (the process got past its start-up)
        self._stderr: deque[str] = deque(maxlen=3)  # the last lines, to say why a process ended
        assert self.process.stdout is not None and self.process.stderr is not None
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()
        threading.Thread(target=self._drain, args=(self.process.stderr,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self._lines.put(line)
        self._lines.put(None)

    def _drain(self, stream: IO[str]) -> None:
        for line in stream:
            self._stderr.append(line.rstrip()[:200])

    def ended(self) -> str:
        """Why the process is gone: its exit code and the last lines it wrote to standard error."""
        said = " | ".join(self._stderr) if not self._answered else ""
        return f"{self.name}: the process has ended (exit code {self.process.poll()})" + (
            f": {said}" if said else ""
        )

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def send(self, message: Any) -> None:
        """Write one JSON line (an event, or a list of events)."""
        if not self.alive or self.process.stdin is None:
            raise ChannelClosed(self.ended())
        try:
            self.process.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            raise ChannelClosed(f"{self.name}: cannot write to the process: {exc}") from exc

    def ask(self, message: Any, timeout: float) -> str | None:
        """Send ``message`` and wait up to ``timeout`` seconds for its answer line (None: no answer)."""
        self.send(message)
        return self.answer(timeout)

    def answer(self, timeout: float) -> str | None:
        """The answer to the last message sent, or None when it did not come in time."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self._owed += 1
                return None
            if line is None:
                self._lines.put(None)  # stays closed for later questions
                self.process.wait()
                raise ChannelClosed(self.ended())
            self._answered = True
            if self._owed:
                self._owed -= 1  # a late answer to an earlier question
                continue
            return line

    def close(self) -> None:
        if self.process.stdin is not None:
            with contextlib.suppress(OSError):
                self.process.stdin.close()
        try:
            self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
