"""``Store.season_revision``: it changes with every change of a season's counted games, and only then
(the web page keeps a settled season while it stays the same: bot/service/league/kept_standings.py)."""

from __future__ import annotations

from bot.service.league import Actor, LeagueService
from bot.store import Store


async def test_the_revision_follows_every_change_of_the_counted_games(database: str) -> None:
    store = await Store.open(database)
    try:
        service = LeagueService(store)
        admin = Actor((await service.player("Admin", discord_id=1)).id, is_admin=True)
        league = await service.create_league(admin, 7, "Club", "riichi")
        season = await service.start_season(admin, league)
        ids = []
        for n in range(4):
            player = await service.player(f"P{n}", discord_id=10 + n)
            await service.join(league, player)
            ids.append(player.id)
        seen = [await store.season_revision(season.id)]

        async def changed() -> None:
            now = await store.season_revision(season.id)
            assert now not in seen, seen
            seen.append(now)

        game = await service.record_game(
            Actor(ids[0]), league, list(zip(ids, [40000, 30000, 20000, 10000], strict=True))
        )
        seen.append(await store.season_revision(season.id))  # recorded, pending (audited)
        await service.confirm(admin, game.id)
        await changed()
        assert await store.season_revision(season.id) == seen[-1]  # reading changes nothing
        await service.correct(admin, game.id, [10000, 20000, 30000, 40000])
        await changed()
        await service.set_chombo(admin, game.id, ids[1], 1)
        await changed()
        await service.undo(admin, game.id)
        await changed()
        await service.restore(admin, game.id)
        await changed()
        assert seen[-1][:2] == (1, game.id)
    finally:
        await store.close()
