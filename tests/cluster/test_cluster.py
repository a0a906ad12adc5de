"""bot/service/cluster.py in one test process: two "processes" (a TableService + Cluster each, own
connection pool) on one PostgreSQL database.  The subprocess tests (test_two_processes.py) do the same
with real processes and the loopback Discord; these pin the rules one by one."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from bot.service.cluster import Cluster
from bot.service.refusal import Refusal
from bot.service.seats import Seat
from bot.service.table import AFK_AFTER, QuietListener, Table, TableService, Timing
from bot.service.timers import ManualScheduler
from bot.store import Store
from tests.cluster.harness import LATE_DUPLICATE_GRACE
from tests.pgserver import PostgresServer

CHANNEL, GUILD = 100, 1
HUMANS = (11, 12, 13, 14)


@dataclass
class Node:
    store: Store
    service: TableService
    cluster: Cluster
    now: list[float]


async def _node(url: str, name: str) -> Node:
    store = await Store.open(url)
    service = TableService(store, QuietListener(), scheduler=ManualScheduler(), timing=Timing(600, 600, 0))
    now = [1000.0]
    cluster = Cluster(service, lease_seconds=15, node=name, clock=lambda: now[0])
    service.cluster = cluster
    await cluster.start()
    return Node(store, service, cluster, now)


@pytest.fixture
async def nodes(pg_server: PostgresServer) -> AsyncIterator[tuple[Node, Node]]:
    url = pg_server.create_database()
    a, b = await _node(url, "a"), await _node(url, "b")
    try:
        yield a, b
    finally:
        for node in (a, b):
            await node.service.close()
            await node.cluster.close()
            await node.store.close()


async def _table(node: Node) -> Table:
    await node.service.open(CHANNEL, GUILD, Seat("u11", HUMANS[0]), "pihu", {"max_hands": 1})
    for user in HUMANS[1:]:
        await node.service.join(CHANNEL, Seat(f"u{user}", user))
    table = await node.service.start(CHANNEL, HUMANS[0], seed="cluster unit")
    await node.service.idle(table)
    return table


def _asked(table: Table) -> tuple[int, int, int]:
    """(user, seq) of a seat asked now, and the index of its first choice."""
    assert table.game is not None
    seat = sorted(table.game.waiting_for())[0]
    user = table.members[seat].user_id
    assert user is not None
    return user, table.prompts[seat], 0


async def test_a_press_in_another_process_is_stored_once_and_the_owner_catches_up(
    nodes: tuple[Node, Node],
) -> None:
    owner, other = nodes
    table = await _table(owner)
    assert table.game is not None and table.game_id is not None
    for _ in range(5):
        user, seq, index = _asked(table)
        want = len(table.game.decisions) + 1
        await other.service.decide(table.game_id, user, seq, index)  # not run there: remote path
        await asyncio.wait_for(_until(lambda n=want: len(table.game.decisions) == n), 5)  # NOTIFY -> catch up
    stored = await owner.store.load_decisions(table.game_id)
    assert [d.action for d in stored] == [a.to_json() for a in table.game.decisions]
    assert other.cluster.remote_decisions == 5


async def test_the_same_decision_pressed_in_two_processes_at_once_is_applied_once(
    nodes: tuple[Node, Node],
) -> None:
    owner, other = nodes
    table = await _table(owner)
    assert table.game is not None and table.game_id is not None
    for _ in range(6):
        user, seq, index = _asked(table)
        before = len(table.game.decisions)
        outcomes = await asyncio.gather(
            owner.service.decide(table.game_id, user, seq, index),
            other.service.decide(table.game_id, user, seq, index),
            return_exceptions=True,
        )
        refused = [o for o in outcomes if isinstance(o, Refusal)]
        assert len(refused) <= 1 and all(r.key == "error.stale_button" for r in refused), outcomes
        # Both calls have returned, so the decision is stored (stored before it is acknowledged) ...
        stored = await owner.store.load_decisions(table.game_id)
        assert [d.seq for d in stored] == list(range(before + 1))
        # ... so the count above decides.  The grace only looks further, for a duplicate some task left
        # behind would store late; it cannot pass the test falsely (a later one fails the next round).
        await asyncio.sleep(LATE_DUPLICATE_GRACE)
        await owner.service.catch_up(table)
        assert len(table.game.decisions) == before + 1
        stored = await owner.store.load_decisions(table.game_id)
        assert [d.seq for d in stored] == list(range(before + 1))


async def test_an_owner_that_stops_renewing_is_taken_over_and_learns_it_lost(
    nodes: tuple[Node, Node],
) -> None:
    owner, other = nodes
    table = await _table(owner)
    assert table.game is not None and table.game_id is not None
    user, seq, index = _asked(table)
    await owner.service.decide(table.game_id, user, seq, index)
    await other.cluster.tick()
    assert table.game_id not in other.service.by_game  # the lease is live: nothing to take
    other.now[0] += 16  # the owner has not renewed for longer than its lease
    await other.cluster.tick()
    adopted = other.service.by_game[table.game_id]
    assert adopted.game is not None
    assert [a.to_json() for a in adopted.game.decisions] == [a.to_json() for a in table.game.decisions]
    assert other.cluster.takeovers == 1
    await owner.cluster.tick()  # the old owner renews, finds the lease gone, and stops the table
    assert table.game_id not in owner.service.by_game
    user, seq, index = _asked(adopted)
    want = len(adopted.game.decisions) + 1
    await owner.service.decide(table.game_id, user, seq, index)  # now the remote path the other way
    await asyncio.wait_for(_until(lambda: len(adopted.game.decisions) == want), 5)


async def test_a_press_in_another_process_ends_a_seats_run_of_timeouts(nodes: tuple[Node, Node]) -> None:
    """AFK_AFTER timeouts in a row hand a seat to the computer.  A press taken in another process (a DM
    click reaches shard 0's process) answers like one taken by the owner: a timeout before it and one
    after it are not in a row."""
    owner, other = nodes
    table = await _table(owner)
    game, game_id = table.game, table.game_id
    assert game is not None and game_id is not None
    scheduler = owner.service.scheduler
    assert isinstance(scheduler, ManualScheduler)
    late = _asked(table)[0]
    seat = table.seat_of(late)
    assert seat is not None and AFK_AFTER == 2

    async def turn_runs_out() -> None:
        assert game.waiting_for() == [seat]
        # Asked by the owner's worker (a catch-up prompts after it applied): the seat's timer runs.
        await asyncio.wait_for(_until(lambda: table.notified.get(seat) == table.prompts.get(seat)), 5)
        await scheduler.advance(601)  # the referee plays for the seat
        await owner.service.idle(table)

    async def press_elsewhere_until_asked(*, alone: bool) -> None:
        while True:
            user, seq, index = _asked(table)
            if user == late and (not alone or game.waiting_for() == [seat]):
                return
            want = len(game.decisions) + 1
            await other.service.decide(game_id, user, seq, index)
            await asyncio.wait_for(_until(lambda n=want: len(game.decisions) == n), 5)
            await owner.service.idle(table)

    await turn_runs_out()
    assert table.timeouts[seat] == 1
    await press_elsewhere_until_asked(alone=False)
    user, seq, index = _asked(table)
    want = len(game.decisions) + 1
    await other.service.decide(game_id, user, seq, index)  # the late player answers in time
    await asyncio.wait_for(_until(lambda: len(game.decisions) == want), 5)
    await owner.service.idle(table)
    assert table.timeouts.get(seat) == 0
    await press_elsewhere_until_asked(alone=True)
    await turn_runs_out()
    assert seat not in table.away and table.timeouts[seat] == 1


async def _until(condition: object) -> None:
    while not condition():  # type: ignore[operator]
        await asyncio.sleep(0.01)


async def test_a_lease_round_while_a_table_is_starting_never_drops_it(nodes: tuple[Node, Node]) -> None:
    """The lease round between storing a new game and claiming its lease (the race the 1,000-table
    benchmark found) must not take the new table for one that was taken over."""
    owner, _ = nodes
    claim = owner.store.claim_table

    async def claim_after_a_round(*args: object) -> bool:
        await owner.cluster.tick()
        return await claim(*args)  # type: ignore[arg-type]

    owner.store.claim_table = claim_after_a_round  # type: ignore[method-assign]
    table = await _table(owner)
    await owner.cluster.tick()
    assert owner.service.by_game.get(table.game_id or -1) is table


async def test_a_channel_s_commands_in_another_process_find_its_table_and_never_open_a_second(
    nodes: tuple[Node, Node],
) -> None:
    """After a takeover a channel's commands still reach its guild's process, which no longer runs the
    table: it finds the table through the database, answers about it and refuses a second one."""
    owner, other = nodes
    table = await _table(owner)
    assert other.service.table_in(CHANNEL) is None  # not run there
    found = await other.service.channel_table(CHANNEL)
    assert found is not None and found.game_id == table.game_id and found.status == "running"
    with pytest.raises(Refusal) as refused:
        await other.service.open(CHANNEL, GUILD, Seat("u12", HUMANS[1]), "pihu", {"max_hands": 1})
    assert refused.value.key == "table.error.table_exists"
    joining = await other.service.lobby_refused(CHANNEL, Refusal("table.error.no_table"))
    assert joining.key == "table.error.already_started"
    assert await other.service.channel_table(CHANNEL + 1) is None  # a channel with no table


async def test_abort_in_another_process_ends_the_game_and_its_owner_stops_the_table(
    nodes: tuple[Node, Node],
) -> None:
    owner, other = nodes
    table = await _table(owner)
    assert table.game_id is not None
    voters = [u for u in HUMANS if u != table.creator_id]
    assert await other.service.abort(CHANNEL, voters[0]) == (False, 1, 3)  # votes count as at the owner
    assert await other.service.abort(CHANNEL, voters[1]) == (False, 2, 3)
    ended, _, _ = await other.service.abort(CHANNEL, voters[2])
    assert ended and (await other.store.get_game(table.game_id)).status == "aborted"
    await asyncio.wait_for(_until(lambda: table.status == "aborted"), 5)  # the owner was told (NOTIFY)
    assert table.aborted_by == voters[2] and table.game_id not in owner.service.by_game
    assert await other.service.channel_table(CHANNEL) is None
    await other.service.open(CHANNEL, GUILD, Seat("u12", HUMANS[1]), "pihu", {"max_hands": 1})  # free now


async def test_an_owner_that_missed_the_abort_notice_stops_the_table_at_its_lease_round(
    nodes: tuple[Node, Node],
) -> None:
    owner, other = nodes
    table = await _table(owner)
    assert table.game_id is not None
    await other.store.finish_game(table.game_id, status="aborted")  # ended elsewhere, no notice sent
    await owner.cluster.tick()
    assert table.status == "aborted" and table.game_id not in owner.service.by_game


async def test_a_lease_round_starts_again_a_table_whose_worker_ended_with_work_left(
    nodes: tuple[Node, Node],
) -> None:
    """A worker that ended while a computer was still to move (before issue 34 a StoreError in a
    computer's move ended it for good, and the lease kept being renewed): the next lease round starts it
    again and the computer plays."""
    owner, _ = nodes
    table = await _table(owner)
    assert table.game is not None and table.worker is not None and table.worker.done()
    user, _, _ = _asked(table)
    seat = table.seat_of(user)
    assert seat is not None
    table.away.add(seat)  # the computer is to play this seat, and no worker is running
    before = len(table.game.decisions)
    assert owner.service.needs_work(table)
    await owner.cluster.tick()
    await owner.service.idle(table)
    assert len(table.game.decisions) > before
