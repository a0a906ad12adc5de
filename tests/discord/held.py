"""Slow work for the deferral tests, held until the test has seen the answer deferred.

A fixed sleep standing in for slow work decides the outcome under load: work meant to take 2 s could end
before the 1.5 s watchdog got the event loop, and the answer would come undeferred.  Held work cannot end
before the test releases it, which it does once the initial answer (the deferral) has arrived; however
loaded the machine, the bot sees work that is still running when its deadline approaches.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

# Only bounds a failure: a test whose bot never answers fails long before, and then releases the work.
HOLD_LIMIT = 60.0


class HeldWork:
    def __init__(self) -> None:
        self._released = threading.Event()

    def release(self) -> None:
        self._released.set()

    def wait(self) -> None:
        """In the worker thread: until released."""
        if not self._released.wait(HOLD_LIMIT):
            raise TimeoutError("the held work was never released")

    async def wait_async(self) -> None:
        """On the event loop: until released (polled, the event is a thread's)."""
        deadline = time.monotonic() + HOLD_LIMIT
        while not self._released.is_set():
            if time.monotonic() > deadline:
                raise TimeoutError("the held work was never released")
            await asyncio.sleep(0.01)

    @contextmanager
    def until_answered(self) -> Iterator[None]:
        """Release the work when the block (which waits for the initial answer) ends, however it ends."""
        try:
            yield
        finally:
            self.release()
