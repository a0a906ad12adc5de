"""What every league use case shares: the store, the clock, finding a league, and the permission checks."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from datetime import datetime, timedelta

from bot.league.settlement import LeagueSettings, settings_from_json
from bot.service.league.model import Actor
from bot.service.league.names import ONLINE_NAMES
from bot.service.refusal import Refusal
from bot.store import League, LeagueGame, Player, Season, Store

#: How long the reporter of a game may undo or correct it without an admin.
REPORTER_WINDOW = timedelta(hours=24)
Clock = Callable[[], datetime]


class LeagueServiceBase:
    """The state and helpers of :class:`bot.service.league.LeagueService` (its use cases are mixins)."""

    def __init__(self, store: Store, *, clock: Clock | None = None) -> None:
        self.store = store
        # Time is the store's (it stamps every game): ages are measured on the clock that dated them.
        self._clock = clock or (lambda: datetime.fromisoformat(store.db.now()))

    # ------------------------------------------------------------------ finding a league
    async def player(self, display_name: str, *, discord_id: int) -> Player:
        return await self.store.ensure_player(display_name, discord_id=discord_id)

    async def resolve_league(
        self,
        guild_id: int,
        channel_id: int | None,
        name: str | None = None,
        *,
        parent_channel_id: int | None = None,
    ) -> League:
        """The league named, else the one bound to the channel (or to the channel a thread belongs to),
        else the server's only league."""
        leagues = await self.store.guild_leagues(guild_id)
        if name:
            for league in leagues:
                if league.name.casefold() == name.strip().casefold():
                    return league
            raise Refusal("league.error.no_such_league", name=name)
        for bound in (channel_id, parent_channel_id):
            channel = None if bound is None else await self.store.get_channel(bound)
            if channel is not None and channel.league_id is not None:
                return await self.store.get_league(channel.league_id)
        if len(leagues) == 1:
            return leagues[0]
        if not leagues:
            raise Refusal("league.error.no_league")
        raise Refusal("league.error.which_league", names=", ".join(lg.name for lg in leagues))

    def settings_of(self, league: League, season: Season | None = None) -> LeagueSettings:
        """The league's settings; for an archived (ended) season, the settings frozen at its end."""
        if season is not None and season.settings is not None:
            return settings_from_json(league.rule_set, season.settings)
        return settings_from_json(league.rule_set, league.settings)

    async def save_online_names(
        self, actor: Actor, league: League, names: dict[str, int], reason: str
    ) -> League:
        """Remember online names (name key -> player id) in the league's settings ``extra``; audited."""
        extra = dict(league.settings.get("extra") or {})
        extra[ONLINE_NAMES] = names
        return await self.store.update_league_settings(
            league.id, {**league.settings, "extra": extra}, actor_id=actor.player_id, reason=reason
        )

    # ------------------------------------------------------------------ helpers
    def _require_admin(self, actor: Actor) -> None:
        if not actor.is_admin:
            raise Refusal("league.error.admins_only")

    async def _require_may_change(self, actor: Actor, game: LeagueGame) -> None:
        if actor.is_admin:
            return
        if game.reporter_id != actor.player_id:
            raise Refusal("league.error.not_reporter", game=game.id)
        if self._clock() - datetime.fromisoformat(game.created_at) > REPORTER_WINDOW:
            raise Refusal("league.error.too_late", game=game.id)

    async def _open_season(self, league: League) -> Season:
        season = await self.store.current_season(league.id)
        if season is None:
            raise Refusal("league.error.no_open_season")
        return season

    async def _league_of(self, game: LeagueGame) -> League:
        season = await self.store.get_season(game.season_id)
        return await self.store.get_league(season.league_id)

    async def _names(self, player_ids: set[int]) -> dict[Hashable, str]:
        return {pid: (await self.store.get_player(pid)).display_name for pid in sorted(player_ids)}
