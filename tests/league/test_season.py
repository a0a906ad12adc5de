"""From stored league games to standings, ratings and CSV (store + pure league math together)."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from bot.league.csv_export import GAMES_HEADER, games_csv
from bot.league.season import season_game_rows, season_ratings, season_standings, settle_season
from bot.league.settlement import settings_for
from bot.store import Store


async def test_confirmed_games_of_a_season_make_the_table(database: str) -> None:
    async with await Store.open(database) as store:
        ids = [(await store.ensure_player(name, discord_id=i)).id for i, name in enumerate("ABCDE", start=1)]
        league = await store.create_league(1, "Club", "riichi", {"min_games": 2})
        season = await store.start_season(league.id)
        for pid in ids:
            await store.join_league(league.id, pid)
        a, b, c, d, e = ids

        async def record(
            rows: list[tuple[int, int]], confirm: bool = True, chombos: list[int] | None = None
        ) -> int:
            game = await store.record_manual_game(
                season.id, rows[0][0], rows, expected_total=100000, chombos=chombos
            )
            if confirm:
                for pid, _ in rows[1:]:
                    await store.confirm_league_game(game.id, pid)
            return game.id

        # Game 1: A 45000 -> 45-30+40 = 55; B 25000 -> -5+10 = 5; C 20000 -> -10-10 = -20; D -20-20 = -40
        await record([(a, 45000), (b, 25000), (c, 20000), (d, 10000)])
        # Game 2: E 40000 -> 50; A 30000 -> 0+10 = 10; B 20000 -> -20; C 10000 -> -40, and a chombo for C: -60
        await record([(e, 40000), (a, 30000), (b, 20000), (c, 10000)], chombos=[0, 0, 0, 1])
        # Game 3 is still pending and game 4 is void: neither counts.
        await record([(a, 10000), (b, 20000), (c, 30000), (d, 40000)], confirm=False)
        void_id = await record([(d, 70000), (b, 10000), (c, 10000), (e, 10000)])
        await store.void_league_game(void_id, actor_id=a, reason="test")

        settings = settings_for("riichi", league.settings)
        settled = settle_season(await store.season_games(season.id), settings)

    table = season_standings(settled, settings)
    assert [(s.player, s.position, s.total) for s in table] == [
        (a, 1, Decimal(65)),  # 55 + 10, two games
        (b, 2, Decimal(-15)),  # 5 - 20
        (c, 3, Decimal(-80)),  # -20 - 60
        (e, None, Decimal(50)),  # one game: unranked, listed after the ranked players
        (d, None, Decimal(-40)),
    ]
    skill, tenhou = season_ratings(settled)
    assert skill[a].ordinal > skill[c].ordinal
    # Tenhou R: game 1 A +30 (0 games); game 2 A 1530 vs average (1500+1530+1510+1490)/4 = 1507.5, 2nd,
    # one game played: 0.998 x (10 + (1507.5 - 1530)/40) = 0.998 x 9.4375 = 9.418625
    assert abs(tenhou[a].rate - (1530 + 9.418625)) < 1e-9
    rows = list(csv.DictReader(io.StringIO(games_csv(season_game_rows(settled)))))
    assert tuple(rows[0]) == GAMES_HEADER and len(rows) == 8
    assert [r["league_points"] for r in rows[4:]] == ["50.0", "10.0", "-20.0", "-60.0"]
