"""An outside AI as a subprocess: JSON lines to its standard input, answers from its standard output.

The AI is a program the bot does not trust, so nothing it does may hold up a table or the event loop,
grow the bot's memory without bound, or read what is the bot's own:

* Reading is done by a thread that keeps each line in a bounded inbox, so a question can wait with a
  time limit and a silent or dead process never blocks the table.  A line longer than
  :data:`MAX_LINE_BYTES`, or more lines waiting than the inbox holds (lines no question asked for),
  drop the AI: its process is killed and the seat's later decisions fall back at once.  An answer
  that comes after its question was given up is skipped (the channel counts the answers it still owes
  itself).
* Writing is done by another thread from a bounded outbox: :meth:`LineChannel.send` never waits.  An
  AI that leaves a message unread for ``write_timeout`` seconds (its input pipe full), or lets the
  outbox fill, is dropped the same way.
* :meth:`LineChannel.close` need not wait either: a thread ends the AI's input, gives it
  :data:`CLOSE_GRACE` seconds to exit, then kills it (with any process it started) and reaps it.
* The process starts with a minimal environment (:func:`child_environment`): ``PATH``, ``HOME``,
  ``LANG`` and what the operator's ``[mjai.NAME]`` config lists, never the bot's token or database URL.

What the AI writes to standard error is never logged (it may describe the seat's hand); only when the
process ends before its first answer (a start-up failure: a missing module, a bad path) are its last
lines quoted, to say why.  Only the start of each of those lines is kept.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from typing import IO, Any

#: The longest answer line an AI may write (bytes, newline excluded); a longer one drops the AI.
MAX_LINE_BYTES = 1 << 20
#: Lines read but not yet asked for that the inbox holds, and their total size; past either the AI is
#: flooding its output and is dropped.  An AI that keeps to the protocol has one line in it at a time.
INBOX_LINES = 64
INBOX_BYTES = 4 * MAX_LINE_BYTES
#: Messages waiting for the AI to read them; past this the AI is not reading and is dropped.
OUTBOX_MESSAGES = 256
#: Seconds an AI has to exit once its input is closed, before it is killed.
CLOSE_GRACE = 2.0
#: How much of each of the last standard-error lines is kept, to say why a process ended.
STDERR_LINES = 3
STDERR_KEEP = 200
#: What an AI's process inherits from the bot's environment, besides what its config lists.
BASE_ENVIRONMENT = ("PATH", "HOME", "LANG")


class ChannelClosed(RuntimeError):
    """The AI's process has ended, was dropped, or could not be started."""


def child_environment(
    env: Mapping[str, str] | None = None,
    pass_env: Iterable[str] = (),
    environ: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """The whole environment of an AI's process: :data:`BASE_ENVIRONMENT` and the names in
    ``pass_env`` as the bot has them (in ``environ``, default ``os.environ``), then the fixed values of
    ``env``.  Nothing else of the bot's reaches the AI (its token, its database URL and password)."""
    source = os.environ if environ is None else environ
    inherited = {name: source[name] for name in (*BASE_ENVIRONMENT, *pass_env) if name in source}
    inherited.setdefault("PATH", os.defpath)
    return inherited | dict(env or {})


class _Inbox:
    """The lines an AI wrote, waiting for the questions they answer; bounded in lines and bytes."""

    def __init__(self) -> None:
        self._lines: deque[str] = deque()
        self._size = 0
        self._closed = False
        self._ready = threading.Condition()

    def put(self, line: str) -> bool:
        """Keep ``line``; False (and nothing kept) when the inbox is full."""
        with self._ready:
            if len(self._lines) >= INBOX_LINES or self._size + len(line) > INBOX_BYTES:
                return False
            self._lines.append(line)
            self._size += len(line)
            self._ready.notify()
            return True

    def close(self) -> None:
        """No more lines will come (the lines kept are still given out)."""
        with self._ready:
            self._closed = True
            self._ready.notify_all()

    def get(self, timeout: float) -> str | None:
        """The next line; None once closed and empty; queue.Empty when none came within ``timeout``."""
        with self._ready:
            if not self._ready.wait_for(lambda: self._lines or self._closed, timeout):
                raise queue.Empty
            if not self._lines:
                return None
            line = self._lines.popleft()
            self._size -= len(line)
            return line


class LineChannel:
    def __init__(
        self,
        command: Sequence[str] | str,
        *,
        name: str = "mjai",
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
        pass_env: Iterable[str] = (),
        write_timeout: float = 5.0,
    ) -> None:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise ValueError("an mjai AI needs a command to run")
        self.name = name
        self.write_timeout = write_timeout
        try:
            self.process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=cwd,
                env=child_environment(env, pass_env),
                start_new_session=True,  # its own process group: killed with whatever it started
            )
        except OSError as exc:
            raise ChannelClosed(f"{name}: cannot start {argv[0]!r}: {exc}") from exc
        self._inbox = _Inbox()
        self._outbox: queue.Queue[bytes | None] = queue.Queue(maxsize=OUTBOX_MESSAGES)
        self._writing_since: float | None = None  # when the write under way began
        self._failure: str | None = None  # why the AI was dropped
        self._closing = False
        self._stopping: threading.Thread | None = None  # the thread that stops the process
        self._owed = 0  # answers still to come for questions already given up
        self._answered = False  # an answer has come (the process got past its start-up)
        self._stderr: deque[str] = deque(maxlen=STDERR_LINES)  # the last lines, to say why it ended
        assert self.process.stdin and self.process.stdout and self.process.stderr
        self._draining = self._thread(self._drain, self.process.stderr)
        self._thread(self._read, self.process.stdout)
        self._thread(self._write, self.process.stdin)

    @staticmethod
    def _thread(target: Any, *args: Any, daemon: bool = True) -> threading.Thread:
        thread = threading.Thread(target=target, args=args, daemon=daemon)
        thread.start()
        return thread

    # ------------------------------------------------------------------ the threads
    def _read(self, stream: IO[bytes]) -> None:
        try:
            while line := stream.readline(MAX_LINE_BYTES + 1):
                if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
                    self._drop(f"wrote a line longer than 1 MiB ({MAX_LINE_BYTES} bytes)")
                    return
                if self._closing:
                    continue  # answers to the last events, nobody asks for them
                if not self._inbox.put(line.decode("utf-8", "replace")):
                    self._drop(f"wrote more than {INBOX_LINES} lines no question asked for")
                    return
            # The output ended: the exit code and the last words on standard error say why.
            try:
                self.process.wait(timeout=CLOSE_GRACE)
            except subprocess.TimeoutExpired:
                self._drop("closed its output")
            self._draining.join(timeout=CLOSE_GRACE)
        finally:
            self._inbox.close()

    def _drain(self, stream: IO[bytes]) -> None:
        """Keep the start of each of the last lines of standard error (they may never end)."""
        line = bytearray()
        while chunk := os.read(stream.fileno(), 65536):
            *ended, rest = chunk.split(b"\n")
            for part in ended:
                line += part[: max(0, 4 * STDERR_KEEP - len(line))]
                self._stderr.append(line.decode("utf-8", "replace").rstrip()[:STDERR_KEEP])
                line.clear()
            line += rest[: max(0, 4 * STDERR_KEEP - len(line))]
        if line:
            self._stderr.append(line.decode("utf-8", "replace").rstrip()[:STDERR_KEEP])

    def _write(self, stream: IO[bytes]) -> None:
        try:
            while (data := self._outbox.get()) is not None:
                self._writing_since = time.monotonic()
                stream.write(data)
                stream.flush()
                self._writing_since = None
        except (OSError, ValueError):
            pass  # the process is gone: the reader sees its output end
        finally:
            self._writing_since = None
            with contextlib.suppress(OSError, ValueError):
                stream.close()  # the end of its input: an AI that keeps to the protocol exits

    # ------------------------------------------------------------------ the state
    def _drop(self, reason: str) -> None:
        """Give the AI up for ``reason``: kill its process and whatever it started."""
        if self._failure is None:
            self._failure = reason
        self._kill()

    def _kill(self) -> None:
        # Only while the process is not reaped: its id (its group's id) cannot have been reused.
        if self.process.returncode is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except OSError:
                with contextlib.suppress(OSError):
                    self.process.kill()

    def ended(self) -> str:
        """Why the process is gone: why it was dropped, or its exit code and its last words on
        standard error."""
        if self._failure is not None:
            return f"{self.name}: the AI {self._failure}; it is dropped"
        said = " | ".join(self._stderr) if not self._answered else ""
        return f"{self.name}: the process has ended (exit code {self.process.poll()})" + (
            f": {said}" if said else ""
        )

    @property
    def alive(self) -> bool:
        return self._failure is None and self.process.poll() is None

    # ------------------------------------------------------------------ the questions
    def send(self, message: Any) -> None:
        """Give one JSON line (an event, or a list of events) to the writer; never waits."""
        started = self._writing_since
        if started is not None and time.monotonic() - started > self.write_timeout:
            self._drop(f"has not read its input for {self.write_timeout:g} s")
        if not self.alive or self._closing:
            raise ChannelClosed(self.ended())
        try:
            self._outbox.put_nowait((json.dumps(message, separators=(",", ":")) + "\n").encode())
        except queue.Full:
            self._drop(f"has not read its input ({OUTBOX_MESSAGES} messages waiting)")
            raise ChannelClosed(self.ended()) from None

    def ask(self, message: Any, timeout: float) -> str | None:
        """Send ``message`` and wait up to ``timeout`` seconds for its answer line (None: no answer)."""
        self.send(message)
        return self.answer(timeout)

    def answer(self, timeout: float) -> str | None:
        """The answer to the last message sent, or None when it did not come in time."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self._inbox.get(max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self._owed += 1
                return None
            if line is None:
                raise ChannelClosed(self.ended())
            self._answered = True
            if self._owed:
                self._owed -= 1  # a late answer to an earlier question
                continue
            return line

    # ------------------------------------------------------------------ the end
    def close(self, wait: bool = True) -> None:
        """End the AI's input and stop its process: a thread gives it :data:`CLOSE_GRACE` seconds to
        exit, then kills it, and reaps it either way.  ``wait``: return once it is gone (the command
        line, tests); without, return at once (the event loop must never wait for an AI)."""
        if self._stopping is None:
            self._closing = True
            try:
                self._outbox.put_nowait(None)
            except queue.Full:  # it is not reading: no use waiting for it
                self._kill()
            # Not a daemon: a command-line run waits (a moment) for its AI to be gone before it exits.
            self._stopping = self._thread(self._stop, daemon=False)
        if wait:
            self._stopping.join()

    def _stop(self) -> None:
        try:
            self.process.wait(timeout=CLOSE_GRACE)
        except subprocess.TimeoutExpired:
            self._kill()
            self.process.wait()
