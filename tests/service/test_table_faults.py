"""A table whose database fails under it (a PostgreSQL restart, an unreachable server) pauses, tells its
players, retries with backoff and goes on when the database answers, with nothing lost: run on both
backends, the failure made by a connection that refuses every statement while it is "down" (the
cluster test restarts a real PostgreSQL: tests/cluster/test_faults.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

import pytest

from bot.service.seats import Seat
from bot.service.table import QuietListener, Table, TableService, Timing
from bot.service.timers import ManualScheduler
from bot.store import Store, StoreError

CHANNEL, GUILD, ALICE = 100, 1, 11


class FlakyDatabase:
    """A real connection that can go down: every statement is then a StoreError, as when the server
    restarts.  ``down_after_decisions(n)``: down once ``n`` more decisions were stored."""

    def __init__(self, real: Any) -> None:
        self._real = real
        self.down = False
        self._decisions_left: int | None = None
        self.refused = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)

    def down_after_decisions(self, count: int) -> None:
        self._decisions_left = count

    def _check(self, sql: str) -> None:
        if self.down:
            self.refused += 1
            raise StoreError("the database cannot be reached: connection refused")
        if self._decisions_left is not None and sql.startswith("INSERT INTO decisions"):
            if self._decisions_left == 0:
                self.down, self._decisions_left = True, None
                self._check(sql)
            self._decisions_left -= 1 if self._decisions_left else 0

    def transaction(self) -> Any:
        self._check("BEGIN")
        return self._real.transaction()

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        self._check(sql)
        return int(await self._real.execute(sql, params))

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        self._check(sql)
        return int(await self._real.run(sql, params))

    async def executemany(self, sql: str, rows: Any) -> None:
        self._check(sql)
        await self._real.executemany(sql, rows)

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        self._check(sql)
        return list(await self._real.fetch_all(sql, params))

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        self._check(sql)
        return await self._real.fetch_one(sql, params)

    async def insert_returning_id(self, sql: str, params: Sequence[Any] = ()) -> int:
        self._check(sql)
        return int(await self._real.insert_returning_id(sql, params))


class Shown(QuietListener):
    """What the players were shown: the table's pause, and each question."""

    def __init__(self) -> None:
        self.paused_seen = 0
        self.prompts: list[tuple[int, int]] = []

    async def table_changed(self, table: Table) -> None:
        self.paused_seen += table.paused

    async def prompt(self, table: Table, seat: int, seq: int, deadline: float | None) -> None:
        self.prompts.append((seat, seq))


@pytest.fixture
async def flaky(database: str) -> AsyncIterator[tuple[Store, FlakyDatabase]]:
    store = await Store.open(database)
    real = store.db
    wrapper = FlakyDatabase(real)
    store.db = wrapper  # type: ignore[assignment]
    try:
        yield store, wrapper
    finally:
        store.db = real
        await store.close()


async def until(condition: Callable[[], bool], what: str, timeout: float = 20.0) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    try:
        await asyncio.wait_for(poll(), timeout)
    except TimeoutError:
        raise AssertionError(f"waited {timeout}s for {what}") from None


async def one_human_table(store: Store, listener: Shown) -> tuple[TableService, ManualScheduler, Table]:
    clock = ManualScheduler()
    timing = Timing(60, 20, 0, retry=0.01, retry_max=0.05)
    service = TableService(store, listener, scheduler=clock, timing=timing)
    await service.open(CHANNEL, GUILD, Seat("alice", ALICE), "riichi", {"length": "east"})
    for _ in range(3):
        await service.add_computer(CHANNEL, ALICE)
    table = await service.start(CHANNEL, ALICE, seed="fault seed")
    await service.idle(table)
    return service, clock, table


def asked(table: Table) -> bool:
    """Alice is asked and no computer is to move: the table waits for her."""
    game = table.game
    assert game is not None
    seat = table.seat_of(ALICE)
    return seat in game.waiting_for() and not any(table.computer_plays(s) for s in game.waiting_for())


async def stored_decisions(store: Store, table: Table) -> list[dict[str, Any]]:
    assert table.game_id is not None
    return [d.action for d in await store.load_decisions(table.game_id)]


async def press_first(service: TableService, table: Table) -> None:
    assert table.game_id is not None
    _, _, seq, legal = service.question(table.game_id, ALICE)
    # A discard (or a pass on a call) hands the turn on, so the computers move next.
    kinds = [a.kind for a in legal]
    index = kinds.index("discard") if "discard" in kinds else kinds.index("pass") if "pass" in kinds else 0
    await service.decide(table.game_id, ALICE, seq, index)


async def test_a_store_error_in_a_computer_s_move_pauses_the_table_which_goes_on_when_the_database_answers(
    flaky: tuple[Store, FlakyDatabase],
) -> None:
    store, db = flaky
    shown = Shown()
    service, _, table = await one_human_table(store, shown)
    game = table.game
    assert game is not None and asked(table)
    while "discard" not in [a.kind for a in service.question(table.game_id or 0, ALICE)[3]]:
        await press_first(service, table)  # a call she passes on: her own turn comes next
        await service.idle(table)
    db.down_after_decisions(1)  # her discard is stored; the computer's move after it is not
    await press_first(service, table)
    await until(lambda: table.paused and db.refused >= 3, "the table to pause and retry")
    assert table.worker is not None and not table.worker.done()  # the worker waits, it did not end
    assert shown.paused_seen >= 1  # the players were shown the pause
    at_failure = len(game.decisions)
    db.down = False
    await until(
        lambda: not table.paused and len(game.decisions) > at_failure and asked(table), "play to go on"
    )
    await service.idle(table)
    assert await stored_decisions(store, table) == [a.to_json() for a in game.decisions]
    await service.close()


async def test_a_press_while_the_database_is_down_is_refused_untaken_and_taken_when_pressed_again(
    flaky: tuple[Store, FlakyDatabase],
) -> None:
    store, db = flaky
    service, _, table = await one_human_table(store, Shown())
    game = table.game
    assert game is not None and table.game_id is not None
    before = len(game.decisions)
    db.down = True
    with pytest.raises(StoreError):
        await press_first(service, table)
    assert len(game.decisions) == before and table.paused  # not applied, and shown as paused
    db.down = False
    await until(lambda: not table.paused, "the pause to end once the database answers")
    await press_first(service, table)
    await service.idle(table)
    assert len(await stored_decisions(store, table)) > before
    assert await stored_decisions(store, table) == [a.to_json() for a in game.decisions]
    await service.close()


async def test_a_timeout_while_the_database_is_down_is_played_again_after_the_pause(
    flaky: tuple[Store, FlakyDatabase],
) -> None:
    store, db = flaky
    service, clock, table = await one_human_table(store, Shown())
    game = table.game
    assert game is not None
    before = len(game.decisions)
    seat = table.seat_of(ALICE)
    db.down = True
    await clock.advance(61)  # her turn runs out while the database is down
    assert len(game.decisions) == before and seat in table.timers  # the question stays, retried later
    db.down = False
    await until(lambda: not table.paused, "the pause to end")
    await clock.advance(1)
    await service.idle(table)
    assert len(game.decisions) > before
    assert await stored_decisions(store, table) == [a.to_json() for a in game.decisions]
    await service.close()


async def test_a_hand_s_results_whose_write_failed_are_recorded_when_the_database_answers(
    flaky: tuple[Store, FlakyDatabase],
) -> None:
    """The decision that ends a hand is stored, then the results' write fails: the hand's result, its
    revealed seed and the next hand's commitment are all kept once the database answers."""
    store, db = flaky
    clock = ManualScheduler()
    service = TableService(
        store, Shown(), scheduler=clock, timing=Timing(60, 20, 0, retry=0.01, retry_max=0.05)
    )
    await service.open(CHANNEL, GUILD, Seat("alice", ALICE), "riichi", {"length": "east"})
    for _ in range(3):
        await service.add_computer(CHANNEL, ALICE)
    table = await service.start(CHANNEL, ALICE, seed="fault seed")
    table.away.add(table.seat_of(ALICE) or 0)  # the computer plays her seat too: a hand ends alone
    assert table.game is not None and table.game_id is not None

    game = table.game
    original = store.record_hand_result

    async def failing_once(*args: Any, **kwargs: Any) -> None:
        db.down = True  # the database goes away exactly as the first hand's result is written
        await original(*args, **kwargs)

    store.record_hand_result = failing_once  # type: ignore[method-assign]
    service._kick(table)
    await until(lambda: table.paused, "the pause at the hand's end")
    store.record_hand_result = original  # type: ignore[method-assign]
    assert table.hands_recorded == 0 and len(game.hands) == 1
    db.down = False
    await until(lambda: table.hands_recorded >= 1 and not table.paused, "the hand to be recorded")
    results = await store.load_hand_results(table.game_id)
    walls = await store.hand_walls(table.game_id)
    assert results[0].hand_index == 0
    assert walls[0][2] == table.hand_seed(0)  # its seed revealed
    await service.close()
