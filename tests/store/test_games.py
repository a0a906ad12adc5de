"""Games, the decision log (ordered, durable, idempotent), resume listing and results."""

from __future__ import annotations

import asyncio
from decimal import Decimal

import pytest

from bot.store import DecisionConflict, FinalResult, NotFound, Store, StoreError


async def test_players_are_found_again_and_renamed(store: Store) -> None:
    first = await store.ensure_player("Alice", discord_id=42)
    again = await store.ensure_player("Alice B.", discord_id=42)
    bot = await store.ensure_player("Computer 1", local_key="ai:1")
    assert again.id == first.id and again.display_name == "Alice B."
    assert bot.id != first.id and bot.discord_id is None
    assert await store.find_player(local_key="ai:1") == bot
    with pytest.raises(StoreError, match="exactly one"):
        await store.ensure_player("nobody")


async def test_game_is_created_with_seats_and_timestamp_from_clock(
    store: Store, four_players: list[int]
) -> None:
    game_id = await store.create_game(
        "riichi", four_players, options={"red": 3}, seed_commitment="ab12", guild_id=7, channel_id=8
    )
    game = await store.get_game(game_id)
    assert game.seats == tuple(four_players)
    assert (game.rule_set, game.options, game.seed_commitment, game.status) == (
        "riichi",
        {"red": 3},
        "ab12",
        "running",
    )
    assert game.created_at.startswith("2026-01-01T00:00:") and game.created_at.endswith("+00:00")
    with pytest.raises(NotFound):
        await store.get_game(game_id + 100)


async def test_decisions_load_in_append_order(store: Store, four_players: list[int]) -> None:
    game_id = await store.create_game("riichi", four_players)
    actions = [{"type": "discard", "tile": t} for t in (108, 3, 77, 135, 0)]
    for seq, action in enumerate(actions):
        assert await store.append_decision(game_id, seq, seq % 4, action) is True
    loaded = await store.load_decisions(game_id)
    assert [d.seq for d in loaded] == [0, 1, 2, 3, 4]
    assert [d.action for d in loaded] == actions
    assert [d.seat for d in loaded] == [0, 1, 2, 3, 0]
    assert [d.seq for d in await store.load_decisions(game_id, after=2)] == [3, 4]


async def test_replayed_identical_decision_is_idempotent(store: Store, four_players: list[int]) -> None:
    game_id = await store.create_game("riichi", four_players)
    await store.append_decision(game_id, 0, 0, {"type": "discard", "tile": 5})
    assert await store.append_decision(game_id, 0, 0, {"tile": 5, "type": "discard"}) is False
    assert len(await store.load_decisions(game_id)) == 1


async def test_different_decision_at_stored_seq_is_refused(store: Store, four_players: list[int]) -> None:
    game_id = await store.create_game("riichi", four_players)
    await store.append_decision(game_id, 0, 0, {"type": "discard", "tile": 5})
    with pytest.raises(DecisionConflict, match="decision number 0"):
        await store.append_decision(game_id, 0, 0, {"type": "discard", "tile": 6})
    assert [d.action["tile"] for d in await store.load_decisions(game_id)] == [5]


async def test_gap_in_sequence_is_refused(store: Store, four_players: list[int]) -> None:
    game_id = await store.create_game("riichi", four_players)
    await store.append_decision(game_id, 0, 0, "a")
    with pytest.raises(StoreError, match="skips 1"):
        await store.append_decision(game_id, 2, 0, "c")


async def test_batch_append_is_all_or_nothing(store: Store, four_players: list[int]) -> None:
    game_id = await store.create_game("riichi", four_players)
    assert await store.append_decisions(game_id, [(0, 0, "a"), (1, 1, "b")]) == 2
    with pytest.raises(StoreError):
        await store.append_decisions(game_id, [(2, 2, "c"), (4, 3, "e")])  # 4 skips 3
    assert [d.action for d in await store.load_decisions(game_id)] == ["a", "b"]


async def test_decisions_survive_reopening(database: str, store: Store, four_players: list[int]) -> None:
    game_id = await store.create_game("riichi", four_players)
    await store.append_decision(game_id, 0, 1, {"type": "pass"})
    async with await Store.open(database) as other:  # a second connection sees the committed row
        assert [d.action for d in await other.load_decisions(game_id)] == [{"type": "pass"}]


async def test_tables_appending_at_once_each_keep_their_order(store: Store, four_players: list[int]) -> None:
    games = [await store.create_game("riichi", four_players) for _ in range(8)]

    async def play(game_id: int) -> None:  # one table: its decisions one after another, as the service does
        for seq in range(30):
            assert await store.append_decision(game_id, seq, seq % 4, [game_id, seq]) is True

    await asyncio.gather(*(play(g) for g in games))
    for game_id in games:
        assert [d.action for d in await store.load_decisions(game_id)] == [[game_id, s] for s in range(30)]


async def test_two_writers_racing_for_one_seq_store_it_once(
    database: str, store: Store, four_players: list[int]
) -> None:
    """Two connections (two bot processes) append decision 0 at the same moment: one row, the loser is
    told (DecisionConflict for a different choice, False for the same one)."""
    game_id = await store.create_game("riichi", four_players)
    async with await Store.open(database) as other:
        for seq in range(0, 40, 2):
            outcomes = await asyncio.gather(
                store.append_decision(game_id, seq, 0, {"pick": "a"}),
                other.append_decision(game_id, seq, 0, {"pick": "b"}),
                return_exceptions=True,
            )
            assert sorted(type(o).__name__ for o in outcomes) == ["DecisionConflict", "bool"], outcomes
            same = await asyncio.gather(
                store.append_decision(game_id, seq + 1, 1, "same"),
                other.append_decision(game_id, seq + 1, 1, "same"),
            )
            assert sorted(same) == [False, True]
        stored = await other.load_decisions(game_id)
    assert [d.seq for d in stored] == list(range(40))
    assert all(d.action in ({"pick": "a"}, {"pick": "b"}) for d in stored[::2])


async def test_unfinished_games_lists_running_games_for_resume(store: Store, four_players: list[int]) -> None:
    done = await store.create_game("riichi", four_players)
    running = await store.create_game("mingjiang", four_players[::-1], options={"x": 1})
    aborted = await store.create_game("sichuan", four_players)
    await store.finish_game(done, revealed_seed="seed")
    await store.finish_game(aborted, status="aborted")
    resume = await store.unfinished_games()
    assert [(g.id, g.rule_set, g.seats) for g in resume] == [
        (running, "mingjiang", tuple(four_players[::-1]))
    ]
    finished = await store.get_game(done)
    assert (
        finished.status == "finished" and finished.revealed_seed == "seed" and finished.ended_at is not None
    )
    with pytest.raises(StoreError, match="already ended"):
        await store.finish_game(done)
    with pytest.raises(StoreError, match="has ended"):
        await store.append_decision(done, 0, 0, "late")


async def test_hand_and_final_results_round_trip(store: Store, four_players: list[int]) -> None:
    game_id = await store.create_game("riichi", four_players)
    yaku = [["riichi", 1], ["tsumo", 1]]
    await store.record_hand_result(game_id, 0, "East 1", [2], yaku, [-1300, -700, 2700, -700])
    with pytest.raises(StoreError, match="refused"):
        await store.record_hand_result(game_id, 0, "East 1", [2], yaku, [0, 0, 0, 0])
    hands = await store.load_hand_results(game_id)
    assert [(h.round_label, h.winners, h.yaku_lines, h.score_changes) for h in hands] == [
        ("East 1", [2], yaku, [-1300, -700, 2700, -700])
    ]
    finals = [
        FinalResult(0, four_players[0], 32100, 1, Decimal("42")),
        FinalResult(1, four_players[1], 24500, 3, Decimal("-15")),
        FinalResult(2, four_players[2], 18200, 4, Decimal("-32")),
        FinalResult(3, four_players[3], 25200, 2, Decimal("5.5")),
    ]
    await store.record_final_results(game_id, finals)
    assert await store.load_final_results(game_id) == finals


async def test_final_results_must_match_the_seats(store: Store, four_players: list[int]) -> None:
    game_id = await store.create_game("riichi", four_players)
    swapped = [FinalResult(s, four_players[(s + 1) % 4], 25000, s + 1) for s in range(4)]
    with pytest.raises(StoreError, match="each seat once"):
        await store.record_final_results(game_id, swapped)


async def test_channel_binding_and_language(store: Store) -> None:
    league = await store.create_league(5, "Friday", "riichi")
    await store.set_channel(5, 77, language="ja", league_id=league.id)
    channel = await store.get_channel(77)
    assert channel is not None and (channel.language, channel.league_id) == ("ja", league.id)
    await store.set_channel(5, 77, language="en")
    channel = await store.get_channel(77)
    assert channel is not None and (channel.language, channel.league_id) == ("en", None)
    await store.set_guild_language(5, "zh-TW")
    assert await store.get_guild_language(5) == "zh-TW"
    assert await store.get_channel(78) is None


async def test_game_record_gathers_everything_for_export(store: Store, four_players: list[int]) -> None:
    game_id = await store.create_game("riichi", four_players, guild_id=3)
    await store.append_decisions(game_id, [(0, 0, "a"), (1, 1, "b")])
    await store.record_hand_result(game_id, 0, "East 1", [], [], [0, 0, 0, 0])
    await store.record_final_results(
        game_id, [FinalResult(s, p, 25000, s + 1) for s, p in enumerate(four_players)]
    )
    record = await store.game_record(game_id)
    assert [p.display_name for p in record.players] == ["P0", "P1", "P2", "P3"]
    assert [d.action for d in record.decisions] == ["a", "b"]
    assert [h.round_label for h in record.hands] == ["East 1"]
    assert [f.points for f in record.finals] == [25000] * 4


async def test_recent_games_newest_first_and_filtered(store: Store, four_players: list[int]) -> None:
    other = (await store.ensure_player("Other", discord_id=9)).id
    first = await store.create_game("riichi", four_players, guild_id=1)
    second = await store.create_game("sanma", [other, *four_players[:2]], guild_id=2)
    third = await store.create_game("riichi", four_players, guild_id=1)
    assert [g.id for g in await store.recent_games()] == [third, second, first]
    assert [g.id for g in await store.recent_games(guild_id=1, limit=1)] == [third]
    assert [g.id for g in await store.recent_games(player_id=other)] == [second]
