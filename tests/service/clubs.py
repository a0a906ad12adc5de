"""A league with an open season and its members, as the tests of league input build it (one place)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.league import Actor, LeagueService
from bot.store import League, Player, Store

#: A CSV file's header with the four seats (bot/league/csv_import.py).
CSV_HEADER = "date,table,east,east_points,south,south_points,west,west_points,north,north_points"


async def open_club(
    store: Store, members: Sequence[str] = (), *, name: str = "Club"
) -> tuple[LeagueService, Actor, League, list[Player]]:
    """A riichi league of guild 1 with season 1 open, its admin (Discord id 1) and ``members`` joined
    (Discord ids 10, 11, ... in order)."""
    service = LeagueService(store)
    admin = Actor((await service.player("Admin", discord_id=1)).id, is_admin=True)
    league = await service.create_league(admin, 1, name, "riichi")
    await service.start_season(admin, league)
    joined = []
    for number, member in enumerate(members):
        player = await service.player(member, discord_id=10 + number)
        await service.join(league, player)
        joined.append(player)
    return service, admin, league, joined
