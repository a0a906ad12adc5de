"""League flows in the store: seasons, members, manual games with confirmations, void/restore, corrections."""

from __future__ import annotations

import pytest

from bot.store import FinalResult, Store, StoreError


async def _league_with_season(store: Store, players: list[int]) -> tuple[int, int]:
    league = await store.create_league(
        1, "Tuesday riichi", "riichi", {"uma": [15, 5, -5, -15]}, admin_role_id=99
    )
    season = await store.start_season(league.id)
    for pid in players:
        await store.join_league(league.id, pid)
    return league.id, season.id


async def test_league_settings_and_members(store: Store, four_players: list[int]) -> None:
    league_id, _ = await _league_with_season(store, four_players)
    league = await store.get_league(league_id)
    assert (league.rule_set, league.settings, league.admin_role_id) == (
        "riichi",
        {"uma": [15, 5, -5, -15]},
        99,
    )
    assert [p.id for p in await store.league_members(league_id)] == four_players
    assert await store.join_league(league_id, four_players[0]) is False
    with pytest.raises(StoreError, match="already has a league named"):
        await store.create_league(1, "Tuesday riichi", "sanma")
    updated = await store.update_league_settings(league_id, {"min_games": 5}, actor_id=four_players[0])
    assert updated.settings == {"min_games": 5}
    audit = await store.audit_entries(league_id)
    assert (audit[-1].action, audit[-1].before, audit[-1].after) == (
        "settings",
        {"uma": [15, 5, -5, -15]},
        {"min_games": 5},
    )


async def test_seasons_are_numbered_and_one_is_open_at_a_time(store: Store, four_players: list[int]) -> None:
    league_id, first = await _league_with_season(store, four_players)
    with pytest.raises(StoreError, match="still open"):
        await store.start_season(league_id)
    ended = await store.end_season(league_id)
    assert ended.id == first and ended.ended_at is not None
    assert await store.current_season(league_id) is None
    second = await store.start_season(league_id)
    assert second.number == 2
    assert [s.number for s in await store.seasons(league_id)] == [1, 2]
    with pytest.raises(StoreError, match="has ended"):
        await store.record_manual_game(first, four_players[0], [(p, 25000) for p in four_players])


async def test_manual_game_is_pending_until_every_player_confirms(
    store: Store, four_players: list[int]
) -> None:
    _, season_id = await _league_with_season(store, four_players)
    reporter = four_players[0]
    results = list(zip(four_players, (32100, 24500, 18200, 25200), strict=True))
    game = await store.record_manual_game(season_id, reporter, results, expected_total=100000)
    assert game.status == "pending" and game.source == "manual"
    assert [p.confirmed_by for p in game.players] == [reporter, None, None, None]
    assert await store.season_games(season_id) == []  # pending games do not count yet
    assert [g.id for g in await store.pending_games_of(four_players[2])] == [game.id]
    for pid in four_players[1:3]:
        game = await store.confirm_league_game(game.id, pid)
        assert game.status == "pending"
    game = await store.confirm_league_game(game.id, four_players[3])
    assert game.status == "confirmed"
    assert [p.final_points for p in game.players] == [32100, 24500, 18200, 25200]
    assert [g.id for g in await store.season_games(season_id)] == [game.id]
    assert await store.pending_games_of(four_players[2]) == []


async def test_manual_game_checks(store: Store, four_players: list[int]) -> None:
    league_id, season_id = await _league_with_season(store, four_players)
    results = [(p, 25000) for p in four_players]
    with pytest.raises(StoreError, match="add up to 99000, but they must add up to 100000"):
        await store.record_manual_game(
            season_id, four_players[0], [*results[:3], (four_players[3], 24000)], expected_total=100000
        )
    with pytest.raises(StoreError, match="twice"):
        await store.record_manual_game(season_id, four_players[0], [results[0]] * 4)
    stranger = (await store.ensure_player("Stranger", discord_id=5)).id
    with pytest.raises(StoreError, match=f"not members of the league: player id {stranger}"):
        await store.record_manual_game(season_id, four_players[0], [*results[:3], (stranger, 25000)])
    game = await store.record_manual_game(season_id, four_players[0], results)
    with pytest.raises(StoreError, match="did not play"):
        await store.confirm_league_game(game.id, stranger)


async def test_void_and_restore_are_audited(store: Store, four_players: list[int]) -> None:
    league_id, season_id = await _league_with_season(store, four_players)
    admin = four_players[1]
    game = await store.record_manual_game(season_id, four_players[0], [(p, 25000) for p in four_players])
    for pid in four_players[1:]:
        await store.confirm_league_game(game.id, pid)
    voided = await store.void_league_game(game.id, actor_id=admin, reason="wrong table")
    assert voided.status == "void"
    assert await store.season_games(season_id) == []
    assert [g.id for g in await store.season_games(season_id, statuses=("void",))] == [game.id]
    with pytest.raises(StoreError, match="is void"):
        await store.confirm_league_game(game.id, four_players[0])
    restored = await store.restore_league_game(game.id, actor_id=admin)
    assert restored.status == "confirmed"
    entries = [e for e in await store.audit_entries(league_id) if e.target == "league_game"]
    assert [(e.action, e.actor_id) for e in entries] == [
        ("record", four_players[0]),
        ("void", admin),
        ("restore", admin),
    ]
    void_entry = entries[1]
    assert (void_entry.before["status"], void_entry.after["status"], void_entry.reason) == (
        "confirmed",
        "void",
        "wrong table",
    )


async def test_correction_writes_before_and_after(store: Store, four_players: list[int]) -> None:
    league_id, season_id = await _league_with_season(store, four_players)
    game = await store.record_manual_game(
        season_id, four_players[0], list(zip(four_players, (40000, 30000, 20000, 10000), strict=True))
    )
    corrected = await store.correct_league_game(
        game.id,
        [40000, 20000, 30000, 10000],
        actor_id=four_players[3],
        reason="swapped",
        expected_total=100000,
    )
    assert [p.final_points for p in corrected.players] == [40000, 20000, 30000, 10000]
    entry = (await store.audit_entries(league_id))[-1]
    assert (entry.action, entry.target_id, entry.actor_id, entry.reason) == (
        "correct",
        game.id,
        four_players[3],
        "swapped",
    )
    assert [p["points"] for p in entry.before["players"]] == [40000, 30000, 20000, 10000]
    assert [p["points"] for p in entry.after["players"]] == [40000, 20000, 30000, 10000]
    with pytest.raises(StoreError, match="has 4 seats, not 3"):
        await store.correct_league_game(game.id, [1, 2, 3], actor_id=None)


async def test_bot_game_counts_once_finished(store: Store, four_players: list[int]) -> None:
    _, season_id = await _league_with_season(store, four_players)
    game_id = await store.create_game("riichi", four_players)
    with pytest.raises(StoreError, match="not finished"):
        await store.record_bot_game(season_id, game_id)
    await store.record_final_results(
        game_id,
        [
            FinalResult(s, pid, pts, s + 1)
            for s, (pid, pts) in enumerate(zip(four_players, (40000, 30000, 20000, 10000), strict=True))
        ],
    )
    await store.finish_game(game_id)
    league_game = await store.record_bot_game(season_id, game_id)
    assert (league_game.status, league_game.source, league_game.game_id) == ("confirmed", "bot", game_id)
    assert [p.final_points for p in league_game.players] == [40000, 30000, 20000, 10000]
