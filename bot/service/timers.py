"""Turn timers with an injected clock: production uses the event loop, tests advance time by hand.

A :class:`Scheduler` runs an async callback at a wall-clock time (Unix seconds, so the deadline can be
shown to players as a Discord timestamp).  :class:`ManualScheduler` never sleeps: ``await advance(s)``
moves its clock and runs whatever came due, so timeout tests finish instantly.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol

log = logging.getLogger(__name__)

Callback = Callable[[], Awaitable[None]]


class Timer(Protocol):
    when: float

    def cancel(self) -> None: ...


class Scheduler(Protocol):
    def now(self) -> float:
        """Unix seconds."""
        ...

    def call_at(self, when: float, callback: Callback) -> Timer: ...

    async def pause(self, seconds: float) -> None:
        """A short human-like delay (computer seats); instant under a manual clock."""
        ...


@dataclass
class _LoopTimer:
    when: float
    handle: asyncio.TimerHandle | None = None
    task: asyncio.Task[None] | None = None
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True
        if self.handle is not None:
            self.handle.cancel()
        if self.task is not None and not self.task.done() and self.task is not asyncio.current_task():
            self.task.cancel()


class LoopScheduler:
    """The production scheduler: wall-clock deadlines, run on the running event loop."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[None]] = set()

    def now(self) -> float:
        return time.time()

    def call_at(self, when: float, callback: Callback) -> Timer:
        loop = asyncio.get_running_loop()
        timer = _LoopTimer(when)

        def fire() -> None:
            if timer.cancelled:
                return
            timer.task = loop.create_task(_guarded(callback))
            self._tasks.add(timer.task)
            timer.task.add_done_callback(self._tasks.discard)

        timer.handle = loop.call_later(max(0.0, when - self.now()), fire)
        return timer

    async def pause(self, seconds: float) -> None:
        await asyncio.sleep(seconds)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task


@dataclass(order=True)
class _ManualTimer:
    when: float
    order: int
    callback: Callback = field(compare=False)
    cancelled: bool = field(default=False, compare=False)

    def cancel(self) -> None:
        self.cancelled = True


class ManualScheduler:
    """A clock that moves only when told: ``await scheduler.advance(seconds)`` runs the timers due."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.time = start
        self._timers: list[_ManualTimer] = []
        self._order = 0

    def now(self) -> float:
        return self.time

    def call_at(self, when: float, callback: Callback) -> Timer:
        self._order += 1
        timer = _ManualTimer(when, self._order, callback)
        self._timers.append(timer)
        return timer

    async def pause(self, seconds: float) -> None:
        await asyncio.sleep(0)

    def pending(self) -> list[float]:
        return sorted(t.when for t in self._timers if not t.cancelled)

    async def advance(self, seconds: float) -> int:
        """Move the clock forward, running every timer that comes due in order; returns how many ran."""
        target = self.time + seconds
        ran = 0
        while True:
            due = sorted(t for t in self._timers if not t.cancelled and t.when <= target)
            if not due:
                break
            timer = due[0]
            self._timers.remove(timer)
            self.time = max(self.time, timer.when)
            await _guarded(timer.callback)
            ran += 1
        self.time = target
        self._timers = [t for t in self._timers if not t.cancelled]
        return ran


async def _guarded(callback: Callback) -> None:
    """A timer's failure is logged, never lost in an unobserved task."""
    try:
        await callback()
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("timer callback failed")
