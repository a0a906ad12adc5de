"""The league store's new parts on both backends: bulk records all or nothing, a reporter's correction
back to pending, chombo after the fact, guests merged into members, archived season settings."""

from __future__ import annotations

import pytest

from bot.store import ManualGame, Store, StoreError


async def league_with(store: Store, names: str) -> tuple[int, int, list[int]]:
    ids = [(await store.ensure_player(name, discord_id=i)).id for i, name in enumerate(names, start=1)]
    league = await store.create_league(1, "Club", "riichi")
    season = await store.start_season(league.id)
    for pid in ids:
        await store.join_league(league.id, pid)
    return league.id, season.id, ids


async def test_a_bulk_record_is_all_or_nothing(database: str) -> None:
    async with await Store.open(database) as store:
        league, season, (a, b, c, d, e) = await league_with(store, "ABCDE")
        good = ManualGame(
            [(a, 40000), (b, 30000), (c, 20000), (d, 10000)], played_at="2025-01-02T00:00:00+00:00"
        )
        outsider = (await store.ensure_player("Z", discord_id=99)).id
        bad = ManualGame([(a, 40000), (b, 30000), (c, 20000), (outsider, 10000)])
        with pytest.raises(StoreError, match="not members"):
            await store.record_manual_games(season, e, [good, good, bad], expected_totals=[100000] * 3)
        assert await store.season_games(season, statuses=("pending", "confirmed", "void")) == []
        games = await store.record_manual_games(season, e, [good, good], expected_totals=[100000] * 2)
        assert [g.status for g in games] == ["confirmed", "confirmed"]
        assert {p.confirmed_by for g in games for p in g.players} == {e}
        assert games[0].played_at == "2025-01-02T00:00:00+00:00" and games[0].source == "import"


async def test_a_reset_correction_keeps_only_the_correctors_confirmation(database: str) -> None:
    async with await Store.open(database) as store:
        _, season, (a, b, c, d) = await league_with(store, "ABCD")
        game = await store.record_manual_game(season, a, [(a, 40000), (b, 30000), (c, 20000), (d, 10000)])
        for pid in (b, c, d):
            game = await store.confirm_league_game(game.id, pid)
        assert game.status == "confirmed"
        kept = await store.correct_league_game(
            game.id, [41000, 29000, 20000, 10000], actor_id=None, authority="admin"
        )
        assert kept.status == "confirmed"
        back = await store.correct_league_game(
            game.id, [39000, 31000, 20000, 10000], actor_id=a, reset_confirmations=True, authority="reporter"
        )
        assert back.status == "pending"
        assert [p.confirmed_at is not None for p in back.players] == [True, False, False, False]
        after = await store.set_chombo(game.id, 2, 1, actor_id=b, reason="false win")
        assert [p.chombo for p in after.players] == [0, 0, 1, 0]
        actions = [
            (x.action, (x.after or {}).get("authority"))
            for x in await store.audit_entries(1, target_id=game.id)
        ]
        assert actions == [
            ("record", None),
            ("correct", "admin"),
            ("correct", "reporter"),
            ("chombo", "admin"),
        ]


async def test_a_guest_merged_into_a_member_moves_their_games(database: str) -> None:
    async with await Store.open(database) as store:
        league, season, (a, b, c, d) = await league_with(store, "ABCD")
        tom = await store.add_guest(league, "  Tom ", actor_id=a)
        assert tom.display_name == "Tom" and (await store.add_guest(league, "TOM")).id == tom.id
        game = await store.record_manual_game(
            season, a, [(a, 40000), (b, 30000), (tom.id, 20000), (c, 10000)], vouched=[tom.id]
        )
        assert game.players[2].confirmed_at is not None
        with pytest.raises(StoreError, match="both played"):
            await store.merge_guest(league, tom.id, b)
        assert await store.shared_league_games(league, tom.id, b) == [game.id]
        assert await store.merge_guest(league, tom.id, d, actor_id=a) == [game.id]
        moved = await store.get_league_game(game.id)
        assert [p.player_id for p in moved.players] == [a, b, d, c]
        roster = {m.player.id: m.merged_into for m in await store.league_roster(league)}
        assert roster[tom.id] == d and tom.id not in {p.id for p in await store.league_members(league)}
        with pytest.raises(StoreError, match="already linked"):
            await store.merge_guest(league, tom.id, d)


async def test_an_ended_season_keeps_the_settings_it_was_played_under(database: str) -> None:
    async with await Store.open(database) as store:
        league, season, _ = await league_with(store, "ABCD")
        ended = await store.end_season(league, settings={"uma": ["20", "10", "-10", "-20"]})
        assert ended.settings == {"uma": ["20", "10", "-10", "-20"]} and ended.ended_at is not None
        assert (await store.get_season(season)).settings == ended.settings
