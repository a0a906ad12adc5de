"""Games entered by hand: recording, confirmations, undo/restore, corrections, chombo and their history."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from bot.league.entry import MAX_CHOMBO, MAX_POINTS
from bot.league.settlement import LeagueSettings
from bot.service.league.base import LeagueServiceBase
from bot.service.league.model import Actor, ConfirmOutcome
from bot.service.refusal import Refusal
from bot.store import AuditEntry, League, LeagueGame, Player

#: A game's date may be a little ahead of the bot's clock (a player's clock, a time zone), not more.
FUTURE_SLACK = timedelta(days=1)


def check_chombo_count(count: int) -> None:
    """The one bound of a player's chombo in a game, for every way a count comes in."""
    if not 0 <= count <= MAX_CHOMBO:
        raise Refusal("league.chombo.bad_count", limit=MAX_CHOMBO, count=count)


def tied_seats(points: Sequence[int]) -> list[int]:
    """Seats whose final points equal another seat's (where a tie rule decides the order)."""
    return [seat for seat, p in enumerate(points) if list(points).count(p) > 1]


class LeagueGames(LeagueServiceBase):
    def check_game(
        self,
        settings: LeagueSettings,
        results: Sequence[tuple[int, int]],
        *,
        leftover: int = 0,
        chombos: Sequence[int] | None = None,
        played_at: datetime | None = None,
        final_dealer: int | None = None,
    ) -> int:
        """Refuse a game the league cannot record; returns the total its points must have."""
        if len(results) != settings.players:
            raise Refusal("league.error.player_count", count=settings.players, given=len(results))
        if leftover < 0:
            raise Refusal("league.error.bad_leftover")
        ids = [pid for pid, _ in results]
        if len(set(ids)) != len(ids):
            raise Refusal("league.error.same_player")
        if chombos is not None:
            if len(chombos) != len(results):
                raise Refusal("league.error.bad_chombo", count=len(results))
            for count in chombos:
                check_chombo_count(count)
        expected = settings.table_total(leftover)
        total = sum(points for _, points in results)
        if total != expected:
            raise Refusal("league.error.total", total=total, expected=expected)
        if played_at is not None and played_at > self._clock() + FUTURE_SLACK:
            raise Refusal("league.entry.future_date", date=played_at.date().isoformat())
        if settings.tie_rule == "final_east" and final_dealer is None and tied_seats([p for _, p in results]):
            raise Refusal("league.entry.tie_needs_final_east")
        return expected

    async def record_game(
        self,
        actor: Actor,
        league: League,
        results: Sequence[tuple[int, int]],
        *,
        leftover: int = 0,
        chombos: Sequence[int] | None = None,
        source: str = "manual",
        played_at: datetime | None = None,
        table_label: str | None = None,
        final_dealer: int | None = None,
    ) -> LeagueGame:
        """A real-table game: (player id, final points) per seat, East first; pending until confirmed.

        The reporter's own row is confirmed at once, and so are the rows of guests (players recorded by
        name, who have no Discord account to confirm with: the reporter vouches for them).
        """
        settings = self.settings_of(league)
        expected = self.check_game(
            settings,
            results,
            leftover=leftover,
            chombos=chombos,
            played_at=played_at,
            final_dealer=final_dealer,
        )
        season = await self._open_season(league)
        members = {p.id: p for p in await self.store.league_members(league.id)}
        ids = [pid for pid, _ in results]
        outsiders = [pid for pid in ids if pid not in members]
        if outsiders:
            names = ", ".join([(await self.store.get_player(pid)).display_name for pid in outsiders])
            raise Refusal("league.error.not_members", names=names, league=league.name)
        return await self.store.record_manual_game(
            season.id,
            actor.player_id,
            list(results),
            expected_total=expected,
            leftover=leftover,
            chombos=chombos,
            source=source,
            played_at=None if played_at is None else played_at.isoformat(),
            table_label=table_label,
            final_dealer=final_dealer,
            vouched=[pid for pid in ids if members[pid].discord_id is None],
        )

    async def confirm(self, actor: Actor, league_game_id: int) -> ConfirmOutcome:
        """The actor confirms their own row; an admin who did not play confirms every remaining row."""
        game = await self.store.get_league_game(league_game_id)
        if game.status == "void":
            raise Refusal("league.confirm.void", game=game.id)
        rows = {p.player_id: p for p in game.players}
        mine = rows.get(actor.player_id)
        if mine is not None:
            if mine.confirmed_at is not None:
                key = (
                    "league.confirm.own_report"
                    if game.reporter_id == actor.player_id
                    else "league.confirm.done"
                )
                raise Refusal(key, game=game.id)
            after = await self.store.confirm_league_game(game.id, actor.player_id)
            return ConfirmOutcome(after, 1)
        if not actor.is_admin:
            raise Refusal("league.confirm.not_yours", game=game.id)
        waiting = [p.player_id for p in game.players if p.confirmed_at is None]
        if not waiting:
            raise Refusal("league.confirm.done", game=game.id)
        after = game
        for pid in waiting:
            after = await self.store.confirm_league_game(game.id, pid, by=actor.player_id)
        return ConfirmOutcome(after, len(waiting))

    async def undo(self, actor: Actor, league_game_id: int, reason: str | None = None) -> LeagueGame:
        """Take a game out of the standings (void); audited."""
        game = await self.store.get_league_game(league_game_id)
        await self._require_may_change(actor, game)
        if game.status == "void":
            raise Refusal("league.undo.already", game=game.id)
        return await self.store.void_league_game(game.id, actor_id=actor.player_id, reason=reason)

    async def restore(self, actor: Actor, league_game_id: int, reason: str | None = None) -> LeagueGame:
        """Undo an undo: the game counts again (pending or confirmed as its confirmations say); audited."""
        game = await self.store.get_league_game(league_game_id)
        await self._require_may_change(actor, game)
        if game.status != "void":
            raise Refusal("league.restore.not_void", game=game.id)
        return await self.store.restore_league_game(game.id, actor_id=actor.player_id, reason=reason)

    async def history(self, league_game_id: int) -> list[AuditEntry]:
        """Every audited change of one league game, oldest first (record, confirmations by admins,
        corrections, chombo, undo and restore)."""
        game = await self.store.get_league_game(league_game_id)
        league = await self._league_of(game)
        return await self.store.audit_entries(league.id, target_id=game.id)

    async def correct(
        self,
        actor: Actor,
        league_game_id: int,
        points: Sequence[int],
        *,
        reason: str | None = None,
        leftover: int | None = None,
    ) -> LeagueGame:
        """New final points per seat (East first), totals checked; the old ones stay in the audit table.

        An admin's correction stands on the admin's authority: the confirmations stay and the audit row
        says "admin".  A reporter's correction sends the game back to waiting for confirmation: the
        other players must confirm the points they have not seen yet.
        """
        game = await self.store.get_league_game(league_game_id)
        await self._require_may_change(actor, game)
        league = await self._league_of(game)
        settings = self.settings_of(league)
        if len(points) != len(game.players):
            raise Refusal("league.error.player_count", count=len(game.players), given=len(points))
        beyond = next((p for p in points if abs(p) > MAX_POINTS), None)
        if beyond is not None:  # what a recorded game may not hold, a corrected one may not either
            raise Refusal("league.entry.bad_points", text=str(beyond))
        sticks = game.leftover if leftover is None else leftover
        expected = settings.table_total(sticks)
        if game.source == "bot":
            expected = sum(p.final_points for p in game.players)  # the referee's totals include deposits
        if sum(points) != expected:
            raise Refusal("league.error.total", total=sum(points), expected=expected)
        return await self.store.correct_league_game(
            game.id,
            list(points),
            actor_id=actor.player_id,
            reason=reason,
            expected_total=expected,
            leftover=leftover,
            reset_confirmations=not actor.is_admin,
            authority="admin" if actor.is_admin else "reporter",
        )

    async def set_chombo(
        self, actor: Actor, league_game_id: int, player_id: int, count: int, reason: str | None = None
    ) -> LeagueGame:
        """An admin sets a player's chombo count in a recorded game (audited, with the admin's name)."""
        self._require_admin(actor)
        game = await self.store.get_league_game(league_game_id)
        seat = next((p.seat for p in game.players if p.player_id == player_id), None)
        if seat is None:
            name = (await self.store.get_player(player_id)).display_name
            raise Refusal("league.chombo.not_in_game", name=name, game=game.id)
        check_chombo_count(count)
        return await self.store.set_chombo(game.id, seat, count, actor_id=actor.player_id, reason=reason)

    async def pending_for(self, player: Player) -> list[LeagueGame]:
        return await self.store.pending_games_of(player.id)
