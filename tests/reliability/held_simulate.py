"""``python -m bot ARGS`` for the kill test, which stores no decision once its database holds ``LIMIT``
of them: ``python held_simulate.py LIMIT simulate --db ...``.

The kill test kills the run at random moments after a number of stored decisions.  Watching the database
from outside, a test process starved of CPU by a loaded machine could notice that number only after the
run had played on to its end (the kill then finds it finished, and the test failed for the machine's load).
Held short of its end, the run waits for the kill instead, whatever the load: the test's limit lies a few
decisions past its kill target, so the kill still falls at any moment in between (mid-transaction too) or
while the run waits here, before a decision is stored.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from bot.cli import main
from bot.store import Store


def hold_at(limit: int) -> None:
    """Once the database holds ``limit`` decisions, each append waits (for the test's SIGKILL)."""
    append = Store.append_decision

    async def append_unless_held(self: Store, *args: Any, **kwargs: Any) -> bool:
        row = await self.db.fetch_one("SELECT COUNT(*) FROM decisions")
        if row is not None and row[0] >= limit:
            await asyncio.Event().wait()  # never set: the process waits here until it is killed
        return await append(self, *args, **kwargs)

    Store.append_decision = append_unless_held  # type: ignore[method-assign]


if __name__ == "__main__":
    hold_at(int(sys.argv[1]))
    raise SystemExit(main(sys.argv[2:]))
