"""Admin work: leagues, their settings and admin role, channels, seasons; and joining a league."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine.registry import RULE_SETS
from bot.league.settlement import settings_for
from bot.service.league.base import LeagueServiceBase
from bot.service.league.model import Actor
from bot.service.refusal import Refusal
from bot.store import League, Player, Season


class LeagueAdmin(LeagueServiceBase):
    async def create_league(
        self,
        actor: Actor,
        guild_id: int,
        name: str,
        rule_set: str,
        *,
        channel_id: int | None = None,
        admin_role_id: int | None = None,
    ) -> League:
        """A new league, bound to ``channel_id`` when given.

        A channel already bound to another league is not taken over: that is refused, naming the other
        league (the admin creates the league unbound, or binds it elsewhere with the settings).
        """
        self._require_admin(actor)
        if rule_set not in RULE_SETS:
            raise Refusal("league.error.bad_rules", rules=rule_set)
        name = name.strip()
        if not name:
            raise Refusal("league.error.no_name")
        existing = await self.store.guild_leagues(guild_id)
        if any(lg.name.casefold() == name.casefold() for lg in existing):
            raise Refusal("league.error.name_taken", name=name)
        if channel_id is not None:
            bound = await self.store.get_channel(channel_id)
            if bound is not None and bound.league_id is not None:
                other = await self.store.get_league(bound.league_id)
                raise Refusal("league.create.channel_taken", name=name, other=other.name)
        league = await self.store.create_league(
            guild_id, name, rule_set, {}, admin_role_id=admin_role_id, actor_id=actor.player_id
        )
        if channel_id is not None:
            await self.bind_channel(actor, league, guild_id, channel_id)
        return league

    async def bind_channel(self, actor: Actor, league: League, guild_id: int, channel_id: int) -> None:
        """Games on the bot in this channel (and its threads) count in ``league``."""
        self._require_admin(actor)
        current = await self.store.get_channel(channel_id)
        language = current.language if current is not None else None
        await self.store.set_channel(guild_id, channel_id, language=language, league_id=league.id)

    async def update_settings(self, actor: Actor, league: League, changes: Mapping[str, Any]) -> League:
        """Change league settings (uma, oka, start/return points, min games, ...); checked before saving."""
        self._require_admin(actor)
        merged = {**league.settings, **changes}
        try:
            settings_for(league.rule_set, merged)
        except ValueError as exc:
            raise Refusal("league.error.bad_setting", reason=exc) from None  # said in the reader's language
        return await self.store.update_league_settings(league.id, merged, actor_id=actor.player_id)

    async def set_admin_role(self, actor: Actor, league: League, role_id: int | None) -> League:
        self._require_admin(actor)
        return await self.store.set_league_admin_role(league.id, role_id, actor_id=actor.player_id)

    async def start_season(self, actor: Actor, league: League) -> Season:
        self._require_admin(actor)
        current = await self.store.current_season(league.id)
        if current is not None:
            raise Refusal("league.season.still_open", name=league.name, number=current.number)
        return await self.store.start_season(league.id, actor_id=actor.player_id)

    async def end_season(self, actor: Actor, league: League) -> Season:
        """Close the open season and archive it: its standings keep the settings it was played under."""
        self._require_admin(actor)
        if await self.store.current_season(league.id) is None:
            raise Refusal("league.error.no_open_season")
        frozen = self.settings_of(league).to_json()
        return await self.store.end_season(league.id, actor_id=actor.player_id, settings=frozen)

    async def join(self, league: League, player: Player) -> bool:
        return await self.store.join_league(league.id, player.id)
