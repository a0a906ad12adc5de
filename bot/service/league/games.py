"""Games entered by hand: recording, confirmations, undo/restore, corrections and their history."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.league.base import LeagueServiceBase
from bot.service.league.errors import LeagueRefusal
from bot.service.league.model import Actor, ConfirmOutcome
from bot.store import AuditEntry, League, LeagueGame, Player


class LeagueGames(LeagueServiceBase):
    async def record_game(
        self,
        actor: Actor,
        league: League,
        results: Sequence[tuple[int, int]],
        *,
        leftover: int = 0,
        chombos: Sequence[int] | None = None,
        source: str = "manual",
    ) -> LeagueGame:
        """A real-table game: (player id, final points) per seat, East first; pending until confirmed."""
        settings = self.settings_of(league)
        if len(results) != settings.players:
            raise LeagueRefusal("league.error.player_count", count=settings.players, given=len(results))
        if leftover < 0:
            raise LeagueRefusal("league.error.bad_leftover")
        ids = [pid for pid, _ in results]
        if len(set(ids)) != len(ids):
            raise LeagueRefusal("league.error.same_player")
        if chombos is not None and (len(chombos) != len(results) or any(c < 0 for c in chombos)):
            raise LeagueRefusal("league.error.bad_chombo", count=len(results))
        expected = settings.table_total(leftover)
        total = sum(points for _, points in results)
        if total != expected:
            raise LeagueRefusal("league.error.total", total=total, expected=expected)
        season = await self._open_season(league)
        members = {p.id for p in await self.store.league_members(league.id)}
        outsiders = [pid for pid in ids if pid not in members]
        if outsiders:
            names = ", ".join([(await self.store.get_player(pid)).display_name for pid in outsiders])
            raise LeagueRefusal("league.error.not_members", names=names)
        return await self.store.record_manual_game(
            season.id,
            actor.player_id,
            list(results),
            expected_total=expected,
            leftover=leftover,
            chombos=chombos,
            source=source,
        )

    async def confirm(self, actor: Actor, league_game_id: int) -> ConfirmOutcome:
        """The actor confirms their own row; an admin who did not play confirms every remaining row."""
        game = await self.store.get_league_game(league_game_id)
        if game.status == "void":
            raise LeagueRefusal("league.confirm.void", game=game.id)
        rows = {p.player_id: p for p in game.players}
        mine = rows.get(actor.player_id)
        if mine is not None:
            if mine.confirmed_at is not None:
                key = (
                    "league.confirm.own_report"
                    if game.reporter_id == actor.player_id
                    else "league.confirm.done"
                )
                raise LeagueRefusal(key, game=game.id)
            after = await self.store.confirm_league_game(game.id, actor.player_id)
            return ConfirmOutcome(after, 1)
        if not actor.is_admin:
            raise LeagueRefusal("league.confirm.not_yours", game=game.id)
        waiting = [p.player_id for p in game.players if p.confirmed_at is None]
        if not waiting:
            raise LeagueRefusal("league.confirm.done", game=game.id)
        after = game
        for pid in waiting:
            after = await self.store.confirm_league_game(game.id, pid, by=actor.player_id)
        return ConfirmOutcome(after, len(waiting))

    async def undo(self, actor: Actor, league_game_id: int, reason: str | None = None) -> LeagueGame:
        """Take a game out of the standings (void); audited."""
        game = await self.store.get_league_game(league_game_id)
        await self._require_may_change(actor, game)
        if game.status == "void":
            raise LeagueRefusal("league.undo.already", game=game.id)
        return await self.store.void_league_game(game.id, actor_id=actor.player_id, reason=reason)

    async def restore(self, actor: Actor, league_game_id: int, reason: str | None = None) -> LeagueGame:
        """Undo an undo: the game counts again (pending or confirmed as its confirmations say); audited."""
        game = await self.store.get_league_game(league_game_id)
        await self._require_may_change(actor, game)
        if game.status != "void":
            raise LeagueRefusal("league.restore.not_void", game=game.id)
        return await self.store.restore_league_game(game.id, actor_id=actor.player_id, reason=reason)

    async def history(self, league_game_id: int) -> list[AuditEntry]:
        """Every audited change of one league game, oldest first (record, confirmations by admins,
        corrections, undo and restore)."""
        game = await self.store.get_league_game(league_game_id)
        league = await self._league_of(game)
        return [
            e
            for e in await self.store.audit_entries(league.id)
            if e.target == "league_game" and e.target_id == game.id
        ]

    async def correct(
        self,
        actor: Actor,
        league_game_id: int,
        points: Sequence[int],
        *,
        reason: str | None = None,
        leftover: int | None = None,
    ) -> LeagueGame:
        """New final points per seat (East first), totals checked; the old ones stay in the audit table."""
        game = await self.store.get_league_game(league_game_id)
        await self._require_may_change(actor, game)
        league = await self._league_of(game)
        settings = self.settings_of(league)
        if len(points) != len(game.players):
            raise LeagueRefusal("league.error.player_count", count=len(game.players), given=len(points))
        sticks = game.leftover if leftover is None else leftover
        expected = settings.table_total(sticks)
        if game.source == "bot":
            expected = sum(p.final_points for p in game.players)  # the referee's totals include deposits
        if sum(points) != expected:
            raise LeagueRefusal("league.error.total", total=sum(points), expected=expected)
        return await self.store.correct_league_game(
            game.id,
            list(points),
            actor_id=actor.player_id,
            reason=reason,
            expected_total=expected,
            leftover=leftover,
        )

    async def pending_for(self, player: Player) -> list[LeagueGame]:
        return await self.store.pending_games_of(player.id)
