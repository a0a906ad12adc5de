"""Table leases: one owner at a time, renewal, expiry and takeover, on both backends."""

from __future__ import annotations

import asyncio

from bot.store import Store


async def _game(store: Store, four_players: list[int]) -> int:
    return await store.create_game("riichi", four_players, guild_id=1, channel_id=2)


async def test_a_free_table_is_claimed_once_and_a_held_one_is_refused(
    store: Store, four_players: list[int]
) -> None:
    game = await _game(store, four_players)
    assert await store.claim_table(game, "p1", 1_000, 16_000) is True
    assert await store.claim_table(game, "p2", 2_000, 17_000) is False  # p1 holds it until 16 s
    assert await store.claim_table(game, "p1", 2_000, 17_000) is True  # the owner may re-claim
    lease = await store.lease_of(game)
    assert lease is not None and (lease.owner, lease.expires_ms) == ("p1", 17_000)


async def test_an_expired_lease_is_listed_and_taken_over(store: Store, four_players: list[int]) -> None:
    running, ended = await _game(store, four_players), await _game(store, four_players)
    for game in (running, ended):
        assert await store.claim_table(game, "p1", 0, 15_000)
    await store.finish_game(ended)
    assert await store.expired_leases(10_000) == []
    assert [lease.game_id for lease in await store.expired_leases(20_000)] == [running]  # not the ended one
    assert await store.claim_table(running, "p2", 20_000, 35_000) is True
    assert await store.renew_leases("p1", 40_000) == {ended}  # p1 learns it lost the running table
    assert await store.renew_leases("p2", 40_000) == {running}


async def test_two_processes_claiming_one_expired_table_at_once_get_it_once(
    database: str, store: Store, four_players: list[int]
) -> None:
    async with await Store.open(database) as other:
        games = [await _game(store, four_players) for _ in range(10)]
        for game in games:
            assert await store.claim_table(game, "dead", 0, 1)
        for game in games:
            won = await asyncio.gather(
                store.claim_table(game, "a", 100, 15_100), other.claim_table(game, "b", 100, 15_100)
            )
            assert sorted(won) == [False, True]


async def test_a_clean_shutdown_expires_its_leases_and_an_end_removes_one(
    store: Store, four_players: list[int]
) -> None:
    first, second = await _game(store, four_players), await _game(store, four_players)
    for game in (first, second):
        await store.claim_table(game, "p1", 0, 15_000)
    await store.set_table_message(first, "p1", 987654321)
    await store.release_table(second, "p1")
    assert await store.lease_of(second) is None
    assert await store.expire_leases("p1") == 1
    lease = await store.lease_of(first)
    assert lease is not None and lease.expires_ms == 0 and lease.message_id == 987654321
    assert [lease.game_id for lease in await store.expired_leases(1)] == [first]
