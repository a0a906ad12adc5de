"""bot/service/league against a real store: permissions, totals, confirmations, audit, standings, CSV."""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest

from bot.league.csv_export import GAMES_HEADER, STANDINGS_HEADER
from bot.league.settlement import default_settings
from bot.league.standings import settle_rows, standings
from bot.service.league import REPORTER_WINDOW, Actor, LeagueService, rating_history
from bot.service.refusal import Refusal
from bot.store import League, ManualGame, Player, Store
from cogs.league.presenters import seasons_embed

START = datetime(2026, 3, 1, tzinfo=UTC)
GUILD, CHANNEL = 555, 777


class Clock:
    """A settable clock shared by the store (timestamps) and the service (the 24-hour window)."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(database: str, clock: Clock) -> AsyncIterator[Store]:
    opened = await Store.open(database, clock=clock)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
def service(store: Store, clock: Clock) -> LeagueService:
    return LeagueService(store, clock=clock)


@pytest.fixture
async def players(service: LeagueService) -> list[Player]:
    return [await service.player(name, discord_id=100 + i) for i, name in enumerate("ABCDEFGH")]


@pytest.fixture
async def admin(service: LeagueService) -> Actor:
    boss = await service.player("Boss", discord_id=1)
    return Actor(boss.id, is_admin=True)


@pytest.fixture
async def league(service: LeagueService, admin: Actor, players: list[Player]) -> League:
    league = await service.create_league(admin, GUILD, "Club", "riichi", channel_id=CHANNEL)
    await service.start_season(admin, league)
    for player in players:
        await service.join(league, player)
    return league


def me(player: Player) -> Actor:
    return Actor(player.id)


async def test_points_that_do_not_add_up_to_the_table_total_are_refused(
    service: LeagueService, league: League, players: list[Player]
) -> None:
    a, b, c, d = players[:4]
    with pytest.raises(Refusal) as refused:
        await service.record_game(me(a), league, [(a.id, 40000), (b.id, 30000), (c.id, 20000), (d.id, 9000)])
    assert refused.value.key == "league.error.total"
    assert refused.value.values == {"total": 99000, "expected": 100000}
    # One riichi stick left on the table: the total is 1000 less.
    game = await service.record_game(
        me(a), league, [(a.id, 40000), (b.id, 30000), (c.id, 20000), (d.id, 9000)], leftover=1
    )
    assert game.status == "pending" and game.leftover == 1


async def test_three_players_in_a_four_player_league_is_refused(
    service: LeagueService, league: League, players: list[Player]
) -> None:
    a, b, c = players[:3]
    with pytest.raises(Refusal) as refused:
        await service.record_game(me(a), league, [(a.id, 50000), (b.id, 30000), (c.id, 20000)])
    assert refused.value.key == "league.error.player_count"


async def test_a_non_member_cannot_be_entered(
    service: LeagueService, league: League, players: list[Player]
) -> None:
    stranger = await service.player("Stranger", discord_id=999)
    a, b, c = players[:3]
    with pytest.raises(Refusal) as refused:
        await service.record_game(
            me(a), league, [(a.id, 25000), (b.id, 25000), (c.id, 25000), (stranger.id, 25000)]
        )
    assert refused.value.key == "league.error.not_members"
    assert "Stranger" in str(refused.value)


async def test_each_other_player_confirms_and_nobody_confirms_for_someone_else(
    service: LeagueService, league: League, players: list[Player]
) -> None:
    a, b, c, d, outsider = players[:5]
    game = await service.record_game(
        me(a), league, [(a.id, 40000), (b.id, 30000), (c.id, 20000), (d.id, 10000)]
    )
    with pytest.raises(Refusal) as own:
        await service.confirm(me(a), game.id)
    assert own.value.key == "league.confirm.own_report"
    with pytest.raises(Refusal) as other:
        await service.confirm(me(outsider), game.id)
    assert other.value.key == "league.confirm.not_yours"

    for player in (b, c):
        outcome = await service.confirm(me(player), game.id)
        assert outcome.confirmed_rows == 1 and outcome.game.status == "pending"
    with pytest.raises(Refusal) as twice:
        await service.confirm(me(b), game.id)
    assert twice.value.key == "league.confirm.done"
    last = await service.confirm(me(d), game.id)
    assert last.game.status == "confirmed"
    assert {p.player_id: p.confirmed_by for p in last.game.players} == {p.id: p.id for p in (a, b, c, d)}


async def test_an_admin_confirms_the_remaining_rows_and_it_is_audited(
    service: LeagueService, store: Store, league: League, players: list[Player], admin: Actor
) -> None:
    a, b, c, d = players[:4]
    game = await service.record_game(
        me(a), league, [(a.id, 40000), (b.id, 30000), (c.id, 20000), (d.id, 10000)]
    )
    await service.confirm(me(b), game.id)

    outcome = await service.confirm(admin, game.id)

    assert outcome.confirmed_rows == 2 and outcome.game.status == "confirmed"
    by = {p.player_id: p.confirmed_by for p in outcome.game.players}
    assert by == {a.id: a.id, b.id: b.id, c.id: admin.player_id, d.id: admin.player_id}
    confirms = [e for e in await store.audit_entries(league.id) if e.action == "confirm"]
    assert [(e.actor_id, e.after["player_id"]) for e in confirms] == [
        (admin.player_id, c.id),
        (admin.player_id, d.id),
    ]


async def test_undo_and_correct_by_the_reporter_within_24_hours_or_by_an_admin(
    service: LeagueService, store: Store, league: League, players: list[Player], admin: Actor, clock: Clock
) -> None:
    a, b, c, d = players[:4]
    game = await service.record_game(
        me(a), league, [(a.id, 40000), (b.id, 30000), (c.id, 20000), (d.id, 10000)]
    )
    with pytest.raises(Refusal) as not_reporter:
        await service.correct(me(b), game.id, [10000, 30000, 20000, 40000])
    assert not_reporter.value.key == "league.error.not_reporter"
    with pytest.raises(Refusal) as bad_total:
        await service.correct(me(a), game.id, [40000, 30000, 20000, 11000])
    assert bad_total.value.key == "league.error.total"

    corrected = await service.correct(me(a), game.id, [39000, 31000, 20000, 10000], reason="typo")
    assert [p.final_points for p in corrected.players] == [39000, 31000, 20000, 10000]

    clock.now = START + REPORTER_WINDOW + timedelta(minutes=1)
    with pytest.raises(Refusal) as late:
        await service.undo(me(a), game.id)
    assert late.value.key == "league.error.too_late"
    voided = await service.undo(admin, game.id, reason="wrong table")
    assert voided.status == "void"
    with pytest.raises(Refusal):
        await service.undo(admin, game.id)

    audit = [
        (e.action, e.actor_id) for e in await store.audit_entries(league.id) if e.target == "league_game"
    ]
    assert audit == [("record", a.id), ("correct", a.id), ("void", admin.player_id)]
    correction = next(e for e in await store.audit_entries(league.id) if e.action == "correct")
    assert [p["points"] for p in correction.before["players"]] == [40000, 30000, 20000, 10000]
    assert correction.reason == "typo"


async def test_only_admins_change_settings_and_seasons_and_bad_values_are_refused(
    service: LeagueService, league: League, players: list[Player], admin: Actor
) -> None:
    with pytest.raises(Refusal) as refused:
        await service.update_settings(me(players[0]), league, {"min_games": 3})
    assert refused.value.key == "league.error.admins_only"
    with pytest.raises(Refusal) as season:
        await service.end_season(me(players[0]), league)
    assert season.value.key == "league.error.admins_only"
    with pytest.raises(Refusal) as bad:
        await service.update_settings(admin, league, {"uma": [30, 10, -10]})
    assert bad.value.key == "league.error.bad_setting" and "uma" in str(bad.value)

    saved = await service.update_settings(admin, league, {"uma": [30, 10, -10, -30], "min_games": 2})
    settings = service.settings_of(saved)
    assert settings.min_games == 2 and [int(u) for u in settings.uma] == [30, 10, -10, -30]


async def test_the_league_is_found_by_name_by_channel_or_as_the_only_one(
    service: LeagueService, league: League, admin: Actor
) -> None:
    assert (await service.resolve_league(GUILD, None)).id == league.id
    other = await service.create_league(admin, GUILD, "Sanma nights", "sanma")
    assert (await service.resolve_league(GUILD, CHANNEL)).id == league.id
    thread = 4321  # a thread of the bound channel
    assert (await service.resolve_league(GUILD, thread, parent_channel_id=CHANNEL)).id == league.id
    assert (await service.resolve_league(GUILD, None, "sanma NIGHTS")).id == other.id
    with pytest.raises(Refusal) as which:
        await service.resolve_league(GUILD, 12345)
    assert which.value.key == "league.error.which_league"
    with pytest.raises(Refusal) as none:
        await service.resolve_league(GUILD + 1, None)
    assert none.value.key == "league.error.no_league"


SCORES = [
    [48000, 31000, 15000, 6000],
    [25000, 25000, 30000, 20000],
    [9000, 41000, 27000, 23000],
    [33000, 12000, 22000, 33000],
    [20000, 20000, 20000, 40000],
]


async def play_confirmed(
    service: LeagueService, league: League, seats: list[Player], points: list[int]
) -> int:
    game = await service.record_game(
        me(seats[0]), league, [(p.id, pts) for p, pts in zip(seats, points, strict=True)]
    )
    for player in seats[1:]:
        await service.confirm(me(player), game.id)
    return game.id


async def test_standings_equal_a_direct_computation_and_void_or_pending_games_do_not_count(
    service: LeagueService, league: League, players: list[Player], admin: Actor
) -> None:
    tables = [players[i : i + 4] for i in range(0, 5)]
    settings = default_settings("riichi")
    for seats, points in zip(tables, SCORES, strict=True):
        await play_confirmed(service, league, seats, points)
    voided = await play_confirmed(service, league, players[4:8], [70000, 10000, 10000, 10000])
    await service.undo(admin, voided)
    await service.record_game(  # pending: not confirmed by the others
        me(players[7]), league, [(p.id, 25000) for p in players[4:8]]
    )

    view = await service.season_view(league)

    expected = standings(
        [
            settle_rows([(p.id, pts) for p, pts in zip(s, sc, strict=True)], settings)
            for s, sc in zip(tables, SCORES, strict=True)
        ]
    )
    assert view.standings == expected
    assert len(view.settled) == 5
    assert view.names[players[0].id] == "A"
    # The player page's rating history ends at the season's Tenhou R.
    page = await service.player_page(league, players[2])
    assert page.standing is not None and page.standing.games == 3
    assert len(page.rating_history) == 3
    assert page.tenhou is not None and page.rating_history[-1] == pytest.approx(page.tenhou.rate)
    assert len(rating_history(view.settled, players[0].id)) == 1  # A played the first table only
    assert rating_history(view.settled, -1) == []


async def test_csv_export_opens_with_the_documented_columns(
    service: LeagueService, league: League, players: list[Player]
) -> None:
    await play_confirmed(service, league, players[:4], SCORES[0])
    await play_confirmed(service, league, players[1:5], SCORES[1])

    files = await service.export_csv(league)

    standings_name, games_name = sorted(files, key=lambda n: "games" in n)
    assert standings_name == "club-season1-standings.csv" and games_name == "club-season1-games.csv"
    table = list(csv.DictReader(io.StringIO(files[standings_name])))
    assert tuple(table[0]) == STANDINGS_HEADER
    assert {row["player"] for row in table} == {"A", "B", "C", "D", "E"}
    assert sum(float(row["total"]) for row in table) == pytest.approx(0.0)
    games = list(csv.DictReader(io.StringIO(files[games_name])))
    assert tuple(games[0]) == GAMES_HEADER
    assert len(games) == 8
    assert [int(r["final_points"]) for r in games[:4]] == SCORES[0]
    assert [r["rank"] for r in games[:4]] == ["1", "2", "3", "4"]


async def test_a_chombo_costs_the_penalty_after_settlement(
    service: LeagueService, league: League, players: list[Player]
) -> None:
    a, b, c, d = players[:4]
    seats = [(a.id, 40000), (b.id, 30000), (c.id, 20000), (d.id, 10000)]
    with pytest.raises(Refusal) as bad:
        await service.record_game(me(a), league, seats, chombos=[0, 1, 0])
    assert bad.value.key == "league.error.bad_chombo"
    game = await service.record_game(me(a), league, seats, chombos=[0, 1, 0, 0])
    for player in (b, c, d):
        await service.confirm(me(player), game.id)

    view = await service.season_view(league)

    settings = default_settings("riichi")
    plain = {r.player: r.league_points for r in settle_rows(seats, settings)}
    by_player = {s.player: s.total for s in view.standings}
    assert by_player[b.id] == plain[b.id] - settings.chombo_penalty
    assert by_player[a.id] == plain[a.id]


async def test_restore_counts_an_undone_game_again_and_history_lists_every_change(
    service: LeagueService, league: League, players: list[Player], admin: Actor
) -> None:
    a, b, c, d = players[:4]
    game = await service.record_game(
        me(a), league, [(a.id, 40000), (b.id, 30000), (c.id, 20000), (d.id, 10000)]
    )
    await service.confirm(admin, game.id)
    with pytest.raises(Refusal) as not_void:
        await service.restore(me(a), game.id)
    assert not_void.value.key == "league.restore.not_void"
    await service.undo(me(a), game.id)
    with pytest.raises(Refusal) as not_reporter:
        await service.restore(me(b), game.id)
    assert not_reporter.value.key == "league.error.not_reporter"

    restored = await service.restore(me(a), game.id, reason="it was right")

    assert restored.status == "confirmed"
    assert len((await service.season_view(league)).settled) == 1
    changes = [(e.action, e.actor_id) for e in await service.history(game.id)]
    assert changes == [
        ("record", a.id),
        ("confirm", admin.player_id),
        ("confirm", admin.player_id),
        ("confirm", admin.player_id),
        ("void", a.id),
        ("restore", a.id),
    ]


# Issue 39: the export says who confirmed each seat and when (a player's own confirmation too), and
# /league seasons dates an imported season by its games.
async def test_the_export_says_who_confirmed_each_seat_and_when(
    service: LeagueService, league: League, players: list[Player], clock: Clock
) -> None:
    a, b, c, d = players[:4]
    game = await service.record_game(
        me(a), league, [(a.id, 40000), (b.id, 30000), (c.id, 20000), (d.id, 10000)]
    )
    clock.now += timedelta(hours=2)
    await service.confirm(me(b), game.id)
    later = clock.now

    files = await service.export_csv(league)
    games = list(csv.DictReader(io.StringIO(next(v for k, v in files.items() if k.endswith("games.csv")))))

    by_player = {row["player"]: row for row in games}
    assert by_player["B"]["confirmed_by"] == "B"
    assert by_player["B"]["confirmed_at"].startswith(later.isoformat()[:16])
    assert by_player["A"]["confirmed_at"] != "" and by_player["C"]["confirmed_at"] == ""
    history = by_player["A"]["history"]
    when = later.isoformat()[:16].replace("T", " ")
    assert f"{when} confirmed by B" in history
    assert history.index("recorded by A") < history.index("confirmed by B")


async def test_an_imported_season_is_dated_by_its_games(
    service: LeagueService, store: Store, league: League, players: list[Player], admin: Actor
) -> None:
    a, b, c, d = players[:4]
    season = (await store.seasons(league.id))[-1]
    past = [
        ManualGame([(a.id, 40000), (b.id, 30000), (c.id, 20000), (d.id, 10000)], played_at=day)
        for day in ("2024-04-06T19:00:00+00:00", "2024-09-28T19:00:00+00:00")
    ]
    await store.record_manual_games(season.id, a.id, past, expected_totals=[100000, 100000])
    await service.end_season(admin, league)

    [summary] = await service.season_summaries(league)
    line = seasons_embed(league, [summary], "en").description or ""
    assert "2024-04-06" in line and "2024-09-28" in line
    assert season.started_at[:10] not in line  # the day it was opened in the bot (2026-03-01)
