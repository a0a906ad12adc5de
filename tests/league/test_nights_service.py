"""League nights through the service and the store, on SQLite and PostgreSQL: a night survives a
restart, is the draw its plan makes again, a drop redraws only later rounds, results are found per
table, and who may do what."""

from __future__ import annotations

import pytest

from bot.league.night import draw_plan, pair_counts
from bot.service.league import Actor, LeagueService
from bot.service.league.nights import parse_players, plan_of, rounds_of
from bot.service.refusal import Refusal
from bot.store import League, Store
from cogs.league.night_presenters import status as night_status

NAMES = [f"p{i:02d}" for i in range(16)]


async def club(service: LeagueService, names: list[str] = NAMES) -> tuple[League, Actor, dict[str, int]]:
    store = service.store
    admin = Actor((await store.ensure_player("Admin", discord_id=999)).id, is_admin=True)
    league = await service.create_league(admin, 1, "Club", "riichi")
    await service.start_season(admin, league)
    ids = {}
    for i, name in enumerate(names, start=1):
        player = await store.ensure_player(name, discord_id=i)
        await service.join(league, player)
        ids[name] = player.id
    return league, admin, ids


async def test_a_night_survives_a_restart_and_is_the_draw_its_plan_makes(database: str) -> None:
    store = await Store.open(database)
    try:
        service = LeagueService(store)
        league, admin, ids = await club(service)
        view = await service.start_night(admin, league, " ".join(NAMES), 5, seed="restart")
        assert view.night.number == 1 and view.night.posted_round == 1
        assert [len(r.tables) for r in view.rounds] == [4] * 5
        await service.next_round(admin, league)
    finally:
        await store.close()
    async with await Store.open(database) as store:
        service = LeagueService(store)
        league = (await store.guild_leagues(1))[0]
        again = await service.night_view(league)
        assert again.night.posted_round == 2 and again.night.seed == "restart"
        assert [[[p.id for p in t.players] for t in r.tables] for r in again.rounds] == [
            [[p.id for p in t.players] for t in r.tables] for r in view.rounds
        ]
        stored = rounds_of(again.night)
        assert draw_plan(plan_of(again.night)) == stored  # reproducible from the league's records
        assert set(pair_counts(stored).values()) == {1}  # 16 over 5: every pair once
        assert plan_of(again.night).players == tuple(ids[name] for name in NAMES)


async def test_a_drop_redraws_only_the_rounds_not_yet_posted(database: str) -> None:
    async with await Store.open(database) as store:
        service = LeagueService(store)
        league, admin, ids = await club(service)
        await service.start_night(admin, league, ", ".join(NAMES), 5, seed="drop")
        before = await service.next_round(admin, league)
        leaving = ids["p07"]
        after, who = await service.drop_player(admin, league, "p07")
        assert who.id == leaving
        old, new = rounds_of(before.night), rounds_of(after.night)
        assert new[:2] == old[:2] and new[2:] != old[2:]
        assert all(leaving not in r.seated and leaving not in r.byes for r in new[2:])
        assert [len(r.byes) for r in new[2:]] == [3, 3, 3]
        assert after.night.plan["left"] == [[leaving, 2]]
        assert draw_plan(plan_of(after.night)) == new
        assert [p.id for p in after.left] == [leaving]
        with pytest.raises(Refusal) as refused:
            await service.drop_player(admin, league, "p07")
        assert refused.value.key == "league.night.error.not_playing"


async def test_results_entered_per_table_label_show_in_the_status(database: str) -> None:
    async with await Store.open(database) as store:
        service = LeagueService(store)
        league, admin, ids = await club(service, NAMES[:8])
        view = await service.start_night(admin, league, " ".join(NAMES[:8]), 3, seed="status")
        table_a, table_b = view.current.tables
        names_a = [p.display_name for p in table_a.players]
        line = " ".join(
            f"{name} {points}" for name, points in zip(names_a, (40000, 30000, 20000, 10000), strict=True)
        )
        reporter = Actor(table_a.players[0].id)
        game = await service.record_scores(reporter, league, line, table_label="1A")
        other = [p.display_name for p in table_b.players]
        unlabelled = " ".join(f"{n} {p}" for n, p in zip(other, (25000, 25000, 25000, 25000), strict=True))
        second = await service.record_scores(Actor(table_b.players[0].id), league, unlabelled)
        status = await service.night_view(league, results=True)
        assert [t.game.id if t.game else None for t in status.current.tables] == [game.id, second.id]
        assert status.names is not None
        totals = {status.names[int(str(s.player))]: s.total for s in status.standings}
        assert totals[names_a[0]] > 0 > totals[names_a[3]]
        assert len(status.standings) == 8


async def test_who_may_start_and_run_a_night(database: str) -> None:
    async with await Store.open(database) as store:
        service = LeagueService(store)
        league, admin, ids = await club(service, NAMES[:8])
        member = Actor(ids["p01"])
        with pytest.raises(Refusal) as refused:
            await service.start_night(member, league, " ".join(NAMES[:8]), 2)
        assert refused.value.key == "league.error.admins_only"
        league = await service.set_night_settings(admin, league, members_start=True, sanma_tables=None)
        await service.start_night(member, league, " ".join(NAMES[:8]), 2)
        with pytest.raises(Refusal) as refused:
            await service.next_round(Actor(ids["p02"]), league)
        assert refused.value.key == "league.night.error.organiser_only"
        await service.next_round(member, league)
        with pytest.raises(Refusal) as refused:
            await service.next_round(member, league)
        assert refused.value.key == "league.night.error.last_round"
        with pytest.raises(Refusal) as refused:
            await service.start_night(admin, league, " ".join(NAMES[:8]), 2)
        assert refused.value.key == "league.night.error.still_open"
        await service.end_night(member, league)
        second = await service.start_night(admin, league, " ".join(NAMES[:8]), 2)
        assert second.night.number == 2


async def test_a_refused_night_leaves_no_guest_behind(database: str) -> None:
    async with await Store.open(database) as store:
        service = LeagueService(store)
        league, admin, _ = await club(service, NAMES[:2])
        with pytest.raises(Refusal) as refused:
            await service.start_night(admin, league, "p00 p01 Visitor", 2, guests=True)
        assert refused.value.key == "league.night.error.too_few"
        assert [m.player.display_name for m in await store.league_roster(league.id) if m.is_guest] == []
        view = await service.start_night(admin, league, 'p00 p01 "Mrs Visitor" Guest2', 2, guests=True)
        assert sorted(p.display_name for t in view.current.tables for p in t.players) == [
            "Guest2",
            "Mrs Visitor",
            "p00",
            "p01",
        ]


def test_players_are_mentions_names_and_quoted_names() -> None:
    refs = parse_players('<@12> alice, "dave smith"; 「山田 太郎」 @bob')
    assert [(r.text, r.discord_id) for r in refs] == [
        ("<@12>", 12),
        ("alice", None),
        ("dave smith", None),
        ("山田 太郎", None),
        ("bob", None),
    ]


async def test_a_sanma_league_draws_tables_of_three_and_only_riichi_takes_sanma_tables(database: str) -> None:
    async with await Store.open(database) as store:
        service = LeagueService(store)
        admin = Actor((await store.ensure_player("Admin", discord_id=999)).id, is_admin=True)
        league = await service.create_league(admin, 1, "Three", "sanma")
        await service.start_season(admin, league)
        for i, name in enumerate(NAMES[:7], start=1):
            await service.join(league, await store.ensure_player(name, discord_id=i))
        with pytest.raises(Refusal) as refused:
            await service.set_night_settings(admin, league, members_start=None, sanma_tables=True)
        assert refused.value.key == "league.night.error.sanma_riichi_only"
        view = await service.start_night(admin, league, " ".join(NAMES[:7]), 3)
        assert all([len(t.players) for t in r.tables] == [3, 3] and len(r.byes) == 1 for r in view.rounds)


async def test_a_riichi_league_may_seat_the_rest_at_sanma_tables(database: str) -> None:
    async with await Store.open(database) as store:
        service = LeagueService(store)
        league, admin, _ = await club(service, NAMES[:13])
        league = await service.set_night_settings(admin, league, members_start=None, sanma_tables=True)
        view = await service.start_night(admin, league, " ".join(NAMES[:13]), 2)
        assert all(sorted(len(t.players) for t in r.tables) == [3, 3, 3, 4] for r in view.rounds)
        assert all(not r.byes for r in view.rounds)
        status = await service.night_view(league, results=True)
        assert [t.counted for t in status.current.tables] == [
            len(t.players) == 4 for t in status.current.tables
        ]
        text = "\n".join(night_status(status, "en"))
        assert text.count("a sanma table: not recorded in this league") == 3
        assert "Tables reported: 0 of 1 (rounds posted: 1 of 2)." in text


async def test_two_next_at_once_post_one_round(database: str) -> None:
    async with await Store.open(database) as store:
        service = LeagueService(store)
        league, admin, _ = await club(service, NAMES[:8])
        started = await service.start_night(admin, league, " ".join(NAMES[:8]), 3)
        assert await store.advance_night(started.night.id, 1)
        assert not await store.advance_night(started.night.id, 1)  # the second saw round 1 too
        assert (await store.get_night(started.night.id)).posted_round == 2
